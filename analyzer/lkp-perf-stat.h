/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_PERF_STAT_H
#define FLAMEDIFF_LKP_PERF_STAT_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/metric-set.h"

/*
 * perf-stat's raw output as LKP keeps it (`perf stat -a --scale -I 1000
 * -x , -e EVENTS ...`, the command echoed first), read into LKP's
 * perf-stat rows by LKP's rules (../shared/reference/lkp-monitors.md,
 * perf-stat):
 *
 * - data lines "time,count,unit,event,run_ns,pct,metric_value,
 *   metric_unit" (8 columns or more); cpu_core/EV/ and cpu_atom/EV/ are
 *   EV; unit Bytes makes EV_Bytes; "<not supported>" counts 0;
 * - a timestamp more than 10 ms after the previous line opens an
 *   interval; the last interval (the partial one at exit) is dropped from
 *   everything, but the run's time is the last line's timestamp;
 * - perf-stat.i.EV: the mean over the kept intervals of count / interval;
 *   i.metric.UNIT from perf's own metric column; ps.EV: the kept counts
 *   over the run's time; total.instructions; the derived rows (miss
 *   rates, MPKI, ipc, cpi...) per interval (i.) and of the sums
 *   (overall.).
 *
 * Input detection (analyzer/input.c) takes a file whose first line that
 * is not blank or a comment is such a data line, or the echoed perf stat
 * command, for LKP stats; lkp_stats_read() hands it here.
 */

/* Whether s[0..len) is a perf stat -x , data line or the echoed command. */
bool lkp_perf_stat_line(const char *s, size_t len);

/* The rows of the perf stat output whose first line is first[0..len)
 * (already read from lr), then the rest of lr, into s. */
int lkp_perf_stat_read(struct linereader *lr, char *first, size_t len,
		       struct metric_set *s, struct fd_err *err);

#endif
