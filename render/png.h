/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_PNG_H
#define FLAMEDIFF_PNG_H

#include <stddef.h>

#include "lib/error.h"
#include "lib/outfile.h"
#include "analyzer/movers.h"
#include "analyzer/profile.h"
#include "render/layout.h"

/*
 * The PNG backend: a struct layout drawn with cairo, for places that strip
 * interactivity (mail, issue trackers). Same frames, geometry and colours
 * as the SVG; labels in DejaVu Sans, cut with ".." and clipped to their
 * frame; title, the layout's info line (event, samples, duration, kernel
 * of each side), and for a diff a legend with the scale in points and,
 * optionally, a table of the top movers below the graph.
 */

/* What the backend adds to the layout. */
struct png_opts {
	const struct movers *table; /* diff only; NULL or empty: none */
};

/* The image size for this layout: geom.width by geom.height plus the
 * table's rows. */
/*
 * The label png_write() draws in frame f of l, into buf of cap bytes:
 * for mail (l->opts->mail) the whole name or its middle cut with
 * TEXT_ELISION (render/textfmt.h), else a prefix and ".."; 0 and "" when
 * none fits or cairo cannot be loaded (err says why). For tests.
 */
size_t png_label(const struct layout *l, const struct layout_frame *f,
		 char *buf, size_t cap, struct fd_err *err);

void png_size(const struct layout *l, const struct png_opts *po, int *width,
	      int *height);

/*
 * Draw l and write the PNG to o. An empty layout (no samples) is an error:
 * a mailed picture of nothing helps nobody. -1 with err on failure (the
 * caller aborts o).
 */
int png_write(const struct layout *l, const struct png_opts *po,
	      struct outfile *o, struct fd_err *err);

/* png_write() into path, atomically: complete or absent. */
int png_save(const struct layout *l, const struct png_opts *po,
	     const char *path, struct fd_err *err);

#endif
