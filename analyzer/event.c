// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "analyzer/event.h"
#include "lib/alloc.h"
#include "lib/error.h"

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

/*
 * The privilege levels counted: bit 0 user, 1 kernel. The hypervisor's
 * ('h') is left aside: "cycles:uk" and "cycles" count the same samples
 * wherever there is no hypervisor to count.
 */
static unsigned int event_levels(const char *name)
{
	const char *m = strchr(name, ':');
	unsigned int lv = 0;

	for (m = m ? m + 1 : ""; *m; m++) {
		if (*m == 'u')
			lv |= 1;
		else if (*m == 'k')
			lv |= 2;
	}
	return lv ? lv : 3;
}

bool event_same(const char *a, const char *b)
{
	size_t na = strcspn(a, ":"), nb = strcspn(b, ":");

	return na == nb && !memcmp(a, b, na) &&
	       event_levels(a) == event_levels(b);
}

bool event_base_same(const char *a, const char *b, size_t blen)
{
	size_t na = strcspn(a, ":"), nb;

	for (nb = 0; nb < blen && b[nb] != ':'; nb++)
		;
	return na == nb && !memcmp(a, b, na);
}

char *event_key_name(const char *name)
{
	size_t n = strcspn(name, ":"), len = strlen(name);
	char *s = xmalloc(size_add(len, 1)), *o = s;
	bool clock = event_is_clock(name);
	const char *m;

	memcpy(o, name, n);
	o += n;
	if (name[n] == ':') {
		char *mods = o;

		*o++ = '-';
		for (m = name + n + 1; *m; m++) {
			if (*m == 'H' || (clock && (*m == 'p' || *m == 'P')))
				continue;
			/* anything but modifier letters stays as it is */
			*o++ = *m == ':' ? '-' : *m;
		}
		if (o == mods + 1)
			o = mods;
	}
	*o = '\0';
	return s;
}
