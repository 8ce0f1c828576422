/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_BENCHMARK_H
#define FLAMEDIFF_BENCHMARK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/metric-set.h"

/*
 * The figures around a profile that LKP puts above its perf-profile rows,
 * computed from what a run printed and measured, named as LKP's parse
 * scripts name them (share/doc/profile-format.md lists the families):
 *
 *  - the benchmark's own figures: stress-ng's metrics table, or any
 *    program's through NAME=REGEX rules ("TESTCASE.NAME");
 *  - the time rows ("TESTCASE.time.KEY") from the command's rusage;
 *  - perf-stat rows ("perf-stat.i.EVENT", ".ps.", ".total.", ".overall.")
 *    from counters read at intervals.
 *
 * Pure: the text and the numbers come from the caller (collector/, tests),
 * nothing here reads a file, a process or the clock.
 */

/*
 * A line parser fed the command's output, line by line, in the order it
 * was printed (stdout and stderr may interleave: each is a whole line).
 *
 * Lifetime: bench_init() -> bench_add_rule()... -> bench_line()... ->
 * bench_result() -> bench_release(). testcase is the prefix of every key
 * ("stress-ng"); it is copied, its blanks, control and non-ASCII bytes
 * turned into '_' (a key is one word of printable ASCII).
 */
struct bench_rule;

struct bench {
	char *testcase;
	struct bench_rule *rules;
	size_t nr_rules;
	unsigned long alloc_rules;
	bool in_table;		/* stress-ng: between the header and "run time:" */
	struct metric_set stress; /* stress-ng rows, without the prefix */
};

void bench_init(struct bench *b, const char *testcase);
void bench_release(struct bench *b);

/*
 * "NAME=REGEX" (POSIX extended): the first capture group (the whole match
 * when there is none) of the last line that matches is the value of
 * "TESTCASE.NAME". NAME is one word of [A-Za-z0-9_.-] (a stats key has no
 * blank); a bad NAME or REGEX fails with a message.
 */
int bench_add_rule(struct bench *b, const char *spec, struct fd_err *err);

/* One line of output, without its newline (a '\r' before it is ignored). */
void bench_line(struct bench *b, const char *line, size_t len);

/* Add what was recognised to out (keys "TESTCASE.xxx"). */
void bench_result(struct bench *b, struct metric_set *out);

/*
 * The stress-ng parse of one line, for tests and bench_line(): the rows
 * of a metrics-table line added to out without the testcase prefix
 * ("mremap.ops"). *in_table is the state between lines (start false).
 */
void bench_stress_ng_line(const char *line, size_t len, bool *in_table,
			  struct metric_set *out);

/* What wait4() and the clock say about one command. */
struct bench_usage {
	double user, sys;	/* CPU seconds */
	double elapsed;		/* wall-clock seconds, exec to reaping */
	long maxrss_kb;
	long majflt, minflt;
	long nvcsw, nivcsw;
	long inblock, oublock;
};

/*
 * LKP's time rows ("TESTCASE.time.user_time", ...) as GNU time -v prints
 * them: seconds to 2 decimals, percent of CPU an integer ((user + sys) /
 * elapsed, 0 when elapsed is 0).
 */
void bench_time_rows(const struct bench_usage *u, const char *testcase,
		     struct metric_set *out);

/*
 * Counts of events at intervals: count[i * nr_events + e] is event e's
 * count over interval i, whose length is secs[i] seconds. names are
 * perf's ("context-switches", "cpu-cycles", "task-clock"); the clock
 * events' counts are in nanoseconds and become msec as perf prints them.
 * Adds perf-stat.i.* (the average of the per-interval rates), perf-stat.ps.*
 * (the total over the total time), perf-stat.total.instructions and the
 * derived overall./i. ratios where their events were counted. LKP's
 * interval rule: of two or more intervals, the last (cut short by the end
 * of the run) is dropped from every row, its time kept in ps.'s run time
 * (../shared/reference/lkp-monitors.md, perf-stat); one interval is kept.
 */
void bench_perf_stat_rows(const char *const *names, size_t nr_events,
			  const uint64_t *count, const double *secs,
			  size_t nr_intervals, struct metric_set *out);

/*
 * A benchmark figure for people: "45664.5", "0.0123", "12232833" (no
 * exponent below 1e15), "nan"/"inf" never reach here (values are finite).
 */
const char *bench_fmt_figure(char *buf, size_t cap, double v);

/* Which family a stats key is of, in the order LKP's tables print them. */
enum bench_family {
	FAMILY_BENCHMARK = 0, /* anything not below */
	FAMILY_TIME,	      /* "X.time.KEY" */
	FAMILY_OTHER,	      /* vmstat., mpstat., ... (not recorded here) */
	FAMILY_PERF_STAT,     /* "perf-stat." */
	FAMILY_PERF_SCHED,    /* "perf-sched." */
	FAMILY_PERF_PROFILE,  /* "perf-profile." */
};

enum bench_family bench_key_family(const char *key);

/*
 * The benchmark's headline figure, the one a reader looks at first:
 * a benchmark key ending in ".ops_per_sec" (stress-ng's, or a --metric
 * named so), else none.
 */
bool bench_headline_key(const char *key);

/* Where a stats key goes in a table: families in LKP's order, the
 * headline first among the benchmark's rows. Smaller first. */
int bench_key_rank(const char *key);

/*
 * The headline of a run's stats s (sorted): its first headline key, else
 * its first benchmark key that is not a ".pass"/".fail" flag; NULL when
 * there is none. elapsed: its "X.time.elapsed_time", or NULL.
 */
const struct metric *bench_headline(const struct metric_set *s,
				    const struct metric **elapsed);

#endif
