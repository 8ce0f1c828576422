/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_COUNTERS_H
#define FLAMEDIFF_COLLECTOR_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "analyzer/metric-set.h"
#include "lib/error.h"

/*
 * Counting events beside the sampling event, for LKP's perf-stat rows:
 * the software events always, the generic hardware events where the PMU
 * has them. Opened per CPU for a system-wide recording, else per thread
 * (any CPU) with inherit, so a command's children count too.
 *
 * Life cycle: counters__new() -> (enabled with the session, or by the
 * kernel at the command's exec) -> counters_read()... (the first read is
 * the start of the first interval; then one a second) -> counters_rows()
 * -> counters__delete(). The session (record.c) owns them.
 */
struct counters;

/*
 * pid/cpu pairs as perf_event_open() takes them: tids[0..nr_tids) on any
 * CPU (inherit), or with nr_tids 0 every cpus[] for every task. An event
 * the machine lacks is left out quietly; one that fails otherwise is left
 * out, the first such failure said in warn[0..warn_size) ("" when none).
 * NULL when not one event could be opened.
 */
struct counters *counters__new(const pid_t *tids, int nr_tids,
			       const int *cpus, int nr_cpus,
			       bool enable_on_exec, char *warn, size_t warn_size);
void counters__delete(struct counters *c);

int counters_ioctl(struct counters *c, unsigned long req);

/* Read every counter now: one more interval (the first read starts the
 * first one). */
void counters_read(struct counters *c);

/* The perf-stat rows of the intervals read so far (analyzer/benchmark.h). */
void counters_rows(const struct counters *c, struct metric_set *out);

#endif
