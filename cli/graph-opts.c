// SPDX-License-Identifier: GPL-2.0
/*
 * The options and input handling every graph command shares (svg, png):
 * flamegraph.pl's options by their names, the diff options, and turning
 * the inputs into a layout.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/outfile.h"
#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "cli/input-opts.h"
#include "render/color.h"

enum {
	OPT_TITLE = 0x100,
	OPT_SUBTITLE,
	OPT_WIDTH,
	OPT_HEIGHT,
	OPT_MINWIDTH,
	OPT_FONTTYPE,
	OPT_FONTSIZE,
	OPT_FONTWIDTH,
	OPT_COUNTNAME,
	OPT_NAMETYPE,
	OPT_COLORS,
	OPT_BGCOLORS,
	OPT_HASH,
	OPT_CP,
	OPT_INVERTED,
	OPT_REVERSE,
	OPT_NEGATE,
	OPT_NOTES,
	OPT_TOTAL,
	OPT_FACTOR,
	OPT_DIFF,
	OPT_BASE,
	OPT_NEW,
	OPT_NO_NORMALIZE,
	OPT_COLOR_BY,
	OPT_MIN_DELTA,
	OPT_ALPHA,
	OPT_NO_STRIP,
};

static const struct option graph_options[] = {
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "subtitle", required_argument, NULL, OPT_SUBTITLE },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "height", required_argument, NULL, OPT_HEIGHT },
	{ "minwidth", required_argument, NULL, OPT_MINWIDTH },
	{ "fonttype", required_argument, NULL, OPT_FONTTYPE },
	{ "fontsize", required_argument, NULL, OPT_FONTSIZE },
	{ "fontwidth", required_argument, NULL, OPT_FONTWIDTH },
	{ "countname", required_argument, NULL, OPT_COUNTNAME },
	{ "nametype", required_argument, NULL, OPT_NAMETYPE },
	{ "colors", required_argument, NULL, OPT_COLORS },
	{ "bgcolors", required_argument, NULL, OPT_BGCOLORS },
	{ "hash", no_argument, NULL, OPT_HASH },
	{ "cp", no_argument, NULL, OPT_CP },
	{ "inverted", no_argument, NULL, OPT_INVERTED },
	{ "reverse", no_argument, NULL, OPT_REVERSE },
	{ "negate", no_argument, NULL, OPT_NEGATE },
	{ "notes", required_argument, NULL, OPT_NOTES },
	{ "total", required_argument, NULL, OPT_TOTAL },
	{ "factor", required_argument, NULL, OPT_FACTOR },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "base", required_argument, NULL, OPT_BASE },
	{ "new", required_argument, NULL, OPT_NEW },
	{ "no-normalize", no_argument, NULL, OPT_NO_NORMALIZE },
	{ "color-by", required_argument, NULL, OPT_COLOR_BY },
	{ "min-delta", required_argument, NULL, OPT_MIN_DELTA },
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	{ "no-strip-clones", no_argument, NULL, OPT_NO_STRIP },
	INPUT_LONG_OPTIONS,
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
};

#define NR_GRAPH_OPTIONS (sizeof(graph_options) / sizeof(graph_options[0]))

void graph_opts_usage(FILE *fp)
{
	fputs("Graph options (as flamegraph.pl):\n"
	      "  --title TEXT        title (default \"Flame Graph\")\n"
	      "  --subtitle TEXT     second line under the title\n"
	      "  --width PX          image width (1200)\n"
	      "  --height PX         height of one frame row (16)\n"
	      "  --minwidth PX|N%    narrower frames are merged (0.1)\n"
	      "  --fonttype FONT     (Verdana)   --fontsize PT (12)\n"
	      "  --fontwidth F       average glyph width / size (0.59)\n"
	      "  --countname NAME    unit of the values (the profile's, or "
	      "samples)\n"
	      "  --nametype TEXT     label of the details line (Function:)\n"
	      "  --colors PALETTE    hot mem io wakeup chain java js perl red "
	      "green\n"
	      "                      blue aqua yellow purple orange (hot)\n"
	      "  --bgcolors C        yellow blue green grey or #rrggbb\n"
	      "  --hash, --cp        accepted: colours always hash the name\n"
	      "  --inverted          icicle graph, root at the top\n"
	      "  --reverse           merge stacks from the leaves\n"
	      "  --negate            diff: swap red and blue\n"
	      "  --notes TEXT        embedded in the graph\n"
	      "  --total N           the full width stands for N (a common "
	      "scale)\n"
	      "  --factor F          multiply every value by F\n"
	      "Input:\n"
	      INPUT_OPTIONS_HELP
	      "Differential (--diff BASE NEW, or --base F... --new F...;\n"
	      "a side is a file or a directory of runs):\n"
	      "  --no-normalize      do not scale new to base's total\n"
	      "  --color-by total|self  colour the change of the inclusive "
	      "(default)\n"
	      "                      or the self share\n"
	      "  --min-delta PTS     smaller changes stay neutral (0.1)\n"
	      "  --alpha P           with >= 2 runs a side, changes with a "
	      "Welch\n"
	      "                      p-value above P stay neutral (0.05)\n"
	      "  --no-strip-clones   keep .isra.N/.constprop.N/.part.N "
	      "suffixes\n"
	      "  -o, --output FILE   where to write (default: stdout)\n",
	      fp);
}

static int bad(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "flamediff: --%s '%s': %s\n", opt, arg, why);
	return -1;
}

static int parse_num(const char *opt, const char *arg, double lo, double hi,
		     double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end || errno || !isfinite(v))
		return bad(opt, arg, "not a number");
	if (v < lo || v > hi)
		return bad(opt, arg, "out of range");
	*out = v;
	return 0;
}

static void push(char ***v, size_t *n, char *s)
{
	*v = xrealloc(*v, sizeof(**v) * (*n + 1));
	(*v)[(*n)++] = s;
}

static int graph_opt(struct graph_cmd *g, int c, char *arg)
{
	struct flame_opts *o = &g->fo;
	size_t len;

	switch (c) {
	case OPT_TITLE: o->title = arg; break;
	case OPT_SUBTITLE: o->subtitle = arg; break;
	case OPT_WIDTH:
		return parse_num("width", arg, 100, 1e6, &o->width);
	case OPT_HEIGHT:
		return parse_num("height", arg, 1, 1000, &o->frame_height);
	case OPT_MINWIDTH:
		len = strlen(arg);
		o->minwidth_pct = len && arg[len - 1] == '%';
		if (o->minwidth_pct) {
			char *num = xstrndup(arg, len - 1);
			int r = parse_num("minwidth", num, 0, 100,
					  &o->minwidth);

			free(num);
			return r;
		}
		return parse_num("minwidth", arg, 0, 1e6, &o->minwidth);
	case OPT_FONTTYPE: o->fonttype = arg; break;
	case OPT_FONTSIZE:
		return parse_num("fontsize", arg, 1, 500, &o->fontsize);
	case OPT_FONTWIDTH:
		return parse_num("fontwidth", arg, 0.01, 10, &o->fontwidth);
	case OPT_COUNTNAME: o->countname = arg; break;
	case OPT_NAMETYPE: o->nametype = arg; break;
	case OPT_COLORS:
		if (!color_palette_valid(arg))
			return bad("colors", arg, "unknown palette");
		o->colors = arg;
		break;
	case OPT_BGCOLORS: {
		struct rgb a, b;

		if (!color_background(arg, false, &a, &b))
			return bad("bgcolors", arg,
				   "want yellow, blue, green, grey or #rrggbb");
		o->bgcolors = arg;
		break;
	}
	case OPT_HASH: o->hash = true; break;
	case OPT_CP: break;
	case OPT_INVERTED: o->inverted = true; break;
	case OPT_REVERSE: o->reverse = true; break;
	case OPT_NEGATE: o->negate = true; break;
	case OPT_NOTES: o->notes = arg; break;
	case OPT_TOTAL:
		return parse_num("total", arg, 0, 1e300, &o->total);
	case OPT_FACTOR:
		if (parse_num("factor", arg, 0, 1e300, &o->factor))
			return -1;
		if (!(o->factor > 0))
			return bad("factor", arg, "must be positive");
		break;
	case OPT_DIFF: g->diff = true; break;
	case OPT_BASE:
		g->diff = true;
		push(&g->base, &g->nr_base, arg);
		break;
	case OPT_NEW:
		g->diff = true;
		push(&g->new, &g->nr_new, arg);
		break;
	case OPT_NO_NORMALIZE: o->normalize = false; break;
	case OPT_COLOR_BY:
		if (!strcmp(arg, "total"))
			o->color_by = COLOR_BY_TOTAL;
		else if (!strcmp(arg, "self"))
			o->color_by = COLOR_BY_SELF;
		else
			return bad("color-by", arg, "want total or self");
		break;
	case OPT_MIN_DELTA:
		return parse_num("min-delta", arg, 0, 100, &o->min_delta);
	case OPT_ALPHA:
		return parse_num("alpha", arg, 0, 1, &o->alpha);
	case OPT_NO_STRIP: o->strip_clones = false; break;
	case 'o': g->output = arg; break;
	default:
		return 1; /* not ours */
	}
	return 0;
}

int graph_cmd_parse(struct graph_cmd *g, int argc, char **argv,
		    const char *usage_head, const struct option *extra,
		    const char *extra_short, graph_opt_cb cb, void *ctx,
		    bool *help)
{
	struct option *all;
	size_t nr_extra = 0, i;
	char shorts[64];
	int c, r, ret = EXIT_USAGE;

	memset(g, 0, sizeof(*g));
	flame_opts_init(&g->fo);
	*help = false;
	while (extra && extra[nr_extra].name)
		nr_extra++;
	all = xcalloc(NR_GRAPH_OPTIONS + nr_extra + 1, sizeof(*all));
	memcpy(all, graph_options, sizeof(graph_options));
	for (i = 0; i < nr_extra; i++)
		all[NR_GRAPH_OPTIONS + i] = extra[i];
	snprintf(shorts, sizeof(shorts), "o:h%s", extra_short ? extra_short
							      : "");

	optind = 1;
	while ((c = getopt_long(argc, argv, shorts, all, NULL)) != -1) {
		if (c == 'h') {
			printf("%s\n", usage_head);
			graph_opts_usage(stdout);
			*help = true;
			ret = 0;
			goto out;
		}
		if (c == '?')
			goto usage;
		if (input_opt(&g->io, c, optarg))
			continue;
		r = graph_opt(g, c, optarg);
		if (r == 1)
			r = cb ? cb(c, optarg, ctx) : -1;
		if (r)
			goto out;
	}

	for (i = optind; i < (size_t)argc; i++)
		push(&g->inputs, &g->nr_inputs, argv[i]);
	if (g->diff) {
		if (g->nr_base || g->nr_new) {
			if (g->nr_inputs || !g->nr_base || !g->nr_new) {
				fprintf(stderr, "flamediff: --base and --new "
						"each at least once, and no "
						"other inputs\n");
				goto usage;
			}
		} else if (g->nr_inputs == 2) {
			push(&g->base, &g->nr_base, g->inputs[0]);
			push(&g->new, &g->nr_new, g->inputs[1]);
			g->nr_inputs = 0;
		} else {
			fprintf(stderr, "flamediff: --diff takes two inputs, "
					"BASE and NEW\n");
			goto usage;
		}
	}
	ret = 0;
	goto out;
usage:
	fprintf(stderr, "%s\n'flamediff %s --help' for the options.\n",
		usage_head, argv[0]);
	ret = EXIT_USAGE;
out:
	free(all);
	return ret;
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
	} else if (side_load(&g->sides[0], g->base, g->nr_base, &g->io, &err) ||
		   side_load(&g->sides[1], g->new, g->nr_new, &g->io, &err)) {
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
	free(g->base);
	free(g->new);
	free(g->inputs);
	memset(g, 0, sizeof(*g));
}
