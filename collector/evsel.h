/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_EVSEL_H
#define FLAMEDIFF_COLLECTOR_EVSEL_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/event.h"
#include "lib/error.h"
#include "collector/perf.h"

/*
 * Event names as perf spells them ("cycles:pp", "cpu-clock", "r003c") and
 * their perf_event_attr type/config. Only what a profiler samples on is
 * known: the generic hardware events, the software clocks and faults, and
 * raw hardware events.
 */
struct event_spec {
	char name[64];	   /* as given, e.g. "cycles:pp" */
	uint32_t type;	   /* PERF_TYPE_* */
	uint64_t config;
	unsigned int precise; /* number of 'p' modifiers */
	bool exclude_user, exclude_kernel;
	bool clock;	   /* the period is in nanoseconds */
};

int event_parse(const char *str, struct event_spec *ev, struct fd_err *err);

/* Unit of an event's weight: see analyzer/event.h. */
static inline const char *evsel_unit(const struct event_spec *ev)
{
	return event_unit(ev->name);
}

/* The i-th event name event_parse() knows, or NULL past the last. */
const char *event_known_name(size_t i);

/* Whether an open error means "this machine has no such event", the case
 * where the LKP order falls back to the next event. */
bool event_missing_errno(int err);

/* Read an integer sysctl under /proc/sys (fallback when unreadable). */
long sysctl_long(const char *path, long fallback);

#endif
