// SPDX-License-Identifier: GPL-2.0
/*
 * The differential folded stacks (diff-folded.h).
 *
 * Every run of both sides goes into one tree, q, names as read; what is
 * kept of a run is its weight at each node where it has some, added to
 * its side's column of the stacks with weight (j->st, by node). Names are
 * cleaned of clone suffixes only as the lines are written (so that
 * "reclaim_folio_list.constprop.0" of one build and "reclaim_folio_list"
 * of the other print alike), and the lines come in folded_write()'s order
 * (folded_lines_walk()), lines that print alike added up. Neither the
 * text of all the stacks nor a tree for each side is ever held.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diff-folded.h"
#include "analyzer/folded.h"
#include "analyzer/names.h"
#include "lib/alloc.h"
#include "lib/compiler.h"
#include "lib/sort.h"
#include "lib/strbuf.h"

enum { BASE, NEW, NR_SIDES };

/*
 * A stack with weight on a side: its node in the joint tree, and its
 * weight on each side, the side's runs added up.
 */
struct jstack {
	uint32_t node;
	double w[NR_SIDES];
};

struct joint_stacks {
	struct profile *q;	/* every run's stacks, names as read */
	struct jstack *st;	/* by node, ascending */
	size_t nr;
};

struct joint_stacks *joint_stacks__new(void)
{
	struct joint_stacks *j = xcalloc(1, sizeof(*j));

	j->q = profile__new();
	return j;
}

void joint_stacks__delete(struct joint_stacks *j)
{
	if (!j)
		return;
	profile__delete(j->q);
	free(j->st);
	free(j);
}

struct profile *joint_stacks_target(struct joint_stacks *j)
{
	profile_reuse(j->q);
	return j->q;
}

/* A run's weight at a node of the joint tree. */
struct jweight {
	uint32_t node;
	double w;
};

static int cmp_jweight(const void *a, const void *b, void *ctx UNUSED)
{
	uint32_t x = ((const struct jweight *)a)->node;
	uint32_t y = ((const struct jweight *)b)->node;

	return x < y ? -1 : x > y;
}

/*
 * Add a run's weights w[0..n) (by node, ascending, each node once) to the
 * side's column of j->st. Merged from the ends, in place: room for the
 * run's n beyond the stacks is held only while merging.
 */
static void add_weights(struct joint_stacks *j, const struct jweight *w,
			size_t n, int side)
{
	size_t i = j->nr, k = n, at = j->nr + n, start;

	/* exactly: the stacks of a run are most of them known already */
	j->st = xrealloc(j->st, size_mul(j->nr + n + 1, sizeof(*j->st)));
	while (k) {
		struct jstack *to = &j->st[--at];

		if (i && j->st[i - 1].node == w[k - 1].node) {
			*to = j->st[--i];
			to->w[side] += w[--k].w;
		} else if (i && j->st[i - 1].node > w[k - 1].node) {
			*to = j->st[--i];
		} else {
			memset(to, 0, sizeof(*to));
			to->node = w[--k].node;
			to->w[side] = w[k].w;
		}
	}
	/* What is left below i is in place: close the gap up to at. */
	start = at - i;
	if (start)
		memmove(j->st + i, j->st + at,
			(j->nr + n - at) * sizeof(*j->st));
	j->nr += n - start;
	if (start)
		j->st = xrealloc(j->st, size_mul(j->nr + 1, sizeof(*j->st)));
}

void joint_stacks_add(struct joint_stacks *j, const struct profile *run,
		      bool new)
{
	struct profile *q = j->q;
	struct jweight *w;
	uint32_t *map = NULL, id;
	size_t n = 0;

	/* Not read into q: its nodes are made there, names as read. */
	if (run != q) {
		map = xmalloc(size_mul(run->nr_nodes, sizeof(*map)));
		map[NODE_ROOT] = NODE_ROOT;
		for (id = 1; id < run->nr_nodes; id++) {
			const struct node *r = &run->nodes[id];
			uint32_t name = profile_intern(q, node_name(run, id),
						       strtab_len(run->names,
								  r->name));

			map[id] = profile_child(q, map[r->parent], name,
						r->kind);
		}
	}
	for (id = 1; id < run->nr_nodes; id++)
		n += run->nodes[id].self != 0;
	w = xmalloc(size_mul(n + 1, sizeof(*w)));
	for (id = 1, n = 0; id < run->nr_nodes; id++) {
		if (run->nodes[id].self == 0)
			continue;
		w[n].node = map ? map[id] : id;
		w[n++].w = run->nodes[id].self;
	}
	/* A run's own nodes map to q's in another order. */
	if (map)
		sort_r(w, n, sizeof(*w), cmp_jweight, NULL);
	add_weights(j, w, n, new ? NEW : BASE);
	free(w);
	free(map);
}

/*
 * The weight as folded_write() prints it (exact below 2^63 when integral,
 * else 15 significant digits, as Perl prints), so that a line agrees with
 * the folded file of its side. Where those digits would round past
 * DBL_MAX, the weight stays as it is.
 */
static double folded_figure(double w)
{
	char num[64];
	double r;

	if (w == floor(w) && fabs(w) < 9.2e18)
		return w;
	snprintf(num, sizeof(num), "%.15g", w);
	r = strtod(num, NULL);
	return isfinite(r) ? r : w;
}

/*
 * The new side in the base's units, as the flame graphs scale it. Totals
 * of huge weights may overflow a double while every weight is finite: the
 * ratio then comes from totals summed at a power-of-two scale (exact), and
 * a scaled weight beyond DBL_MAX (the base's total is) is written as
 * DBL_MAX.
 */
struct normalizer {
	double ratio;	     /* base total / new total; 1: as recorded */
	double scale;	     /* 1, or 2^-k when the plain totals overflow */
	double base, new;    /* the totals at that scale */
};

static double scaled_total(const struct joint_stacks *j, int side,
			   double scale)
{
	double t = 0;
	size_t i;

	for (i = 0; i < j->nr; i++)
		t += j->st[i].w[side] * scale;
	return t;
}

static void normalizer_init(struct normalizer *z, const struct joint_stacks *j,
			    const double *total, bool normalize)
{
	z->ratio = 1;
	z->scale = 1;
	z->base = total[BASE];
	z->new = total[NEW];
	if (!normalize || !(total[NEW] > 0))
		return;
	if (!isfinite(total[BASE]) || !isfinite(total[NEW])) {
		/* n weights below DBL_MAX, times 2^-(log2(n) + 1), add up
		 * to less than DBL_MAX. */
		z->scale = ldexp(1, -(ilogb((double)j->nr) + 2));
		z->base = scaled_total(j, BASE, z->scale);
		z->new = scaled_total(j, NEW, z->scale);
	}
	z->ratio = z->base / z->new;
}

static double normalized(const struct normalizer *z, double w)
{
	double v = w * z->ratio;

	if (isfinite(v))
		return v;
	/* The ratio itself overflowed: w's share of the new side's total,
	 * of the base's total. */
	v = w * z->scale / z->new * z->base / z->scale;
	return isfinite(v) ? v : DBL_MAX;
}

/*
 * Integers as such, other values with two decimals and no exponent (which
 * flamegraph.pl's count pattern would not take). Without an exponent a
 * double near DBL_MAX has 309 integral digits: the buffer holds any finite
 * value, so the figure is never cut (a cut one used to be written with the
 * bytes past the buffer).
 */
static void put_weight(struct outfile *o, double w)
{
	char num[1 + 1 + DBL_MAX_10_EXP + 1 + 3 + 1]; /* " -", digits, ".dd" */
	int n;

	/* Callers hand finite weights; never let inf or nan reach a file. */
	if (!isfinite(w))
		w = 0;
	if (w == floor(w))
		n = snprintf(num, sizeof(num), " %.0f", w);
	else {
		n = snprintf(num, sizeof(num), " %.2f", w);
		while (num[n - 1] == '0')
			n--;
		if (num[n - 1] == '.')
			n--;
	}
	outfile_write(o, num, n);
}

static bool process_rooted(const struct profile *p)
{
	uint32_t c;

	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind != FRAME_PROCESS)
			return false;
	return true;
}

/* What the lines of the joint tree are written with. */
struct jwrite {
	const struct joint_stacks *j;
	struct normalizer z;
	struct outfile *o;
	/* Name id i without its clone pieces: strip.buf + off[i], up to
	 * off[i + 1]. */
	struct strbuf strip;
	size_t *off;
};

static const char *joint_name(void *ctx, uint32_t node, size_t *len)
{
	const struct jwrite *jw = ctx;
	const struct profile *q = jw->j->q;
	const struct node *n = &q->nodes[node];

	/* A process name is not a function GCC could clone. */
	if (n->kind == FRAME_PROCESS) {
		*len = strtab_len(q->names, n->name);
		return strtab_str(q->names, n->name);
	}
	*len = jw->off[n->name + 1] - jw->off[n->name];
	return jw->strip.buf + jw->off[n->name];
}

/* The nodes' self weights number their stacks (joint_stacks_write()). */
static void joint_line(void *ctx, const char *text, size_t len,
		       const uint32_t *nodes, size_t nr)
{
	const struct jwrite *jw = ctx;
	const struct node *qn = jw->j->q->nodes;
	double w[NR_SIDES] = { 0, 0 };
	size_t i;
	int s;

	for (i = 0; i < nr; i++) {
		const struct jstack *st =
			&jw->j->st[(size_t)qn[nodes[i]].self - 1];

		for (s = 0; s < NR_SIDES; s++)
			w[s] += st->w[s];
	}
	outfile_write(jw->o, text, len);
	put_weight(jw->o, folded_figure(w[BASE]));
	put_weight(jw->o,
		   w[NEW] != 0 ? normalized(&jw->z, folded_figure(w[NEW])) : 0);
	outfile_write(jw->o, "\n", 1);
}

void joint_stacks_write(struct joint_stacks *j, bool normalize,
			struct outfile *o)
{
	struct profile *q = j->q;
	struct jwrite jw = { .j = j, .o = o, .strip = STRBUF_INIT };
	struct folded_lines l = { .p = q, .annotate = ANNOTATE_ALL,
				  .name = joint_name, .line = joint_line,
				  .ctx = &jw };
	uint32_t id, nr_names = strtab_count(q->names);
	double total[NR_SIDES] = { 0, 0 };
	size_t i;
	int s;

	for (i = 0; i < j->nr; i++)
		for (s = 0; s < NR_SIDES; s++)
			total[s] += j->st[i].w[s];
	normalizer_init(&jw.z, j, total, normalize);
	/* A line for each stack with weight on a side, which folded
	 * lines take from the nodes' self weights: they number them. */
	for (id = 0; id < q->nr_nodes; id++)
		q->nodes[id].self = 0;
	for (i = 0; i < j->nr; i++)
		q->nodes[j->st[i].node].self = (double)(i + 1);
	profile_changed(q);
	jw.off = xmalloc(size_mul(size_add(nr_names, 1), sizeof(*jw.off)));
	for (id = 0; id < nr_names; id++) {
		size_t len = strtab_len(q->names, id), at = jw.strip.len;

		jw.off[id] = at;
		strbuf_add(&jw.strip, strtab_str(q->names, id), len);
		strbuf_setlen(&jw.strip,
			      at + name_strip_clones(jw.strip.buf + at, len,
						     jw.strip.buf + at));
	}
	jw.off[nr_names] = jw.strip.len;
	if (!process_rooted(q))
		outfile_puts(o, "# root: function\n");
	folded_lines_walk(&l);
	free(jw.off);
	strbuf_release(&jw.strip);
}

void diff_folded_write(const struct profile *base, const struct profile *new,
		       bool normalize, struct outfile *o)
{
	struct joint_stacks *j = joint_stacks__new();

	joint_stacks_add(j, base, false);
	joint_stacks_add(j, new, true);
	joint_stacks_write(j, normalize, o);
	joint_stacks__delete(j);
}
