// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader (perfdata.h). The layout, from <linux/perf_event.h>
 * and perf's documented file format:
 *
 *  file mode:  header { "PERFILE2", size, attr_size, attrs, data,
 *              event_types sections, adds_features[256 bits] }, the ids
 *              and attrs the sections point at, the data section (records),
 *              then one { offset, size } per feature bit set, then the
 *              features' bodies;
 *  pipe mode:  { "PERFILE2", 16 }, then records only: HEADER_ATTR and
 *              HEADER_FEATURE records carry what file mode puts in its
 *              sections.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <zstd.h>

#include "analyzer/event.h"
#include "collector/build.h"
#include "collector/decode.h"
#include "collector/kallsyms.h"
#include "collector/perf-records.h"
#include "collector/perfdata.h"
#include "collector/sanitize.h"
#include "lib/hmap.h"
#include "lib/compiler.h"

/* The user-space records perf writes besides the kernel's (perf's
 * tools/perf/util/event.h numbering). */
enum {
	PD_HEADER_ATTR = 64,
	PD_HEADER_EVENT_TYPE = 65,
	PD_HEADER_TRACING_DATA = 66,
	PD_HEADER_BUILD_ID = 67,
	PD_FINISHED_ROUND = 68,
	PD_AUXTRACE = 71,
	PD_EVENT_UPDATE = 78,
	PD_HEADER_FEATURE = 80,
	PD_COMPRESSED = 81,
};

/* Feature bits (perf's header.h), the ones read here. */
enum {
	FEAT_BUILD_ID = 2,
	FEAT_HOSTNAME = 3,
	FEAT_OSRELEASE = 4,
	FEAT_NRCPUS = 7,
	FEAT_CMDLINE = 11,
	FEAT_EVENT_DESC = 12,
	FEAT_SAMPLE_TIME = 21,
	FEAT_BITS = 256,
};

#define EVENT_UPDATE_NAME 2
#define FILE_HEADER_SIZE 104 /* 3 u64, 3 sections, 256 bits */
#define PIPE_HEADER_SIZE 16
/* Everything before the data section is buffered: ids and attrs. */
#define MAX_PREFIX (64UL << 20)
#define MAX_FEATURES (256UL << 20)
#define MAX_EVSELS 4096

struct bid_entry {
	char *path;
	unsigned char bid[20];
	unsigned int len;
};

struct pd_evsel {
	struct perf_event_attr attr;
	char *name;
	struct stacks stacks;
	uint64_t samples;
	uint64_t first_seq; /* of its first sample; UINT64_MAX: none */
	int regs_idx[64];   /* REGS_USER_MASK order -> index in the sample */
};

/* A record waiting for its round to end (time order). */
struct qent {
	uint64_t time, seq;
	uint64_t off;	/* in the mapped input, or in the queue's arena */
	uint64_t where; /* input offset, for messages */
};

/* qent.seq's top bit: the record is in the queue's arena (a pipe, or
 * out of a COMPRESSED record), not in the mapped input. */
#define Q_ARENA (1ULL << 63)

struct pd {
	struct linereader *lr;
	const struct input_opts *o;
	struct fd_err *err;
	struct strbuf *warn;
	const char *path;
	uint64_t off; /* input bytes consumed */
	bool pipe, failed;
	/*
	 * A regular file is mapped, not read: records are used where they
	 * lie, queued without a copy. Pages behind every pending record are
	 * let go (map_done) so that memory stays what the stacks need.
	 */
	const unsigned char *map;
	size_t map_len, map_done;
	bool map_owned;

	struct pd_evsel *ev;
	unsigned long nr_ev, alloc_ev;
	struct hmap ids; /* sample id -> evsel index */

	struct dsos dsos;
	struct machine machine;
	struct record_stats st;
	struct decoder dec;
	struct unwinder *unwinder;
	struct stacks none; /* the decoder's stacks before any sample */

	/* time ordering, as perf's FINISHED_ROUND flushing */
	bool ordered;
	struct qent *q, *qtmp;
	unsigned long nr_q, alloc_q, alloc_qtmp;
	unsigned char *arena, *arena2; /* arena2: where flush() compacts */
	size_t arena_len, arena_alloc, arena2_alloc;
	uint64_t seq, max_time, flush_limit;
	uint64_t delivered; /* samples delivered so far */
	uint64_t first_time, last_time;

	/* PERF_RECORD_COMPRESSED */
	ZSTD_DStream *zstd;
	unsigned char *zout;
	size_t zout_len, zout_alloc;

	/* build-ids of the user binaries (BUILD_ID feature) */
	struct bid_entry *bids;
	unsigned long nr_bids, alloc_bids;

	/* what the features say */
	unsigned char kernel_bid[20];
	unsigned int kernel_bid_len;
	char *host, *release, *cmdline, *cpus;
	uint64_t feat_first, feat_last;
	uint64_t kernel_samples; /* samples with a kernel frame */
	uint64_t kernel_text;	 /* where _text ran (the kernel's MMAP) */
};

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

static const char *record_name(unsigned int type)
{
	static __thread char buf[24];

	if (type < sizeof(record_names) / sizeof(record_names[0]) &&
	    record_names[type])
		return record_names[type];
	snprintf(buf, sizeof(buf), "type %u", type);
	return buf;
}

static int fail(struct pd *pd, uint64_t where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "FILE: offset N: why"; only the first failure is kept. */
static int fail(struct pd *pd, uint64_t where, const char *fmt, ...)
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

static void warn(struct pd *pd, const char *msg)
{
	if (!pd->warn)
		return;
	strbuf_addstr(pd->warn, msg);
	strbuf_addch(pd->warn, '\n');
}

/*
 * Input access. The reader's buffer is consumed in place: n bytes at the
 * current offset, valid until the next call. A short read is the end of
 * the input (NULL, pd->failed unset) or a read error (NULL, failed set).
 */
static const unsigned char *take(struct pd *pd, size_t n)
{
	const char *head;
	size_t len;

	if (pd->map) {
		const unsigned char *p = pd->map + pd->off;

		if (pd->map_len - pd->off < n)
			return NULL;
		pd->off += n;
		return p;
	}
	if (lr_peek(pd->lr, n, &head, &len, pd->err)) {
		pd->failed = true;
		return NULL;
	}
	if (len < n)
		return NULL;
	pd->lr->start += n;
	/* the line reader's NUL bookkeeping means nothing here */
	pd->lr->nul = (size_t)-1;
	pd->off += n;
	return (const unsigned char *)head;
}

/* Give back the last n bytes taken (n <= what the last take() gave). */
static void untake(struct pd *pd, size_t n)
{
	if (!pd->map)
		pd->lr->start -= n;
	pd->off -= n;
}

/* Skip n bytes; false when the input ends first. */
static bool skip(struct pd *pd, uint64_t n)
{
	while (n) {
		size_t chunk = n > (1UL << 20) ? 1UL << 20 : (size_t)n;

		if (!take(pd, chunk))
			return false;
		n -= chunk;
	}
	return true;
}

/*
 * n bytes into a new buffer (for sections that are kept), grown as they
 * arrive: a header that claims gigabytes costs no more than the input.
 */
static unsigned char *take_copy(struct pd *pd, uint64_t n)
{
	unsigned char *buf = NULL;
	uint64_t got = 0;
	size_t alloc = 0;

	if (!n)
		return xmalloc(1);
	while (got < n) {
		size_t chunk = n - got > (1UL << 20) ? 1UL << 20 :
						       (size_t)(n - got);
		const unsigned char *p = take(pd, chunk);

		if (!p) {
			free(buf);
			return NULL;
		}
		if (got + chunk > alloc) {
			alloc = alloc ? size_mul(alloc, 2) : chunk;
			if (alloc < got + chunk)
				alloc = got + chunk;
			buf = xrealloc(buf, alloc);
		}
		memcpy(buf + got, p, chunk);
		got += chunk;
	}
	return buf;
}

static uint64_t get_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t get_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* The default name of an event without EVENT_DESC (a pipe). */
static char *attr_name(const struct perf_event_attr *a)
{
	static const char *const hw[] = {
		"cycles", "instructions", "cache-references", "cache-misses",
		"branches", "branch-misses", "bus-cycles",
		"stalled-cycles-frontend", "stalled-cycles-backend",
		"ref-cycles",
	};
	static const char *const sw[] = {
		"cpu-clock", "task-clock", "page-faults", "context-switches",
		"cpu-migrations", "minor-faults", "major-faults",
		"alignment-faults", "emulation-faults", "dummy",
	};
	char buf[64];

	if (a->type == PERF_TYPE_HARDWARE && a->config < 10)
		return xstrdup(hw[a->config]);
	if (a->type == PERF_TYPE_SOFTWARE && a->config < 10)
		return xstrdup(sw[a->config]);
	snprintf(buf, sizeof(buf), "raw-%u-%#llx", a->type,
		 (unsigned long long)a->config);
	return xstrdup(buf);
}

static int add_evsel(struct pd *pd, const unsigned char *attr, size_t size,
		     const unsigned char *ids, uint64_t nr_ids)
{
	struct pd_evsel *e;
	uint64_t i, mask;
	int b, k = 0;

	if (pd->nr_ev >= MAX_EVSELS)
		return fail(pd, pd->off, "more than %d events", MAX_EVSELS);
	ALLOC_GROW(pd->ev, pd->nr_ev + 1, pd->alloc_ev);
	e = &pd->ev[pd->nr_ev];
	memset(e, 0, sizeof(*e));
	memcpy(&e->attr, attr,
	       size < sizeof(e->attr) ? size : sizeof(e->attr));
	e->name = attr_name(&e->attr);
	stacks_init(&e->stacks);
	e->first_seq = UINT64_MAX;
	/* the registers the unwinder wants, wherever the file has them */
	mask = e->attr.sample_regs_user;
	for (b = 0; b < 64; b++) {
		e->regs_idx[b] = -1;
		if (!(REGS_USER_MASK & (1ULL << b)))
			continue;
		if (mask & (1ULL << b))
			e->regs_idx[k] = __builtin_popcountll(
				mask & ((1ULL << b) - 1));
		k++;
	}
	for (i = 0; i < nr_ids; i++)
		hmap_put(&pd->ids, get_u64(ids + 8 * i), pd->nr_ev);
	pd->nr_ev++;
	if ((e->attr.sample_type & PERF_SAMPLE_REGS_USER) &&
	    (e->attr.sample_type & PERF_SAMPLE_STACK_USER) && !pd->unwinder) {
		/* before any file is opened: the unwinder reads images */
		pd->dsos.keep_image = true;
		pd->unwinder = unwinder__new();
		pd->dec.unwinder = pd->unwinder;
	}
	if (pd->nr_ev == 1)
		pd->ordered = e->attr.sample_id_all &&
			      (e->attr.sample_type & PERF_SAMPLE_TIME);
	return 0;
}

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
	return get_u64((const unsigned char *)h + h->size - 8 * (after + 1));
}

/* The event a sample belongs to, NULL when its id is unknown. */
static struct pd_evsel *sample_evsel(struct pd *pd,
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
	id = get_u64(b + 8 * pos);
	idx = hmap_find(&pd->ids, id);
	return idx ? &pd->ev[*idx] : NULL;
}

struct psample {
	struct decoded_sample ds;
	uint64_t time;
	uint64_t regs[64];
};

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

	return p ? get_u64(p) : 0;
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
		nr = get_u64(p);
		if (nr > 0xffff)
			return UINT64_MAX;
		return 8 + hdr + nr * per;
	}
	return hdr + per;
}

/*
 * Take a sample apart by its event's sample_type, in the order of
 * <linux/perf_event.h>. Fields after the user stack are not needed.
 * NULL, or the name of the field that does not fit in the record.
 */
static const char *parse_sample(const struct pd_evsel *e,
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
	if (t & PERF_SAMPLE_IDENTIFIER)
		pc_u64(&c, "IDENTIFIER");
	if (t & PERF_SAMPLE_IP)
		s->ds.ip = pc_u64(&c, "IP");
	if ((t & PERF_SAMPLE_TID) && (p = pc_take(&c, 8, "TID"))) {
		s->ds.pid = get_u32(p);
		s->ds.tid = get_u32(p + 4);
	}
	if (t & PERF_SAMPLE_TIME)
		s->time = pc_u64(&c, "TIME");
	if (t & PERF_SAMPLE_ADDR)
		pc_u64(&c, "ADDR");
	if (t & PERF_SAMPLE_ID)
		pc_u64(&c, "ID");
	if (t & PERF_SAMPLE_STREAM_ID)
		pc_u64(&c, "STREAM_ID");
	if (t & PERF_SAMPLE_CPU)
		pc_u64(&c, "CPU");
	if (t & PERF_SAMPLE_PERIOD)
		s->ds.period = pc_u64(&c, "PERIOD");
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
		pc_take(&c, get_u32(p), "RAW");
	if (t & PERF_SAMPLE_BRANCH_STACK) {
		n = pc_u64(&c, "BRANCH_STACK");
		if (n > 0xffff && !c.bad)
			c.bad = "BRANCH_STACK (too long)";
		if (e->attr.branch_sample_type &
		    (1ULL << 17) /* PERF_SAMPLE_BRANCH_HW_INDEX */)
			pc_u64(&c, "BRANCH_STACK");
		pc_take(&c, n * 24, "BRANCH_STACK");
	}
	if ((t & PERF_SAMPLE_REGS_USER) && pc_u64(&c, "REGS_USER")) {
		unsigned int nr = __builtin_popcountll(
			e->attr.sample_regs_user);
		const unsigned char *r = pc_take(&c, 8 * nr, "REGS_USER");
		int k;

		for (k = 0; r && k < 64; k++)
			s->regs[k] = e->regs_idx[k] >= 0 ?
					     get_u64(r + 8 * e->regs_idx[k]) :
					     0;
		if (r)
			s->ds.regs = s->regs;
	}
	if (t & PERF_SAMPLE_STACK_USER) {
		n = pc_u64(&c, "STACK_USER");
		if (n) {
			uint64_t dyn;

			s->ds.stack = pc_take(&c, n, "STACK_USER");
			dyn = pc_u64(&c, "STACK_USER");
			s->ds.stack_len = dyn < n ? dyn : n;
		}
	}
	if (c.bad)
		return c.bad;
	if (s->ds.ips && ((uintptr_t)s->ds.ips & 7))
		return "CALLCHAIN (misaligned)";
	return NULL;
}

/* id is in one of the comma-separated lists of l (--only-pid...). */
static bool id_in(const struct po_list *l, uint32_t id)
{
	char want[16];
	size_t i, n, len;

	len = (size_t)snprintf(want, sizeof(want), "%u", id);
	for (i = 0; i < l->nr; i++) {
		const char *w = l->v[i];

		while (*w) {
			n = strcspn(w, ",");
			if (n == len && !memcmp(w, want, len))
				return true;
			w += n;
			if (*w == ',')
				w++;
		}
	}
	return false;
}

static bool has_kernel_frame(const struct decoded_sample *ds)
{
	uint64_t i;

	for (i = 0; i < ds->nr; i++)
		if (ds->ips[i] == (uint64_t)PERF_CONTEXT_KERNEL)
			return true;
	return !ds->nr && FR_TAG(ds->ip) == FR_TAG_KERNEL;
}

static int do_sample(struct pd *pd, const struct perf_event_header *h,
		     uint64_t where, uint64_t seq UNUSED)
{
	static struct psample s; /* 600 bytes of registers: not on stack */
	struct pd_evsel *e = sample_evsel(pd, h);
	const char *bad;

	if (!e)
		return fail(pd, where, "SAMPLE of an unknown event id");
	bad = parse_sample(e, h, &s);
	if (bad)
		return fail(pd, where, "SAMPLE record too short for its %s",
			    bad);
	/* in delivery (time) order, as perf script prints */
	if (e->first_seq == UINT64_MAX)
		e->first_seq = pd->delivered;
	pd->delivered++;
	/* --only-pid, --only-tid: the others go nowhere (the first event
	 * is still the first sampled, as in the text reader) */
	if ((pd->o->ps.only_pid.nr && !id_in(&pd->o->ps.only_pid, s.ds.pid)) ||
	    (pd->o->ps.only_tid.nr && !id_in(&pd->o->ps.only_tid, s.ds.tid)))
		return 0;
	e->samples++;
	if (s.time) {
		if (!pd->first_time || s.time < pd->first_time)
			pd->first_time = s.time;
		if (s.time > pd->last_time)
			pd->last_time = s.time;
	}
	if (has_kernel_frame(&s.ds))
		pd->kernel_samples++;
	pd->dec.stacks = &e->stacks;
	decode_sample_fields(&pd->dec, &s.ds);
	return 0;
}

static void guard_dso(struct dso *dso);

/* PERF_RECORD_MMAP: user maps as MMAP2 would give them (no inode). */
static int do_mmap(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where)
{
	const unsigned char *b = (const unsigned char *)(h + 1);
	const char *path;
	uint32_t pid;

	/* pid, tid, start, len, pgoff, filename */
	path = perf_record_str(h, sizeof(*h) + 32);
	if (!path)
		return fail(pd, where, "MMAP record without its file name");
	pid = get_u32(b);
	if (pid == (uint32_t)-1) {
		/* the kernel and its modules: kallsyms names them; perf
		 * puts where _text ran in the kernel's pgoff (KASLR) */
		if (!strncmp(path, "[kernel.kallsyms]", 17))
			pd->kernel_text = get_u64(b + 24);
		return 0;
	}
	machine_mmap(&pd->machine, (pid_t)pid, get_u64(b + 8),
		     get_u64(b + 16), get_u64(b + 24), 0, 0, path);
	guard_dso(dsos_get(&pd->dsos, 0, 0, path));
	return 0;
}

/*
 * The file a mapping names is the recording's choice, read on this
 * machine: only a regular file may be opened (open() of a FIFO would
 * block for ever, a device read for ever). stat() does neither.
 */
static void guard_dso(struct dso *dso)
{
	struct stat st;

	/*
	 * perf script prints an unnamed frame as "[unknown] (PATH)", which
	 * the text route folds to "[base]" but, when PATH has a space (a
	 * deleted memfd: "/memfd:x (deleted)"), cuts to "[unknown] " (the
	 * module is one word): the same here, so that the routes agree.
	 */
	if (strpbrk(dso->path, " \t"))
		dso->nosym = "[unknown] ";
	if (dso->opened || dso->path[0] != '/')
		return;
	if (stat(dso->path, &st) || !S_ISREG(st.st_mode))
		dso->opened = true; /* never to be opened: "[file]" */
}

static void guard_mmap2(struct pd *pd, const struct perf_event_header *h)
{
	const struct perf_record_mmap2 *e = (const void *)h;
	uint64_t dev = 0, ino = 0;

	if (!(h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
		dev = ((uint64_t)e->maj << 32) | e->min;
		ino = e->ino;
	}
	guard_dso(dsos_get(&pd->dsos, dev, ino, e->filename));
}

/*
 * PERF_RECORD_COMM: an exec keeps the old mappings until new ones cover
 * them, as perf does: a sample inside execve() still resolves in the old
 * program's libraries, as perf script shows it.
 */
static int do_comm(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where)
{
	const struct perf_record_comm *e = perf_record_as(h, sizeof(*e));
	const char *comm = e ? perf_record_str(h, sizeof(*e)) : NULL;
	char name[64];
	size_t i;

	if (!comm)
		return fail(pd, where, "COMM record without its name");
	/* the text route makes a name's spaces '_' ("[pango] FcInit") */
	snprintf(name, sizeof(name), "%s", comm);
	for (i = 0; name[i]; i++)
		if (name[i] == ' ')
			name[i] = '_';
	machine_comm(&pd->machine, (pid_t)e->pid, (pid_t)e->tid, name, false);
	return 0;
}

/* A record in time order: to the machine, the stacks or the counters. */
static int deliver(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where, uint64_t seq)
{
	unsigned long bad = pd->dec.bad_records;

	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		return do_sample(pd, h, where, seq);
	case PERF_RECORD_MMAP:
		return do_mmap(pd, h, where);
	case PERF_RECORD_EXIT:
		/* not reaped (no decode_batch_end()): as perf, a thread
		 * keeps its name for samples stamped after its EXIT */
		decode_record(&pd->dec, h);
		break;
	case PERF_RECORD_COMM:
		return do_comm(pd, h, where);
	case PERF_RECORD_MMAP2:
		decode_record(&pd->dec, h);
		if (pd->dec.bad_records == bad)
			guard_mmap2(pd, h);
		break;
	default:
		decode_record(&pd->dec, h);
		break;
	}
	if (pd->dec.bad_records != bad)
		return fail(pd, where, "%s record too short or malformed",
			    record_name(h->type));
	return 0;
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
	return (const void *)((q->seq & Q_ARENA ? pd->arena : pd->map) +
			      q->off);
}

/*
 * The mapped input before every record still queued and before the
 * current offset is read for good: its pages go (they stay in the page
 * cache), in steps of 8 MiB to keep the system calls few.
 */
static void release_map(struct pd *pd)
{
	size_t upto = pd->off, page = 4096;
	unsigned long i;

	if (!pd->map || !pd->map_owned)
		return;
	for (i = 0; i < pd->nr_q; i++)
		if (!(pd->q[i].seq & Q_ARENA) && pd->q[i].off < upto)
			upto = pd->q[i].off;
	upto &= ~(page - 1);
	if (upto < pd->map_done + (8UL << 20))
		return;
	madvise((void *)(pd->map + pd->map_done), upto - pd->map_done,
		MADV_DONTNEED);
	pd->map_done = upto;
}

/*
 * Deliver the queued records with a time up to limit (all: UINT64_MAX) in
 * time order, keep the rest. perf record writes each CPU's buffer in one
 * go, so a round holds records older than the previous round's newest:
 * only what is older than that is final.
 */
static int flush(struct pd *pd, uint64_t limit)
{
	unsigned long i, kept = 0;
	size_t used = 0;

	sort_queue(pd);
	for (i = 0; i < pd->nr_q && pd->q[i].time <= limit; i++) {
		struct qent *q = &pd->q[i];

		if (deliver(pd, qent_record(pd, q), q->where, q->seq))
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
	release_map(pd);
	return 0;
}

/* Queue a record: where it lies in the mapped input, else a copy. */
static void enqueue(struct pd *pd, const struct perf_event_header *h,
		    uint64_t where, uint64_t time)
{
	const unsigned char *b = (const unsigned char *)h;
	struct qent *q;

	ALLOC_GROW(pd->q, pd->nr_q + 1, pd->alloc_q);
	q = &pd->q[pd->nr_q++];
	q->time = time;
	q->seq = pd->seq++;
	q->where = where;
	if (pd->map && b >= pd->map && b < pd->map + pd->map_len &&
	    !((uintptr_t)b & 7)) {
		q->off = (uint64_t)(b - pd->map);
	} else {
		size_t need = (h->size + 7) & ~7UL;

		if (pd->arena_len + need > pd->arena_alloc) {
			size_t a = pd->arena_alloc ? pd->arena_alloc : 1 << 20;

			while (pd->arena_len + need > a)
				a = size_mul(a, 2);
			pd->arena = xrealloc(pd->arena, a);
			pd->arena_alloc = a;
		}
		memcpy(pd->arena + pd->arena_len, h, h->size);
		q->off = pd->arena_len;
		q->seq |= Q_ARENA;
		pd->arena_len += need;
	}
	if (time > pd->max_time)
		pd->max_time = time;
}

static int process(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where);

/* A kernel record: delivered now, or queued for its round's end. */
static int queue_record(struct pd *pd, const struct perf_event_header *h,
			uint64_t where)
{
	uint64_t time;

	if (!pd->nr_ev)
		return fail(pd, where, "%s record before any event attribute",
			    record_name(h->type));
	if (!pd->ordered)
		return deliver(pd, h, where, pd->seq++);
	if (h->type == PERF_RECORD_SAMPLE) {
		const struct pd_evsel *e = sample_evsel(pd, h);
		static struct psample s;

		if (!e)
			return fail(pd, where, "SAMPLE of an unknown event id");
		if (parse_sample(e, h, &s))
			return deliver(pd, h, where, pd->seq++); /* fails */
		time = s.time;
	} else {
		time = trailer_time(pd, h);
	}
	enqueue(pd, h, where, time);
	return 0;
}

/* The records of a PERF_RECORD_COMPRESSED: zstd frames of records. */
static int decompress(struct pd *pd, const struct perf_event_header *h,
		      uint64_t where)
{
	ZSTD_inBuffer in = { h + 1, h->size - sizeof(*h), 0 };
	size_t off = 0;

	if (!pd->zstd) {
		pd->zstd = ZSTD_createDStream();
		if (!pd->zstd || ZSTD_isError(ZSTD_initDStream(pd->zstd)))
			return fail(pd, where, "cannot start zstd");
	}
	while (in.pos < in.size) {
		ZSTD_outBuffer out;
		size_t r;

		if (pd->zout_alloc - pd->zout_len < (1 << 16)) {
			pd->zout_alloc = pd->zout_alloc ?
						 size_mul(pd->zout_alloc, 2) :
						 1 << 20;
			if (pd->zout_alloc > (64UL << 20))
				return fail(pd, where,
					    "COMPRESSED records decompress "
					    "to an endless record");
			pd->zout = xrealloc(pd->zout, pd->zout_alloc);
		}
		out.dst = pd->zout;
		out.size = pd->zout_alloc;
		out.pos = pd->zout_len;
		r = ZSTD_decompressStream(pd->zstd, &out, &in);
		if (ZSTD_isError(r))
			return fail(pd, where, "COMPRESSED record: %s",
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
			return fail(pd, where,
				    "COMPRESSED record holds a record of size "
				    "%u", hd.size);
		if (pd->zout_len - off < hd.size)
			break;
		rh = (const void *)(pd->zout + off);
		if ((uintptr_t)rh & 7) {
			static uint64_t al[65536 / 8];

			memcpy(al, rh, hd.size);
			rh = (const void *)al;
		}
		if (rh->type == PD_COMPRESSED)
			return fail(pd, where, "COMPRESSED record inside one");
		if (process(pd, rh, where))
			return -1;
		off += hd.size;
	}
	memmove(pd->zout, pd->zout + off, pd->zout_len - off);
	pd->zout_len -= off;
	return 0;
}

/* A build-id record (BUILD_ID feature, HEADER_BUILD_ID): the kernel's
 * is kept apart, the others by path for build_id_fixup(). */
static void build_id_event(struct pd *pd, const unsigned char *b,
			   size_t len)
{
	/* header, pid, build_id[20], size, 3 reserved, file name */
	const char *name;
	struct bid_entry *e;
	unsigned int n;

	if (len < 8 + 4 + 24 + 1)
		return;
	name = (const char *)b + 36;
	if (!memchr(name, '\0', len - 36))
		return;
	n = b[8 + 4 + 20];
	if (!n || n > 20)
		n = 20;
	if (!strcmp(name, "[kernel.kallsyms]")) {
		memcpy(pd->kernel_bid, b + 12, n);
		pd->kernel_bid_len = n;
		return;
	}
	if (name[0] != '/' || pd->nr_bids >= 1UL << 20)
		return;
	ALLOC_GROW(pd->bids, pd->nr_bids + 1, pd->alloc_bids);
	e = &pd->bids[pd->nr_bids++];
	e->path = xstrdup(name);
	memcpy(e->bid, b + 12, n);
	e->len = n;
}

static bool dso_has_bid(const struct dso *dso, const struct bid_entry *b)
{
	return dso->is_elf && dso->build_id_len == b->len &&
	       !memcmp(dso->build_id, b->bid, b->len);
}

/* Open dso again, from path: back to what dsos_get() made, then open. */
static void reopen(struct dsos *d, struct dso *dso, const char *path)
{
	if (dso->fd >= 0) {
		close(dso->fd);
		d->nr_fds--;
	}
	dso->fd = -1;
	free(dso->segs);
	dso->segs = NULL;
	dso->nr_segs = 0;
	dso->is_elf = false;
	dso->build_id_len = 0;
	dso->opened = false;
	dso_open(d, dso, path);
}

/*
 * A binary rebuilt or removed since the recording: its symbols are in
 * perf's build-id cache (~/.debug, where perf record copies what it
 * sampled) or the distribution's debug files, by the build-id the file
 * recorded. Frames are file offsets, so the copy names them as well. Not
 * with DWARF unwinding: the unwinder already read the file it had.
 */
static void build_id_fixup(struct pd *pd)
{
	const char *home = getenv("HOME");
	unsigned long i, k;

	if (pd->dsos.keep_image)
		return;
	for (i = 0; i < pd->nr_bids; i++) {
		const struct bid_entry *b = &pd->bids[i];
		char hex[41], cand[3][4096];
		struct dso *dso = NULL;
		unsigned long j;
		bool tried = false;

		for (j = 0; j < pd->dsos.nr && !dso; j++)
			if (!strcmp(pd->dsos.v[j]->path, b->path))
				dso = pd->dsos.v[j];
		/* not sampled, not loaded yet, or the right file */
		if (!dso || !dso->opened || dso->loaded || dso_has_bid(dso, b))
			continue;
		for (k = 0; k < b->len; k++)
			snprintf(hex + 2 * k, 3, "%02x", b->bid[k]);
		snprintf(cand[0], sizeof(cand[0]), "%s/.debug%s/%s/elf",
			 home ? home : "/root", b->path, hex);
		snprintf(cand[1], sizeof(cand[1]),
			 "%s/.debug/.build-id/%.2s/%s/elf",
			 home ? home : "/root", hex, hex + 2);
		snprintf(cand[2], sizeof(cand[2]),
			 "/usr/lib/debug/.build-id/%.2s/%s.debug", hex,
			 hex + 2);
		for (k = 0; k < 3; k++) {
			struct stat st;

			if (stat(cand[k], &st) || !S_ISREG(st.st_mode))
				continue;
			reopen(&pd->dsos, dso, cand[k]);
			tried = true;
			if (dso_has_bid(dso, b))
				break;
		}
		if (k == 3 && tried)
			reopen(&pd->dsos, dso, NULL); /* back to the path */
	}
}

/* A feature string: u32 len, then len bytes (NUL-padded). */
static char *feat_string(const unsigned char **p, const unsigned char *end)
{
	uint32_t n;

	if (end - *p < 4)
		return NULL;
	n = get_u32(*p);
	if ((uint64_t)(end - *p - 4) < n)
		return NULL;
	*p += 4 + n;
	return strndup((const char *)*p - n, n);
}

static void set_str(char **field, char *v)
{
	if (!v)
		return;
	free(*field);
	*field = v;
}

/* One feature's body, from the file's sections or a HEADER_FEATURE. */
static void feature(struct pd *pd, uint64_t feat, const unsigned char *b,
		    size_t len)
{
	const unsigned char *p = b, *end = b + len;
	uint32_t nr, i, sz;

	switch (feat) {
	case FEAT_HOSTNAME:
		set_str(&pd->host, feat_string(&p, end));
		break;
	case FEAT_OSRELEASE:
		set_str(&pd->release, feat_string(&p, end));
		break;
	case FEAT_CMDLINE: {
		struct strbuf sb = STRBUF_INIT;

		if (len < 4)
			break;
		nr = get_u32(p);
		p += 4;
		for (i = 0; i < nr; i++) {
			char *s = feat_string(&p, end);

			if (!s)
				break;
			if (sb.len)
				strbuf_addch(&sb, ' ');
			strbuf_addstr(&sb, s);
			free(s);
		}
		set_str(&pd->cmdline, strbuf_detach(&sb, NULL));
		break;
	}
	case FEAT_EVENT_DESC:
		/* nr, attr_size, then { attr, nr_ids, name, ids[] } */
		if (len < 8)
			break;
		nr = get_u32(p);
		sz = get_u32(p + 4);
		p += 8;
		for (i = 0; i < nr; i++) {
			uint32_t nids;
			char *name;

			if ((uint64_t)(end - p) < (uint64_t)sz + 4)
				break;
			p += sz;
			nids = get_u32(p);
			p += 4;
			name = feat_string(&p, end);
			if (!name)
				break;
			if ((uint64_t)(end - p) < (uint64_t)nids * 8) {
				free(name);
				break;
			}
			p += (uint64_t)nids * 8;
			if (i < pd->nr_ev && name[0])
				set_str(&pd->ev[i].name, name);
			else
				free(name);
		}
		break;
	case FEAT_NRCPUS:
		/* u32 available (present), u32 online */
		if (len >= 8) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%u online, %u available",
				 get_u32(p + 4), get_u32(p));
			set_str(&pd->cpus, xstrdup(buf));
		}
		break;
	case FEAT_SAMPLE_TIME:
		if (len >= 16) {
			pd->feat_first = get_u64(p);
			pd->feat_last = get_u64(p + 8);
		}
		break;
	case FEAT_BUILD_ID:
		while (end - p >= 8) {
			struct perf_event_header hd;

			memcpy(&hd, p, sizeof(hd));
			if (hd.size < 8 || hd.size > end - p)
				break;
			build_id_event(pd, p, hd.size);
			p += hd.size;
		}
		break;
	default:
		break;
	}
}

/* One record of the stream (data section or pipe), whatever its type. */
static int process(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where)
{
	const unsigned char *b = (const unsigned char *)h;
	size_t len = h->size;

	if (h->type < PD_HEADER_ATTR)
		return queue_record(pd, h, where);
	switch (h->type) {
	case PD_HEADER_ATTR: {
		const struct perf_event_attr *a = (const void *)(h + 1);
		uint32_t asz;

		if (len < sizeof(*h) + PERF_ATTR_SIZE_VER0)
			return fail(pd, where, "HEADER_ATTR record too short");
		asz = a->size ? a->size : PERF_ATTR_SIZE_VER0;
		if (asz < PERF_ATTR_SIZE_VER0 || asz > len - sizeof(*h))
			return fail(pd, where,
				    "HEADER_ATTR record: attr size %u", asz);
		return add_evsel(pd, b + sizeof(*h), asz,
				 b + sizeof(*h) + asz,
				 (len - sizeof(*h) - asz) / 8);
	}
	case PD_FINISHED_ROUND:
		if (pd->ordered) {
			if (flush(pd, pd->flush_limit))
				return -1;
			pd->flush_limit = pd->max_time;
		}
		return 0;
	case PD_HEADER_BUILD_ID:
		build_id_event(pd, b, len);
		return 0;
	case PD_HEADER_FEATURE:
		if (len < 16)
			return fail(pd, where, "HEADER_FEATURE too short");
		feature(pd, get_u64(b + 8), b + 16, len - 16);
		return 0;
	case PD_EVENT_UPDATE: {
		/* type, id, data: a name for the event of that id */
		const uint64_t *idx;

		if (len < 24 || get_u64(b + 8) != EVENT_UPDATE_NAME)
			return 0;
		idx = hmap_find(&pd->ids, get_u64(b + 16));
		if (idx && memchr(b + 24, '\0', len - 24) && b[24])
			set_str(&pd->ev[*idx].name,
				xstrdup((const char *)b + 24));
		return 0;
	}
	case PD_COMPRESSED:
		return decompress(pd, h, where);
	default:
		return 0;
	}
}

/*
 * The records of the data section (size bytes; UINT64_MAX: to the end of
 * a pipe). TRACING_DATA and AUXTRACE carry bulk data after the record.
 */
static int read_records(struct pd *pd, uint64_t size)
{
	uint64_t start = pd->off;

	while (size == UINT64_MAX || pd->off - start < size) {
		const struct perf_event_header *h;
		struct perf_event_header hd;
		const unsigned char *p;
		uint64_t where = pd->off, extra = 0;

		p = take(pd, sizeof(hd));
		if (!p) {
			if (pd->failed)
				return -1;
			if (size == UINT64_MAX && pd->off == where)
				return 0; /* a pipe ends between records */
			return fail(pd, where, "truncated: the input ends "
				    "%s", size == UINT64_MAX ?
				    "inside a record header" :
				    "inside the data section");
		}
		memcpy(&hd, p, sizeof(hd));
		if (hd.size < sizeof(hd))
			return fail(pd, where, "%s record of size %u",
				    record_name(hd.type), hd.size);
		if (size != UINT64_MAX && hd.size > size - (where - start))
			return fail(pd, where,
				    "truncated: %s record of %u bytes runs "
				    "past the data section",
				    record_name(hd.type), hd.size);
		/* peek it whole, header included, where it stands */
		untake(pd, sizeof(hd));
		p = take(pd, hd.size);
		if (!p)
			return pd->failed ? -1 :
			       fail(pd, where, "truncated: the input ends "
				    "inside a %s record of %u bytes",
				    record_name(hd.type), hd.size);
		h = (const void *)p;
		if (hd.type == PD_HEADER_TRACING_DATA && hd.size >= 12)
			extra = (get_u32(p + 8) + 7) & ~7ULL;
		else if (hd.type == PD_AUXTRACE && hd.size >= 16)
			extra = get_u64(p + 8);
		if (((uintptr_t)p & 7)) {
			/* after a user record whose size is no multiple of 8
			 * (COMPRESSED, HEADER_FEATURE): realign */
			static uint64_t al[65536 / 8];

			memcpy(al, p, hd.size);
			h = (const void *)al;
		}
		if (process(pd, h, where))
			return -1;
		if (extra && !skip(pd, extra))
			return pd->failed ? -1 :
			       fail(pd, where, "truncated: the input ends "
				    "inside %s data", record_name(hd.type));
	}
	if (pd->off - start != size)
		return fail(pd, pd->off, "a record runs past the data "
			    "section");
	return 0;
}

struct section {
	uint64_t offset, size;
};

/*
 * File mode: the header, what precedes the data section (ids and attrs,
 * buffered), the data, then the feature sections.
 */
static int read_file(struct pd *pd, const unsigned char *hdr)
{
	struct section attrs, data;
	uint64_t attr_size, features[4], i, nfeat = 0, bit;
	unsigned char *pre = NULL, *feat = NULL;
	uint64_t feat_off, feat_len = 0;
	int ret = -1;

	attr_size = get_u64(hdr + 16);
	memcpy(&attrs, hdr + 24, sizeof(attrs));
	memcpy(&data, hdr + 40, sizeof(data));
	memcpy(features, hdr + 72, sizeof(features));
	if (data.offset < FILE_HEADER_SIZE || data.offset > MAX_PREFIX)
		return fail(pd, 40, "data section at offset %llu",
			    (unsigned long long)data.offset);
	if (attr_size < 16 + PERF_ATTR_SIZE_VER0 || attr_size > 4096)
		return fail(pd, 16, "attr size %llu",
			    (unsigned long long)attr_size);
	if (attrs.offset < FILE_HEADER_SIZE || attrs.size > data.offset ||
	    attrs.offset > data.offset - attrs.size ||
	    attrs.size % attr_size || !attrs.size)
		return fail(pd, 24, "attrs section (%llu bytes at %llu) "
			    "outside what precedes the data",
			    (unsigned long long)attrs.size,
			    (unsigned long long)attrs.offset);
	pre = take_copy(pd, data.offset - FILE_HEADER_SIZE);
	if (!pre) {
		if (!pd->failed)
			fail(pd, pd->off, "truncated: the input ends before "
			     "the data section");
		goto out;
	}
	for (i = 0; i < attrs.size / attr_size; i++) {
		const unsigned char *a = pre + attrs.offset -
					 FILE_HEADER_SIZE + i * attr_size;
		struct section ids;
		uint32_t asz;

		memcpy(&ids, a + attr_size - 16, sizeof(ids));
		asz = attr_size - 16;
		if (ids.size % 8 || ids.offset < FILE_HEADER_SIZE ||
		    ids.size > data.offset ||
		    ids.offset > data.offset - ids.size) {
			fail(pd, attrs.offset + i * attr_size,
			     "event %llu: ids outside the header",
			     (unsigned long long)i);
			goto out;
		}
		if (add_evsel(pd, a, asz, pre + ids.offset - FILE_HEADER_SIZE,
			      ids.size / 8))
			goto out;
	}
	if (data.size == 0 || data.size > UINT64_MAX - data.offset) {
		/* a recording killed before perf wrote its header */
		fail(pd, 40, "empty data section (the recording did not "
		     "finish?)");
		goto out;
	}
	if (read_records(pd, data.size))
		goto out;
	if (pd->ordered && flush(pd, UINT64_MAX))
		goto out;

	/* the features: their sections' table, then the bodies */
	for (bit = 0; bit < FEAT_BITS; bit++)
		nfeat += (features[bit / 64] >> (bit % 64)) & 1;
	feat_off = pd->off;
	if (nfeat) {
		const unsigned char *tab = take(pd, nfeat * 16);
		uint64_t k = 0, end = feat_off + nfeat * 16;
		struct section *secs;

		if (!tab) {
			ret = 0; /* samples without features still fold */
			warn(pd, "perf.data without its feature sections: "
			     "event names and build-ids unknown");
			goto out;
		}
		secs = xmalloc(nfeat * sizeof(*secs));
		memcpy(secs, tab, nfeat * sizeof(*secs));
		/* sizes checked first: offset + size cannot wrap */
		for (i = 0; i < nfeat; i++)
			if (secs[i].size <= MAX_FEATURES &&
			    secs[i].offset <= MAX_FEATURES + feat_off &&
			    secs[i].offset + secs[i].size > end)
				end = secs[i].offset + secs[i].size;
		feat_len = end - pd->off;
		if (feat_len > MAX_FEATURES)
			feat_len = MAX_FEATURES;
		feat = take_copy(pd, feat_len);
		if (!feat && pd->failed) {
			free(secs);
			goto out;
		}
		for (bit = 0; feat && bit < FEAT_BITS; bit++) {
			struct section *s;

			if (!((features[bit / 64] >> (bit % 64)) & 1))
				continue;
			s = &secs[k++];
			if (s->offset < pd->off - feat_len ||
			    s->size > feat_len ||
			    s->offset - (pd->off - feat_len) >
				    feat_len - s->size)
				continue; /* a bad section: not ours to need */
			feature(pd, bit,
				feat + (s->offset - (pd->off - feat_len)),
				s->size);
		}
		if (!feat)
			warn(pd, "perf.data: the feature sections are cut "
			     "short: event names and build-ids unknown");
		free(secs);
	}
	ret = 0;
out:
	free(pre);
	free(feat);
	return ret;
}

/* The running kernel's build-id, from /sys/kernel/notes (ELF notes). */
static unsigned int running_kernel_bid(unsigned char bid[20])
{
	unsigned char buf[4096];
	size_t n, off = 0;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
	ssize_t got;

	if (fd < 0)
		return 0;
	got = read(fd, buf, sizeof(buf));
	close(fd);
	if (got <= 0)
		return 0;
	n = (size_t)got;
	while (n - off >= 12) {
		uint32_t namesz = get_u32(buf + off),
			 descsz = get_u32(buf + off + 4),
			 type = get_u32(buf + off + 8);
		size_t name = off + 12, desc = name + ((namesz + 3) & ~3U);

		if (namesz > n || descsz > n || desc + descsz > n)
			break;
		if (type == 3 && namesz == 4 && !memcmp(buf + name, "GNU", 4)) {
			unsigned int len = descsz > 20 ? 20 : descsz;

			memcpy(bid, buf + desc, len);
			return len;
		}
		off = desc + ((descsz + 3) & ~3U);
	}
	return 0;
}

/* The kernel of the recording is the one running here. */
static bool same_kernel(struct pd *pd)
{
	unsigned char bid[20];
	unsigned int n;
	struct utsname u;

	if (pd->kernel_bid_len) {
		n = running_kernel_bid(bid);
		return n == pd->kernel_bid_len &&
		       !memcmp(bid, pd->kernel_bid, n);
	}
	/* no build-id recorded (a pipe): the release and the host */
	return pd->release && pd->host && !uname(&u) &&
	       !strcmp(u.release, pd->release) &&
	       !strcmp(u.nodename, pd->host);
}

/*
 * Kernel symbols from an ELF vmlinux, moved to where the recorded kernel
 * ran: the kernel's MMAP record says where _text was (KASLR), and _text
 * is the lowest text address of the file.
 */
static int load_vmlinux(struct pd *pd, struct kallsyms *k, const char *path)
{
	const struct symtab *t = NULL;
	uint64_t text = UINT64_MAX, shift = 0;
	char *abs = realpath(path, NULL);
	struct dso *d;
	unsigned long i;

	/* the dsos open absolute paths only (a mapping's are) */
	if (!abs)
		return fd_err_set(pd->err, "cannot read %s: %s", path,
				  strerror(errno));
	d = dsos_get(&pd->dsos, 0, 0, abs);
	free(abs);
	dso_load(&pd->dsos, d);
	if (d->symsrc)
		t = &d->symsrc->syms;
	if (!d->is_elf || !t || !t->nr)
		return fd_err_set(pd->err, "%s: no ELF symbols (--vmlinux "
				  "wants an uncompressed vmlinux)", path);
	for (i = 0; i < t->nr; i++)
		if (t->syms[i].start < text && FR_TAG(t->syms[i].start) ==
						       FR_TAG_KERNEL)
			text = t->syms[i].start;
	if (pd->kernel_text && text != UINT64_MAX)
		shift = pd->kernel_text - text;
	symtab_init(&k->tab);
	for (i = 0; i < t->nr; i++)
		symtab_add(&k->tab, t->syms[i].start + shift,
			   t->syms[i].sized ?
				   t->syms[i].end - t->syms[i].start : 0,
			   t->syms[i].name, t->syms[i].bind);
	symtab_finish(&k->tab, 0);
	return 0;
}

/* The kernel symbols to name kernel frames with; false: none. */
static int kernel_symbols(struct pd *pd, struct kallsyms *k, bool *have)
{
	*have = false;
	if (!pd->kernel_samples)
		return 0;
	if (pd->o->kallsyms) {
		if (kallsyms_load(k, pd->o->kallsyms, pd->err))
			return -1;
		*have = true;
		return 0;
	}
	if (pd->o->vmlinux) {
		if (load_vmlinux(pd, k, pd->o->vmlinux))
			return -1;
		*have = true;
		return 0;
	}
	if (same_kernel(pd)) {
		struct fd_err e = { { 0 } };

		if (!kallsyms_load(k, "/proc/kallsyms", &e)) {
			*have = true;
			return 0;
		}
		warn(pd, e.msg);
		return 0;
	}
	warn(pd, "perf.data from another kernel than the running one: "
	     "kernel frames are [unknown] (name them with --kallsyms FILE "
	     "or --vmlinux FILE of that kernel)");
	return 0;
}

static void meta_clean(char **field, const char *v)
{
	struct strbuf sb = STRBUF_INIT;

	if (!v || *field)
		return;
	sanitize_value(&sb, v, strlen(v));
	meta_set(field, sb.buf);
	strbuf_release(&sb);
}

/* The event the profile keeps: the one asked for, else the first one
 * sampled. NULL when the asked one is not in the file. */
static struct pd_evsel *chosen(struct pd *pd, const char *want)
{
	struct pd_evsel *best = NULL;
	unsigned long i;

	for (i = 0; i < pd->nr_ev; i++) {
		struct pd_evsel *e = &pd->ev[i];

		if (want) {
			size_t n = strcspn(e->name, ":");

			if (!strcmp(e->name, want) ||
			    (strlen(want) == n && !strncmp(e->name, want, n)))
				return e;
			continue;
		}
		if (e->first_seq != UINT64_MAX &&
		    (!best || e->first_seq < best->first_seq))
			best = e;
	}
	return want ? NULL : best;
}

static int build(struct pd *pd, struct profile *p)
{
	const char *want = pd->o->ps.event;
	struct kallsyms k;
	struct pd_evsel *e;
	bool have_k;
	struct stat stb;
	uint64_t first, last;

	if (!want && p->meta.event)
		want = p->meta.event; /* an earlier input's, as perf script */
	e = chosen(pd, want);
	if (!e && want && !pd->o->ps.event) {
		/* as the perf script reader: the first input's event rules */
		fd_err_at(pd->err, pd->path, 0, "no samples of event '%s' "
			  "that the inputs before it have: weights of "
			  "different events do not add up (keep one with "
			  "--event-filter)", want);
		return -1;
	}
	if (!e && want) {
		struct strbuf sb = STRBUF_INIT;
		unsigned long i;

		for (i = 0; i < pd->nr_ev; i++)
			strbuf_addf(&sb, "%s'%s'", i ? ", " : "",
				    pd->ev[i].name);
		fd_err_at(pd->err, pd->path, 0, "no event '%s' in this "
			  "perf.data (it has %s)", want, sb.buf);
		strbuf_release(&sb);
		return -1;
	}
	if (!e || !e->stacks.nr)
		return 0; /* no samples: the caller says so */
	build_id_fixup(pd);
	if (kernel_symbols(pd, &k, &have_k))
		return -1;
	if (pd->o->inlines) {
		struct inliner *in = inliner__new();

		build_stacks_inline(p, &e->stacks, pd->machine.comms,
				    &pd->dsos, have_k ? &k : NULL, true, in);
		inliner__delete(in);
	} else {
		build_stacks_opts(p, &e->stacks, pd->machine.comms, &pd->dsos,
				  have_k ? &k : NULL, true);
	}
	if (have_k)
		kallsyms_release(&k);
	if (!p->meta.event)
		meta_clean(&p->meta.event, e->name);
	if (!p->meta.unit)
		meta_set(&p->meta.unit, event_unit(p->meta.event));
	p->meta.samples += e->samples;
	p->meta.lost += pd->st.lost + pd->st.lost_samples;
	first = pd->feat_first ? pd->feat_first : pd->first_time;
	last = pd->feat_last ? pd->feat_last : pd->last_time;
	if (last > first)
		p->meta.duration += (double)(last - first) / 1e9;
	meta_clean(&p->meta.host, pd->host);
	meta_clean(&p->meta.kernel, pd->release);
	meta_clean(&p->meta.cmdline, pd->cmdline);
	meta_clean(&p->meta.cpus, pd->cpus);
	/* perf's "captured on" is the file's time: so is ours */
	if (!p->meta.date && strcmp(pd->path, "<stdin>") &&
	    !stat(pd->path, &stb) && S_ISREG(stb.st_mode)) {
		char iso[32];
		struct tm tm;

		gmtime_r(&stb.st_mtime, &tm);
		if (strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm))
			meta_set(&p->meta.date, iso);
	}
	return 0;
}

/*
 * Map the input when it is a regular file (the path the reader opened,
 * opened again) holding perf.data as is, not gzip'ed: the bytes the
 * reader has buffered must be the file's first ones. Otherwise (a pipe,
 * gzip, memory) the input is streamed.
 */
static void try_map(struct pd *pd)
{
	struct linereader *lr = pd->lr;
	const char *head;
	struct stat st;
	size_t len;
	void *m;
	int fd;

	if (lr->start || lr_peek(lr, PIPE_HEADER_SIZE, &head, &len, pd->err) ||
	    len < PIPE_HEADER_SIZE)
		return;
	if (!lr->gz || !strcmp(pd->path, "<stdin>") || !strcmp(pd->path, "-"))
		return;
	fd = open(pd->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size < len || (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return;
	if (memcmp(m, head, len)) {
		munmap(m, (size_t)st.st_size);
		return;
	}
	madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
	pd->map = m;
	pd->map_len = (size_t)st.st_size;
	pd->map_owned = true;
}

static void pd_release(struct pd *pd)
{
	unsigned long i;

	if (pd->map_owned)
		munmap((void *)pd->map, pd->map_len);
	for (i = 0; i < pd->nr_ev; i++) {
		free(pd->ev[i].name);
		stacks_release(&pd->ev[i].stacks);
	}
	free(pd->ev);
	hmap_release(&pd->ids);
	decoder_release(&pd->dec);
	if (pd->unwinder)
		unwinder__delete(pd->unwinder);
	stacks_release(&pd->none);
	machine_release(&pd->machine);
	dsos_release(&pd->dsos);
	free(pd->q);
	free(pd->qtmp);
	free(pd->arena);
	free(pd->arena2);
	if (pd->zstd)
		ZSTD_freeDStream(pd->zstd);
	free(pd->zout);
	for (i = 0; i < pd->nr_bids; i++)
		free(pd->bids[i].path);
	free(pd->bids);
	free(pd->host);
	free(pd->release);
	free(pd->cmdline);
	free(pd->cpus);
}

int perf_data_read(struct linereader *lr, const struct input_opts *o,
		   struct profile *p, struct strbuf *warnings,
		   struct fd_err *err)
{
	static const struct input_opts defaults;
	const unsigned char *hdr;
	struct pd pd;
	uint64_t size;
	int ret;

	memset(&pd, 0, sizeof(pd));
	pd.lr = lr;
	pd.o = o ? o : &defaults;
	pd.err = err;
	pd.warn = warnings;
	pd.path = lr->path;
	dsos_init(&pd.dsos, false);
	pd.dsos.as_perf = true;
	machine_init(&pd.machine, &pd.dsos);
	/* a recording names its processes itself: /proc here is another
	 * machine, or the same one later */
	pd.machine.read_proc = false;
	/* perf's name for the idle task, which no COMM record names */
	machine_comm(&pd.machine, 0, 0, "swapper", false);
	stacks_init(&pd.none);
	decoder_init(&pd.dec, &pd.machine, &pd.none, &pd.dsos, NULL, &pd.st);
	pd.dec.as_perf = true;

	try_map(&pd);
	hdr = take(&pd, PIPE_HEADER_SIZE);
	if (!hdr || memcmp(hdr, "PERFILE2", 8)) {
		ret = pd.failed ? -1 :
		      fail(&pd, 0, "not a perf.data file (no PERFILE2)");
		goto out;
	}
	size = get_u64(hdr + 8);
	if (size == PIPE_HEADER_SIZE) {
		pd.pipe = true;
		ret = read_records(&pd, UINT64_MAX);
		if (!ret && pd.ordered)
			ret = flush(&pd, UINT64_MAX);
	} else if (size == FILE_HEADER_SIZE) {
		unsigned char full[FILE_HEADER_SIZE];
		const unsigned char *rest;

		memcpy(full, hdr, PIPE_HEADER_SIZE);
		rest = take(&pd, FILE_HEADER_SIZE - PIPE_HEADER_SIZE);
		if (!rest) {
			ret = pd.failed ? -1 :
			      fail(&pd, pd.off, "truncated: the input ends "
				   "inside the file header");
			goto out;
		}
		memcpy(full + PIPE_HEADER_SIZE, rest,
		       FILE_HEADER_SIZE - PIPE_HEADER_SIZE);
		ret = read_file(&pd, full);
	} else {
		ret = fail(&pd, 8, "header size %llu (neither a file's %d "
			   "nor a pipe's %d: another perf version or a "
			   "foreign byte order?)", (unsigned long long)size,
			   FILE_HEADER_SIZE, PIPE_HEADER_SIZE);
	}
	if (!ret)
		ret = build(&pd, p);
out:
	pd_release(&pd);
	return ret;
}
