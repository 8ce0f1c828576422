/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_GRAPH_OPTS_H
#define FLAMEDIFF_GRAPH_OPTS_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer/input.h"
#include "analyzer/comparison.h"
#include "analyzer/side.h"
#include "lib/parse-options.h"
#include "render/layout.h"

/*
 * What every graph command (svg, png) shares: the flamegraph.pl options,
 * the diff options, -o, and loading the input(s) into a layout.
 *
 *   flamediff svg [OPTIONS] PROFILE -o out.svg
 *   flamediff svg [OPTIONS] --diff BASE NEW -o diff.svg
 *
 * BASE and NEW are each a file (any format input_read() takes) or a
 * directory of runs (see side_load()); --base FILE / --new FILE, each
 * repeatable, give a side's runs one by one instead.
 */
struct graph_cmd {
	struct flame_opts fo;
	struct input_opts io;
	const char *output;	/* -o; NULL: "-" (stdout) */
	bool diff;
	int color_by;		/* --color-by: enum color_by, for fo */
	struct po_list base, new; /* --base/--new paths (or the --diff pair) */
	char **inputs;		/* operands of a plain graph (into argv) */
	size_t nr_inputs;

	uint64_t max_depth;	/* --max-depth, for fo */
	bool table_rows;	/* a diff's table is drawn (png --table) */
	bool full_precision;	/* --full-precision (diff) */
	struct match_opts match; /* --rename, --testcase, --no-rename */
	const char *cmd;	/* argv[0] as parsed: "svg", "png" */
	const char *focus;	/* --focus FUNC */

	/* Filled by graph_cmd_load(); all owned by g. */
	struct profile *profile; /* plain graph: all inputs merged */
	struct comparison cmp;	 /* diff: the sides, table and call tree */
	struct focus_run focus_run; /* plain --focus: the drawn trees */
	struct layout *layout;
};

/*
 * The options every graph command takes, values relative to a struct
 * graph_cmd: a command includes them at the offset of its graph_cmd, next
 * to its own (PO_INCLUDE).
 */
extern const struct po_option graph_options[];

/* Defaults into g (all of it: call it first). */
void graph_cmd_init(struct graph_cmd *g);

/*
 * Parse argv with opts (which include graph_options for the graph_cmd g
 * inside base) and take the operands as inputs, or as the --diff pair.
 * Returns 0 to go on, or -1 with *status the exit status to return at
 * once (0 after --help; EXIT_USAGE after a usage error, printed).
 */
int graph_cmd_parse(struct graph_cmd *g, int argc, char **argv,
		    const char *usage, const struct po_option *opts,
		    void *base, int *status);

/*
 * Read the input(s) and build g->layout. Returns 0, or EXIT_INPUT after
 * printing the error. An empty profile still gets a layout (layout->empty):
 * the caller draws it and exits EXIT_INPUT, as flamegraph.pl users expect
 * a file that says there was nothing.
 */
int graph_cmd_load(struct graph_cmd *g);

void graph_cmd_release(struct graph_cmd *g);

#endif
