/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_GRAPH_OPTS_H
#define FLAMEDIFF_GRAPH_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "analyzer/input.h"
#include "analyzer/side.h"
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
	char **base, **new;	/* --base/--new paths (or the --diff pair) */
	size_t nr_base, nr_new;
	char **inputs;		/* operands of a plain graph */
	size_t nr_inputs;

	/* Filled by graph_cmd_load(). */
	struct profile *profile; /* plain graph: all inputs merged */
	struct side sides[2];	 /* diff: base, new */
	struct layout *layout;
};

/*
 * The command's own options: extra (terminated by a zero entry, may be
 * NULL) with short letters in extra_short; each is handed to cb, which
 * returns 0 or -1 (usage error, message printed). Option values from 0x100
 * to 0x1ff are taken by graph_cmd_parse.
 */
typedef int (*graph_opt_cb)(int opt, const char *arg, void *ctx);

/*
 * Parse argv. Returns 0, or EXIT_USAGE after printing the error (or 0 with
 * *help set after printing the usage for --help to stdout; the caller
 * exits 0). usage_head is the command's first usage lines.
 */
int graph_cmd_parse(struct graph_cmd *g, int argc, char **argv,
		    const char *usage_head, const struct option *extra,
		    const char *extra_short, graph_opt_cb cb, void *ctx,
		    bool *help);

/* The shared options' help text. */
void graph_opts_usage(FILE *fp);

/*
 * Read the input(s) and build g->layout. Returns 0, or EXIT_INPUT after
 * printing the error. An empty profile still gets a layout (layout->empty):
 * the caller draws it and exits EXIT_INPUT, as flamegraph.pl users expect
 * a file that says there was nothing.
 */
int graph_cmd_load(struct graph_cmd *g);

void graph_cmd_free(struct graph_cmd *g);

#endif
