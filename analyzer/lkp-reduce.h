/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_REDUCE_H
#define FLAMEDIFF_LKP_REDUCE_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer/metric-set.h"

/*
 * One monitor's time series, and LKP's reduction of a run's series to one
 * number per key (its sbin/dump-stat and lib/matrix.rb, restated in
 * ../shared/reference/lkp-monitors.md §1):
 *
 * - samples are numbered from 0; lkp_series_next() opens the next one, and
 *   a key given twice in one sample opens it too (a stats file of repeated
 *   keys without "time:" lines);
 * - a key that first appears in sample i gets i zeros before its value; a
 *   key missing from a later sample gets a 0 there once it comes back;
 * - a sample with a value out of LKP's range (vmstat.cpu.* in [0, 110]...)
 *   is dropped from every key;
 * - if the longest series is one sample longer than the shortest, the last
 *   sample is cut (except perf-stat, sched_debug, slabinfo, meminfo);
 * - a series whose first, last value and sum are 0 makes no row;
 * - one value: itself; an independent counter (perf-stat.ps., time.
 *   user_time...): the sum; an event counter (proc-vmstat.pg*,
 *   interrupts., cpuidle....): last - first; else the mean over the
 *   monitor's longest series; plus KEY.max for LKP's max-latency keys.
 *
 * Keys are stored without the monitor's prefix and named with it
 * ("vmstat" + "system.cs"); a NULL monitor names keys as they are.
 * Lifetime: lkp_series__new() / lkp_series__delete() (NULL-safe).
 */
struct lkp_series;

struct lkp_series *lkp_series__new(const char *monitor);
void lkp_series__delete(struct lkp_series *s);

/* Open the next sample (the first call opens sample 0 if it is empty). */
void lkp_series_next(struct lkp_series *s);
/* key[0..len) = v in the current sample. */
void lkp_series_add(struct lkp_series *s, const char *key, size_t len,
		    double v);
/* Whether key has a value in the current sample. */
bool lkp_series_has(const struct lkp_series *s, const char *key);
/* Drop the current sample from every key (LKP's non-numeric value). */
void lkp_series_drop(struct lkp_series *s);
/* Samples opened so far. */
size_t lkp_series_samples(const struct lkp_series *s);
/* Whether any key holds more than one value. */
bool lkp_series_repeated(const struct lkp_series *s);

/* The reduced rows into out (added, out is not sorted). */
void lkp_series_reduce(struct lkp_series *s, struct metric_set *out);

/* LKP's lists, by the whole key ("proc-vmstat.pgfault"). */
bool lkp_event_counter(const char *key);
bool lkp_independent_counter(const char *key);

#endif
