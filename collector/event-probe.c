// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collector/event-probe.h"
#include "collector/perf.h"

bool event_opens(const char *name)
{
	struct perf_event_attr a;
	struct event_spec ev;
	struct fd_err err;
	int fd;

	if (event_parse(name, &ev, &err))
		return false;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = ev.type;
	a.config = ev.config;
	a.disabled = 1;
	a.exclude_kernel = ev.exclude_kernel;
	a.exclude_user = ev.exclude_user;
	a.exclude_hv = 1;
	fd = sys_perf_event_open(&a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

const char *event_user_hint(const struct event_spec *ev, bool system_wide,
			    char *buf, size_t size)
{
	const char *clock = system_wide ? "cpu-clock" : "task-clock";

	snprintf(buf, size, "%.*s:u", (int)strcspn(ev->name, ":"), ev->name);
	if (event_opens(buf))
		return buf;
	snprintf(buf, size, "%s:u", clock);
	if (event_opens(buf))
		return buf;
	return NULL;
}

void event_list_here(struct strbuf *out)
{
	const char *name;
	size_t i;

	for (i = 0; (name = event_known_name(i)); i++) {
		char u[80];

		if (event_opens(name)) {
			strbuf_addf(out, "%s\n", name);
			continue;
		}
		snprintf(u, sizeof(u), "%s:u", name);
		if (event_opens(u))
			strbuf_addf(out, "%s\n", u);
	}
}
