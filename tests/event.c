// SPDX-License-Identifier: GPL-2.0
/* analyzer/event: one event however perf spells it, named as LKP does. */
#include <stdlib.h>
#include <string.h>

#include "analyzer/event.h"
#include "tap.h"

static void key(const char *ev, const char *want)
{
	char *got = event_key_name(ev);

	is_str(got, want, "%s is keyed %s", ev, want);
	free(got);
}

int main(void)
{
	key("cpu-clock", "cpu-clock");
	key("cpu-clock:pppH", "cpu-clock");
	key("task-clock:ppp", "task-clock");
	key("cycles:pp", "cycles-pp");
	key("cycles:ppH", "cycles-pp");
	key("cycles:u", "cycles-u");
	key("cycles", "cycles");
	ok(event_same("cpu-clock:pppH", "cpu-clock"),
	   "cpu-clock:pppH and cpu-clock are one event");
	ok(event_same("cycles:pp", "cycles:p"), "precision aside, one event");
	ok(event_same("cycles:uk", "cycles"), "u and k together are all");
	ok(!event_same("cycles:u", "cycles"), "user only is another event");
	ok(!event_same("cycles", "instructions"), "other names: others");
	ok(!event_same("cpu-clock", "cpu-clocks"), "a prefix is no match");
	return done_testing();
}
