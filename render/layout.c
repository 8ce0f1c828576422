// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph layout: which frames are drawn where, computed once for
 * every backend. See layout.h for the invariants.
 *
 * The tree is walked from the root with an explicit stack (folded input
 * can be arbitrarily deep), children sorted by name. Only frames at least
 * minwidth wide are descended into, so the work is bounded by what can be
 * seen, not by the number of distinct stacks: a million stacks cost one
 * pass to build the tree and a sort of the children of visible frames.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/compare.h"
#include "analyzer/sched.h"
#include "lib/alloc.h"
#include "lib/sort.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"
#include "render/layout.h"
#include "render/textfmt.h"

void flame_opts_init(struct flame_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = FLAME_WIDTH;
	o->frame_height = FLAME_HEIGHT;
	o->minwidth = FLAME_MINWIDTH;
	o->fonttype = FLAME_FONTTYPE;
	o->fontsize = FLAME_FONTSIZE;
	o->fontwidth = FLAME_FONTWIDTH;
	o->nametype = "Function:";
	o->colors = NULL; /* hot, or blues for off-CPU time */
	o->factor = 1;
	o->normalize = true;
	o->color_by = COLOR_BY_TOTAL;
	o->min_delta = DIFF_NO_MIN_CHANGE;
	o->width_by = WIDTH_MEAN;
	o->strip_clones = true;
}

struct layout_priv {
	struct strtab *strs;	 /* merged labels, title, info */
	struct profile *own[3];	 /* reversed inputs, the union tree */
	struct layout *part;	 /* a focus view's callees, whose frames'
				  * labels it holds */
};

/*
 * What the walk needs: the tree, and each node's width in units, worked
 * out when read (walk_w()): the plain graph's total times the factor, or
 * the comparison's mean share (cmp set). A graph of millions of nodes
 * draws a few thousand frames, whose children alone are read; an array
 * of every node's width would cost 8 bytes a node of the tree.
 */
struct walk {
	const struct profile *p;
	const struct cmp_tree *cmp;
	enum width_by by;
	double factor;
	double ppu;	/* px per unit */
	double thr;	/* minimum width, units */
	struct layout *l;
	unsigned long alloc_frames;
	uint32_t *fnode;  /* per frame: node, or NODE_NONE when merged */
	uint32_t *fmem;	  /* per frame: merged frames' first member */
	unsigned long alloc_fnode, alloc_fmem;
	uint32_t *members; /* node ids of merged frames, in runs */
	size_t nr_members;
	unsigned long alloc_members;
};

struct work {
	uint32_t node;	 /* NODE_NONE: a merged run */
	uint32_t parent; /* frame index */
	uint32_t depth;
	uint32_t mstart, mcount;
	double x, value;
};

/* Node id's width in units: a mean share of the comparison (width_by
 * says of which side) or the plain tree's total times the factor. */
static double node_width(const struct cmp_tree *t, enum width_by by,
			 uint32_t id)
{
	double base = by == WIDTH_NEW ? 0 : cmp_mean(t, id, false, false);
	double new = by == WIDTH_BASE ? 0 : cmp_mean(t, id, true, false);

	return by == WIDTH_BASE ? base : by == WIDTH_NEW ? new
							   : (base + new) / 2;
}

static double walk_w(const struct walk *wk, uint32_t id)
{
	if (wk->cmp)
		return node_width(wk->cmp, wk->by, id);
	return node_total(wk->p, id) * wk->factor;
}

/* Node ids of the profile (ctx), by name, then kind. */
static int cmp_children(const void *a, const void *b, void *ctx)
{
	const struct profile *p = ctx;
	const struct node *x = &p->nodes[*(const uint32_t *)a];
	const struct node *y = &p->nodes[*(const uint32_t *)b];
	int c;

	if (x->name != y->name) {
		c = strcmp(strtab_str(p->names, x->name),
			   strtab_str(p->names, y->name));
		if (c)
			return c;
	}
	return (int)x->kind - (int)y->kind;
}

static const char *intern_str(struct layout *l, const char *s)
{
	struct layout_priv *pv = l->priv;

	return strtab_str(pv->strs, strtab_intern(pv->strs, s, strlen(s)));
}

static void emit(struct walk *wk, const struct work *it)
{
	struct layout *l = wk->l;
	struct layout_frame *f;
	size_t i = l->nr_frames;

	ALLOC_GROW(l->frames, i + 1, wk->alloc_frames);
	ALLOC_GROW(wk->fnode, i + 1, wk->alloc_fnode);
	ALLOC_GROW(wk->fmem, i + 1, wk->alloc_fmem);
	l->nr_frames++;
	f = &l->frames[i];
	memset(f, 0, sizeof(*f));
	f->x = it->x;
	f->depth = it->depth;
	f->parent = it->parent;
	wk->fnode[i] = it->node;
	wk->fmem[i] = it->mstart;
	if (it->node == NODE_NONE) {
		char buf[64];

		snprintf(buf, sizeof(buf), "(%u merged frames)", it->mcount);
		f->name = intern_str(l, buf);
		f->flags = LF_MERGED;
		f->merged = it->mcount;
		f->kind = wk->p->nodes[wk->members[it->mstart]].kind;
		f->value = it->value;
	} else if (it->node == NODE_ROOT) {
		f->name = "all";
		f->kind = FRAME_PROCESS;
		f->value = walk_w(wk, it->node);
	} else {
		f->name = node_name(wk->p, it->node);
		f->kind = wk->p->nodes[it->node].kind;
		f->value = walk_w(wk, it->node);
	}
	f->name_len = strlen(f->name);
	f->width = f->value * wk->ppu;
	if (f->depth > l->max_depth)
		l->max_depth = f->depth;
}

/* A growable list of work items: the walk's stack, one row of children. */
struct work_list {
	struct work *v;
	size_t nr;
	unsigned long alloc;
};

static void work_push(struct work_list *wl, const struct work *it)
{
	ALLOC_GROW(wl->v, wl->nr + 1, wl->alloc);
	wl->v[wl->nr++] = *it;
}

/* The children of node worth drawing (width > 0), sorted by name. */
static size_t sorted_children(struct walk *wk, uint32_t node, uint32_t **kids,
			      unsigned long *alloc)
{
	const struct profile *p = wk->p;
	size_t nr = 0;
	uint32_t c;

	for (c = p->nodes[node].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling) {
		if (walk_w(wk, c) <= 0)
			continue;
		ALLOC_GROW(*kids, nr + 1, *alloc);
		(*kids)[nr++] = c;
	}
	sort_r(*kids, nr, sizeof(**kids), cmp_children, (void *)p);
	return nr;
}

/*
 * The row under frame (of work item it): each child wide enough as its
 * own item, adjacent narrow ones as one merged item when together they
 * reach the minimum width (dropped otherwise), left to right.
 */
static void children_row(struct walk *wk, const struct work *it,
			 uint32_t frame, const uint32_t *kids, size_t nr_kids,
			 struct work_list *row)
{
	struct work run = { .node = NODE_NONE };
	double cx = it->x;
	size_t i;

	row->nr = 0;
	for (i = 0; i <= nr_kids; i++) {
		bool narrow = i < nr_kids && walk_w(wk, kids[i]) < wk->thr;
		uint32_t c;

		if (run.mcount && !narrow) {
			/* For mail, a narrow run stays in the caller's
			 * width: a grey "(N merged frames)" spike says
			 * nothing a reader of a picture can use. */
			if (run.value >= wk->thr && !wk->l->opts->mail)
				work_push(row, &run);
			run.mcount = 0;
		}
		if (i == nr_kids)
			break;
		c = kids[i];
		if (narrow) {
			if (!run.mcount) {
				run = (struct work){
					.node = NODE_NONE,
					.parent = frame,
					.depth = it->depth + 1,
					.mstart = wk->nr_members,
					.x = cx,
				};
			}
			ALLOC_GROW(wk->members, wk->nr_members + 1,
				   wk->alloc_members);
			wk->members[wk->nr_members++] = c;
			run.value += walk_w(wk, c);
			run.mcount++;
		} else {
			work_push(row, &(struct work){
					       .node = c,
					       .parent = frame,
					       .depth = it->depth + 1,
					       .x = cx,
				       });
		}
		cx += walk_w(wk, c) * wk->ppu;
	}
}

/* Pre-order from the root, with an explicit stack: input can be deep. */
static void walk_tree(struct walk *wk)
{
	struct work_list stack = { 0 }, row = { 0 };
	unsigned long alloc_kids = 0;
	uint32_t *kids = NULL, frame;
	size_t nr_kids, i;
	struct work it;

	work_push(&stack, &(struct work){
				  .node = NODE_ROOT,
				  .parent = NODE_NONE,
				  .x = wk->l->geom.graph_x,
			  });
	while (stack.nr) {
		it = stack.v[--stack.nr];
		frame = wk->l->nr_frames;
		emit(wk, &it);
		if (it.node == NODE_NONE)
			continue;
		/* --max-depth: nothing deeper is drawn (the frame's width
		 * still holds all that is below it). */
		if (wk->l->opts->max_depth && it.depth >= wk->l->opts->max_depth)
			continue;
		nr_kids = sorted_children(wk, it.node, &kids, &alloc_kids);
		if (!nr_kids)
			continue;
		children_row(wk, &it, frame, kids, nr_kids, &row);
		/* Reversed onto the stack: the leftmost child comes next. */
		for (i = row.nr; i > 0; i--)
			work_push(&stack, &row.v[i - 1]);
	}
	free(stack.v);
	free(row.v);
	free(kids);
}

static struct layout *layout_new(const struct flame_opts *o)
{
	struct layout *l = xcalloc(1, sizeof(*l));
	struct layout_priv *pv = xcalloc(1, sizeof(*pv));

	pv->strs = strtab__new();
	l->priv = pv;
	l->opts = o;
	return l;
}

void layout__delete(struct layout *l)
{
	struct layout_priv *pv;

	if (!l)
		return;
	pv = l->priv;
	strtab__delete(pv->strs);
	profile__delete(pv->own[0]);
	profile__delete(pv->own[1]);
	profile__delete(pv->own[2]);
	layout__delete(pv->part);
	free(pv);
	free(l->frames);
	free(l->deltas);
	free(l);
}

/*
 * Where to end a line of legend s that starts at start and may hold up
 * to end: after the last "; " there, else the last ", ", else the last
 * space (the next line's start); 0 when there is none.
 */
static size_t legend_break(const char *s, size_t start, size_t end)
{
	static const char *const seps[] = { "; ", ", ", " " };
	size_t k, i, len;

	for (k = 0; k < sizeof(seps) / sizeof(*seps); k++) {
		len = strlen(seps[k]);
		/* the line keeps at least one character */
		for (i = end; i > start + len; i--)
			if (!strncmp(s + i - len, seps[k], len))
				return i;
	}
	return 0;
}

size_t layout_legend_breaks(const struct layout *l, size_t *at, size_t max)
{
	const struct flame_opts *o = l->opts;
	double fs = o->fontsize, cw = (fs - 1) * o->fontwidth;
	double left = 10, right = o->width - 10;
	double x = left + fs * 8 + 200 + fs * 6.5; /* after the scale */
	const char *s = l->legend;
	size_t n, start = 0, nr = 0;

	if (!s || !(cw > 0))
		return 0;
	n = strlen(s);
	while (nr < max && x + (n - start) * cw > right) {
		size_t fit = right > x ? (size_t)((right - x) / cw) : 0;
		size_t brk = legend_break(s, start, start + fit < n ?
						    start + fit : n);

		if (!brk && !nr && x > left) {
			brk = 0; /* nothing fits beside the scale: below it */
		} else if (!brk) {
			/* a word wider than the image: it runs over */
			const char *sp = strchr(s + start + 1, ' ');

			if (!sp)
				break;
			brk = (size_t)(sp - s) + 1;
		}
		at[nr++] = brk;
		start = brk;
		x = left;
	}
	return nr;
}

/* Geometry of everything but the frame rows' count, then the rows. */
static void set_geom(struct layout *l, uint32_t rows)
{
	const struct flame_opts *o = l->opts;
	struct layout_geom *g = &l->geom;
	double fs = o->fontsize, y;

	g->fontsize = fs;
	g->width = o->width;
	g->graph_x = 10;
	g->graph_w = o->width - 20;
	g->frame_h = o->frame_height;
	y = fs * 2;
	g->title_y = y;
	if (l->subtitle) {
		y += fs * 1.5;
		g->subtitle_y = y;
	}
	if (l->info) {
		y += fs * 1.4;
		g->info_y = y;
	}
	if (l->info2) {
		y += fs * 1.35;
		g->info2_y = y;
	}
	if (l->diff) {
		y += fs * 1.8;
		g->legend_y = y;
		/* The legend's words wrap onto lines of their own rather
		 * than run off the image (mail: two, measured by png.c). */
		size_t at[LAYOUT_LEGEND_LINES];
		size_t more = layout_legend_breaks(l, at, LAYOUT_LEGEND_LINES);

		if (o->mail && more < 1)
			more = 1;
		y += fs * 1.3 * more;
	}
	g->graph_y = y + fs;
	g->graph_h = rows * g->frame_h;
	g->details_y = g->graph_y + g->graph_h + fs + 6;
	g->height = ceil(g->details_y + fs * 0.5 + 6);
}

/* One option's range check, with the message every caller prints. */
static int check_range(const char *name, double v, double lo, double hi,
		       const char *unit, struct fd_err *err)
{
	if (v >= lo && v <= hi) /* false for NaN */
		return 0;
	return fd_err_set(err, "--%s %g: must be %g to %g%s", name, v, lo, hi,
			  unit);
}

/*
 * The options a layout can honour. A library checks its own inputs: the
 * command line's parser may refuse the same values earlier, but a caller
 * that fills struct flame_opts itself gets the same answer.
 */
static int check_opts(const struct flame_opts *o, struct fd_err *err)
{
	if (check_range("width", o->width, FLAME_MIN_WIDTH, FLAME_MAX_WIDTH,
			" px", err) ||
	    check_range("height", o->frame_height, FLAME_MIN_HEIGHT,
			FLAME_MAX_HEIGHT, " px", err) ||
	    check_range("fontsize", o->fontsize, FLAME_MIN_FONTSIZE,
			FLAME_MAX_FONTSIZE, "", err) ||
	    check_range("fontwidth", o->fontwidth, FLAME_MIN_FONTWIDTH,
			FLAME_MAX_FONTWIDTH, "", err) ||
	    check_range("minwidth", o->minwidth, 0,
			o->minwidth_pct ? 100 : FLAME_MAX_MINWIDTH_PX,
			o->minwidth_pct ? "%" : " px", err) ||
	    (diff_min_change_given(o->min_delta) &&
	     check_range("min-delta", o->min_delta, 0, FLAME_MAX_POINTS,
			 " points", err)) ||
	    check_range("max-delta", o->max_delta, 0, FLAME_MAX_POINTS,
			" points", err))
		return -1;
	if (!(o->factor > 0 && o->factor <= FLAME_MAX_VALUE))
		return fd_err_set(err, "--factor %g: must be above 0 and at "
				  "most 1e300", o->factor);
	if (!(o->total >= 0 && o->total <= FLAME_MAX_VALUE))
		return fd_err_set(err, "--total %g: must be 0 (the profile's "
				  "total) to 1e300", o->total);
	return 0;
}

static const char *default_title(const struct flame_opts *o, bool diff)
{
	if (o->title)
		return o->title;
	if (diff)
		return o->inverted ? "Differential Icicle Graph"
				   : "Differential Flame Graph";
	return o->inverted ? "Icicle Graph" : "Flame Graph";
}

/* Scale and minimum width from the root value; the walk; geometry. */
static int lay_out(struct layout *l, const struct profile *p,
		   const struct cmp_tree *t, struct walk *wk,
		   struct fd_err *err)
{
	const struct flame_opts *o = l->opts;

	memset(wk, 0, sizeof(*wk));
	wk->p = p;
	wk->cmp = t;
	wk->by = o->width_by;
	wk->factor = o->factor;
	l->total = walk_w(wk, NODE_ROOT);
	l->scale_total = o->total > 0 ? o->total : l->total;
	/*
	 * Every frame's value is at most the root's, so a finite root and a
	 * finite scale keep every coordinate finite: no "nan" width in an
	 * SVG, no frame cairo cannot draw.
	 */
	if (!isfinite(l->total) || (!l->empty && !(l->total > 0))) {
		if (o->factor == 1) {
			fd_err_set(err, "the graph's total weight, %g, is not a "
				   "finite number: nothing to draw to scale",
				   l->total);
			return LAYOUT_EINPUT;
		}
		fd_err_set(err, "--factor %g: the graph's total, %g, is not a "
			   "positive finite number", o->factor, l->total);
		return LAYOUT_EOPTS;
	}
	if (l->scale_total < l->total * (1 - 1e-9))
		return fd_err_set(err, "--total %g is less than the profile's "
				  "total %g", o->total, l->total);
	set_geom(l, 1);
	if (l->empty)
		return 0;
	if (!isfinite(l->geom.graph_w / l->scale_total))
		return fd_err_set(err, "--total %g: too small to draw",
				  l->scale_total);
	wk->l = l;
	wk->ppu = l->geom.graph_w / l->scale_total;
	wk->thr = o->minwidth_pct ? l->total * o->minwidth / 100
				  : o->minwidth / wk->ppu;
	/*
	 * A frame is a node or a run of merged nodes, so there are at most
	 * as many frames as nodes: room for all of them at once spares the
	 * copies of growing by doubling, and pages never written (frames
	 * --minwidth drops) are never faulted in.
	 */
	ALLOC_GROW(l->frames, p->nr_nodes, wk->alloc_frames);
	ALLOC_GROW(wk->fnode, p->nr_nodes, wk->alloc_fnode);
	ALLOC_GROW(wk->fmem, p->nr_nodes, wk->alloc_fmem);
	walk_tree(wk);
	set_geom(l, l->max_depth + 1);
	return 0;
}

static void walk_release(struct walk *wk)
{
	free(wk->fnode);
	free(wk->fmem);
	free(wk->members);
}

static void fmt_num(char *buf, size_t cap, double v)
{
	if (!isfinite(v))
		snprintf(buf, cap, "%s", TEXT_NOT_A_NUMBER);
	else if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, cap, "%.0f", v);
	else
		snprintf(buf, cap, "%.4g", v);
}

/* One side's facts for the info line, appended to sb. */
static void side_info(struct strbuf *sb, const char *who,
		      const struct profile *p, size_t runs,
		      const char *countname, bool mail)
{
	const struct profile_meta *m = &p->meta;
	char num[64];

	if (who)
		strbuf_addf(sb, "%s: ", who);
	if (m->event)
		strbuf_addf(sb, "%s, ", m->event);
	if (mail) {
		/* The same unit with or without a filter (which leaves
		 * no sample count): the weight, in seconds for time. */
		double v = profile_total(p);

		if (!strcmp(countname, "ns")) {
			fmt_double(num, sizeof(num), "%.3g", v / 1e9);
			strbuf_addf(sb, "%s s", num);
		} else {
			fmt_num(num, sizeof(num), v);
			strbuf_addf(sb, "%s %s", num, countname);
		}
	} else if (m->samples && m->event) {
		strbuf_addf(sb, "%llu samples", (unsigned long long)m->samples);
	} else {
		fmt_num(num, sizeof(num), profile_total(p));
		strbuf_addf(sb, "%s %s", num, countname);
	}
	if (runs > 1)
		strbuf_addf(sb, " in %zu runs", runs);
	if (m->duration > 0)
		strbuf_addf(sb, ", %.3g s", m->duration);
	if (m->kernel)
		strbuf_addf(sb, ", kernel %s", m->kernel);
}

static const char *resolve_countname(const struct flame_opts *o,
				     const struct profile *p)
{
	if (o->countname)
		return o->countname;
	if (p->meta.unit && *p->meta.unit)
		return p->meta.unit;
	return "samples";
}

/* What the header and info line say about a single profile. */
static void plain_meta(struct layout *l, const struct profile *p)
{
	struct strbuf info = STRBUF_INIT;

	l->title = default_title(l->opts, false);
	l->offcpu = profile_is_offcpu(p);
	l->subtitle = l->opts->subtitle;
	if (!l->subtitle && l->offcpu)
		l->subtitle = LAYOUT_OFFCPU_SUBTITLE;
	l->countname = resolve_countname(l->opts, p);
	side_info(&info, NULL, p, 1, l->countname, false);
	l->info = intern_str(l, info.buf);
	strbuf_release(&info);
	l->event = p->meta.event;
	l->kernel = p->meta.kernel;
	l->duration = p->meta.duration;
	l->samples = p->meta.samples;
}

/* Each frame's self value (a merged frame: its members'). */
static void plain_self(struct layout *l, const struct walk *wk,
		       const struct profile *p)
{
	double factor = l->opts->factor;
	size_t i;

	for (i = 0; i < l->nr_frames; i++) {
		struct layout_frame *f = &l->frames[i];
		uint32_t j;

		if (wk->fnode[i] != NODE_NONE) {
			f->self = p->nodes[wk->fnode[i]].self * factor;
			continue;
		}
		for (j = 0; j < f->merged; j++)
			f->self += p->nodes[wk->members[wk->fmem[i] + j]].self *
				   factor;
	}
}

int layout_build(struct layout **out, const struct profile *p,
		 const struct flame_opts *o, struct fd_err *err)
{
	struct walk wk = { 0 };
	struct layout *l;
	double total;
	int ret;

	*out = NULL;
	if (check_opts(o, err))
		return LAYOUT_EOPTS;
	/* Every node's total is drawn: summed now, in one pass (the
	 * root's alone, walked, costs a cache miss a node). Reversed, the
	 * tree drawn is another. */
	total = o->reverse ? profile_total(p) : node_total(p, NODE_ROOT);
	if (!isfinite(total)) {
		fd_err_set(err, "the profile's total weight is not a finite "
			   "number: nothing to draw to scale");
		return LAYOUT_EINPUT;
	}
	l = layout_new(o);
	plain_meta(l, p);
	l->empty = !(total > 0);
	if (o->reverse)
		p = ((struct layout_priv *)l->priv)->own[0] = profile__new_reversed(p);

	ret = lay_out(l, p, NULL, &wk, err);
	if (!ret)
		plain_self(l, &wk, p);
	walk_release(&wk);
	if (ret) {
		layout__delete(l);
		return ret;
	}
	*out = l;
	return 0;
}

/* Each node's width, in percent: the share --width says. */
/* Each frame's figures, read from the comparison; colour by its verdict. */
static void diff_frame_values(struct layout *l, const struct walk *wk,
			      const struct cmp_tree *t)
{
	bool self = l->opts->color_by == COLOR_BY_SELF;
	size_t i;

	l->deltas = xcalloc(l->nr_frames + 1, sizeof(*l->deltas));
	for (i = 0; i < l->nr_frames; i++) {
		struct layout_frame *f = &l->frames[i];
		struct layout_delta *d = &l->deltas[i];
		struct cmp_node n;
		uint32_t j;

		d->p_value = -1;
		if (wk->fnode[i] == NODE_NONE) {
			/* A merged run: sums, never coloured (its members
			 * have verdicts of their own). */
			for (j = 0; j < f->merged; j++) {
				uint32_t m = wk->members[wk->fmem[i] + j];

				d->base += cmp_mean(t, m, false, false);
				d->new += cmp_mean(t, m, true, false);
				d->base_self += cmp_mean(t, m, false, true);
				d->new_self += cmp_mean(t, m, true, true);
			}
			d->delta = self ? d->new_self - d->base_self
					: d->new - d->base;
		} else {
			cmp_node_get(t, wk->fnode[i], &n);
			d->base = n.base;
			d->new = n.new;
			d->base_self = n.base_self;
			d->new_self = n.new_self;
			d->delta = self ? n.change_self : n.change;
			d->p_value = self ? n.p_self : n.p;
			if (i > 0 && (self ? n.changed_self : n.changed))
				f->flags |= LF_COLORED | LF_CHANGED;
		}
		f->self = (d->base_self + d->new_self) / 2;
		if (d->base > 0 && d->new <= 0)
			f->flags |= LF_GHOST;
		if (d->base <= 0 && d->new > 0)
			f->flags |= LF_BORN;
	}
}

/*
 * The colour scale: --max-delta when given (so that two graphs compare),
 * else the largest change of a coloured frame is the reddest/bluest.
 */
static void diff_heat(struct layout *l)
{
	size_t i;

	l->max_delta = l->opts->max_delta;
	if (!(l->max_delta > 0)) {
		l->max_delta = 0;
		for (i = 0; i < l->nr_frames; i++)
			if (l->frames[i].flags & LF_COLORED)
				l->max_delta = fmax(l->max_delta,
						    fabs(l->deltas[i].delta));
	}
	if (!(l->max_delta > 0))
		return;
	for (i = 0; i < l->nr_frames; i++) {
		struct layout_delta *d = &l->deltas[i];
		double h;

		if (!(l->frames[i].flags & LF_COLORED))
			continue;
		h = d->delta / l->max_delta;
		h = h > 1 ? 1 : h < -1 ? -1 : h;
		/* A change smaller than one step of the scale still shows. */
		if (fabs(h) < 0.05)
			h = h < 0 ? -0.05 : 0.05;
		d->heat = (float)(l->opts->negate ? -h : h);
	}
}

/* A side's label unless it says nothing more than "base" / "new". */
static const char *side_label(const struct profile *p, const char *role)
{
	const char *s = p->meta.label;

	return s && *s && strcmp(s, role) ? s : "";
}

/* "base: ... | new: ...": the info line of a diff. */
static void diff_info(struct layout *l, const struct profile *b, size_t nb,
		      const struct profile *n, size_t nn)
{
	struct strbuf info = STRBUF_INIT, who = STRBUF_INIT;
	bool mail = l->opts->mail;
	const char *label;

	/* what the benchmark says first, for a reader who looks at the
	 * graph before any table */
	if (l->opts->headline && *l->opts->headline)
		strbuf_addf(&info, "%s  |  ", l->opts->headline);
	strbuf_addstr(&who, "base");
	label = side_label(b, "base");
	if (*label)
		strbuf_addf(&who, " %s", label);
	side_info(&info, who.buf, b, nb, l->countname, mail);
	if (mail) {
		l->info = intern_str(l, info.buf);
		strbuf_reset(&info);
	} else {
		strbuf_addstr(&info, "  |  ");
	}
	strbuf_reset(&who);
	strbuf_addstr(&who, "new");
	label = side_label(n, "new");
	if (*label)
		strbuf_addf(&who, " %s", label);
	side_info(&info, who.buf, n, nn, l->countname, mail);
	strbuf_addf(&info, "  |  width: %s",
		    l->opts->width_by == WIDTH_BASE ? "base share" :
		    l->opts->width_by == WIDTH_NEW  ? "new share" :
						      "mean of base and new "
						      "shares");
	if (mail)
		l->info2 = intern_str(l, info.buf);
	else
		l->info = intern_str(l, info.buf);
	strbuf_release(&who);
	strbuf_release(&info);
}

/* What the diff's header and info line say about each side. */
static void diff_meta(struct layout *l, const struct profile *bm, size_t nb,
		      const struct profile *nm, size_t nn)
{
	const struct flame_opts *o = l->opts;

	l->diff = true;
	l->title = default_title(o, true);
	l->offcpu = profile_is_offcpu(bm) && profile_is_offcpu(nm);
	l->subtitle = o->subtitle;
	if (!l->subtitle && l->offcpu)
		l->subtitle = LAYOUT_OFFCPU_SUBTITLE;
	l->countname = resolve_countname(o, bm);
	l->base_runs = nb;
	l->new_runs = nn;
	l->base_name = bm->meta.label;
	l->new_name = nm->meta.label;
	l->event = bm->meta.event;
	l->kernel = bm->meta.kernel;
	l->new_kernel = nm->meta.kernel;
	l->duration = bm->meta.duration;
	l->new_duration = nm->meta.duration;
	l->samples = bm->meta.samples;
	l->new_samples = nm->meta.samples;
	diff_info(l, bm, nb, nm, nn);
}

/* What the colours mean, the same words for every backend. */
static void diff_legend(struct layout *l, size_t nb, size_t nn)
{
	const struct flame_opts *o = l->opts;
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "blue: %s, red: %s (%s share, points; scale "
		    "%s); grey: not changed by LKP's rule, as the table",
		    o->negate ? "more in new" : "less in new",
		    o->negate ? "less in new" : "more in new",
		    o->color_by == COLOR_BY_SELF ? "self" : "total",
		    o->max_delta > 0 ? "--max-delta" : "largest change");
	if (nb < 2 || nn < 2)
		strbuf_addf(&sb, " (one run: %s)",
			    diff_min_change_given(o->min_delta) ?
			    "--min-delta floor" : "a 1-point floor");
	else if (diff_min_change_given(o->min_delta))
		strbuf_addf(&sb, ", --min-delta %.2g", o->min_delta);
	strbuf_addstr(&sb, "; dashed outline: gone, solid: new");
	if (o->mail)
		strbuf_addf(&sb, "; frames under %g%s are left in their "
			    "caller's width", o->minwidth,
			    o->minwidth_pct ? "%" : " px");
	l->legend = intern_str(l, sb.buf);
	strbuf_release(&sb);
}

/*
 * layout_build_diff(); one_side: a picture when a side has nothing, as
 * long as the widths have something (a focus view of a function only one
 * build has).
 */
static int build_diff(struct layout **out, const struct cmp_tree *t,
		      const struct profile *base_merged,
		      const struct profile *new_merged,
		      const struct flame_opts *o, bool one_side,
		      struct fd_err *err)
{
	struct walk wk = { 0 };
	struct layout *l;
	int ret;

	*out = NULL;
	if (check_opts(o, err))
		return LAYOUT_EOPTS;
	l = layout_new(o);
	diff_meta(l, base_merged, t->nr_base, new_merged, t->nr_new);
	diff_legend(l, t->nr_base, t->nr_new);
	l->base_total = profile_total(base_merged);
	l->new_total = profile_total(new_merged);
	l->new_scale = 1;
	l->empty = !(cmp_mean(t, NODE_ROOT, false, false) > 0 &&
		     cmp_mean(t, NODE_ROOT, true, false) > 0);
	if (one_side)
		l->empty = !(node_width(t, o->width_by, NODE_ROOT) > 0);
	/* The walk reads the tree's own shape: no copy of it. */
	ret = lay_out(l, t->shape, t, &wk, err);
	if (!ret) {
		diff_frame_values(l, &wk, t);
		diff_heat(l);
	}
	walk_release(&wk);
	if (ret) {
		layout__delete(l);
		return ret;
	}
	*out = l;
	return 0;
}

int layout_build_diff(struct layout **out, const struct cmp_tree *t,
		      const struct profile *base_merged,
		      const struct profile *new_merged,
		      const struct flame_opts *o, struct fd_err *err)
{
	return build_diff(out, t, base_merged, new_merged, o, false, err);
}

void layout_diff_shares(const struct layout *l, const struct layout_frame *f,
			bool self, double *base_pct, double *new_pct,
			double *delta_pts)
{
	const struct layout_delta *d = layout_delta(l, f);

	*base_pct = self ? d->base_self : d->base;
	*new_pct = self ? d->new_self : d->new;
	*delta_pts = *new_pct - *base_pct;
}

size_t layout_label(const struct layout *l, const struct layout_frame *f,
		    char *buf, size_t cap)
{
	double cw = l->opts->fontsize * l->opts->fontwidth;
	size_t fits, chars = 0, i, cut = 0;

	if (cap < 4)
		return 0;
	buf[0] = 0;
	if (!(f->width - 6 > 0))
		return 0;
	fits = (size_t)((f->width - 6) / cw);
	if (fits < 3)
		return 0;
	/* Count characters (UTF-8 lead bytes), remember where fits-2 end. */
	for (i = 0; i < f->name_len; i++) {
		if (((unsigned char)f->name[i] & 0xc0) == 0x80)
			continue;
		if (chars == fits - 2)
			cut = i;
		chars++;
	}
	if (chars <= fits) {
		if (f->name_len >= cap)
			return 0;
		memcpy(buf, f->name, f->name_len + 1);
		return f->name_len;
	}
	if (cut + 3 > cap)
		cut = 0;
	if (!cut)
		return 0;
	memcpy(buf, f->name, cut);
	memcpy(buf + cut, "..", 3);
	return cut + 2;
}

/*
 * Frames [1, from->nr_frames) of from (its root left out) appended to
 * l's, one level nearer the root: from's root's children become roots.
 */
static void focus_append(struct layout *l, const struct layout *from)
{
	size_t base = l->nr_frames, i;

	for (i = 1; i < from->nr_frames; i++) {
		struct layout_frame *f = &l->frames[base + i - 1];

		*f = from->frames[i];
		f->depth--;
		f->parent = f->parent == 0 || f->parent == NODE_NONE
				    ? NODE_NONE
				    : (uint32_t)(base + f->parent - 1);
		if (l->deltas)
			l->deltas[base + i - 1] = from->deltas[i];
	}
	l->nr_frames = base + from->nr_frames - 1;
}

/*
 * The two layouts as one picture: callers (l) above, a flame graph whose
 * bottom row is the function, callees (b) below, an icicle whose top row
 * is the function, one empty row between. The roots "all" (the
 * function's share again) are left out.
 */
static void focus_join(struct layout *l, struct layout *b, const char *func)
{
	struct layout_frame *fa = l->frames;
	struct layout_delta *da = l->deltas;
	size_t na = l->nr_frames, nb = b->nr_frames;
	uint32_t rows_a = l->max_depth, rows_b = b->max_depth;
	struct strbuf sb = STRBUF_INIT;

	l->frames = xcalloc(na + nb, sizeof(*l->frames));
	l->deltas = da ? xcalloc(na + nb, sizeof(*l->deltas)) : NULL;
	l->nr_frames = 0;
	{
		/* l's own frames, read from the arrays it had */
		struct layout from = *l;

		from.frames = fa;
		from.deltas = da;
		from.nr_frames = na;
		focus_append(l, &from);
	}
	l->focus_split = l->nr_frames;
	focus_append(l, b);
	free(fa);
	free(da);
	((struct layout_priv *)l->priv)->part = b;
	l->focus_rows = rows_a;
	l->max_depth = rows_a + rows_b;
	if (!l->opts->title) {
		strbuf_addf(&sb, "Focus: %s", func);
		l->title = intern_str(l, sb.buf);
	}
	if (!l->opts->subtitle) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "its callers above it, its callees below, "
			    "merged over all its call sites; the full width "
			    "is its share");
		l->subtitle = intern_str(l, sb.buf);
	}
	strbuf_release(&sb);
	set_geom(l, rows_a + 1 + rows_b);
	if (l->deltas)
		diff_heat(l);
}

/* The callers' layout l and the callees' b (built with status ret) as one
 * focus view in *out; l is freed when b could not be built. */
static int focus_pair(struct layout **out, struct layout *l,
		      struct layout *b, int ret, const char *func)
{
	if (ret) {
		layout__delete(l);
		return ret;
	}
	if (l->empty || b->empty)
		layout__delete(b);
	else
		focus_join(l, b, func);
	*out = l;
	return 0;
}

int layout_build_focus(struct layout **out, const struct cmp_tree *callers,
		       const struct cmp_tree *callees,
		       const struct profile *base_merged,
		       const struct profile *new_merged, const char *func,
		       const struct flame_opts *o, struct fd_err *err)
{
	struct layout *l, *b;
	int ret;

	*out = NULL;
	ret = build_diff(&l, callers, base_merged, new_merged, o, true, err);
	if (ret)
		return ret;
	ret = build_diff(&b, callees, base_merged, new_merged, o, true, err);
	return focus_pair(out, l, b, ret, func);
}

int layout_build_focus_plain(struct layout **out,
			     const struct profile *callers,
			     const struct profile *callees, const char *func,
			     const struct flame_opts *o, struct fd_err *err)
{
	struct layout *l, *b;
	int ret;

	*out = NULL;
	ret = layout_build(&l, callers, o, err);
	if (ret)
		return ret;
	ret = layout_build(&b, callees, o, err);
	return focus_pair(out, l, b, ret, func);
}
