// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/event-probe.h"
#include "collector/evsel.h"
#include "lib/safe-open.h"

struct known_event {
	const char *name;
	uint32_t type;
	uint64_t config;
};

static const struct known_event known[] = {
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branches", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-instructions", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "context-switches", PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CPU_MIGRATIONS },
};

int event_parse(const char *str, struct event_spec *ev, struct fd_err *err)
{
	const char *colon = strchr(str, ':');
	size_t len = colon ? (size_t)(colon - str) : strlen(str);
	size_t i;

	memset(ev, 0, sizeof(*ev));
	if (strlen(str) >= sizeof(ev->name))
		return fd_err_set(err, "event name too long: %s", str);
	strcpy(ev->name, str);
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strlen(known[i].name) == len &&
		    !strncmp(known[i].name, str, len))
			break;
	if (i < sizeof(known) / sizeof(known[0])) {
		ev->type = known[i].type;
		ev->config = known[i].config;
		ev->clock = ev->type == PERF_TYPE_SOFTWARE &&
			    (ev->config == PERF_COUNT_SW_CPU_CLOCK ||
			     ev->config == PERF_COUNT_SW_TASK_CLOCK);
	} else if (str[0] == 'r' && len > 1) {
		char *end;

		ev->type = PERF_TYPE_RAW;
		ev->config = strtoull(str + 1, &end, 16);
		if ((size_t)(end - str) != len)
			return fd_err_set(err, "unknown event '%s'", str);
	} else {
		return fd_err_set(err, "unknown event '%s' (known: cycles, "
				  "instructions, cpu-clock, task-clock, "
				  "page-faults, rNNNN, ...)", str);
	}
	if (!colon)
		return 0;
	/* modifiers: u (user only), k (kernel only), p... (precision) */
	for (colon++; *colon; colon++) {
		switch (*colon) {
		case 'p':
			ev->precise++;
			break;
		case 'u':
			ev->exclude_kernel = true;
			break;
		case 'k':
			ev->exclude_user = true;
			break;
		default:
			return fd_err_set(err, "event '%s': unknown modifier "
					  "'%c'", str, *colon);
		}
	}
	if (ev->exclude_user && ev->exclude_kernel) /* "uk": both */
		ev->exclude_user = ev->exclude_kernel = false;
	if (ev->precise > 3)
		return fd_err_set(err, "event '%s': at most 3 'p'", str);
	return 0;
}

const char *event_known_name(size_t i)
{
	return i < sizeof(known) / sizeof(known[0]) ? known[i].name : NULL;
}

bool event_missing_errno(int e)
{
	return e == ENOENT || e == ENODEV || e == ENXIO || e == EOPNOTSUPP ||
	       e == EINVAL;
}

long sysctl_long(const char *path, long fallback)
{
	FILE *fp = safe_fopen(path, 0, NULL);
	long v;

	if (!fp)
		return fallback;
	if (fscanf(fp, "%ld", &v) != 1)
		v = fallback;
	fclose(fp);
	return v;
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
