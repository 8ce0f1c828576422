/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_STATS_H
#define FLAMEDIFF_LKP_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/metrics.h"

/*
 * LKP stats files: "key: value" lines, as LKP's stats files and `report
 * --lkp` print them, one file per run. Read as folded stacks such a file
 * would pass for one-frame stacks ("key:" with a count), so input
 * detection (analyzer/input.h, INPUT_LKP_STATS) asks lkp_stats_line() of
 * the first line that is neither blank nor a comment.
 */

/* Whether s[0..len) is a stats line: a blank-free key without ';' ending
 * in ':', white space, and a number. */
bool lkp_stats_line(const char *s, size_t len);

/* Whether s[0..len) is a line of stress-ng's output ("stress-ng: info:
 * ..."): LKP's stress-ng result file, read for its stress-ng.* rows as
 * LKP's parse makes them (analyzer/benchmark.h). */
bool lkp_stress_ng_line(const char *s, size_t len);

/*
 * What kind of LKP file head[0..len) (a file's start) is: "perf-profile",
 * "perf-stat", "stress-ng", "vmstat", "mpstat", "iostat", a monitor's raw file
 * ("proc-vmstat", "cpuidle"...: lkp-monitor-raw.h), "series" (stats
 * lines in "time:" samples) or "stats" (a run's stats); NULL for none.
 * A result directory holds one file of each kind it has.
 */
const char *lkp_stats_kind(const char *head, size_t len);

/*
 * Read the stats lines of lr (to its end) into s; lines that are blank or
 * start with '#' are skipped, anything else is bad input (err says
 * FILE:LINE), as is a value that is not a finite number. A file whose keys
 * are unique is a run's stats, taken as they are; one that repeats keys
 * (a monitor's parse output, "time:" lines opening its samples) is a time
 * series, reduced as LKP reduces a run (analyzer/lkp-reduce.h: means,
 * deltas of counters, no all-zero rows). s is sorted on success. The
 * caller keeps and releases lr. LKP's result files are read here too,
 * told by their first line: perf-profile (analyzer/lkp-perf-report.h),
 * perf-stat (analyzer/lkp-perf-stat.h) and stress-ng's output.
 */
int lkp_stats_read(struct linereader *lr, struct metric_set *s,
		   struct fd_err *err);

/*
 * Read LKP stats lines ("key: value", as LKP's stats files and `report
 * --lkp` print them) from path into s (lkp_stats_read() over
 * the file), repeated keys reduced as LKP does. Lines that
 * are blank or start with '#' are skipped; anything else is bad input.
 */
int metric_set_read(const char *path, struct metric_set *s,
		    struct fd_err *err);

#endif
