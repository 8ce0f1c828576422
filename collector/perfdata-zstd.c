// SPDX-License-Identifier: GPL-2.0
/* PERF_RECORD_COMPRESSED (perf record -z), perfdata-int.h. */
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"

/* The records of a PERF_RECORD_COMPRESSED: zstd frames of records.
 * perf compresses one mmap buffer a record: a few MiB at most. */
#define ZOUT_MAX (64UL << 20)

int pd_decompress(struct pd *pd, const struct perf_event_header *h,
		      uint64_t where)
{
	ZSTD_inBuffer in = { h + 1, h->size - sizeof(*h), 0 };
	size_t off = 0;

	if (!pd->zstd) {
		pd->zstd = ZSTD_createDStream();
		if (!pd->zstd || ZSTD_isError(ZSTD_initDStream(pd->zstd)))
			return pd_fail(pd, where, "cannot start zstd");
	}
	while (in.pos < in.size) {
		ZSTD_outBuffer out;
		size_t r;

		if (pd->zout_alloc - pd->zout_len < (1 << 16)) {
			pd->zout_alloc = pd->zout_alloc ?
						 size_mul(pd->zout_alloc, 2) :
						 1 << 20;
			if (pd->zout_alloc > ZOUT_MAX)
				return pd_fail(pd, where,
					    "COMPRESSED record decompresses "
					    "to more than %lu MiB, the cap "
					    "on one record's output",
					    ZOUT_MAX >> 20);
			pd->zout = xrealloc(pd->zout, pd->zout_alloc);
		}
		out.dst = pd->zout;
		out.size = pd->zout_alloc;
		out.pos = pd->zout_len;
		r = ZSTD_decompressStream(pd->zstd, &out, &in);
		if (ZSTD_isError(r))
			return pd_fail(pd, where, "COMPRESSED record: %s",
				    ZSTD_getErrorName(r));
		pd->zout_len = out.pos;
		if (out.pos < out.size && in.pos == in.size)
			break;
	}
	/* whole records out; a record cut at the end waits for the next */
	while (pd->zout_len - off >= sizeof(struct perf_event_header)) {
		struct perf_event_header hd;
		const struct perf_event_header *rh;

		memcpy(&hd, pd->zout + off, sizeof(hd));
		if (hd.size < sizeof(hd))
			return pd_fail(pd, where,
				    "COMPRESSED record holds a record of size "
				    "%u", hd.size);
		if (pd->zout_len - off < hd.size)
			break;
		rh = pd_aligned(pd->zout + off, hd.size, &pd->align_z);
		if (rh->type == PD_COMPRESSED)
			return pd_fail(pd, where, "COMPRESSED record inside one");
		if (pd->loop->process(pd, rh, where))
			return -1;
		off += hd.size;
	}
	/* an empty record leaves zout NULL: no pointer arithmetic on it */
	if (off) {
		memmove(pd->zout, pd->zout + off, pd->zout_len - off);
		pd->zout_len -= off;
	}
	return 0;
}
