// SPDX-License-Identifier: GPL-2.0
/*
 * The ordered-events queue (perfdata-int.h): records are processed in
 * time order between FINISHED_ROUND records, as perf does.
 */
#include <stdlib.h>
#include <string.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"

/* A non-sample record's time, from its sample_id trailer (0: none). */
static uint64_t trailer_time(const struct pd *pd,
			     const struct perf_event_header *h)
{
	const struct perf_event_attr *a = &pd->ev[0].attr;
	uint64_t t = a->sample_type;
	unsigned int after = 0;

	if (!a->sample_id_all || !(t & PERF_SAMPLE_TIME))
		return 0;
	after += !!(t & PERF_SAMPLE_ID) + !!(t & PERF_SAMPLE_STREAM_ID) +
		 !!(t & PERF_SAMPLE_CPU) + !!(t & PERF_SAMPLE_IDENTIFIER);
	if (h->size < sizeof(*h) + 8 * (after + 1))
		return 0;
	return pd_u64((const unsigned char *)h + h->size - 8 * (after + 1));
}

static bool qent_before(const struct qent *x, const struct qent *y)
{
	if (x->time != y->time)
		return x->time < y->time;
	return (x->seq & ~Q_ARENA) < (y->seq & ~Q_ARENA);
}

/*
 * Sort the queue by time, then arrival. A natural merge sort: perf record
 * writes each CPU's buffer in one go, so a round is a few runs already in
 * time order (and what stays from the last round one more), merged in a
 * few passes where a general sort would start from scratch.
 */
static void sort_queue(struct pd *pd)
{
	unsigned long n = pd->nr_q;
	struct qent *a = pd->q, *b;

	if (n < 2)
		return;
	ALLOC_GROW(pd->qtmp, n, pd->alloc_qtmp);
	b = pd->qtmp;
	for (;;) {
		unsigned long i = 0, out = 0, merged = 0;

		while (i < n) {
			unsigned long m = i + 1, e, x, y;

			while (m < n && !qent_before(&a[m], &a[m - 1]))
				m++;
			e = m;
			if (m < n) {
				e = m + 1;
				while (e < n && !qent_before(&a[e], &a[e - 1]))
					e++;
			}
			merged++;
			for (x = i, y = m; x < m || y < e;)
				if (y == e ||
				    (x < m && !qent_before(&a[y], &a[x])))
					b[out++] = a[x++];
				else
					b[out++] = a[y++];
			i = e;
		}
		/* the merged pass is in b: swap */
		pd->q = b;
		pd->qtmp = a;
		{
			unsigned long t = pd->alloc_q;

			pd->alloc_q = pd->alloc_qtmp;
			pd->alloc_qtmp = t;
		}
		a = pd->q;
		b = pd->qtmp;
		if (merged == 1) /* one run out: sorted */
			return;
	}
}

static const struct perf_event_header *qent_record(const struct pd *pd,
						   const struct qent *q)
{
	return (const void *)(pd->arena + q->off);
}

/*
 * Deliver the queued records with a time up to limit (all: UINT64_MAX) in
 * time order, keep the rest. perf record writes each CPU's buffer in one
 * go, so a round holds records older than the previous round's newest:
 * only what is older than that is final.
 */
int pd_flush(struct pd *pd, uint64_t limit)
{
	unsigned long i, kept = 0;
	size_t used = 0;

	sort_queue(pd);
	for (i = 0; i < pd->nr_q && pd->q[i].time <= limit; i++) {
		struct qent *q = &pd->q[i];

		if (pd->loop->deliver(pd, qent_record(pd, q), q->where))
			return -1;
	}
	/* what stays moves to the front; its arena records are compacted
	 * into the other arena, which becomes the arena */
	for (; i < pd->nr_q; i++) {
		struct qent q = pd->q[i];

		if (q.seq & Q_ARENA) {
			const struct perf_event_header *h =
				(const void *)(pd->arena + q.off);

			if (!pd->arena2 || pd->arena2_alloc < pd->arena_alloc) {
				free(pd->arena2);
				pd->arena2 = xmalloc(pd->arena_alloc);
				pd->arena2_alloc = pd->arena_alloc;
			}
			memcpy(pd->arena2 + used, h, h->size);
			q.off = used;
			used += (h->size + 7) & ~7UL;
		}
		pd->q[kept++] = q;
	}
	if (used || pd->arena_len) {
		unsigned char *t = pd->arena;
		size_t ta = pd->arena_alloc;

		pd->arena = pd->arena2;
		pd->arena_alloc = pd->arena2_alloc;
		pd->arena2 = t;
		pd->arena2_alloc = ta;
	}
	pd->nr_q = kept;
	pd->arena_len = used;
	return 0;
}

/* Queue a record: a copy in the arena. */
static void enqueue(struct pd *pd, const struct perf_event_header *h,
		    uint64_t where, uint64_t time)
{
	size_t need = (h->size + 7) & ~7UL;
	struct qent *q;

	ALLOC_GROW(pd->q, pd->nr_q + 1, pd->alloc_q);
	q = &pd->q[pd->nr_q++];
	q->time = time;
	q->seq = pd->seq++ | Q_ARENA;
	q->where = where;
	if (pd->arena_len + need > pd->arena_alloc) {
		size_t a = pd->arena_alloc ? pd->arena_alloc : 1 << 20;

		while (pd->arena_len + need > a)
			a = size_mul(a, 2);
		pd->arena = xrealloc(pd->arena, a);
		pd->arena_alloc = a;
	}
	memcpy(pd->arena + pd->arena_len, h, h->size);
	q->off = pd->arena_len;
	pd->arena_len += need;
	if (time > pd->max_time)
		pd->max_time = time;
}

/* A kernel record: delivered now, or queued for its round's end. */
int pd_queue_record(struct pd *pd, const struct perf_event_header *h,
			uint64_t where)
{
	uint64_t time;

	if (!pd->nr_ev)
		return pd_fail(pd, where, "%s record before any event attribute",
			    pd_record_name(pd, h->type));
	if (!pd->ordered) {
		pd->seq++;
		return pd->loop->deliver(pd, h, where);
	}
	if (h->type == PERF_RECORD_SAMPLE) {
		const struct pd_evsel *e = pd_sample_evsel(pd, h);

		if (!e)
			return pd_fail(pd, where, "SAMPLE of an unknown event id");
		if (pd_parse_sample(e, h, &pd->s)) {
			pd->seq++;
			return pd->loop->deliver(pd, h, where); /* fails */
		}
		time = pd->s.time;
	} else {
		time = trailer_time(pd, h);
	}
	enqueue(pd, h, where, time);
	return 0;
}
