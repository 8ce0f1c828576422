// SPDX-License-Identifier: GPL-2.0
/*
 * The perf script reader: each gotcha of perf script text on a small input,
 * folded as stackcollapse-perf.pl folds it (the byte-for-byte comparison
 * with the script on real captures is tests/t-fold.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "lib/linereader.h"
#include "lib/strbuf.h"
#include "analyzer/perfscript.h"
#include "analyzer/profile.h"
#include "tap.h"
#include "testfile.h"

static char tmpdir[] = "/tmp/fd-perfscript-XXXXXX";
static char in_path[300], out_path[300];
static struct fd_err err;
/* Where read_into() counts odd lines; NULL: they fail the read. */
static struct lr_skips *skips;

/* Read text into p (created if NULL) with o; the return of the reader. */
static int read_into(struct profile *p, const char *text, size_t len,
		     const struct perf_script_opts *o)
{
	static const struct perf_script_opts none;
	struct linereader lr;
	int r;

	/* From memory, named as the file the messages are checked for. */
	lr_init_mem(&lr, text, len, in_path);
	err.msg[0] = '\0';
	r = perf_script_read(&lr, o ? o : &none, p, skips, &err);
	lr_release(&lr);
	return r;
}

static char *folded(const struct profile *p, unsigned int annotate)
{
	struct outfile o;

	if (outfile_open(&o, out_path, &err))
		return NULL;
	folded_write(p, &o, annotate);
	if (outfile_commit(&o, &err))
		return NULL;
	return slurp(out_path);
}

/* Fold text with o and annotate; the folded bytes, or the error. */
static char *fold(const char *text, const struct perf_script_opts *o,
		  unsigned int annotate)
{
	struct profile *p = profile__new();
	char *s;

	if (read_into(p, text, strlen(text), o))
		s = strdup(err.msg);
	else
		s = folded(p, annotate);
	profile__delete(p);
	return s;
}

#define FOLD_IS(text, o, annotate, want, ...)                              \
	do {                                                               \
		char *got_ = fold(text, o, annotate);                      \
		is_str(got_, want, __VA_ARGS__);                           \
		free(got_);                                                \
	} while (0)

/* The kind of the node reached by following names from the root. */
static int kind_of(const struct profile *p, const char *const *path)
{
	uint32_t node = NODE_ROOT;

	for (; *path; path++) {
		uint32_t c;

		for (c = p->nodes[node].first_child; c != NODE_NONE;
		     c = p->nodes[c].next_sibling)
			if (!strcmp(node_name(p, c), *path))
				break;
		if (c == NODE_NONE)
			return -1;
		node = c;
	}
	return p->nodes[node].kind;
}

#define HDR(comm) comm " 1234/1234 [000]   100.000001:     1000 cycles:ppp: \n"

static void test_basics(void)
{
	struct perf_script_opts o = { 0 };

	FOLD_IS(HDR("proc")
		"\tffffffff8225fd19 leaf+0x19 ([kernel.kallsyms])\n"
		"\t          d4ad7 mid+0x7 (/usr/lib/libc.so.6)\n"
		"\t          d4ad7 root (/usr/bin/proc)\n"
		"\n" HDR("proc")
		"\tffffffff8225fd20 leaf+0x20 ([kernel.kallsyms])\n"
		"\t          d4ad7 mid+0x8 (/usr/lib/libc.so.6)\n"
		"\t          d4ad7 root (/usr/bin/proc)\n"
		"\n" HDR("proc")
		"\t          d4ad7 mid+0x8 (/usr/lib/libc.so.6)\n"
		"\t          d4ad7 root (/usr/bin/proc)\n"
		"\n",
		&o, ANNOTATE_INLINE,
		"proc;root;mid 1000\nproc;root;mid;leaf 2000\n",
		"offsets stripped, periods summed, root first, sorted");
	FOLD_IS(HDR("proc")
		"\tffffffff8225fd19 leaf+0x19 ([kernel.kallsyms])\n"
		"\t          d4ad7 root (/usr/bin/proc)\n\n",
		&o, ANNOTATE_INLINE | ANNOTATE_KERNEL,
		"proc;root;leaf_[k] 1000\n", "--kernel marks kernel frames");
	/* Only a lowercase hex offset is an offset. */
	FOLD_IS(HDR("proc") "\t1 f+0xAB (/x)\n\t1 g+0x (/x)\n\t1 h+0x1f (/x)\n\n",
		&o, 0, "proc;h;g+0x;f+0xAB 1000\n", "odd offsets kept");
}

static void test_comm(void)
{
	struct perf_script_opts o = { 0 }, pid = { .pid = true },
				tid = { .tid = true };
	const char *in =
		"Web Content  4242/4250 [001]   1.000001:     7 cycles: \n"
		"\t1 f (/x)\n\n"
		"kworker/0:1H-kblockd   123 [000]   1.000002:     5 cycles: \n"
		"\t1 f (/x)\n\n"
		"swapper     0/0 [003]   1.000003:     3 cycles: \n"
		"\t1 f (/x)\n\n";

	FOLD_IS(in, &o, 0,
		"Web_Content;f 7\nkworker/0:1H-kblockd;f 5\nswapper;f 3\n",
		"comm with spaces, digits and slashes");
	FOLD_IS(in, &pid, 0,
		"Web_Content-4242;f 7\nkworker/0:1H-kblockd-?;f 5\n"
		"swapper-?;f 3\n",
		"--pid: comm-PID, '?' without a TID (or TID 0, as the script)");
	FOLD_IS(in, &tid, 0,
		"Web_Content-4242/4250;f 7\nkworker/0:1H-kblockd-?/123;f 5\n"
		"swapper-?/0;f 3\n",
		"--tid: comm-PID/TID");
	/* The Perl pattern needs two characters and takes the whole
	 * header as the comm; a one-character comm is a comm. */
	FOLD_IS("a 12345 [000]   1.000001:     7 cycles: \n\t1 f (/x)\n\n",
		&o, 0, "a;f 7\n", "a one-character comm");
	FOLD_IS("(sd-pam)  77 [000] 1.0: 2 cycles:\n\t1 f (/x)\n\n", &o, 0,
		"(sd-pam);f 2\n", "a comm in parentheses");
}

static void test_events(void)
{
	struct perf_script_opts o = { 0 }, ins = { .event = "instructions:u" };
	const char *in =
		"p 1 [000] 1.0: 100 cycles:ppp: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.1: 30 instructions:u: \n\t1 i (/x)\n\n"
		"p 1 [000] 1.2: 200 cycles:ppp: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.3: cycles:ppp: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.4: 0 cycles:ppp: \n\t1 c (/x)\n\n";
	struct profile *p = profile__new();
	char *s;

	FOLD_IS(in, &o, 0, "p;c 302\n",
		"first event kept; a missing or 0 period counts 1");
	FOLD_IS(in, &ins, 0, "p;i 30\n", "--event-filter picks another");
	ok(read_into(p, in, strlen(in), &o) == 0, "read");
	is_str(p->meta.event, "cycles:ppp", "meta.event as printed");
	is_str(p->meta.unit, "events", "unit of cycles");
	is_int(p->meta.samples, 4, "samples kept");
	/* A second file is filtered by the first one's event. */
	ok(read_into(p, in, strlen(in), &o) == 0, "read again");
	is_int(p->meta.samples, 8, "samples of both reads");
	s = folded(p, 0);
	is_str(s, "p;c 604\n", "the second read keeps the same event");
	free(s);
	profile__delete(p);

	p = profile__new();
	in = "perf-exec 1 [000] 1.0: 1000003 cpu-clock: \n\t1 f (/x)\n\n";
	ok(read_into(p, in, strlen(in), &o) == 0, "cpu-clock read");
	is_str(p->meta.event, "cpu-clock", "cpu-clock event");
	is_str(p->meta.unit, "ns", "cpu-clock weighs nanoseconds");
	profile__delete(p);

	/* Tracepoints print their fields after the event: no filtering. */
	FOLD_IS("s 1 [000] 1.0: 1 sched:sched_switch: prev_comm=s ==> "
		"next_comm=t\n\t1 __schedule (/x)\n\n"
		"s 1 [000] 1.0: 5 cycles: \n\t1 c (/x)\n\n",
		&o, 0, "s;__schedule 1\ns;c 5\n",
		"a header not ending in 'EVENT:' is kept, with weight 1");
}

static void test_header_comments(void)
{
	struct perf_script_opts o = { 0 };
	struct profile *p = profile__new();
	const char *in =
		"# ========\n"
		"# captured on    : Sat Nov 29 10:00:00 2025\n"
		"# hostname : lkp-box\n"
		"# os release : 6.8.0-49-generic\n"
		"# cmdline : /usr/bin/perf record -g -a sleep 1 \n"
		"# sample duration :   1003.171 ms\n"
		"# ========\n"
		"#\n" HDR("p") "\t1 f (/x)\n\n";

	ok(read_into(p, in, strlen(in), &o) == 0, "perf script --header");
	is_str(p->meta.host, "lkp-box", "host from the header");
	is_str(p->meta.kernel, "6.8.0-49-generic", "kernel release");
	is_str(p->meta.cmdline, "/usr/bin/perf record -g -a sleep 1",
	       "command line");
	is_str(p->meta.date, "2025-11-29T10:00:00", "date, ISO 8601");
	is_near(p->meta.duration, 1.003171, 1e-9, "duration in seconds");
	is_near(profile_total(p), 1000, 0, "and the sample");
	profile__delete(p);
}

static void test_frames(void)
{
	struct perf_script_opts o = { 0 }, addrs = { .addrs = true };
	const char *in = HDR("p")
		"\t7f3a7b7418a8 [unknown] ([unknown])\n"
		"\t7f3a7b741000 [unknown] (/usr/lib/x86_64-linux-gnu/libxul.so)\n"
		"\t          402000 deleted_fn+0x3 (/usr/lib/libgone.so (deleted))\n"
		"\t          402000 [unknown] (/memfd:x (deleted))\n"
		"\t7f00deadbeef [unknown] ([vdso])\n\n";

	FOLD_IS(in, &o, ANNOTATE_KERNEL,
		"p;[[vdso]]_[k];[unknown] ;deleted_fn+0x3 ;[libxul.so];"
		"[unknown] 1000\n",
		"[unknown] symbols; ' (deleted)' DSOs fold as the script does");
	FOLD_IS(in, &addrs, 0,
		"p;[[vdso] <7f00deadbeef>];[unknown] ;deleted_fn+0x3 ;"
		"[libxul.so <7f3a7b741000>];[unknown <7f3a7b7418a8>] 1000\n",
		"--addrs");
	FOLD_IS(HDR("p")
		"\t1 a;b;c+0x20 (/x)\n"
		"\t1 \"quoted'name\"+0x20 (/x)\n"
		"\t1 nmethod::is_nmethod() const (/usr/lib/jvm/libjvm.so)\n"
		"\t1 net/http.(*Client).Do+0x1 (/go)\n"
		"\t1 ns::(anonymous namespace)::Foo::bar(int) const (/x)\n"
		"\t1 (anonymous namespace)::dropped(int)+0x1 (/x)\n"
		"\t1 v<int, a<int> >::push_back(int const&)+0x2 (/x)\n"
		"\t1 sym (with) (parens) (/usr/lib/my lib (x).so)\n\n",
		&o, 0,
		"p;sym ;v<int, a<int> >::push_back;ns::(anonymous namespace)"
		"::Foo::bar;net/http.(*Client).Do;nmethod::is_nmethod;"
		"quotedname;a:b:c 1000\n",
		"';' kept out of names, arguments and quotes dropped, the "
		"DSO anchored on the last ' ('");
	/* GCC's lambdas: the '(' inside the braces is the lambda's name,
	 * which perf report (and so LKP's key) keeps */
	FOLD_IS(HDR("p")
		"\t1 v8::Scope::Alloc()::{lambda(v8::Scope*)#1}::operator()"
		"+0x3a2 (/x)\n"
		"\t1 f(int)::{lambda(int)#2}::_FUN(int)+0x1 (/x)\n"
		"\t1 g()::{unnamed type#1}::h(long)+0x1 (/x)\n\n",
		&o, 0,
		"p;g()::{unnamed type#1}::h;f(int)::{lambda(int)#2}::_FUN;"
		"v8::Scope::Alloc()::{lambda(v8::Scope*)#1}::operator() 1000\n",
		"a lambda's or unnamed type's braces keep their '(', the "
		"arguments after them go");
}

static void test_kinds(void)
{
	struct perf_script_opts o = { 0 };
	struct profile *p = profile__new();
	const char *in = HDR("java")
		"\tffffffff8225fd19 k1+0x19 ([kernel.kallsyms])\n"
		"\tffffffff81aebbfe k2+0x3fe ([kernel.kallsyms].init.text)\n"
		"\tffffffffc0a01234 k3+0x44 ([nf_conntrack])\n"
		"\t          8c3453 k4+0x13 (/lib/modules/6.8.0/build/vmlinux)\n"
		"\t    7f3a7b7418a8 [unknown] ([unknown])\n"
		"\t    7f722d142778 Ljava/io/PrintStream;::print+0x10 "
		"(/tmp/perf-9999.map)\n"
		"\t    7f722d142000 [unknown] (/tmp/perf-9999.map)\n"
		"\t          401000 inner (inlined)\n"
		"\t          401000 outer->in1->in2+0x30 (/usr/bin/x)\n\n";
	/* root first, and the kind each frame must have */
	static const char *const path[] = {
		"java", "outer", "in1", "in2", "inner", "[perf-9999.map]",
		"java/io/PrintStream:::print", "[unknown]", "k4", "k3", "k2",
		"k1",
	};
	static const int kinds[] = {
		FRAME_PROCESS, FRAME_USER, FRAME_INLINE, FRAME_INLINE,
		FRAME_USER, FRAME_JIT, FRAME_JIT, FRAME_USER, FRAME_KERNEL,
		FRAME_KERNEL, FRAME_KERNEL, FRAME_KERNEL,
	};
	const char *sub[16];
	size_t i;
	char *s;

	ok(read_into(p, in, strlen(in), &o) == 0, "kinds input read");
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		memcpy(sub, path, (i + 1) * sizeof(*sub));
		sub[i + 1] = NULL;
		is_int(kind_of(p, sub), kinds[i], "kind of %s", path[i]);
	}
	s = folded(p, ANNOTATE_ALL);
	is_str(s, "java;outer;in1_[i];in2_[i];inner;[perf-9999.map]_[j];"
		  "java/io/PrintStream:::print_[j];[unknown];k4_[k];k3_[k];"
		  "k2_[k];k1_[k] 1000\n",
	       "all annotations; java names lose their 'L'");
	free(s);
	s = folded(p, ANNOTATE_INLINE);
	is_str(s, "java;outer;in1_[i];in2_[i];inner;[perf-9999.map];"
		  "java/io/PrintStream:::print;[unknown];k4;k3;k2;k1 1000\n",
	       "without --kernel and --jit only inlined pieces are marked");
	free(s);
	profile__delete(p);

	o.no_comm = true;
	FOLD_IS(HDR("p") "\t1 f (/x)\n\t1 g (/x)\n\n" HDR("p") "\n", &o, 0,
		"g;f 1000\n", "no_comm: no process root, empty stacks dropped");
	o.no_comm = false;
	FOLD_IS(HDR("p") "\n", &o, 0, "p 1000\n",
		"a sample without frames counts for its process");
}

static void test_shapes(void)
{
	struct perf_script_opts o = { 0 };
	struct profile *p;
	size_t n = 0, i, size = 32 << 20;
	char *big = malloc(size);

	/* 10,000 frames */
	n += sprintf(big + n, HDR("deep"));
	for (i = 0; i < 10000; i++)
		n += sprintf(big + n, "\t%zx f%zu+0x1 (/x)\n", i, i % 7);
	n += sprintf(big + n, "\n");
	p = profile__new();
	ok(read_into(p, big, n, &o) == 0, "a 10,000-frame stack reads");
	is_int(p->nr_nodes, 10002, "root, comm and 10,000 frames");
	profile__delete(p);

	/* a 1 MB name, and a 1 MB DSO */
	n = sprintf(big, HDR("long"));
	big[n++] = '\t';
	big[n++] = '1';
	big[n++] = ' ';
	memset(big + n, 'x', 1 << 20);
	n += 1 << 20;
	n += sprintf(big + n, "+0x1 (/");
	memset(big + n, 'y', 1 << 20);
	n += 1 << 20;
	n += sprintf(big + n, ")\n\t1 [unknown] (/");
	memset(big + n, 'z', 1 << 20);
	n += 1 << 20;
	n += sprintf(big + n, ")\n\n");
	p = profile__new();
	ok(read_into(p, big, n, &o) == 0, "1 MB names read");
	is_int(p->nr_nodes, 4, "two frames under the comm");
	is_int(strlen(node_name(p, 3)), 1 << 20, "the long symbol is whole");
	is_int(strlen(node_name(p, 2)), (1 << 20) + 2, "the long DSO too");
	profile__delete(p);

	/* The single frame of a sample without call chain is printed on
	 * the header line; such samples have no blank line between them. */
	FOLD_IS("perf 12 [000] 1.0:        100 cycles:  ffffffff810 f+0x1 "
		"([kernel.kallsyms])\n"
		"perf 12 [000] 1.1:        100 cycles:  ffffffff810 f+0x2 "
		"([kernel.kallsyms])\n"
		"perf 12 [000] 1.2:         50 instructions:  ffffffff810 g+0x2 "
		"([kernel.kallsyms])\n"
		"sh 13 [000] 1.3: 7 cycles:  401000 main (/bin/sh)\n",
		&o, 0, "perf;f 200\nsh;main 7\n",
		"frames on the header line (no call chains)");
	/* CRLF line ends, and white space on the blank lines */
	FOLD_IS("p 1 [000] 1.0: 5 cycles: \r\n\t1 f+0x1 (/x)\r\n \r\n"
		"p 1 [000] 1.0: 5 cycles: \r\n\t1 f+0x1 (/x)\r\n\r\n",
		&o, 0, "p;f 10\n", "CRLF input");
	/* 127 frames, as perf cuts them */
	n = sprintf(big, HDR("cut"));
	for (i = 0; i < 127; i++)
		n += sprintf(big + n, "\t%zx f%zu+0x1 (/x)\n", i, i);
	n += sprintf(big + n, "\n");
	p = profile__new();
	ok(read_into(p, big, n, &o) == 0, "a 127-frame stack reads");
	is_int(profile_depth(p, p->nr_nodes - 1), 128, "all 127 frames kept");
	is_str(node_name(p, 2), "f126", "the outermost frame first");
	profile__delete(p);
	free(big);
}

static void test_bad(void)
{
	struct perf_script_opts o = { 0 };
	struct profile *p = profile__new();
	char want[400];

#define BAD(text, line, what)                                              \
	do {                                                               \
		snprintf(want, sizeof(want), "%s:%d:", in_path, line);     \
		ok(read_into(p, text, sizeof(text) - 1, &o) == -1 &&       \
			   !strncmp(err.msg, want, strlen(want)),          \
		   what);                                                  \
		if (strncmp(err.msg, want, strlen(want)))                  \
			diag("message: %s", err.msg);                      \
	} while (0)

	BAD("\tffff f+0x1 ([kernel.kallsyms])\n\n", 1,
	    "a frame before any header");
	BAD("# comment\nhello world\n", 2, "a line of garbage first");
	BAD(HDR("p") "\t1 f (/x)\nhello world\n\n", 3,
	    "garbage inside a sample");
	BAD(HDR("p") "\t1 f (/x)\n\n\t1 g (/x)\n", 4,
	    "a frame after the blank line, with no header");
	BAD(HDR("p") "\t1 f (/x)\n\tnot a frame\n\n", 3,
	    "an indented line that is not a frame");
	BAD(HDR("p") "\t1 f (/x)\n\t1 g (/x\n", 3,
	    "a frame line cut short");
	{
		/* Not bad: the last sample needs no blank line after it
		 * (the script drops it; inferno keeps it, and so do we). */
		static const char cut[] = HDR("p") "\t1 f (/x)\n\n" HDR("q")
			"\t1 g (/x)\n";
		struct profile *c = profile__new();

		ok(read_into(c, cut, sizeof(cut) - 1, &o) == 0 &&
			   profile_total(c) == 2000 && c->meta.samples == 2,
		   "the last sample without its blank line: kept");
		profile__delete(c);
	}
	BAD(HDR("p") "\t1 f\0 (/x)\n\n", 2, "a NUL byte: binary");
	ok(strstr(err.msg, "binary") != NULL, "binary is said");
	BAD("\x1f\x8b\x08\x00garbage that is not gzip\n", 1,
	    "bad gzip data");
	profile__delete(p);
}

/*
 * Fold text with o and with o.every_line: the block cache (a sample's
 * frame lines looked up whole) must change nothing, errors included.
 */
static void same_both(const char *text, struct perf_script_opts o,
		      const char *what)
{
	char *cached = fold(text, &o, 0), *lines;

	o.every_line = true;
	lines = fold(text, &o, 0);
	is_str(cached, lines, "%s: the same with and without the cache", what);
	free(cached);
	free(lines);
}

static void test_block_cache(void)
{
	struct perf_script_opts o = { 0 }, pid = { .pid = true };
	struct profile *p = profile__new();
	struct strbuf sb = STRBUF_INIT;
	char want[400];
	unsigned int i, k;
#define BLOCK "\t1 Lcom/a/B;::m+0x1 (/x)\n\t2 run (/usr/bin/p)\n"
#define H(comm, per) comm " 7/7 [000] 1.0: " per " cycles: \n"

	/* Seen once, kept the second time, taken from the cache after. */
	FOLD_IS(H("p", "1") BLOCK "\n" H("p", "2") BLOCK "\n"
		H("p", "4") BLOCK "\n" H("p", "8") BLOCK "\n",
		&o, 0, "p;run;Lcom/a/B:::m 15\n",
		"a block repeated four times: every period counted");
	FOLD_IS(H("p", "1") BLOCK "\n" H("p", "1") BLOCK "\n"
		H("java", "1") BLOCK "\n" H("java", "1") BLOCK "\n"
		H("p", "1") BLOCK "\n" H("java", "1") BLOCK "\n",
		&o, 0, "java;run;com/a/B:::m 3\np;run;Lcom/a/B:::m 3\n",
		"the same block under another name folds for that name");
	FOLD_IS(H("p", "1") BLOCK "\n" "p 8/8 [000] 1.0: 1 cycles: \n" BLOCK
		"\n" H("p", "1") BLOCK "\n" "p 8/8 [000] 1.0: 1 cycles: \n"
		BLOCK "\n",
		&pid, 0, "p-7;run;Lcom/a/B:::m 2\np-8;run;Lcom/a/B:::m 2\n",
		"--pid: each process its own block");
	same_both(H("p", "1") BLOCK "\n" H("p", "1") BLOCK "\n"
		  H("p", "1") BLOCK H("p", "1") BLOCK "\n"
		  H("p", "1") BLOCK "\n", o,
		  "a header with no blank line before it");
	same_both(H("p", "1") BLOCK "  file.c:12\n\n" H("p", "1") BLOCK
		  "  file.c:12\n\n" H("p", "1") BLOCK "  file.c:12\n\n", o,
		  "source lines under the frames");
	same_both(H("p", "1") BLOCK "\r\n" H("p", "1") BLOCK "\r\n"
		  H("p", "1") BLOCK "\r\n", o, "CRLF blank lines");
	same_both(H("p", "1") BLOCK "\n" "p 7/7 [000] 1.0: 1 instructions: \n"
		  BLOCK "\n" H("p", "1") BLOCK "\n"
		  "p 7/7 [000] 1.0: 1 instructions: \n" BLOCK "\n"
		  H("p", "1") BLOCK "\n", o, "samples of another event");
	same_both(H("p", "1") "\t1 f (/x)\n\n" H("p", "1") "\t1 f (/x)\n\n"
		  H("p", "1") "\t1 f (/x)\n\n" H("p", "1") "\t1 f (/x)\n", o,
		  "the last sample without its blank line");

	/* Lines skipped still count: the error names the right line. */
	snprintf(want, sizeof(want), "%s:17:", in_path);
	strbuf_addstr(&sb, "");
	for (i = 0; i < 4; i++)
		strbuf_addstr(&sb, H("p", "1") "\t1 f (/x)\n\t1 g (/x)\n\n");
	strbuf_addstr(&sb, "hello world\n\n");
	ok(read_into(p, sb.buf, sb.len, &o) == -1 &&
		   !strncmp(err.msg, want, strlen(want)),
	   "a bad line after blocks from the cache: its line number");
	if (strncmp(err.msg, want, strlen(want)))
		diag("message: %s", err.msg);
	strbuf_release(&sb);

	/*
	 * Lookups pause after a window of blocks never seen again; the
	 * cache fills (8192 blocks), takes no more, and starts over when
	 * what it holds goes out of use: after 2000 blocks that come once,
	 * each of 70000 blocks twice (seen, kept) and then one of the older
	 * ones again.
	 */
	for (i = 0; i < 2000; i++)
		strbuf_addf(&sb, "p 1 [000] 1.0: 1 c: \n\t1 once%u (/x)\n\n", i);
	for (i = 0; i < 70000; i++)
		for (k = 0; k < 3; k++)
			strbuf_addf(&sb, "p 1 [000] 1.0: %u c: \n"
					 "\t1 f%u (/x)\n\n", k + 1,
				    k < 2 ? i : i / 2);
	same_both(sb.buf, o, "pausing and starting over");
	strbuf_release(&sb);
	profile__delete(p);
#undef BLOCK
#undef H
}

/* Odd lines skipped and counted, where --strict refuses them. */
static void test_skips(void)
{
	struct perf_script_opts o = { 0 }, e = { 0 };
	struct lr_skips sk = { 0 }, sk2 = { 0 };
	struct strbuf sb = STRBUF_INIT;
	char want[400], *a, *b;
	unsigned int i;

	skips = &sk;
	FOLD_IS(HDR("p") "\t1 f (/x)\n\n\t1 g (/x)\n\t1 h (/x)\n\n"
		HDR("q") "\t1 f (/x)\n\n",
		&o, 0, "p;f 1000\nq;f 1000\n",
		"an empty line inside a sample: the frames after it skipped");
	is_int(sk.nr, 2, "two lines counted");
	snprintf(want, sizeof(want), "%s:4: a stack frame outside", in_path);
	ok(!strncmp(sk.first.msg, want, strlen(want)), "the first named: %s",
	   sk.first.msg);
	memset(&sk, 0, sizeof(sk));
	FOLD_IS(HDR("p") "\t1 f (/x)\n\tnot a frame\nhello world\n"
		"\t1 g (/x)\n\n",
		&o, 0, "p;g;f 1000\n",
		"odd lines inside a sample: skipped, the sample goes on");
	is_int(sk.nr, 2, "both counted");
	memset(&sk, 0, sizeof(sk));
	{
		struct profile *p = profile__new();

		ok(read_into(p, "hello\nworld\n", 12, &o) == -1,
		   "nothing but odd lines: refused");
		profile__delete(p);
	}
	snprintf(want, sizeof(want), "%s:1: not perf script output", in_path);
	ok(!strncmp(err.msg, want, strlen(want)), "as the first one says: %s",
	   err.msg);

	/* The block cache: a block with an odd line is never kept, and a
	 * skip counts the same read line by line. */
	memset(&sk, 0, sizeof(sk));
	for (i = 0; i < 12; i++)
		strbuf_addf(&sb, HDR("p") "\t1 f (/x)\n%s\t1 g (/x)\n\n",
			    i % 3 == 1 ? "\tgarbage\n" : "");
	a = fold(sb.buf, &o, 0);
	skips = &sk2;
	e.every_line = true;
	b = fold(sb.buf, &e, 0);
	is_str(a, b, "odd lines in repeated blocks: the same with the cache");
	is_str(a, "p;g;f 12000\n", "every sample folded");
	ok(sk.nr == 4 && sk2.nr == 4, "4 skipped, both ways (%lu, %lu)",
	   sk.nr, sk2.nr);
	free(a);
	free(b);
	strbuf_release(&sb);
	skips = NULL;

	/* cycles:u and cycles: one event, the modifiers do not split */
	FOLD_IS("p 1 [000] 1.0: 10 cycles:u: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.1: 5 cycles: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.2: 7 cycles:ppp: \n\t1 c (/x)\n\n"
		"p 1 [000] 1.3: 100 instructions:u: \n\t1 i (/x)\n\n",
		&o, 0, "p;c 22\n", "cycles:u, cycles, cycles:ppp: one event");
}

/* Kernel and JIT frames as inferno marks them. */
static void test_marks(void)
{
	struct perf_script_opts o = { 0 };

	FOLD_IS(HDR("p")
		"\t1 v+0x1 ([vmlinux-6.1.0-13-amd64])\n"
		"\t1 m+0x1 (/lib/modules/6.1.0/kernel/fs/ext4/ext4.ko)\n"
		"\t1 j+0x1 (/root/.debug/jit/java-jit-x/jitted-4242-17.so)\n"
		"\t1 n+0x1 (/usr/lib/libjitted-1.so.0)\n"
		"\t1 u+0x1 (/usr/lib/x.ko.so)\n\n",
		&o, ANNOTATE_ALL, "p;u;n;j_[j];m_[k];v_[k] 1000\n",
		"[vmlinux-...] and .ko: kernel; jitted-PID-N.so: JIT");
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		skip_all("no temporary directory");
	snprintf(in_path, sizeof(in_path), "%s/in", tmpdir);
	snprintf(out_path, sizeof(out_path), "%s/out", tmpdir);
	test_basics();
	test_comm();
	test_events();
	test_header_comments();
	test_frames();
	test_kinds();
	test_skips();
	test_marks();
	test_shapes();
	test_bad();
	test_block_cache();
	unlink(in_path);
	unlink(out_path);
	rmdir(tmpdir);
	return done_testing();
}
