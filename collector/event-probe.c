// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
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

int event_open_error(struct fd_err *err, const struct event_spec *ev,
		     int e, bool system_wide)
{
	long paranoid = sysctl_long("/proc/sys/kernel/perf_event_paranoid",
				    99);

	switch (e) {
	case EACCES:
	case EPERM:
		/* At paranoid 2 a user may still sample its own user space,
		 * of an event this machine has (no hardware counters in a
		 * VM: cycles:u would not open either). */
		if (!system_wide && !ev->exclude_kernel && paranoid == 2) {
			char buf[80];
			const char *hint = event_user_hint(ev, system_wide,
							   buf, sizeof(buf));

			return fd_err_set(err,
				"no permission to open %s: "
				"kernel.perf_event_paranoid is 2; sampling the "
				"kernel needs CAP_PERFMON (or CAP_SYS_ADMIN, "
				"i.e. root) or 'sysctl "
				"kernel.perf_event_paranoid=1'%s%s",
				ev->name,
				hint ? "; user space only is allowed: -e " : "",
				hint ? hint : "");
		}
		return fd_err_set(err,
			"no permission to open %s: kernel.perf_event_paranoid "
			"is %ld; %s needs CAP_PERFMON (or CAP_SYS_ADMIN, i.e. "
			"root) or 'sysctl kernel.perf_event_paranoid=%d'",
			ev->name, paranoid,
			system_wide ? "system-wide recording" :
				      "sampling kernel call chains",
			system_wide ? -1 : 1);
	case EMFILE:
	case ENFILE:
		return fd_err_set(err,
			"too many open files opening %s (one file per CPU and "
			"thread): raise 'ulimit -n'", ev->name);
	case ENOENT:
	case ENODEV:
	case ENXIO:
	case EOPNOTSUPP:
		return fd_err_set(err, "this machine has no event '%s' (%s)",
				  ev->name, strerror(e));
	case ENOSYS:
		return fd_err_set(err, "this kernel has no perf_event_open "
				  "(CONFIG_PERF_EVENTS)");
	case EOVERFLOW:
		return fd_err_set(err, "call chains deeper than "
				  "kernel.perf_event_max_stack are refused");
	case EBUSY:
		return fd_err_set(err, "event '%s' is busy: another tool "
				  "holds the PMU exclusively", ev->name);
	default:
		return fd_err_set(err, "perf_event_open of '%s' failed: %s",
				  ev->name, strerror(e));
	}
}
