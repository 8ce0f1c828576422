// SPDX-License-Identifier: GPL-2.0
/*
 * The PNG backend: the file decodes at the size the layout asks for, the
 * seed regression of the diff issue is blue where the lock contention went
 * away and red where it came back, labels are drawn and never leave their
 * frame, and bad cases leave no file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo.h>

#include "analyzer/comparison.h"
#include "analyzer/input.h"
#include "analyzer/side.h"
#include "render/color.h"
#include "render/graph-file.h"
#include "render/layout.h"
#include "render/png.h"
#include "tap.h"
#include "testfile.h"
#include "lib/alloc.h"

static char dir[] = "/tmp/flamediff-png-XXXXXX";

struct img {
	cairo_surface_t *s;
	int w, h, stride;
	unsigned char *data;
};

static int load(struct img *im, const char *path)
{
	im->s = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(im->s) != CAIRO_STATUS_SUCCESS)
		return -1;
	cairo_surface_flush(im->s);
	im->w = cairo_image_surface_get_width(im->s);
	im->h = cairo_image_surface_get_height(im->s);
	im->stride = cairo_image_surface_get_stride(im->s);
	im->data = cairo_image_surface_get_data(im->s);
	return 0;
}

static struct rgb px(const struct img *im, int x, int y)
{
	uint32_t v = *(uint32_t *)(im->data + (size_t)y * im->stride + x * 4);

	return (struct rgb){ v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff };
}

static bool same(struct rgb a, struct rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* The pixel rectangle png.c fills for a frame. */
struct box {
	int x0, y0, x1, y1;
};

static struct box frame_box(const struct layout *l,
			    const struct layout_frame *f)
{
	double top = layout_row_y(l, f->depth);

	return (struct box){ (int)round(f->x), (int)round(top),
			     (int)round(f->x + f->width),
			     (int)round(top + l->geom.frame_h - 1) };
}

/*
 * Pixels of a box: how many are bluish, reddish, and how many differ from
 * the fill. The fill is taken per row at the box's right end, where no
 * label reaches (labels end 3 px short of the edge): a see-through ghost
 * frame shows the vertical background gradient through it.
 */
struct census {
	long all, differ, blue, red;
};

static struct census count(const struct img *im, struct box b)
{
	struct census c = { 0 };
	int x, y;

	for (y = b.y0; y < b.y1; y++) {
		struct rgb fill = px(im, b.x1 - 1, y);

		for (x = b.x0; x < b.x1; x++) {
			struct rgb p = px(im, x, y);

			c.all++;
			c.differ += !same(p, fill);
			c.blue += p.b > p.r + 60 && p.b > p.g + 60;
			c.red += p.r > p.g + 60 && p.r > p.b + 60;
		}
	}
	return c;
}

/* The inside of a frame's box: no corners, no outline. */
static struct box inner(struct box b)
{
	return (struct box){ b.x0 + 2, b.y0 + 2, b.x1 - 3, b.y1 - 2 };
}

static const struct layout_frame *find(const struct layout *l,
				       const char *name, const char *parent)
{
	return layout_find(l, name, parent);
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* No stray temporary files of outfile.c either. */
static int files_in_dir(void)
{
	char cmd[256];
	FILE *fp;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "ls -A %s | wc -l", dir);
	fp = popen(cmd, "r");
	if (fp) {
		if (fscanf(fp, "%d", &n) != 1)
			n = -1;
		pclose(fp);
	}
	return n;
}

/*
 * The seed regression drawn: the collapsed cgroup_file_notify tower blue,
 * the new _raw_spin_lock under folio_alloc_swap red, labels on both, at
 * the size png_size() promises. Returns false when no image came out.
 */
static bool check_seed(const struct layout *l, const char *path, int *hp)
{
	const struct layout_frame *cg, *rsl;
	struct fd_err err;
	struct census c;
	struct img im;
	int w, h;

	ok(!png_save(l, NULL, path, &err), "%s: diff PNG written",
	   strrchr(path, '/') + 1);
	if (!ok(!load(&im, path), "%s: decodes with cairo",
		strrchr(path, '/') + 1))
		return false;
	png_size(l, NULL, &w, &h);
	*hp = h;
	is_int(im.w, 1200, "default width 1200 px");
	is_int(im.w, w, "width as png_size says");
	is_int(im.h, h, "height as png_size says");
	is_int(h, (int)ceil(l->geom.height), "height is the layout's");

	cg = find(l, "cgroup_file_notify", "__memcg_memory_event");
	rsl = find(l, "_raw_spin_lock", "folio_alloc_swap");
	if (ok(cg != NULL, "cgroup_file_notify frame in the layout")) {
		struct box b = frame_box(l, cg);

		c = count(&im, b);
		diag("cgroup_file_notify: %ld px, %ld blue", c.all, c.blue);
		ok(cg->flags & LF_GHOST, "cgroup_file_notify is gone in new");
		ok(c.all > 5000, "cgroup_file_notify is wide (ghost kept)");
		ok(c.blue > c.all * 9 / 10,
		   "cgroup_file_notify pixels are blue");
		ok(color_frame(l, cg).b > color_frame(l, cg).r + 100,
		   "its colour is a deep blue");
		c = count(&im, inner(b));
		ok(c.differ > 100,
		   "cgroup_file_notify label drawn (%ld px differ from fill)",
		   c.differ);
	}
	if (ok(rsl != NULL, "_raw_spin_lock under folio_alloc_swap")) {
		struct box b = frame_box(l, rsl);
		struct rgb fill = color_frame(l, rsl);

		c = count(&im, b);
		diag("_raw_spin_lock: %ld px, %ld red", c.all, c.red);
		/* New in new: full colour, a dark outline of its own. */
		ok(rsl->flags & LF_BORN, "_raw_spin_lock is new in new");
		ok(c.red > c.all * 3 / 4,
		   "_raw_spin_lock pixels are red (but outline and label)");
		ok(same(px(&im, b.x1 - 2, b.y0 + 3), fill),
		   "_raw_spin_lock filled with color_frame(), as the SVG");
		c = count(&im, inner(b));
		ok(c.differ > 50,
		   "_raw_spin_lock label drawn (%ld px differ from fill)",
		   c.differ);
	}
	cairo_surface_destroy(im.s);
	return true;
}

static void test_seed(void)
{
	struct profile *b = read_profile_view("tests/data/png/base.folded", 0);
	struct profile *n = read_profile_view("tests/data/png/new.folded", 0);
	struct movers t = { 0 };
	struct comparison cmp = { 0 };
	struct png_opts po = { 0 };
	struct cmp_tree *tree = NULL;
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	struct census c;
	struct img im;
	char *path;
	int w, h, ok_t = 0;
	size_t i;

	if (!ok(b && n, "small seed profiles read (one run a side)"))
		return;
	flame_opts_init(&fo);
	if (!ok(!test_layout_diff(&l, &tree, &b, 1, b, &n, 1, n, &fo, &err),
		"seed diff laid out"))
		goto out;

	path = xstrfmt("%s/seed.png", dir);
	if (!check_seed(l, path, &h))
		goto out_path;

	/* The movers table: the seed's story, in LKP's children terms. */
	{
		struct profile *cb = profile__new(), *cn = profile__new();
		struct comparison_opts co;

		profile_merge(cb, b);
		profile_merge(cn, n);
		comparison_init_profiles(&cmp, cb, cn, "seed", NULL, &err);
		comparison_opts_init(&co);
		ok(!comparison_compute(&cmp, &co, &err), "table computed");
		movers_from_table(&t, &cmp.table, 8);
	}
	is_int(t.nr, 8, "8 movers");
	for (i = 0; i < t.nr; i++) {
		if (!strcmp(t.v[i].name, "cgroup_file_notify"))
			is_near(t.v[i].change, -92, 0.01,
				"cgroup_file_notify -92 points");
		if (!strcmp(t.v[i].name, "_raw_spin_lock")) {
			is_near(t.v[i].change, 44, 0.01,
				"_raw_spin_lock +44 points");
			ok_t = 1;
		}
		if (i)
			ok(fabs(t.v[i].change) <= fabs(t.v[i - 1].change),
			   "movers sorted by |change| (%zu)", i);
	}
	ok(ok_t, "_raw_spin_lock among the top 8 movers");
	po.table = &t;
	free(path);
	path = xstrfmt("%s/seed-table.png", dir);
	ok(!png_save(l, &po, path, &err), "PNG with --table written");
	if (ok(!load(&im, path), "table PNG decodes")) {
		int h2;

		png_size(l, &po, &w, &h2);
		is_int(im.h, h2, "table PNG height as png_size says");
		ok(h2 >= h + 9 * 16, "table adds its rows under the graph");
		/* Something is written where the table goes. */
		c = count(&im, (struct box){ 10, h + 2, 600, h2 - 2 });
		ok(c.differ > 500, "table area is not blank");
		cairo_surface_destroy(im.s);
	}
	movers_release(&t);

	/* graph_save picks the backend from the suffix. */
	free(path);
	path = xstrfmt("%s/by-suffix.PNG", dir);
	ok(!graph_save(l, NULL, path, GRAPH_SVG, &err),
	   "graph_save .PNG with an SVG default");
	if (ok(!load(&im, path), "... wrote a PNG"))
		cairo_surface_destroy(im.s);
	free(path);
	path = xstrfmt("%s/by-suffix.svg", dir);
	ok(!graph_save(l, NULL, path, GRAPH_PNG, &err),
	   "graph_save .svg with a PNG default");
	{
		FILE *fp = fopen(path, "r");
		char head[256] = "";

		if (fp) {
			if (!fread(head, 1, sizeof(head) - 1, fp))
				head[0] = 0;
			fclose(fp);
		}
		ok(strstr(head, "<svg") || strstr(head, "<?xml"),
		   "... wrote an SVG");
	}
	is_int(graph_format_for("-", GRAPH_PNG), GRAPH_PNG, "stdout: default");
	is_int(graph_format_for("x.svg.gz", GRAPH_PNG), GRAPH_SVG,
	       "x.svg.gz is an SVG");
	is_int(graph_format_for("x.txt", GRAPH_SVG), GRAPH_SVG,
	       "unknown suffix: default");
out_path:
	free(path);
out:
	layout__delete(l);
	cmp_tree__delete(tree);
	comparison_release(&cmp);
	profile__delete(b);
	profile__delete(n);
}

/*
 * The seed of the diff issue as its generator writes it (six noisy runs a
 * side, a GCC clone name in the new build): colours here also passed the
 * significance test.
 */
static void test_seed_runs(void)
{
	char *bp = "tests/data/seed/base", *np = "tests/data/seed/new";
	char *const *paths[2] = { &bp, &np };
	size_t nr[2] = { 1, 1 };
	struct comparison cmp = { 0 };
	struct comparison_opts co;
	struct input_opts io = { 0 };
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	char *path = xstrfmt("%s/seed-runs.png", dir), *gen = NULL, *cmd;
	int h;

	if (!exists(bp) || !exists(np)) {
		/* Not in this checkout: write it with the generator. */
		gen = xstrfmt("%s/seed", dir);
		cmd = xstrfmt("sh tests/gen-seed.sh %s", gen);

		ok(!system(cmd), "tests/gen-seed.sh ran");
		free(cmd);
		bp = xstrfmt("%s/base", gen);
		np = xstrfmt("%s/new", gen);
	}
	flame_opts_init(&fo);
	/* As svg --diff loads it: each run into the tree as it is read. */
	comparison_opts_init(&co);
	co.diff.min_change = fo.min_delta;
	co.strip_clones = fo.strip_clones;
	co.tree = true;
	if (!ok(!comparison_load(&cmp, paths, nr, &io, &co, &err) &&
			!comparison_compute(&cmp, &co, &err),
		"six-run seed loaded"))
		goto out;
	is_int(cmp.sides[0].nr_runs, 6, "six base runs");
	if (ok(!layout_build_diff(&l, cmp.tree, cmp.sides[0].side.sum,
				  cmp.sides[1].side.sum, &fo, &err),
	       "six-run seed laid out"))
		check_seed(l, path, &h);
out:
	if (gen) {
		free(bp);
		free(np);
		free(gen);
	}
	layout__delete(l);
	comparison_release(&cmp);
	free(path);
}

/*
 * Labels are measured in the real font: a name of 'm's is far wider than
 * flamegraph.pl's average-glyph estimate, and still must not spill out of
 * its frame. The frame's parent has self weight, so right of the frame is
 * bare background in its row.
 */
static void test_label_clip(void)
{
	struct profile *p = profile__new();
	struct frame fr[2];
	const struct layout_frame *f;
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	struct img im;
	char *path = xstrfmt("%s/clip.png", dir);
	char label[256];

	fr[0].name = profile_intern(p, "parent", 6);
	fr[0].kind = FRAME_USER;
	fr[1].name = profile_intern(p, "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm", 30);
	fr[1].kind = FRAME_KERNEL;
	profile_add_stack(p, fr, 1, 1050);
	profile_add_stack(p, fr, 2, 150);
	flame_opts_init(&fo);
	if (!ok(!layout_build(&l, p, &fo, &err), "clip profile laid out"))
		goto out;
	f = find(l, "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm", "parent");
	if (!ok(f != NULL, "the m frame is laid out"))
		goto out;
	ok(layout_label(l, f, label, sizeof(label)) > 10,
	   "the estimate thinks a long label fits (%s)", label);
	ok(!png_save(l, NULL, path, &err), "clip PNG written");
	if (ok(!load(&im, path), "clip PNG decodes")) {
		struct box b = frame_box(l, f);
		struct census in = count(&im, inner(b));
		long stray = 0;
		int x, y;

		/* The background is a vertical gradient: compare each row
		 * with its own far right end. */
		for (y = b.y0; y < b.y1; y++)
			for (x = b.x1; x < b.x1 + 200; x++)
				stray += !same(px(&im, x, y),
					       px(&im, im.w - 11, y));
		ok(in.differ > 50, "the m label is drawn");
		is_int(stray, 0, "nothing drawn right of the frame in its row");
		cairo_surface_destroy(im.s);
	}
out:
	free(path);
	layout__delete(l);
	profile__delete(p);
}

/* Names that are not UTF-8 must not kill the cairo context. */
static void test_bad_utf8(void)
{
	/* stray bytes, U+FFFF (well formed, but cairo refuses it), a
	 * surrogate, a truncated sequence */
	static const char bad[] = "bad\xff\xfe name \xef\xbf\xbf \xed\xa0\x80 \xc3";
	static const char odd[] = "ok \xc3\xa9t\xc3\xa9 \x01\x7f";
	struct profile *p = profile__new();
	struct frame fr[2];
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	struct img im;
	char *path = xstrfmt("%s/utf8.png", dir);

	fr[0].name = profile_intern(p, bad, sizeof(bad) - 1);
	fr[0].kind = FRAME_USER;
	fr[1].name = profile_intern(p, odd, sizeof(odd) - 1);
	fr[1].kind = FRAME_USER;
	profile_add_stack(p, fr, 2, 10);
	flame_opts_init(&fo);
	fo.title = "title \xff";
	layout_build(&l, p, &fo, &err);
	ok(l && !png_save(l, NULL, path, &err),
	   "invalid UTF-8 in names and title: PNG written");
	if (ok(!load(&im, path), "and it decodes"))
		cairo_surface_destroy(im.s);
	free(path);
	layout__delete(l);
	profile__delete(p);
}

/* Width option, the icicle, an empty profile. */
static void test_misc(void)
{
	struct profile *p = read_profile_view("tests/data/png/base.folded", 0);
	struct profile *e = profile__new();
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	struct img im;
	char *path = xstrfmt("%s/narrow.png", dir);
	char *epath = xstrfmt("%s/empty.png", dir);
	int before;

	if (!p)
		goto out;
	flame_opts_init(&fo);
	fo.width = 640;
	fo.inverted = true;
	ok(!layout_build(&l, p, &fo, &err), "icicle laid out");
	ok(!png_save(l, NULL, path, &err), "640 px icicle written");
	if (ok(!load(&im, path), "icicle decodes")) {
		const struct layout_frame *f = find(l, "cgroup_file_notify",
						    NULL);
		struct box b = frame_box(l, f);
		struct box r = frame_box(l, &l->frames[0]);

		is_int(im.w, 640, "--width 640");
		is_int(im.h, (int)ceil(l->geom.height), "icicle height");
		ok(r.y1 <= b.y0, "icicle: the root is above the leaves");
		ok(same(px(&im, r.x1 - 2, r.y0 + 3),
			color_frame(l, &l->frames[0])),
		   "icicle root filled with its colour");
		ok(same(px(&im, b.x1 - 2, b.y0 + 3), color_frame(l, f)),
		   "icicle frame filled with its palette colour");
		cairo_surface_destroy(im.s);
	}
	layout__delete(l);
	l = NULL;

	before = files_in_dir();
	ok(!layout_build(&l, e, &fo, &err) && l->empty, "empty layout");
	ok(png_save(l, NULL, epath, &err) == -1, "empty: png_save fails");
	diag("%s", err.msg);
	ok(!exists(epath), "empty: no file");
	is_int(files_in_dir(), before, "empty: no temporary file left");
out:
	free(path);
	free(epath);
	layout__delete(l);
	profile__delete(p);
	profile__delete(e);
}

/* Top and bottom rows of dark ink (text) in rows [y0, y1) of the image. */
static int ink_height(const struct img *im, int y0, int y1)
{
	int x, y, top = -1, bottom = -1;

	for (y = y0 < 0 ? 0 : y0; y < y1 && y < im->h; y++)
		for (x = 0; x < im->w; x++) {
			struct rgb c = px(im, x, y);

			if (c.r < 160 && c.g < 160 && c.b < 160) {
				if (top < 0)
					top = y;
				bottom = y;
				break;
			}
		}
	return top < 0 ? 0 : bottom - top + 1;
}

/* Whole, or a start and an end of name around "..", each non-empty. */
static bool whole_or_middle(const char *name, const char *label)
{
	const char *m = strstr(label, "..");
	size_t nl = strlen(name), head, tail;

	if (!strcmp(name, label))
		return true;
	if (!m)
		return false;
	head = m - label;
	tail = strlen(m + 2);
	return head && tail && head + tail < nl &&
	       !strncmp(name, label, head) &&
	       !strcmp(name + nl - tail, m + 2);
}

/*
 * Whether the box's left and right edges are dark down their middle: the
 * outline's 1.2 px stroke, anti-aliased, darkens the edge's column or the
 * one outside it.
 */
static bool dark_px(struct rgb c)
{
	return c.r < 130 && c.g < 130 && c.b < 130;
}

static bool outlined(const struct img *im, struct box b)
{
	int y, side;

	if (b.y1 - b.y0 < 8 || b.x0 < 1 || b.x1 >= im->w || b.x1 - b.x0 < 2)
		return false;
	for (side = 0; side < 2; side++) {
		int x = side ? b.x1 - 1 : b.x0, out = side ? b.x1 : b.x0 - 1;

		for (y = b.y0 + 3; y < b.y1 - 3; y++)
			if (!dark_px(px(im, x, y)) && !dark_px(px(im, out, y)))
				return false;
	}
	return true;
}

/*
 * The mail layout of the 3 + 3 runs at paths, the processes limited to
 * keep (NULL: all), into *l, drawn with *fo (which it points to) from
 * *cmp: 0, or -1 when the runs did not load, -2 when the layout could
 * not be built (err says why).
 */
static int mail_layout(char *const *const *paths, const char *keep,
		       struct comparison *cmp, struct flame_opts *fo,
		       struct layout **l, struct fd_err *err)
{
	size_t nr[2] = { 3, 3 };
	struct comparison_opts co;
	struct input_opts io = { 0 };
	char *words[1] = { (char *)keep };

	if (keep) {
		io.comm.keep.v = words;
		io.comm.keep.nr = 1;
	}
	flame_opts_init(fo);
	fo->mail = true;
	fo->minwidth = FLAME_MAIL_MINWIDTH;
	comparison_opts_init(&co);
	co.diff.min_change = fo->min_delta;
	co.strip_clones = fo->strip_clones;
	co.tree = true;
	if (comparison_load(cmp, paths, nr, &io, &co, err) ||
	    comparison_compute(cmp, &co, err))
		return -1;
	if (layout_build_diff(l, cmp->tree, cmp->sides[0].side.sum,
			      cmp->sides[1].side.sum, fo, err))
		return -2;
	return 0;
}

/* Its two info lines, joined by " / " (allocated; NULL on failure). */
static char *mail_info(char *const *const *paths, const char *keep)
{
	struct comparison cmp = { 0 };
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	char *info = NULL;

	if (!mail_layout(paths, keep, &cmp, &fo, &l, &err))
		info = xstrfmt("%s / %s", l->info, l->info2 ? l->info2 : "");
	else
		diag("%s", err.msg);
	layout__delete(l);
	comparison_release(&cmp);
	return info;
}

/*
 * A PNG for mail of a system-wide 3+3 diff with other load (each side's
 * capture, recorded with -a, cut into three runs): under 150 KB, no frame
 * under the legible width, every label whole or cut in its middle, and
 * the two info lines at the frames' font size, measured in the pixels.
 */
static void test_mail(void)
{
	char *b[3], *n[3], **pb = b, **pn = n;
	char *const *paths[2] = { pb, pn };
	size_t i, bad_w = 0, bad_label = 0, labels = 0;
	struct comparison cmp = { 0 };
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	char *path = xstrfmt("%s/mail.png", dir), *cmd;
	struct stat st;
	struct img im = { 0 };
	char *all, *one;
	size_t narrow = 0, outlined_narrow = 0, wide = 0, outlined_wide = 0;
	int k, h1, h2;

	for (k = 0; k < 3; k++) {
		b[k] = xstrfmt("%s/mb-%d", dir, k);
		n[k] = xstrfmt("%s/mn-%d", dir, k);
	}
	cmd = xstrfmt("gzip -dc tests/data/session.perf-script.gz | awk "
		      "-v d=%s/mb- 'BEGIN { RS = \"\"; ORS = \"\\n\\n\" } "
		      "{ print > (d (NR %% 3)) }' && gzip -dc "
		      "tests/data/mremap.perf-script.gz | awk -v d=%s/mn- "
		      "'BEGIN { RS = \"\"; ORS = \"\\n\\n\" } "
		      "{ print > (d (NR %% 3)) }'", dir, dir);
	ok(!system(cmd), "system-wide captures cut into 3 + 3 runs");
	free(cmd);
	k = mail_layout(paths, NULL, &cmp, &fo, &l, &err);
	if (!ok(k != -1, "3 + 3 system-wide runs loaded") ||
	    !ok(k == 0, "mail layout built"))
		goto out;
	ok(!layout_check(l, &err), "mail layout keeps the invariants");
	ok(l->nr_frames > 100, "a real graph: %zu frames", l->nr_frames);
	for (i = 1; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];
		char label[1024];

		if (f->width < FLAME_MAIL_MINWIDTH || (f->flags & LF_MERGED))
			bad_w++;
		if (!png_label(l, f, label, sizeof(label), &err))
			continue;
		labels++;
		if (!whole_or_middle(f->name, label)) {
			if (!bad_label)
				diag("label '%s' of '%s'", label, f->name);
			bad_label++;
		}
	}
	is_int(bad_w, 0, "no frame narrower than %d px, none merged",
	       FLAME_MAIL_MINWIDTH);
	ok(labels > 30, "%zu labels drawn", labels);
	is_int(bad_label, 0, "every label whole or cut in its middle");
	if (!ok(!png_save(l, NULL, path, &err), "mail PNG written"))
		goto out;
	if (stat(path, &st))
		st.st_size = -1;
	ok(st.st_size > 0 && st.st_size <= 150 * 1024,
	   "mail PNG under 150 KB (%lld bytes)", (long long)st.st_size);
	ok(l->info && l->info2 && l->geom.info2_y > l->geom.info_y,
	   "info in two lines");
	if (!ok(!load(&im, path), "mail PNG decodes"))
		goto out;
	/* Each line's ink, ascenders to descenders: about 1 em. */
	h1 = ink_height(&im, (int)(l->geom.info_y - l->geom.fontsize),
			(int)(l->geom.info_y + l->geom.fontsize * 0.3));
	h2 = ink_height(&im, (int)(l->geom.info2_y - l->geom.fontsize),
			(int)(l->geom.info2_y + l->geom.fontsize * 0.3));
	ok(h1 >= 0.8 * l->geom.fontsize && h1 <= 1.3 * l->geom.fontsize,
	   "info line 1 at the frames' font size (%d px of ink, %g px font)",
	   h1, l->geom.fontsize);
	ok(h2 >= 0.8 * l->geom.fontsize && h2 <= 1.3 * l->geom.fontsize,
	   "info line 2 at the frames' font size (%d px of ink)", h2);
	/* Born and gone frames have an outline, but not the narrow ones:
	 * a dark outline would be all that shows of them, a black spike.
	 * A frame is outlined when its left and right columns are dark
	 * down their middle rows (the rows next to the frames above and
	 * below, whose outlines may reach into the box, left out); the
	 * wide born frames show that this sees an outline. */
	for (i = 1; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];
		struct box bx = frame_box(l, f);

		if (!(f->flags & LF_BORN) && !(f->flags & LF_GHOST))
			continue;
		/* png.c's rule is on the whole pixels it draws */
		if (bx.x1 - bx.x0 < FLAME_MAIL_OUTLINE_PX) {
			narrow++;
			outlined_narrow += outlined(&im, bx);
		} else if (f->flags & LF_BORN) {
			wide++;
			outlined_wide += outlined(&im, bx);
		}
	}
	ok(narrow > 0 && outlined_narrow == 0 && outlined_wide == wide,
	   "no outline on the %zu born or gone frames under %d px (%zu "
	   "outlined), one on the %zu wider born ones (%zu)", narrow,
	   FLAME_MAIL_OUTLINE_PX, outlined_narrow, wide, outlined_wide);
	cairo_surface_destroy(im.s);
	ok(l->legend && strstr(l->legend, "are left in their caller's width"),
	   "the legend says narrow frames stay in their caller's width");
	/* A --comm filter leaves no sample count: the info lines must not
	 * switch from samples to nanoseconds (issue 26), so both say the
	 * weight in seconds. */
	all = mail_info(paths, NULL);
	one = mail_info(paths, "stress-ng");
	ok(all && one && strstr(all, " s in 3 runs") &&
	   strstr(one, " s in 3 runs") && !strstr(all, "samples") &&
	   !strstr(one, "samples") && !strstr(one, " ns"),
	   "the info lines' unit is seconds, with --comm or without");
	if (all && one)
		diag("%s\n# %s", all, one);
	free(all);
	free(one);
out:
	for (k = 0; k < 3; k++) {
		free(b[k]);
		free(n[k]);
	}
	layout__delete(l);
	comparison_release(&cmp);
	free(path);
}

int main(void)
{
	char cmd[64];

	if (!mkdtemp(dir))
		skip_all("cannot make a temporary directory");
	test_seed();
	test_seed_runs();
	test_label_clip();
	test_bad_utf8();
	test_misc();
	test_mail();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		diag("could not remove %s", dir);
	return done_testing();
}
