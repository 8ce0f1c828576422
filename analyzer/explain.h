/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_EXPLAIN_H
#define FLAMEDIFF_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer/chains.h"
#include "analyzer/compare.h"
#include "analyzer/diff.h"
#include "lib/strbuf.h"
#include "analyzer/metrics.h"
#include "analyzer/profile.h"

/*
 * "What moved": the few lines under the comparison table that say in plain
 * words what the rows mean, short enough for a mail reply (<= 100 columns).
 *
 *  - when the runs carry the benchmark's figures, its headline row first
 *    ("KEY rose 48.3% (6.3 M -> 9.4 M ops/s, p = 0.01); the time went
 *    to FN (self +N points):", render/headline-text.c);
 *  - the top movers by children and by self: the changed rows (diff.h's
 *    rule) with the largest |change|, at least 0.1 point;
 *  - for every function whose self share is at least EXPLAIN_HOT percent on
 *    either side, the caller chains of its time (up to five frames, callee
 *    first, the function itself first) that lost and gained, judged over
 *    the runs by the same rule as the rows, with |change| >= 0.5 points.
 *
 * A chain is a string "f0;f1;...;f4", f0 the function (';' never occurs in
 * a name). For profiles, a chain is the path of the samples whose own IP is
 * in f0 (its self time) as LKP's metrics see it: unresolved and process
 * frames left out, clone suffixes removed. For LKP stats files, where only
 * the calltrace keys exist, the chains are those keys: they also hold the
 * time of f0's callees and lose what perf cut below 0.5%.
 */

#define EXPLAIN_CHAIN_MIN 0.5	/* points a chain must move to be listed */
#define EXPLAIN_TOP 5		/* movers listed by children and by self */
#define EXPLAIN_MOVER_MIN 0.1	/* points a mover moves at least */
#define EXPLAIN_MAX_HOT 8	/* hot functions explained at most */
#define EXPLAIN_CHAINS 3	/* chains listed lost and gained, each */
#define EXPLAIN_WIDTH 100	/* columns of the text, for a mail reply */

struct explain_chain {
	char *chain;	   /* "f0;f1;..." */
	double base, new;  /* means over the runs, percent of all samples */
	double change;	   /* new - base, points */
};

/* What a hot function did: hot on the new side only, on both, on the
 * base only. */
enum explain_heat {
	EXPLAIN_BECAME_HOT,
	EXPLAIN_STAYED_HOT,
	EXPLAIN_COOLED_DOWN,
};

struct explain_hot {
	const char *fn;	   /* in the diff's rows */
	double base_self, new_self;
	enum explain_heat heat; /* decided here: the writers only say it */
	struct explain_chain *lost, *gained; /* largest move first */
	size_t nr_lost, nr_gained;
};

/* A process whose share of the samples moved (a system-wide recording). */
struct explain_process {
	const char *name;  /* in the comparison's tree */
	double base, new;  /* means over the runs, percent */
	double change;	   /* new - base, points */
};

/*
 * A switch-out chain whose wait or scheduling delay moved: a changed
 * perf-sched.wait_time.avg.ms.KEY or perf-sched.sch_delay.avg.ms.KEY row
 * (analyzer/sched.h), KEY the chain's first five frames joined by '.'.
 */
struct explain_switch {
	const struct diff_row *row; /* base_mean, new_mean: ms per switch */
	const char *chain;	    /* KEY, in the row's key */
	bool delay;		    /* sch_delay, else wait_time */
};

#define EXPLAIN_SWITCHES 5	/* switch-out chains listed at most */

/*
 * A top mover whose share rose while its own weight did not: the total
 * shrank under it (others lost time), so red here is not more work done
 * by it. Own weight is its share of each run's kept weight times that
 * weight (struct diff_side's totals), the mean of a side's runs; "did not
 * grow" is at most EXPLAIN_OWN_SAME above base's, the total having fallen
 * by more than that.
 */
#define EXPLAIN_OWN_SAME 0.05

struct explain_share_only {
	const struct diff_row *row; /* a children or self top mover */
	double base_own, new_own;   /* mean weight per run, its unit */
	double base_total, new_total; /* mean kept weight per run */
};

struct explain {
	/*
	 * The benchmark's headline row (bench_headline_key(): the first
	 * "*.ops_per_sec" of the table), which the explanation opens with;
	 * NULL when the runs carry none. Points into the diff's rows.
	 */
	const struct diff_row *headline;
	size_t nr_base, nr_new;
	/* Processes whose share the table's rule calls changed, largest
	 * move first; none when the stacks do not start with one. */
	struct explain_process *procs;
	size_t nr_procs;
	bool calltrace;	   /* chains from LKP calltrace keys (stats) */
	const struct diff_row **children, **self; /* top movers */
	size_t nr_children, nr_self;
	struct explain_hot *hot; /* hottest first */
	size_t nr_hot;
	/* Switch-out chains whose mean wait or delay the table's rule calls
	 * changed, the largest move in ms first (off-CPU data only). */
	struct explain_switch *switches;
	size_t nr_switches;
	/* Top movers that rose in share only because the total shrank
	 * (explain_sides(), profiles only), in movers' order, each
	 * function once. */
	struct explain_share_only *share_only;
	size_t nr_share_only;
};

/*
 * The headline row of d (the first bench_headline_key() row, in table
 * order) as one line for a graph's info line: "KEY +20.3% (6.33 ->
 * 7.62)". false, sb untouched, when d has none.
 */
bool explain_headline_text(const struct diff *d, struct strbuf *sb);

/* explain_self_chain_ids(), EXPLAIN_HOT and explain_is_hot(): chains.h. */

/*
 * The chains of one LKP stats run, from its calltrace keys; names holding
 * '.' are told apart from the joints with the run's children keys.
 */
void explain_calltrace_chains(struct metric_set *run, struct metric_set *out);

/*
 * Work out the explanation of d, the chains being per run of each side
 * (base[0..d->nr_base), new[0..d->nr_new)).
 */
void explain_compute(const struct diff *d, struct metric_set *base,
		     struct metric_set *new, bool calltrace,
		     const struct diff_opts *o, struct explain *e);
void explain_release(struct explain *e);

/*
 * The processes of the comparison tree t (its FRAME_PROCESS frames under
 * the root) whose share changed by t's verdict, into e->procs. The names
 * point into t, which must outlive e.
 */
void explain_processes(struct explain *e, const struct cmp_tree *t);

/*
 * explain_compute() for d, the comparison of the measured sides base and
 * new (diff_side_measure()): the chains of each run are its self-time
 * chains, or, when either side is LKP stats, every run's calltrace chains
 * (the only ones a stats file holds, so both sides have the same kind),
 * as the load kept them: nothing is read here.
 */
struct diff_side; /* analyzer/side.h */
void explain_sides(const struct diff *d, const struct diff_side *base,
		   const struct diff_side *new, const struct diff_opts *o,
		   struct explain *e);

#endif
