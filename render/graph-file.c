// SPDX-License-Identifier: GPL-2.0
/* Picking the graph backend from the output file's name. */
#include <string.h>
#include <strings.h>

#include "lib/outfile.h"
#include "render/graph-file.h"
#include "render/svg.h"

/* Case-insensitive has_suffix(). */
static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t m = strlen(suffix);

	return n >= m && !strncasecmp(s + n - m, suffix, m);
}

enum graph_format graph_format_for(const char *path, enum graph_format dflt)
{
	size_t n;

	if (!path || !strcmp(path, "-"))
		return dflt;
	n = strlen(path);
	/* outfile.c compresses "x.svg.gz": the format is what is inside. */
	if (ends_with(path, n, ".gz"))
		n -= 3;
	if (ends_with(path, n, ".png"))
		return GRAPH_PNG;
	if (ends_with(path, n, ".svg"))
		return GRAPH_SVG;
	return dflt;
}

int graph_save(const struct layout *l, const struct png_opts *po,
	       const char *path, enum graph_format dflt, struct fd_err *err)
{
	struct outfile o;

	if (!path)
		path = "-";
	if (graph_format_for(path, dflt) == GRAPH_PNG)
		return png_save(l, po, path, err);
	if (outfile_open(&o, path, err))
		return -1;
	svg_write(l, &o);
	return outfile_commit(&o, err);
}
