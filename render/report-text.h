/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_REPORT_TEXT_H
#define FLAMEDIFF_REPORT_TEXT_H

#include <stddef.h>

#include "analyzer/metrics.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"

/*
 * report's outputs: the perf-profile metrics m (analyzer/metrics.h) of one
 * side as text; p is the profile they were computed from (for its unit).
 */

/* Calltrace chains the table shows at most, under the functions. */
#define REPORT_TABLE_CHAINS 8

/*
 * LKP's stats lines, "key: value" with two decimals, sorted by key, the
 * values >= 0.05 only (metrics_lkp_set()): what LKP's stats files hold.
 */
void report_text_lkp(struct outfile *o, const struct metrics *m);

/*
 * All of a run's stats lines: p's own (the benchmark, time and perf-stat
 * rows record keeps, profile_meta.stats, printed as they were measured,
 * the shortest decimal that reads back the same) and m's perf-profile
 * rows (as report_text_lkp()), in one list sorted by key as LKP's stats
 * files are.
 */
void report_text_lkp_all(struct outfile *o, const struct profile *p,
			 const struct metrics *m);

/*
 * A table for people: when the profile holds the benchmark's figures, a
 * first line with its headline (bench_headline()) and elapsed time; a
 * line with the event, samples, total weight and
 * what was hidden as unresolved (counts as "12.3k"); the first top
 * functions (children %, self %, name) and how many more there are; the
 * first REPORT_TABLE_CHAINS calltrace chains as "callee <- callers".
 */
void report_text_table(struct outfile *o, const struct profile *p,
		       const struct metrics *m, size_t top);

/*
 * One JSON object: event, samples, total, hidden, stacks, hidden_stacks,
 * unit (null when the profile has none), "functions" (name, children,
 * self, lkp_children, lkp_self) and "calltrace" (name, percent,
 * lkp_percent, chains). Full-precision figures "%.17g", LKP's "%.2f".
 */
void report_text_json(struct outfile *o, const struct profile *p,
		      const struct metrics *m);

/*
 * CSV "metric,event,name,percent,lkp_value,weight": one line per figure,
 * metric total, hidden, then children, self and calltrace of every
 * function or chain; percent of the kept weight (hidden: of all), LKP's
 * value, absolute weight.
 */
void report_text_csv(struct outfile *o, const struct metrics *m);

#endif
