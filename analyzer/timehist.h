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
 * as they are from LKP's).
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
 * Bad input (a line that is none of the above, a time not a finite number
 * below 1e12 msec): -1, err says FILE:LINE.
 */
int timehist_read(struct linereader *lr, struct profile *p,
		  struct fd_err *err);

/*
 * Whether line[0..len) starts a timehist: its header ("time  cpu  task
 * name ...") or a switch line ("12.345678 [0001]  comm[12] ...").
 */
bool timehist_line(const char *line, size_t len);

#endif
