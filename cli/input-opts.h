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

#endif
