// SPDX-License-Identifier: GPL-2.0
/*
 * The collector's objects without the kernel: symbol tables and the alias
 * choice, kallsyms parsing and its "hidden" error, process maps, stack
 * aggregation, the ring buffer reader across the wrap-around, event names,
 * and ELF symbolization of this very program; the run's metadata.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "collector/decode.h"
#include "collector/dso.h"
#include "collector/evsel.h"
#include "collector/kallsyms.h"
#include "collector/machine.h"
#include "collector/record.h"
#include "collector/perf-records.h"
#include "collector/ring.h"
#include "collector/sanitize.h"
#include "collector/stacks.h"
#include "collector/symtab.h"
#include "collector/unwind.h"
#include "tap.h"
#include "testfile.h"

static void test_symtab(void)
{
	struct symtab t;
	const struct sym *s;

	symtab_init(&t);
	/* libc's write: perf names it __GI___libc_write (no global, no
	 * weak preferred: locals, fewest underscores, then longest) */
	symtab_add(&t, 0x1000, 0x100, "write", SYM_WEAK);
	symtab_add(&t, 0x1000, 0x100, "__write", SYM_WEAK);
	symtab_add(&t, 0x1000, 0x100, "__GI___libc_write", SYM_LOCAL);
	symtab_add(&t, 0x1000, 0x100, "__libc_write", SYM_LOCAL);
	symtab_add(&t, 0x1000, 0x100, "__GI_write", SYM_LOCAL);
	/* read: a global wins */
	symtab_add(&t, 0x2000, 0x80, "__GI___libc_read", SYM_LOCAL);
	symtab_add(&t, 0x2000, 0x80, "__read", SYM_GLOBAL);
	symtab_add(&t, 0x2000, 0x80, "read", SYM_GLOBAL);
	/* sizeless: up to the next symbol */
	symtab_add(&t, 0x3000, 0, "asm_entry", SYM_GLOBAL);
	symtab_add(&t, 0x3100, 0x10, "after", SYM_GLOBAL);
	symtab_finish(&t, 0);
	is_int(t.nr, 4, "aliases merged: one symbol per address");
	s = symtab_lookup(&t, 0x1050);
	is_str(s ? s->name : NULL, "__GI___libc_write", "perf's alias choice");
	s = symtab_lookup(&t, 0x2000);
	is_str(s ? s->name : NULL, "read", "a global wins, fewest underscores");
	ok(!symtab_lookup(&t, 0x1100), "a sized symbol ends at its size");
	ok(!symtab_lookup(&t, 0xfff), "nothing below the first");
	s = symtab_lookup(&t, 0x30ff);
	is_str(s ? s->name : NULL, "asm_entry", "sizeless: up to the next");
	ok(!symtab_lookup(&t, 0x3110), "past the last sized one: nothing");
	symtab_release(&t);
}

/*
 * A label inside a function: an address both cover is named by the one
 * perf's tree meets first, which the order added decides (checked
 * against perf itself by t-perfdata-opts.sh's labels).
 */
static const char *overlap_name(bool label_first, bool third,
				uint64_t addr)
{
	static char name[32];
	const struct sym *s;
	struct symtab t;

	symtab_init(&t);
	if (label_first)
		symtab_add(&t, 0x1040, 0, "label", SYM_GLOBAL);
	symtab_add(&t, 0x1000, 0x100, "fn", SYM_GLOBAL);
	if (!label_first)
		symtab_add(&t, 0x1040, 0, "label", SYM_GLOBAL);
	if (third)
		symtab_add(&t, 0x1100, 0x10, "next", SYM_GLOBAL);
	symtab_finish(&t, 0);
	s = symtab_lookup(&t, addr);
	snprintf(name, sizeof(name), "%s", s ? s->name : "(none)");
	symtab_release(&t);
	return name;
}

static void test_symtab_overlap(void)
{
	/* two symbols: the first added is the root */
	is_str(overlap_name(false, false, 0x1080), "fn",
	       "a label added after its function: the function's bytes");
	is_str(overlap_name(true, false, 0x1080), "label",
	       "a label added first: the label's");
	is_str(overlap_name(true, false, 0x1010), "fn",
	       "before the label: the function either way");
	is_str(overlap_name(false, false, 0x1010), "fn", "... in both orders");
	/* a third in a row turns the tree: the label comes out on top */
	is_str(overlap_name(false, true, 0x1080), "label",
	       "function, label, next: the label's, as perf's tree has it");
	is_str(overlap_name(false, true, 0x1105), "next",
	       "and the third its own");
}

static void test_kallsyms(const char *dir)
{
	char path[4096];
	struct kallsyms k;
	struct fd_err err = { "" };

	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	write_text(path, "ffffffff81000000 T _stext\n"
			 "ffffffff81000100 t __pfx_alias_of_it\n"
			 "ffffffff81000100 T do_syscall_64\n"
			 "ffffffff81000180 T memset\n"
			 "ffffffff81000180 T __pi_memset\n"
			 "ffffffff81000200 t entry_SYSCALL_64_after_hwframe\n"
			 "ffffffff81000300 d some_data\n"
			 "ffffffffc0000000 t mod_fn\t[mymod]\n");
	ok(!kallsyms_load(&k, path, &err), "kallsyms parsed");
	is_str(kallsyms_lookup(&k, 0xffffffff81000150), "do_syscall_64",
	       "global alias kept");
	/* perf first stretches each sizeless symbol to the next one, so of
	 * sizeless aliases only the last listed covers bytes, and wins */
	is_str(kallsyms_lookup(&k, 0xffffffff81000190), "__pi_memset",
	       "the last of sizeless aliases, as perf");
	is_str(kallsyms_lookup(&k, 0xffffffff81000310),
	       "entry_SYSCALL_64_after_hwframe", "data symbols are ignored");
	is_str(kallsyms_lookup(&k, 0xffffffffc0000010), "mod_fn",
	       "module symbols without their [module]");
	ok(!kallsyms_lookup(&k, 0xffffffffc0200000), "1 MiB past the last");
	kallsyms_release(&k);
	{
		/* a module rebuilt since the recording: "[mymod]" */
		static const char *const stale[] = { "mymod", NULL };

		ok(!kallsyms_load_recorded(&k, path, stale, NULL, 0, &err),
		   "kallsyms parsed, one module stale");
		is_str(kallsyms_lookup(&k, 0xffffffffc0000010), "[mymod]",
		       "a stale module's frames are [module]");
		is_str(kallsyms_lookup(&k, 0xffffffff81000150),
		       "do_syscall_64", "the kernel's names are kept");
		kallsyms_release(&k);
	}
	{
		/* where the recording saw them: mymod as now; gonemod where
		 * mymod is now; awaymod where the kernel's text is */
		static const struct kmod_map maps[] = {
			{ "mymod", 0xffffffffc0000000, 0xffffffffc0001000 },
			{ "gonemod", 0xffffffffc0000800, 0xffffffffc0000900 },
			{ "awaymod", 0xffffffff81000100, 0xffffffff81000180 },
		};

		ok(!kallsyms_load_recorded(&k, path, NULL, maps, 3, &err),
		   "kallsyms parsed against three recorded modules");
		is_int(k.nr_gone, 2, "two are not where they were recorded");
		is_str(kallsyms_lookup(&k, 0xffffffffc0000010), "mod_fn",
		       "a module where it was recorded keeps its names");
		is_str(kallsyms_lookup(&k, 0xffffffffc0000810), "[gonemod]",
		       "an unloaded module's range is [module]");
		is_str(kallsyms_lookup(&k, 0xffffffff81000110), "[awaymod]",
		       "whatever kallsyms has there now");
		is_str(kallsyms_lookup(&k, 0xffffffff81000190), "__pi_memset",
		       "past its range, kallsyms' names");
		kallsyms_release(&k);
	}
	{
		char name[64];

		ok(kmod_name("/lib/modules/6.1.0/kernel/fs/xfs/xfs-x.ko.zst",
			     name, sizeof(name)) && !strcmp(name, "xfs_x"),
		   "a module's name from its path, '-' as '_'");
		ok(kmod_name("[virtio_net]", name, sizeof(name)) &&
			   !strcmp(name, "virtio_net"),
		   "and from [name]");
		ok(!kmod_name("[kernel.kallsyms]_text", name, sizeof(name)) &&
			   !kmod_name("/usr/lib/libc.so.6", name, sizeof(name)) &&
			   !kmod_name("/x/.ko", name, sizeof(name)) &&
			   !kmod_name("/x/a.kox", name, sizeof(name)),
		   "the kernel, a library and odd paths name no module");
	}
	ok(!kmod_build_id("no_such_module_here", (unsigned char[20]){ 0 }),
	   "no build-id for a module that is not loaded");

	write_text(path, "0000000000000000 T _stext\n"
			 "0000000000000000 T do_syscall_64\n");
	ok(kallsyms_load(&k, path, &err) < 0 &&
		   strstr(err.msg, "kptr_restrict"),
	   "hidden addresses: an error naming kptr_restrict");
	printf("# %s\n", err.msg);
}

static void test_machine(void)
{
	struct dsos d;
	struct machine m;
	struct proc *p;
	const struct map *mp;

	dsos_init(&d, false);
	machine_init(&m, &d);
	m.read_proc = false;
	/* t-perfdata.sh sees it only when the machine idled */
	is_str(strtab_str(m.comms, machine_thread(&m, 0, 0)->comm), "swapper",
	       "the idle task (tid 0) is 'swapper', as perf names it");
	machine_comm(&m, 100, 100, "prog", true);
	machine_mmap(&m, 100, 0x1000, 0x9000, 0, 8, 11, "/bin/big");
	/* ld.so maps segments over the first mapping */
	machine_mmap(&m, 100, 0x3000, 0x2000, 0x5000, 8, 12, "/lib/small");
	p = machine_proc(&m, 100);
	is_int(proc_nr_maps(p), 3, "an overlapping mmap splits the old one");
	mp = proc_find_map(p, 0x2fff);
	ok(mp && mp->dso && !strcmp(mp->dso->path, "/bin/big") &&
		   mp->end == 0x3000, "left part kept");
	mp = proc_find_map(p, 0x3000);
	ok(mp && !strcmp(mp->dso->path, "/lib/small") && mp->pgoff == 0x5000,
	   "new map in the middle");
	mp = proc_find_map(p, 0x5000);
	ok(mp && !strcmp(mp->dso->path, "/bin/big") && mp->pgoff == 0x4000,
	   "right part: file offset moved along");
	ok(!proc_find_map(p, 0xa000), "no map past the end");
	machine_fork(&m, 200, 100, 200, 100);
	is_int(proc_nr_maps(machine_proc(&m, 200)), 3, "fork copies the maps");
	ok(machine_proc(&m, 200)->maps == p->maps,
	   "by sharing them until one changes");
	is_str(strtab_str(m.comms, machine_thread(&m, 200, 200)->comm), "prog",
	       "and the name");
	machine_comm(&m, 200, 200, "child", true);
	is_int(proc_nr_maps(machine_proc(&m, 200)), 0, "exec forgets them");
	is_int(proc_nr_maps(machine_proc(&m, 100)), 3,
	       "the parent keeps its own");
	machine_fork(&m, 300, 100, 300, 100);
	machine_mmap(&m, 300, 0x20000, 0x1000, 0, 8, 13, "/lib/late");
	is_int(proc_nr_maps(machine_proc(&m, 300)), 4,
	       "a child's mmap lands in its own copy");
	is_int(proc_nr_maps(p), 3, "not in the parent's");
	ok(!proc_find_map(p, 0x20000), "the parent cannot see it");
	ok(dsos_get(&d, 8, 11, "/other/path/to/big") ==
		   proc_find_map(p, 0x1000)->dso,
	   "one dso per device and inode");
	machine_release(&m);
	dsos_release(&d);
}

static void test_sanitize(void)
{
	struct strbuf sb = STRBUF_INIT;
	const char evil[] = "x 99999999999\ny\t\x7f;z";

	sanitize_name(&sb, evil, sizeof(evil) - 1);
	is_str(sb.buf, "x 99999999999?y??;z",
	       "a name: control bytes become '?', ';' is the writer's");
	strbuf_reset(&sb);
	sanitize_value(&sb, "sh -c 'i=0\nwhile\r\x01'",
		       strlen("sh -c 'i=0\nwhile\r\x01'"));
	is_str(sb.buf, "sh -c 'i=0 while ?'",
	       "a header value: line breaks become spaces, others '?'");
	strbuf_release(&sb);
}

/* Records shorter than their fixed part, or whose string runs to the
 * end without a NUL, are refused whole. */
/*
 * A chain with an entry past PERF_CONTEXT_MAX that names no context (a
 * frame pointer walk of code built without them read -1) is corrupt as
 * a whole, as perf takes it: only the sampled IP is left, which perf
 * report counts, where a known context only switches the kind of what
 * follows.
 */
static void corrupt_chain(struct decoder *dec)
{
	const uint64_t bad[] = { (uint64_t)PERF_CONTEXT_USER, 0x1800,
				 UINT64_MAX };
	const uint64_t good[] = { (uint64_t)PERF_CONTEXT_USER, 0x1800,
				  0x1900 };
	struct decoded_sample ds = { .pid = 42, .tid = 42, .ip = 0x1800,
				     .period = 1, .ips = bad, .nr = 3 };
	uint32_t comm;

	is_int(decode_stack(dec, &ds, &comm), 1,
	       "a chain with a bogus context entry: the sampled IP alone, as "
	       "perf report");
	ds.ips = good;
	is_int(decode_stack(dec, &ds, &comm), 2,
	       "the same chain without it: both frames");
}

/*
 * --call-graph dwarf: a user stack dump the kernel could not copy (its
 * dynamic size 0) gives no user frame, as perf: the kernel chain alone.
 * Seen on a process's first sample, a page fault in ld.so.
 */
static void empty_dump(struct decoder *dec)
{
	const uint64_t kchain[] = { (uint64_t)PERF_CONTEXT_KERNEL,
				    0xffffffff81001000ULL,
				    0xffffffff81000c00ULL };
	static uint64_t regs[64];
	static unsigned char stack[64];
	struct decoded_sample ds = { .pid = 43, .tid = 43,
				     .ip = 0xffffffff81001000ULL,
				     .period = 1, .ips = kchain, .nr = 3,
				     .regs = regs, .stack = stack };
	uint32_t comm;

	dec->unwinder = unwinder__new();
	regs[REG_X86_IP] = 0x2000;
	regs[REG_X86_SP] = 0x7ff0000;
	is_int(decode_stack(dec, &ds, &comm), 2,
	       "dwarf, a stack dump of size 0: the kernel chain alone");
	ds.stack_len = sizeof(stack);
	ok(decode_stack(dec, &ds, &comm) >= 3,
	   "with the dump: the user IP under it");
	unwinder__delete(dec->unwinder);
	dec->unwinder = NULL;
}

static void test_decode_short(void)
{
	struct record_stats st = { 0 };
	struct machine m;
	struct stacks stk;
	struct dsos d;
	struct decoder dec;
	union {
		struct perf_record_mmap2 e;
		unsigned char b[256];
	} u;
	const size_t fixed = sizeof(u.e);

	dsos_init(&d, false);
	machine_init(&m, &d);
	m.read_proc = false;
	stacks_init(&stk);
	decoder_init(&dec, &m, &stk, &d, NULL, &st);
	memset(&u, 0, sizeof(u));
	u.e.header.type = PERF_RECORD_MMAP2;
	u.e.pid = u.e.tid = 42;
	u.e.start = 0x1000;
	u.e.len = 0x1000;
	memcpy(u.b + fixed, "/bin/x\0\0", 8);
	u.e.header.size = (uint16_t)(fixed + 8);
	decode_record(&dec, &u.e.header);
	is_int(proc_nr_maps(machine_proc(&m, 42)), 1, "a whole MMAP2 maps");
	u.e.start = 0x8000;
	u.e.header.size = (uint16_t)(fixed - 8);
	decode_record(&dec, &u.e.header);
	memset(u.b + fixed, 'A', 8);
	u.e.header.size = (uint16_t)(fixed + 8);
	decode_record(&dec, &u.e.header);
	is_int(proc_nr_maps(machine_proc(&m, 42)), 1,
	       "a short one and one without a NUL do not");
	is_int(dec.bad_records, 2, "both counted as bad");
	u.e.header.type = PERF_RECORD_SAMPLE;
	u.e.header.size = 24;
	decode_record(&dec, &u.e.header);
	is_int(st.samples, 0, "a sample shorter than its head is no sample");
	corrupt_chain(&dec);
	empty_dump(&dec);
	decoder_release(&dec);
	stacks_release(&stk);
	machine_release(&m);
	dsos_release(&d);
}

/* EXIT drops a process at the end of the batch, not before: memory
 * follows the live processes. */
static void test_machine_exit(void)
{
	struct machine m;
	struct dsos d;
	unsigned long before;
	bool found = true;
	int i;

	dsos_init(&d, false);
	machine_init(&m, &d);
	m.read_proc = false;
	machine_comm(&m, 10, 10, "parent", true);
	machine_mmap(&m, 10, 0x1000, 0x1000, 0, 8, 11, "/bin/sh");
	before = machine_nr_procs(&m);
	for (i = 0; i < 1000; i++) {
		pid_t pid = 1000 + i;

		machine_fork(&m, pid, 10, pid, 10);
		machine_mmap(&m, pid, 0x5000, 0x1000, 0, 8, 12, "/bin/true");
		machine_exit(&m, pid, pid);
		found &= proc_nr_maps(machine_proc(&m, pid)) == 2;
		machine_reap_exited(&m);
	}
	ok(found, "a sample after EXIT, in the same batch, finds the maps");
	is_int(machine_nr_procs(&m), before,
	       "1000 forked and exited processes: none kept");
	is_int(machine_nr_threads(&m), 1, "nor their threads");
	is_int(proc_nr_maps(machine_proc(&m, 10)), 1,
	       "the parent and its maps stay");
	machine_release(&m);
	dsos_release(&d);
}

static void test_stacks(void)
{
	struct stacks s;
	uint64_t a[3] = { 1, 2, 3 }, b[3] = { 1, 2, 4 };

	stacks_init(&s);
	stacks_add(&s, 1, a, 3, 10);
	stacks_add(&s, 1, b, 3, 10);
	stacks_add(&s, 1, a, 3, 5);
	stacks_add(&s, 2, a, 3, 1);
	stacks_add(&s, 1, a, 2, 1);
	is_int(s.nr, 4, "identical chains aggregate (comm and frames)");
	is_int(s.v[0].weight, 15, "their weights add up");
	is_int(s.v[0].count, 2, "and their counts");
	stacks_release(&s);
	ok(fr_dso_id(fr_dso(12345, 0xabcdef)) == 12345 &&
		   fr_dso_off(fr_dso(12345, 0xabcdef)) == 0xabcdef &&
		   FR_TAG(fr_dso(1, 2)) == FR_TAG_DSO &&
		   FR_TAG(0xffffffff81000000ULL) == FR_TAG_KERNEL &&
		   FR_TAG(0x7fff12345678ULL) == FR_TAG_RAW,
	   "frame codes round-trip");
}

/* A fake ring: control page + 4 KiB of data, a record across the end. */
static void test_ring(void)
{
	static union {
		struct perf_event_mmap_page pc;
		unsigned char page[4096];
	} ctl;
	static unsigned char data[4096], rec[64];
	struct perf_event_header *h = (void *)rec;
	const struct perf_event_header *got;
	struct ring r;
	uint64_t start = 4096 * 3 - 24, i;

	memset(&r, 0, sizeof(r));
	r.base = &ctl;
	r.data = data;
	r.size = sizeof(data);
	r.bounce = malloc(65536);
	h->type = PERF_RECORD_SAMPLE;
	h->size = 56;
	for (i = sizeof(*h); i < 56; i++)
		rec[i] = (unsigned char)i;
	for (i = 0; i < 56; i++)
		data[(start + i) & 4095] = rec[i];
	r.tail = start;
	ctl.pc.data_tail = start;
	ctl.pc.data_head = start;
	ring_begin(&r);
	ok(!ring_peek(&r), "empty until data_head moves");
	ctl.pc.data_head = start + 56;
	ring_begin(&r);
	got = ring_peek(&r);
	ok(got && got->size == 56 && !memcmp(got, rec, 56),
	   "a record that wraps around comes back whole");
	ring_next(&r);
	ok(!ring_peek(&r), "then nothing");
	ring_end(&r);
	ok(ctl.pc.data_tail == start + 56, "data_tail published");
	free(r.bounce);
}

static void test_events(void)
{
	struct event_spec ev;
	struct fd_err err = { "" };

	ok(!event_parse("cycles:pp", &ev, &err) && ev.precise == 2 &&
		   ev.type == PERF_TYPE_HARDWARE && !ev.clock,
	   "cycles:pp");
	ok(!event_parse("cpu-clock", &ev, &err) && ev.clock &&
		   !strcmp(evsel_unit(&ev), "ns"),
	   "cpu-clock weighs nanoseconds");
	ok(!event_parse("r003c", &ev, &err) && ev.type == PERF_TYPE_RAW &&
		   ev.config == 0x3c, "raw event");
	ok(event_parse("nope", &ev, &err) < 0 && strstr(err.msg, "nope"),
	   "unknown event named");
	ok(event_parse("cycles:x", &ev, &err) < 0, "unknown modifier");
}

__attribute__((noinline)) int record_units_marker(int x)
{
	return x * 3 + 1;
}

static void test_dso(void)
{
	uint64_t addr = (uint64_t)(uintptr_t)&record_units_marker;
	unsigned long long s, e, off, ino = 0;
	char line[4096], path[4096];
	struct dsos d;
	struct dso *dso = NULL, *other;
	FILE *fp = fopen("/proc/self/maps", "r");

	dsos_init(&d, false);
	while (fp && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%llx-%llx %*s %llx %*s %llu %4095s", &s, &e,
			   &off, &ino, path) != 5 || addr < s || addr >= e)
			continue;
		dso = dsos_get(&d, 1, ino, path);
		dso_load(&d, dso);
		break;
	}
	if (fp)
		fclose(fp);
	ok(dso && dso->is_elf, "this test program is read as ELF");
	is_str(dso ? dso_symbolize(dso, addr - s + off) : NULL,
	       "record_units_marker", "and its own function symbolized");
	ok(dso && dso->build_id_len == 20, "build-id read");
	/* the same path said to be another inode: not the mapped file */
	other = dso ? dsos_get(&d, 1, ino + 1, path) : NULL;
	if (other)
		dso_load(&d, other);
	ok(other && !other->verified &&
		   !dso_symbolize(other, addr - s + off) &&
		   strstr(d.warn.buf, "not the file that was mapped"),
	   "a file with another inode than the mapping's names nothing");
	dsos_release(&d);
}

static void test_fill_meta(void)
{
	struct profile *p = profile__new();
	struct utsname u;

	record_fill_meta(p, 2.5, 1700000000, "flamediff record -- ./x", NULL);
	is_str(p->meta.date, "2023-11-14T22:13:20Z", "start date: UTC, ISO 8601");
	is_near(p->meta.duration, 2.5, 0, "duration as measured");
	is_str(p->meta.cmdline, "flamediff record -- ./x", "cmdline");
	ok(!p->meta.label, "no label: none stored");
	ok(!uname(&u), "uname");
	is_str(p->meta.kernel, u.release, "kernel release of this machine");
	is_str(p->meta.host, u.nodename, "host name");
	ok(!p->meta.event && !p->meta.samples,
	   "the session's fields are record_build()'s");
	record_fill_meta(p, 1, 0, "again", "build-A");
	is_str(p->meta.label, "build-A", "label");
	is_str(p->meta.date, "1970-01-01T00:00:00Z", "the epoch");
	profile__delete(p);
}

int main(void)
{
	char dir[] = "/tmp/record-units.XXXXXX";
	char path[4096];

	if (!mkdtemp(dir))
		return 1;
	test_symtab();
	test_symtab_overlap();
	test_kallsyms(dir);
	test_machine();
	test_machine_exit();
	test_sanitize();
	test_decode_short();
	test_stacks();
	test_ring();
	test_events();
	test_dso();
	test_fill_meta();
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
