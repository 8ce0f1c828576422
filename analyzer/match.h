/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_MATCH_H
#define FLAMEDIFF_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/parse-options.h"
#include "analyzer/profile.h"

/*
 * Two builds whose binaries are named differently (build-a/notify,
 * build-b/notify2) record the same workload under two process names and
 * two benchmark testcases ("notify.ops_per_sec", "notify2.ops_per_sec"):
 * compared as they are, every process and benchmark row is -100% on one
 * side and new on the other. A comparison matches them by renaming, in
 * each run as it is read (before anything is measured or merged), the
 * process roots (FRAME_PROCESS frames at depth 1) and the prefix of the
 * run's benchmark stats keys (everything but perf-*):
 *
 * - --rename OLD=NEW (repeatable): the new side's NEW is the base's OLD;
 * - --testcase NAME: each side's dominant process and its testcase are
 *   called NAME;
 * - by itself, when neither is given (unless --no-rename): when the
 *   base's runs have one dominant process (more than half of each run's
 *   weight, the same in every run) and a new run has another one, while
 *   neither name occurs on the other side, the new run's is renamed to
 *   the base's; when each side's runs have one testcase (one prefix of
 *   their benchmark keys) and they differ, the new side's is renamed.
 *
 * Sides of LKP stats files have no processes: their keys' testcase is
 * matched the same way (proc_match_stats()). The rows and graphs then
 * carry the base's names. A process matched by
 * name NEW also matches as the kernel's 15-byte cut of NEW and with a
 * "-PID" suffix (kept).
 */
struct match_opts {
	struct po_list rename; /* "OLD=NEW" each, as given (not owned) */
	const char *testcase;  /* --testcase NAME, or NULL */
	bool no_auto;	       /* --no-rename */
};

struct proc_match;

/* NULL (nothing to do) never: the automatic rule always runs unless
 * o->no_auto. -1-like NULL with err on a malformed --rename. */
struct proc_match *proc_match__new(const struct match_opts *o,
				   struct fd_err *err);
void proc_match__delete(struct proc_match *m);

/*
 * Whether m may rename the processes of side's runs (they must then be
 * read apart, not straight into a union tree): for the new side, known
 * once the base's runs are read.
 */
bool proc_match_renames_tree(const struct proc_match *m, int side);

/*
 * One run of side (0 base, 1 new) as it is read: the base's runs are
 * learnt from while proc_match_learn(m, true); both sides' runs renamed
 * as the rules say. 0, or -1 with err naming path.
 */
int proc_match_run(struct proc_match *m, int side, struct profile *p,
		   const char *path, struct fd_err *err);
void proc_match_learn(struct proc_match *m, bool on);

/* The same for a run of LKP stats (no processes: the testcase only). */
void proc_match_stats(struct proc_match *m, int side, struct metric_set *s);

/*
 * What was matched or found to differ, for the front end to say (NULL:
 * nothing to say): "the base's dominant process is 'notify', the new
 * side's 'notify2': compared as 'notify' ...". Valid until delete.
 */
const char *proc_match_note(struct proc_match *m);

/* --no-comm on a profile: the process roots removed, their stacks
 * merged from the function below them. */
void profile_strip_processes(struct profile *p);

#endif
