// SPDX-License-Identifier: GPL-2.0
/*
 * The SVG backend. The file is laid out for the embedded script
 * (share/flamegraph.js), which finds:
 *  - <svg> attributes data-* with the numbers it needs (graph_x, graph_w,
 *    fontsize, fontwidth, inverted, diff);
 *  - <g id="frames">, one <g> per frame in layout order (pre-order), each
 *    holding <title>, <rect>, <text>; the title's first line is
 *    "NAME (figures)", the last " (" on it starts the figures;
 *  - text elements details, unzoom, search, matched, by id.
 * Without a script (an <img>, rsvg-convert) the graph is complete and
 * every frame still has its <title> tooltip.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render/color.h"
#include "render/svg.h"
#include "render/textfmt.h"
#include "render/utf8.h"
#include "lib/alloc.h"

/*
 * The frames are nearly all of an SVG (a million of them, 200 MB of text),
 * so they are written through a buffer of our own, with numbers formatted
 * by hand: printf and a stdio call per piece used to cost more than the
 * layout and reading the input together.
 */
struct sink {
	struct outfile *o;
	size_t len;
	char buf[1 << 16];
};

static void sink_flush(struct sink *k)
{
	outfile_write(k->o, k->buf, k->len);
	k->len = 0;
}

static inline void sink_add(struct sink *k, const void *p, size_t n)
{
	if (n > sizeof(k->buf) - k->len) {
		sink_flush(k);
		if (n > sizeof(k->buf)) {
			outfile_write(k->o, p, n);
			return;
		}
	}
	memcpy(k->buf + k->len, p, n);
	k->len += n;
}

#define sink_lit(k, lit) sink_add(k, lit, sizeof(lit) - 1)

static inline void sink_str(struct sink *k, const char *str)
{
	sink_add(k, str, strlen(str));
}

/* Digits of n, most significant first, at least min of them. */
static size_t put_uint(char *buf, uint64_t n, unsigned int min)
{
	char tmp[24];
	size_t t = 0, len;

	do {
		tmp[t++] = '0' + n % 10;
		n /= 10;
	} while (n || t < min);
	for (len = 0; t;)
		buf[len++] = tmp[--t];
	return len;
}

/*
 * v as printf("%.<decimals>f") writes it (decimals 0 to 3), byte for byte:
 * rounded to nearest from the exact binary value, a tie to even, a '-' for
 * any negative value, zero included. Returns the length, or 0 out of the
 * range done here (infinite, NaN or too large), for the caller to fall
 * back on snprintf().
 */
static size_t fmt_fixed(char *buf, double v, unsigned int decimals)
{
	static const double scale[] = { 1, 10, 100, 1000 };
	static const uint64_t p10[] = { 1, 10, 100, 1000 };
	double a = fabs(v), s, r, frac;
	size_t len = 0;
	uint64_t n;

	s = a * scale[decimals];
	/* Below 2^52 every fraction of s is exact (see below); also
	 * false for a NaN. */
	if (!(s < 0x1p52))
		return 0;
	r = floor(s);
	frac = s - r; /* exact */
	if (frac > 0.5) {
		r += 1;
	} else if (frac == 0.5) {
		/* s may be a product rounded to the tie: the product's
		 * exact error decides, and only a true tie goes to even.
		 * Anywhere else frac, a multiple of s's ulp, is at least
		 * an ulp from 0.5, more than the error's half ulp. */
		double err = fma(a, scale[decimals], -s);

		if (err > 0 || (err == 0 && fmod(r, 2) != 0))
			r += 1;
	}
	n = (uint64_t)r;
	if (signbit(v))
		buf[len++] = '-';
	len += put_uint(buf + len, n / p10[decimals], 1);
	if (decimals) {
		buf[len++] = '.';
		len += put_uint(buf + len, n % p10[decimals], decimals);
	}
	return len;
}

/* A number with decimals (1 or 2) as "%.<decimals>f" would write it. */
static void sink_fixed(struct sink *k, double v, unsigned int decimals)
{
	char buf[64];
	size_t n = fmt_fixed(buf, v, decimals);

	if (!n)
		n = snprintf(buf, sizeof(buf), decimals == 1 ? "%.1f" : "%.2f",
			     v);
	sink_add(k, buf, n);
}

static void escape_to(struct sink *k, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const unsigned char *run = p;

	while (p < end) {
		const char *rep = NULL;
		unsigned int c = *p;
		uint32_t cp;
		size_t need;

		if (c >= 0x20 && c < 0x80 && c != '&' && c != '<' && c != '>' &&
		    c != '"' && c != '\'') {
			p++;
			continue;
		}
		need = 1;
		switch (c) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		case '\t': rep = "&#9;"; break;
		case '\n': rep = "&#10;"; break;
		case '\r': rep = "&#13;"; break;
		default:
			if (c < 0x80) {
				rep = "\xef\xbf\xbd"; /* control: U+FFFD */
				break;
			}
			/* A UTF-8 sequence: keep it when well formed and a
			 * character XML allows. */
			need = utf8_char(p, end - p, &cp);
			if (!need) {
				rep = "\xef\xbf\xbd";
				need = 1;
				break;
			}
			p += need;
			continue;
		}
		if (p > run)
			sink_add(k, run, p - run);
		sink_str(k, rep);
		p += need;
		run = p;
	}
	if (p > run)
		sink_add(k, run, p - run);
}

void svg_escape(struct outfile *o, const char *s, size_t len)
{
	struct sink k;

	k.o = o;
	k.len = 0;
	escape_to(&k, s, len);
	sink_flush(&k);
}

/*
 * A coordinate or figure as written: the layout's numbers are finite (see
 * layout.h), but a NaN must never reach the file as "-nan": 0 keeps the
 * XML valid and the frame invisible.
 */
static double fin(double v)
{
	return isfinite(v) ? v : 0;
}

static void esc(struct outfile *o, const char *s)
{
	if (s)
		svg_escape(o, s, strlen(s));
}

static void sink_esc(struct sink *k, const char *s)
{
	if (s)
		escape_to(k, s, strlen(s));
}

/* 1234567 -> "1,234,567"; non-integers with up to 4 significant digits
 * after the point, as people read sample counts and periods. */
static void fmt_count(char *buf, size_t cap, double v)
{
	char tmp[64], *t;
	size_t n, i, o = 0, lead;

	if (!isfinite(v)) {
		snprintf(buf, cap, "%s", TEXT_NOT_A_NUMBER);
		return;
	}
	if (fabs(v) >= 1e18) {
		snprintf(buf, cap, "%g", v);
		return;
	}
	if (v != floor(v)) {
		snprintf(buf, cap, "%.4g", v);
		return;
	}
	n = fmt_fixed(tmp, v, 0);
	if (n)
		tmp[n] = 0;
	else
		snprintf(tmp, sizeof(tmp), "%.0f", v);
	t = tmp;
	if (*t == '-' && o + 1 < cap)
		buf[o++] = *t++;
	n = strlen(t);
	lead = n % 3 ? n % 3 : 3;
	for (i = 0; i < n && o + 2 < cap; i++) {
		if (i >= lead && (i - lead) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = t[i];
	}
	buf[o] = 0;
}

static const char *kind_word(unsigned int kind)
{
	switch (kind) {
	case FRAME_KERNEL: return "kernel";
	case FRAME_JIT: return "jit";
	case FRAME_INLINE: return "inlined";
	case FRAME_WAKER: return "waker";
	case FRAME_PROCESS: return "process";
	}
	return NULL;
}

/* A percentage as " (%.2f%%" would write it, without the parts around. */
static void sink_pct(struct sink *k, double v)
{
	sink_fixed(k, v, 2);
	sink_lit(k, "%");
}

/* "%+.2f" */
static void sink_signed(struct sink *k, double v)
{
	if (!signbit(v))
		sink_lit(k, "+");
	sink_fixed(k, v, 2);
}

/* "base B%, new N%, +D pts": one share of a diff frame's title. */
static void sink_shares(struct sink *k, const struct layout *l,
			const struct layout_frame *f, bool self)
{
	double b, n, d;

	layout_diff_shares(l, f, self, &b, &n, &d);
	sink_lit(k, "base ");
	sink_pct(k, fin(b));
	sink_lit(k, ", new ");
	sink_pct(k, fin(n));
	sink_lit(k, ", ");
	sink_signed(k, fin(d));
	sink_lit(k, " pts");
}

static void frame_title(struct sink *k, const struct layout *l,
			const struct layout_frame *f)
{
	char a[64], b[64];
	double share = fin(l->total > 0 ? 100 * f->value / l->total : 0);
	/* The root "all" is no process, whatever its kind; a focus
	 * view's roots are the function. */
	bool root = !f->depth && !l->focus_rows;
	const char *kw = root ? NULL : kind_word(f->kind);

	escape_to(k, f->name, f->name_len);
	if (!l->diff) {
		fmt_count(a, sizeof(a), f->value);
		sink_lit(k, " (");
		sink_str(k, a);
		sink_lit(k, " ");
		sink_esc(k, l->countname);
		sink_lit(k, ", ");
		sink_pct(k, share);
		sink_lit(k, ")");
		if (f->self > 0 && f->value > f->self) {
			fmt_count(b, sizeof(b), f->self);
			sink_lit(k, "&#10;self: ");
			sink_str(k, b);
			sink_lit(k, ", ");
			sink_pct(k, fin(l->total > 0 ? 100 * f->self / l->total
						      : 0));
		}
	} else {
		double pv = layout_delta(l, f)->p_value;

		sink_lit(k, " (");
		sink_shares(k, l, f, false);
		sink_lit(k, ")&#10;self: ");
		sink_shares(k, l, f, true);
		if (pv >= 0 && pv <= 1) {
			/* rare, and %.3g is not worth doing by hand */
			char p[96];
			int n = snprintf(p, sizeof(p),
					 "&#10;p = %.3g over %zu + %zu runs",
					 pv, l->base_runs, l->new_runs);

			sink_add(k, p, n);
		}
		if (!(f->flags & LF_MERGED) && !root)
			sink_str(k, f->flags & LF_CHANGED
					    ? "&#10;verdict: changed"
					    : "&#10;verdict: not changed");
		if (f->flags & LF_GHOST)
			sink_lit(k, "&#10;gone in the new build");
		else if (f->flags & LF_BORN)
			sink_lit(k, "&#10;only in the new build");
	}
	if (kw) {
		sink_lit(k, "&#10;");
		sink_str(k, kw);
	}
}

/* "rgb(R,G,B)", as color_css() writes it. */
static void sink_rgb(struct sink *k, struct rgb c)
{
	char buf[20];
	size_t n = 0;

	memcpy(buf, "rgb(", 4);
	n = 4;
	n += put_uint(buf + n, c.r, 1);
	buf[n++] = ',';
	n += put_uint(buf + n, c.g, 1);
	buf[n++] = ',';
	n += put_uint(buf + n, c.b, 1);
	buf[n++] = ')';
	sink_add(k, buf, n);
}

static void write_frame(struct sink *k, const struct layout *l,
			const struct layout_frame *f)
{
	char label[1024];
	double y = layout_frame_y(l, f), h = l->geom.frame_h - 1;
	size_t n;

	sink_lit(k, "<g");
	if (f->flags & LF_GHOST)
		sink_lit(k, " class=\"ghost\"");
	else if (f->flags & LF_BORN)
		sink_lit(k, " class=\"born\"");
	sink_lit(k, "><title>");
	frame_title(k, l, f);
	sink_lit(k, "</title><rect x=\"");
	sink_fixed(k, fin(f->x), 2);
	sink_lit(k, "\" y=\"");
	sink_fixed(k, fin(y), 1);
	sink_lit(k, "\" width=\"");
	sink_fixed(k, fin(f->width), 2);
	sink_lit(k, "\" height=\"");
	sink_fixed(k, h > 0 ? fin(h) : 1, 1);
	sink_lit(k, "\" fill=\"");
	sink_rgb(k, color_frame(l, f));
	sink_lit(k, "\" rx=\"2\" ry=\"2\"/><text x=\"");
	sink_fixed(k, fin(f->x + 3), 2);
	sink_lit(k, "\" y=\"");
	sink_fixed(k, fin(y + h / 2 + l->geom.fontsize * 0.35), 1);
	sink_lit(k, "\">");
	n = layout_label(l, f, label, sizeof(label));
	escape_to(k, label, n);
	sink_lit(k, "</text></g>\n");
}

static void write_legend(struct outfile *o, const struct layout *l)
{
	const struct layout_geom *g = &l->geom;
	double y = g->legend_y, fs = g->fontsize, bw = 200, bx;
	size_t at[LAYOUT_LEGEND_LINES], nr, k, start;

	bx = g->graph_x + fs * 8;
	outfile_printf(o, "<g id=\"legend\"><text x=\"%.1f\" y=\"%.1f\">"
			  "-%.2f pts</text>", g->graph_x, y,
		       fin(l->max_delta));
	outfile_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			  "height=\"%.1f\" fill=\"url(#legend-gradient)\" "
			  "stroke=\"#888\" stroke-width=\"0.5\"/>",
		       bx, y - fs * 0.85, bw, fs);
	outfile_printf(o, "<text x=\"%.1f\" y=\"%.1f\">+%.2f pts</text>",
		       bx + bw + 6, y, fin(l->max_delta));
	/* Wrapped at the image's width, not cut at its edge. */
	nr = l->legend ? layout_legend_breaks(l, at, LAYOUT_LEGEND_LINES) : 0;
	for (k = 0, start = 0; l->legend && k <= nr; k++) {
		size_t end = k < nr ? at[k] : strlen(l->legend);
		char *line;

		while (end > start && l->legend[end - 1] == ' ')
			end--;
		if (end <= start) { /* nothing beside the scale */
			if (k < nr)
				start = at[k];
			continue;
		}
		line = xstrndup(l->legend + start, end - start);
		outfile_printf(o, "<text x=\"%.1f\" y=\"%.1f\" "
				  "font-size=\"%g\">",
			       k ? g->graph_x : bx + bw + fs * 6.5,
			       y + fs * 1.3 * k, fs - 1);
		esc(o, line);
		outfile_puts(o, "</text>");
		free(line);
		if (k < nr)
			start = at[k];
	}
	outfile_puts(o, "</g>\n");
}

static void write_defs(struct outfile *o, const struct layout *l)
{
	struct rgb top, bottom;
	char a[20], b[20];
	static const double stops[] = { -1, -0.5, -1e-9, 1e-9, 0.5, 1 };
	size_t i;

	if (!color_background(layout_bgcolors(l), l->diff, &top, &bottom))
		color_background(NULL, l->diff, &top, &bottom);
	color_css(top, a);
	color_css(bottom, b);
	outfile_printf(o, "<defs><linearGradient id=\"background\" y1=\"0\" "
			  "y2=\"1\" x1=\"0\" x2=\"0\"><stop stop-color=\"%s\" "
			  "offset=\"5%%\"/><stop stop-color=\"%s\" "
			  "offset=\"95%%\"/></linearGradient>\n", a, b);
	if (l->diff) {
		outfile_puts(o, "<linearGradient id=\"legend-gradient\">");
		for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
			color_css(color_heat(l->opts->negate ? -stops[i]
							     : stops[i]), a);
			outfile_printf(o, "<stop stop-color=\"%s\" "
					  "offset=\"%.0f%%\"/>", a,
				       50 + 50 * stops[i]);
		}
		outfile_puts(o, "</linearGradient>\n");
	}
	outfile_puts(o, "</defs>\n");
}

static const char style[] =
	"<style type=\"text/css\"><![CDATA[\n"
	"text { fill: rgb(0,0,0); }\n"
	"#title { text-anchor: middle; }\n"
	"#subtitle, #info { text-anchor: middle; fill: rgb(80,80,80); }\n"
	"#unzoom, #search, #matched { cursor: pointer; }\n"
	"#search, #matched { text-anchor: end; }\n"
	"#search:hover, #unzoom:hover { fill: rgb(160,0,0); }\n"
	"#frames > g { cursor: pointer; }\n"
	"#frames > g:hover > rect { stroke: rgb(0,0,0); stroke-width: 0.5; }\n"
	"#frames text { pointer-events: none; }\n"
	".ghost > rect { stroke: rgb(70,70,160); stroke-width: 0.8; "
	"stroke-dasharray: 3,2; }\n"
	".born > rect { stroke: rgb(20,20,20); stroke-width: 1.2; }\n"
	".hide { display: none; }\n"
	".parent { opacity: 0.5; }\n"
	"]]></style>\n";

/* The <svg> element with what the script reads of the layout, and the
 * notes. */
static void write_svg_open(struct outfile *o, const struct layout *l)
{
	const struct layout_geom *g = &l->geom;
	const struct flame_opts *op = l->opts;
	double fs = g->fontsize;

	outfile_puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
			"standalone=\"no\"?>\n");
	outfile_printf(o, "<svg version=\"1.1\" width=\"%.0f\" "
			  "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
			  "xmlns=\"http://www.w3.org/2000/svg\" "
			  "font-size=\"%g\" font-family=\"",
		       g->width, g->height, g->width, g->height, fs);
	esc(o, op->fonttype);
	outfile_printf(o, "\" data-graph-x=\"%.2f\" data-graph-w=\"%.2f\" "
			  "data-fontsize=\"%g\" data-fontwidth=\"%g\" "
			  "data-inverted=\"%d\" data-diff=\"%d\" "
			  "data-frame-h=\"%g\" data-countname=\"",
		       g->graph_x, g->graph_w, fs, op->fontwidth,
		       op->inverted ? 1 : 0, l->diff ? 1 : 0, g->frame_h);
	esc(o, l->countname);
	/* A focus view: where its callers end and its callees begin. */
	if (l->focus_rows)
		outfile_printf(o, "\" data-focus-y=\"%.1f",
			       g->graph_y + l->focus_rows * g->frame_h);
	outfile_puts(o, "\" data-nametype=\"");
	esc(o, op->nametype);
	outfile_puts(o, "\">\n<!-- flamediff: see share/flamegraph.js for "
			"the interactive part -->\n");
	if (op->notes) {
		outfile_puts(o, "<desc id=\"notes\">");
		esc(o, op->notes);
		outfile_puts(o, "</desc>\n");
	}
}

/* A centred line of text (title, subtitle, info) with its id. */
static void write_heading(struct outfile *o, const struct layout *l,
			  const char *id, double y, const char *size,
			  const char *text)
{
	outfile_printf(o, "<text id=\"%s\" x=\"%.1f\" y=\"%.1f\"%s>", id,
		       l->geom.width / 2, y, size);
	esc(o, text);
	outfile_puts(o, "</text>\n");
}

/* Title, subtitle, info, the legend and the script's text fields. */
static void write_texts(struct outfile *o, const struct layout *l)
{
	const struct layout_geom *g = &l->geom;
	double fs = g->fontsize;
	char size[48];

	snprintf(size, sizeof(size), " font-size=\"%g\"", fs + 5);
	write_heading(o, l, "title", g->title_y, size, l->title);
	if (l->subtitle)
		write_heading(o, l, "subtitle", g->subtitle_y, "",
			      l->subtitle);
	if (l->info) {
		snprintf(size, sizeof(size), " font-size=\"%g\"", fs - 1);
		write_heading(o, l, "info", g->info_y, size, l->info);
	}
	if (l->diff && !l->empty)
		write_legend(o, l);
	outfile_printf(o, "<text id=\"details\" x=\"%.1f\" y=\"%.1f\"> "
			  "</text>\n", g->graph_x, g->details_y);
	outfile_printf(o, "<text id=\"unzoom\" class=\"hide\" x=\"%.1f\" "
			  "y=\"%.1f\">Reset Zoom</text>\n", g->graph_x,
		       g->title_y);
	outfile_printf(o, "<text id=\"search\" x=\"%.1f\" y=\"%.1f\">"
			  "Search</text>\n", g->graph_x + g->graph_w,
		       g->title_y);
	outfile_printf(o, "<text id=\"matched\" x=\"%.1f\" y=\"%.1f\"> "
			  "</text>\n", g->graph_x + g->graph_w,
		       g->details_y);
	if (l->empty) {
		outfile_printf(o, "<text id=\"empty\" x=\"%.1f\" y=\"%.1f\" "
				  "text-anchor=\"middle\">No samples: the "
				  "input holds no stacks to draw</text>\n",
			       g->width / 2, g->graph_y + g->graph_h / 2 +
						     fs * 0.35);
	}
}

void svg_write(const struct layout *l, struct outfile *o)
{
	const struct layout_geom *g = &l->geom;
	struct sink *k;
	size_t i;

	write_svg_open(o, l);
	write_defs(o, l);
	outfile_puts(o, style);
	outfile_puts(o, "<script type=\"text/ecmascript\"><![CDATA[\n");
	outfile_puts(o, flamegraph_js);
	outfile_puts(o, "]]></script>\n");
	outfile_printf(o, "<rect x=\"0\" y=\"0\" width=\"%.0f\" "
			  "height=\"%.0f\" fill=\"url(#background)\"/>\n",
		       g->width, g->height);
	write_texts(o, l);
	outfile_puts(o, "<g id=\"frames\">\n");
	k = xmalloc(sizeof(*k));
	k->o = o;
	k->len = 0;
	for (i = 0; i < l->nr_frames; i++)
		write_frame(k, l, &l->frames[i]);
	sink_flush(k);
	free(k);
	outfile_puts(o, "</g>\n</svg>\n");
}
