/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_RUNS_LIST_H
#define FLAMEDIFF_RUNS_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "analyzer/input.h"
#include "analyzer/metrics.h"

struct side;

/*
 * The runs that paths stand for, as side_load() reads them: each path,
 * or for a directory its regular files and those of its subdirectories
 * (one level: LKP's base/1/, base/2/), sorted by path, dot files
 * skipped. A file of a directory that is no run (empty, or text of no
 * format: a README) is left out and named in skipped; with
 * o->complete_only, a profile marked interrupted is left out and named
 * in incomplete. o may be NULL.
 */
struct side_runs {
	char **paths; /* owned */
	size_t nr;
	unsigned long alloc;
	char *skipped, *incomplete; /* "a, b", owned; NULL: none */
	size_t nr_skipped, nr_incomplete;
};

int side_list_runs(struct side_runs *r, char *const *paths, size_t nr_paths,
		   const struct input_opts *o, struct fd_err *err);

/*
 * What reading paths takes from the disk, as side_list_runs() finds the
 * runs (every regular file of a directory counted, run or not): the
 * total of a progress meter. 0 when unknown (standard input, a pipe).
 * Looks at names and sizes only; opens no file.
 */
unsigned long long side_paths_bytes(char *const *paths, size_t nr_paths);

/*
 * An LKP result directory is one run: its files are LKP's (stats, the
 * raw files of its monitors, perf-stat's, perf-profile's and stress-ng's
 * output: lkp_stats_kind()), two or more of them and no two of one kind,
 * no profile among them. side_list_runs() lists such a directory (a
 * side's path, or one of its subdirectories: several results a side) as
 * one run; side_result_dir_read() reads its files into s, a key given by
 * two files taken from the first in name order.
 */
bool side_result_dir(const char *dir);
int side_result_dir_read(const char *dir, struct metric_set *s,
			 struct fd_err *err);
void side_runs_release(struct side_runs *r);
/* What was left out of r, as a sentence to say once (NULL: nothing). */
char *side_runs_take_note(struct side_runs *r);

/*
 * The runs of s cut short, named by files[] (NULL: none): those marked
 * interrupted (profile_meta.interrupted), and those that lasted less than
 * SIDE_SHORT_RUN of the median duration of the side's runs.
 */
#define SIDE_SHORT_RUN 0.8
char *side_short_runs_note(const struct side *s, char *const *files);

#endif
