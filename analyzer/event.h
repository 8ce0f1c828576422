/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_EVENT_H
#define FLAMEDIFF_EVENT_H

#include <stdbool.h>

/*
 * What the analyzer knows of an event from its name as perf spells it
 * ("cpu-clock:pppH", "cycles:pp"): the modifiers after ':' do not change
 * what is counted. The collector, which opens events, asks here too, so
 * that a recorded profile and one read from perf script text agree.
 */

/* Whether the event is one of the software clocks, whose weight is time. */
bool event_is_clock(const char *name);

/* The unit of the event's weight: "ns" for the clocks, "events" else. */
const char *event_unit(const char *name);

#endif
