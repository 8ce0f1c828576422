/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_INPUT_H
#define FLAMEDIFF_INPUT_H

#include <stdbool.h>

#include "lib/error.h"
#include "analyzer/profile.h"

/*
 * Reading any input into a profile. The format is told from the content
 * (gzip is undone first), never from the file name:
 *  - "# flamediff-profile N" on the first line: a flamediff profile;
 *  - a perf script sample header followed by tab-indented frames:
 *    perf script text;
 *  - otherwise folded stacks, "frame;frame;... COUNT [COUNT2]".
 */
enum input_format {
	INPUT_AUTO = 0,
	INPUT_PROFILE,
	INPUT_FOLDED,
	INPUT_PERF_SCRIPT,
};

/* How perf script samples are folded; the options of stackcollapse-perf. */
struct perf_script_opts {
	bool pid;	   /* root "comm-PID" */
	bool tid;	   /* root "comm-PID/TID" */
	bool addrs;	   /* "[dso <addr>]" for unresolved frames */
	bool no_comm;	   /* no process-name root at all */
	const char *event; /* keep samples of this event; NULL: the first */
};

struct input_opts {
	enum input_format format;
	struct perf_script_opts ps;
};

/* input_read()'s return when the input holds no samples (empty, or every
 * sample filtered out): bad input still, but some callers draw it. */
#define INPUT_NO_SAMPLES (-2)

/*
 * Read path ("-" for stdin) and add its stacks to p. A differential folded
 * file (two counts a line) puts its second counts into p2; when p2 is NULL
 * such a file is an error. Metadata found in the input is stored in p->meta
 * (fields already set are kept). On bad input: -1 (or INPUT_NO_SAMPLES),
 * err says FILE:LINE.
 */
int input_read(const char *path, const struct input_opts *o,
	       struct profile *p, struct profile *p2, struct fd_err *err);

/* Which format the first bytes of an input are in (never INPUT_AUTO). */
enum input_format input_detect(const char *head, size_t len);

#endif
