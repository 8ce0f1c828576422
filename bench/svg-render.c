// SPDX-License-Identifier: GPL-2.0
/*
 * How long the SVG renderer takes, apart from reading the input:
 *   svg-render FILE
 * reads FILE, then times layout_build() and svg_write() into stdout
 * (/dev/null); prints one line of figures. (Its diff mode went when
 * layout_build_diff() came to take a comparison: bench/svg.sh never
 * used it, and a bench program that does not build stops `make bench`.)
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
	struct profile *p;
	struct flame_opts o;
	struct layout *l;
	struct outfile out;
	struct fd_err err;
	double t0, t1, t2, t3;
	long bytes;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: svg-render FILE\n");
		return 1;
	}
	t0 = now();
	p = load(argv[1]);
	if (!p)
		return 2;
	flame_opts_init(&o);
	t1 = now();
	if (layout_build(&l, p, &o, &err)) {
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
	return 0;
}
