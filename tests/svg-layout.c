// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph layout's invariants (render/layout.h), colours, labels,
 * escaping and clone-suffix matching, on hand-made and random profiles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/names.h"
#include "lib/outfile.h"
#include "render/color.h"
#include "render/layout.h"
#include "render/svg.h"
#include "tap.h"
#include "testfile.h"

static void add(struct profile *p, const char *stack, double w)
{
	add_folded_stack(p, stack, w, false);
}

/* Every invariant layout.h promises (layout_check()): 0 when they hold. */
static int check_invariants(const struct layout *l, const char *what)
{
	struct fd_err err = { { 0 } };

	if (!layout_check(l, &err))
		return 0;
	diag("%s: %s", what, err.msg);
	return 1;
}

static const struct layout_frame *find(const struct layout *l,
				       const char *name)
{
	return layout_find(l, name, NULL);
}

static void test_plain(void)
{
	struct profile *p = profile__new();
	struct flame_opts o;
	struct layout *l;
	struct fd_err err;
	const struct layout_frame *f, *g;

	flame_opts_init(&o);
	add(p, "proc;main;zeta", 30);
	add(p, "proc;main;alpha", 20);
	add(p, "proc;main;alpha;leaf_[k]", 10);
	add(p, "proc;main", 40);
	ok(!layout_build(&l, p, &o, &err), "layout of a small profile");
	is_int(l->nr_frames, 6, "all, proc, main, alpha, leaf, zeta");
	ok(!check_invariants(l, "small"), "invariants hold");
	f = find(l, "alpha");
	g = find(l, "zeta");
	ok(f && g && f->x < g->x, "siblings alphabetical: alpha left of zeta");
	is_near(f->value, 30, 1e-9, "alpha's value is inclusive");
	is_near(f->self, 20, 1e-9, "alpha's self");
	is_near(f->width, 1180 * 0.3, 1e-9, "width is share of graph_w");
	f = find(l, "leaf");
	ok(f && f->kind == FRAME_KERNEL && f->name_len == 4,
	   "kernel suffix becomes the kind, not the name");
	ok(layout_row_y(l, 0) > layout_row_y(l, 1), "root below its child");
	is_near(l->geom.height, ceil(l->geom.details_y + 12 * 0.5 + 6), 1e-9,
		"height ends below the details line");
	ok(!l->diff && !l->empty && !strcmp(l->title, "Flame Graph"),
	   "plain title");
	layout__delete(l);

	o.inverted = true;
	ok(!layout_build(&l, p, &o, &err), "icicle");
	ok(layout_row_y(l, 0) < layout_row_y(l, 1), "icicle: root on top");
	ok(!strcmp(l->title, "Icicle Graph"), "icicle title");
	layout__delete(l);

	o.inverted = false;
	o.reverse = true;
	ok(!layout_build(&l, p, &o, &err), "reversed");
	ok(!check_invariants(l, "reversed"), "reversed: invariants hold");
	f = find(l, "leaf");
	ok(f && f->depth == 1, "reversed: the leaf is a root child");
	layout__delete(l);

	o.reverse = false;
	o.total = 50;
	ok(layout_build(&l, p, &o, &err) == -1 && strstr(err.msg, "--total"),
	   "--total below the total is refused: %s", err.msg);
	o.total = 200;
	ok(!layout_build(&l, p, &o, &err), "--total above");
	is_near(l->frames[0].width, 590, 1e-9, "--total: root half width");
	layout__delete(l);
	profile__delete(p);

	p = profile__new();
	o.total = 0;
	ok(!layout_build(&l, p, &o, &err) && l->empty && !l->nr_frames,
	   "an empty profile lays out as empty");
	layout__delete(l);
	profile__delete(p);
}

static void test_random(void)
{
	struct profile *p = profile__new();
	struct flame_opts o;
	struct layout *l;
	struct fd_err err;
	char stack[512];
	unsigned int seed = 1, i, d, n;
	size_t len, merged = 0;

	for (i = 0; i < 20000; i++) {
		len = 0;
		n = 1 + rand_r(&seed) % 12;
		for (d = 0; d < n; d++)
			len += snprintf(stack + len, sizeof(stack) - len,
					"%sf%u%s", d ? ";" : "",
					rand_r(&seed) % (d < 3 ? 4 : 40),
					rand_r(&seed) % 3 ? "" : "_[k]");
		add(p, stack, 1 + rand_r(&seed) % 100);
	}
	flame_opts_init(&o);
	ok(!layout_build(&l, p, &o, &err), "random profile (%u nodes)",
	   p->nr_nodes);
	ok(!check_invariants(l, "random"), "random: invariants hold (%zu "
	   "frames)", l->nr_frames);
	for (i = 0; i < l->nr_frames; i++)
		merged += !!(l->frames[i].flags & LF_MERGED);
	ok(merged > 0 && l->nr_frames < p->nr_nodes,
	   "random: narrow frames merged (%zu) or dropped", merged);
	layout__delete(l);
	o.minwidth = 5;
	o.inverted = true;
	ok(!layout_build(&l, p, &o, &err), "random, --minwidth 5");
	ok(!check_invariants(l, "5px"),
	   "random, --minwidth 5: invariants hold (%zu frames)",
	   l->nr_frames);
	layout__delete(l);
	o.minwidth = 1;
	o.minwidth_pct = true;
	ok(!layout_build(&l, p, &o, &err), "random, --minwidth 1%%");
	ok(!check_invariants(l, "1%"),
	   "random, --minwidth 1%%: invariants hold (%zu frames)",
	   l->nr_frames);
	for (i = 1; i < l->nr_frames; i++)
		if (l->frames[i].value < l->total / 100 * (1 - 1e-9))
			break;
	ok(i == l->nr_frames, "--minwidth 1%%: nothing under 1%% of the total");
	layout__delete(l);
	profile__delete(p);
}

static void test_diff(void)
{
	struct profile *b = profile__new(), *n = profile__new();
	struct cmp_tree *t;
	struct flame_opts o;
	struct layout *l;
	struct fd_err err;
	const struct layout_frame *f;
	double bp, np, dp;

	add(b, "p;main;lock;slow", 90);
	add(b, "p;main;work", 10);
	add(n, "p;main;lock2.isra.0;slow", 400);
	add(n, "p;main;work", 600);
	flame_opts_init(&o);
	ok(!test_layout_diff(&l, &t, &b, 1, b, &n, 1, n, &o, &err), "diff");
	ok(l->diff && !check_invariants(l, "diff"), "diff: invariants hold");
	f = find(l, "lock");
	ok(f && (f->flags & LF_GHOST) && (f->flags & LF_COLORED) &&
	   layout_delta(l, f)->heat < 0, "vanished path drawn, as a blue ghost");
	is_near(layout_delta(l, f)->delta, -90, 1e-9, "its change: -90 points");
	is_near(layout_delta(l, f)->heat, -1, 1e-9, "the largest change has full saturation");
	is_near(f->value, 45, 1e-9, "its width: the mean of 90%% and 0%%");
	f = find(l, "lock2");
	ok(f && (f->flags & LF_BORN) && layout_delta(l, f)->heat > 0, "lock2 (clone) is red");
	is_near(f->value, 20, 1e-9, "lock2: the mean of 0%% and 40%%");
	f = find(l, "work");
	is_near(layout_delta(l, f)->delta, 50, 1e-9, "work: +50 points");
	layout_diff_shares(l, f, false, &bp, &np, &dp);
	is_near(bp, 10, 1e-9, "work: base 10%%");
	is_near(np, 60, 1e-9, "work: new 60%%");
	f = find(l, "main");
	is_near(f->value, 100, 1e-9, "main: 100%% on both sides");
	ok(!(f->flags & LF_COLORED), "main: no change, not coloured");
	layout__delete(l);
	cmp_tree__delete(t);

	o.width_by = WIDTH_NEW;
	ok(!test_layout_diff(&l, &t, &b, 1, b, &n, 1, n, &o, &err),
	   "--width new");
	ok(!find(l, "lock"), "--width new: a path gone in new has no width");
	is_near(find(l, "work")->value, 60, 1e-9, "work: its new share");
	layout__delete(l);
	cmp_tree__delete(t);

	o.width_by = WIDTH_MEAN;
	o.negate = true;
	o.color_by = COLOR_BY_SELF;
	ok(!test_layout_diff(&l, &t, &b, 1, b, &n, 1, n, &o, &err),
	   "self diff");
	ok(!(find(l, "lock")->flags & LF_COLORED),
	   "--color-by self: lock (no self) neutral");
	ok(layout_delta(l, find(l, "work"))->heat < 0, "--negate: a gain is blue");
	layout__delete(l);
	cmp_tree__delete(t);
	profile__delete(b);
	profile__delete(n);
}

static void test_names(void)
{
	char buf[64];
	const char *s;
	size_t n;

	s = "foo.constprop.0.isra.0";
	is_int(name_strip_clone_suffix(s, strlen(s)), 3, "suffixes stripped");
	s = "foo.cold";
	is_int(name_strip_clone_suffix(s, strlen(s)), 8, ".cold stays");
	s = ".part.0";
	is_int(name_strip_clone_suffix(s, strlen(s)), 7, "all-suffix kept");
	s = "foo.part.x";
	is_int(name_strip_clone_suffix(s, strlen(s)), 10, "needs digits");
	s = "foo.part.0.cold";
	n = name_strip_clones(s, strlen(s), buf);
	buf[n] = 0;
	is_str(buf, "foo.cold", "LKP's rule removes middle pieces");
}

static void test_label_color(void)
{
	struct profile *p = profile__new();
	struct flame_opts o;
	struct layout *l;
	struct fd_err err;
	struct layout_frame f;
	struct rgb a, b, c;
	char buf[256];

	flame_opts_init(&o);
	add(p, "x", 1);
	layout_build(&l, p, &o, &err);
	memset(&f, 0, sizeof(f));
	f.name = "abcdefghijklmnop";
	f.name_len = strlen(f.name);
	f.width = 6 + 7.08 * 10;
	layout_label(l, &f, buf, sizeof(buf));
	is_str(buf, "abcdefgh..", "cut to 10 characters with ..");
	f.width = 6 + 7.08 * 20;
	layout_label(l, &f, buf, sizeof(buf));
	is_str(buf, "abcdefghijklmnop", "whole name when it fits");
	f.width = 6 + 7.08 * 2;
	is_int(layout_label(l, &f, buf, sizeof(buf)), 0, "too narrow: none");
	f.name = "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";
	f.name_len = strlen(f.name);
	f.width = 6 + 7.08 * 5;
	layout_label(l, &f, buf, sizeof(buf));
	is_str(buf, "\xc3\xa9\xc3\xa9\xc3\xa9..", "UTF-8 cut by character");

	f.name = "do_syscall_64";
	f.name_len = strlen(f.name);
	f.kind = FRAME_KERNEL;
	a = color_frame(l, &f);
	b = color_frame(l, &f);
	f.kind = FRAME_USER;
	c = color_frame(l, &f);
	ok(a.r == b.r && a.g == b.g && a.b == b.b, "colour is deterministic");
	ok(a.r != c.r || a.g != c.g || a.b != c.b, "kernel has its own hue");
	ok(color_heat(1).r == 255 && color_heat(1).b < 100, "heat +1 red");
	ok(color_heat(-1).b == 255 && color_heat(-1).r < 100, "heat -1 blue");
	ok(color_palette_valid("java") && !color_palette_valid("plaid"),
	   "palettes by name");
	layout__delete(l);
	profile__delete(p);
}

static void test_escape(void)
{
	char path[] = "/tmp/fd-svg-escXXXXXX", got[256];
	struct outfile out;
	struct fd_err err;
	FILE *fp;
	size_t n;
	int fd = mkstemp(path);
	const char in[] = "a<b&c>\"d'e]]>\x01\xff\xc3\xa9\xed\xa0\x80z";

	close(fd);
	ok(!outfile_open(&out, path, &err), "open");
	svg_escape(&out, in, sizeof(in) - 1);
	ok(!outfile_commit(&out, &err), "commit");
	fp = fopen(path, "r");
	n = fread(got, 1, sizeof(got) - 1, fp);
	got[n] = 0;
	fclose(fp);
	unlink(path);
	is_str(got, "a&lt;b&amp;c&gt;&quot;d&#39;e]]&gt;\xef\xbf\xbd\xef\xbf\xbd"
		    "\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdz",
	       "escaped; bad bytes and surrogates replaced");
	ok(!strstr(flamegraph_js, "]]>"), "the script cannot end its CDATA");
}

int main(void)
{
	test_plain();
	test_random();
	test_diff();
	test_names();
	test_label_color();
	test_escape();
	return done_testing();
}
