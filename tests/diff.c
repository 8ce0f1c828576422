// SPDX-License-Identifier: GPL-2.0
/*
 * analyzer/diff and analyzer/explain on hand-made runs: LKP's rules (missing
 * = 0, population stddev, the separation rule with the upper median, order,
 * floors), Welch's p, the chains of the explanation, the differential
 * folded output read back, and the paths of diff --format tree.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "analyzer/chains.h"
#include "analyzer/compare.h"
#include "analyzer/diff.h"
#include "analyzer/diff-folded.h"
#include "analyzer/explain.h"
#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "analyzer/stats.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "tap.h"
#include "testfile.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Runs of one key: set[i] gets key = v[i] (skipped when v[i] is NAN). */
static void put(struct metric_set *set, size_t n, const char *key,
		const double *v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			metric_set_add(&set[i], key, v[i]);
}

static const struct diff_row *row(const struct diff *d, const char *key)
{
	size_t i;

	for (i = 0; i < d->nr_rows; i++)
		if (!strcmp(d->rows[i].key, key))
			return &d->rows[i];
	return NULL;
}

static void free_sets(struct metric_set *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		metric_set_release(&s[i]);
}

static void test_lkp_rules(void)
{
	struct metric_set b[6] = { 0 }, n[6] = { 0 };
	struct diff_opts o = { .min_change = DIFF_NO_MIN_CHANGE };
	const struct diff_row *r;
	struct diff d;
	size_t i;

	/* Consistent but small: shown as "+0.1", LKP style. */
	put(b, 6, "perf-profile.children.cycles-pp.small",
	    (double[]){ 1, 1, 1, 1, 1, 1 });
	put(n, 6, "perf-profile.children.cycles-pp.small",
	    (double[]){ 1.1, 1.1, 1.1, 1.1, 1.1, 1.2 });
	/* Large but noisy: not shown. */
	put(b, 6, "perf-profile.children.cycles-pp.noisy",
	    (double[]){ 10, 10, 10, 10, 10, 10 });
	put(n, 6, "perf-profile.children.cycles-pp.noisy",
	    (double[]){ 0, 30, 0, 30, 0, 30 });
	/* Separated by the lower median (1) but not by the upper one (5),
	 * which is LKP's (sorted[n/2]). */
	put(b, 6, "perf-profile.self.cycles-pp.median",
	    (double[]){ 3, 3, 3, 6, 6, 6 });
	put(n, 6, "perf-profile.self.cycles-pp.median",
	    (double[]){ 1, 1, 1, 5, 5, 5 });
	/* Only in one base run, missing elsewhere (0): sqrt(5) = 223%. */
	put(b, 6, "perf-profile.self.cycles-pp.once",
	    (double[]){ NAN, NAN, 0.3, NAN, NAN, NAN });
	/* Gone in new: missing there. */
	put(b, 6, "perf-profile.calltrace.cycles-pp.gone.a.b",
	    (double[]){ 92, 91, 93, 92, 92, 92 });
	put(n, 6, "perf-profile.calltrace.cycles-pp.new.a.b",
	    (double[]){ 40, 44, 45, 42, 41, 46 });
	put(b, 6, "stress-ng.ops", (double[]){ 100, 101, 99, 100, 100, 100 });
	put(n, 6, "stress-ng.ops",
	    (double[]){ 148, 149, 150, 148, 147, 149 });
	/* Separated, but medians only 0.5% apart: LKP wants > 1%. */
	put(b, 6, "vmstat.x", (double[]){ 1000, 1000, 1000, 1000, 1000, 1000 });
	put(n, 6, "vmstat.x", (double[]){ 1005, 1005, 1005, 1005, 1005, 1005 });

	diff_compare(b, 6, n, 6, &o, &d);
	is_int(d.nr_rows, 8, "every key of either side is a row");
	r = row(&d, "perf-profile.children.cycles-pp.small");
	ok(r && r->changed && r->shown, "a small consistent change is shown");
	is_near(r ? r->change : 0, 0.1166667, 1e-6, "... its change in points");
	r = row(&d, "perf-profile.children.cycles-pp.noisy");
	ok(r && !r->separated && !r->shown, "a large noisy change is not");
	r = row(&d, "perf-profile.self.cycles-pp.median");
	ok(r && !r->separated, "the rule uses the upper median");
	r = row(&d, "perf-profile.self.cycles-pp.once");
	ok(r && r->base_mean > 0, "a key in one run only is a row");
	is_near(r ? 100 * r->base_stddev / r->base_mean : 0, 223.6068, 1e-3,
		"missing runs count as 0: stddev 223% (LKP's +-223%)");
	r = row(&d, "perf-profile.calltrace.cycles-pp.gone.a.b");
	ok(r && r->new_mean == 0 && r->changed, "a vanished key: new 0");
	is_near(r ? r->base_stddev : 0, 0.5773503, 1e-6,
		"population stddev (divided by n, not n - 1)");
	ok(r && r->p >= 0 && r->p < 1e-6,
	   "Welch's p of a clear change is tiny");
	r = row(&d, "perf-profile.children.cycles-pp.noisy");
	ok(r && r->p > 0.05, "... and of the noisy one is not (%g)",
	   r ? r->p : -1);
	r = row(&d, "stress-ng.ops");
	ok(r && !r->points && r->changed, "other stats: relative change");
	is_near(r ? r->change : 0, 48.5, 1e-9, "... in percent of base");
	r = row(&d, "vmstat.x");
	ok(r && r->separated && !r->changed,
	   "a stat whose medians are within 1%% is not a change");

	/* Order: stats (by LKP's families: the benchmark before other
	 * monitors), calltrace, children, self; change ascending. */
	{
		static const char *const want[] = {
			"stress-ng.ops",
			"vmstat.x",
			"perf-profile.calltrace.cycles-pp.gone.a.b",
			"perf-profile.calltrace.cycles-pp.new.a.b",
			"perf-profile.children.cycles-pp.small",
			"perf-profile.children.cycles-pp.noisy",
			"perf-profile.self.cycles-pp.median",
			"perf-profile.self.cycles-pp.once",
		};
		int good = d.nr_rows == N(want);

		for (i = 0; good && i < N(want); i++)
			good = !strcmp(d.rows[i].key, want[i]);
		ok(good, "rows in LKP's order: groups, then change ascending");
		for (i = 0; !good && i < d.nr_rows; i++)
			diag("%+.2f %s", d.rows[i].change, d.rows[i].key);
	}
	diff_release(&d);

	o.all = true;
	diff_compare(b, 6, n, 6, &o, &d);
	is_int(d.nr_shown, 8, "--all shows every row");
	diff_release(&d);
	free_sets(b, 6);
	free_sets(n, 6);
}

static void test_one_run(void)
{
	struct metric_set b[1] = { 0 }, n[1] = { 0 };
	struct diff_opts o = { .min_change = DIFF_NO_MIN_CHANGE };
	struct diff d;

	metric_set_add(&b[0], "perf-profile.self.cycles-pp.half", 2.0);
	metric_set_add(&n[0], "perf-profile.self.cycles-pp.half", 2.5);
	metric_set_add(&b[0], "perf-profile.self.cycles-pp.more", 2.0);
	metric_set_add(&n[0], "perf-profile.self.cycles-pp.more", 3.5);
	metric_set_add(&b[0], "stat.four", 100);
	metric_set_add(&n[0], "stat.four", 104);
	metric_set_add(&b[0], "stat.six", 100);
	metric_set_add(&n[0], "stat.six", 106);
	diff_compare(b, 1, n, 1, &o, &d);
	ok(!row(&d, "perf-profile.self.cycles-pp.half")->shown,
	   "one run a side: 0.5 point is below the floor");
	ok(row(&d, "perf-profile.self.cycles-pp.more")->shown,
	   "one run a side: 1.5 points is above it");
	ok(!row(&d, "stat.four")->shown && row(&d, "stat.six")->shown,
	   "one run a side: other stats need 5%%");
	ok(row(&d, "stat.six")->p == -1, "no p-value with one run");
	diff_release(&d);

	o.min_change = 0;
	diff_compare(b, 1, n, 1, &o, &d);
	is_int(d.nr_shown, 4, "--min-change 0 replaces the one-run floor");
	diff_release(&d);
	o.min_change = 1.0;
	diff_compare(b, 1, n, 1, &o, &d);
	is_int(d.nr_shown, 3, "--min-change 1: 1.5 points, 4%% and 6%%");
	diff_release(&d);
	free_sets(b, 1);
	free_sets(n, 1);
}

static struct profile *prof(const char *const *lines, size_t n)
{
	struct profile *p;
	size_t i, len = 1;
	char *text;

	for (i = 0; i < n; i++)
		len += strlen(lines[i]) + 1;
	text = calloc(1, len);
	for (i = 0; i < n; i++)
		strcat(strcat(text, lines[i]), "\n");
	p = profile_of_text(text);
	free(text);
	return p ? p : profile__new();
}

/*
 * explain_self_chain_ids() against explain_self_chains(): the same keys,
 * the same doubles (exactly), the ids ascending, interned in the
 * profile's own names (one-frame chains taken as the name) or another
 * table.
 */
static int same_chains(const struct profile *p, struct strtab *names,
		       const struct metric_set *want)
{
	uint32_t *ids;
	double *vals;
	size_t nr = explain_self_chain_ids(p, names, &ids, &vals), j;
	int same = nr == want->nr;

	for (j = 0; same && j < nr; j++) {
		const struct metric *m;

		if (j && ids[j] <= ids[j - 1])
			same = 0;
		m = metric_set_find((struct metric_set *)want,
				    strtab_str(names, ids[j]));
		if (!m || m->value != vals[j])
			same = 0;
	}
	free(ids);
	free(vals);
	return same;
}

static void test_chain_ids(void)
{
	static const char *const lines[] = {
		"proc;f.isra.0 3",
		"proc;g 7",
		"proc;f 2",
		"proc;[unknown];f.part.1 0.1",
		"proc;a_[k];b.cold;c 30",
		"proc;x;a_[k];b.cold;c 0.3",
		"proc;r1;r2;r3;r4;r5;r6;leaf 10",
		"proc;q;r2;r3;r4;r5;r6;leaf 0.7",
		"proc;x_[k];[unknown] 60",
	};
	struct profile *p = prof(lines, N(lines));
	struct strtab *other = strtab__new();
	struct metric_set want = { 0 };
	int i;

	explain_self_chains(p, &want);
	ok(want.nr == 5, "chain ids: the chains to match (%zu)", want.nr);
	ok(same_chains(p, p->names, &want),
	   "chain ids in the profile's names: explain_self_chains()' keys "
	   "and values");
	ok(same_chains(p, other, &want),
	   "chain ids in another table: the same");
	strtab__delete(other);
	/* ids past 2^11, and some far below the others: two digits of
	 * the sort by id, the order of equal ids kept across both */
	other = strtab__new();
	strtab_intern(other, "g", 1);
	for (i = 0; i < 3000; i++) {
		char name[16];
		int n = snprintf(name, sizeof(name), "pad%d", i);

		strtab_intern(other, name, n);
	}
	ok(same_chains(p, other, &want),
	   "chain ids past 2^11 in another table: the same");
	metric_set_release(&want);
	strtab__delete(other);
	profile__delete(p);
}

static void test_chains(void)
{
	static const char *const lines[] = {
		"proc;a.isra.0_[k];b_[k];c_[k] 30",
		"proc;[unknown];a_[k];b_[k] 10",
		"proc;x_[k];[unknown] 60",
		"proc;r1;r2;r3;r4;r5;r6;leaf 10",
	};
	struct profile *p = prof(lines, N(lines));
	struct metric_set s = { 0 }, run = { 0 }, c = { 0 };

	explain_self_chains(p, &s);
	is_int(s.nr, 3, "self chains: one per kept leaf");
	is_near(metric_set_get(&s, "c;b;a"), 60, 1e-9,
		"callee first, clone suffix gone, percent of the kept total");
	is_near(metric_set_get(&s, "b;a"), 20, 1e-9,
		"an unresolved frame in the middle is left out");
	is_near(metric_set_get(&s, "leaf;r6;r5;r4;r3"), 20, 1e-9,
		"five frames at most");
	metric_set_release(&s);
	profile__delete(p);

	metric_set_add(&run, "perf-profile.children.cycles-pp.foo.cold", 5);
	metric_set_add(&run, "perf-profile.children.cycles-pp.bar", 5);
	metric_set_add(&run,
		       "perf-profile.calltrace.cycles-pp.foo.cold.bar.baz.qux",
		       4.5);
	metric_set_add(&run, "perf-profile.calltrace.cycles-pp.bar.x.y", 1);
	explain_calltrace_chains(&run, &c);
	is_near(metric_set_get(&c, "foo.cold;bar;baz;qux"), 4.5, 1e-9,
		"calltrace keys split with the known names ('foo.cold')");
	is_near(metric_set_get(&c, "bar;x;y"), 1, 1e-9,
		"... and at the dots otherwise");
	metric_set_release(&run);
	metric_set_release(&c);

	/* The longest known name wins; one that does not end at a '.' (or
	 * the end) of the key is no name there. */
	metric_set_add(&run, "perf-profile.self.cycles-pp.a.b", 1);
	metric_set_add(&run, "perf-profile.self.cycles-pp.a.b.c", 1);
	metric_set_add(&run, "perf-profile.self.cycles-pp.x.y", 1);
	metric_set_add(&run, "perf-profile.calltrace.cycles-pp.a.b.c.a.b.x.yz",
		       2);
	metric_set_add(&run, "perf-profile.calltrace.cycles-pp.a.b.c", 3);
	explain_calltrace_chains(&run, &c);
	is_near(metric_set_get(&c, "a.b.c;a.b;x;yz"), 2, 1e-9,
		"longest known name first; 'x.y' is not 'x.yz'");
	is_near(metric_set_get(&c, "a.b.c"), 3, 1e-9,
		"a known name up to the end of the key");
	metric_set_release(&run);
	metric_set_release(&c);
}

static void test_explain(void)
{
	struct metric_set b[3] = { 0 }, n[3] = { 0 };
	struct metric_set cb[3] = { 0 }, cn[3] = { 0 };
	struct diff_opts o = { .min_change = DIFF_NO_MIN_CHANGE };
	struct explain e;
	struct diff d;

	put(b, 3, "perf-profile.self.cycles-pp.spin",
	    (double[]){ 90, 91, 92 });
	put(n, 3, "perf-profile.self.cycles-pp.spin",
	    (double[]){ 89, 90, 88 });
	put(b, 3, "perf-profile.children.cycles-pp.notify",
	    (double[]){ 90, 91, 92 });
	put(cb, 3, "spin;lock_irqsave;notify;event",
	    (double[]){ 90, 91, 92 });
	put(cn, 3, "spin;lock;alloc_swap;shrink",
	    (double[]){ 60, 61, 59 });
	put(cn, 3, "spin;lock;other", (double[]){ 29, 29, 29 });
	put(cn, 3, "spin;noise", (double[]){ 0.4, 0, 0 });
	diff_compare(b, 3, n, 3, &o, &d);
	explain_compute(&d, cb, cn, false, &o, &e);
	is_int(e.nr_children, 1, "one mover by children");
	is_int(e.nr_hot, 1, "one hot function");
	if (e.nr_hot) {
		ok(!strcmp(e.hot[0].fn, "spin"), "it is spin");
		is_int(e.hot[0].nr_lost, 1, "one chain lost");
		is_int(e.hot[0].nr_gained, 2, "two gained, noise left out");
		ok(e.hot[0].nr_gained &&
			   !strcmp(e.hot[0].gained[0].chain,
				   "spin;lock;alloc_swap;shrink"),
		   "the largest gain first");
		is_near(e.hot[0].nr_lost ? e.hot[0].lost[0].change : 0, -91,
			1e-9, "the lost chain's change");
	}
	explain_release(&e);
	diff_release(&d);
	free_sets(b, 3);
	free_sets(n, 3);
	free_sets(cb, 3);
	free_sets(cn, 3);
}

static void test_folded(void)
{
	static const char *const base[] = {
		"proc;main;work.constprop.0;spin 30",
		"proc;main;idle 10",
	};
	static const char *const new[] = {
		"proc;main;work.constprop.1;spin 10",
		"proc;main;fast 70",
	};
	struct profile *pb = prof(base, N(base)), *pn = prof(new, N(new));
	struct profile *rb = profile__new(), *rn = profile__new();
	char path[] = "/tmp/flamediff-diff-folded.XXXXXX";
	struct outfile o;
	struct fd_err err;
	char buf[512];
	size_t len;
	FILE *fp;
	int fd = mkstemp(path);

	close(fd);
	outfile_open(&o, path, &err);
	diff_folded_write(pb, pn, true, &o);
	ok(!outfile_commit(&o, &err), "differential folded written");
	fp = fopen(path, "r");
	len = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[len] = '\0';
	fclose(fp);
	is_str(buf,
	       "proc;main;fast 0 35\n"
	       "proc;main;idle 10 0\n"
	       "proc;main;work;spin 30 5\n",
	       "names matched without clone suffixes, new scaled to 40");
	ok(!input_read(path, NULL, rb, rn, &err),
	   "flamediff reads it back as a pair");
	is_near(profile_total(rb), 40, 1e-9, "base total");
	is_near(profile_total(rn), 40, 1e-9, "new total, normalised");
	unlink(path);
	profile__delete(pb);
	profile__delete(pn);
	profile__delete(rb);
	profile__delete(rn);
}

/* Figures handed to the printers stay finite for values up to DBL_MAX. */
static void test_finite(void)
{
	static const double big[] = { 1e308, 1e308 };
	static const double pm[] = { 1e308, -1e308 };
	static const double near_max[] = { DBL_MAX, DBL_MAX / 2, DBL_MAX };
	static const double small[] = { 5, 6 };
	double sd, p;

	is_near(stats_mean(big, 2), 1e308, 1e294, "mean of 1e308s is 1e308");
	is_near(stats_mean(pm, 2), 0, 0, "mean of +-1e308 is 0");
	sd = stats_pstddev(pm, 2);
	is_near(sd, 1e308, 1e295, "stddev of +-1e308 is 1e308");
	sd = stats_pstddev(near_max, 3);
	ok(isfinite(sd) && sd > 0, "stddev near DBL_MAX finite (%g)", sd);
	p = stats_welch_p(pm, 2, small, 2);
	ok(p >= 0 && p <= 1, "Welch p of +-1e308 against 5, 6 in [0, 1] (%g)",
	   p);
	p = stats_welch_p(near_max, 3, small, 2);
	ok(p >= 0 && p <= 1, "Welch p near DBL_MAX in [0, 1] (%g)", p);
	is_near(stats_welch_p(small, 2, small, 2), 1, 1e-12,
		"Welch p of equal samples is 1");
	ok(isfinite(diff_change(0, 1e308, false)),
	   "change from 0 to 1e308 finite (%g)", diff_change(0, 1e308, false));
	is_near(diff_change(-1e308, 1e308, true), DBL_MAX, 0,
		"points past DBL_MAX are held there");
	is_near(diff_change(1e308, -1e308, false), -200, 1e-9,
		"percent with an overflowing difference (-200%%)");
	is_near(diff_change(100, 150, false), 50, 1e-12, "plain change +50%%");
	is_near(diff_stddev_percent(0, 1), -1, 0, "stddev%% of mean 0 absent");
	is_near(diff_stddev_percent(5e-11, 1), 2e12, 1,
		"stddev%% of a tiny mean is large but finite");
	is_near(diff_stddev_percent(1e-300, 1e300), DBL_MAX, 0,
		"stddev%% past DBL_MAX is held there");
	is_near(diff_stddev_percent(-4, 1), 25, 1e-12, "of |mean|");
}

/* Stacks "a;b;c" (outermost first) with their weights, into p. */
static void add_stacks(struct profile *p, const char *const *stacks,
		       const double *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		add_folded_stack(p, stacks[i], w[i], false);
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every node of t as "path means", sorted, into one string. */
static char *tree_text(const struct cmp_tree *t)
{
	struct strbuf all = STRBUF_INIT, line = STRBUF_INIT;
	char **lines = xcalloc(t->nr_nodes + 1, sizeof(*lines));
	uint32_t id, g;

	for (id = 0; id < t->nr_nodes; id++) {
		strbuf_reset(&line);
		for (g = id; g != NODE_ROOT; g = t->shape->nodes[g].parent)
			strbuf_addf(&line, "%s<", cmp_name(t, g));
		strbuf_addf(&line, " %.9g %.9g %.9g %.9g\n",
			    cmp_mean(t, id, false, false),
			    cmp_mean(t, id, true, false),
			    cmp_mean(t, id, false, true),
			    cmp_mean(t, id, true, true));
		lines[id] = xstrdup(line.buf);
	}
	qsort(lines, t->nr_nodes, sizeof(*lines), cmp_strp);
	for (id = 0; id < t->nr_nodes; id++) {
		strbuf_addstr(&all, lines[id]);
		free(lines[id]);
	}
	free(lines);
	strbuf_release(&line);
	return strbuf_detach(&all, NULL);
}

/*
 * Runs read straight into the union tree (cmp_build_target()) make the
 * tree mapping them makes, and a run that mapping would change (a clone
 * suffix to strip) is taken back out and mapped.
 */
static void test_target(void)
{
	static const char *const b1[] = { "p;main;a;b", "p;main;c" };
	static const char *const b2[] = { "p;main;a;b", "p;main;d" };
	static const char *const n1[] = { "p;main;a;b", "p;x;y;z" };
	static const char *const n1c[] = { "p;main;a;b.isra.0", "p;x;y" };
	static const char *const n2[] = { "p;main;e", "p;main;c" };
	static const double w1[] = { 10, 5 }, w2[] = { 8, 3 }, w3[] = { 7, 9 };
	static const double w4[] = { 4, 2 };
	const char *const *news[2] = { n1, n1c };
	struct cmp_opts co = { .strip_clones = true };
	int k;

	for (k = 0; k < 2; k++) {
		struct profile *r[4], *first = profile__new(), *into;
		struct cmp_build *b = cmp_build__new(&co);
		struct cmp_tree *want, *got;
		char *a, *c;
		int i, direct = 0;

		for (i = 0; i < 4; i++)
			r[i] = profile__new();
		add_stacks(r[0], b1, w1, 2);
		add_stacks(r[1], b2, w2, 2);
		add_stacks(r[2], news[k], w3, 2);
		add_stacks(r[3], n2, w4, 2);
		want = cmp_tree__new(r, 2, r + 2, 2, &co);

		add_stacks(first, b1, w1, 2);
		cmp_build_add_take(b, first, false);
		for (i = 1; i < 4; i++) {
			const char *const *s = i == 1 ? b2 : i == 2 ? news[k]
								  : n2;
			const double *w = i == 1 ? w2 : i == 2 ? w3 : w4;

			into = cmp_build_target(b);
			direct += !!into;
			if (!into) {
				cmp_build_add(b, r[i], i >= 2);
				continue;
			}
			add_stacks(into, s, w, 2);
			cmp_build_add_take(b, into, i >= 2);
		}
		got = cmp_build_finish(b);
		a = tree_text(want);
		c = tree_text(got);
		is_str(c, a, k ? "a run with a clone suffix, mapped after all"
			       : "runs read into the union tree");
		is_int(direct, k ? 2 : 3,
		       k ? "after it, runs are mapped" : "every run read in");
		free(a);
		free(c);
		cmp_tree__delete(want);
		cmp_tree__delete(got);
		profile__delete(first);
		for (i = 0; i < 4; i++)
			profile__delete(r[i]);
	}
}

/* cmp_paths_select()'s lines as "name/callees/last ..." */
static char *paths_text(const struct cmp_tree *t, size_t top,
			size_t max_lines, size_t *taken, size_t *shown)
{
	struct strbuf sb = STRBUF_INIT;
	struct cmp_paths p;
	size_t i;

	cmp_paths_select(t, top, max_lines, &p);
	for (i = 0; i < p.nr_lines; i++)
		strbuf_addf(&sb, "%s%s/%u/%d", i ? " " : "",
			    cmp_name(t, p.lines[i].node),
			    p.lines[i].nr_callees, p.lines[i].last);
	*taken = p.nr_taken;
	*shown = p.nr_changed_shown;
	is_int((long)p.nr_changed, 5, "paths: 5 nodes changed (a b c d e)");
	cmp_paths_release(&p);
	return strbuf_detach(&sb, NULL);
}

/*
 * The paths of diff --format tree: a chain that moved is one path, a
 * changed callee of a leaf extends it, largest change first, and the
 * first node past --top paths or the lines ends it.
 */
static void test_paths(void)
{
	static const char *const st[] = { "p;m;a;b", "p;m;a;b;c", "p;m;d",
					   "p;m;e", "p;m;f" };
	static const double wb[] = { 20, 20, 40, 10, 10 };
	static const double wn[] = { 5, 5, 60, 20, 10 };
	struct cmp_opts co = { .diff = { .min_change = 0 } };
	struct profile *b = profile__new(), *n = profile__new();
	struct cmp_tree *t;
	size_t taken, shown;
	char *s;

	add_stacks(b, st, wb, 5);
	add_stacks(n, st, wn, 5);
	t = cmp_tree__new(&b, 1, &n, 1, &co);
	s = paths_text(t, 0, 0, &taken, &shown);
	is_str(s, "p/1/1 m/3/1 a/1/0 b/1/1 c/0/1 d/0/0 e/0/1",
	       "paths: every change, callees by |change|, f left out");
	is_int((long)taken, 3, "paths: a;b;c is one path, d and e two more");
	is_int((long)shown, 5, "paths: the 5 changed nodes shown");
	free(s);
	s = paths_text(t, 2, 0, &taken, &shown);
	is_str(s, "p/1/1 m/2/1 a/1/0 b/1/1 c/0/1 d/0/1",
	       "paths: --top 2 keeps c (it extends b's path), not e");
	is_int((long)taken, 2, "paths: --top 2 takes 2");
	is_int((long)shown, 4, "paths: --top 2 shows 4 changed nodes");
	free(s);
	s = paths_text(t, 0, 6, &taken, &shown);
	is_str(s, "p/1/1 m/2/1 a/1/0 b/1/1 c/0/1 d/0/1",
	       "paths: 6 lines hold what --top 2 shows");
	free(s);
	s = paths_text(t, 1, 1, &taken, &shown);
	is_str(s, "p/1/1 m/1/1 a/1/1 b/0/1",
	       "paths: the first path whatever the lines, c after it left out");
	is_int((long)taken, 1, "paths: one path");
	free(s);
	cmp_tree__delete(t);
	profile__delete(b);
	profile__delete(n);
}

int main(void)
{
	test_finite();
	test_lkp_rules();
	test_one_run();
	test_chains();
	test_chain_ids();
	test_explain();
	test_folded();
	test_target();
	test_paths();
	return done_testing();
}
