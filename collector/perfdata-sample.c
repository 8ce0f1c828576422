// SPDX-License-Identifier: GPL-2.0
/*
 * A SAMPLE record taken apart by its event's sample_type, in the order
 * of <linux/perf_event.h> (perfdata-int.h).
 */
#include <string.h>

#include "collector/perfdata-int.h"

/* The event a sample belongs to, NULL when its id is unknown. */
struct pd_evsel *pd_sample_evsel(struct pd *pd,
				     const struct perf_event_header *h)
{
	const unsigned char *b = (const unsigned char *)(h + 1);
	size_t len = h->size - sizeof(*h);
	uint64_t t = pd->ev[0].attr.sample_type, id;
	const uint64_t *idx;
	unsigned int pos = 0;

	if (pd->nr_ev == 1)
		return &pd->ev[0];
	if (!(t & PERF_SAMPLE_IDENTIFIER)) {
		if (!(t & PERF_SAMPLE_ID))
			return &pd->ev[0];
		pos = !!(t & PERF_SAMPLE_IP) + !!(t & PERF_SAMPLE_TID) +
		      !!(t & PERF_SAMPLE_TIME) + !!(t & PERF_SAMPLE_ADDR);
	}
	if (len < 8 * (pos + 1))
		return NULL;
	id = pd_u64(b + 8 * pos);
	idx = hmap_find(&pd->ids, id);
	return idx ? &pd->ev[*idx] : NULL;
}

/* A cursor over a sample's body; bad once a field runs past its end. */
struct pcur {
	const unsigned char *p, *end;
	const char *bad; /* the field that did not fit */
};

static const unsigned char *pc_take(struct pcur *c, uint64_t n,
				    const char *what)
{
	const unsigned char *p = c->p;

	if (c->bad)
		return NULL;
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = what;
		return NULL;
	}
	c->p += n;
	return p;
}

static uint64_t pc_u64(struct pcur *c, const char *what)
{
	const unsigned char *p = pc_take(c, 8, what);

	return p ? pd_u64(p) : 0;
}

/* The size of a PERF_SAMPLE_READ value under read_format. */
static uint64_t read_size(struct pcur *c, uint64_t rf)
{
	uint64_t per = 8 + ((rf & PERF_FORMAT_ID) ? 8 : 0) +
		       ((rf & (1ULL << 4) /* PERF_FORMAT_LOST */) ? 8 : 0);
	uint64_t hdr = ((rf & PERF_FORMAT_TOTAL_TIME_ENABLED) ? 8 : 0) +
		       ((rf & PERF_FORMAT_TOTAL_TIME_RUNNING) ? 8 : 0);

	if (rf & PERF_FORMAT_GROUP) {
		const unsigned char *p = c->p;
		uint64_t nr;

		if (c->end - p < 8)
			return UINT64_MAX;
		nr = pd_u64(p);
		if (nr > 0xffff)
			return UINT64_MAX;
		return 8 + hdr + nr * per;
	}
	return hdr + per;
}

/* The fields before READ: where and when, and the period. */
static void take_head(uint64_t t, struct pcur *c, struct psample *s)
{
	const unsigned char *p;

	if (t & PERF_SAMPLE_IDENTIFIER)
		pc_u64(c, "IDENTIFIER");
	if (t & PERF_SAMPLE_IP)
		s->ds.ip = pc_u64(c, "IP");
	if ((t & PERF_SAMPLE_TID) && (p = pc_take(c, 8, "TID"))) {
		s->ds.pid = pd_u32(p);
		s->ds.tid = pd_u32(p + 4);
	}
	if (t & PERF_SAMPLE_TIME)
		s->time = pc_u64(c, "TIME");
	if (t & PERF_SAMPLE_ADDR)
		pc_u64(c, "ADDR");
	if (t & PERF_SAMPLE_ID)
		pc_u64(c, "ID");
	if (t & PERF_SAMPLE_STREAM_ID)
		pc_u64(c, "STREAM_ID");
	if (t & PERF_SAMPLE_CPU)
		pc_u64(c, "CPU");
	if (t & PERF_SAMPLE_PERIOD)
		s->ds.period = pc_u64(c, "PERIOD");
}

/* BRANCH_STACK, skipped: its count, the hardware index, the entries. */
static void skip_branch_stack(const struct pd_evsel *e, struct pcur *c)
{
	uint64_t n = pc_u64(c, "BRANCH_STACK");

	if (n > 0xffff && !c->bad)
		c->bad = "BRANCH_STACK (too long)";
	if (e->attr.branch_sample_type &
	    (1ULL << 17) /* PERF_SAMPLE_BRANCH_HW_INDEX */)
		pc_u64(c, "BRANCH_STACK");
	pc_take(c, n * 24, "BRANCH_STACK");
}

/* REGS_USER and STACK_USER, for DWARF unwinding. */
static void take_user(const struct pd_evsel *e, struct pcur *c,
		      struct psample *s)
{
	uint64_t t = e->attr.sample_type, n;

	if ((t & PERF_SAMPLE_REGS_USER) && pc_u64(c, "REGS_USER")) {
		unsigned int nr = __builtin_popcountll(
			e->attr.sample_regs_user);
		const unsigned char *r = pc_take(c, 8 * nr, "REGS_USER");
		int k;

		for (k = 0; r && k < 64; k++)
			s->regs[k] = e->regs_idx[k] >= 0 ?
					     pd_u64(r + 8 * e->regs_idx[k]) :
					     0;
		if (r)
			s->ds.regs = s->regs;
	}
	if (t & PERF_SAMPLE_STACK_USER) {
		n = pc_u64(c, "STACK_USER");
		if (n) {
			uint64_t dyn;

			s->ds.stack = pc_take(c, n, "STACK_USER");
			dyn = pc_u64(c, "STACK_USER");
			s->ds.stack_len = dyn < n ? dyn : n;
		}
	}
}

/*
 * Take a sample apart by its event's sample_type, in the order of
 * <linux/perf_event.h>. Fields after the user stack are not needed.
 * NULL, or the name of the field that does not fit in the record.
 */
const char *pd_parse_sample(const struct pd_evsel *e,
				const struct perf_event_header *h,
				struct psample *s)
{
	uint64_t t = e->attr.sample_type, n;
	struct pcur c = { (const unsigned char *)(h + 1),
			  (const unsigned char *)h + h->size, NULL };
	const unsigned char *p;

	memset(&s->ds, 0, sizeof(s->ds));
	s->time = 0;
	s->ds.period = e->attr.freq ? 1 : e->attr.sample_period;
	take_head(t, &c, s);
	if (t & PERF_SAMPLE_READ) {
		n = read_size(&c, e->attr.read_format);
		pc_take(&c, n, "READ");
	}
	if (t & PERF_SAMPLE_CALLCHAIN) {
		n = pc_u64(&c, "CALLCHAIN");
		if (n > 0xffff && !c.bad)
			c.bad = "CALLCHAIN (too long)";
		s->ds.nr = n;
		s->ds.ips = (const uint64_t *)pc_take(&c, n * 8, "CALLCHAIN");
	}
	if ((t & PERF_SAMPLE_RAW) && (p = pc_take(&c, 4, "RAW")))
		pc_take(&c, pd_u32(p), "RAW");
	if (t & PERF_SAMPLE_BRANCH_STACK)
		skip_branch_stack(e, &c);
	take_user(e, &c, s);
	if (c.bad)
		return c.bad;
	if (s->ds.ips && ((uintptr_t)s->ds.ips & 7))
		return "CALLCHAIN (misaligned)";
	return NULL;
}
