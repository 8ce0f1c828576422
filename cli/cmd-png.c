// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff png: a static flame graph (plain, icicle or differential) for
 * mail and issue trackers, with the legend and, on request, the top movers
 * drawn into the picture. The options are svg's; "-o x.svg" writes an SVG.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "render/graph-file.h"
#include "render/png.h"

const char png_usage[] =
	"usage: flamediff png [OPTIONS] [PROFILE...] -o out.png\n"
	"       flamediff png [OPTIONS] --diff BASE NEW [--table N] "
	"-o diff.png\n"
	"A PROFILE is perf script text, folded stacks, a flamediff profile\n"
	"or perf sched timehist text (off-CPU time), gzip or not; several\n"
	"are added up; with none, standard input is read.";

struct png_cmd {
	struct graph_cmd g;
	uint64_t table;		/* --table N: 0 for none */
};

const struct po_option png_options[] = {
	PO_GROUP("PNG options:"),
	PO_U64(0, "table", struct png_cmd, table, "N", 0, 1000,
	       "diff: the N functions that moved most, as a table\n"
	       "under the graph (LKP's children shares)"),
	PO_INCLUDE(struct png_cmd, g, graph_options),
	PO_END,
};

int cmd_png(int argc, char **argv)
{
	struct fd_err err = { { 0 } };
	struct movers table = { 0 };
	struct png_opts po = { 0 };
	struct png_cmd c = { .table = 0 };
	struct graph_cmd *g = &c.g;
	const char *out;
	size_t nr_table;
	int ret;

	graph_cmd_init(g);
	g->fo.minwidth = -1; /* not given: set below, by the format */
	if (graph_cmd_parse(g, argc, argv, png_usage, png_options, &c, &ret))
		goto out;
	/* A PNG is for mail: legible frames only (render/layout.h). */
	g->fo.mail = graph_format_for(g->output ? g->output : "-",
				      GRAPH_PNG) == GRAPH_PNG;
	if (g->fo.minwidth < 0) {
		g->fo.minwidth = g->fo.mail ? FLAME_MAIL_MINWIDTH : 0.1;
		g->fo.minwidth_pct = false;
	}
	nr_table = c.table;
	g->table_rows = nr_table > 0;
	out = g->output ? g->output : "-";
	if (graph_format_for(out, GRAPH_PNG) == GRAPH_PNG && !g->output &&
	    isatty(STDOUT_FILENO)) {
		ret = usage_error("png", "not writing a PNG to a terminal: "
					 "use -o FILE");
		goto out;
	}
	ret = graph_cmd_load(g);
	if (ret)
		goto out;
	/* No picture of nothing: an empty input leaves no file behind. */
	if (g->layout->empty &&
	    graph_format_for(out, GRAPH_PNG) == GRAPH_PNG) {
		ret = report_bad_input("no samples in the input: nothing to "
				       "draw, no PNG written");
		goto out;
	}
	if (nr_table) {
		if (!g->layout->diff) {
			ret = usage_error("png", "--table needs a diff "
						 "(--diff BASE NEW)");
			goto out;
		}
		/* The table's own rows: the same numbers as diff's. */
		movers_from_table(&table, &g->cmp.table, nr_table);
		po.table = &table;
		if (graph_format_for(out, GRAPH_PNG) != GRAPH_PNG)
			fprintf(stderr, "flamediff: --table is drawn in PNG "
					"output only\n");
	}
	if (graph_save(g->layout, &po, out, GRAPH_PNG, &err)) {
		ret = report_bad_input(err.msg);
		goto out;
	}
	/* An SVG of an empty input is written and says so; the status
	 * tells scripts. */
	if (g->layout->empty)
		ret = report_bad_input("no samples in the input: the graph is "
				       "empty");
out:
	movers_release(&table);
	graph_cmd_release(g);
	return ret;
}
