/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_MONITOR_RAW_H
#define FLAMEDIFF_LKP_MONITOR_RAW_H

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/metric-set.h"

/*
 * A monitor's raw file as LKP keeps it: "time: T" lines, each followed by
 * the /proc or /sys file of that sample (proc-vmstat, meminfo, slabinfo,
 * interrupts, softirqs, diskstats, sched_debug). The monitor is told by
 * the first sample's text (also cpuidle's "cpuN.STATE.time: us" lines and
 * numa-numastat's, numa-vmstat's "node: N" then the node's file, and
 * numa-meminfo's "Node N Name: value kB"); each sample is parsed as record's monitors
 * parse them (analyzer/monitor-parse.h) and the run reduced as LKP does,
 * into rows named MONITOR.KEY.
 */

/* Whether line[0..len), after a "time:" line, opens a monitor's sample
 * although it reads as a stats line (cpuidle's, numa-*'s "node: N"). */
bool lkp_monitor_raw_line(const char *line, size_t len);

/* The monitor whose sample text (NUL-terminated, after a "time:" line)
 * is: "proc-vmstat", "cpuidle"...; NULL for none. */
const char *lkp_monitor_raw_kind(const char *sample);

/* The sample whose first line is first[0..len) (after a "time:" line,
 * both read from lr), then the rest of lr, into s. Text that is no known
 * monitor's is bad input (err says FILE:LINE). */
int lkp_monitor_raw_read(struct linereader *lr, char *first, size_t len,
			 struct metric_set *s, struct fd_err *err);

#endif
