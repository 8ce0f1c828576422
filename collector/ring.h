/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_RING_H
#define FLAMEDIFF_COLLECTOR_RING_H

#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"

struct perf_event_header;

/*
 * Reader of one perf ring buffer (one per CPU). The mapping is writable,
 * so the kernel never overwrites a record we have not consumed: when the
 * buffer is full it drops records and later tells us with PERF_RECORD_LOST.
 *
 * Protocol: ring_begin() snapshots data_head (acquire); ring_peek() returns
 * the record at the read position (copied to a bounce buffer when it wraps
 * around the end of the buffer) without consuming it; ring_next() steps
 * over it; ring_end() publishes data_tail (release) so the kernel may reuse
 * the space. A record returned by ring_peek() stays valid until the next
 * ring_next() or ring_end().
 */
struct ring {
	int fd;		  /* not owned: the event that owns the mapping */
	void *base;	  /* the whole mapping: control page + data */
	size_t map_len;
	unsigned char *data;
	uint64_t size;	  /* data size, a power of two */
	uint64_t head;	  /* snapshot of data_head */
	uint64_t tail;	  /* our read position */
	unsigned char *bounce; /* 64 KiB: header.size is 16 bits */
};

/* Map fd with 2^order data pages (plus the control page). */
int ring_open(struct ring *r, int fd, unsigned int order,
	      struct fd_err *err);
void ring_close(struct ring *r);

void ring_begin(struct ring *r);
const struct perf_event_header *ring_peek(struct ring *r);
void ring_next(struct ring *r);
void ring_end(struct ring *r);

#endif
