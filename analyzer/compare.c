// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/hmap.h"
#include "lib/strtab.h"
#include "analyzer/compare.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"

/*
 * How it works: every run's nodes are mapped into the union tree (a
 * profile used for its shape only), parents before children (a profile's
 * node ids grow from the root), so a path is found by one lookup per
 * node, not per sample; the run's kept self weights go into its column,
 * and the run can go. At the end each column is summed up the tree in
 * one pass from the last node to the first (in the nodes' own weight
 * fields, which the shape does not use) and turned into shares, kept
 * only for the nodes with one in some run; a node's means and verdicts
 * are worked out when asked.
 */

/*
 * One run's weights by union node, as added: dense (one double a node of
 * the tree as it was) or, when few nodes have one, sparse (node and
 * weight pairs, 12 bytes each, in the order added; a node may come more
 * than once). A tree of many distinct stacks has weight at its leaves
 * only: storing a column only where the run has a value is what keeps
 * the comparison's memory near its tree's.
 */
struct wcol {
	double *dense;	/* NULL: sparse */
	uint32_t *ids;
	double *vals;
	size_t nr, alloc;
	uint32_t len;	/* nodes of the union tree it covers */
};

/*
 * The comparison being built, one run at a time: the union tree grows as
 * runs are mapped into it, and each run leaves one column of kept self
 * weights (and, below max_depth, of weight that only counts for an
 * ancestor's inclusive share), as long as the tree was when the run was
 * added: nodes created later are 0 in it.
 */
struct cmp_build {
	struct cmp_tree *t;
	struct cmp_col {
		struct wcol self; /* kept self weight, by union node */
		struct wcol below; /* max_depth: weight of deeper nodes */
		uint32_t len;	/* union nodes when the run was added */
		double whole;	/* the run's 100%; < 0: its kept weight */
	} *cols;
	size_t nr_cols;
	unsigned long alloc_cols;
	uint32_t target_nodes;	/* union nodes when cmp_build_target() gave
				 * it out, 0 when it did not */
	bool no_target;		/* a run read into it had to be mapped */
};

/* An empty column of len nodes: sparse until dense is the smaller. */
static void wcol_init(struct wcol *w, uint32_t len)
{
	memset(w, 0, sizeof(*w));
	w->len = len;
}

/* The same weights, dense: added up in the same order. */
static void wcol_densify(struct wcol *w)
{
	size_t i;

	w->dense = xcalloc(w->len ? w->len : 1, sizeof(double));
	for (i = 0; i < w->nr; i++)
		w->dense[w->ids[i]] += w->vals[i];
	free(w->ids);
	free(w->vals);
	w->ids = NULL;
	w->vals = NULL;
	w->nr = w->alloc = 0;
}

static void wcol_add(struct wcol *w, uint32_t id, double v)
{
	if (!w->dense && size_mul(w->nr + 1, sizeof(*w->ids) +
					     sizeof(*w->vals)) >
				 size_mul(w->len, sizeof(double)))
		wcol_densify(w);
	if (w->dense) {
		w->dense[id] += v;
		return;
	}
	if (w->nr == w->alloc) {
		w->alloc = w->alloc ? w->alloc * 2 : 64;
		w->ids = xrealloc(w->ids, size_mul(w->alloc, sizeof(*w->ids)));
		w->vals = xrealloc(w->vals,
				   size_mul(w->alloc, sizeof(*w->vals)));
	}
	w->ids[w->nr] = id;
	w->vals[w->nr++] = v;
}

/*
 * The column's weights into tot[] (or, below, the union tree's nodes'
 * self), added up as a dense column would be: 0 plus each weight in the
 * order added.
 */
static void wcol_fill(const struct wcol *w, struct node *n, double *tot,
		      uint32_t len, bool below)
{
	uint32_t id;
	size_t i;

	for (id = 0; id < len; id++) {
		double x = w->dense && id < w->len ? w->dense[id] : 0;

		if (below)
			n[id].self = x;
		else
			tot[id] = x;
	}
	for (i = 0; !w->dense && i < w->nr; i++) {
		if (below)
			n[w->ids[i]].self += w->vals[i];
		else
			tot[w->ids[i]] += w->vals[i];
	}
}

static void wcol_release(struct wcol *w)
{
	free(w->dense);
	free(w->ids);
	free(w->vals);
	memset(w, 0, sizeof(*w));
}

static uint32_t union_child(struct cmp_build *b, uint32_t parent,
			    uint32_t name, unsigned int kind)
{
	return profile_child(b->t->shape, parent, name, kind);
}

/* Run name id -> union name id, cleaned of clone suffixes when asked. */
static uint32_t union_name(struct cmp_build *b, const struct profile *p,
			   uint32_t *cache, uint32_t name)
{
	const char *s;
	size_t len;
	char *tmp;

	if (cache[name] != UINT32_MAX)
		return cache[name];
	s = strtab_str(p->names, name);
	len = strtab_len(p->names, name);
	if (b->t->opts.strip_clones) {
		tmp = xmalloc(len + 1);
		len = name_strip_clones(s, len, tmp);
		cache[name] = strtab_intern(b->t->names, tmp, len);
		free(tmp);
	} else {
		cache[name] = strtab_intern(b->t->names, s, len);
	}
	return cache[name];
}

/*
 * A run's node id -> union node id, for every node of the run. Below
 * max_depth a node maps to its ancestor at max_depth, and *deep[id] says
 * so (its weight then counts only for that ancestor's inclusive share).
 */
static uint32_t *map_run(struct cmp_build *b, const struct profile *p,
			 uint8_t **deep)
{
	uint32_t nr_names = strtab_count(p->names);
	uint32_t *cache = xmalloc(sizeof(*cache) * (nr_names ? nr_names : 1));
	uint32_t *map = xmalloc(sizeof(*map) * p->nr_nodes);
	uint32_t max_depth = b->t->opts.max_depth, id, *ud = NULL;

	/* With a depth limit, ud[id] is the depth of map[id] in the union
	 * tree (a run of unresolved frames is one frame there). */
	*deep = max_depth ? xcalloc(p->nr_nodes, 1) : NULL;
	if (max_depth) {
		ud = xmalloc(sizeof(*ud) * p->nr_nodes);
		ud[NODE_ROOT] = 0;
	}
	memset(cache, 0xff, sizeof(*cache) * nr_names);
	map[NODE_ROOT] = NODE_ROOT;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		const struct node *par = &p->nodes[n->parent];

		if (*deep &&
		    ((*deep)[n->parent] || ud[n->parent] >= max_depth)) {
			map[id] = map[n->parent];
			(*deep)[id] = 1;
			continue;
		}
		/*
		 * A run of unresolved frames of one name ([unknown] under
		 * [unknown], as an unwound JIT or a stripped binary gives)
		 * is one frame: it says no more, and 100 of them would make
		 * the picture thousands of pixels tall.
		 */
		if (n->parent != NODE_ROOT && n->name == par->name &&
		    n->kind == par->kind &&
		    frame_unresolved(strtab_str(p->names, n->name),
				     strtab_len(p->names, n->name))) {
			map[id] = map[n->parent];
			if (ud)
				ud[id] = ud[n->parent];
			continue;
		}
		map[id] = union_child(b, map[n->parent],
				      union_name(b, p, cache, n->name),
				      n->kind);
		if (ud)
			ud[id] = ud[n->parent] + 1;
	}
	free(ud);
	free(cache);
	return map;
}

/* A weight as a share of kept (percent), floored when floor. */
static double to_share(double x, double kept, bool floor)
{
	x = kept > 0 ? 100.0 * x / kept : 0;
	if (!isfinite(x) || x < 0)
		x = 0;
	if (floor && x < CMP_LKP_FLOOR)
		x = 0;
	return x;
}

double cmp_mean(const struct cmp_tree *t, uint32_t id, bool new, bool self)
{
	size_t nb = t->nr_base, nn = t->nr_new;
	const double *r = cmp_runs(t, id, self);

	return new ? stats_mean(r + nb, nn) : stats_mean(r, nb);
}

void cmp_node_get(const struct cmp_tree *t, uint32_t id, struct cmp_node *n)
{
	size_t nb = t->nr_base, nn = t->nr_new;
	const struct node *s = &t->shape->nodes[id];
	const double *r = cmp_runs(t, id, false);
	const double *f = cmp_runs(t, id, true);

	memset(n, 0, sizeof(*n));
	n->parent = s->parent;
	n->first_child = s->first_child;
	n->next_sibling = s->next_sibling;
	n->name = id == NODE_ROOT ? t->root_name : s->name;
	n->kind = s->kind;
	n->base = stats_mean(r, nb);
	n->new = stats_mean(r + nb, nn);
	n->base_self = stats_mean(f, nb);
	n->new_self = stats_mean(f + nb, nn);
	n->base_stddev_pct = diff_stddev_percent(n->base,
						 stats_pstddev(r, nb));
	n->new_stddev_pct = diff_stddev_percent(n->new,
						stats_pstddev(r + nb, nn));
	n->separated = stats_separated(r, nb, r + nb, nn) != 0;
	n->change = n->new - n->base;
	n->change_self = n->new_self - n->base_self;
	n->p = n->p_self = -1;
	if (nb >= 2 && nn >= 2) {
		n->p = stats_welch_p(r, nb, r + nb, nn);
		n->p_self = stats_welch_p(f, nb, f + nb, nn);
	}
	n->changed = diff_changed(r, nb, r + nb, nn, true, &t->opts.diff);
	n->changed_self = diff_changed(f, nb, f + nb, nn, true,
				       &t->opts.diff);
}

struct cmp_build *cmp_build__new(const struct cmp_opts *o)
{
	struct cmp_build *b = xcalloc(1, sizeof(*b));
	struct cmp_tree *t = xcalloc(1, sizeof(*t));

	t->opts = *o;
	t->shape = profile__new();
	t->names = t->shape->names;
	t->root_name = strtab_intern(t->names, "all", 3);
	t->nr_nodes = 1;
	b->t = t;
	return b;
}

/*
 * Whether the union tree, still empty, can be run p's own tree: when
 * mapping p would copy it node for node (no name a clone suffix to strip,
 * no run of unresolved frames to fold, no depth limit).
 */
static bool run_is_union(const struct cmp_build *b, const struct profile *p)
{
	const struct cmp_tree *t = b->t;
	uint32_t nr_names = strtab_count(p->names), id;
	bool ok = true;
	char *tmp = NULL;
	size_t alloc = 0;

	if (b->nr_cols || t->shape->nr_nodes > 1 || t->opts.max_depth)
		return false;
	for (id = 0; ok && t->opts.strip_clones && id < nr_names; id++) {
		size_t len = strtab_len(p->names, id);

		ALLOC_GROW(tmp, len + 1, alloc);
		ok = name_strip_clones(strtab_str(p->names, id), len, tmp) ==
		     len;
	}
	free(tmp);
	for (id = 1; ok && id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		const struct node *par = &p->nodes[n->parent];

		ok = !(n->parent != NODE_ROOT && n->name == par->name &&
		       n->kind == par->kind &&
		       frame_unresolved(strtab_str(p->names, n->name),
					strtab_len(p->names, n->name)));
	}
	return ok;
}

struct profile *cmp_build_target(struct cmp_build *b)
{
	struct profile *shape = b->t->shape;

	if (b->no_target || !b->nr_cols || b->t->opts.max_depth)
		return NULL;
	profile_reuse(shape);
	b->target_nodes = shape->nr_nodes;
	return shape;
}

/*
 * Whether the nodes a run read into the union tree added (from on) are
 * what mapping it would have made: names without a clone suffix to strip
 * (when stripping), no unresolved frame under one of its own name. The
 * nodes it shares with the union tree passed that test before.
 */
static bool target_fits(const struct cmp_build *b, uint32_t from)
{
	const struct profile *p = b->t->shape;
	uint32_t nr_names = strtab_count(p->names), id;
	uint8_t *seen = xcalloc(nr_names + 1, 1); /* 1 fits, 2 does not */
	char *tmp = NULL;
	size_t alloc = 0;
	bool ok = true;

	for (id = from; ok && id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		const struct node *par = &p->nodes[n->parent];
		const char *s = strtab_str(p->names, n->name);
		size_t len = strtab_len(p->names, n->name);

		if (!seen[n->name] && b->t->opts.strip_clones) {
			ALLOC_GROW(tmp, len + 1, alloc);
			seen[n->name] = name_strip_clones(s, len, tmp) == len
						? 1 : 2;
		}
		ok = seen[n->name] != 2 &&
		     !(n->parent != NODE_ROOT && n->name == par->name &&
		       n->kind == par->kind && frame_unresolved(s, len));
	}
	free(seen);
	free(tmp);
	return ok;
}

/* The run read into p's tree, as a tree of its own (names and weights). */
static struct profile *extract_run(const struct profile *p)
{
	struct profile *q = profile__new();
	uint8_t *used = xcalloc(p->nr_nodes, 1);
	uint32_t *map = xmalloc(sizeof(*map) * p->nr_nodes);
	uint32_t id;

	/* Children have larger ids: one pass up marks every path. */
	for (id = p->nr_nodes - 1; id > 0; id--)
		if (used[id] || p->nodes[id].self != 0)
			used[id] = used[p->nodes[id].parent] = 1;
	map[NODE_ROOT] = NODE_ROOT;
	q->nodes[NODE_ROOT].self = p->nodes[NODE_ROOT].self;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];

		if (!used[id])
			continue;
		map[id] = profile_child(q, map[n->parent],
					profile_intern(q, node_name(p, id),
						       strtab_len(p->names,
								  n->name)),
					n->kind);
		q->nodes[map[id]].self = n->self;
	}
	profile_changed(q);
	free(used);
	free(map);
	return q;
}

static void add_run(struct cmp_build *b, const struct profile *p, bool new,
		    struct profile *take);

/* cmp_build_add_take() of the profile cmp_build_target() gave out. */
static void add_target(struct cmp_build *b, bool new)
{
	struct cmp_tree *t = b->t;
	struct profile *shape = t->shape, *q;
	uint32_t from = b->target_nodes, id;
	struct cmp_col *col;

	b->target_nodes = 0;
	if (!target_fits(b, from)) {
		/* Mapped after all, and no later run read in. */
		q = extract_run(shape);
		profile_truncate(shape, from);
		b->no_target = true;
		add_run(b, q, new, NULL);
		profile__delete(q);
		return;
	}
	if (new)
		t->nr_new++;
	else
		t->nr_base++;
	t->nr_nodes = shape->nr_nodes;
	ALLOC_GROW(b->cols, b->nr_cols + 1, b->alloc_cols);
	col = &b->cols[b->nr_cols++];
	col->len = t->nr_nodes;
	wcol_init(&col->self, col->len);
	wcol_init(&col->below, col->len);
	col->whole = -1;
	for (id = 1; id < shape->nr_nodes; id++)
		if (shape->nodes[id].self && profile_self_kept(shape, id))
			wcol_add(&col->self, id, shape->nodes[id].self);
}

/*
 * One more column: the own samples of p's nodes (those metrics keeps,
 * with only_kept), each at map[id] in the union tree, or in its cut
 * ancestor's below where deep[id] (--max-depth); whole as
 * cmp_build_add_part() says, -1 for a run. map and deep are freed.
 */
static void add_col(struct cmp_build *b, const struct profile *p,
		    uint32_t *map, uint8_t *deep, bool only_kept, double whole)
{
	struct cmp_col *col;
	uint32_t id;

	b->t->nr_nodes = b->t->shape->nr_nodes;
	ALLOC_GROW(b->cols, b->nr_cols + 1, b->alloc_cols);
	col = &b->cols[b->nr_cols++];
	col->len = b->t->nr_nodes;
	wcol_init(&col->self, col->len);
	wcol_init(&col->below, col->len);
	col->whole = whole;
	for (id = 1; id < p->nr_nodes; id++) {
		if (!p->nodes[id].self ||
		    (only_kept && !profile_self_kept(p, id)))
			continue;
		if (deep && deep[id])
			wcol_add(&col->below, map[id], p->nodes[id].self);
		else
			wcol_add(&col->self, map[id], p->nodes[id].self);
	}
	free(deep);
	free(map);
}

/*
 * Add run p as the next column. take: p itself, whose tree may become
 * the union tree's (p is then left an empty tree) when it would be
 * copied node for node anyway: the common first run.
 */
static void add_run(struct cmp_build *b, const struct profile *p, bool new,
		    struct profile *take)
{
	uint32_t *map, id;
	uint8_t *deep = NULL;

	if (take && take == b->t->shape && b->target_nodes) {
		add_target(b, new);
		return;
	}
	if (new)
		b->t->nr_new++;
	else
		b->t->nr_base++;
	if (take && run_is_union(b, take)) {
		struct cmp_tree *t = b->t;

		profile_swap_trees(t->shape, take);
		p = t->shape;
		t->names = t->shape->names;
		t->root_name = strtab_intern(t->names, "all", 3);
		map = xmalloc(sizeof(*map) * p->nr_nodes);
		for (id = 0; id < p->nr_nodes; id++)
			map[id] = id;
	} else {
		/* The run is only read from here on, while the union tree
		 * grows: its index need not be held beside the union's.
		 * But a union of the processes alone (max_depth 1, diff's
		 * explanation) stays small, and the run's tree may be read
		 * into again, index and all (side.h, spare). */
		if (take && b->t->opts.max_depth != 1)
			profile_drop_index(take);
		map = map_run(b, p, &deep);
	}
	add_col(b, p, map, deep, true, -1);
}

void cmp_build_add(struct cmp_build *b, const struct profile *p, bool new)
{
	add_run(b, p, new, NULL);
}

void cmp_build_add_take(struct cmp_build *b, struct profile *p, bool new)
{
	add_run(b, p, new, p);
}

void cmp_build_add_part(struct cmp_build *b, const struct profile *part,
			bool new, double whole)
{
	uint32_t *map;
	uint8_t *deep = NULL;

	if (new)
		b->t->nr_new++;
	else
		b->t->nr_base++;
	/* No run is read into a tree of parts. */
	b->no_target = true;
	map = map_run(b, part, &deep);
	add_col(b, part, map, deep, false, whole > 0 ? whole : 0);
}

void cmp_build__delete(struct cmp_build *b)
{
	size_t c;

	if (!b)
		return;
	for (c = 0; c < b->nr_cols; c++) {
		wcol_release(&b->cols[c].self);
		wcol_release(&b->cols[c].below);
	}
	free(b->cols);
	cmp_tree__delete(b->t);
	free(b);
}

/*
 * Column col's weights into tot[] (a node's, by id), with the union tree's
 * nodes' self as scratch (the shape has no weights of its own; it holds
 * below): its self weights, and with self false the inclusive ones
 * (self, plus below, plus the children's, summed from the last node up:
 * children have larger ids). The same additions in the same order
 * whatever the columns' storage: the figures do not depend on it.
 */
static void col_weights(const struct cmp_tree *t, const struct cmp_col *col,
			double *tot, bool self)
{
	struct node *n = t->shape->nodes;
	uint32_t nr = t->nr_nodes, id;

	wcol_fill(&col->self, n, tot, nr, false);
	if (self)
		return;
	if (col->below.dense || col->below.nr) {
		wcol_fill(&col->below, n, tot, nr, true);
		for (id = 0; id < nr; id++)
			tot[id] += n[id].self;
	}
	for (id = nr - 1; id > 0; id--)
		tot[n[id].parent] += tot[id];
}

/*
 * Which nodes have a row: those with a share other than 0 in some run.
 * A node's self share is at most its inclusive one (the weights are not
 * negative, the rounding monotonic), so the inclusive shares decide; an
 * inclusive share that is not finite (set to 0) decides nothing, and
 * takes a row. Rows are numbered from 1 in node order (t->has_row and
 * t->row_rank); the last column's inclusive weights are left in tot[].
 */
static uint32_t mark_rows(struct cmp_build *b, double *kept_total,
			  double *tot)
{
	struct cmp_tree *t = b->t;
	bool floor = !t->opts.full_precision;
	uint32_t id, nr = 0;
	size_t c;

	for (c = 0; c < b->nr_cols; c++) {
		col_weights(t, &b->cols[c], tot, false);
		/* A part's 100% is its run's, given; a run's is its sum. */
		if (kept_total[c] < 0)
			kept_total[c] = tot[NODE_ROOT];
		for (id = 0; id < t->nr_nodes; id++) {
			double w = tot[id], x;

			if ((t->has_row[id / 64] >> (id % 64) & 1) || w == 0)
				continue;
			x = kept_total[c] > 0 ? 100.0 * w / kept_total[c] : 0;
			if (to_share(w, kept_total[c], floor) != 0 ||
			    !isfinite(x) || x < 0)
				t->has_row[id / 64] |= 1ULL << (id % 64);
		}
	}
	for (id = 0; id < t->nr_nodes; id += 64) {
		t->row_rank[id / 64] = nr;
		nr += (uint32_t)__builtin_popcountll(t->has_row[id / 64]);
	}
	return nr;
}

/*
 * Column c's self shares into the rows: a node without a row has none
 * (its inclusive share is 0), so only the rows' are added up, straight
 * from the column (0 plus each weight in the order added, as ever).
 */
static void self_shares(struct cmp_tree *t, const struct wcol *w, size_t c,
			uint32_t nr_rows, double kept)
{
	size_t cols = t->nr_base + t->nr_new, i;
	double *self = t->rows + cols + c;
	bool floor = !t->opts.full_precision;
	uint32_t r;

	size_t row;

	for (i = 0; w->dense && i < w->len; i++)
		if ((row = cmp_row(t, (uint32_t)i)))
			self[row * 2 * cols] = w->dense[i];
	for (i = 0; !w->dense && i < w->nr; i++)
		if ((row = cmp_row(t, w->ids[i])))
			self[row * 2 * cols] += w->vals[i];
	for (r = 1; r <= nr_rows; r++)
		self[(size_t)r * 2 * cols] =
			to_share(self[(size_t)r * 2 * cols], kept, floor);
}

struct cmp_tree *cmp_build_finish(struct cmp_build *b)
{
	struct cmp_tree *t = b->t;
	size_t nb = t->nr_base, nn = t->nr_new, cols = nb + nn, c;
	double *kept_total = xmalloc(sizeof(double) * (cols + 1));
	double *tot = xmalloc(size_mul(t->nr_nodes, sizeof(*tot)));
	struct node *n = t->shape->nodes;
	bool floor = !t->opts.full_precision;
	uint32_t id, nr_rows;
	size_t row;

	/* Only read from now on. */
	profile_drop_index(t->shape);
	for (c = 0; c < cols; c++)
		kept_total[c] = b->cols[c].whole;
	t->has_row = xcalloc(t->nr_nodes / 64 + 1, sizeof(*t->has_row));
	t->row_rank = xcalloc(t->nr_nodes / 64 + 1, sizeof(*t->row_rank));
	nr_rows = mark_rows(b, kept_total, tot);
	/* Row 0: the nodes with no share in any run. */
	t->rows = xcalloc(size_mul((size_t)nr_rows + 1, 2 * cols),
			  sizeof(double));
	/* The last column first: mark_rows() left its weights in place. */
	for (c = cols; c-- > 0;) {
		struct cmp_col *col = &b->cols[c];

		self_shares(t, &col->self, c, nr_rows, kept_total[c]);
		if (c + 1 < cols)
			col_weights(t, col, tot, false);
		for (id = 0, row = 0; id < t->nr_nodes; id++)
			if (t->has_row[id / 64] >> (id % 64) & 1)
				t->rows[++row * 2 * cols + c] =
					to_share(tot[id], kept_total[c],
						 floor);
		wcol_release(&col->self);
		wcol_release(&col->below);
	}
	/* The shape has no weights. */
	free(tot);
	for (id = 0; id < t->nr_nodes; id++)
		n[id].self = 0;
	profile_changed(t->shape);
	free(b->cols);
	free(b);
	t->base_kept = xcalloc(nb + 1, sizeof(double));
	t->new_kept = xcalloc(nn + 1, sizeof(double));
	for (c = 0; c < cols; c++) {
		if (c < nb)
			t->base_kept[c] = kept_total[c];
		else
			t->new_kept[c - nb] = kept_total[c];
	}
	free(kept_total);
	return t;
}

struct cmp_tree *cmp_tree__new(struct profile *const *base, size_t nb,
			       struct profile *const *new, size_t nn,
			       const struct cmp_opts *o)
{
	struct cmp_build *b = cmp_build__new(o);
	size_t i;

	for (i = 0; i < nb; i++)
		cmp_build_add(b, base[i], false);
	for (i = 0; i < nn; i++)
		cmp_build_add(b, new[i], true);
	return cmp_build_finish(b);
}

void cmp_tree__delete(struct cmp_tree *t)
{
	if (!t)
		return;
	profile__delete(t->shape);
	free(t->has_row);
	free(t->row_rank);
	free(t->rows);
	free(t->base_kept);
	free(t->new_kept);
	free(t);
}

double cmp_max_change(const struct cmp_tree *t, bool self)
{
	double max = 0;
	uint32_t id;

	for (id = 0; id < t->nr_nodes; id++) {
		struct cmp_node n;
		double d;

		cmp_node_get(t, id, &n);
		d = fabs(self ? n.change_self : n.change);
		if ((self ? n.changed_self : n.changed) && d > max)
			max = d;
	}
	return max;
}

/* A node of the paths with what orders it: |change|, then its id (the
 * larger first: on a tie, a callee before its caller, whose change is
 * the callee's, so that the callee's path brings both). */
struct path_key {
	uint32_t id;
	double mag;
};

static int cmp_path_key(const void *a, const void *b)
{
	const struct path_key *x = a, *y = b;

	if (x->mag != y->mag)
		return x->mag > y->mag ? -1 : 1;
	return x->id > y->id ? -1 : x->id < y->id;
}

/* |change| of a node's inclusive shares, as cmp_node_get() has it. */
static double change_mag(const struct cmp_tree *t, uint32_t id)
{
	return fabs(cmp_mean(t, id, true, false) - cmp_mean(t, id, false,
							     false));
}

/* The changed nodes, largest |change| first; *nr of them. */
static struct path_key *changed_nodes(const struct cmp_tree *t, size_t *nr)
{
	struct path_key *v = NULL;
	unsigned long alloc = 0;
	uint32_t id;

	*nr = 0;
	for (id = 1; id < t->nr_nodes; id++) {
		struct cmp_node n;

		cmp_node_get(t, id, &n);
		if (!n.changed)
			continue;
		ALLOC_GROW(v, *nr + 1, alloc);
		v[(*nr)++] = (struct path_key){ id, fabs(n.change) };
	}
	sane_qsort(v, *nr, sizeof(*v), cmp_path_key);
	return v;
}

/* shown[] of a node: a line, and (the root too) a caller of one */
#define PATH_SHOWN 1
#define PATH_CALLER 2

/*
 * Mark the paths taken in shown[]; the lines they make. A path is a leaf
 * of the lines: a changed node below a leaf extends its path, one below
 * a caller of others starts one more. The first node that would make too
 * many paths or lines ends it, so that every changed node shown moved at
 * least as much as any left out (its callers aside).
 */
static size_t take_paths(const struct cmp_tree *t, const struct path_key *v,
			 size_t nr, size_t top, size_t max_lines,
			 uint8_t *shown, size_t *taken)
{
	size_t lines = 0, i;

	*taken = 0;
	for (i = 0; i < nr; i++) {
		size_t more = 0, paths = *taken;
		uint32_t id;

		for (id = v[i].id; id != NODE_ROOT && !shown[id];
		     id = t->shape->nodes[id].parent)
			more++;
		/* a caller of a path taken: shown already, for free */
		if (!more)
			continue;
		/* id: where it joins the lines (the root: none) */
		if (id == NODE_ROOT || (shown[id] & PATH_CALLER))
			paths++;
		if (*taken && ((top && paths > top) ||
			       (max_lines && lines + more > max_lines)))
			break;
		shown[id] |= PATH_CALLER;
		for (id = v[i].id; id != NODE_ROOT && !shown[id];
		     id = t->shape->nodes[id].parent)
			shown[id] = PATH_SHOWN |
				    (id == v[i].id ? 0 : PATH_CALLER);
		lines += more;
		*taken = paths;
	}
	return lines;
}

/* The shown callees of id into kids (by |change|): how many. */
static size_t shown_callees(const struct cmp_tree *t, uint32_t id,
			    const uint8_t *shown, struct path_key **kids,
			    unsigned long *alloc)
{
	size_t nr = 0;
	uint32_t c;

	for (c = t->shape->nodes[id].first_child; c != NODE_NONE;
	     c = t->shape->nodes[c].next_sibling) {
		if (!shown[c])
			continue;
		ALLOC_GROW(*kids, nr + 1, *alloc);
		(*kids)[nr++] = (struct path_key){ c, change_mag(t, c) };
	}
	sane_qsort(*kids, nr, sizeof(**kids), cmp_path_key);
	return nr;
}

/* The shown nodes in tree order, depth first, into out->lines. */
static void order_lines(const struct cmp_tree *t, const uint8_t *shown,
			size_t nr_lines, struct cmp_paths *out)
{
	struct cmp_line *stack = NULL;
	struct path_key *kids = NULL;
	unsigned long alloc_stack = 0, alloc_kids = 0;
	size_t depth = 0, nr, i;

	out->lines = xcalloc(nr_lines ? nr_lines : 1, sizeof(*out->lines));
	nr = shown_callees(t, NODE_ROOT, shown, &kids, &alloc_kids);
	ALLOC_GROW(stack, nr, alloc_stack);
	/* reversed onto the stack: the first callee comes out first */
	for (i = nr; i > 0; i--)
		stack[depth++] = (struct cmp_line){ kids[i - 1].id, 0,
						    i == nr };
	while (depth) {
		struct cmp_line l = stack[--depth];

		nr = shown_callees(t, l.node, shown, &kids, &alloc_kids);
		l.nr_callees = (uint32_t)nr;
		out->lines[out->nr_lines++] = l;
		ALLOC_GROW(stack, depth + nr, alloc_stack);
		for (i = nr; i > 0; i--)
			stack[depth++] = (struct cmp_line){ kids[i - 1].id, 0,
							    i == nr };
	}
	free(stack);
	free(kids);
}

void cmp_paths_select(const struct cmp_tree *t, size_t top, size_t max_lines,
		      struct cmp_paths *out)
{
	struct path_key *v;
	uint8_t *shown = xcalloc(t->nr_nodes, 1);
	size_t nr, lines, i;

	memset(out, 0, sizeof(*out));
	v = changed_nodes(t, &nr);
	out->nr_changed = nr;
	lines = take_paths(t, v, nr, top, max_lines, shown, &out->nr_taken);
	order_lines(t, shown, lines, out);
	for (i = 0; i < nr; i++)
		out->nr_changed_shown += shown[v[i].id] & PATH_SHOWN;
	free(v);
	free(shown);
}

void cmp_paths_release(struct cmp_paths *p)
{
	free(p->lines);
	memset(p, 0, sizeof(*p));
}
