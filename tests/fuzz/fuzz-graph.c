// SPDX-License-Identifier: GPL-2.0
/*
 * Flame graphs of any input, as `flamediff svg` and `flamediff png` draw
 * them: the layout, then the SVG and the PNG (with the movers' table for a
 * diff) written to /dev/null. The input is a flags byte, then one input
 * (a plain graph, or a differential one from two-column folded stacks),
 * or two sides split by a line "=====" (--diff BASE NEW), fuzz-util.h.
 *
 * Flags: bit 0 icicle, bit 1 reverse, bit 2 --color-by self, bit 3
 * --negate, bit 4 --no-normalize, bit 5 --minwidth in percent, bit 6
 * --no-strip-clones, bit 7 the PNG's table of movers.
 */
#include "tests/fuzz/fuzz-util.h"

#include "analyzer/comparison.h"
#include "tests/testfile.h"

#include "analyzer/input.h"
#include "analyzer/side.h"
#include "render/layout.h"
#include "render/png.h"
#include "render/svg.h"

static void flame_opts_from(struct flame_opts *fo, uint8_t flags)
{
	flame_opts_init(fo);
	fo->inverted = flags & 1;
	fo->reverse = flags & 2;
	fo->color_by = flags & 4 ? COLOR_BY_SELF : COLOR_BY_TOTAL;
	fo->negate = flags & 8;
	fo->normalize = !(flags & 16);
	if (flags & 32) {
		fo->minwidth_pct = true;
		fo->minwidth = 0.5;
	}
	fo->strip_clones = !(flags & 64);
}

static void check_layout(const struct layout *l)
{
	size_t i;

	FUZZ_FINITE(l->total, "layout total");
	FUZZ_FINITE(l->geom.height, "image height");
	for (i = 0; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];

		FUZZ_FINITE(f->x, f->name);
		FUZZ_FINITE(f->width, f->name);
		FUZZ_FINITE(f->value, f->name);
		if (!l->deltas)
			continue;
		FUZZ_FINITE(layout_delta(l, f)->delta, f->name);
		FUZZ_FINITE(layout_delta(l, f)->heat, f->name);
	}
}

static void draw(const struct layout *l, const struct png_opts *po)
{
	struct fd_err err = { { 0 } };
	struct outfile o;

	check_layout(l);
	fuzz_check_layout(l);
	if (outfile_open(&o, "/dev/null", &err))
		abort();
	svg_write(l, &o);
	outfile_commit(&o, &err);
	/* `png` draws no picture of nothing. */
	if (l->empty)
		return;
	if (outfile_open(&o, "/dev/null", &err))
		abort();
	if (png_write(l, po, &o, &err))
		outfile_abort(&o);
	else
		outfile_commit(&o, &err);
}

static void plain(const char *path, const struct flame_opts *fo)
{
	struct profile *p = profile__new(), *p2 = profile__new();
	struct png_opts po = { 0 };
	struct fd_err err = { { 0 } };
	struct cmp_tree *t = NULL;
	struct layout *l = NULL;
	int r;

	r = input_read(path, NULL, p, p2, &err);
	if (r && r != INPUT_NO_SAMPLES)
		goto out;
	fuzz_check_profile(p);
	fuzz_check_profile(p2);
	if (profile_total(p2) > 0 || p2->nr_nodes > 1)
		r = test_layout_diff(&l, &t, &p, 1, p, &p2, 1, p2, fo, &err);
	else
		r = layout_build(&l, p, fo, &err);
	if (!r)
		draw(l, &po);
out:
	layout__delete(l);
	cmp_tree__delete(t);
	profile__delete(p);
	profile__delete(p2);
}

/* As svg/png --diff do it: one comparison, the layout and movers read
 * from it. */
static void diff(char *paths[2], const struct flame_opts *fo, bool table)
{
	char *const *pp[2] = { &paths[0], &paths[1] };
	size_t nr[2] = { 1, 1 };
	struct comparison c = { 0 };
	struct comparison_opts co;
	struct movers t = { 0 };
	struct png_opts po = { 0 };
	struct fd_err err = { { 0 } };
	struct layout *l = NULL;

	comparison_opts_init(&co);
	co.tree = true;
	co.reverse = fo->reverse;
	if (comparison_load(&c, pp, nr, NULL, &co, &err) ||
	    !comparison_profiles(&c))
		goto out;
	fuzz_check_profile(c.sides[0].side.merged);
	fuzz_check_profile(c.sides[1].side.merged);
	if (comparison_compute(&c, &co, &err))
		goto out;
	if (layout_build_diff(&l, c.tree, c.sides[0].side.sum,
			      c.sides[1].side.sum, fo, &err))
		goto out;
	if (table) {
		movers_from_table(&t, &c.table, 10);
		po.table = &t;
	}
	draw(l, &po);
out:
	movers_release(&t);
	layout__delete(l);
	comparison_release(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_sides sides;
	struct fuzz_input in[2];
	struct flame_opts fo;
	char *paths[2];
	int i;

	fuzz_split(data, size, &sides);
	flame_opts_from(&fo, sides.flags);
	for (i = 0; i < 2; i++) {
		fuzz_input_open(&in[i], sides.side[i], sides.len[i]);
		paths[i] = in[i].path;
	}
	if (sides.side[0] == sides.side[1])
		plain(paths[0], &fo);
	else
		diff(paths, &fo, sides.flags & 128);
	for (i = 0; i < 2; i++)
		fuzz_input_close(&in[i]);
	return 0;
}
