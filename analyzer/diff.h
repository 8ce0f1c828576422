/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_DIFF_H
#define FLAMEDIFF_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/input.h"
#include "analyzer/metrics.h"
#include "lib/outfile.h"
#include "lib/strtab.h"

/*
 * Comparing two builds over repeated runs, as LKP compares two commits
 * (lib/stats.rb, sbin/ncompare):
 *
 *  - every run of a side is a set of metrics (LKP stats keys); a key
 *    missing from a run counts as 0 for that run;
 *  - a row shows the mean of each side and its population stddev;
 *  - the change is new - base in points for "perf-profile." keys and
 *    for keys of a percentage (ending in '%': mpstat.cpu.all.sys%,
 *    perf-stat.overall.branch-miss-rate%), which are held to the points'
 *    rule (no ratio of medians, the points' one-run floor); the relative
 *    change in percent of base for every other key;
 *  - a row is "changed" when LKP's separation rule holds, with the upper
 *    median (sorted[n/2]) of each side: every run of one side beyond the
 *    other's upper median, and its upper median beyond the other's extreme;
 *  - rows are ordered: other stats, calltrace, children, self, other
 *    perf-profile keys; other stats by family as LKP prints them
 *    (benchmark with its headline first, time, other monitors, perf-stat,
 *    perf-sched: bench_key_rank()); inside a group by change ascending
 *    (largest drop first), ties by key;
 *  - the benchmark's headline row (bench_headline_key()) is always shown.
 */

/* Table groups, in the order the table prints them. */
enum diff_group {
	DIFF_STAT = 0,	 /* not a perf-profile key: relative change */
	DIFF_CALLTRACE,	 /* perf-profile.calltrace.EVENT.f0.f1... */
	DIFF_CHILDREN,	 /* perf-profile.children.EVENT.F */
	DIFF_SELF,	 /* perf-profile.self.EVENT.F */
	DIFF_PROFILE,	 /* any other perf-profile key */
};

/*
 * With one run on a side LKP's rule only says the two values differ: it
 * cannot tell noise from change. Then a row must also move by at least
 * this much (unless --min-change sets another floor): 1 point of all
 * samples for perf-profile rows, 5% for other stats.
 */
#define DIFF_ONE_RUN_FLOOR_POINTS 1.0
#define DIFF_ONE_RUN_FLOOR_PERCENT 5.0

/*
 * Non-perf-profile stats also need their upper medians more than 1% apart
 * (LKP's ratio > 1.01; LKP wants 5% for stats outside its list of
 * performance indices, and per-monitor thresholds flamediff does not know).
 */
#define DIFF_STAT_MIN_RATIO 1.01

struct diff_opts {
	bool all;	    /* every row is shown */
	/* A floor on |change| in the row's unit (points or percent), or
	 * DIFF_NO_MIN_CHANGE: the one-run floor applies where a side has
	 * 1 run. */
	double min_change;
};

/*
 * No --min-change (or --min-delta, its graphs' name) given. The options'
 * ranges start at 0, so every value given is >= 0: the test of one is
 * diff_min_change_given(), in one place rather than "< 0" in each reader.
 */
#define DIFF_NO_MIN_CHANGE (-1.0)

static inline bool diff_min_change_given(double min_change)
{
	return min_change >= 0;
}

/*
 * The figures of a row, as the printers get them: every double here is
 * finite (never inf or nan), whatever the runs hold. The runs' values are
 * finite (metric_set.h), the statistics scale values near DBL_MAX down
 * rather than overflow (stats.h), and what still passes DBL_MAX is held
 * at +-DBL_MAX:
 *
 *  - base_mean, new_mean: in [min, max] of the side's runs;
 *  - base_stddev, new_stddev: in [0, DBL_MAX];
 *  - the stddev in percent of the mean (LKP's "+-NN%"): not stored, as
 *    diff_stddev_percent() gives it: [0, DBL_MAX], or -1 (absent) for a
 *    mean of 0, where it is undefined;
 *  - change: in [-DBL_MAX, DBL_MAX] (diff_change());
 *  - p: in [0, 1], or -1 (absent) when a side has < 2 runs;
 *  - base_runs[], new_runs[]: the runs' values, finite.
 *
 * A printer with a fixed-width or integer field must still bound what it
 * converts: a mean or a change may be as large as DBL_MAX.
 */
struct diff_row {
	const char *key;
	/* The function or chain part of a perf-profile key (after
	 * "perf-profile.GROUP.EVENT."), else NULL. */
	const char *name;
	enum diff_group group;
	bool points;	   /* perf-profile row: change in points */
	double base_mean, base_stddev; /* population stddev, absolute */
	double new_mean, new_stddev;
	double change;	   /* diff_change(): points, or percent of base */
	double p;	   /* Welch's two-sided p; -1: a side has < 2 runs */
	bool separated;	   /* LKP's separation rule holds */
	bool changed;	   /* passes the selection rules without --all */
	bool shown;	   /* in the table: changed, or --all */
	const double *base_runs, *new_runs; /* per run, missing = 0 */
};

struct diff {
	size_t nr_base, nr_new; /* runs a side */
	struct diff_row *rows;	/* every key of both sides, table order */
	size_t nr_rows;
	size_t nr_shown;
	double *values;		/* storage of the runs' values */
};

/*
 * Compare the runs base[0..nr_base) with new[0..nr_new) (both >= 1). The
 * sets are sorted on the way (metric_set_sort). Never fails.
 */
void diff_compare(struct metric_set *base, size_t nr_base,
		  struct metric_set *new, size_t nr_new,
		  const struct diff_opts *o, struct diff *d);

/*
 * One run's values by key: ids into a strtab shared by every run of a
 * comparison, in the order they were added (a repeated id adds up, as
 * metric_set_sort() adds repeated keys). Many runs then hold each key
 * once, and one number per run per key.
 */
struct diff_vals {
	uint32_t *id;
	double *v;
	size_t nr;
};

/* diff_compare() of runs given as values by key id (keys: the names). */
void diff_compare_vals(const struct strtab *keys,
		       const struct diff_vals *base, size_t nr_base,
		       const struct diff_vals *new, size_t nr_new,
		       const struct diff_opts *o, struct diff *d);
void diff_vals_release(struct diff_vals *v, size_t n);
void diff_release(struct diff *d);

/*
 * The selection rule for one series of runs, as diff_compare() applies it
 * to rows (and the explanation to caller chains): separated, a stat's
 * medians more than 1% apart, |change| over the floor.
 */
bool diff_changed(const double *b, size_t nb, const double *n, size_t nn,
		  bool points, const struct diff_opts *o);

/* diff_select()'s groups: 1 << enum diff_group. */
#define DIFF_ROWS_ALL 0x1fU

/*
 * Narrow the rows shown (--rows, --top): only rows of the groups in the
 * mask (1 << DIFF_*) stay shown, and of each group at most top rows (0:
 * no limit), the largest |change| kept. The table's order stays; the
 * rows' verdicts do not change.
 */
void diff_select(struct diff *d, unsigned int groups, size_t top);

/* "calltrace,children,self,stats" into a groups mask: -1 on a word that
 * is none of them. */
int diff_groups_parse(const char *list, unsigned int *groups);

/* The group and name part of a key (name NULL for DIFF_STAT). */
enum diff_group diff_key_group(const char *key, const char **name);

/*
 * LKP's stats files stop at 0.05: per run, a perf-profile figure below it
 * is absent (0), so that no row shows what LKP could never show.
 */
#define DIFF_LKP_FLOOR 0.05

/* The least per-run figure kept: LKP's floor, or every one. */
static inline double diff_lkp_floor(bool full_precision)
{
	return full_precision ? 0 : DIFF_LKP_FLOOR;
}

/* The prefix of LKP's profile keys: "perf-profile.GROUP.EVENT.NAME". */
#define DIFF_PP_PREFIX "perf-profile."

/*
 * LKP's change column: new - base in points for perf-profile metrics, else
 * percent of base, a base of 0 taken as 1e-100 (LKP prints "+3.2e+102%").
 * For finite arguments the result is finite, in [-DBL_MAX, DBL_MAX]: a
 * change past DBL_MAX is held there with its sign. (Arguments that are not
 * finite give 0.)
 */
double diff_change(double base, double new, bool points);

/*
 * LKP's "+-NN%" of a side: stddev in percent of |mean|, in [0, DBL_MAX];
 * -1 when it is undefined (a mean of 0): the table then shows none.
 */
double diff_stddev_percent(double mean, double stddev);

#endif
