/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DECODE_H
#define FLAMEDIFF_COLLECTOR_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "collector/dso.h"
#include "collector/machine.h"
#include "collector/perf.h"
#include "collector/record.h"
#include "collector/stacks.h"
#include "collector/unwind.h"

#define MAX_FRAMES 512

/*
 * Record decoding: each record the ring buffers hand out, in time order,
 * turned into machine state (COMM, FORK, EXIT, MMAP2), an aggregated stack
 * (SAMPLE) or a count (LOST, LOST_SAMPLES, THROTTLE). Records are read
 * through the typed structs of perf-records.h, each checked against its
 * header's size first: a short or malformed record is counted in
 * st->bad_records (no field of it is used), never read past its end.
 *
 * The decoder points into the session that owns it (machine, stacks,
 * dsos, the unwinder, the statistics); it owns only its frame buffers.
 * Lifetime: decoder_init() ... decoder_release(). decode_batch_end()
 * after each read of the buffers drops what exited in it (machine.h).
 */
struct decoder {
	struct machine *machine;
	struct stacks *stacks;
	struct dsos *dsos;
	struct unwinder *unwinder; /* NULL: frame pointers only */
	struct record_stats *st;
	unsigned long bad_records;
	/* name frames as perf script does (perf.data): each return address
	 * as is, not the call before it, and a 0 entry as a frame */
	bool as_perf;
	uint64_t frames[MAX_FRAMES];
	uint64_t uips[MAX_FRAMES];
};

void decoder_init(struct decoder *d, struct machine *m, struct stacks *s,
		  struct dsos *dsos, struct unwinder *u,
		  struct record_stats *st);
void decoder_release(struct decoder *d);

void decode_record(struct decoder *d, const struct perf_event_header *h);

/*
 * A sample already taken apart, for readers whose records have another
 * layout than RECORD_SAMPLE_TYPE (perf.data files: collector/perfdata.h).
 * ips[0..nr) is the kernel's call chain with its PERF_CONTEXT_* markers;
 * regs, when not NULL, are the user registers in REGS_USER_MASK order and
 * stack[0..stack_len) the copied user stack, for the unwinder. Everything
 * is only read, during the call.
 */
struct decoded_sample {
	uint32_t pid, tid;
	uint64_t ip, period;
	const uint64_t *ips;
	uint64_t nr;
	const uint64_t *regs;
	const unsigned char *stack;
	uint64_t stack_len;
};

void decode_sample_fields(struct decoder *d, const struct decoded_sample *s);

/*
 * The stack decode_sample_fields() would aggregate, not aggregated: frame
 * codes leaf first in d->frames[0..return value), the thread's comm id in
 * *comm (record --sched files switch-out stacks its own way).
 */
uint32_t decode_stack(struct decoder *d, const struct decoded_sample *s,
		      uint32_t *comm);
void decode_batch_end(struct decoder *d);

/* The record's time, for merging the CPUs' buffers; 0 when it has none. */
uint64_t perf_record_time(const struct perf_event_header *h);

#endif
