// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

