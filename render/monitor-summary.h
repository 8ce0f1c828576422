/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_MONITOR_SUMMARY_H
#define FLAMEDIFF_MONITOR_SUMMARY_H

#include "lib/outfile.h"
#include "analyzer/metric-set.h"

/*
 * The monitors' rows of a run (collector/monitors.h) in a few lines, for
 * `report`: per monitor the rows a reader of a robot report looks at first
 * (vmstat's cs, in, r and cpu; mpstat's cpu.all; meminfo's slab and
 * memory use; proc-vmstat's faults and allocations; the busiest
 * interrupts; cpuidle), each line "MONITOR: name value, ...". Nothing when
 * the run has no monitor rows. `report --lkp` prints every row.
 */
void monitor_summary_text(struct outfile *o, struct metric_set *stats);

#endif
