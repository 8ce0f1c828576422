// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff png: a static flame graph (plain, icicle or differential) for
 * mail and issue trackers, with the legend and, on request, the top movers
 * drawn into the picture. The options are svg's; "-o x.svg" writes an SVG.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "render/graph-file.h"
#include "render/png.h"

static const char usage_head[] =
	"usage: flamediff png [OPTIONS] [PROFILE...] -o out.png\n"
	"       flamediff png [OPTIONS] --diff BASE NEW [--table N] "
	"-o diff.png\n"
	"A PROFILE is perf script text, folded stacks or a flamediff "
	"profile\n(gzip or not); several are added up; with none, standard input is read.\n"
	"PNG options:\n"
	"  --table N           diff: the N functions that moved most, as a "
	"table\n"
	"                      under the graph (LKP's children shares)";

enum { OPT_TABLE = 0x200 };

static const struct option png_options[] = {
	{ "table", required_argument, NULL, OPT_TABLE },
	{ NULL, 0, NULL, 0 },
};

static int png_opt(int opt, const char *arg, void *ctx)
{
	size_t *table = ctx;
	char *end;
	long v;

	if (opt != OPT_TABLE)
		return -1;
	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end || errno || v < 0 || v > 1000) {
		fprintf(stderr, "flamediff: --table '%s': want 0 to 1000\n",
			arg);
		return -1;
	}
	*table = v;
	return 0;
}

int cmd_png(int argc, char **argv)
{
	struct fd_err err = { { 0 } };
	struct png_table table = { 0 };
	struct png_opts po = { 0 };
	struct graph_cmd g;
	const char *out;
	size_t nr_table = 0;
	bool help;
	int ret;

	ret = graph_cmd_parse(&g, argc, argv, usage_head, png_options, "",
			      png_opt, &nr_table, &help);
	if (ret || help)
		goto out;
	out = g.output ? g.output : "-";
	if (graph_format_for(out, GRAPH_PNG) == GRAPH_PNG && !g.output &&
	    isatty(STDOUT_FILENO)) {
		fprintf(stderr, "flamediff: not writing a PNG to a terminal: "
				"use -o FILE\n");
		ret = EXIT_USAGE;
		goto out;
	}
	ret = graph_cmd_load(&g);
	if (ret)
		goto out;
	/* No picture of nothing: an empty input leaves no file behind. */
	if (g.layout->empty &&
	    graph_format_for(out, GRAPH_PNG) == GRAPH_PNG) {
		ret = die_input("no samples in the input: nothing to draw, "
				"no PNG written");
		goto out;
	}
	if (nr_table) {
		if (!g.layout->diff) {
			fprintf(stderr, "flamediff: --table needs a diff "
					"(--diff BASE NEW)\n");
			ret = EXIT_USAGE;
			goto out;
		}
		if (png_movers(g.sides[0].merged, g.sides[1].merged, nr_table,
			       &table, &err)) {
			ret = die_input(err.msg);
			goto out;
		}
		po.table = &table;
		if (graph_format_for(out, GRAPH_PNG) != GRAPH_PNG)
			fprintf(stderr, "flamediff: --table is drawn in PNG "
					"output only\n");
	}
	if (graph_save(g.layout, &po, out, GRAPH_PNG, &err)) {
		ret = die_input(err.msg);
		goto out;
	}
	/* An SVG of an empty input is written and says so; the status
	 * tells scripts. */
	if (g.layout->empty)
		ret = die_input("no samples in the input: the graph is empty");
out:
	png_table_free(&table);
	graph_cmd_free(&g);
	return ret;
}
