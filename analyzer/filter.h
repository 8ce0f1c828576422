/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FILTER_H
#define FLAMEDIFF_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/parse-options.h"
#include "analyzer/profile.h"

/*
 * Keeping only some processes of a profile, before any number is computed
 * (a system-wide recording holds every process of the machine).
 *
 * A process is the FRAME_PROCESS frame at the root of its stacks. A NAME
 * given matches a process whose name, without a "-PID" or "-PID/TID"
 * suffix (fold --pid/--tid), is NAME; or begins with "NAME-", as
 * stress-ng names its workers ("stress-ng-mremap"); or is the kernel's
 * 15-byte cut of NAME (TASK_COMM_LEN: "stress-ng-mrema").
 */
struct comm_filter {
	/* The names, one a value: the option's comma-separated lists are
	 * split once as they are parsed (PO_WORDLIST); a value that still
	 * holds commas is a list too. */
	struct po_list keep; /* --comm: only these (none: every process) */
	struct po_list drop; /* --exclude-comm: never these */
};

static inline bool comm_filter_active(const struct comm_filter *f)
{
	return f && (f->keep.nr || f->drop.nr);
}

/* Whether the process name s[0..len) passes the filter. */
bool comm_filter_match(const struct comm_filter *f, const char *s,
		       size_t len);

/*
 * Drop the stacks of the processes the filter refuses from p, in place.
 * The metadata stays but the sample count, which cannot be split by
 * process, becomes unknown (0) when anything was dropped. -1 with err when
 * the profile has no process names to filter on (err names path).
 */
int profile_filter_comm(struct profile *p, const struct comm_filter *f,
			const char *path, struct fd_err *err);

/* Free the lists (not the names, which belong to argv). */
void comm_filter_release(struct comm_filter *f);

#endif
