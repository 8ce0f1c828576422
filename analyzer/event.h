/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_EVENT_H
#define FLAMEDIFF_EVENT_H

#include <stdbool.h>
#include <stddef.h>

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

/*
 * Whether two spellings name the same event, whose rows may be compared:
 * the same name before ':', and the same privilege levels counted (u, k;
 * none given is both). Other modifiers only say how perf
 * sampled ("p" precision, "H" host only, which perf adds itself when it
 * prints "cpu-clock:pppH"): "cpu-clock:pppH" and "cpu-clock" are one
 * event, "cycles:u" and "cycles" are not.
 */
bool event_same(const char *a, const char *b);

/*
 * Whether a and b[0..blen) have the same name before ':'. Within one perf
 * script file, samples of "cycles:u" and of "cycles" are one event, as
 * inferno reads them: the modifiers do not split a file's samples.
 */
bool event_base_same(const char *a, const char *b, size_t blen);

/*
 * The event part of LKP's keys (a new string): the event as LKP asks perf
 * for it, ':' turned into '-' ("cycles:pp" -> "cycles-pp"), without the
 * modifiers perf adds on its own: "H", and the precision of the software
 * clocks, which have no skid ("cpu-clock:pppH" -> "cpu-clock").
 */
char *event_key_name(const char *name);

#endif
