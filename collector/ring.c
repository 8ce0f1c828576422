// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "collector/perf.h"
#include "collector/ring.h"
#include "lib/alloc.h"

int ring_open(struct ring *r, int fd, unsigned int order,
	      struct fd_err *err)
{
	long page = sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pc;

	memset(r, 0, sizeof(*r));
	r->fd = fd;
	r->map_len = (size_t)page * ((1UL << order) + 1);
	r->base = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE, MAP_SHARED,
		       fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		if (errno == EPERM || errno == ENOMEM)
			return fd_err_set(err,
				"cannot map the perf ring buffer (%s): raise "
				"/proc/sys/kernel/perf_event_mlock_kb or "
				"ulimit -l", strerror(errno));
		return fd_err_set(err, "mmap of the perf ring buffer: %s",
				  strerror(errno));
	}
	pc = r->base;
	/* Older kernels leave data_offset/size at 0: data follows a page. */
	if (pc->data_size) {
		r->data = (unsigned char *)r->base + pc->data_offset;
		r->size = pc->data_size;
	} else {
		r->data = (unsigned char *)r->base + page;
		r->size = (uint64_t)page << order;
	}
	r->bounce = xmalloc(65536);
	r->tail = __atomic_load_n(&pc->data_tail, __ATOMIC_RELAXED);
	r->head = r->tail;
	return 0;
}

void ring_close(struct ring *r)
{
	if (r->base)
		munmap(r->base, r->map_len);
	free(r->bounce);
	memset(r, 0, sizeof(*r));
}

void ring_begin(struct ring *r)
{
	struct perf_event_mmap_page *pc = r->base;

	/* Pairs with the kernel's store of data_head after the records. */
	r->head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
}

const struct perf_event_header *ring_peek(struct ring *r)
{
	const struct perf_event_header *h;
	uint64_t off, size, first;

	if (r->head - r->tail < sizeof(*h))
		return NULL;
	off = r->tail & (r->size - 1);
	/* Records are 8-byte aligned and the size is a power of two: the
	 * 8-byte header itself never wraps. */
	h = (const void *)(r->data + off);
	size = h->size;
	if (size < sizeof(*h) || size > r->head - r->tail)
		return NULL; /* torn or corrupt: wait for more */
	if (off + size <= r->size)
		return h;
	first = r->size - off;
	memcpy(r->bounce, r->data + off, first);
	memcpy(r->bounce + first, r->data, size - first);
	return (const void *)r->bounce;
}

void ring_next(struct ring *r)
{
	const struct perf_event_header *h;

	h = (const void *)(r->data + (r->tail & (r->size - 1)));
	r->tail += h->size;
}

void ring_end(struct ring *r)
{
	struct perf_event_mmap_page *pc = r->base;

	/* Our reads of the records happen before the kernel may reuse them. */
	__atomic_store_n(&pc->data_tail, r->tail, __ATOMIC_RELEASE);
}
