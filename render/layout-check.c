// SPDX-License-Identifier: GPL-2.0
/* layout_check(): the invariants of layout.h, checked (for tests and the
 * fuzz harnesses). */
#include <math.h>
#include <string.h>

#include "lib/error.h"
#include "render/layout.h"

static int bad(struct fd_err *err, const struct layout *l, size_t i,
	       const char *why)
{
	return fd_err_set(err, "layout frame %zu (%s): %s", i,
			  l->frames[i].name ? l->frames[i].name : "?", why);
}

static int finite_frame(const struct layout *l, size_t i, struct fd_err *err)
{
	const struct layout_frame *f = &l->frames[i];

	if (!isfinite(f->x) || !isfinite(f->width) || !isfinite(f->value))
		return bad(err, l, i, "a number that is not finite");
	if (l->deltas && (!isfinite(layout_delta(l, f)->delta) ||
			  !isfinite(layout_delta(l, f)->heat)))
		return bad(err, l, i, "a change that is not finite");
	return 0;
}

/* The previous frame with f's parent: to the left of f, no overlap, and a
 * smaller name (merged frames excepted). */
static int check_sibling(const struct layout *l, size_t i, struct fd_err *err)
{
	const struct layout_frame *f = &l->frames[i];
	size_t j;

	for (j = i - 1; j > f->parent; j--) {
		const struct layout_frame *s = &l->frames[j];

		if (s->parent != f->parent)
			continue;
		if (s->x + s->width > f->x + 1e-6)
			return bad(err, l, i, "overlaps its left sibling");
		if (!(s->flags & LF_MERGED) && !(f->flags & LF_MERGED) &&
		    strcmp(s->name, f->name) > 0)
			return bad(err, l, i, "siblings out of name order");
		break;
	}
	return 0;
}

static int check_frame(const struct layout *l, size_t i, double minpx,
		       struct fd_err *err)
{
	const struct layout_frame *f = &l->frames[i];
	const struct layout_frame *pa;

	if (f->parent >= i)
		return bad(err, l, i, "not after its parent (pre-order)");
	pa = &l->frames[f->parent];
	if (f->depth != pa->depth + 1 || f->depth > l->max_depth)
		return bad(err, l, i, "not one row below its parent");
	if (f->x < pa->x - 1e-6 || f->x + f->width > pa->x + pa->width + 1e-6)
		return bad(err, l, i, "outside its parent");
	if (f->width < minpx - 1e-9)
		return bad(err, l, i, "narrower than the minimum width");
	if (f->value > pa->value * (1 + 1e-12))
		return bad(err, l, i, "worth more than its parent");
	return check_sibling(l, i, err);
}

int layout_check(const struct layout *l, struct fd_err *err)
{
	const struct flame_opts *o = l->opts;
	double minpx = o->minwidth_pct ? 0 : o->minwidth;
	size_t i;

	if (!isfinite(l->total) || !isfinite(l->geom.height))
		return fd_err_set(err, "layout: a total or height that is "
				  "not finite");
	if (!l->nr_frames)
		return 0;
	if (l->frames[0].depth != 0 || l->frames[0].parent != NODE_NONE ||
	    strcmp(l->frames[0].name, "all") ||
	    fabs(l->frames[0].x - l->geom.graph_x) > 1e-9)
		return bad(err, l, 0, "the root is not \"all\" at the left");
	for (i = 0; i < l->nr_frames; i++)
		if (finite_frame(l, i, err) ||
		    (i && check_frame(l, i, minpx, err)))
			return -1;
	return 0;
}
