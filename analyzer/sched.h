/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SCHED_H
#define FLAMEDIFF_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "lib/strbuf.h"
#include "analyzer/metric-set.h"

/*
 * Off-CPU data: context switches as `perf sched timehist` sees them, and
 * LKP's perf-sched.* rows computed from them
 * (../shared/reference/lkp-other-metrics.md, "perf-sched").
 *
 * Two sources fill the same aggregate: `record --sched` (collector/), which
 * computes each switch's times from the sched_switch/sched_wakeup
 * tracepoints while recording, and the reader of `perf sched timehist`
 * text (analyzer/timehist.c). Neither keeps a per-event list: a switch is
 * folded into its chain's counters as it arrives.
 *
 * The off-CPU flame graph is a separate struct profile (profile->offcpu),
 * each switch-out stack weighted in nanoseconds by the time from that
 * switch-out to the task's next switch-in: timehist's WAIT on the task's
 * next line, which includes its scheduling delay (so "wait + delay" in
 * the sense of sleep plus runnable time, not WAIT + SCH_DELAY); this
 * aggregate only produces LKP's rows, which go into the run's stats
 * (profile->meta.stats) like every other LKP family.
 */

/* Scheduler frames perf sched timehist leaves out of a printed chain. */
#define SCHED_CHAIN_MAX 7 /* frames taken, counted before the removal */

/* One context switch, as one timehist line gives it. */
struct sched_switch {
	double wait_ms;	 /* off the CPU before this run, delay included */
	double delay_ms; /* runnable before it got the CPU */
	double run_ms;	 /* then on the CPU until this switch-out */
	/*
	 * The chain exactly as timehist prints it: kernel frames of the
	 * switch-out, leaf first, joined by " <- " (sched_chain_format()).
	 * Empty for the idle task.
	 */
	const char *chain;
};

struct sched_agg;

struct sched_agg *sched_agg__new(void);
void sched_agg__delete(struct sched_agg *a);

/*
 * Fold one switch in. Times are taken as timehist prints them (msec,
 * rounded to 3 decimals) so that both sources give LKP's numbers exactly.
 * Switches whose chain has no " <- " are ignored, as LKP's parse does.
 */
void sched_agg_add(struct sched_agg *a, const struct sched_switch *sw);
/* The same, for a switch whose times span records the kernel lost. */
void sched_agg_add_unreliable(struct sched_agg *a,
			      const struct sched_switch *sw);

/* Switches folded in (those with a chain). */
uint64_t sched_agg_count(const struct sched_agg *a);

/*
 * The keys with unreliable switches, appended to out in the rows' order
 * as "KEY (N of M)", separated by ", ": their rows' times may be wrong.
 * Returns how many switches were unreliable in all.
 */
uint64_t sched_agg_unreliable(const struct sched_agg *a, struct strbuf *out);

/*
 * LKP's perf-sched.* rows, added to stats: the totals, then per key in
 * order of decreasing count, with LKP's rule for leaving out the
 * wait_and_delay rows of small keys. Nothing is added when no switch was
 * folded in.
 */
void sched_agg_rows(const struct sched_agg *a, struct metric_set *stats);

/*
 * Format a switch-out's kernel chain as timehist prints it: frames leaf
 * first (names as symbolized, clone suffixes kept), the first
 * SCHED_CHAIN_MAX taken, then __schedule, schedule and preempt_schedule
 * removed, joined by " <- ". Appends to out.
 */
void sched_chain_format(const char *const *leaf_first, size_t n,
			struct strbuf *out);

/*
 * The two count rows (total_wait_and_delay.count.ms and
 * wait_and_delay.count.KEY): LKP prints them as integers.
 */
bool sched_key_is_count(const char *key);

/*
 * A perf-sched.* value as LKP prints it: counts as integers, the rest in
 * Ruby's Float#to_s style ("0.0", "9.697", "2000.004", "1.0e-05"). Writes
 * into buf (40 bytes are enough) and returns it.
 */
const char *sched_fmt_value(char *buf, size_t cap, const char *key,
			    double v);

struct profile;

/*
 * Whether p's tree is off-CPU time (meta.event "offcpu", as the timehist
 * reader, record --sched and the off-CPU view set it) rather than samples.
 */
bool profile_is_offcpu(const struct profile *p);

#endif
