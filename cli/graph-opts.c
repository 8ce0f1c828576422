// SPDX-License-Identifier: GPL-2.0
/*
 * The options and input handling every graph command shares (svg, png):
 * flamegraph.pl's options by their names, the diff options, and turning
 * the inputs into a layout.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/outfile.h"
#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "cli/input-opts.h"
#include "render/color.h"

const struct po_option input_options[] = {
	PO_BOOL(0, "pid", struct input_opts, ps.pid,
		"perf script: process root 'comm-PID'"),
	PO_BOOL(0, "tid", struct input_opts, ps.tid,
		"perf script: process root 'comm-PID/TID'"),
	PO_STRING(0, "event-filter", struct input_opts, ps.event, "EV",
		  "perf script: samples of this event only\n"
		  "(default: the first event seen)"),
	PO_BOOL(0, "no-comm", struct input_opts, ps.no_comm,
		"no process-name root (perf script), or\n"
		"folded stacks that start with a function"),
	PO_FILENAME(0, "kallsyms", struct input_opts, kallsyms, "FILE",
		    "perf.data: kernel symbols (a copy of /proc/kallsyms)\n"
		    "of the kernel that recorded it"),
	PO_FILENAME(0, "vmlinux", struct input_opts, vmlinux, "FILE",
		    "perf.data: kernel symbols from that kernel's vmlinux"),
	PO_END,
};

/* "PX" or "N%": a percentage of the total is at most 100. */
static int minwidth_cb(const struct po_option *opt, const char *arg,
		       void *value, struct strbuf *err)
{
	struct flame_opts *o = value;
	struct po_option num = *opt;
	size_t len = strlen(arg);
	bool pct = len && arg[len - 1] == '%';
	char *s = xstrndup(arg, pct ? len - 1 : len);
	int r;

	num.flags = PO_RANGE;
	num.lo = 0;
	num.hi = pct ? 100 : 1e6;
	r = po_get_double(&num, s, &o->minwidth, err);
	if (!r)
		o->minwidth_pct = pct;
	free(s);
	return r;
}

static int colors_cb(const struct po_option *opt, const char *arg,
		     void *value, struct strbuf *err)
{
	if (color_palette_valid(arg))
		return 0;
	strbuf_addstr(err, "unknown palette");
	return -1;
}

static int bgcolors_cb(const struct po_option *opt, const char *arg,
		       void *value, struct strbuf *err)
{
	struct rgb a, b;

	if (color_background(arg, false, &a, &b))
		return 0;
	strbuf_addstr(err, "want yellow, blue, green, grey or #rrggbb");
	return -1;
}

static const char *const color_by_words[] = { "total", "self", NULL };

#define G struct graph_cmd
const struct po_option graph_options[] = {
	PO_GROUP("Graph options (as flamegraph.pl):"),
	PO_STRING(0, "title", G, fo.title, "TEXT",
		  "title (default \"Flame Graph\")"),
	PO_STRING(0, "subtitle", G, fo.subtitle, "TEXT",
		  "second line under the title"),
	PO_DOUBLE(0, "width", G, fo.width, "PX", 100, 1e6,
		  "image width (1200)"),
	PO_DOUBLE(0, "height", G, fo.frame_height, "PX", 1, 1000,
		  "height of one frame row (16)"),
	PO_CALLBACK(0, "minwidth", G, fo, "PX|N%", minwidth_cb,
		    "narrower frames are merged (0.1)"),
	PO_STRING(0, "fonttype", G, fo.fonttype, "FONT", "(Verdana)"),
	PO_DOUBLE(0, "fontsize", G, fo.fontsize, "PT", 1, 500, "(12)"),
	PO_DOUBLE(0, "fontwidth", G, fo.fontwidth, "F", 0.01, 10,
		  "average glyph width / size (0.59)"),
	PO_STRING(0, "countname", G, fo.countname, "NAME",
		  "unit of the values (the profile's, or samples)"),
	PO_STRING(0, "nametype", G, fo.nametype, "TEXT",
		  "label of the details line (Function:)"),
	{ .type = PO_T_STRING, .long_name = "colors",
	  .off = PO_OFF(G, fo.colors, const char *), .argh = "PALETTE",
	  .cb = colors_cb,
	  .help = "hot mem io wakeup chain java js perl red green\n"
		  "blue aqua yellow purple orange (hot)" },
	{ .type = PO_T_STRING, .long_name = "bgcolors",
	  .off = PO_OFF(G, fo.bgcolors, const char *), .argh = "C",
	  .cb = bgcolors_cb, .help = "yellow blue green grey or #rrggbb" },
	PO_BOOL(0, "hash", G, fo.hash,
		"accepted: colours always hash the name"),
	PO_NOOP(0, "cp", "accepted: colours always hash the name"),
	PO_BOOL(0, "inverted", G, fo.inverted, "icicle graph, root at the top"),
	PO_BOOL(0, "reverse", G, fo.reverse, "merge stacks from the leaves"),
	PO_BOOL(0, "negate", G, fo.negate, "diff: swap red and blue"),
	PO_STRING(0, "notes", G, fo.notes, "TEXT", "embedded in the graph"),
	PO_DOUBLE(0, "total", G, fo.total, "N", 0, 1e300,
		  "the full width stands for N (a common scale)"),
	{ .type = PO_T_DOUBLE, .long_name = "factor",
	  .off = PO_OFF(G, fo.factor, double), .argh = "F",
	  .flags = PO_RANGE | PO_LO_OPEN, .lo = 0, .hi = 1e300,
	  .help = "multiply every value by F" },
	PO_GROUP("Input:"),
	PO_INCLUDE(G, io, input_options),
	PO_GROUP("Differential (--diff BASE NEW, or --base F... --new F...;\n"
		 "a side is a file or a directory of runs):"),
	PO_BOOL(0, "diff", G, diff, "the two inputs are BASE and NEW"),
	PO_LIST(0, "base", G, base, "F", "a run of the base side (repeatable)"),
	PO_LIST(0, "new", G, new, "F", "a run of the new side (repeatable)"),
	PO_CLEAR(0, "no-normalize", G, fo.normalize,
		 "do not scale new to base's total"),
	PO_CHOICE(0, "color-by", G, color_by, "total|self", color_by_words,
		  "colour the change of the inclusive (default)\n"
		  "or the self share"),
	PO_DOUBLE(0, "min-delta", G, fo.min_delta, "PTS", 0, 100,
		  "smaller changes stay neutral (0.1)"),
	PO_DOUBLE(0, "alpha", G, fo.alpha, "P", 0, 1,
		  "with >= 2 runs a side, changes with a Welch\n"
		  "p-value above P stay neutral (0.05)"),
	PO_CLEAR(0, "no-strip-clones", G, fo.strip_clones,
		 "keep .isra.N/.constprop.N/.part.N suffixes"),
	PO_FILENAME('o', "output", G, output, "FILE",
		    "where to write (default: stdout)"),
	PO_END,
};
#undef G

void graph_cmd_init(struct graph_cmd *g)
{
	memset(g, 0, sizeof(*g));
	flame_opts_init(&g->fo);
	g->color_by = g->fo.color_by;
}

int graph_cmd_parse(struct graph_cmd *g, int argc, char **argv,
		    const char *usage, const struct po_option *opts,
		    void *base, int *status)
{
	const char *cmd = argv[0];
	int n;

	n = cmd_parse_options(argc, argv, usage, opts, base, 0, status);
	if (n < 0)
		return -1;
	g->fo.color_by = g->color_by;
	g->inputs = argv;
	g->nr_inputs = n;
	if (g->base.nr || g->new.nr) {
		g->diff = true;
		if (g->nr_inputs || !g->base.nr || !g->new.nr) {
			*status = usage_error(cmd, "--base and --new each at "
					      "least once, and no other "
					      "inputs");
			return -1;
		}
	} else if (g->diff) {
		if (g->nr_inputs != 2) {
			*status = usage_error(cmd, "--diff takes two inputs, "
					      "BASE and NEW");
			return -1;
		}
		ALLOC_GROW(g->base.v, 1, g->base.alloc);
		ALLOC_GROW(g->new.v, 1, g->new.alloc);
		g->base.v[g->base.nr++] = g->inputs[0];
		g->new.v[g->new.nr++] = g->inputs[1];
		g->nr_inputs = 0;
	}
	return 0;
}

static int load_plain(struct graph_cmd *g, struct fd_err *err)
{
	struct profile *p2;
	size_t i;
	char *stdin_path = "-";
	char **inputs = g->nr_inputs ? g->inputs : &stdin_path;
	size_t n = g->nr_inputs ? g->nr_inputs : 1;

	g->profile = profile_new();
	p2 = profile_new();
	for (i = 0; i < n; i++) {
		int r = input_read(inputs[i], &g->io, g->profile, p2, err);

		/* An input without samples is not an error here: the graph
		 * says "no samples" and the command exits non-zero, as users
		 * of flamegraph.pl expect. */
		if (!r || r == INPUT_NO_SAMPLES)
			continue;
		profile_free(p2);
		return -1;
	}
	if (profile_total(p2) > 0 || p2->nr_nodes > 1) {
		/* Differential folded input ("stack base new"): its second
		 * column is the new build. */
		struct profile *pb = g->profile;
		int r;

		g->sides[0].merged = pb;
		g->sides[1].merged = p2;
		g->profile = NULL;
		g->diff = true;
		r = layout_build_diff(&g->layout, &g->sides[0].merged, 1, pb,
				      &g->sides[1].merged, 1, p2, &g->fo, err);
		return r ? -2 : 0;
	}
	profile_free(p2);
	return layout_build(&g->layout, g->profile, &g->fo, err) ? -2 : 0;
}

int graph_cmd_load(struct graph_cmd *g)
{
	struct fd_err err = { { 0 } };
	int r;

	if (!g->diff) {
		r = load_plain(g, &err);
	} else if (side_load(&g->sides[0], g->base.v, g->base.nr, &g->io,
			     &err) ||
		   side_load(&g->sides[1], g->new.v, g->new.nr, &g->io,
			     &err)) {
		r = -1;
	} else {
		struct side *b = &g->sides[0], *n = &g->sides[1];

		/* The side's name (label, else file name) for the info
		 * line. */
		if (b->name && !b->merged->meta.label)
			meta_set(&b->merged->meta.label, b->name);
		if (n->name && !n->merged->meta.label)
			meta_set(&n->merged->meta.label, n->name);
		r = layout_build_diff(&g->layout, b->runs, b->nr_runs,
				      b->merged, n->runs, n->nr_runs,
				      n->merged, &g->fo, &err)
			    ? -2
			    : 0;
	}
	if (r == -1)
		return die_input(err.msg);
	if (r == -2) {
		fprintf(stderr, "flamediff: %s\n", err.msg);
		return EXIT_USAGE;
	}
	return 0;
}

void graph_cmd_free(struct graph_cmd *g)
{
	layout_free(g->layout);
	if (g->sides[0].runs || g->sides[1].runs) {
		side_free(&g->sides[0]);
		side_free(&g->sides[1]);
	} else {
		/* A differential folded file: only the merged profiles. */
		profile_free(g->sides[0].merged);
		profile_free(g->sides[1].merged);
	}
	profile_free(g->profile);
	po_list_release(&g->base);
	po_list_release(&g->new);
	memset(g, 0, sizeof(*g));
}
