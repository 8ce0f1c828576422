/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LAYOUT_H
#define FLAMEDIFF_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/compare.h"
#include "analyzer/profile.h"

/*
 * The flame graph layout, computed once and drawn by any backend (SVG in
 * render/svg.c, PNG in render/png.c). A backend only reads a struct layout:
 * it never looks at the profile again, never sorts, never decides what is
 * wide enough to draw. Everything both image formats must agree on (which
 * frames exist, where they are, how tall the image is, what a frame's
 * numbers and colour are) is decided here or in render/color.h.
 *
 * Coordinates are pixels, double precision, origin at the top left of the
 * image. Backends round as they please.
 */

/* --width base|new|mean: the share a diff frame's width stands for. */
enum width_by {
	WIDTH_MEAN = 0, /* the mean of its base and new shares */
	WIDTH_BASE,
	WIDTH_NEW,
};

/* --color-by: which share's change colours a frame of a diff. */
enum color_by {
	COLOR_BY_TOTAL = 0, /* inclusive share: a parent whose subtree moved */
	COLOR_BY_SELF,	    /* self share only (the classic leaf view) */
};

/*
 * The options, named and meaning as in flamegraph.pl where they exist
 * there. flame_opts_init() sets the defaults shown; cli/graph-opts.c fills
 * them from argv for every graph command (svg, png).
 */
struct flame_opts {
	const char *title;	/* NULL: "Flame Graph", "Icicle Graph",
				 * "Differential Flame Graph" */
	const char *subtitle;	/* NULL: none (backends may print metadata) */
	/* Diff: the benchmark's headline change ("stress-ng.mremap.
	 * ops_per_sec +20.3% (6.33 -> 7.62)", explain_headline_text()),
	 * first in the info line; NULL: none. Copied by the layout. */
	const char *headline;
	double width;		/* image width, px: 1200 */
	double frame_height;	/* --height: px per frame row: 16 */
	double minwidth;	/* 0.1 (px, or % of the total when minwidth_pct) */
	bool minwidth_pct;
	const char *fonttype;	/* "Verdana" */
	double fontsize;	/* 12 */
	double fontwidth;	/* average glyph width / fontsize: 0.59 */
	const char *countname;	/* NULL: the profile's unit, else "samples" */
	const char *nametype;	/* "Function:" */
	const char *colors;	/* palette, render/color.h; NULL: "hot", or
				 * blues for off-CPU time */
	const char *bgcolors;	/* "yellow", "blue", "green", "grey", "#rrggbb",
				 * NULL: "yellow" (diff: "grey") */
	bool hash;		/* accepted for flamegraph.pl users: colours are
				 * always a hash of the name here */
	bool inverted;		/* icicle: root at the top, growing down */
	bool reverse;		/* merge stacks from the leaves (callee first) */
	bool negate;		/* diff: swap red and blue */
	const char *notes;	/* free text embedded in the graph */
	double total;		/* --total: the full width stands for this many
				 * units (so graphs share a scale); 0 = the
				 * profile's total. Smaller than the total is
				 * an error. In units after --factor. */
	double factor;		/* multiply every value by this: 1 */

	uint32_t max_depth;	/* --max-depth: no frame deeper; 0: none */

	/* Differential graphs only. Every figure comes from the comparison
	 * (analyzer/compare.h): shares are percent of each run's kept
	 * weight, averaged over the side's runs, as the LKP table's. */
	bool normalize;		/* diff --folded only: graphs compare shares */
	enum color_by color_by; /* COLOR_BY_TOTAL */
	enum width_by width_by; /* WIDTH_MEAN */
	double min_delta;	/* the table's --min-change floor for the
				 * verdict, points, or DIFF_NO_MIN_CHANGE
				 * (the one-run floor applies) */
	double max_delta;	/* the colour scale's end, points; 0: the
				 * largest change drawn */
	bool strip_clones;	/* match foo.isra.0 with foo: true */

	/* A picture for mail (png's default, cli/cmd-png.c): a frame
	 * narrower than minwidth is left in its caller's width (no
	 * "(N merged frames)"), the legend says so, a diff's info line is
	 * two (base, then new) and each side's size is its weight in the
	 * profile's unit whatever the filter. */
	bool mail;
};

void flame_opts_init(struct flame_opts *o);

/*
 * The ranges layout_build() and layout_build_diff() accept (LAYOUT_EOPTS
 * and a message "--NAME VALUE: must be LO to HI" otherwise), declared
 * once here: cli/graph-opts.c's option table uses the same constants, so
 * the command line refuses what the layout would (naming the option,
 * before any input is read). NaN is in no range.
 */
#define FLAME_MIN_WIDTH 100
#define FLAME_MAX_WIDTH 1e6
#define FLAME_MIN_HEIGHT 1
#define FLAME_MAX_HEIGHT 1000
#define FLAME_MIN_FONTSIZE 1
#define FLAME_MAX_FONTSIZE 500
#define FLAME_MIN_FONTWIDTH 0.01
#define FLAME_MAX_FONTWIDTH 10
#define FLAME_MAX_MINWIDTH_PX 1e6
#define FLAME_MAX_POINTS 100	/* --min-delta, --max-delta */
#define FLAME_MAX_VALUE 1e300	/* --factor (above 0), --total */

/* The defaults flame_opts_init() sets, flamegraph.pl's; the help says them. */
#define FLAME_WIDTH 1200
#define FLAME_HEIGHT 16
#define FLAME_MINWIDTH 0.1
#define FLAME_FONTTYPE "Verdana"
#define FLAME_FONTSIZE 12
#define FLAME_FONTWIDTH 0.59

/*
 * A picture for mail (struct flame_opts.mail): no frame narrower than
 * FLAME_MAIL_MINWIDTH px unless --minwidth says otherwise (about the
 * --minwidth 0.5% that makes a system-wide diff readable at 1200 px), and
 * no outline on a frame narrower than FLAME_MAIL_OUTLINE_PX, which would
 * be all outline.
 */
#define FLAME_MAIL_MINWIDTH 6
#define FLAME_MAIL_OUTLINE_PX 8

/* What a frame is, beyond its kind. */
#define LF_MERGED 0x1 /* stands for several adjacent siblings each narrower
		       * than minwidth; name says how many, no children */
#define LF_GHOST 0x2  /* diff: zero in the new build, present in base */
#define LF_BORN 0x4   /* diff: zero in base, present in the new build */
#define LF_COLORED 0x8 /* diff: drawn in colour (= LF_CHANGED) */
#define LF_CHANGED 0x10 /* diff: the table's rule calls this path changed */

struct layout_frame {
	double x;	/* left edge, px, within [graph_x, graph_x+graph_w] */
	double width;	/* px, >= minwidth (root: may be any width) */
	uint32_t depth; /* 0 = the root "all", 1 = its children... */
	uint32_t parent; /* index in frames[], NODE_NONE for the root */
	const char *name; /* NUL-terminated, raw (never escaped), no "_[k]"
			   * suffix: kind says that */
	uint32_t name_len;
	uint8_t kind;	/* enum frame_kind (analyzer/profile.h) */
	uint8_t flags;	/* LF_* */
	uint32_t merged; /* LF_MERGED: how many frames it stands for */

	/* Values, in the profile's units times --factor. For a diff these
	 * are the normalised values (new scaled to base's total) and value
	 * is what decided the width (see layout_build_diff()). */
	double value;	/* inclusive (total) */
	double self;
};

/*
 * A diff frame's figures, in struct layout's deltas[], parallel to
 * frames[] (layout_delta()). Apart from the frames because a plain graph
 * has none: they would double the size of every frame of a graph of a
 * million, pages written and copied for nothing.
 */
struct layout_delta {
	/* Percent (the comparison's shares); delta in points. */
	double base, new;	    /* inclusive */
	double base_self, new_self;
	double delta;		    /* new - base, points, of the
				     * color_by metric; < 0: less in new */
	double p_value;		    /* Welch, -1 if not computed */
	float heat;		    /* -1 (bluest) .. +1 (reddest), 0 when not
				     * LF_COLORED; |heat| = |delta| / max;
				     * already swapped by --negate */
};

/*
 * The image geometry. Both backends use exactly these numbers so a PNG and
 * an SVG of the same profile look the same.
 *
 *   +------------------------------------------------+ 0
 *   | title (title_y)                                |
 *   | [subtitle (subtitle_y), when there is one]     |
 *   | [info line (info_y), when there is one]        |
 *   | [legend (legend_y), diff only]                 |
 *   |  graph_y +----------------------------+        |
 *   |          |  frames, rows of frame_h   |        |
 *   |          +----------------------------+        |
 *   | details line (details_y)                       |
 *   +------------------------------------------------+ height
 */
struct layout_geom {
	double width, height;	 /* whole image, px */
	double graph_x, graph_w; /* frame area, px (xpad on both sides) */
	double graph_y, graph_h; /* frame area top and height */
	double frame_h;		 /* one row (frame height incl. 1 px gap) */
	/* Text baselines; 0 when that line is not drawn. */
	double title_y, subtitle_y, info_y, info2_y, legend_y, details_y;
	double fontsize;
};

/* What an off-CPU graph says under its title (unless --subtitle). */
#define LAYOUT_OFFCPU_SUBTITLE                                             \
	"Off-CPU time: each switch-out stack weighted by the time its task " \
	"then waited"

struct layout {
	struct layout_frame *frames; /* pre-order: parent before children,
				      * siblings left to right */
	size_t nr_frames;
	uint32_t max_depth;	/* deepest frame's depth */
	struct layout_geom geom;

	bool diff;
	bool empty;		/* no samples at all: draw a message only */
	/* off-CPU time (event "offcpu", analyzer/sched.h): drawn in blues
	 * unless --colors says otherwise, and said in the subtitle */
	bool offcpu;
	double total;		/* root value (units, after --factor) */
	double scale_total;	/* what graph_w stands for (>= total) */
	const char *title;	/* resolved: never NULL */
	const char *subtitle;	/* --subtitle, else LAYOUT_OFFCPU_SUBTITLE
				 * for off-CPU time; may be NULL */
	const char *info;	/* what a reader needs to trust the graph:
				 * event, samples, duration, kernel (of each
				 * side); a diff's opens with the benchmark's
				 * headline change when the runs carry one
				 * (bench_headline()); may be NULL */
	const char *info2;	/* mail: a diff's info is two lines, info
				 * (headline, base) and info2 (new, width);
				 * NULL otherwise */
	const char *countname;	/* resolved: never NULL */
	const struct flame_opts *opts; /* as given; must outlive the layout */

	/* Diff only. */
	struct layout_delta *deltas;	/* per frame; NULL for a plain graph */
	double base_total, new_total;	/* raw, before normalising */
	double new_scale;		/* factor applied to new's values */
	double max_delta;		/* the colour scale's end, points */
	const char *legend;		/* what the colours mean (text) */
	size_t base_runs, new_runs;
	const char *base_name, *new_name;

	/* Metadata of the (first) profile, for the subtitle; may be NULL. */
	const char *event, *kernel, *new_kernel;
	double duration, new_duration;
	uint64_t samples, new_samples;

	/*
	 * A focus view (layout_build_focus()): frames [0, focus_split) are
	 * the callers, drawn as a flame graph in the top focus_rows rows,
	 * the function at the bottom one; the frames from focus_split on
	 * the callees, an icicle below one empty row, the function at its
	 * top. Each part's roots have depth 0 and parent NODE_NONE. 0: an
	 * ordinary graph.
	 */
	size_t focus_split;
	uint32_t focus_rows;

	void *priv; /* storage owned by the layout (names, merged labels) */
};

/*
 * What layout_build() and layout_build_diff() return on failure, with err
 * set: LAYOUT_EOPTS when the options cannot be honoured (a usage error:
 * out of range, --total below the profile's total, a --factor that makes
 * the total overflow or vanish), LAYOUT_EINPUT when the input's own
 * numbers cannot be drawn (a total that is not finite).
 */
#define LAYOUT_EOPTS (-1)
#define LAYOUT_EINPUT (-2)

/*
 * Lay out one profile. The profile must stay alive and unchanged until
 * layout__delete() (frame names point into it). LAYOUT_EOPTS or
 * LAYOUT_EINPUT with err on failure. Every number in the result is
 * finite. An empty profile (total 0)
 * gives a layout with empty set and no frames: backends draw a message.
 *
 * Invariants of the result (when not empty):
 *  - frames[0] is the root "all": depth 0, x == geom.graph_x, width ==
 *    geom.graph_w * total / scale_total;
 *  - every other frame lies within its parent's [x, x + width] and one row
 *    further from the root; siblings do not overlap and are in ascending
 *    bytewise name order (then kind), so graphs of one workload line up;
 *    with --reverse the tree is merged from the leaves first;
 *  - a frame's children's values add up to at most its value;
 *  - no frame but the root is narrower than the minimum width; narrow
 *    adjacent siblings are merged into one LF_MERGED frame when together
 *    they are wide enough, dropped otherwise (always dropped for mail:
 *    their width stays in their caller's).
 */
int layout_build(struct layout **out, const struct profile *p,
		 const struct flame_opts *o, struct fd_err *err);

/*
 * Check the invariants above on l (a plain graph's or a comparison's), and
 * that every number in it is finite: 0 when they hold, -1 with err naming
 * the first frame that breaks one. For tests and the fuzz harnesses.
 */
int layout_check(const struct layout *l, struct fd_err *err);

/*
 * Lay out a comparison t (built by cmp_tree__new() from the runs; for
 * --reverse, from reversed runs). base_merged and new_merged give the
 * metadata of the info line and the totals only (a side's tree-less sum,
 * struct side, will do); they and t, whose shape the frames' names point
 * into, must outlive the layout.
 *
 * Every frame's width is exactly the share o->width_by names (percent of
 * the root's 100, no squeezing: the comparison's shares form a valid
 * tree). A frame is LF_CHANGED, and coloured, exactly when t's verdict
 * for its path is "changed" (the table's rule); its heat is its change
 * over o->max_delta (or over the largest change drawn), clamped to
 * [-1, 1]. Paths gone in new (LF_GHOST) or new in new (LF_BORN) are drawn
 * at full colour with an outline of their own. Merged runs of narrow
 * frames carry sums and are never coloured.
 */
int layout_build_diff(struct layout **out, const struct cmp_tree *t,
		      const struct profile *base_merged,
		      const struct profile *new_merged,
		      const struct flame_opts *o, struct fd_err *err);

/*
 * The focus view of a function, func, as one picture (diff --focus's
 * numbers): the comparisons of its callers and its callees trees
 * (struct comparison's focus[], analyzer/focus.h), each laid out as
 * layout_build_diff() lays out a comparison, with one colour scale; the
 * callers drawn above as a flame graph whose bottom row is func, the
 * callees below as an icicle whose top row is func (focus_split). The
 * widths are shares of func's share: func is the full width. The title
 * and subtitle say so unless o gives them. A func of one side only is
 * drawn (all gone, or all new); the layout is empty when the share
 * o->width_by names is 0.
 * layout_build_focus_plain() does the same for one profile's two focus
 * trees (focus_run_build()), weights as layout_build() draws them.
 */
int layout_build_focus(struct layout **out, const struct cmp_tree *callers,
		       const struct cmp_tree *callees,
		       const struct profile *base_merged,
		       const struct profile *new_merged, const char *func,
		       const struct flame_opts *o, struct fd_err *err);
int layout_build_focus_plain(struct layout **out,
			     const struct profile *callers,
			     const struct profile *callees, const char *func,
			     const struct flame_opts *o, struct fd_err *err);

void layout__delete(struct layout *l);

/*
 * A diff frame's shares in percent of each side's own total, inclusive
 * (self false) or self, and the change in points as used for colouring
 * (of base's total; new normalised unless --no-normalize).
 */
void layout_diff_shares(const struct layout *l, const struct layout_frame *f,
			bool self, double *base_pct, double *new_pct,
			double *delta_pts);

/* The figures of frame f of a diff layout l. */
static inline const struct layout_delta *
layout_delta(const struct layout *l, const struct layout_frame *f)
{
	return &l->deltas[f - l->frames];
}

/* Top of the row of a frame of this depth (handles --inverted). */
static inline double layout_row_y(const struct layout *l, uint32_t depth)
{
	const struct layout_geom *g = &l->geom;

	if (l->opts->inverted)
		return g->graph_y + depth * g->frame_h;
	return g->graph_y + g->graph_h - (depth + 1) * g->frame_h;
}

/* Top of the row of frame f: layout_row_y(), or a focus view's place. */
static inline double layout_frame_y(const struct layout *l,
				    const struct layout_frame *f)
{
	const struct layout_geom *g = &l->geom;

	if (!l->focus_rows)
		return layout_row_y(l, f->depth);
	if ((size_t)(f - l->frames) < l->focus_split)
		return g->graph_y + (l->focus_rows - 1.0 - f->depth) * g->frame_h;
	return g->graph_y + (l->focus_rows + 1.0 + f->depth) * g->frame_h;
}

/*
 * The label that fits in a frame of width px: the whole name, or a prefix
 * followed by "..", or nothing (returns 0). Writes at most cap-1 bytes and
 * a NUL into buf; never cuts a UTF-8 sequence. Width estimate: fontsize *
 * fontwidth per character, as flamegraph.pl does, so SVG and PNG cut alike.
 */
size_t layout_label(const struct layout *l, const struct layout_frame *f,
		    char *buf, size_t cap);

/*
 * Where a diff's legend text wraps: it starts at geom.legend_y after the
 * colour scale and goes on at the image's left, each further line 1.3
 * font sizes down, at most LAYOUT_LEGEND_LINES more. at[k] is the offset
 * in l->legend where line k + 1 starts, after the last "; " (else ", ",
 * else space) that fits on line k by the fontwidth estimate; at[0] is 0
 * when nothing fits beside the scale. Returns how many lines follow the
 * first (at most max): 0 when the legend fits on one line. Only a word
 * wider than the image runs past its edge.
 */
#define LAYOUT_LEGEND_LINES 16
size_t layout_legend_breaks(const struct layout *l, size_t *at, size_t max);

/* The background: --bgcolors, else blue for off-CPU time, else NULL
 * (color_background()'s default). */
static inline const char *layout_bgcolors(const struct layout *l)
{
	if (l->opts->bgcolors)
		return l->opts->bgcolors;
	return l->offcpu && !l->diff ? "blue" : NULL;
}

#endif
