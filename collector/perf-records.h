/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_PERF_RECORDS_H
#define FLAMEDIFF_COLLECTOR_PERF_RECORDS_H

/*
 * The records a recording reads, as typed structs that mirror the layouts
 * <linux/perf_event.h> documents in comments only (enum perf_event_type).
 * Each ends where the sample_id trailer (struct sample_id, perf.h) starts:
 * with sample_id_all that trailer follows every non-sample record.
 *
 * The ring buffer hands out 8-byte aligned records (ring.h), so a header
 * may be read through these structs once perf_record_as() has checked that
 * the record is at least as long as the fixed part: a short record is an
 * error (NULL), never an overread. The variable tail (a file name, a comm)
 * must also be NUL-terminated within the record: perf_record_str().
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "collector/perf.h"

struct perf_record_mmap2 {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	union {
		struct {
			uint32_t maj, min;
			uint64_t ino, ino_generation;
		};
		struct { /* PERF_RECORD_MISC_MMAP_BUILD_ID */
			uint8_t build_id_size;
			uint8_t reserved[3];
			uint8_t build_id[20];
		};
	};
	uint32_t prot, flags;
	char filename[];
};

struct perf_record_comm {
	struct perf_event_header header;
	uint32_t pid, tid;
	char comm[];
};

/* PERF_RECORD_FORK and PERF_RECORD_EXIT */
struct perf_record_fork {
	struct perf_event_header header;
	uint32_t pid, ppid, tid, ptid;
	uint64_t time;
};

struct perf_record_lost {
	struct perf_event_header header;
	uint64_t id, lost;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	uint64_t lost;
};

/*
 * The fixed head of a PERF_RECORD_SAMPLE with RECORD_SAMPLE_TYPE, in
 * sample_type bit order: IP, TID, TIME, CPU, PERIOD, then CALLCHAIN's nr
 * and nr ips (and with dwarf: regs, then the stack).
 */
struct perf_record_sample_head {
	struct perf_event_header header;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu, res;
	uint64_t period;
	uint64_t nr;
};

/* h as a record with a fixed part of size bytes, or NULL when shorter. */
static inline const void *perf_record_as(const struct perf_event_header *h,
					 size_t size)
{
	return h->size >= size ? h : NULL;
}

/* The string at offset off of h, or NULL when h ends before its NUL. */
static inline const char *perf_record_str(const struct perf_event_header *h,
					  size_t off)
{
	const char *s = (const char *)h + off;

	if (h->size <= off || !memchr(s, '\0', h->size - off))
		return NULL;
	return s;
}

#endif
