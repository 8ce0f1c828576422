// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "analyzer/event.h"

bool event_is_clock(const char *name)
{
	size_t n = strcspn(name, ":");

	return (n == 9 && !memcmp(name, "cpu-clock", 9)) ||
	       (n == 10 && !memcmp(name, "task-clock", 10));
}

const char *event_unit(const char *name)
{
	return event_is_clock(name) ? "ns" : "events";
}
