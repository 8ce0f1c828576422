// SPDX-License-Identifier: GPL-2.0
/*
 * The PNG backend: the layout of render/layout.c drawn with cairo, which
 * is loaded when the first PNG is drawn (render/cairo-dl.h): every cairo
 * call below goes through cairo_api, so each entry point calls
 * cairo_dl_load() before its first one.
 *
 * Nothing here decides what a frame is, where it goes or what colour it
 * has: layout.c and color.c did that for both backends. This file only
 * turns their numbers into pixels, adding what a static picture needs in
 * place of a tooltip: labels that are measured in the real font (so they
 * never spill out of a frame), a legend with the scale in points, and an
 * optional table of the functions that moved most.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "render/cairo-dl.h"
#include "render/color.h"
#include "render/png.h"
#include "render/textfmt.h"
#include "render/utf8.h"

/* cairo's own limit on an image surface's side. */
#define PNG_MAX_SIDE 32767

/* Text alignment for draw_text(). */
enum { LEFT, CENTRE, RIGHT };

/*
 * The font: DejaVu Sans (fonts-dejavu-core) unless the user named another.
 * flamegraph.pl's default "Verdana" is not on a Debian machine; asking
 * fontconfig for it would give whatever it substitutes, so the picture
 * would depend on the machine.
 */
static const char *font_family(const struct layout *l)
{
	const char *f = l->opts->fonttype;

	if (!f || !*f || !strcmp(f, "Verdana"))
		return "DejaVu Sans";
	return f;
}

/*
 * Make s[0..n) safe for cairo's text functions, in place and keeping its
 * length: cairo refuses invalid UTF-8 (and the context is dead after
 * that), and control characters only draw as boxes. Each bad byte
 * becomes '?'.
 */
static void utf8_clean(char *s, size_t n)
{
	size_t i = 0, len;
	unsigned char c;
	uint32_t cp;

	while (i < n) {
		c = (unsigned char)s[i];
		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				s[i] = '?';
			i++;
			continue;
		}
		len = utf8_char((unsigned char *)s + i, n - i, &cp);
		if (len)
			i += len;
		else
			s[i++] = '?';
	}
}

static void set_rgb(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

/* Advance width of clean UTF-8 text in the current font. */
static double text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

/*
 * Cut clean UTF-8 text buf[0..n) until it is at most maxw wide in the
 * current font: the longest cut that fits wins. The candidates are buf as
 * it is, then prefixes ending at a character boundary followed by "..",
 * longest first; with cut, buf already ends in ".." and the prefixes are of
 * what comes before it. A prefix must keep at least one character.
 *
 * Returns the kept length with buf cut there; *w is its width. When no
 * candidate fits, buf holds the shortest one (drawn anyway, as the widest
 * label can only be clipped) and 0 is returned.
 *
 * The width of a prefix grows with its length (advances are not negative),
 * so a binary search over the character boundaries finds the same cut as
 * trying them one by one, in O(n log n) rather than O(n^2): a 100 KB name
 * in the movers table took minutes.
 */
static size_t fit_text(cairo_t *cr, char *buf, size_t n, bool cut,
		       double maxw, double *w)
{
	size_t base = cut ? n - 2 : n, nr = 0, lo, hi, i, *starts;
	char save[3];

	*w = text_w(cr, buf);
	if (*w <= maxw)
		return n;
	/* Every character's start but the first: the possible cuts. */
	starts = xmalloc(sizeof(*starts) * (base + 1));
	for (i = 1; i < base; i++)
		if (((unsigned char)buf[i] & 0xc0) != 0x80)
			starts[nr++] = i;
	/* ".." replaces what follows the cut; buf has room for it. */
	if (!nr) {
		free(starts);
		return 0;
	}
	/* Find the largest k in [0, nr) whose prefix fits; hi is one past. */
	lo = 0;
	hi = nr;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, at = starts[mid];
		double mw;

		memcpy(save, buf + at, 3);
		memcpy(buf + at, "..", 3);
		mw = text_w(cr, buf);
		memcpy(buf + at, save, 3);
		if (mw <= maxw)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* lo prefixes fit: the longest is starts[lo - 1]; none: the
	 * shortest. */
	i = lo ? starts[lo - 1] : starts[0];
	free(starts);
	memcpy(buf + i, "..", 3);
	*w = text_w(cr, buf);
	return lo ? i + 2 : 0;
}

/*
 * Draw s with its baseline at y, aligned at x. Text wider than maxw is
 * first set smaller (down to 75%), then cut with "..": a subtitle listing
 * two kernels must not run off the picture.
 */
static void draw_text(cairo_t *cr, double x, double y, const char *s,
		      int align, double maxw, double size)
{
	size_t n = strlen(s);
	char *buf = xmalloc(n + 3);
	double w;

	memcpy(buf, s, n + 1);
	utf8_clean(buf, n);
	cairo_set_font_size(cr, size);
	w = text_w(cr, buf);
	if (maxw > 0 && w > maxw) {
		double fit = size * maxw / w;

		cairo_set_font_size(cr, fmax(fit, size * 0.75));
		fit_text(cr, buf, n, false, maxw, &w);
	}
	if (align == CENTRE)
		x -= w / 2;
	else if (align == RIGHT)
		x -= w;
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, buf);
	cairo_set_font_size(cr, size);
	free(buf);
}

/*
 * A frame's label into buf of cap bytes (cap > 2): layout_label()'s cut
 * (the same as the SVG's, from fontwidth), then shortened further while the real glyphs are wider than
 * the frame: the estimate is an average and a row of 'm's is not.
 */
static size_t frame_label(cairo_t *cr, const struct layout *l,
			  const struct layout_frame *f, char *buf, size_t cap)
{
	/* Two bytes of slack: a cut writes ".." and a NUL after a prefix. */
	size_t n = layout_label(l, f, buf, cap - 2);
	double w;

	if (!n)
		return 0;
	utf8_clean(buf, n);
	return fit_text(cr, buf, n, n != f->name_len, f->width - 6, &w);
}

/*
 * For mail, a label cut in its middle (text_name(), TEXT_ELISION as the
 * text outputs do): "__x64_sys_..._group" tells more functions apart than
 * "__x64_sys_m.." does. The widest cut that fits in the real font, of at
 * least one character each side of the marker; 0 when none fits.
 */
static size_t mail_label(cairo_t *cr, const struct layout_frame *f,
			 char *buf, size_t cap)
{
	double maxw = f->width - 6;
	size_t lo = 7, hi, n;
	struct strbuf sb = STRBUF_INIT;

	buf[0] = 0;
	if (!(maxw > 0))
		return 0;
	hi = text_columns(f->name);
	/* Whole, if it fits (a name of 3 columns or fewer has no cut). */
	text_name(&sb, f->name, 0);
	utf8_clean(sb.buf, sb.len);
	if (sb.len < cap && text_w(cr, sb.buf) <= maxw)
		goto done;
	if (hi > (size_t)(maxw / 2))
		hi = (size_t)(maxw / 2); /* no glyph is under 2 px here */
	/* The largest cols in [lo, hi) whose cut fits: widths grow with
	 * cols (each step adds a character). */
	n = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		text_name(&sb, f->name, mid);
		utf8_clean(sb.buf, sb.len);
		if (text_w(cr, sb.buf) <= maxw) {
			n = mid;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	if (!n) {
		strbuf_release(&sb);
		return 0;
	}
	text_name(&sb, f->name, n);
	utf8_clean(sb.buf, sb.len);
done:
	n = sb.len < cap ? sb.len : 0;
	if (n)
		memcpy(buf, sb.buf, n + 1);
	strbuf_release(&sb);
	return n;
}

size_t png_label(const struct layout *l, const struct layout_frame *f,
		 char *buf, size_t cap, struct fd_err *err)
{
	cairo_surface_t *s;
	cairo_t *cr;
	size_t n;

	buf[0] = 0;
	if (cairo_dl_load(err))
		return 0;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cr = cairo_create(s);
	cairo_select_font_face(cr, font_family(l), CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, l->geom.fontsize);
	n = l->opts->mail ? mail_label(cr, f, buf, cap)
			  : frame_label(cr, l, f, buf, cap);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return n;
}

/* Dark fills get white text. */
static bool is_dark(struct rgb c)
{
	return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 110;
}

/* A frame's rectangle with the SVG's rx="2" corners. */
static void frame_path(cairo_t *cr, double x, double y, double w, double h)
{
	double r = fmin(2, fmin(w, h) / 2);

	if (r < 0.5) {
		cairo_rectangle(cr, x, y, w, h);
		return;
	}
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

static void draw_frames(cairo_t *cr, const struct layout *l)
{
	static const double dash[] = { 3, 2 };
	const struct layout_geom *g = &l->geom;
	double fs = g->fontsize, cap_h;
	char label[512 + 2];
	size_t i;

	cairo_set_font_size(cr, fs);
	/* Centre the capitals (about 0.73 em in DejaVu Sans) in the row. */
	cap_h = fs * 0.73;
	for (i = 0; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];
		struct rgb c = color_frame(l, f);
		double top = layout_frame_y(l, f);
		double y0 = round(top), y1 = round(top + g->frame_h - 1);
		double x0 = round(f->x), x1 = round(f->x + f->width);
		size_t n;

		if (y1 <= y0)
			y1 = y0 + 1;
		/* Whole pixels, so siblings tile without seams and the PNG
		 * compresses; a frame under a pixel keeps its true width
		 * and shows as a faint line, as in the SVG. */
		if (x1 <= x0) {
			x0 = f->x;
			x1 = f->x + f->width;
		}
		frame_path(cr, x0, y0, x1 - x0, y1 - y0);
		/* An outline on a frame a few pixels wide is all there is
		 * of it: a black spike. Its fill says enough. */
		if (x1 - x0 < FLAME_MAIL_OUTLINE_PX) {
			set_rgb(cr, c);
			cairo_fill(cr);
		} else if (f->flags & LF_GHOST) {
			/* Gone in the new build: full colour (its change is
			 * as real as any), a dashed outline, as the SVG's
			 * .ghost style. */
			set_rgb(cr, c);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 70 / 255.0, 70 / 255.0,
					     160 / 255.0);
			cairo_set_line_width(cr, 0.8);
			cairo_set_dash(cr, dash, 2, 0);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		} else if (f->flags & LF_BORN) {
			/* New in the new build: a solid dark outline. */
			set_rgb(cr, c);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 0.08, 0.08, 0.08);
			cairo_set_line_width(cr, 1.2);
			cairo_stroke(cr);
		} else {
			set_rgb(cr, c);
			cairo_fill(cr);
		}

		n = l->opts->mail ? mail_label(cr, f, label, sizeof(label))
				  : frame_label(cr, l, f, label, sizeof(label));
		if (!n)
			continue;
		cairo_save(cr);
		cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
		cairo_clip(cr);
		if (is_dark(c))
			cairo_set_source_rgb(cr, 1, 1, 1);
		else
			cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, f->x + 3, y0 + (y1 - y0 + cap_h) / 2);
		cairo_show_text(cr, label);
		cairo_restore(cr);
	}
}

/* "+12.3" with the precision a reader needs at that size. */
static void fmt_points(char *buf, size_t cap, double v)
{
	fmt_double(buf, cap, fabs(v) >= 10 ? "%+.1f" : "%+.2f", v);
}

/*
 * For mail: the legend's words on two lines rather than squeezed into
 * one: the first '\n' in sb breaks it after the last "; " that fits in
 * maxw (the second line has the image's width).
 */
static void legend_wrap(cairo_t *cr, struct strbuf *sb, double maxw)
{
	size_t best = 0, i;

	if (text_w(cr, sb->buf) <= maxw)
		return;
	for (i = 0; i + 1 < sb->len; i++) {
		char c;

		if (sb->buf[i] != ';' || sb->buf[i + 1] != ' ')
			continue;
		c = sb->buf[i + 1];
		sb->buf[i + 1] = 0;
		if (text_w(cr, sb->buf) <= maxw)
			best = i + 1;
		sb->buf[i + 1] = c;
	}
	if (best)
		sb->buf[best] = '\n';
}

/*
 * The diff legend, one line at legend_y, as the SVG draws it: the scale in
 * points at both ends of a strip of the heat colours (the same stops),
 * then what blue, red, grey and a dashed outline mean.
 */
static void draw_legend(cairo_t *cr, const struct layout *l)
{
	static const double stops[] = { -1, -0.5, -1e-9, 1e-9, 0.5, 1 };
	const struct layout_geom *g = &l->geom;
	const struct flame_opts *o = l->opts;
	double fs = g->fontsize, y = g->legend_y, bw = 200;
	double bx = g->graph_x + fs * 8, tx = bx + bw + fs * 6.5;
	double right = g->graph_x + g->graph_w;
	struct strbuf sb = STRBUF_INIT;
	cairo_pattern_t *pat;
	char txt[512], *line;
	bool below = false;
	size_t i;

	cairo_set_source_rgb(cr, 0, 0, 0);
	if (!(l->max_delta > 0)) {
		snprintf(txt, sizeof(txt),
			 "No call path changed by LKP's rule (as the table): "
			 "every frame is neutral.");
		draw_text(cr, g->graph_x, y, txt, LEFT, g->graph_w, fs);
		return;
	}
	snprintf(txt, sizeof(txt), "-%.2f pts", l->max_delta);
	draw_text(cr, g->graph_x, y, txt, LEFT, bx - g->graph_x - 4, fs);
	snprintf(txt, sizeof(txt), "+%.2f pts", l->max_delta);
	draw_text(cr, bx + bw + 6, y, txt, LEFT, 0, fs);
	/* DejaVu is wider than the Verdana the SVG's spacing assumes. */
	tx = fmax(tx, bx + bw + 6 + text_w(cr, txt) + fs * 0.75);

	pat = cairo_pattern_create_linear(bx, 0, bx + bw, 0);
	for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		struct rgb c = color_heat(o->negate ? -stops[i] : stops[i]);

		cairo_pattern_add_color_stop_rgb(pat, 0.5 + 0.5 * stops[i],
						 c.r / 255.0, c.g / 255.0,
						 c.b / 255.0);
	}
	cairo_rectangle(cr, bx, y - fs * 0.85, bw, fs);
	cairo_set_source(cr, pat);
	cairo_fill_preserve(cr);
	cairo_pattern_destroy(pat);
	cairo_set_source_rgb(cr, 0x88 / 255.0, 0x88 / 255.0, 0x88 / 255.0);
	cairo_set_line_width(cr, 0.5);
	cairo_stroke(cr);

	strbuf_addstr(&sb, l->legend);
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (o->mail && tx < right) {
		cairo_set_font_size(cr, fs - 1);
		legend_wrap(cr, &sb, right - tx);
	} else {
		/* the SVG's lines; at[0] 0: none beside the scale */
		size_t at[LAYOUT_LEGEND_LINES], k;
		size_t nr = layout_legend_breaks(l, at, LAYOUT_LEGEND_LINES);

		for (k = 0; k < nr; k++)
			if (at[k])
				sb.buf[at[k] - 1] = '\n';
		below = nr && !at[0];
	}
	/* line i at legend_y + 1.3 em * i: the first beside the scale,
	 * the others at the image's left */
	for (line = sb.buf, i = below; line; i++) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = 0;
		if (i ? g->graph_w > 0 : tx < right)
			draw_text(cr, i ? g->graph_x : tx, y + fs * 1.3 * i,
				  line, LEFT, i ? g->graph_w : right - tx,
				  fs - 1);
		line = nl ? nl + 1 : NULL;
	}
	strbuf_release(&sb);
}

/* The line under the graph: the notes, or how to read the picture. */
static void draw_details(cairo_t *cr, const struct layout *l)
{
	const struct layout_geom *g = &l->geom;
	const struct flame_opts *o = l->opts;
	char txt[512];

	if (!(g->details_y > 0))
		return;
	if (o->notes && *o->notes)
		snprintf(txt, sizeof(txt), "%s", o->notes);
	else if (l->diff)
		snprintf(txt, sizeof(txt),
			 "Width: %s, in %% of each run's samples; colour: "
			 "change of each call path's %s share, in points, "
			 "where LKP's rule calls it changed.",
			 o->width_by == WIDTH_BASE  ? "base share" :
			 o->width_by == WIDTH_NEW   ? "new share" :
						      "mean of base and new "
						      "shares",
			 o->color_by == COLOR_BY_SELF ? "self" : "total");
	else
		snprintf(txt, sizeof(txt),
			 "Width: share of the total, %.*f %s; %zu frames "
			 "drawn, %s.",
			 l->total == floor(l->total) ? 0 : 2, l->total,
			 l->countname, l->nr_frames,
			 o->mail ? "narrow ones left in their caller's width"
				 : "narrow neighbours merged (grey)");
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	draw_text(cr, g->graph_x, g->details_y, txt, LEFT, g->graph_w,
		  g->fontsize * 0.9);
}

static double table_row_h(const struct layout *l)
{
	return ceil(l->geom.fontsize * 1.4);
}

static bool has_table(const struct layout *l, const struct png_opts *po)
{
	return l->diff && po && po->table && po->table->nr;
}

static double table_height(const struct layout *l, const struct png_opts *po)
{
	if (!has_table(l, po))
		return 0;
	return (po->table->nr + 2) * table_row_h(l) + l->geom.fontsize;
}

/*
 * The movers, below the graph: change, base %, new %, name. Numbers are
 * right-aligned on widths measured in the font, so columns line up
 * without a monospace font.
 */
static void draw_table(cairo_t *cr, const struct layout *l,
		       const struct movers *t)
{
	const struct layout_geom *g = &l->geom;
	double fs = g->fontsize, rh = table_row_h(l);
	double y = g->height + rh, c1, c2, c3, c4, gap = fs * 1.5;
	char a[64], b[64], c[64];
	size_t i;

	cairo_set_font_size(cr, fs);
	c1 = g->graph_x + text_w(cr, "-100.00 points");
	c2 = c1 + gap + text_w(cr, "100.00%");
	c3 = c2 + gap + text_w(cr, "100.00%");
	c4 = c3 + gap;

	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	snprintf(a, sizeof(a), "Top %zu movers", t->nr);
	draw_text(cr, g->graph_x, y, a, LEFT, 0, fs);
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	draw_text(cr, g->graph_x + text_w(cr, a) + fs, y,
		  "(children: share of each side's samples with the function "
		  "on the stack, as LKP's perf-profile.children)",
		  LEFT, g->graph_w - text_w(cr, a) - fs, fs * 0.9);
	y += rh;
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	draw_text(cr, c1, y, "change", RIGHT, 0, fs);
	draw_text(cr, c2, y, "base", RIGHT, 0, fs);
	draw_text(cr, c3, y, "new", RIGHT, 0, fs);
	draw_text(cr, c4, y, "function", LEFT, 0, fs);
	for (i = 0; i < t->nr; i++) {
		const struct mover *m = &t->v[i];
		double h = l->max_delta > 0 ? m->change / l->max_delta : 0;
		struct rgb col;

		y += rh;
		if (l->opts->negate)
			h = -h;
		col = color_heat(fmax(-1, fmin(1, h)));
		/* The heat colour itself is too pale to read as text at
		 * small changes: keep its hue, darken it. */
		if (h > 0)
			cairo_set_source_rgb(cr, 0.75, 0.05, 0.05);
		else if (h < 0)
			cairo_set_source_rgb(cr, 0.05, 0.05, 0.75);
		else
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		fmt_points(a, sizeof(a), m->change);
		draw_text(cr, c1, y, a, RIGHT, 0, fs);
		set_rgb(cr, col);
		cairo_rectangle(cr, c1 + fs * 0.3, y - fs * 0.75, fs * 0.6,
				fs * 0.7);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		fmt_double(b, sizeof(b) - 1, "%.2f", m->base);
		fmt_double(c, sizeof(c) - 1, "%.2f", m->new);
		strcat(b, "%");
		strcat(c, "%");
		draw_text(cr, c2, y, b, RIGHT, 0, fs);
		draw_text(cr, c3, y, c, RIGHT, 0, fs);
		draw_text(cr, c4, y, m->name, LEFT,
			  g->graph_x + g->graph_w - c4, fs);
	}
}

void png_size(const struct layout *l, const struct png_opts *po, int *width,
	      int *height)
{
	*width = (int)ceil(l->geom.width);
	*height = (int)ceil(l->geom.height + table_height(l, po));
}

static void draw(cairo_t *cr, const struct layout *l,
		 const struct png_opts *po)
{
	const struct layout_geom *g = &l->geom;
	double fs = g->fontsize, cx = g->width / 2;
	cairo_font_options_t *fo;
	cairo_pattern_t *bg;
	struct rgb top, bottom;

	/* An unknown --bgcolors was refused when parsing; fall back
	 * quietly if a caller skipped that. */
	if (!color_background(layout_bgcolors(l), l->diff, &top, &bottom))
		color_background(NULL, l->diff, &top, &bottom);
	/* The SVG's gradient: stops at 5% and 95% of the graph's height;
	 * the table under it keeps the bottom colour. */
	bg = cairo_pattern_create_linear(0, 0, 0, g->height);
	cairo_pattern_add_color_stop_rgb(bg, 0.05, top.r / 255.0,
					 top.g / 255.0, top.b / 255.0);
	cairo_pattern_add_color_stop_rgb(bg, 0.95, bottom.r / 255.0,
					 bottom.g / 255.0, bottom.b / 255.0);
	cairo_set_source(cr, bg);
	cairo_paint(cr);
	cairo_pattern_destroy(bg);

	/* Grey antialiasing: sub-pixel colour fringes look wrong in a
	 * picture that is scaled and viewed anywhere. */
	fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, font_family(l), CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);

	cairo_set_source_rgb(cr, 0, 0, 0);
	draw_text(cr, cx, g->title_y, l->title, CENTRE, g->graph_w, fs + 5);
	cairo_set_source_rgb(cr, 80 / 255.0, 80 / 255.0, 80 / 255.0);
	if (g->subtitle_y > 0 && l->subtitle)
		draw_text(cr, cx, g->subtitle_y, l->subtitle, CENTRE,
			  g->graph_w, fs);
	/* For mail, two lines at the frames' size: read at 100 %, not
	 * squeezed to fit one. */
	if (g->info_y > 0 && l->info)
		draw_text(cr, cx, g->info_y, l->info, CENTRE, g->graph_w,
			  l->info2 ? fs : fs - 1);
	if (g->info2_y > 0 && l->info2)
		draw_text(cr, cx, g->info2_y, l->info2, CENTRE, g->graph_w,
			  fs);
	if (l->diff && g->legend_y > 0)
		draw_legend(cr, l);
	draw_frames(cr, l);
	draw_details(cr, l);
	if (has_table(l, po))
		draw_table(cr, l, po->table);
}

static cairo_status_t to_strbuf(void *closure, const unsigned char *data,
				unsigned int len)
{
	strbuf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

static void put_be32(struct outfile *o, uint32_t v)
{
	unsigned char b[4] = { v >> 24, v >> 16, v >> 8, v };

	outfile_write(o, b, 4);
}

/* One tEXt chunk: keyword, NUL, text (no NUL in it), with its CRC. */
static void write_text_chunk(struct outfile *o, const char *key,
			     const struct strbuf *text)
{
	struct strbuf data = STRBUF_INIT;
	uLong crc;

	strbuf_addstr(&data, "tEXt");
	strbuf_addstr(&data, key);
	strbuf_addch(&data, '\0');
	strbuf_add(&data, text->buf, text->len);
	put_be32(o, (uint32_t)(data.len - 4));
	outfile_write(o, data.buf, data.len);
	crc = crc32(0L, (const Bytef *)data.buf, (uInt)data.len);
	put_be32(o, (uint32_t)crc);
	strbuf_release(&data);
}

/*
 * The words of the picture as text in the file, for mail clients, screen
 * readers and scripts: the title and info line, and the movers table with
 * the very figures drawn (from the same rows). NUL bytes cannot be in a
 * tEXt chunk: a name holding one is cut there.
 */
static void text_chunks(struct outfile *o, const struct layout *l,
			const struct png_opts *po)
{
	struct strbuf sb = STRBUF_INIT;
	char a[64], b[64], c[64];
	size_t i;

	strbuf_addstr(&sb, l->title);
	if (l->info) {
		strbuf_addch(&sb, '\n');
		strbuf_addstr(&sb, l->info);
	}
	write_text_chunk(o, "Title", &sb);
	if (has_table(l, po)) {
		strbuf_reset(&sb);
		strbuf_addstr(&sb, "Top movers (children, as LKP's "
				   "perf-profile.children): change base new "
				   "function");
		for (i = 0; i < po->table->nr; i++) {
			const struct mover *m = &po->table->v[i];

			fmt_points(a, sizeof(a), m->change);
			fmt_double(b, sizeof(b), "%.2f", m->base);
			fmt_double(c, sizeof(c), "%.2f", m->new);
			strbuf_addf(&sb, "\n%s %s %s %.*s", a, b, c,
				    (int)strlen(m->name), m->name);
		}
		write_text_chunk(o, "Description", &sb);
	}
	strbuf_release(&sb);
}

/* cairo's PNG, with the text chunks before its IEND chunk. */
static void write_png_bytes(struct outfile *o, const struct strbuf *png,
			    const struct layout *l, const struct png_opts *po)
{
	/* IEND is the last 12 bytes: length 0, "IEND", its CRC. */
	size_t head = png->len >= 12 + 8 ? png->len - 12 : png->len;

	outfile_write(o, png->buf, head);
	if (head < png->len) {
		text_chunks(o, l, po);
		outfile_write(o, png->buf + head, png->len - head);
	}
}

/*
 * cairo keeps its font caches (and fontconfig's patterns in them) for the
 * life of the process; hand them back at exit so leak checkers (make
 * asan-check) see only our own leaks. Every cairo object of ours is gone
 * by then: png_write() destroys what it creates before returning.
 */
static void release_cairo(void)
{
	cairo_debug_reset_static_data();
}

int png_write(const struct layout *l, const struct png_opts *po,
	      struct outfile *o, struct fd_err *err)
{
	static bool registered;

	cairo_surface_t *s;
	cairo_status_t st;
	cairo_t *cr;
	int w, h;

	if (l->empty || !l->nr_frames)
		return fd_err_set(err, "no samples: nothing to draw");
	png_size(l, po, &w, &h);
	if (w < 1 || h < 1 || w > PNG_MAX_SIDE || h > PNG_MAX_SIDE)
		return fd_err_set(err,
				  "a %d x %d px image is beyond what cairo "
				  "draws (%d px a side): use a smaller "
				  "--width or --height, or --minwidth",
				  w, h, PNG_MAX_SIDE);
	if (cairo_dl_load(err))
		return -1;
	if (!registered) {
		registered = true;
		atexit(release_cairo);
	}
	/* RGB24: no alpha channel in the file, a quarter smaller. */
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		st = cairo_surface_status(s);
		cairo_surface_destroy(s);
		return fd_err_set(err, "cannot create a %d x %d image: %s", w,
				  h, cairo_status_to_string(st));
	}
	cr = cairo_create(s);
	draw(cr, l, po);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS) {
		struct strbuf png = STRBUF_INIT;

		cairo_surface_flush(s);
		st = cairo_surface_write_to_png_stream(s, to_strbuf, &png);
		if (st == CAIRO_STATUS_SUCCESS) {
			write_png_bytes(o, &png, l, po);
			if (o->failed)
				st = CAIRO_STATUS_WRITE_ERROR;
		}
		strbuf_release(&png);
	}
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS)
		return fd_err_set(err, "drawing the PNG failed: %s",
				  cairo_status_to_string(st));
	return 0;
}

int png_save(const struct layout *l, const struct png_opts *po,
	     const char *path, struct fd_err *err)
{
	struct outfile o;

	/* Refuse before creating anything: no file at all on error. */
	if (l->empty || !l->nr_frames)
		return fd_err_set(err, "no samples: nothing to draw");
	/* Nor without cairo: the library missing is known before the file
	 * is created (png_write() would find it out too). */
	if (cairo_dl_load(err))
		return -1;
	if (outfile_open(&o, path, err))
		return -1;
	if (png_write(l, po, &o, err)) {
		outfile_abort(&o);
		return -1;
	}
	return outfile_commit(&o, err);
}

