/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_MONITORS_H
#define FLAMEDIFF_MONITORS_H

#include "lib/error.h"
#include "analyzer/metric-set.h"

/*
 * LKP's system monitors during a recording, read from /proc and /sys
 * directly (no vmstat, mpstat or perf), at LKP's intervals: vmstat,
 * mpstat, proc-vmstat, meminfo, slabinfo, diskstats every second;
 * sched_debug every 60 s from the start (debugfs mounted); interrupts,
 * softirqs and cpuidle at the start and at the end; numa-numastat,
 * numa-vmstat and numa-meminfo every second where there are two nodes or
 * more. proc-stat and iostat are accepted names that make no rows, as in
 * LKP (no parser; no disks named). A monitor whose files are missing or
 * unreadable (slabinfo as a user) makes no rows.
 *
 * One thread samples; each sample is a few reads of small files a second,
 * from a thread that sleeps in between, so the benchmark is perturbed less
 * than by the perf-stat counters. At monitors_stop() the series are reduced
 * as LKP reduces a run (analyzer/lkp-reduce.h) into rows named as LKP's
 * ("vmstat.system.cs", "meminfo.SUnreclaim").
 *
 * Lifetime: monitors_start() ... monitors_stop() (joins the thread,
 * NULL-safe), then monitors__delete() (NULL-safe).
 */
struct monitors;

/* Whether list ("vmstat,meminfo"; NULL or "all": every one) names known
 * monitors; err names the first that is not. */
int monitors_check(const char *list, struct fd_err *err);

/* Start sampling the monitors of list (as monitors_check() takes it). */
struct monitors *monitors_start(const char *list, struct fd_err *err);

/* The last snapshots, the thread joined, the rows added to out. */
void monitors_stop(struct monitors *m, struct metric_set *out);

void monitors__delete(struct monitors *m);

/* The names, NULL-terminated, in LKP's order. */
extern const char *const monitor_names[];

#endif
