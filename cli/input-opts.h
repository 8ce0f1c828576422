/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_INPUT_OPTS_H
#define FLAMEDIFF_INPUT_OPTS_H

#include <stdbool.h>

#include "analyzer/input.h"
#include "lib/parse-options.h"

/*
 * How inputs are read, the same for every command that reads profiles:
 * include this table at the offset of the command's struct input_opts,
 * PO_INCLUDE(struct cmd, io, input_options). Defined in cli/graph-opts.c.
 */
extern const struct po_option input_options[];

/*
 * How a comparison matches differently named processes and testcases
 * (analyzer/match.h): diff and the graphs' --diff include it at the
 * offset of their struct match_opts. match_opts_check() refuses a
 * malformed --rename as a usage error (-1, *status set).
 */
struct match_opts;
extern const struct po_option match_options[];
int match_opts_check(const struct match_opts *m, const char *cmd,
		     int *status);

#endif
