/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_INPUT_OPTS_H
#define FLAMEDIFF_INPUT_OPTS_H

#include <getopt.h>

#include "analyzer/input.h"

/*
 * The options of how inputs are read, the same for every command that
 * reads profiles: put INPUT_LONG_OPTIONS in the getopt_long table, hand
 * every option to input_opt() first, and print INPUT_OPTIONS_HELP.
 */
enum {
	OPT_INPUT_PID = 0x300,
	OPT_INPUT_TID,
	OPT_INPUT_EVENT_FILTER,
	OPT_INPUT_NO_COMM,
};

#define INPUT_LONG_OPTIONS                                                 \
	{ "pid", no_argument, NULL, OPT_INPUT_PID },                       \
	{ "tid", no_argument, NULL, OPT_INPUT_TID },                       \
	{ "event-filter", required_argument, NULL,                         \
	  OPT_INPUT_EVENT_FILTER },                                        \
	{ "no-comm", no_argument, NULL, OPT_INPUT_NO_COMM }

#define INPUT_OPTIONS_HELP                                                 \
	"  --pid, --tid        perf script: process root 'comm-PID[/TID]'\n" \
	"  --event-filter EV   perf script: samples of this event only\n"   \
	"                      (default: the first event seen)\n"            \
	"  --no-comm           no process-name root (perf script), or\n"   \
	"                      folded stacks that start with a function\n"

/* Apply an input option to io: 1 if opt was one, 0 if not. */
static inline int input_opt(struct input_opts *io, int opt, const char *arg)
{
	switch (opt) {
	case OPT_INPUT_PID:
		io->ps.pid = true;
		return 1;
	case OPT_INPUT_TID:
		io->ps.tid = true;
		return 1;
	case OPT_INPUT_EVENT_FILTER:
		io->ps.event = arg;
		return 1;
	case OPT_INPUT_NO_COMM:
		io->ps.no_comm = true;
		return 1;
	}
	return 0;
}

#endif
