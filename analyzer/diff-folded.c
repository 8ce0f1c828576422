// SPDX-License-Identifier: GPL-2.0
/*
 * The differential folded stacks (diff-folded.h).
 *
 * Both profiles are copied into one tree with their names cleaned of clone
 * suffixes (so that "reclaim_folio_list.constprop.0" of one build meets
 * "reclaim_folio_list" of the other), each node keeping the weight of
 * either side. Every stack with weight on a side becomes one line; the
 * lines are sorted bytewise, as folded_write() sorts, and lines that print
 * alike (frames of kinds without a suffix) are added up.
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
#include "lib/sort.h"
#include "lib/strbuf.h"

enum { BASE, NEW, NR_SIDES };

/*
 * Copy p's nodes into q, names without clone suffixes; returns the map
 * from p's node ids to q's (the caller frees it).
 */
static uint32_t *join_tree(struct profile *q, const struct profile *p)
{
	uint32_t *map = xmalloc(size_mul(p->nr_nodes, sizeof(*map)));
	struct strbuf name = STRBUF_INIT;
	uint32_t id;

	map[NODE_ROOT] = NODE_ROOT;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		size_t len = strtab_len(p->names, n->name);

		strbuf_reset(&name);
		strbuf_add(&name, node_name(p, id), len);
		/* A process name is not a function GCC could clone. */
		if (n->kind != FRAME_PROCESS)
			strbuf_setlen(&name, name_strip_clones(name.buf, len,
							       name.buf));
		map[id] = profile_child(q, map[n->parent],
					profile_intern(q, name.buf, name.len),
					n->kind);
	}
	strbuf_release(&name);
	return map;
}

/* One output line: a stack of the joint tree, its weights on each side. */
struct dline {
	size_t off, len;	/* of the stack in the text */
	double w[NR_SIDES];
	unsigned int has;	/* bit per side: a stack of that side */
};

/* bytewise, as strcmp() orders folded_write()'s lines */
static int cmp_stack(const char *a, size_t na, const char *b, size_t nb)
{
	int c = memcmp(a, b, na < nb ? na : nb);

	if (c)
		return c;
	return na < nb ? -1 : na > nb;
}

/* Lines whose stacks are in the text ctx. */
static int cmp_dline(const void *a, const void *b, void *ctx)
{
	const struct dline *x = a, *y = b;
	const char *text = ctx;

	return cmp_stack(text + x->off, x->len, text + y->off, y->len);
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

static double scaled_total(const struct profile *p, double scale)
{
	double t = 0;
	uint32_t id;

	for (id = 1; id < p->nr_nodes; id++)
		t += p->nodes[id].self * scale;
	return t;
}

static void normalizer_init(struct normalizer *z, const struct profile *b,
			    const struct profile *n, const double *total,
			    bool normalize)
{
	uint32_t most = b->nr_nodes > n->nr_nodes ? b->nr_nodes : n->nr_nodes;

	z->ratio = 1;
	z->scale = 1;
	z->base = total[BASE];
	z->new = total[NEW];
	if (!normalize || !(total[NEW] > 0))
		return;
	if (!isfinite(total[BASE]) || !isfinite(total[NEW])) {
		/* n weights below DBL_MAX, times 2^-(log2(n) + 1), add up
		 * to less than DBL_MAX. */
		z->scale = ldexp(1, -(ilogb((double)most) + 2));
		z->base = scaled_total(b, z->scale);
		z->new = scaled_total(n, z->scale);
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

/* The stack of q's node id, frames marked with their kind, into text. */
static void add_stack(struct strbuf *text, const struct profile *q,
		      uint32_t id, uint32_t **path, unsigned long *alloc)
{
	size_t depth, d;

	depth = profile_path_grow(q, id, path, alloc);
	for (d = 0; d < depth; d++) {
		const struct node *f = &q->nodes[(*path)[d]];

		if (d)
			strbuf_addch(text, ';');
		strbuf_add(text, profile_str(q, f->name),
			   strtab_len(q->names, f->name));
		if (ANNOTATE_ALL & (1U << f->kind))
			strbuf_addstr(text, frame_kind_suffix(f->kind));
	}
}

/*
 * Every stack of both sides, joined in q: into *out one line per joint
 * node with weight on a side, in the order of the nodes (each line's off
 * holds its node id), their weights added up side by side in the order
 * of each side's nodes, total[] each side's. A side's node map and a
 * line number per joint node (4 bytes each) are all it holds beside q
 * and the lines: a line per node would be 40 bytes a node of the tree.
 */
static size_t join_sides(struct profile *q, const struct profile *const *side,
			 double *total, struct dline **out)
{
	struct dline *w = NULL, *lines;
	uint32_t *line = NULL, *map, id, nr_q = 0;
	unsigned long alloc = 0;
	size_t nr = 0, i;
	int s;

	for (s = 0; s < NR_SIDES; s++) {
		const struct profile *p = side[s];

		map = join_tree(q, p);
		line = xrealloc(line, size_mul(q->nr_nodes, sizeof(*line)));
		memset(line + nr_q, 0, sizeof(*line) * (q->nr_nodes - nr_q));
		nr_q = q->nr_nodes;
		for (id = 1; id < p->nr_nodes; id++) {
			struct dline *l;

			if (p->nodes[id].self == 0)
				continue;
			if (!line[map[id]]) {
				ALLOC_GROW(w, nr + 1, alloc);
				memset(&w[nr], 0, sizeof(w[nr]));
				line[map[id]] = (uint32_t)++nr;
			}
			l = &w[line[map[id]] - 1];
			l->w[s] += p->nodes[id].self;
			l->has |= 1U << s;
			total[s] += p->nodes[id].self;
		}
		free(map);
	}
	/* In the order of the joint nodes, as the lines were made before. */
	lines = xmalloc(size_mul(nr + 1, sizeof(*lines)));
	for (id = 1, i = 0; id < nr_q; id++) {
		if (!line[id])
			continue;
		lines[i] = w[line[id] - 1];
		lines[i++].off = id;
	}
	free(line);
	free(w);
	*out = lines;
	return nr;
}

void diff_folded_write(const struct profile *base, const struct profile *new,
		       bool normalize, struct outfile *o)
{
	const struct profile *side[NR_SIDES] = { base, new };
	struct profile *q = profile__new();
	struct strbuf text = STRBUF_INIT;
	struct dline *lines;
	unsigned long path_alloc = 0;
	double total[NR_SIDES] = { 0, 0 };
	uint32_t *path = NULL, id;
	struct normalizer z;
	size_t nr = 0, i, k;
	int s;

	nr = join_sides(q, side, total, &lines);
	/* The text of each line's stack; lines[i].off is its node. */
	for (i = 0; i < nr; i++) {
		id = (uint32_t)lines[i].off;
		lines[i].off = text.len;
		add_stack(&text, q, id, &path, &path_alloc);
		lines[i].len = text.len - lines[i].off;
	}
	free(path);
	sort_r(lines, nr, sizeof(*lines), cmp_dline, text.buf);

	normalizer_init(&z, base, new, total, normalize);
	if (!process_rooted(base) || !process_rooted(new))
		outfile_puts(o, "# root: function\n");
	for (i = 0; i < nr; i = k) {
		struct dline l = lines[i];

		/* Frames of different kinds print alike when their kind has
		 * no suffix: one line, as a fold by name would give. */
		for (k = i + 1;
		     k < nr && !cmp_dline(&lines[i], &lines[k], text.buf);
		     k++) {
			for (s = 0; s < NR_SIDES; s++)
				l.w[s] += lines[k].w[s];
			l.has |= lines[k].has;
		}
		outfile_write(o, text.buf + l.off, l.len);
		put_weight(o, l.has & 1U << BASE ? folded_figure(l.w[BASE])
						 : 0);
		put_weight(o, l.has & 1U << NEW
				      ? normalized(&z, folded_figure(l.w[NEW]))
				      : 0);
		outfile_write(o, "\n", 1);
	}
	free(lines);
	strbuf_release(&text);
	profile__delete(q);
}
