/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TIMEHIST_H
#define FLAMEDIFF_TIMEHIST_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/profile.h"

/*
 * The text `perf sched timehist` prints (with callchains, as LKP keeps it
 * in perf-sched.timehist.gz): one line per context switch,
 *
 *   TIME [CPU]  TASK[TID/PID]  WAIT  SCH_DELAY  RUN  [CHAIN]
 *
 * times in msec, CHAIN the switch-out's kernel frames leaf first joined
 * by " <- " (analyzer/sched.h). The three header lines are skipped, and so
 * are the wakeup and migration lines of timehist -w / -M and its "TIME lost
 * N events on cpu C" lines (the switches lost are missing from the rows,
 * as they are from LKP's), and everything from the "Runtime summary" of
 * -S on. The columns other options add are read past, as the header names
 * them: -V's CPU visual after the CPU, --state's after the run time, and
 * -n's "next: COMM[TID]" before the chain. A task printed without [TID]
 * (perf does so for pid 0) counts in LKP's rows but weighs no off-CPU time,
 * as <idle> does.
 *
 * What it gives (added to p, runs of one side adding up):
 *  - p->offcpu (created when NULL): process name (the task's comm without
 *    its [TID/PID]) -> the chain's frames root first, FRAME_KERNEL, each
 *    weighted by the nanoseconds the task then spent off the CPU: the WAIT
 *    of that task's next line. A switch-out with no later line of its task
 *    gives nothing; the idle task gives nothing. Its meta.event is
 *    "offcpu", meta.unit "ns", meta.samples the switch-outs weighed.
 *  - p->meta.stats: LKP's perf-sched.* rows of the whole file (unless p
 *    holds some already: LKP parses one file a run).
 *  - The on-CPU tree is left alone: a timehist has no samples.
 * A line that is none of the above is skipped and counted in sk (NULL:
 * it fails the read, FILE:LINE); so is a time not a finite number below
 * 1e12 msec. A file of nothing but such lines fails as the first.
 *
 * A file of timehist -s (its summary alone) holds no switch: it reads,
 * adding nothing (no row, an empty off-CPU tree), and *no_switch is set
 * (when not NULL) for the caller to say so.
 */
int timehist_read(struct linereader *lr, struct profile *p,
		  struct lr_skips *sk, bool *no_switch, struct fd_err *err);

/*
 * Whether line[0..len) starts a timehist: its header ("time  cpu  task
 * name ...") or a switch line ("12.345678 [0001]  comm[12] ...").
 */
bool timehist_line(const char *line, size_t len);

#endif
