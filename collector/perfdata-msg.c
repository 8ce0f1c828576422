// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data reader's messages and the realignment of a record: what
 * every file of the reader calls, calling none of them (perfdata-int.h).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"

static const char *const record_names[] = {
	[PERF_RECORD_MMAP] = "MMAP", [PERF_RECORD_LOST] = "LOST",
	[PERF_RECORD_COMM] = "COMM", [PERF_RECORD_EXIT] = "EXIT",
	[PERF_RECORD_THROTTLE] = "THROTTLE",
	[PERF_RECORD_UNTHROTTLE] = "UNTHROTTLE",
	[PERF_RECORD_FORK] = "FORK", [PERF_RECORD_READ] = "READ",
	[PERF_RECORD_SAMPLE] = "SAMPLE", [PERF_RECORD_MMAP2] = "MMAP2",
	[PERF_RECORD_AUX] = "AUX", [PERF_RECORD_ITRACE_START] = "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES] = "LOST_SAMPLES",
	[PD_HEADER_ATTR] = "HEADER_ATTR",
	[PD_HEADER_EVENT_TYPE] = "HEADER_EVENT_TYPE",
	[PD_HEADER_TRACING_DATA] = "HEADER_TRACING_DATA",
	[PD_HEADER_BUILD_ID] = "HEADER_BUILD_ID",
	[PD_FINISHED_ROUND] = "FINISHED_ROUND",
	[PD_AUXTRACE] = "AUXTRACE", [PD_EVENT_UPDATE] = "EVENT_UPDATE",
	[PD_HEADER_FEATURE] = "HEADER_FEATURE",
	[PD_COMPRESSED] = "COMPRESSED",
};

const char *pd_record_name(struct pd *pd, unsigned int type)
{
	if (type < sizeof(record_names) / sizeof(record_names[0]) &&
	    record_names[type])
		return record_names[type];
	snprintf(pd->type_name, sizeof(pd->type_name), "type %u", type);
	return pd->type_name;
}

/* "FILE: offset N: why"; only the first failure is kept. */
int pd_fail(struct pd *pd, uint64_t where, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	if (pd->failed)
		return -1;
	pd->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fd_err_at(pd->err, pd->path, 0, "perf.data offset %llu: %s",
			 (unsigned long long)where, msg);
}

void pd_warn(struct pd *pd, const char *msg)
{
	if (!pd->warn)
		return;
	strbuf_addstr(pd->warn, msg);
	strbuf_addch(pd->warn, '\n');
}

const struct perf_event_header *pd_aligned(const void *p, size_t size,
					   uint64_t **buf)
{
	if (!((uintptr_t)p & 7))
		return p;
	if (!*buf)
		*buf = xmalloc(PD_ALIGN_MAX);
	memcpy(*buf, p, size);
	return (const void *)*buf;
}
