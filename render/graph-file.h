/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_GRAPH_FILE_H
#define FLAMEDIFF_GRAPH_FILE_H

#include "lib/error.h"
#include "render/layout.h"
#include "render/png.h"

/*
 * Writing a graph in the format its file name asks for: every command that
 * writes a graph (svg, png, ...) calls graph_save(), so "-o x.png" is a
 * PNG and "-o x.svg" an SVG whichever command drew it.
 */
enum graph_format {
	GRAPH_SVG,
	GRAPH_PNG,
};

/*
 * The format a path's suffix names (".svg", ".png", any case,
 * a further ".gz" ignored), else dflt (also for NULL and "-", stdout).
 */
enum graph_format graph_format_for(const char *path, enum graph_format dflt);

/*
 * Write l into path (NULL or "-": stdout) in graph_format_for(path, dflt),
 * atomically. po is the PNG backend's extras (may be NULL; unused for an
 * SVG). An empty layout is written as an SVG that says so, but refused as
 * a PNG (-1, no file). -1 with err on failure, and the target untouched.
 */
int graph_save(const struct layout *l, const struct png_opts *po,
	       const char *path, enum graph_format dflt, struct fd_err *err);

#endif
