// SPDX-License-Identifier: GPL-2.0
/* The profile model, folded/profile I/O and the line reader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "analyzer/profile.h"
#include "lib/strtab.h"
#include "tap.h"
#include "testfile.h"

static char tmpdir[] = "/tmp/fd-profile-XXXXXX";

static char *tmp_path(const char *name)
{
	static char buf[4][256];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", tmpdir, name);
	return buf[i];
}

/* The tree invariants of profile.h hold on p (profile_check()). */
static int invariants_hold(const struct profile *p)
{
	struct fd_err err = { { 0 } };

	if (!profile_check(p, &err))
		return 1;
	diag("%s", err.msg);
	return 0;
}

static void test_strtab(void)
{
	struct strtab *t = strtab__new();
	uint32_t a = strtab_intern(t, "do_syscall_64", 13);
	uint32_t b = strtab_intern(t, "do_syscall_64xyz", 13);
	uint32_t c = strtab_intern(t, "x", 1);
	char name[32];
	int i, same = 1;

	is_int(a, b, "interning the same bytes twice gives one id");
	ok(a != c, "different strings get different ids");
	is_str(strtab_str(t, a), "do_syscall_64", "string stored NUL-terminated");
	is_int(strtab_find(t, "nope", 4), UINT32_MAX, "find of a missing string");
	for (i = 0; i < 100000; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		strtab_intern(t, name, strlen(name));
	}
	for (i = 0; i < 100000; i += 997) {
		snprintf(name, sizeof(name), "f%d", i);
		same &= !strcmp(strtab_str(t, strtab_find(t, name,
							   strlen(name))),
				name);
	}
	ok(same, "ids stay valid across table growth");
	is_str(strtab_str(t, a), "do_syscall_64", "early strings do not move");
	is_int(strtab_len(t, a), 13, "length kept beside the bytes");
	is_int(strtab_len(t, 0), 0, "id 0 is the empty string");

	/* Without its index a table still answers, and interning makes
	 * the index again. */
	strtab_drop_index(t);
	is_str(strtab_str(t, c), "x", "no index: strings by id");
	ok(strtab_find(t, "f4985", 5) != UINT32_MAX &&
	   !strcmp(strtab_str(t, strtab_find(t, "f4985", 5)), "f4985"),
	   "no index: find looks at every string");
	is_int(strtab_find(t, "nope", 4), UINT32_MAX,
	       "no index: find of a missing string");
	is_int(strtab_intern(t, "do_syscall_64", 13), a,
	       "no index: interning finds the old id");
	is_int(strtab_intern(t, "new one", 7), strtab_count(t) - 1,
	       "no index: a new string gets the next id");
	is_int(strtab_find(t, "f99999", 6), strtab_intern(t, "f99999", 6),
	       "index made again: find and intern agree");

	/* Two holders (two sides of a diff): the first delete leaves the
	 * table to the other (ASan would see a use after free). */
	ok(strtab_get(t) == t, "strtab_get: the same table");
	strtab__delete(t);
	is_str(strtab_str(t, c), "x", "one holder left: the table stays");
	strtab__delete(t);
}

static struct frame fr(struct profile *p, const char *name, int kind)
{
	struct frame f = { profile_intern(p, name, strlen(name)), kind };

	return f;
}

static void test_tree(void)
{
	struct profile *p = profile__new(), *q = profile__new();
	struct frame s1[3], s2[3];
	uint32_t leaf;

	s1[0] = fr(p, "app", FRAME_PROCESS);
	s1[1] = fr(p, "main", FRAME_USER);
	s1[2] = fr(p, "work", FRAME_USER);
	s2[0] = s1[0];
	s2[1] = s1[1];
	s2[2] = fr(p, "work", FRAME_KERNEL);
	leaf = profile_add_stack(p, s1, 3, 30);
	profile_add_stack(p, s1, 3, 10);
	profile_add_stack(p, s2, 3, 5);
	profile_add_stack(p, s1, 2, 1);
	is_int(p->nr_nodes, 5, "same (name, kind) shares a node, kinds differ");
	is_near(p->nodes[leaf].self, 40, 0, "self adds up at the leaf");
	is_near(profile_total(p), 46, 0, "root total is all weight");
	ok(invariants_hold(p), "tree invariants hold after adds");

	s1[0] = fr(q, "app", FRAME_PROCESS);
	s1[1] = fr(q, "other", FRAME_USER);
	profile_add_stack(q, s1, 2, 4);
	q->meta.samples = 3;
	p->meta.samples = 4;
	meta_set(&q->meta.event, "cpu-clock");
	profile_merge(p, q);
	is_near(profile_total(p), 50, 0, "merge adds totals");
	is_int(p->nr_nodes, 6, "merge adds only the new path");
	is_int(p->meta.samples, 7, "merge adds sample counts");
	is_str(p->meta.event, "cpu-clock", "merge takes missing strings");
	ok(invariants_hold(p), "tree invariants hold after merge");
	profile__delete(p);
	profile__delete(q);
}

/* A tree of n stacks, the same for the same seed: deep, some wide. */
static struct profile *some_tree(unsigned int seed, unsigned int n)
{
	struct profile *p = profile__new();
	struct frame f[12];
	unsigned int i, d;
	char buf[32];

	for (i = 0; i < n; i++) {
		seed = seed * 1103515245 + 12345;
		for (d = 0; d < 12; d++) {
			snprintf(buf, sizeof(buf), "f%u_%u", d,
				 (seed >> (d * 2 + 4)) % (d < 6 ? 3 : 40));
			f[d] = fr(p, buf, d ? FRAME_USER : FRAME_PROCESS);
		}
		profile_add_stack(p, f, 12, 1 + i % 7);
	}
	p->meta.samples = n;
	meta_set(&p->meta.event, "cpu-clock");
	return p;
}

/* Whether a and b hold the same tree, node for node. */
static int same_tree(const struct profile *a, const struct profile *b)
{
	uint32_t id;

	if (a->nr_nodes != b->nr_nodes)
		return 0;
	for (id = 0; id < a->nr_nodes; id++) {
		const struct node *x = &a->nodes[id], *y = &b->nodes[id];

		if (x->parent != y->parent || x->kind != y->kind ||
		    x->first_child != y->first_child ||
		    x->next_sibling != y->next_sibling ||
		    x->self != y->self ||
		    node_total(a, id) != node_total(b, id) ||
		    strcmp(node_name(a, id), node_name(b, id)))
			return 0;
	}
	return 1;
}

/* profile_merge_free() makes what profile_merge() makes, on a tree large
 * enough that it gives pages back on the way. */
static void test_merge_free(void)
{
	struct profile *a = some_tree(1, 1000), *b = some_tree(1, 1000);
	struct profile *src = some_tree(2, 40000);

	ok(src->nr_nodes > (1U << 17), "a source of %u nodes", src->nr_nodes);
	profile_merge(a, src);
	profile__delete(src);
	profile_merge_free(b, some_tree(2, 40000));
	ok(same_tree(a, b), "merge_free: the tree merge makes");
	is_int(b->meta.samples, 41000, "merge_free adds sample counts");
	ok(invariants_hold(b), "tree invariants hold after merge_free");
	profile__delete(a);
	profile__delete(b);
}

/* A tree read into a cleared one (profile_clear()) is the tree a new
 * profile gets, whether the old one had its index or not. */
static void test_clear(void)
{
	struct profile *a = some_tree(1, 3000), *want = some_tree(2, 2000);
	struct frame f[12];
	unsigned int i, seed = 2, d;
	char buf[32];
	int pass;

	for (pass = 0; pass < 2; pass++) {
		if (pass)
			profile_drop_index(a);
		profile_clear(a);
		ok(a->nr_nodes == 1 && strtab_count(a->names) == 1 &&
			   !a->meta.event && !a->meta.samples &&
			   a->nodes[0].first_child == NODE_NONE,
		   "cleared%s: the root alone, no names, no metadata",
		   pass ? " without its index" : "");
		for (i = 0, seed = 2; i < 2000; i++) {
			seed = seed * 1103515245 + 12345;
			for (d = 0; d < 12; d++) {
				snprintf(buf, sizeof(buf), "f%u_%u", d,
					 (seed >> (d * 2 + 4)) %
						 (d < 6 ? 3 : 40));
				f[d] = fr(a, buf,
					  d ? FRAME_USER : FRAME_PROCESS);
			}
			profile_add_stack(a, f, 12, 1 + i % 7);
		}
		ok(same_tree(a, want) && invariants_hold(a),
		   "cleared%s: read again, the tree of a new profile",
		   pass ? " without its index" : "");
	}
	profile__delete(a);
	profile__delete(want);
}

/* Each node's total the plain way: self, then the children, last first. */
static double *plain_totals(const struct profile *p)
{
	double *t = calloc(p->nr_nodes, sizeof(*t));
	uint32_t id;

	if (!t)
		abort();
	for (id = 0; id < p->nr_nodes; id++)
		t[id] = p->nodes[id].self;
	for (id = p->nr_nodes; id-- > 1;)
		t[p->nodes[id].parent] += t[id];
	return t;
}

/* Bit for bit: the totals are exact, whatever the weights. */
static int same_bits(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/*
 * The totals are worked out when read (profile.h): the root's by a walk
 * down, without sums.node[]; every node's once read, again after any
 * change; the same bits as summed plainly, on weights that round.
 */
static void test_totals(void)
{
	struct profile *p = profile__new(), *q = profile__new();
	struct frame f[8];
	unsigned int i, d, seed = 7, bad = 0;
	double *t, root;
	uint32_t id, a, b;
	char buf[16];

	for (i = 0; i < 3000; i++) {
		seed = seed * 1103515245 + 12345;
		for (d = 0; d < 8; d++) {
			snprintf(buf, sizeof(buf), "g%u_%u", d,
				 (seed >> (d * 3 + 2)) % (d < 3 ? 2 : 9));
			f[d] = fr(p, buf, d ? FRAME_USER : FRAME_PROCESS);
		}
		profile_add_stack(p, f, 1 + seed % 8,
				  0.1 * (1 + i % 13) / 3);
	}
	t = plain_totals(p);
	root = profile_total(p);
	ok(same_bits(root, t[NODE_ROOT]) && !p->sums.node,
	   "the root's total walked down: the pass up's, bit for bit, and no "
	   "sums.node[] for it");
	for (id = 0; id < p->nr_nodes; id++)
		bad += !same_bits(node_total(p, id), t[id]);
	ok(!bad && p->sums.node, "every node's total: the pass up's (%u differ)",
	   bad);
	free(t);

	profile_add_self(p, p->nr_nodes - 1, 2.5);
	t = plain_totals(p);
	ok(same_bits(profile_total(p), t[NODE_ROOT]) &&
		   same_bits(node_total(p, p->nr_nodes - 1),
			     t[p->nr_nodes - 1]) &&
		   profile_total(p) > root + 2.4,
	   "a weight added: both totals read again");
	free(t);

	profile_merge(q, p);
	profile_merge(q, p);
	t = plain_totals(q);
	for (id = 0, bad = 0; id < q->nr_nodes; id++)
		bad += !same_bits(node_total(q, id), t[id]);
	ok(!bad && invariants_hold(q), "merged twice: the totals of the sum");
	free(t);

	/* A child list oldest first: a walk down would add in another
	 * order than the pass up; the check names it. */
	a = p->nodes[NODE_ROOT].first_child;
	b = p->nodes[a].next_sibling;
	if (b != NODE_NONE) {
		p->nodes[a].next_sibling = p->nodes[b].next_sibling;
		p->nodes[b].next_sibling = a;
		p->nodes[NODE_ROOT].first_child = b;
		profile_changed(p);
	}
	ok(b != NODE_NONE && !invariants_hold(p),
	   "a child list oldest first breaks an invariant");

	profile__delete(p);
	profile__delete(q);
}

/* Narrow nodes are searched by list, wide ones by index: both must agree. */
static void test_fan_out(void)
{
	struct profile *p = profile__new();
	uint32_t ids[100], again = 1, name, i, j;
	char buf[16];

	for (j = 0; j < 2; j++) {
		for (i = 0; i < 100; i++) {
			snprintf(buf, sizeof(buf), "f%u", i);
			name = profile_intern(p, buf, strlen(buf));
			if (!j)
				ids[i] = profile_child(p, NODE_ROOT, name,
						       FRAME_USER);
			else
				again &= profile_child(p, NODE_ROOT, name,
						       FRAME_USER) == ids[i];
		}
	}
	ok(again, "every child of a wide node found again, first or last");
	is_int(p->nr_nodes, 101, "no child made twice");
	name = profile_intern(p, "f7", 2);
	ok(profile_child(p, NODE_ROOT, name, FRAME_KERNEL) == 101,
	   "same name, other kind: a new child of the wide node");
	ok(profile_child(p, ids[3], name, FRAME_USER) == 102 &&
		   profile_child(p, ids[3], name, FRAME_USER) == 102,
	   "a narrow node under it keeps its own children");
	profile__delete(p);
}

/* Without its index (profile_drop_index()) a tree finds the same nodes. */
static void test_drop_index(void)
{
	struct profile *p = profile__new();
	uint32_t ids[100], narrow[4], again = 1, name, i;
	char buf[16];

	for (i = 0; i < 100; i++) {
		snprintf(buf, sizeof(buf), "f%u", i);
		name = profile_intern(p, buf, strlen(buf));
		ids[i] = profile_child(p, NODE_ROOT, name, FRAME_USER);
	}
	/* ids[0] gets LIST_MAX (4) children: narrow until a fifth. */
	for (i = 0; i < 4; i++)
		narrow[i] = profile_child(p, ids[0], i + 1, FRAME_USER);
	profile_drop_index(p);
	for (i = 0; i < 100; i++) {
		snprintf(buf, sizeof(buf), "f%u", i);
		name = profile_intern(p, buf, strlen(buf));
		again &= profile_child(p, NODE_ROOT, name, FRAME_USER) ==
			 ids[i];
	}
	ok(again, "no index: every child of a wide node found again");
	is_int(p->nr_nodes, 105, "no index: no child made twice");
	profile_drop_index(p);
	ok(profile_child(p, ids[0], 5, FRAME_USER) == 105,
	   "no index: a node becoming wide gets its fifth child");
	for (i = 0, again = 1; i < 4; i++)
		again &= profile_child(p, ids[0], i + 1, FRAME_USER) ==
			 narrow[i];
	ok(again && profile_child(p, ids[0], 5, FRAME_USER) == 105 &&
		   p->nr_nodes == 106,
	   "and then finds all five, none made twice");
	profile__delete(p);
}

static int read_str(const char *name, const char *text, struct profile *p,
		    struct profile *p2, struct fd_err *err)
{
	char *path = tmp_path(name);

	write_file(path, text, strlen(text));
	return input_read(path, NULL, p, p2, err);
}

static void test_folded_roundtrip(void)
{
	const char *in = "b;x;y 3\n"
			 "a;main;f_[k] 2\n"
			 "a;main;f 1\n"
			 "a!;z 7\n"
			 "a;main;f 1\n"
			 "a;main 1.5\n"
			 "Web Content;g;h 4\n";
	const char *want = "Web Content;g;h 4\n"
			   "a!;z 7\n"
			   "a;main 1.5\n"
			   "a;main;f 2\n"
			   "a;main;f_[k] 2\n"
			   "b;x;y 3\n";
	struct profile *p = profile__new(), *q;
	struct outfile o;
	struct fd_err err;
	char *got;

	ok(read_str("in.folded", in, p, NULL, &err) == 0,
	   "folded stacks read");
	is_near(profile_total(p), 19.5, 1e-12, "decimal counts add");
	ok(invariants_hold(p), "tree invariants hold after reading");
	outfile_open(&o, tmp_path("out.folded"), &err);
	folded_write(p, &o, ANNOTATE_ALL);
	ok(outfile_commit(&o, &err) == 0, "folded written");
	got = slurp(tmp_path("out.folded"));
	is_str(got, want, "folded output sorted bytewise, as Perl's sort");
	free(got);

	/* Without annotations the kernel and user "f" print alike. */
	outfile_open(&o, tmp_path("out2.folded"), &err);
	folded_write(p, &o, 0);
	outfile_commit(&o, &err);
	got = slurp(tmp_path("out2.folded"));
	ok(got && strstr(got, "a;main;f 4\n") && !strstr(got, "_[k]"),
	   "unannotated output merges frames that print alike");
	free(got);

	/* Profile round trip, compressed, with metadata. */
	meta_set(&p->meta.event, "cycles:pp");
	meta_set(&p->meta.label, "base build");
	meta_set(&p->meta.kernel, "6.18.0");
	p->meta.samples = 9;
	p->meta.lost = 2;
	p->meta.duration = 10.5;
	ok(profile_save(p, tmp_path("p.prof.gz"), &err) == 0,
	   "profile saved gzipped");
	q = profile__new();
	ok(input_read(tmp_path("p.prof.gz"), NULL, q, NULL, &err) == 0,
	   "profile read back through gzip");
	is_str(q->meta.event, "cycles:pp", "event kept");
	is_str(q->meta.label, "base build", "label with a space kept");
	is_str(q->meta.kernel, "6.18.0", "kernel release kept");
	is_int(q->meta.samples, 9, "samples kept");
	is_int(q->meta.lost, 2, "lost kept");
	is_near(q->meta.duration, 10.5, 1e-9, "duration kept");
	is_near(profile_total(q), profile_total(p), 1e-9, "weight kept");
	is_int(q->nr_nodes, p->nr_nodes, "same tree shape");
	{
		uint32_t c, procs = 0, kernel = 0, id;

		for (c = q->nodes[0].first_child; c != NODE_NONE;
		     c = q->nodes[c].next_sibling)
			procs += q->nodes[c].kind == FRAME_PROCESS;
		for (id = 0; id < q->nr_nodes; id++)
			kernel += q->nodes[id].kind == FRAME_KERNEL;
		is_int(procs, 4, "process roots marked from the header");
		is_int(kernel, 1, "kernel frame kind survives the round trip");
	}
	profile__delete(q);
	profile__delete(p);
}

/* Consecutive lines share frames; the reader reuses them: every case. */
static void test_shared_prefixes(void)
{
	const char *in = "a;b;c 1\na;b 2\na;b;c;d 3\na;b;c 4\na;bc 5\na 6\n"
			 "a;b;c;d 1\nx;b;c 1\na;b;c;d;e 1\n";
	const char *want = "a 6\na;b 2\na;b;c 5\na;b;c;d 4\na;b;c;d;e 1\n"
			   "a;bc 5\nx;b;c 1\n";
	struct profile *p = profile__new();
	struct outfile o;
	struct fd_err err;
	char *got;

	ok(read_str("prefix.folded", in, p, NULL, &err) == 0,
	   "stacks sharing prefixes read");
	ok(invariants_hold(p), "tree invariants hold");
	is_int(p->nr_nodes, 10, "one node per distinct frame path");
	outfile_open(&o, tmp_path("prefix.out"), &err);
	folded_write(p, &o, 0);
	outfile_commit(&o, &err);
	got = slurp(tmp_path("prefix.out"));
	is_str(got, want, "each stack keeps its own weight");
	free(got);
	profile__delete(p);
}

static void test_differential(void)
{
	struct profile *a = profile__new(), *b = profile__new();
	struct fd_err err;

	ok(read_str("d.folded", "x;f 10 4\nx;g 0 6\n", a, b, &err) == 0,
	   "differential folded read into two profiles");
	is_near(profile_total(a), 10, 0, "first counts");
	is_near(profile_total(b), 10, 0, "second counts");
	profile__delete(a);
	profile__delete(b);
	a = profile__new();
	ok(read_str("d2.folded", "x;f 10 4\n", a, NULL, &err) == -1 &&
		   strstr(err.msg, "d2.folded:1:"),
	   "two counts where one profile is expected: error at line 1");
	profile__delete(a);
}

/*
 * Counts: whole numbers of up to 15 digits take a short way past
 * strtod(); every other form still means what strtod() makes of it.
 */
static void test_counts(void)
{
	static const struct {
		const char *count;
		double want;
	} c[] = {
		{ "0", 0 },
		{ "007", 7 },
		{ "999999999999999", 999999999999999.0 },
		{ "9007199254740993", 9007199254740992.0 }, /* 2^53 + 1 */
		{ "12345678901234567890", 12345678901234567890.0 },
		{ "1.25", 1.25 },
		{ "1e3", 1000 },
		{ "0x10", 16 },
		{ "+5", 5 },
	};
	char text[128];
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct profile *p = profile__new();
		struct fd_err err;

		/* the first line makes it folded, whatever the second */
		snprintf(text, sizeof(text), "a;c 1\na;b %s\n", c[i].count);
		ok(read_str("count.folded", text, p, NULL, &err) == 0 &&
			   profile_total(p) == 1 + c[i].want,
		   "count %s reads as %.17g", c[i].count, c[i].want);
		profile__delete(p);
	}
}

static void expect_error(const char *what, const char *name,
			 const char *data, size_t len, const char *where)
{
	struct profile *p = profile__new();
	char *path = tmp_path(name);
	struct fd_err err = { "" };
	int ret;

	write_file(path, data, len);
	ret = input_read(path, NULL, p, NULL, &err);
	if (!ok(ret < 0 && strstr(err.msg, where), "%s", what))
		diag("ret %d, message '%s', want '%s'", ret, err.msg, where);
	profile__delete(p);
}

static void test_bad_input(void)
{
	static const char bin[] = "a;b 1\nx\0y;z 2\n";
	char *big, gz[4096];
	size_t i, n;
	gzFile g;
	FILE *fp;

	expect_error("empty input is an error", "empty", "", 0,
		     "empty input");
	expect_error("missing count names the line", "nocount.folded",
		     "a;c\n", 4, "nocount.folded:1:");
	expect_error("negative count rejected", "neg.folded", "a;b -3\n", 7,
		     "neg.folded:1:");
	expect_error("NUL byte: binary data", "bin", bin, sizeof(bin) - 1,
		     "bin:2: binary data");
	expect_error("future format version", "v9.prof",
		     "# flamediff-profile 9\na;b 1\n", 27, "v9.prof:1:");

	/* A gzip file cut in the middle. */
	g = gzopen(tmp_path("full.gz"), "wb");
	for (i = 0; i < 2000; i++)
		gzprintf(g, "proc;func%zu;leaf 1\n", i);
	gzclose(g);
	fp = fopen(tmp_path("full.gz"), "rb");
	n = fread(gz, 1, sizeof(gz), fp);
	fclose(fp);
	expect_error("truncated gzip reported", "cut.gz", gz, n / 2,
		     "truncated gzip");

	/* 10,000-frame stack and a 1 MB name are data, not errors. */
	big = malloc(2 << 20);
	n = 0;
	n += sprintf(big + n, "proc");
	for (i = 0; i < 10000; i++)
		n += sprintf(big + n, ";f%zu", i % 7);
	n += sprintf(big + n, " 5\nproc;");
	memset(big + n, 'x', 1 << 20);
	n += 1 << 20;
	n += sprintf(big + n, " 2\n");
	{
		struct profile *p = profile__new();
		struct fd_err err;
		uint32_t id, deepest = 0;

		write_file(tmp_path("big.folded"), big, n);
		ok(input_read(tmp_path("big.folded"), NULL, p, NULL, &err) ==
			   0,
		   "10,000-frame stack and 1 MB name read");
		for (id = 0; id < p->nr_nodes; id++)
			if (profile_depth(p, id) > deepest)
				deepest = profile_depth(p, id);
		is_int(deepest, 10001, "all 10,000 frames kept");
		profile__delete(p);
	}
	free(big);
}

/*
 * A profile written and read back is the same tree and metadata, whatever
 * bytes its names and header values hold: separators, newlines, an empty
 * name, a trailing number, a name that looks kind-suffixed but is not.
 * The reader is fed from memory (lr_init_mem), so no file is needed for it.
 */
static void test_escaping_roundtrip(void)
{
	static const char *const names[] = {
		"a;b", "line\nbreak", "", "operator new 12", "user_[k]",
		"back\\slash\\x41", "#hash", " lead", "\r\t\x7f",
	};
	struct profile *p = profile__new(), *q = profile__new();
	struct fd_err err = { { 0 } };
	struct linereader lr;
	struct outfile o;
	size_t i, len;
	char *text;
	int same = 1;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct frame f[3] = {
			fr(p, i % 2 ? "proc;x" : "proc\ny", FRAME_PROCESS),
			fr(p, names[i], i % 3 ? FRAME_USER : FRAME_KERNEL),
			fr(p, names[(i + 1) % 9], FRAME_USER),
		};

		profile_add_stack(p, f, 3, i + 1);
	}
	meta_set(&p->meta.label, "two\nlines; and \\ more");
	meta_set(&p->meta.cmdline, " sh -c 'a\r\nb'");
	meta_set(&p->meta.event, "cycles");
	outfile_open(&o, tmp_path("esc.prof"), &err);
	profile_write(p, &o);
	ok(outfile_commit(&o, &err) == 0, "a profile of hostile names written");
	text = slurp(tmp_path("esc.prof"));
	len = strlen(text);
	lr_init_mem(&lr, text, len, "esc.prof");
	ok(input_read_lr(&lr, NULL, q, NULL, &err) == 0, "... read back: %s",
	   err.msg);
	lr_release(&lr);
	ok(p->nr_nodes == q->nr_nodes, "... the same number of nodes (%u, %u)",
	   p->nr_nodes, q->nr_nodes);
	for (i = 1; i < p->nr_nodes && i < q->nr_nodes; i++) {
		/* Same insertion order is not promised: look each path up. */
		uint32_t path[4], n = NODE_ROOT;
		size_t d, depth = profile_path(p, i, path, 4);

		for (d = 0; d < depth && n != NODE_NONE; d++) {
			const struct node *pn = &p->nodes[path[d]];
			uint32_t c = q->nodes[n].first_child;

			for (; c != NODE_NONE; c = q->nodes[c].next_sibling)
				if (q->nodes[c].kind == pn->kind &&
				    !strcmp(node_name(q, c), node_name(p, path[d])))
					break;
			n = c;
		}
		if (n == NODE_NONE || q->nodes[n].self != p->nodes[i].self) {
			diag("node %zu (%s) differs", i, node_name(p, i));
			same = 0;
		}
	}
	ok(same, "... every node with its name, kind and weight");
	ok(q->meta.label && !strcmp(q->meta.label, p->meta.label),
	   "... a label with a newline");
	ok(q->meta.cmdline && !strcmp(q->meta.cmdline, p->meta.cmdline),
	   "... a cmdline with a leading blank, CR and LF");
	free(text);
	profile__delete(p);
	profile__delete(q);
}

/*
 * A node keeps no depth: profile_path() and profile_depth() count it on
 * the way up, and profile_path() refuses a path longer than its room.
 */
static void test_paths(void)
{
	struct profile *p = profile__new();
	struct frame *f = calloc(3000, sizeof(*f));
	uint32_t path[4], *grown = NULL, leaf, k;
	unsigned long alloc = 0;
	size_t n, i;
	int in_order = 1;

	for (i = 0; i < 3000; i++) {
		char b[16];

		snprintf(b, sizeof(b), "f%zu", i);
		f[i] = fr(p, b, i ? (int)(i % FRAME_PROCESS) : FRAME_PROCESS);
	}
	leaf = profile_add_stack(p, f, 3000, 1);
	is_int(profile_depth(p, NODE_ROOT), 0, "the root is at depth 0");
	is_int(profile_depth(p, leaf), 3000, "a 3000-frame leaf at 3000");
	n = profile_path(p, 3, path, 4);
	is_int(n, 3, "a path in its room: its depth");
	ok(n == 3 && path[0] == 1 && path[1] == 2 && path[2] == 3,
	   "... root first");
	is_int(profile_path(p, 5, path, 4), 0, "a path past its room: 0");
	is_int(profile_path(p, NODE_ROOT, path, 0), 0, "the root's: empty");
	n = profile_path_grow(p, leaf, &grown, &alloc);
	is_int(n, 3000, "profile_path_grow(): the whole path");
	for (i = 0; i < n; i++) {
		k = p->nodes[grown[i]].kind;
		if (grown[i] != i + 1 || p->nodes[grown[i]].name != f[i].name ||
		    k != f[i].kind)
			in_order = 0;
	}
	ok(in_order, "... root first, every name and kind as added");
	ok(invariants_hold(p), "the tree holds its invariants");
	free(grown);
	free(f);
	profile__delete(p);
}

int main(void)
{
	char cmd[300];

	if (!mkdtemp(tmpdir))
		skip_all("cannot make a temporary directory");
	test_strtab();
	test_paths();
	test_counts();
	test_tree();
	test_merge_free();
	test_clear();
	test_totals();
	test_fan_out();
	test_drop_index();
	test_folded_roundtrip();
	test_shared_prefixes();
	test_differential();
	test_bad_input();
	test_escaping_roundtrip();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	if (system(cmd))
		diag("could not remove %s", tmpdir);
	return done_testing();
}
