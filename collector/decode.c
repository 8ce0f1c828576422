// SPDX-License-Identifier: GPL-2.0
/*
 * Record decoding (decode.h): from the ring buffers' records to machine
 * state and aggregated stacks.
 */
#include <stddef.h>
#include <string.h>

#include "collector/decode.h"
#include "collector/perf-records.h"

/* A cursor over a record's body that never reads past its end. */
struct cur {
	const unsigned char *p, *end;
	bool bad;
};

static uint64_t cur_u64(struct cur *c)
{
	uint64_t v;

	if (c->end - c->p < 8) {
		c->bad = true;
		return 0;
	}
	memcpy(&v, c->p, 8);
	c->p += 8;
	return v;
}

static const unsigned char *cur_skip(struct cur *c, uint64_t n)
{
	const unsigned char *p = c->p;

	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		return NULL;
	}
	c->p += n;
	return p;
}

uint64_t perf_record_time(const struct perf_event_header *h)
{
	const unsigned char *b = (const void *)h;
	uint64_t t;

	if (h->type == PERF_RECORD_SAMPLE) {
		const struct perf_record_sample_head *s;

		s = perf_record_as(h, offsetof(typeof(*s), time) + 8);
		return s ? s->time : 0;
	}
	/* the sample_id trailer: {pid, tid}, time, {cpu, res} */
	if (h->size < sizeof(*h) + sizeof(struct sample_id))
		return 0;
	memcpy(&t, b + h->size - 16, 8);
	return t;
}

/* A user address as a frame code: file and offset when a file maps it. */
static uint64_t encode_user(struct stacks *st, const struct proc *p,
			    uint64_t ip)
{
	const struct map *m = proc_find_map(p, ip);

	/* pgoff comes from the process's mmap(): keep the sum from
	 * wrapping into a small, wrong offset */
	if (m && m->dso && m->pgoff < FR_OFF_MAX &&
	    ip - m->start < FR_OFF_MAX - m->pgoff &&
	    m->dso->id < FR_DSO_MAX)
		return fr_dso(m->dso->id, ip - m->start + m->pgoff);
	return stacks_raw_frame(st, ip);
}

/*
 * Turn the kernel's call chain into frame codes, leaf first, then the
 * unwound user stack (--call-graph dwarf: the chain has no user part).
 * Every entry but the first of each context is a return address: look up
 * the call instruction before it.
 */
static uint32_t encode_chain(struct decoder *d, struct proc *p,
			     const uint64_t *ips, uint64_t nr,
			     const uint64_t *uips, int nr_u)
{
	enum { CTX_NONE, CTX_KERNEL, CTX_USER, CTX_OTHER } ctx = CTX_NONE;
	bool first = true;
	uint32_t n = 0;
	uint64_t i;
	int k;

	for (i = 0; i < nr && n < MAX_FRAMES; i++) {
		uint64_t ip = ips[i];

		if (ip >= (uint64_t)PERF_CONTEXT_MAX) {
			if (ip == (uint64_t)PERF_CONTEXT_KERNEL)
				ctx = CTX_KERNEL;
			else if (ip == (uint64_t)PERF_CONTEXT_USER)
				ctx = CTX_USER;
			else if (ip == (uint64_t)PERF_CONTEXT_HV ||
				 ip == (uint64_t)PERF_CONTEXT_GUEST ||
				 ip == (uint64_t)PERF_CONTEXT_GUEST_KERNEL ||
				 ip == (uint64_t)PERF_CONTEXT_GUEST_USER)
				ctx = CTX_OTHER;
			else
				/* No context: a frame pointer walk of code
				 * built without them read garbage (-1 is
				 * common). perf takes the chain as corrupt
				 * and drops it whole: decode_stack() keeps
				 * the sampled IP alone, as perf report. */
				return 0;
			first = true;
			continue;
		}
		if (ctx == CTX_OTHER || ctx == CTX_NONE)
			continue;
		if (!ip && !d->as_perf)
			continue;
		if (!first && !d->as_perf)
			ip--;
		first = false;
		if (ctx == CTX_KERNEL) {
			if (FR_TAG(ip) == FR_TAG_KERNEL)
				d->frames[n++] = ip;
		} else {
			d->frames[n++] = encode_user(d->stacks, p, ip);
		}
	}
	/* unwound callers: at the call too (return address - 1), also as
	 * perf, whose unwinders do so (where its frame pointer chains keep
	 * the return address) */
	for (k = 0; k < nr_u && n < MAX_FRAMES; k++)
		d->frames[n++] = encode_user(d->stacks, p,
					       uips[k] - (k > 0));
	return n;
}

static void open_dsos(struct decoder *d, uint32_t n)
{
	uint32_t i;

	/* open each binary the first time a sample lands in it, while the
	 * process still runs and its files are still there */
	for (i = 0; i < n; i++) {
		uint64_t f = d->frames[i];
		struct dso *dso;

		if (FR_TAG(f) != FR_TAG_DSO)
			continue;
		dso = d->dsos->v[fr_dso_id(f)];
		if (!dso->opened)
			dso_open(d->dsos, dso, NULL);
	}
}

uint32_t decode_stack(struct decoder *d, const struct decoded_sample *s,
		      uint32_t *comm)
{
	struct thread *t;
	struct proc *p;
	uint32_t n;
	int nr_u = 0;

	t = machine_thread(d->machine, (pid_t)s->pid, (pid_t)s->tid);
	p = machine_proc(d->machine, (pid_t)s->pid);
	/*
	 * A stack dump of dynamic size 0 (the kernel copies it without
	 * faulting, and the page at the stack pointer was not in: a
	 * sample in the fault that brings it in) gives no user frame,
	 * not even the IP in the registers: perf gives up on such a
	 * sample's user part and keeps its kernel chain.
	 */
	if (d->unwinder && s->regs && s->stack && s->stack_len) {
		nr_u = unwinder_run(d->unwinder, d->machine, p, s->regs,
				    s->stack, s->stack_len, d->uips, MAX_FRAMES);
		if (nr_u == 1)
			d->st->unwind_fail++;
	}
	n = encode_chain(d, p, s->ips, s->nr, d->uips, nr_u);
	if (!n && s->ip) {
		/*
		 * No chain, or one perf drops as corrupt: the sampled IP
		 * alone. perf report counts such a sample at its IP's
		 * symbol, which LKP's rows hold; perf script prints no
		 * frame of it, which keeps the sample and loses where.
		 */
		uint64_t one[3] = { (uint64_t)PERF_CONTEXT_USER, s->ip, 0 };

		if (FR_TAG(s->ip) == FR_TAG_KERNEL)
			one[0] = (uint64_t)PERF_CONTEXT_KERNEL;
		n = encode_chain(d, p, one, 2, NULL, 0);
	}
	open_dsos(d, n);
	*comm = t->comm;
	return n;
}

void decode_sample_fields(struct decoder *d, const struct decoded_sample *s)
{
	uint32_t comm, n = decode_stack(d, s, &comm);

	stacks_add(d->stacks, comm, d->frames, n, s->period);
	d->st->samples++;
}

static void decode_sample(struct decoder *d, const struct perf_event_header *h)
{
	const struct perf_record_sample_head *s;
	struct cur c = { (const void *)h, (const unsigned char *)h + h->size,
			 false };
	struct decoded_sample ds = { 0 };

	s = perf_record_as(h, sizeof(*s));
	if (!s || s->nr > 0xffff) {
		d->bad_records++;
		return;
	}
	cur_skip(&c, sizeof(*s));
	ds.ips = (const uint64_t *)cur_skip(&c, s->nr * 8);
	if (c.bad) {
		d->bad_records++;
		return;
	}
	ds.pid = s->pid;
	ds.tid = s->tid;
	ds.ip = s->ip;
	ds.period = s->period;
	ds.nr = s->nr;
	if (d->unwinder) {
		uint64_t abi = cur_u64(&c), size;
		const uint64_t *regs = NULL;
		int nregs = __builtin_popcountll(REGS_USER_MASK);

		if (abi)
			regs = (const uint64_t *)cur_skip(&c, nregs * 8);
		size = cur_u64(&c);
		if (size) {
			uint64_t dyn;

			ds.stack = cur_skip(&c, size);
			dyn = cur_u64(&c); /* what was copied, <= size */
			ds.stack_len = dyn < size ? dyn : size;
		}
		if (!c.bad)
			ds.regs = regs;
	}
	decode_sample_fields(d, &ds);
}

static void decode_mmap2(struct decoder *d, const struct perf_event_header *h)
{
	const struct perf_record_mmap2 *e = perf_record_as(h, sizeof(*e));
	const char *path = e ? perf_record_str(h, sizeof(*e)) : NULL;
	uint64_t dev = 0, ino = 0;

	if (!path) {
		d->bad_records++;
		return;
	}
	/* a build id in place of the device and inode: key by name */
	if (!(h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
		dev = ((uint64_t)e->maj << 32) | e->min;
		ino = e->ino;
	}
	if (h->misc & PERF_RECORD_MISC_MMAP_DATA)
		machine_mmap_data(d->machine, (pid_t)e->pid, e->start, e->len,
				  e->pgoff, dev, ino, path);
	else
		machine_mmap(d->machine, (pid_t)e->pid, e->start, e->len,
			     e->pgoff, dev, ino, path);
}

static void decode_comm(struct decoder *d, const struct perf_event_header *h)
{
	const struct perf_record_comm *e = perf_record_as(h, sizeof(*e));
	const char *comm = e ? perf_record_str(h, sizeof(*e)) : NULL;

	if (!comm) {
		d->bad_records++;
		return;
	}
	machine_comm(d->machine, (pid_t)e->pid, (pid_t)e->tid, comm,
		     h->misc & PERF_RECORD_MISC_COMM_EXEC);
}

void decode_record(struct decoder *d, const struct perf_event_header *h)
{
	const struct perf_record_fork *f;
	const struct perf_record_lost *l;
	const struct perf_record_lost_samples *ls;

	d->st->bytes += h->size;
	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		decode_sample(d, h);
		break;
	case PERF_RECORD_MMAP2:
		decode_mmap2(d, h);
		break;
	case PERF_RECORD_COMM:
		decode_comm(d, h);
		break;
	case PERF_RECORD_FORK:
		f = perf_record_as(h, sizeof(*f));
		if (!f)
			goto bad;
		if (h->misc & PERF_RECORD_MISC_FORK_EXEC)
			machine_fork_synth(d->machine, (pid_t)f->pid,
					   (pid_t)f->ppid, (pid_t)f->tid,
					   (pid_t)f->ptid);
		else
			machine_fork(d->machine, (pid_t)f->pid,
				     (pid_t)f->ppid, (pid_t)f->tid,
				     (pid_t)f->ptid);
		break;
	case PERF_RECORD_EXIT:
		/* dropped at the end of the batch: samples read after the
		 * EXIT in this batch may still name the thread */
		f = perf_record_as(h, sizeof(*f));
		if (!f)
			goto bad;
		machine_exit(d->machine, (pid_t)f->pid, (pid_t)f->tid);
		break;
	case PERF_RECORD_LOST:
		l = perf_record_as(h, sizeof(*l));
		if (!l)
			goto bad;
		d->st->lost += l->lost;
		break;
	case PERF_RECORD_LOST_SAMPLES:
		ls = perf_record_as(h, sizeof(*ls));
		if (!ls)
			goto bad;
		d->st->lost_samples += ls->lost;
		break;
	case PERF_RECORD_THROTTLE:
		d->st->throttled++;
		break;
	default:
		break;
	}
	return;
bad:
	d->bad_records++;
}

void decode_batch_end(struct decoder *d)
{
	machine_reap_exited(d->machine);
	d->st->stacks = d->stacks->nr;
}

void decoder_init(struct decoder *d, struct machine *m, struct stacks *s,
		  struct dsos *dsos, struct unwinder *u,
		  struct record_stats *st)
{
	memset(d, 0, sizeof(*d));
	d->machine = m;
	d->stacks = s;
	d->dsos = dsos;
	d->unwinder = u;
	d->st = st;
}

void decoder_release(struct decoder *d)
{
	/* nothing owned beyond the struct itself: kept for symmetry with
	 * decoder_init(), so that owning something later is no API change */
	memset(d, 0, sizeof(*d));
}
