// SPDX-License-Identifier: GPL-2.0
/* LKP perf-profile metrics on small hand-built profiles. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/lkp-stats.h"
#include "analyzer/metrics.h"
#include "analyzer/profile.h"
#include "tap.h"
#include "testfile.h"

/* Add "comm;f1;f2_[k];... " (root first; the first frame is the process)
 * with the given weight. */
static void add(struct profile *p, const char *stack, double weight)
{
	add_folded_stack(p, stack, weight, true);
}

static double children(const struct metrics *m, const char *name)
{
	const struct fn_metric *f = metrics_fn(m, name);

	return f ? f->children : -1;
}

static double self(const struct metrics *m, const char *name)
{
	const struct fn_metric *f = metrics_fn(m, name);

	return f ? f->self : -1;
}

static const struct chain_metric *chain(const struct metrics *m,
					const char *name)
{
	size_t i;

	for (i = 0; i < m->nr_chains; i++)
		if (!strcmp(m->chains[i].name, name))
			return &m->chains[i];
	return NULL;
}

static double chain_pct(const struct metrics *m, const char *name)
{
	const struct chain_metric *c = chain(m, name);

	return c ? c->percent : -1;
}

static void compute(struct profile *p, struct metrics *m)
{
	metrics_compute(p, NULL, m);
	ok(isfinite(m->total) && m->total >= 0, "metrics_compute");
}

static void test_basic(void)
{
	struct profile *p = profile__new();
	struct metrics m;

	add(p, "stress-ng;main;foo", 60);
	add(p, "stress-ng;main;bar_[k]", 40);
	compute(p, &m);
	is_near(m.total, 100, 1e-9, "total is the kept weight");
	is_near(children(&m, "main"), 100, 1e-9, "children(main) = 100%%");
	is_near(self(&m, "main"), 0, 1e-9, "self(main) = 0");
	is_near(children(&m, "foo"), 60, 1e-9, "children(foo)");
	is_near(self(&m, "bar"), 40, 1e-9, "self(bar), a kernel frame");
	ok(!metrics_fn(&m, "stress-ng"), "the process root is no function");
	is_int(m.nr_fns, 3, "three functions");
	is_near(chain_pct(&m, "main"), 100, 1e-9,
		"chain of main stops below the process root");
	is_near(chain_pct(&m, "foo.main"), 60, 1e-9, "chain foo.main");
	ok(!chain(&m, "main.stress-ng"), "no process name in a chain");
	is_str(m.fns[0].name, "main", "sorted by children first");
	is_str(m.event, "cycles-pp", "event defaults to cycles-pp");
	metrics_release(&m);
	profile__delete(p);
}

static void test_recursion(void)
{
	struct profile *p = profile__new();
	struct metrics m;

	add(p, "comm;a;b;a;b", 100);
	add(p, "comm;a", 100);
	add(p, "comm;c;c;c", 200);
	compute(p, &m);
	is_near(children(&m, "a"), 50, 1e-9, "recursion counted once (a)");
	is_near(children(&m, "b"), 25, 1e-9, "recursion counted once (b)");
	is_near(children(&m, "c"), 50, 1e-9, "recursion counted once (c)");
	is_near(self(&m, "b"), 25, 1e-9, "self(b)");
	is_near(self(&m, "c"), 50, 1e-9, "self(c)");
	/* The chain starts at the occurrence nearest the leaf. */
	is_near(chain_pct(&m, "a.b.a"), 25, 1e-9, "chain a.b.a");
	is_near(chain_pct(&m, "a"), 25, 1e-9, "chain a");
	is_near(chain_pct(&m, "b.a.b.a"), 25, 1e-9, "chain b.a.b.a");
	is_near(chain_pct(&m, "c.c.c"), 50, 1e-9, "chain c.c.c");
	ok(!chain(&m, "c.c") && !chain(&m, "c"), "no chain from outer c");
	metrics_release(&m);
	profile__delete(p);
}

/* .totals_only: the totals compute() gave m, and nothing else. */
static void same_totals(const struct profile *p, const struct metrics *m,
			const char *what)
{
	struct metrics_opts o = { .totals_only = true };
	struct metrics t;

	metrics_compute(p, &o, &t);
	ok(t.total == m->total && t.hidden == m->hidden &&
	   t.stacks == m->stacks && t.hidden_stacks == m->hidden_stacks &&
	   t.scale == m->scale && !t.nr_fns && !t.nr_chains,
	   "totals only: the same totals (%s)", what);
	metrics_release(&t);
}

/* Weight at the root itself (an empty stack) is no function's. */
static void test_root_self(void)
{
	struct profile *p = profile__new();
	struct metrics m;

	add(p, "comm;main", 10);
	profile_add_self(p, NODE_ROOT, 5);
	compute(p, &m);
	is_near(m.hidden, 5, 0, "root self is hidden");
	same_totals(p, &m, "weight at the root");
	metrics_release(&m);
	profile__delete(p);
}

static void test_unresolved(void)
{
	struct profile *p = profile__new();
	struct metrics m;

	add(p, "comm;main;[unknown]", 30);
	add(p, "comm;main;foo;[libc.so.6]", 20);
	add(p, "comm;main;[libc.so.6];foo", 50);
	add(p, "comm;main;foo", 50);
	add(p, "comm;[unknown]_[k];main", 100);
	add(p, "comm", 7); /* a sample without any frame */
	compute(p, &m);
	is_near(m.total, 200, 1e-9, "unresolved leaves left out of the total");
	is_near(m.hidden, 57, 1e-9, "hidden weight");
	is_int(m.hidden_stacks, 3, "hidden stacks");
	is_int(m.stacks, 3, "kept stacks");
	same_totals(p, &m, "unresolved frames, a frameless sample");
	is_near(children(&m, "main"), 100, 1e-9, "children(main)");
	is_near(children(&m, "foo"), 50, 1e-9,
		"children(foo) without the unresolved-leaf sample");
	is_near(self(&m, "main"), 50, 1e-9, "self(main)");
	ok(!metrics_fn(&m, "[unknown]") && !metrics_fn(&m, "[libc.so.6]"),
	   "unresolved frames are no functions");
	/* [libc.so.6] between main and foo is dropped: one chain. */
	is_near(chain_pct(&m, "foo.main"), 50, 1e-9,
		"unresolved middle frame dropped from the chain");
	is_int(chain(&m, "foo.main") ? chain(&m, "foo.main")->nr_chains : 0, 1,
	       "the two paths are one chain");
	is_near(chain_pct(&m, "main"), 100, 1e-9, "chain main");
	metrics_release(&m);

	/* Everything unresolved: no entries, total 0, no crash. "[unknown] "
	 * is what stackcollapse-perf makes of a deleted DSO's frame. */
	profile__delete(p);
	p = profile__new();
	add(p, "comm;[unknown]", 10);
	add(p, "comm;main;[unknown] ", 10);
	compute(p, &m);
	ok(m.total == 0 && m.nr_fns == 0 && m.nr_chains == 0,
	   "all samples hidden: empty metrics");
	metrics_release(&m);
	profile__delete(p);
}

static void test_chain_cut(void)
{
	struct profile *p = profile__new();
	const double w = 1000003; /* perf's -c, as LKP records */
	struct metrics m;

	/* Total 1000 samples; 0.5% is 5 samples. */
	add(p, "comm;x1;a;b;c;d;f", 4 * w);
	add(p, "comm;x2;a;b;c;d;f", 4 * w);
	add(p, "comm;y1;a;b;c;d;g", 6 * w);
	add(p, "comm;y2;a;b;c;d;g", 6 * w);
	add(p, "comm;z1;a;b;c;d;h", 5 * w);
	add(p, "comm;z2;a;b;c;d;h", 4 * w);
	add(p, "comm;main;other", 971 * w);
	compute(p, &m);
	ok(!chain(&m, "f.d.c.b.a"),
	   "two 0.4%% chains are cut before the merge (no 0.8%% line)");
	is_near(children(&m, "f"), 0.8, 1e-9, "children(f) is not cut");
	is_near(chain_pct(&m, "g.d.c.b.a"), 1.2, 1e-9,
		"two 0.6%% chains merge into one five-name line");
	is_int(chain(&m, "g.d.c.b.a") ? chain(&m, "g.d.c.b.a")->nr_chains : 0,
	       2, "merged from two chains");
	is_near(chain_pct(&m, "h.d.c.b.a"), 0.5, 1e-9,
		"a chain of exactly 0.5%% is kept, its 0.4%% twin not");
	is_near(chain_pct(&m, "d.c.b.a.x1"), -1, 0,
		"d's chains below 0.5%% are cut");
	is_near(chain_pct(&m, "d.c.b.a.y1"), 0.6, 1e-9, "d.c.b.a.y1");
	metrics_release(&m);

	/* Weights in samples (folded counts): 1 of 300 is 0.33%, cut. */
	{
		struct profile *q = profile__new();

		add(q, "comm;main;a", 299);
		add(q, "comm;main;b", 1);
		compute(q, &m);
		ok(!chain(&m, "b.main") && chain(&m, "a.main"),
		   "a 1-sample chain of 300 samples is cut");
		metrics_release(&m);
		profile__delete(q);
	}

	/*
	 * Weights in perf's periods (a unit: perf script, perf.data): perf
	 * keeps a chain of at least the total's 0.5% truncated to an
	 * integer: 1 of 300 page-faults (1.5 -> 1) is kept; of 402, 0.5%
	 * is 2.01 -> 2, so 2 (0.4975%) is kept and 1 is cut.
	 */
	{
		struct profile *q = profile__new();

		meta_set(&q->meta.unit, "events");
		add(q, "comm;main;a", 299);
		add(q, "comm;main;b", 1);
		compute(q, &m);
		ok(chain(&m, "b.main") && chain(&m, "a.main"),
		   "periods: 1 fault of 300 is kept (perf's u64 cut)");
		metrics_release(&m);
		profile__delete(q);
		q = profile__new();
		meta_set(&q->meta.unit, "events");
		add(q, "comm;main;a", 399);
		add(q, "comm;main;b", 2);
		add(q, "comm;main;c", 1);
		compute(q, &m);
		ok(chain(&m, "b.main") && !chain(&m, "c.main"),
		   "periods: 2 of 402 kept (2.01 -> 2), 1 of 402 cut");
		metrics_release(&m);
		profile__delete(q);
	}

	/* A negative minimum keeps every chain. */
	{
		struct metrics_opts o = { .chain_min_percent = -1 };

		metrics_compute(p, &o, &m);
		is_near(chain_pct(&m, "f.d.c.b.a"), 0.8, 1e-9,
			"chain_min_percent < 0 keeps the small chains");
		metrics_release(&m);
	}
	profile__delete(p);
}

static void test_clones(void)
{
	struct profile *p = profile__new();
	struct metric_set s = { 0 };
	struct metrics m;

	add(p, "comm;main;foo.isra.0", 30);
	add(p, "comm;main;foo.constprop.1", 20);
	add(p, "comm;main;foo.part.0.cold", 10);
	add(p, "comm;main;bar.constprop.0.isra.0;baz", 40);
	compute(p, &m);
	is_near(children(&m, "foo"), 50, 1e-9, "clones merged: children(foo)");
	is_near(self(&m, "foo"), 50, 1e-9, "clones merged: self(foo)");
	is_near(children(&m, "foo.cold"), 10, 1e-9, ".cold stays");
	ok(!metrics_fn(&m, "foo.isra.0"), "no foo.isra.0 left");
	is_near(children(&m, "bar"), 40, 1e-9, "stacked clone suffixes");
	is_near(chain_pct(&m, "foo.main"), 50, 1e-9,
		"chains merged after the clean-up");
	is_near(chain_pct(&m, "baz.bar.main"), 40, 1e-9,
		"names inside a chain cleaned");

	metrics_lkp_set(&m, 0.05, &s);
	is_near(metric_set_get(&s, "perf-profile.children.cycles-pp.foo"), 50,
		1e-9, "LKP key children");
	is_near(metric_set_get(&s, "perf-profile.self.cycles-pp.foo.cold"), 10,
		1e-9, "LKP key self");
	is_near(metric_set_get(&s,
			       "perf-profile.calltrace.cycles-pp.baz.bar.main"),
		40, 1e-9, "LKP key calltrace");
	is_near(metric_set_get(&s, "perf-profile.self.cycles-pp.main"), 0, 0,
		"self(main) = 0 is not printed (< 0.05)");
	ok(!metric_set_find(&s, "perf-profile.self.cycles-pp.main"),
	   "no key below 0.05");
	metric_set_release(&s);
	metrics_release(&m);
	profile__delete(p);

	/* Two clones of one function in the same stack: perf has two
	 * entries that each count the sample, and LKP adds them up. */
	p = profile__new();
	add(p, "comm;foo.isra.0;foo.part.1", 100);
	compute(p, &m);
	is_near(children(&m, "foo"), 200, 1e-9,
		"distinct clones in one stack add up, as in LKP");
	metrics_release(&m);
	profile__delete(p);
}

/* What fn_row() was given, one row after another. */
struct rows_seen {
	size_t nr;
	struct {
		uint32_t id;
		char name[64];
		double children, self;
	} row[16];
};

static void see_row(void *ctx, const struct metrics *m, uint32_t id,
		    const char *name, double children, double self)
{
	struct rows_seen *r = ctx;

	(void)m;
	if (r->nr >= 16)
		return;
	r->row[r->nr].id = id;
	snprintf(r->row[r->nr].name, sizeof(r->row[r->nr].name), "%s", name);
	r->row[r->nr].children = children;
	r->row[r->nr++].self = self;
}

/*
 * metrics_opts.fn_row against the array it replaces (fn_ids, unsorted):
 * the same rows in the same order, the same doubles exactly, the same
 * name ids, on names that merge (clones), that cleaning changes into a
 * name the profile has not (a DSO-named frame) and that it keeps.
 */
static void test_fn_row(void)
{
	struct metrics_opts want_o = { .fn_ids = true, .fns_unsorted = true };
	struct rows_seen seen = { 0 };
	struct metrics_opts row_o = { .fn_row = see_row, .fn_row_ctx = &seen };
	struct profile *p = profile__new();
	struct metrics want, got;
	size_t i, same = 0, extra = 0;

	add(p, "comm;main;foo.isra.0", 30);
	add(p, "comm;main;foo.constprop.1;baz", 20.5);
	add(p, "comm;main;foo", 1.0 / 3);
	add(p, "comm;main;qux.part.0.cold", 10);
	add(p, "comm;main;memcpy", 7);
	add(p, "comm;start;main;bar_[k]", 40);
	metrics_compute(p, &want_o, &want);
	metrics_compute(p, &row_o, &got);
	ok(want.nr_fns > 4 && got.nr_fns == want.nr_fns &&
		   seen.nr == want.nr_fns && !got.fns,
	   "fn_row: every row given (%zu), none kept", seen.nr);
	for (i = 0; i < seen.nr && i < want.nr_fns; i++)
		same += seen.row[i].id == want.fn_ids[i] &&
			!strcmp(seen.row[i].name, want.fns[i].name) &&
			seen.row[i].children == want.fns[i].children &&
			seen.row[i].self == want.fns[i].self;
	for (i = 0; i < seen.nr; i++)
		extra += seen.row[i].id == UINT32_MAX &&
			 !strcmp(seen.row[i].name, "qux.cold");
	ok(extra == 1, "fn_row: a cleaned name the profile has not: no id");
	ok(same == want.nr_fns && got.total == want.total,
	   "fn_row: the array's rows, ids and doubles (%zu of %zu)", same,
	   want.nr_fns);
	metrics_release(&want);
	metrics_release(&got);
	profile__delete(p);
}

static void test_lkp_values(void)
{
	struct profile *p = profile__new();
	struct metrics_opts o = { 0 };
	struct metric_set s = { 0 };
	struct metrics m;

	meta_set(&p->meta.event, "cycles:pp");
	add(p, "comm;main;tiny", 496);
	add(p, "comm;main;small", 440);
	add(p, "comm;main;big", 1000000 - 496 - 440);
	/* foo in the kernel and in user space: two perf entries. */
	add(p, "comm;main;big;foo_[k]", 100000);
	add(p, "comm;main;foo", 100000);
	metrics_compute(p, &o, &m);
	is_str(m.event, "cycles-pp", "event cycles:pp -> cycles-pp");
	metrics_lkp_set(&m, 0.05, &s);
	/* 496 / 1.2M = 0.0413%: perf prints 0.04, dropped. */
	ok(!metric_set_find(&s, "perf-profile.self.cycles-pp.tiny"),
	   "0.04 is below the cut");
	metrics_release(&m);
	metric_set_release(&s);

	/* Now 496 of ~1M: 0.0496%, printed 0.05 by perf, kept by LKP. */
	profile__delete(p);
	p = profile__new();
	meta_set(&p->meta.event, "cycles:pp");
	add(p, "comm;main;tiny", 496);
	add(p, "comm;main;big", 1000000 - 496);
	add(p, "comm;main;foo_[k]", 1000);
	add(p, "comm;main;foo", 1000);
	o.event = "cpu-clock";
	metrics_compute(p, &o, &m);
	is_str(m.event, "cpu-clock", "event name overridden");
	metrics_lkp_set(&m, 0.05, &s);
	is_near(metric_set_get(&s, "perf-profile.self.cpu-clock.tiny"), 0.05,
		1e-12, "LKP's value is perf's two-decimal figure");
	ok(metrics_fn(&m, "tiny")->self < 0.05, "full precision kept");
	is_near(metric_set_get(&s, "perf-profile.self.cpu-clock.foo"), 0.20,
		1e-12, "kernel and user foo: two figures summed");
	ok(s.nr > 0 && strcmp(s.v[0].key, s.v[s.nr - 1].key) < 0,
	   "set sorted by key");
	metrics_release(&m);
	metric_set_release(&s);
	profile__delete(p);
}

static void test_deep(void)
{
	struct profile *p = profile__new();
	struct frame fr[10001];
	struct metrics m;
	size_t i;

	fr[0].name = profile_intern(p, "comm", 4);
	fr[0].kind = FRAME_PROCESS;
	for (i = 1; i <= 10000; i++) {
		fr[i].name = profile_intern(p, i % 2 ? "a" : "b", 1);
		fr[i].kind = FRAME_KERNEL;
	}
	profile_add_stack(p, fr, 10001, 3);
	profile_add_stack(p, fr, 5002, 1); /* ends in a */
	compute(p, &m);
	is_near(children(&m, "a"), 100, 1e-9, "10,000-frame recursion: a");
	is_near(children(&m, "b"), 100, 1e-9, "10,000-frame recursion: b");
	is_near(self(&m, "b"), 75, 1e-9, "10,000-frame recursion: self b");
	is_near(self(&m, "a"), 25, 1e-9, "10,000-frame recursion: self a");
	ok(chain(&m, "b.a.b.a.b") && chain(&m, "a.b.a.b.a"),
	   "deep chains cut to five names");
	metrics_release(&m);
	profile__delete(p);
}

static void test_metric_set(void)
{
	struct metric_set s = { 0 };
	char path[] = "/tmp/flamediff-metrics-XXXXXX";
	struct fd_err err;
	FILE *fp;
	int fd;

	metric_set_sort(&s);
	ok(!metric_set_find(&s, "a") && metric_set_get(&s, "a") == 0,
	   "an empty set: nothing found, value 0");
	metric_set_add(&s, "b", 1);
	metric_set_add(&s, "a", 2);
	metric_set_add(&s, "b", 0.5);
	is_near(metric_set_get(&s, "b"), 1.5, 0, "repeated keys add up");
	is_near(metric_set_get(&s, "zzz"), 0, 0, "a missing key is 0");
	is_int(s.nr, 2, "two keys");
	is_str(s.v[0].key, "a", "sorted");
	metric_set_release(&s);

	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	fprintf(fp, "# comment\nperf-profile.self.cycles-pp.x: 12.34\n\n"
		    "vmstat.system.cs: 1e3\n");
	fclose(fp);
	ok(metric_set_read(path, &s, &err) == 0, "read an LKP stats file");
	is_near(metric_set_get(&s, "perf-profile.self.cycles-pp.x"), 12.34, 0,
		"value read");
	is_near(metric_set_get(&s, "vmstat.system.cs"), 1000, 0,
		"other LKP stats too");
	metric_set_release(&s);

	fp = fopen(path, "w");
	fprintf(fp, "a: 1\nno value here\n");
	fclose(fp);
	ok(metric_set_read(path, &s, &err) == -1, "bad line refused");
	ok(strstr(err.msg, ":2: ") != NULL, "message names the line: %s",
	   err.msg);
	metric_set_release(&s);
	unlink(path);
}

/* Weights whose sum passes DBL_MAX: the shares stay right and finite. */
static void test_huge_weights(void)
{
	struct profile *p = profile__new();
	struct metrics m;

	add(p, "proc;main;foo", 1e308);
	add(p, "proc;main;bar", 1e308);
	add(p, "proc;main;[unknown]", 1e308);
	add(p, "proc;main;tiny", 1);
	compute(p, &m);
	ok(m.scale > 0 && m.scale < 1, "weights are scaled (%g)", m.scale);
	ok(isfinite(m.total) && isfinite(m.hidden) &&
	   isfinite(100 * (m.total + m.hidden)),
	   "total and hidden are finite, and 100 times their sum");
	is_near(m.hidden / m.total, 0.5, 1e-12, "hidden is half the kept");
	same_totals(p, &m, "scaled weights");
	is_near(children(&m, "main"), 100, 1e-9, "children(main) = 100%%");
	is_near(children(&m, "foo"), 50, 1e-9, "children(foo) = 50%%");
	is_near(self(&m, "bar"), 50, 1e-9, "self(bar) = 50%%");
	is_near(chain_pct(&m, "foo.main"), 50, 1e-9, "chain foo.main 50%%");
	metrics_release(&m);
	profile__delete(p);

	/* DBL_MAX itself: 100 times it is no double. */
	p = profile__new();
	add(p, "proc;main;foo", DBL_MAX);
	compute(p, &m);
	is_near(children(&m, "foo"), 100, 1e-9, "children of DBL_MAX = 100%%");
	metrics_release(&m);
	profile__delete(p);

	p = profile__new();
	add(p, "proc;main;foo", 60);
	compute(p, &m);
	is_near(m.scale, 1, 0, "ordinary weights are not scaled");
	metrics_release(&m);
	profile__delete(p);
}

/* Repeated keys add up; past DBL_MAX the sum is held there. */
static void test_set_saturates(void)
{
	struct metric_set s = { 0 };

	metric_set_add(&s, "x.y", 1e308);
	metric_set_add(&s, "x.y", 1e308);
	metric_set_add(&s, "x.z", -1e308);
	metric_set_add(&s, "x.z", -1e308);
	is_near(metric_set_get(&s, "x.y"), DBL_MAX, 0, "held at DBL_MAX");
	is_near(metric_set_get(&s, "x.z"), -DBL_MAX, 0, "held at -DBL_MAX");
	metric_set_release(&s);
}

int main(void)
{
	test_huge_weights();
	test_set_saturates();
	test_basic();
	test_recursion();
	test_unresolved();
	test_root_self();
	test_chain_cut();
	test_clones();
	test_fn_row();
	test_lkp_values();
	test_deep();
	test_metric_set();
	return done_testing();
}
