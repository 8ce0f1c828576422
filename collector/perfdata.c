// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader (perfdata.h): the record loop and the profile built at
 * the end. Its parts are listed in perfdata-int.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "analyzer/event.h"
#include "analyzer/names.h"
#include "collector/build.h"
#include "collector/perfdata-int.h"
#include "collector/perfdata.h"
#include "collector/sanitize.h"
#include "lib/alloc.h"

static bool has_kernel_frame(const struct decoded_sample *ds)
{
	uint64_t i;

	for (i = 0; i < ds->nr; i++)
		if (ds->ips[i] == (uint64_t)PERF_CONTEXT_KERNEL)
			return true;
	return !ds->nr && FR_TAG(ds->ip) == FR_TAG_KERNEL;
}

/*
 * A sample under --pid or --tid: its root names the task as the perf
 * script reader names it from perf script's default output, which prints
 * the TID only ("comm-?/TID", analyzer/names.h), so that both routes give
 * the same profile.
 */
static void task_sample(struct pd *pd, const struct decoded_sample *ds)
{
	struct strtab *comms = pd->machine.comms;
	uint32_t comm, n = decode_stack(&pd->dec, ds, &comm);
	char tid[16], root[128];
	size_t cl = strtab_len(comms, comm), len;
	/* perf prints the tid of no task (u32 -1) as -1 */
	int tl = snprintf(tid, sizeof(tid), "%d", (int32_t)ds->tid);

	if (cl > sizeof(root) - sizeof(tid) - 4)
		cl = sizeof(root) - sizeof(tid) - 4;
	len = name_task_root(root, strtab_str(comms, comm), cl, tid,
			     (size_t)tl, NULL, 0, pd->o->ps.pid,
			     pd->o->ps.tid);
	comm = strtab_intern(comms, root, len);
	stacks_add(pd->dec.stacks, comm, pd->dec.frames, n, ds->period);
	pd->st.samples++;
}

static int do_sample(struct pd *pd, const struct perf_event_header *h,
		     uint64_t where)
{
	struct psample *s = &pd->s;
	struct pd_evsel *e = pd_sample_evsel(pd, h);
	const char *bad;

	if (!e)
		return pd_fail(pd, where, "SAMPLE of an unknown event id");
	bad = pd_parse_sample(e, h, s);
	if (bad)
		return pd_fail(pd, where, "SAMPLE record too short for its %s",
			    bad);
	/* in delivery (time) order, as perf script prints */
	if (e->first_seq == UINT64_MAX)
		e->first_seq = pd->delivered;
	pd->delivered++;
	/* --only-pid, --only-tid: the others go nowhere (the first event
	 * is still the first sampled, as in the text reader) */
	if (!id_set_passes(&pd->only_pid, s->ds.pid) ||
	    !id_set_passes(&pd->only_tid, s->ds.tid))
		return 0;
	e->samples++;
	if (s->time) {
		if (!pd->first_time || s->time < pd->first_time)
			pd->first_time = s->time;
		if (s->time > pd->last_time)
			pd->last_time = s->time;
	}
	if (has_kernel_frame(&s->ds) && !pd->kernel_samples++)
		pd_kernel_ahead(pd);
	pd->dec.stacks = &e->stacks;
	if (pd->o->ps.pid || pd->o->ps.tid)
		task_sample(pd, &s->ds);
	else
		decode_sample_fields(&pd->dec, &s->ds);
	return 0;
}

static void guard_dso(struct dso *dso);

/* PERF_RECORD_MMAP: user maps as MMAP2 would give them (no inode). */
static int do_mmap(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where)
{
	const unsigned char *b = (const unsigned char *)(h + 1);
	struct dso *dso;
	const char *path;
	uint32_t pid;

	/* pid, tid, start, len, pgoff, filename */
	path = perf_record_str(h, sizeof(*h) + 32);
	if (!path)
		return pd_fail(pd, where, "MMAP record without its file name");
	pid = pd_u32(b);
	if (pid == (uint32_t)-1) {
		pd_kernel_mmap(pd, path, pd_u64(b + 8), pd_u64(b + 16),
			       pd_u64(b + 24));
		return 0;
	}
	if (h->misc & PERF_RECORD_MISC_MMAP_DATA) {
		/* as decode_mmap2() */
		machine_mmap_data(&pd->machine, (pid_t)pid, pd_u64(b + 8),
				  pd_u64(b + 16), pd_u64(b + 24), 0, 0, path);
		return 0;
	}
	machine_mmap(&pd->machine, (pid_t)pid, pd_u64(b + 8),
		     pd_u64(b + 16), pd_u64(b + 24), 0, 0, path);
	dso = dsos_get(&pd->dsos, 0, 0, path);
	guard_dso(dso);
	pd_build_id_early(pd, dso);
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
	struct dso *dso;

	/* perf record --buildid-mmap writes the kernel's as MMAP2 */
	if (e->pid == (uint32_t)-1) {
		pd_kernel_mmap(pd, e->filename, e->start, e->len, e->pgoff);
		return;
	}
	if (!(h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
		dev = ((uint64_t)e->maj << 32) | e->min;
		ino = e->ino;
	}
	dso = dsos_get(&pd->dsos, dev, ino, e->filename);
	guard_dso(dso);
	/* perf record --buildid-mmap: the build-id in the record itself */
	if ((h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) && !dso->want_bid_len)
		dso_want_build_id(&pd->dsos, dso, e->build_id,
				  e->build_id_size);
	pd_build_id_early(pd, dso);
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
		return pd_fail(pd, where, "COMM record without its name");
	/* the text route makes a name's spaces '_' ("[pango] FcInit") */
	snprintf(name, sizeof(name), "%s", comm);
	for (i = 0; name[i]; i++)
		if (name[i] == ' ')
			name[i] = '_';
	machine_comm(&pd->machine, (pid_t)e->pid, (pid_t)e->tid, name, false);
	return 0;
}

/* A record in time order: to the machine, the stacks or the counters. */
static int pd_deliver(struct pd *pd, const struct perf_event_header *h,
	       uint64_t where)
{
	unsigned long bad = pd->dec.bad_records;

	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		return do_sample(pd, h, where);
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
		return pd_fail(pd, where, "%s record too short or malformed",
			    pd_record_name(pd, h->type));
	return 0;
}

/* One record of the stream (data section or pipe), whatever its type. */
static int pd_process(struct pd *pd, const struct perf_event_header *h,
		   uint64_t where)
{
	const unsigned char *b = (const unsigned char *)h;
	size_t len = h->size;

	if (h->type < PD_HEADER_ATTR)
		return pd_queue_record(pd, h, where);
	switch (h->type) {
	case PD_HEADER_ATTR: {
		const struct perf_event_attr *a = (const void *)(h + 1);
		uint32_t asz;

		if (len < sizeof(*h) + PERF_ATTR_SIZE_VER0)
			return pd_fail(pd, where, "HEADER_ATTR record too short");
		asz = a->size ? a->size : PERF_ATTR_SIZE_VER0;
		if (asz < PERF_ATTR_SIZE_VER0 || asz > len - sizeof(*h))
			return pd_fail(pd, where,
				    "HEADER_ATTR record: attr size %u", asz);
		return pd_add_evsel(pd, b + sizeof(*h), asz,
				 b + sizeof(*h) + asz,
				 (len - sizeof(*h) - asz) / 8);
	}
	case PD_FINISHED_ROUND:
		if (pd->ordered) {
			if (pd_flush(pd, pd->flush_limit))
				return -1;
			pd->flush_limit = pd->max_time;
		}
		return 0;
	case PD_HEADER_BUILD_ID:
		pd_build_id_event(pd, b, len);
		return 0;
	case PD_HEADER_FEATURE:
		if (len < 16)
			return pd_fail(pd, where, "HEADER_FEATURE too short");
		pd_feature(pd, pd_u64(b + 8), b + 16, len - 16);
		return 0;
	case PD_EVENT_UPDATE: {
		/* type, id, data: a name for the event of that id */
		const uint64_t *idx;

		if (len < 24 || pd_u64(b + 8) != EVENT_UPDATE_NAME)
			return 0;
		idx = hmap_find(&pd->ids, pd_u64(b + 16));
		if (idx && memchr(b + 24, '\0', len - 24) && b[24])
			pd_set_str(&pd->ev[*idx].name,
				xstrdup((const char *)b + 24));
		return 0;
	}
	case PD_COMPRESSED:
		return pd_decompress(pd, h, where);
	default:
		return 0;
	}
}

/*
 * The records of the data section (size bytes; UINT64_MAX: to the end of
 * a pipe). TRACING_DATA and AUXTRACE carry bulk data after the record.
 */
static int pd_read_records(struct pd *pd, uint64_t size)
{
	uint64_t start = pd->off;

	while (size == UINT64_MAX || pd->off - start < size) {
		const struct perf_event_header *h;
		struct perf_event_header hd;
		const unsigned char *p;
		uint64_t where = pd->off, extra = 0;

		p = pd_take(pd, sizeof(hd));
		if (!p) {
			if (pd->failed)
				return -1;
			if (size == UINT64_MAX && pd->off == where)
				return 0; /* a pipe ends between records */
			return pd_fail(pd, where, "truncated: the input ends "
				    "%s", size == UINT64_MAX ?
				    "inside a record header" :
				    "inside the data section");
		}
		memcpy(&hd, p, sizeof(hd));
		if (hd.size < sizeof(hd))
			return pd_fail(pd, where, "%s record of size %u",
				    pd_record_name(pd, hd.type), hd.size);
		if (size != UINT64_MAX && hd.size > size - (where - start))
			return pd_fail(pd, where,
				    "truncated: %s record of %u bytes runs "
				    "past the data section",
				    pd_record_name(pd, hd.type), hd.size);
		/* peek it whole, header included, where it stands */
		pd_untake(pd, sizeof(hd));
		p = pd_take(pd, hd.size);
		if (!p)
			return pd->failed ? -1 :
			       pd_fail(pd, where, "truncated: the input ends "
				    "inside a %s record of %u bytes",
				    pd_record_name(pd, hd.type), hd.size);
		h = (const void *)p;
		if (hd.type == PD_HEADER_TRACING_DATA && hd.size >= 12)
			extra = (pd_u32(p + 8) + 7) & ~7ULL;
		else if (hd.type == PD_AUXTRACE && hd.size >= 16)
			extra = pd_u64(p + 8);
		/* after a user record whose size is no multiple of 8
		 * (COMPRESSED, HEADER_FEATURE): realign */
		h = pd_aligned(p, hd.size, &pd->align_in);
		if (pd_process(pd, h, where))
			return -1;
		if (extra && !pd_skip(pd, extra))
			return pd->failed ? -1 :
			       pd_fail(pd, where, "truncated: the input ends "
				    "inside %s data", pd_record_name(pd, hd.type));
	}
	if (pd->off - start != size)
		return pd_fail(pd, pd->off, "a record runs past the data "
			    "section");
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

/* The events in the order perf script meets them: by first sample. */
static int by_first(const void *a, const void *b)
{
	const struct pd_evsel *x = *(const struct pd_evsel *const *)a;
	const struct pd_evsel *y = *(const struct pd_evsel *const *)b;

	return x->first_seq < y->first_seq ? -1 : x->first_seq > y->first_seq;
}

/* The sampled events, by first sample; *n of them, to free. */
static struct pd_evsel **sampled(struct pd *pd, size_t *n)
{
	struct pd_evsel **v = xmalloc((pd->nr_ev + 1) * sizeof(*v));
	unsigned long i;

	*n = 0;
	for (i = 0; i < pd->nr_ev; i++)
		if (pd->ev[i].samples)
			v[(*n)++] = &pd->ev[i];
	qsort(v, *n, sizeof(*v), by_first);
	return v;
}

/* The default event is shown: say which others the file has. */
static void note_other_events(struct pd *pd, const struct pd_evsel *shown)
{
	struct strbuf sb = STRBUF_INIT;
	struct pd_evsel **v;
	size_t n, i, k = 0;

	v = sampled(pd, &n);
	for (i = 0; i < n; i++) {
		if (v[i] == shown)
			continue;
		strbuf_addf(&sb, "%s'%s' (%llu samples)", k++ ? ", " : "",
			    v[i]->name, (unsigned long long)v[i]->samples);
	}
	if (k) {
		struct strbuf msg = STRBUF_INIT;

		strbuf_addf(&msg, "%s: event '%s' (%llu samples) shown; the "
			    "file also has %s: choose one with --event",
			    pd->path, shown->name,
			    (unsigned long long)shown->samples, sb.buf);
		pd_warn(pd, msg.buf);
		strbuf_release(&msg);
	}
	strbuf_release(&sb);
	free(v);
}

/* perf_data_events(): the list instead of a profile. */
static void list_events(struct pd *pd)
{
	struct pd_evsel **v;
	size_t n, i;

	v = sampled(pd, &n);
	*pd->list = xmalloc((n + 1) * sizeof(**pd->list));
	for (i = 0; i < n; i++) {
		(*pd->list)[i].name = xstrdup(v[i]->name);
		(*pd->list)[i].samples = v[i]->samples;
	}
	*pd->nr_list = n;
	free(v);
}

/* What the recording was, of event e, into m (an earlier input's kept). */
static void build_meta(const struct pd *pd, const struct pd_evsel *e,
		       struct profile_meta *m)
{
	struct stat stb;
	uint64_t first, last;

	if (!m->event)
		meta_clean(&m->event, e->name);
	if (!m->unit)
		meta_set(&m->unit, event_unit(m->event));
	m->samples += e->samples;
	m->lost += pd->st.lost + pd->st.lost_samples;
	first = pd->feat_first ? pd->feat_first : pd->first_time;
	last = pd->feat_last ? pd->feat_last : pd->last_time;
	if (last > first)
		m->duration += (double)(last - first) / 1e9;
	meta_clean(&m->host, pd->host);
	meta_clean(&m->kernel, pd->release);
	meta_clean(&m->cmdline, pd->cmdline);
	meta_clean(&m->cpus, pd->cpus);
	/* perf's "captured on" is the file's time: so is ours */
	if (!m->date && strcmp(pd->path, "<stdin>") &&
	    !stat(pd->path, &stb) && S_ISREG(stb.st_mode)) {
		char iso[32];
		struct tm tm;

		gmtime_r(&stb.st_mtime, &tm);
		if (strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm))
			meta_set(&m->date, iso);
	}
}

static int build(struct pd *pd, struct profile *p)
{
	const char *want = pd->o->ps.event;
	struct build_opts bo = { .dso_names = pd->o->ps.dso_names };
	struct kallsyms k;
	struct pd_evsel *e;
	bool have_k;

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
	if (!pd->o->ps.event)
		note_other_events(pd, e);
	pd_build_id_fixup(pd);
	if (pd_kernel_symbols(pd, &k, &have_k))
		return -1;
	bo.perf_names = true;
	bo.addrs = pd->o->ps.addrs;
	/* DWARF-unwound stacks (--call-graph dwarf) are named as perf
	 * script names them by default; --inline does so on any stack and
	 * marks the inlined frames */
	bo.inl = pd->o->ps.inlines || pd->unwinder ? inliner__new() : NULL;
	bo.mark_inline = pd->o->ps.inlines;
	bo.ret_addrs = !pd->unwinder;
	build_stacks_with(p, &e->stacks, pd->machine.comms, &pd->dsos,
			  have_k ? &k : NULL, &bo);
	inliner__delete(bo.inl);
	if (have_k)
		kallsyms_release(&k);
	/* the files whose frames are [base], and why */
	if (pd->warn && pd->dsos.warn.len)
		strbuf_addstr(pd->warn, pd->dsos.warn.buf);
	build_meta(pd, e, &p->meta);
	return 0;
}

static void pd_release(struct pd *pd)
{
	unsigned long i;

	pd_kernel_ahead_release(pd);
	for (i = 0; i < pd->nr_ev; i++) {
		free(pd->ev[i].name);
		stacks_release(&pd->ev[i].stacks);
	}
	free(pd->ev);
	hmap_release(&pd->ids);
	id_set_release(&pd->only_pid);
	id_set_release(&pd->only_tid);
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
	free(pd->align_in);
	free(pd->align_z);
	for (i = 0; i < pd->nr_bids; i++)
		free(pd->bids[i].path);
	free(pd->bids);
	free(pd->kmods);
	free(pd->host);
	free(pd->release);
	free(pd->cmdline);
	free(pd->cpus);
}

/* The record loop, as the reader's other files reach it (perfdata-int.h). */
static const struct pd_loop loop = {
	.process = pd_process,
	.deliver = pd_deliver,
	.read_records = pd_read_records,
};

/* pd ready to read lr: the machine, its files and the decoder. */
static void pd_setup(struct pd *pd, struct linereader *lr,
		     const struct input_opts *o, struct strbuf *warnings,
		     struct perf_data_event **list, size_t *nr_list,
		     struct fd_err *err)
{
	static const struct input_opts defaults;

	memset(pd, 0, sizeof(*pd));
	pd->loop = &loop;
	pd->lr = lr;
	pd->o = o ? o : &defaults;
	id_set_init(&pd->only_pid, &pd->o->ps.only_pid);
	id_set_init(&pd->only_tid, &pd->o->ps.only_tid);
	pd->err = err;
	pd->warn = warnings;
	pd->path = lr->path;
	pd->list = list;
	pd->nr_list = nr_list;
	dsos_init(&pd->dsos, false);
	pd->dsos.as_perf = true;
	pd->dsos.open_unverified = true;
	if (pd->o->symfs)
		pd->dsos.symfs = pd->o->symfs;
	machine_init(&pd->machine, &pd->dsos);
	/* a recording names its processes itself: /proc here is another
	 * machine, or the same one later */
	pd->machine.read_proc = false;
	/* perf's name for the idle task, which no COMM record names */
	machine_comm(&pd->machine, 0, 0, "swapper", false);
	stacks_init(&pd->none);
	decoder_init(&pd->dec, &pd->machine, &pd->none, &pd->dsos, NULL,
		     &pd->st);
	pd->dec.as_perf = true;
}

static int read_all(struct linereader *lr, const struct input_opts *o,
		    struct profile *p, struct strbuf *warnings,
		    struct perf_data_event **list, size_t *nr_list,
		    struct fd_err *err)
{
	const unsigned char *hdr;
	struct pd pd;
	uint64_t size;
	struct stat st;
	int ret;

	/* a mistyped --symfs would only leave frames unnamed */
	if (o && o->symfs && (stat(o->symfs, &st) || !S_ISDIR(st.st_mode)))
		return fd_err_set(err, "--symfs %s: not a directory",
				  o->symfs);
	pd_setup(&pd, lr, o, warnings, list, nr_list, err);
	hdr = pd_take(&pd, PIPE_HEADER_SIZE);
	if (!hdr || memcmp(hdr, "PERFILE2", 8)) {
		ret = pd.failed ? -1 :
		      pd_fail(&pd, 0, "not a perf.data file (no PERFILE2)");
		goto out;
	}
	size = pd_u64(hdr + 8);
	if (size == PIPE_HEADER_SIZE) {
		pd.pipe = true;
		ret = pd_read_records(&pd, UINT64_MAX);
		if (!ret && pd.ordered)
			ret = pd_flush(&pd, UINT64_MAX);
	} else if (size == FILE_HEADER_SIZE) {
		unsigned char full[FILE_HEADER_SIZE];
		const unsigned char *rest;

		memcpy(full, hdr, PIPE_HEADER_SIZE);
		rest = pd_take(&pd, FILE_HEADER_SIZE - PIPE_HEADER_SIZE);
		if (!rest) {
			ret = pd.failed ? -1 :
			      pd_fail(&pd, pd.off, "truncated: the input ends "
				   "inside the file header");
			goto out;
		}
		memcpy(full + PIPE_HEADER_SIZE, rest,
		       FILE_HEADER_SIZE - PIPE_HEADER_SIZE);
		ret = pd_read_file(&pd, full);
	} else {
		ret = pd_fail(&pd, 8, "header size %llu (neither a file's %d "
			   "nor a pipe's %d: another perf version or a "
			   "foreign byte order?)", (unsigned long long)size,
			   FILE_HEADER_SIZE, PIPE_HEADER_SIZE);
	}
	if (!ret && pd.list)
		list_events(&pd);
	else if (!ret)
		ret = build(&pd, p);
out:
	pd_release(&pd);
	return ret;
}


int perf_data_read(struct linereader *lr, const struct input_opts *o,
		   struct profile *p, struct strbuf *warnings,
		   struct fd_err *err)
{
	return read_all(lr, o, p, warnings, NULL, NULL, err);
}

static int perf_data_read_list(struct linereader *lr,
			       const struct input_opts *o,
			       struct perf_data_event **ev, size_t *nr,
			       struct fd_err *err)
{
	return read_all(lr, o, NULL, NULL, ev, nr, err);
}

int perf_data_events(const char *path, const struct input_opts *o,
		     struct perf_data_event **ev, size_t *nr,
		     struct fd_err *err)
{
	struct linereader lr;
	int ret;

	*ev = NULL;
	*nr = 0;
	if (lr_init_path(&lr, path, err))
		return -1;
	ret = perf_data_read_list(&lr, o, ev, nr, err);
	lr_release(&lr);
	return ret;
}

void perf_data_events_free(struct perf_data_event *ev, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(ev[i].name);
	free(ev);
}
