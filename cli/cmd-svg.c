// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff svg: an interactive SVG flame graph (plain, icicle or
 * differential) of any input the analyzer reads.
 */
#include <stdio.h>

#include "lib/outfile.h"
#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "render/graph-file.h"
#include "render/svg.h"

const char svg_usage[] =
	"usage: flamediff svg [OPTIONS] [PROFILE...] [-o out.svg]\n"
	"       flamediff svg [OPTIONS] --diff BASE NEW [-o diff.svg]\n"
	"A PROFILE is perf script text, folded stacks, a flamediff profile\n"
	"or perf sched timehist text (off-CPU time), gzip or not; several\n"
	"are added up; with none, standard input is read.";

/* svg has no options of its own: the base is the struct graph_cmd. */
const struct po_option svg_options[] = {
	PO_INCLUDE_BASE(graph_options),
	PO_END,
};

int cmd_svg(int argc, char **argv)
{
	struct graph_cmd g;
	struct fd_err err = { { 0 } };
	int ret;

	graph_cmd_init(&g);
	if (graph_cmd_parse(&g, argc, argv, svg_usage, svg_options, &g, &ret))
		goto out;
	ret = graph_cmd_load(&g);
	if (ret)
		goto out;
	/* "-o x.png" writes a PNG (render/graph-file.h). */
	if (graph_save(g.layout, NULL, g.output, GRAPH_SVG, &err)) {
		ret = report_bad_input(err.msg);
		goto out;
	}
	/* The file says so too; the status tells scripts. */
	if (g.layout->empty)
		ret = report_bad_input("no samples in the input: the graph is "
				       "empty");
out:
	graph_cmd_release(&g);
	return ret;
}
