/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_EVENT_PROBE_H
#define FLAMEDIFF_COLLECTOR_EVENT_PROBE_H

#include <stdbool.h>

#include "collector/evsel.h"
#include "lib/strbuf.h"

/*
 * Which events this machine lets this user open, asked of the kernel
 * (a counting perf_event_open of the calling process, closed at once):
 * what a hint may suggest and completion may offer, since a name perf
 * knows is not an event every machine has (no hardware counters in a
 * VM) nor one every user may open (perf_event_paranoid).
 */
bool event_opens(const char *name);

/*
 * The events to suggest for ev when the user may sample user space only:
 * "NAME:u" of ev itself when that opens, else of the software clock
 * (task-clock, or cpu-clock system-wide), else NULL.
 */
const char *event_user_hint(const struct event_spec *ev, bool system_wide,
			    char *buf, size_t size);

/*
 * A message for a failed perf_event_open of ev, naming what to change
 * (here, not in evsel.c: its hint asks which events open).
 */
int event_open_error(struct fd_err *err, const struct event_spec *ev,
		     int errnum, bool system_wide);

/* The known events that open here, one a line; those that open for user
 * space only as "NAME:u". */
void event_list_here(struct strbuf *out);

#endif
