// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diff.h"
#include "analyzer/event.h"
#include "analyzer/chains.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/runs-list.h"
#include "analyzer/side.h"
#include "lib/alloc.h"
#include "lib/safe-open.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"

char *side_name_from_path(const char *path)
{
	static const char *const exts[] = { ".gz",	   ".prof",
					    ".profile",	   ".folded",
					    ".txt",	   ".perf-script",
					    ".data",	   ".stats" };
	size_t len = strlen(path), i;
	const char *base;
	char *name;
	int again = 1;

	while (len > 1 && path[len - 1] == '/')
		len--;
	for (base = path + len; base > path && base[-1] != '/'; base--)
		;
	name = xstrndup(base, path + len - base);
	len = strlen(name);
	while (again) {
		again = 0;
		for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
			size_t n = strlen(exts[i]);

			if (len > n && !strcmp(name + len - n, exts[i])) {
				len -= n;
				name[len] = '\0';
				again = 1;
			}
		}
	}
	return name;
}

/* What profile_merge() does to the metadata, without the tree. */
static void meta_add(struct profile_meta *dst, const struct profile_meta *src)
{
	dst->samples += src->samples;
	dst->lost += src->lost;
	dst->duration += src->duration;
#define KEEP(f)                                                            \
	if (!dst->f && src->f)                                             \
		dst->f = xstrdup(src->f)
	KEEP(event);
	KEEP(unit);
	KEEP(host);
	KEEP(kernel);
	KEEP(cmdline);
	KEEP(target);
	KEEP(date);
	KEEP(label);
#undef KEEP
}


/*
 * Add run (read from path) to the runs of s: its sum, the visit, then its
 * metadata taken over (the tree stays the caller's, to free). The runs of
 * a side are one event, and their sum stays a number.
 */
static int add_run(struct side *s, struct profile *run, const char *path,
		   const struct side_visit *v, struct fd_err *err)
{
	const struct profile_meta *first = s->nr_runs ? &s->meta[0] : NULL;

	if (first && first->event && run->meta.event &&
	    meta_event_conflict(first->event, run->meta.event))
		return fd_err_at(err, path, 0,
				 "samples of event '%s' where the runs before "
				 "it have '%s': weights of different events "
				 "do not add up (keep one with --event-filter)",
				 run->meta.event, first->event);
	if (!s->sum)
		s->sum = profile__new();
	/* The root's total is the merged tree's, added up the same way. */
	profile_add_self(s->sum, NODE_ROOT, profile_total(run));
	meta_add(&s->sum->meta, &run->meta);
	if (!isfinite(profile_total(s->sum)))
		return fd_err_at(err, path, 0,
				 "the weights of the runs add up past the "
				 "largest number");
	if (v && v->merged) {
		if (!s->merged)
			s->merged = profile__new();
		profile_merge(s->merged, run);
	}
	if (v && v->run && v->run(v->ctx, run, s->nr_runs, path, err))
		return -1;
	s->meta = xrealloc(s->meta, size_mul(s->nr_runs + 1,
					     sizeof(*s->meta)));
	s->meta[s->nr_runs++] = run->meta;
	memset(&run->meta, 0, sizeof(run->meta));
	return 0;
}

static void side_name(struct side *s, const char *path)
{
	if (s->nr_runs && s->meta[0].label)
		s->name = xstrdup(s->meta[0].label);
	else
		s->name = side_name_from_path(path);
}

int side_load(struct side *s, char *const *paths, size_t nr_paths,
	      const struct input_opts *o, const struct side_visit *v,
	      struct fd_err *err)
{
	struct side_runs r;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (side_list_runs(&r, paths, nr_paths, o, err))
		return -1;
	for (i = 0; i < r.nr; i++) {
		struct profile *p = profile__new();
		int ret = input_read(r.paths[i], o, p, NULL, err) ||
			  add_run(s, p, r.paths[i], v, err);

		profile__delete(p);
		if (ret) {
			side_runs_release(&r);
			side_release(s);
			return -1;
		}
	}
	side_runs_release(&r);
	side_name(s, paths[0]);
	return 0;
}

void diff_side_release(struct diff_side *s)
{
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		free(s->files[i]);
		if (s->sets)
			metric_set_release(&s->sets[i]);
	}
	for (i = 0; s->raw && i < s->nr_runs; i++)
		free(s->raw[i].buf);
	for (i = 0; s->chains && i < s->nr_runs; i++)
		free(s->chains[i].buf);
	strtab__delete(s->raw_names);
	free(s->files);
	free(s->sets);
	free(s->raw);
	free(s->hidden_stacks);
	free(s->chains);
	free(s->totals);
	free(s->runs_note);
	free(s->name);
	side_release(&s->side);
	memset(s, 0, sizeof(*s));
}

/* The groups of the raw measures, named as LKP's keys name them. */
enum raw_group { RAW_CHILDREN, RAW_SELF, RAW_CALLTRACE };
static const char *const raw_group_names[] = {
	[RAW_CHILDREN] = "children",
	[RAW_SELF] = "self",
	[RAW_CALLTRACE] = "calltrace",
};


/*
 * A run's chains, packed: per chain, the step from the previous chain's
 * id (zigzag, varint: the runs of one workload have most chains in
 * common, in the same order) and its share. A share that is w percent
 * of the run's total, w a whole weight (a sample count, mostly), is
 * w << 1 (varint); any other is 1 and its 8 bytes. Taken only when
 * unpacked it is the same double: the packing loses nothing.
 */
static size_t put_varint(uint8_t *p, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

static uint64_t get_varint(const uint8_t **p)
{
	uint64_t v = 0;
	int shift = 0;

	while (**p & 0x80) {
		v |= (uint64_t)(*(*p)++ & 0x7f) << shift;
		shift += 7;
	}
	return v | (uint64_t)*(*p)++ << shift;
}

/* The share of weight w in a run whose chains add up to total, as
 * explain_self_chain_ids() computes it (and metrics_compute() its rows). */
static double chain_share(uint64_t w, double total)
{
	return 100 * (double)w / total;
}

/* The step from id prev to id, zigzag (a small step either way is a
 * small number), and back. */
static uint64_t id_step(uint32_t prev, uint32_t id)
{
	int64_t step = (int64_t)id - (int64_t)prev;

	return step < 0 ? ((uint64_t)-step << 1) - 1 : (uint64_t)step << 1;
}

static uint32_t id_after(uint32_t prev, uint64_t step)
{
	return prev + (step & 1 ? -(uint32_t)((step + 1) >> 1)
				: (uint32_t)(step >> 1));
}

/* A share v of total, packed (above): at most 9 bytes. */
static size_t put_share(uint8_t *p, double v, double total)
{
	double w = v >= 0 && total > 0 ? nearbyint(v / 100 * total) : -1;

	if (w >= 0 && w < 0x1p53 && chain_share((uint64_t)w, total) == v)
		return put_varint(p, (uint64_t)w << 1);
	p[0] = 1;
	memcpy(p + 1, &v, sizeof(v));
	return 1 + sizeof(v);
}

static double get_share(const uint8_t **p, double total)
{
	uint64_t w = get_varint(p);
	double v;

	if (!(w & 1))
		return chain_share(w >> 1, total);
	memcpy(&v, *p, sizeof(v));
	*p += sizeof(v);
	return v;
}

static size_t put_chain(uint8_t *p, uint32_t prev, uint32_t id, double v,
			double total)
{
	size_t n = put_varint(p, id_step(prev, id));

	return n + put_share(p + n, v, total);
}

static uint32_t get_chain(const uint8_t **p, uint32_t prev, double total,
			  double *v)
{
	prev = id_after(prev, get_varint(p));
	*v = get_share(p, total);
	return prev;
}

/*
 * A run's measures, packed as its chains are: per row, one varint of the
 * step from the previous row's name id (zigzag), whether the id is still
 * pending (raw_settle()) and the group, then its value as a share of the
 * run's total. A million functions' two rows each take a few bytes
 * instead of 13.
 */
#define RAW_ROW_MAX 16 /* 6 bytes of step, pending and group, 9 of share */

struct raw_row {
	uint32_t id;
	bool pending;
	enum raw_group group;
	double v;
};

static void raw_put(struct side_vals *raw, const struct raw_row *r,
		    double total)
{
	uint8_t *p;

	if (raw->alloc - raw->len < RAW_ROW_MAX) {
		raw->alloc = size_add(raw->alloc, raw->alloc / 2 + 256);
		raw->buf = xrealloc(raw->buf, raw->alloc);
	}
	p = raw->buf + raw->len;
	p += put_varint(p, id_step(raw->last, r->id) << 3 |
				   (uint64_t)r->pending << 2 | r->group);
	p += put_share(p, r->v, total);
	raw->len = p - raw->buf;
	raw->last = r->id;
	raw->nr++;
	raw->nr_pending += r->pending;
}

/* The row after *r (whose id is the previous one's) at *p. */
static void raw_get(const uint8_t **p, struct raw_row *r, double total)
{
	uint64_t head = get_varint(p);

	r->id = id_after(r->id, head >> 3);
	r->pending = head >> 2 & 1;
	r->group = (enum raw_group)(head & 3);
	r->v = get_share(p, total);
}

/* Each row of raw through map(), which may change its id and pending. */
static void raw_rewrite(struct side_vals *raw, double total,
			void (*map)(void *ctx, struct raw_row *r), void *ctx)
{
	struct side_vals out = { 0 };
	const uint8_t *p = raw->buf;
	struct raw_row r = { 0 };
	size_t j;

	out.alloc = raw->len + RAW_ROW_MAX;
	out.buf = xmalloc(out.alloc);
	for (j = 0; j < raw->nr; j++) {
		struct raw_row m;

		raw_get(&p, &r, total);
		m = r;
		map(ctx, &m);
		raw_put(&out, &m, total);
	}
	free(raw->buf);
	*raw = out;
}

/*
 * A measure of group g and name; the name interned once for the side
 * (not "GROUP.NAME": a million functions were two million strings made
 * and interned, a quarter of a diff's time).
 */
static void raw_add(struct diff_side *s, size_t i, enum raw_group g,
		    const char *name, double value, bool pending)
{
	struct raw_row r = {
		strtab_intern(s->raw_names, name, strlen(name)), pending, g,
		value
	};

	raw_put(&s->raw[i], &r, s->totals[i]);
}

/*
 * The first run of a side is measured against its own profile's names
 * (own): a row named by one of them keeps that name's id, nothing
 * interned; the other names (cleaned ones the profile has not, the
 * calltraces) are interned in s->raw_names for now, their rows marked
 * pending. raw_settle() then makes the ids those of one table.
 */
static void raw_add_own(struct diff_side *s, size_t i, enum raw_group g,
			bool own, uint32_t own_id, const char *name,
			double value)
{
	struct raw_row r = { own_id, false, g, value };

	if (own_id == UINT32_MAX) {
		raw_add(s, i, g, name, value, own);
		return;
	}
	raw_put(&s->raw[i], &r, s->totals[i]);
}

/* Chains c, ids into from, with ids into to (map: from's id -> to's,
 * UINT32_MAX until known). */
static void remap_chains(struct side_chains *c, const struct strtab *from,
			 struct strtab *to, uint32_t *map)
{
	uint8_t *buf = xmalloc(size_mul(c->nr + 1, 14));
	const uint8_t *p = c->buf;
	uint32_t id = 0, prev = 0;
	size_t j, len = 0;
	double v;

	for (j = 0; j < c->nr; j++) {
		id = get_chain(&p, id, c->total, &v);
		if (map[id] == UINT32_MAX)
			map[id] = strtab_intern(to, strtab_str(from, id),
						strtab_len(from, id));
		len += put_chain(buf + len, prev, map[id], v, c->total);
		prev = map[id];
	}
	free(c->buf);
	c->buf = xrealloc(buf, len + 1);
	c->len = len;
}

struct settle {
	struct strtab *own, *pending;
	uint32_t *map; /* own's id -> pending's, UINT32_MAX until known */
};

/* A pending name into the run's own names. */
static void settle_into_own(void *ctx, struct raw_row *r)
{
	struct settle *st = ctx;

	if (!r->pending)
		return;
	r->id = strtab_intern(st->own, strtab_str(st->pending, r->id),
			      strtab_len(st->pending, r->id));
	r->pending = false;
}

/* An own name into the side's table, where the pending ones are. */
static void settle_into_pending(void *ctx, struct raw_row *r)
{
	struct settle *st = ctx;

	if (r->pending) {
		r->pending = false;
		return;
	}
	if (st->map[r->id] == UINT32_MAX)
		st->map[r->id] = strtab_intern(st->pending,
					       strtab_str(st->own, r->id),
					       strtab_len(st->own, r->id));
	r->id = st->map[r->id];
}

/*
 * After run i was measured against the names own of profile prof (and
 * visited): when prof still has them, the side takes them over, and
 * adds the pending names to them (a million functions then cost no
 * string of their own); when the visit gave them away (the union tree
 * took the run's tree), their strings are interned in the side's table
 * instead, once a name.
 */
static void raw_settle(struct diff_side *s, size_t i, struct strtab *own,
		       struct profile *prof)
{
	struct settle st = { own, s->raw_names, NULL };
	uint32_t n;

	if (prof->names == own) {
		if (s->raw[i].nr_pending)
			raw_rewrite(&s->raw[i], s->totals[i], settle_into_own,
				    &st);
		s->raw_names = own;
		prof->names = st.pending; /* freed with prof */
		return;
	}
	n = strtab_count(own);
	st.map = xmalloc(size_mul((size_t)n + 1, sizeof(*st.map)));
	memset(st.map, 0xff, size_mul((size_t)n + 1, sizeof(*st.map)));
	raw_rewrite(&s->raw[i], s->totals[i], settle_into_pending, &st);
	if (s->chains)
		remap_chains(&s->chains[i], own, st.pending, st.map);
	free(st.map);
}

/* Keep every self-time chain of run i of s: ids into names (the side's,
 * or those raw_settle() makes its), and their shares of total, packed. */
static void keep_chains(struct diff_side *s, size_t i, const struct profile *p,
			double total, struct strtab *names)
{
	struct side_chains *c = &s->chains[i];
	uint32_t prev = 0, *ids;
	double *vals;
	size_t j;

	c->nr = explain_self_chain_ids(p, names, &ids, &vals);
	/* At most 5 bytes of step, 9 of share. */
	c->buf = xmalloc(size_mul(c->nr + 1, 14));
	c->total = total;
	for (j = 0; j < c->nr; j++) {
		c->len += put_chain(c->buf + c->len, prev, ids[j], vals[j],
				    total);
		prev = ids[j];
	}
	c->buf = xrealloc(c->buf, c->len + 1);
	free(ids);
	free(vals);
}

struct fn_row_ctx {
	struct diff_side *s;
	size_t i;
	bool own;
	double floor;	/* diff_side_visit.floor */
};

/* A function's rows of run i, as metrics_compute() makes them: in the
 * order diff_side_measure() adds them, so that repeated keys add up the
 * same. */
static void add_fn_rows(void *ctx, const struct metrics *m, uint32_t id,
			const char *name, double children, double self)
{
	struct fn_row_ctx *c = ctx;

	c->s->totals[c->i] = m->total; /* the shares' total */
	if (!c->own)
		id = UINT32_MAX;
	/* as measure_keys() leaves rows out: most are below the floor */
	if (children > 0 && children >= c->floor)
		raw_add_own(c->s, c->i, RAW_CHILDREN, c->own, id, name,
			    children);
	if (self > 0 && self >= c->floor)
		raw_add_own(c->s, c->i, RAW_SELF, c->own, id, name, self);
}

/*
 * A profile run of a diff side, as it is read: its LKP metrics at or
 * above v->floor, at full precision and with the event left out of the
 * keys (only known once both sides are read: diff_side_measure()
 * finishes them), and its self-time chains when kept.
 * mp: the tree to measure (p's with DSO names, or p), p the run's.
 */
static void measure_run(struct diff_side *s, size_t i, const struct profile *mp,
			const struct profile *p, const struct diff_side_visit *v,
			bool own)
{
	bool chains = v->chains && !v->no_rows;
	/* The rows are looked up by key (diff_compare_vals(), sorted
	 * sets): their order here changes nothing. */
	struct fn_row_ctx rc = { s, i, own, v->floor };
	struct metrics_opts mo = { .event = "-", .totals_only = v->no_rows,
				   .fn_row = add_fn_rows, .fn_row_ctx = &rc };
	struct side_vals *raw = &s->raw[i];
	struct metrics m;
	size_t j;

	metrics_compute(mp, &mo, &m);
	s->totals[i] = m.total;
	s->hidden_stacks[i] = m.hidden_stacks;
	for (j = 0; j < m.nr_chains; j++)
		if (m.chains[j].percent > 0 &&
		    m.chains[j].percent >= v->floor)
			raw_add_own(s, i, RAW_CALLTRACE, own, UINT32_MAX,
				    m.chains[j].name, m.chains[j].percent);
	/* Give back what the rows did not take (the rows grow by half). */
	raw->buf = xrealloc(raw->buf, raw->len + 1);
	raw->alloc = raw->len + 1;
	metrics_release(&m);
	if (chains)
		keep_chains(s, i, p, s->totals[i],
			    own ? mp->names : s->raw_names);
}

struct read_ctx {
	struct diff_side *s;
	size_t run;	/* the side's run being read */
	const struct diff_side_visit *v;
	/* The run's tree with DSO names, to measure; NULL: the run's. */
	const struct profile *mp;
	/* The names of the tree measured, for the side to take over
	 * (raw_settle()); NULL: the run's names are not the side's. */
	struct strtab *own;
};

static int visit_run(void *ctx, struct profile *p, size_t i, const char *path,
		     struct fd_err *err)
{
	struct read_ctx *rc = ctx;

	measure_run(rc->s, rc->run, rc->mp ? rc->mp : p, p, rc->v,
		    rc->own != NULL);
	return rc->v->run ? rc->v->run(rc->v->ctx, p, i, path, err) : 0;
}

/*
 * Read run i of a diff side from lr, as LKP stats into s->sets[i] or as a
 * profile into s->side; *stats says which it was.
 */
static int diff_side_read(struct diff_side *s, size_t i,
			  struct linereader *lr, const struct input_opts *io,
			  const struct diff_side_visit *v, bool *stats,
			  struct fd_err *err)
{
	enum input_format fmt = io ? io->format : INPUT_AUTO;
	struct read_ctx rc = { s, i, v, NULL, NULL };
	struct side_visit sv = { visit_run, &rc, v->merged };
	struct profile *p, *target, *mp = NULL;
	int ret;

	if (fmt == INPUT_AUTO && input_detect_lr(lr, &fmt, err))
		return -1;
	*stats = fmt == INPUT_LKP_STATS;
	if (*stats)
		return lkp_stats_read(lr, &s->sets[i], err);
	target = v->target ? v->target(v->ctx) : NULL;
	if (target) {
		p = target;
	} else if (v->spare && *v->spare) {
		p = *v->spare;
		*v->spare = NULL;
	} else {
		p = profile__new();
	}
	/* The first run into the names given (another side's), which the
	 * side then takes as its own: a name of both is stored once. */
	if (p != target && i == 0 && v->names) {
		strtab__delete(p->names);
		p->names = strtab_get(v->names);
	}
	ret = input_read_lr(lr, io, p, NULL, err);
	/* DSO names (io->ps.dso_names) for the rows alone: the tree, the
	 * chains and the merged runs have the plain names. */
	if (!ret && p != target && io && io->ps.dso_names)
		rc.mp = mp = profile_split_dso_names(p);
	/* The side's names are the first run's own, unless read into the
	 * caller's profile. */
	if (!ret && i == 0 && p != target)
		rc.own = (mp ? mp : p)->names;
	ret = ret || add_run(&s->side, p, lr->path, &sv, err);
	if (!ret && rc.own)
		raw_settle(s, i, rc.own, mp ? mp : p);
	profile__delete(mp);
	if (p != target && v->spare && !*v->spare) {
		profile_clear(p);
		*v->spare = p;
	} else if (p != target) {
		profile__delete(p);
	}
	return ret ? -1 : 0;
}

/* What a side keeps of each of its s->nr_runs runs. */
static void per_run_alloc(struct diff_side *s, const struct diff_side_visit *v)
{
	s->sets = xcalloc(s->nr_runs, sizeof(*s->sets));
	s->raw = xcalloc(s->nr_runs, sizeof(*s->raw));
	s->raw_names = strtab__new();
	s->totals = xcalloc(s->nr_runs, sizeof(*s->totals));
	s->hidden_stacks = xcalloc(s->nr_runs, sizeof(*s->hidden_stacks));
	if (v->chains) {
		s->chains = xcalloc(s->nr_runs, sizeof(*s->chains));
	}
}

/* path is one the user gave, not one found in a directory given */
static bool named(char *const *paths, size_t nr_paths, const char *path)
{
	size_t i;

	for (i = 0; i < nr_paths; i++)
		if (!strcmp(paths[i], path))
			return true;
	return false;
}

/* Every run of s read, its profile's name in s->side.name. */
static void side_loaded(struct diff_side *s, const struct diff_side_visit *v)
{
	s->name = xstrdup(s->side.name);
	/* From here on the names are read by id only (unless another
	 * side is to be read into them). */
	if (!v->keep_index)
		strtab_drop_index(s->raw_names);
}

int diff_side_init_profile(struct diff_side *s, struct profile *p,
			   const char *file, const char *name,
			   const struct diff_side_visit *v, struct fd_err *err)
{
	struct read_ctx rc = { s, 0, v, NULL, p->names };
	struct side_visit sv = { visit_run, &rc, v->merged };
	int ret;

	memset(s, 0, sizeof(*s));
	s->nr_runs = 1;
	s->files = xcalloc(1, sizeof(*s->files));
	s->files[0] = xstrdup(file);
	per_run_alloc(s, v);
	free(s->sets);
	s->sets = NULL;
	ret = add_run(&s->side, p, file, &sv, err);
	if (!ret)
		raw_settle(s, 0, rc.own, p);
	profile__delete(p);
	if (ret) {
		diff_side_release(s);
		return -1;
	}
	s->side.name = xstrdup(name);
	side_loaded(s, v);
	return 0;
}

int diff_side_load(struct diff_side *s, char *const *paths, size_t nr_paths,
		   const struct input_opts *io, struct fd_err *err)
{
	static const struct diff_side_visit keep_all = {
		.merged = true, .chains = true
	};

	return diff_side_load_visit(s, paths, nr_paths, io, &keep_all, err);
}

int diff_side_load_visit(struct diff_side *s, char *const *paths,
			 size_t nr_paths, const struct input_opts *io,
			 const struct diff_side_visit *v, struct fd_err *err)
{
	static const struct diff_side_visit none;
	size_t i, nr_stats = 0, first_stats = 0;
	struct side_runs r;

	memset(s, 0, sizeof(*s));
	if (side_list_runs(&r, paths, nr_paths, io, err))
		return -1;
	s->runs_note = side_runs_take_note(&r);
	free(r.skipped);
	free(r.incomplete);
	s->files = r.paths; /* owned by s from now on */
	s->nr_runs = r.nr;
	if (!v)
		v = &none;
	per_run_alloc(s, v);
	for (i = 0; i < s->nr_runs; i++) {
		struct linereader lr;
		bool stats;
		int ret;

		/* an LKP result directory: one run of its files' stats */
		if (side_result_dir(s->files[i])) {
			if (side_result_dir_read(s->files[i], &s->sets[i],
						 err))
				goto fail;
			if (!nr_stats++)
				first_stats = i;
			continue;
		}
		/* a run found in a directory (maybe another user's) must
		 * be a regular file; a FIFO is read only when named */
		if (lr_init_safe(&lr, s->files[i],
				 named(paths, nr_paths, s->files[i]) ?
					 SAFE_ALLOW_FIFO : 0, err))
			goto fail;
		ret = diff_side_read(s, i, &lr, io, v, &stats, err);
		lr_release(&lr);
		if (ret)
			goto fail;
		if (stats && !nr_stats++)
			first_stats = i;
	}
	if (nr_stats && nr_stats != s->nr_runs) {
		fd_err_at(err, s->files[first_stats], 0,
			  "an LKP stats file among profiles: the runs of a "
			  "side are all profiles or all stats files");
		goto fail;
	}
	if (nr_stats) {
		s->stats = true;
		s->name = side_name_from_path(paths[0]);
		return 0;
	}
	/* diff_side_measure() fills the sets of profiles. */
	free(s->sets);
	s->sets = NULL;
	side_name(&s->side, paths[0]);
	side_loaded(s, v);
	return 0;
fail:
	diff_side_release(s);
	return -1;
}

/*
 * Run i of profile side s, measured as read, as LKP's keys: add(ctx, key,
 * value) for each, in the order diff_side_measure() always added them
 * (repeated keys then add up the same), the perf-profile ones with event
 * and LKP's floor applied, then the run's own stats.
 */
static int measure_keys(const struct diff_side *s, size_t i,
			const char *event, double floor, struct strbuf *key,
			void (*add)(void *ctx, const char *key, double value),
			void *ctx, struct fd_err *err)
{
	const struct metric_set *stats = &s->side.meta[i].stats;
	const struct side_vals *raw = &s->raw[i];
	const uint8_t *p = raw->buf;
	struct raw_row r = { 0 };
	size_t j;

	/* a run of nothing (timehist -s: no switch, no row) gives no key;
	 * one whose stacks are all unresolved is refused */
	if (s->totals[i] <= 0 && s->hidden_stacks[i] > 0)
		return fd_err_at(err, s->files[i], 0,
				 "no samples with a symbol (%llu stacks, all "
				 "left out as unresolved)",
				 (unsigned long long)s->hidden_stacks[i]);
	/* GROUP and NAME, as the load measured the run. */
	for (j = 0; j < raw->nr; j++) {
		raw_get(&p, &r, s->totals[i]);
		/* LKP's stats files hold no figure below 0.05. */
		if (r.v <= 0 || r.v < floor)
			continue;
		strbuf_reset(key);
		strbuf_addf(key, DIFF_PP_PREFIX "%s.%s.%s",
			    raw_group_names[r.group], event,
			    strtab_str(s->raw_names, r.id));
		add(ctx, key->buf, r.v);
	}
	/* the run's own benchmark, time and perf-stat rows */
	for (j = 0; j < stats->nr; j++)
		add(ctx, stats->v[j].key, stats->v[j].value);
	return 0;
}

static void add_to_set(void *ctx, const char *key, double value)
{
	metric_set_add(ctx, key, value);
}

int diff_side_measure(struct diff_side *s, const char *event,
		      bool full_precision, struct fd_err *err)
{
	double floor = diff_lkp_floor(full_precision);
	struct strbuf key = STRBUF_INIT;
	size_t i;

	if (s->stats)
		return 0;
	s->sets = xcalloc(s->nr_runs, sizeof(*s->sets));
	for (i = 0; i < s->nr_runs; i++) {
		if (measure_keys(s, i, event, floor, &key, add_to_set,
				 &s->sets[i], err)) {
			strbuf_release(&key);
			return -1;
		}
		if (s->sets[i].nr)
			metric_set_sort(&s->sets[i]);
	}
	strbuf_release(&key);
	return 0;
}

struct vals_ctx {
	struct strtab *keys;
	struct diff_vals *v; /* room for every key of the run */
};

static void add_to_vals(void *ctx, const char *key, double value)
{
	struct vals_ctx *c = ctx;
	struct diff_vals *v = c->v;

	v->id[v->nr] = strtab_intern(c->keys, key, strlen(key));
	v->v[v->nr++] = value;
}

int diff_side_measure_vals(struct diff_side *s, const char *event,
			   bool full_precision, struct strtab *keys,
			   struct diff_vals *out, struct fd_err *err)
{
	double floor = diff_lkp_floor(full_precision);
	struct strbuf key = STRBUF_INIT;
	size_t i, j, max;

	for (i = 0; i < s->nr_runs; i++) {
		struct vals_ctx c = { keys, &out[i] };

		memset(&out[i], 0, sizeof(out[i]));
		max = s->stats ? s->sets[i].nr
			       : size_add(s->raw[i].nr,
					  s->side.meta[i].stats.nr);
		out[i].id = xmalloc(size_mul(max + 1, sizeof(*out[i].id)));
		out[i].v = xmalloc(size_mul(max + 1, sizeof(*out[i].v)));
		if (s->stats) {
			const struct metric_set *set = &s->sets[i];

			for (j = 0; j < set->nr; j++)
				add_to_vals(&c, set->v[j].key,
					    set->v[j].value);
			continue;
		}
		if (measure_keys(s, i, event, floor, &key, add_to_vals, &c,
				 err)) {
			strbuf_release(&key);
			return -1;
		}
		/* The run's measures are in out[i] now. */
		free(s->raw[i].buf);
		memset(&s->raw[i], 0, sizeof(s->raw[i]));
	}
	strbuf_release(&key);
	return 0;
}

char *diff_side_event(const struct diff_side *s)
{
	size_t i, j;

	if (!s->stats)
		return metrics_event_name(s->side.meta[0].event);
	for (i = 0; i < s->nr_runs; i++)
		for (j = 0; j < s->sets[i].nr; j++) {
			const char *key = s->sets[i].v[j].key, *name, *ev;

			if (diff_key_group(key, &name) == DIFF_STAT || !name)
				continue;
			/* "perf-profile.GROUP.EVENT.NAME" */
			ev = strchr(key + strlen("perf-profile."), '.') + 1;
			return xstrndup(ev, name - 1 - ev);
		}
	return NULL;
}

/* The event a profile side recorded, as perf spelled it; NULL unknown. */
static const char *side_raw_event(const struct diff_side *s)
{
	if (s->stats || !s->side.nr_runs)
		return NULL;
	return s->side.meta[0].event;
}

int diff_sides_event(const struct diff_side *s, const char *forced,
		     char **event, char **note, struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	const char *raw[2] = { side_raw_event(&s[0]), side_raw_event(&s[1]) };
	char *ev[2];
	int i;

	*event = NULL;
	*note = NULL;
	if (forced) {
		*event = xstrdup(forced);
		return 0;
	}
	if (raw[0] && raw[1] && !event_same(raw[0], raw[1]))
		return fd_err_set(err, "the base recorded %s, the new side %s: "
				  "different events, whose rows do not "
				  "compare (--event-name NAME compares them "
				  "anyway)", raw[0], raw[1]);
	for (i = 0; i < 2; i++)
		ev[i] = diff_side_event(&s[i]);
	/* Against LKP's stats, flamediff's keys must be named as LKP's. */
	i = s[0].stats != s[1].stats && s[1].stats ? 1 : 0;
	if (!ev[i])
		i = !i;
	if (raw[0] && raw[1] && strcmp(raw[0], raw[1]))
		*note = xstrfmt("base is %s, new is %s: the same event, "
				"rows matched as %s",
				raw[0], raw[1], ev[i] ? ev[i] : "cycles-pp");
	else if (ev[0] && ev[1] && strcmp(ev[0], ev[1]) &&
		 !(s[0].stats && s[1].stats))
		*note = xstrfmt("%s is %s, %s is %s; the keys use %s "
				"(--event-name to choose)", what[0], ev[0],
				what[1], ev[1], ev[i]);
	*event = ev[i] ? ev[i] : xstrdup("cycles-pp");
	free(ev[!i]);
	return 0;
}

void side_release(struct side *s)
{
	size_t i;

	for (i = 0; i < s->nr_runs; i++)
		profile_meta_release(&s->meta[i]);
	free(s->meta);
	profile__delete(s->sum);
	profile__delete(s->merged);
	free(s->name);
	memset(s, 0, sizeof(*s));
}

bool *diff_side_hot_chains(const struct diff_side *s, const struct diff *d)
{
	const char **hot;
	size_t nr_hot = 0, r;
	uint32_t id, n;
	bool *heat;

	if (!s->chains)
		return NULL;
	/* The functions d may explain, a handful, against every chain. */
	hot = xmalloc(size_mul(d->nr_rows + 1, sizeof(*hot)));
	for (r = 0; r < d->nr_rows; r++)
		if (explain_row_hot(&d->rows[r]))
			hot[nr_hot++] = d->rows[r].name;
	n = strtab_count(s->raw_names);
	heat = xcalloc(size_add(n, 1), sizeof(*heat));
	for (id = 0; id < n; id++) {
		const char *chain = strtab_str(s->raw_names, id);
		size_t len = strcspn(chain, ";");

		for (r = 0; r < nr_hot && !heat[id]; r++)
			heat[id] = !strncmp(hot[r], chain, len) &&
				   !hot[r][len];
	}
	free(hot);
	return heat;
}

void diff_side_chains(const struct diff_side *s, size_t i, const bool *hot,
		      struct metric_set *out)
{
	const struct side_chains *c;
	const uint8_t *p;
	uint32_t id = 0;
	size_t j;
	double v;

	if (!s->chains || !hot || i >= s->nr_runs)
		return;
	c = &s->chains[i];
	for (j = 0, p = c->buf; j < c->nr; j++) {
		id = get_chain(&p, id, c->total, &v);
		if (hot[id])
			metric_set_add(out, strtab_str(s->raw_names, id), v);
	}
	if (out->nr)
		metric_set_sort(out);
}
