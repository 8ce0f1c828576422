/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SIDE_H
#define FLAMEDIFF_SIDE_H

#include <stddef.h>

#include "lib/error.h"
#include "analyzer/input.h"
#include "analyzer/profile.h"

/*
 * One side of a comparison (a kernel build): one or more runs. Each path is
 * a file in any format input_read() takes, or a directory whose regular
 * files (sorted by name, dot files skipped) are the runs.
 *
 * runs[i] are the runs as read; merged is their sum (profile_merge), kept
 * so renderers and reports need not add them again. The name comes from the
 * first run's label, else the file or directory name given.
 */
struct side {
	char *name;
	struct profile **runs;
	size_t nr_runs;
	struct profile *merged;
};

int side_load(struct side *s, char *const *paths, size_t nr_paths,
	      const struct input_opts *o, struct fd_err *err);

/* The runs that paths stand for, as side_load() reads them: each path, or
 * for a directory its regular files sorted by name, dot files skipped. */
struct side_runs {
	char **paths; /* owned */
	size_t nr;
	unsigned long alloc;
};

int side_list_runs(struct side_runs *r, char *const *paths, size_t nr_paths,
		   struct fd_err *err);
void side_runs_free(struct side_runs *r);

/* What a user calls the build of path: its base name without the
 * extensions of profiles and stats ("dir/base.prof.gz" -> "base"). */
char *side_name_from_path(const char *path);
void side_free(struct side *s);

#endif
