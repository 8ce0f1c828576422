// SPDX-License-Identifier: GPL-2.0
/*
 * How long the SVG renderer takes, apart from reading the input:
 *   svg-render FILE [NEW]
 * reads FILE (and NEW: a diff), then times layout_build[_diff]() and
 * svg_write() into /dev/null; prints one line of figures.
 */
#include <stdio.h>
#include <time.h>

#include "analyzer/input.h"
#include "lib/outfile.h"
#include "render/layout.h"
#include "render/svg.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static struct profile *load(const char *path)
{
	struct input_opts io = { 0 };
	struct profile *p = profile__new();
	struct fd_err err;

	if (input_read(path, &io, p, NULL, &err)) {
		fprintf(stderr, "svg-render: %s\n", err.msg);
		return NULL;
	}
	return p;
}

int main(int argc, char **argv)
{
	struct profile *p, *n = NULL;
	struct flame_opts o;
	struct layout *l;
	struct outfile out;
	struct fd_err err;
	double t0, t1, t2, t3;
	long bytes;
	FILE *fp;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: svg-render FILE [NEW]\n");
		return 1;
	}
	t0 = now();
	p = load(argv[1]);
	if (!p || (argc == 3 && !(n = load(argv[2]))))
		return 2;
	flame_opts_init(&o);
	t1 = now();
	if (n ? layout_build_diff(&l, &p, 1, p, &n, 1, n, &o, &err)
	      : layout_build(&l, p, &o, &err)) {
		fprintf(stderr, "svg-render: %s\n", err.msg);
		return 2;
	}
	t2 = now();
	/* stdout, which the caller points at /dev/null or a file. */
	if (outfile_open(&out, "-", &err))
		return 2;
	svg_write(l, &out);
	if (outfile_commit(&out, &err))
		return 2;
	t3 = now();
	fp = stdout;
	fflush(fp);
	bytes = ftell(fp);
	fprintf(stderr, "%-28s read %7.3f s  nodes %8u  frames %6zu  "
		"layout %6.3f s  svg %6.3f s  render %6.3f s%s\n",
		argv[argc - 1], t1 - t0, p->nr_nodes, l->nr_frames, t2 - t1,
		t3 - t2, t3 - t1, bytes > 0 ? "" : "");
	layout__delete(l);
	profile__delete(p);
	profile__delete(n);
	return 0;
}
