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
 * The wakeup is sched_waking (sched_wakeup on kernels without it), as perf
 * sched record takes it.
 *
 * Those rules need every CPU's records in one time order, as timehist
 * sorts perf.data's: a task that sleeps on one CPU and wakes on another
 * has its switch-out in one ring and its switch-in in the other. The read
 * loop (record.c) merges the rings by time, and holds back the records
 * later than the newest one an earlier read saw, since a ring read first
 * may not have them yet while a ring read after it has later ones.
 *
 * Lost records (the ring was full) are dropped as timehist drops them:
 * the rules go on with what is there. Each LOST record carries its time
 * (sample_id_all): a switch whose task's last switch-out, or whose CPU's
 * tprev, is before the latest such time may have had its switch-in, its
 * wakeup or its previous switch-out lost, and is counted unreliable, per
 * key (sched_agg_unreliable()).
 *
 * The idle CPUs: the idle task's switches count for the CPU's tprev only
 * (it has no chain, LKP's parse skips it). A kernel that does not trace
 * the idle task's switch-out on some CPU (seen in a Firecracker guest, on
 * its second CPU: perf sched timehist sees the same) gives a task woken
 * there a WAIT of 0 (or up to another task's switch on that CPU) and its
 * sleep as RUN, as timehist prints; the off-CPU tree then weighs that
 * sleep as that WAIT, so that it adds up to timehist's WAITs. The task
 * that switches out was not the one the CPU's last switch put on it, so
 * such switches are counted unreliable too.
 */
#define SCHED_SAMPLE_TYPE                                                  \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |            \
	 PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW)

enum sched_event { SCHED_SWITCH, SCHED_WAKEUP, SCHED_WAKEUP_NEW, SCHED_NR };

struct sched_rec;

/*
 * Read the tracepoints' ids and formats from tracefs (NULL: where it is
 * mounted, /sys/kernel/tracing or /sys/kernel/debug/tracing, mounting it
 * on the first where it is not yet and we may, as perf does; the tests
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
/* Its name as opened, "sched:sched_switch", "sched:sched_waking". */
const char *sched_rec_name(const struct sched_rec *s, enum sched_event e);

/* A task of the target (filter mode): from now on its switches count. */
void sched_rec_task(struct sched_rec *s, pid_t tid);

/* One record of a sched ring buffer; its time for the merge by time. */
void sched_rec_record(struct sched_rec *s, const struct perf_event_header *h);
uint64_t sched_rec_time(const struct perf_event_header *h);

/* Switches counted (those with a chain, as the rows count them). */
uint64_t sched_rec_switches(const struct sched_rec *s);
/* Records the kernel dropped (switches and wakeups: it does not say). */
uint64_t sched_rec_lost(const struct sched_rec *s);
/*
 * Counted switches whose times may be wrong: they span lost records, or
 * their switch-in was not traced (sched_rec_unseen_in()).
 */
uint64_t sched_rec_unreliable(const struct sched_rec *s);
uint64_t sched_rec_unseen_in(const struct sched_rec *s);

/*
 * The end: LKP's perf-sched rows into p->meta.stats, and p->offcpu (event
 * "offcpu", unit "ns") from the switch-out stacks that were switched back
 * in, its meta.lost the records lost and its meta.unreliable how many
 * switches are unreliable and which keys they are in. Call once, after the last record.
 */
void sched_rec_build(struct sched_rec *s, struct profile *p);

#endif
