// SPDX-License-Identifier: GPL-2.0
/*
 * Off-CPU flame graphs: a perf sched timehist recording (tests/data/sched)
 * laid out in blues with the off-CPU subtitle, each frame as wide as the
 * nanoseconds its switch-outs waited, and the PNG drawing those blues; the
 * samples of a profile holding both drawn in the usual hot colours.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "analyzer/input.h"
#include "analyzer/sched.h"
#include "render/color.h"
#include "render/layout.h"
#include "render/png.h"
#include "tap.h"
#include "testfile.h"

#define TIMEHIST "tests/data/sched/sleep-dd.timehist.gz"

static const char both[] = "# flamediff-profile 4 folded\n"
			   "# root: process\n"
			   "# event: \"cycles\"\n"
			   "# unit: \"events\"\n"
			   "app;main;work 300\n"
			   "app;main;spin 100\n"
			   "# off-cpu\n"
			   "# event: \"offcpu\"\n"
			   "# unit: \"ns\"\n"
			   "app;main;read;vfs_read_[k];schedule_[k] 5000000\n"
			   "app;main;nanosleep;do_nanosleep_[k] 2000000\n";

static bool bluish(struct rgb c)
{
	return c.b >= c.g && c.b > c.r + 40;
}

/* Frames coloured by the palette: not the root, process or merged. */
static void census(const struct layout *l, int *fn, int *blue, int *hot)
{
	size_t i;

	*fn = *blue = *hot = 0;
	for (i = 1; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];
		struct rgb c;

		if (f->kind == FRAME_PROCESS || (f->flags & LF_MERGED))
			continue;
		c = color_frame(l, f);
		(*fn)++;
		*blue += bluish(c);
		*hot += c.r > c.b + 40;
	}
}

static void test_timehist(void)
{
	struct profile *p = read_profile_view(TIMEHIST, 0);
	struct flame_opts fo;
	struct layout *l = NULL;
	const struct layout_frame *f;
	struct fd_err err;
	int fn, blue, hot;

	if (!ok(p != NULL, "a timehist reads (its off-CPU time)"))
		return;
	ok(profile_is_offcpu(p), "... and is off-CPU time");
	flame_opts_init(&fo);
	if (!ok(!layout_build(&l, p, &fo, &err), "laid out"))
		goto out;
	ok(l->offcpu, "the layout knows it draws off-CPU time");
	ok(l->subtitle && strstr(l->subtitle, "Off-CPU time"),
	   "the subtitle says off-CPU time");
	is_str(l->countname, "ns", "counted in ns");
	census(l, &fn, &blue, &hot);
	ok(fn > 20 && blue == fn, "every frame is blue (%d of %d)", blue, fn);
	/* weights: bash waited for its children in do_wait, 1183.432 ms in
	 * all (tests/t-sched.sh holds every stack against the text) */
	f = layout_find(l, "do_wait", "kernel_wait4");
	if (ok(f != NULL, "bash's do_wait frame is drawn"))
		is_near(f->value, 1183432000, 0.5,
			"its width is the ns its switch-outs waited");
	is_near(l->total, profile_total(p), 0.5, "the root is all the waits");
	layout__delete(l);
	l = NULL;

	/* --colors still wins */
	fo.colors = "red";
	if (ok(!layout_build(&l, p, &fo, &err), "laid out with --colors red")) {
		census(l, &fn, &blue, &hot);
		ok(fn > 0 && hot == fn && !blue, "--colors red: no blue frame");
	}
	layout__delete(l);
	l = NULL;
	fo.colors = NULL;
	fo.subtitle = "mine";
	if (ok(!layout_build(&l, p, &fo, &err), "laid out with --subtitle"))
		is_str(l->subtitle, "mine", "--subtitle still wins");
out:
	layout__delete(l);
	profile__delete(p);
}

static void test_png(void)
{
	char dir[] = "/tmp/flamediff-offcpu-XXXXXX", path[64];
	struct profile *p = read_profile_view(TIMEHIST, 0);
	const struct layout_frame *f;
	struct layout *l = NULL;
	cairo_surface_t *s;
	struct flame_opts fo;
	struct fd_err err;
	int y, x0, x1, x, stride, n = 0, blue = 0;
	unsigned char *data;

	if (!p || !mkdtemp(dir)) {
		ok(0, "setup");
		profile__delete(p);
		return;
	}
	snprintf(path, sizeof(path), "%s/g.png", dir);
	flame_opts_init(&fo);
	if (!ok(!layout_build(&l, p, &fo, &err), "laid out for a PNG") ||
	    !ok(!png_save(l, NULL, path, &err), "the off-CPU PNG is written"))
		goto out;
	s = cairo_image_surface_create_from_png(path);
	if (!ok(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
		"it decodes")) {
		cairo_surface_destroy(s);
		goto out;
	}
	cairo_surface_flush(s);
	data = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	/* the inside of the do_wait frame, below its label's baseline */
	f = layout_find(l, "do_wait", "kernel_wait4");
	if (f) {
		y = (int)(layout_row_y(l, f->depth) + l->geom.frame_h - 3);
		x0 = (int)f->x + 2;
		x1 = (int)(f->x + f->width) - 3;
		for (x = x0; x < x1; x++) {
			uint32_t v = *(uint32_t *)(data + (size_t)y * stride +
						   (size_t)x * 4);
			struct rgb c = {v >> 16 & 0xff, v >> 8 & 0xff,
					v & 0xff};

			n++;
			blue += bluish(c);
		}
	}
	ok(n > 5 && blue == n, "the PNG draws it in blue (%d of %d px)", blue,
	   n);
	cairo_surface_destroy(s);
out:
	unlink(path);
	rmdir(dir);
	layout__delete(l);
	profile__delete(p);
}

static void test_both(void)
{
	char dir[] = "/tmp/flamediff-offcpu-XXXXXX", path[64];
	struct profile *on = NULL, *off = NULL;
	struct layout *l = NULL;
	struct flame_opts fo;
	struct fd_err err;
	int fn, blue, hot;
	FILE *fp;

	if (!mkdtemp(dir)) {
		ok(0, "setup");
		return;
	}
	snprintf(path, sizeof(path), "%s/both.prof", dir);
	fp = fopen(path, "w");
	if (fp) {
		fputs(both, fp);
		fclose(fp);
	}
	on = read_profile_view(path, 0);
	off = read_profile_view(path, CPU_VIEW_OFF);
	if (!ok(on && off, "a profile holding both reads in both views"))
		goto out;
	flame_opts_init(&fo);
	if (ok(!layout_build(&l, on, &fo, &err), "its samples laid out")) {
		census(l, &fn, &blue, &hot);
		ok(!l->offcpu && !l->subtitle && hot == fn && !blue,
		   "the samples: hot colours, no off-CPU subtitle");
		is_near(l->total, 400, 0, "400 events");
	}
	layout__delete(l);
	l = NULL;
	if (ok(!layout_build(&l, off, &fo, &err),
	       "its off-CPU time laid out")) {
		census(l, &fn, &blue, &hot);
		ok(l->offcpu && l->subtitle && blue == fn && fn > 0,
		   "the off-CPU time: blues and the subtitle");
		is_near(l->total, 7000000, 0, "7 ms in ns");
	}
out:
	layout__delete(l);
	profile__delete(on);
	profile__delete(off);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	if (access(TIMEHIST, R_OK))
		skip_all("run from the top of the tree (" TIMEHIST ")");
	test_timehist();
	test_png();
	test_both();
	return done_testing();
}
