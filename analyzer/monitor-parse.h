/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_MONITOR_PARSE_H
#define FLAMEDIFF_MONITOR_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyzer/lkp-reduce.h"

/*
 * LKP's monitors, parsed from the text of /proc and /sys files as LKP's
 * parsers name their keys (../shared/reference/lkp-monitors.md §2). Each
 * function adds one sample to its monitor's series (lkp-reduce.h, which
 * names the keys with the monitor: "proc-vmstat" + "pgfault"); the
 * collector reads the files (collector/monitors.h), the reduction makes
 * the rows. vmstat and mpstat are not files: LKP runs the tools, whose
 * figures are derived here from /proc/stat, /proc/meminfo and /proc/vmstat
 * the way procps' vmstat and sysstat's mpstat derive them.
 *
 * Text that is not what the kernel writes gives fewer keys, never an
 * error: a monitor is a side show of a recording.
 */

/* /proc/vmstat: "name value", the first line for each name. */
void monitor_proc_vmstat(struct lkp_series *s, const char *buf, size_t len);

/* /proc/meminfo: "Name: value [kB]", plus Memused (MemTotal of the first
 * sample - MemFree) and max_used_kB (the largest Memused so far). */
struct meminfo_state {
	double mem_total;	/* of the first sample, -1 before it */
	double max_used;
};
void monitor_meminfo(struct lkp_series *s, struct meminfo_state *st,
		     const char *buf, size_t len);

/* /proc/slabinfo 2.1: CACHE.active_objs, num_objs, active_slabs,
 * num_slabs. */
void monitor_slabinfo(struct lkp_series *s, const char *buf, size_t len);

/* /proc/interrupts and /proc/softirqs: CPUn.KEY per CPU, KEY the sum. */
void monitor_interrupts(struct lkp_series *s, const char *buf, size_t len);
void monitor_softirqs(struct lkp_series *s, const char *buf, size_t len);

/* /proc/diskstats: lines of exactly 14 fields (LKP's pre-4.18 layout). */
void monitor_diskstats(struct lkp_series *s, const char *buf, size_t len);

/* /sys/devices/system/node/nodeN/{numastat,vmstat}: nodeN.name, into the
 * current sample (the caller opens it, once for all nodes). */
void monitor_numa_kv(struct lkp_series *s, unsigned int node,
		     const char *buf, size_t len);
/* .../nodeN/meminfo: "Node N Name: value kB" -> nodeN.Name. */
void monitor_numa_meminfo(struct lkp_series *s, const char *buf,
			  size_t len);

/* /sys/kernel/debug/sched/debug: one sample, with .max .min .avg .stddev
 * over the CPUs of each per-CPU key (the per-CPU keys are left out: LKP's
 * reports drop them). */
void monitor_sched_debug(struct lkp_series *s, const char *buf, size_t len);

/* What vmstat and mpstat need of /proc/stat. */
struct proc_stat {
	uint64_t cpu[10];	/* user nice system idle iowait irq softirq
				   steal guest guest_nice (jiffies) */
	uint64_t intr, ctxt, running, blocked;
	bool valid;
};
void monitor_read_proc_stat(const char *buf, size_t len,
			    struct proc_stat *o);

/*
 * vmstat 1: the first row since boot (rates over all CPUs' time, as
 * procps prints them), then one row a call from the differences; every
 * figure an integer, as vmstat prints. t: seconds (monotonic), hz: clock
 * ticks a second.
 */
struct vmstat_state {
	struct proc_stat prev;
	uint64_t pswpin, pswpout, pgpgin, pgpgout;
	double t;
	bool started;
};
void monitor_vmstat(struct lkp_series *s, struct vmstat_state *st,
		    const struct proc_stat *ps, const char *meminfo,
		    size_t meminfo_len, const char *vmstat, size_t vmstat_len,
		    double t, long hz);

/* mpstat 1, the "all" row: nothing at the first call (mpstat reports
 * after its first second), then cpu.all.FIELD% of the interval; at the
 * end, mpstat's max_utilization_pct and max_utilization.seconds. */
struct mpstat_state {
	struct proc_stat prev;
	bool started;
	size_t rows;
	double max_util;
	size_t max_at;		/* 1-based row of max_util */
};
void monitor_mpstat(struct lkp_series *s, struct mpstat_state *st,
		    const struct proc_stat *ps);
void monitor_mpstat_end(struct lkp_series *s, struct mpstat_state *st);

#endif
