/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_SCHED_REC_H
#define FLAMEDIFF_COLLECTOR_SCHED_REC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "analyzer/profile.h"
#include "collector/decode.h"
#include "collector/kallsyms.h"
#include "collector/perf.h"
#include "lib/error.h"

/*
 * record --sched: the sched_switch, sched_wakeup and sched_wakeup_new
 * tracepoints, folded while recording into what `perf sched timehist`
 * would print of them (analyzer/sched.h's aggregate, hence LKP's
 * perf-sched rows) and into the off-CPU tree (profile->offcpu). Nothing
 * per event is kept: per CPU the time of its last switch, per task its
 * last switch-out, first wakeup since and the off-CPU stack it is in, per
 * distinct chain its counters.
 *
 * The events are opened on every CPU for every task (pid -1), whatever the
 * target: a task's RUN needs the switch-in, which the switch-out of
 * another task on that CPU gives, and its wakeup is often fired by
 * another task or an interrupt. For a command or -p, only the target's
 * tasks are counted (sched_rec_task(): the initial threads, then what the
 * target's tracking event reports forking or exec'ing), the other
 * switches only move the CPUs' clocks.
 *
 * The three events share one ring buffer per CPU; their samples have one
 * layout (SCHED_SAMPLE_TYPE: the wakeups ask for no call chain and get an
 * empty one), and the tracepoint's id in the raw data's common_type tells
 * them apart. Field offsets come from tracefs' format files.
 *
 * Times are as timehist computes them (../shared/reference/
 * lkp-other-metrics.md, "perf-sched", perf 6.1's rules): RUN = t - tprev,
 * SCH_DELAY = tprev - the first wakeup since the last switch-out (0 when
 * none: a preempted task), WAIT = tprev - the last switch-out (0 the first
 * time), each printed, and so taken, in msec truncated to the microsecond.
 */
#define SCHED_SAMPLE_TYPE                                                  \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |            \
	 PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW)

enum sched_event { SCHED_SWITCH, SCHED_WAKEUP, SCHED_WAKEUP_NEW, SCHED_NR };

struct sched_rec;

/*
 * Read the tracepoints' ids and formats from tracefs (NULL: where it is
 * mounted, /sys/kernel/tracing or /sys/kernel/debug/tracing; the tests
 * give their own). filter: count only the tasks given to
 * sched_rec_task() (a command or -p), else every task. Fails with what to
 * do when tracefs is not mounted or not readable. Chains' kernel frames
 * are named from ksyms (NULL: "[unknown]"), their user frames never (as
 * timehist); the off-CPU tree's frames as record names samples'.
 */
struct sched_rec *sched_rec__new(struct decoder *d,
				 const struct kallsyms *ksyms, bool filter,
				 const char *tracefs, struct fd_err *err);
void sched_rec__delete(struct sched_rec *s);

/* The attributes of event e (disabled, frame-pointer call chains). */
void sched_rec_attr(const struct sched_rec *s, enum sched_event e,
		    struct perf_event_attr *a);
/* Its name, "sched:sched_switch". */
const char *sched_rec_name(enum sched_event e);

/* A task of the target (filter mode): from now on its switches count. */
void sched_rec_task(struct sched_rec *s, pid_t tid);

/* One record of a sched ring buffer; its time for the merge by time. */
void sched_rec_record(struct sched_rec *s, const struct perf_event_header *h);
uint64_t sched_rec_time(const struct perf_event_header *h);

/* Switches counted (those with a chain, as the rows count them). */
uint64_t sched_rec_switches(const struct sched_rec *s);

/*
 * The end: LKP's perf-sched rows into p->meta.stats, and p->offcpu (event
 * "offcpu", unit "ns") from the switch-out stacks that were switched back
 * in. Call once, after the last record.
 */
void sched_rec_build(struct sched_rec *s, struct profile *p);

#endif
