/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SIDE_H
#define FLAMEDIFF_SIDE_H

#include <stddef.h>

#include "lib/error.h"
#include "analyzer/input.h"
#include "analyzer/metrics.h"
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

/*
 * Fill s (its old contents are not freed) from paths; on failure s is
 * left empty, and side_release() of it is harmless. Every run is opened and read once. The runs must be of one
 * event (weights of different events do not add up) and their sum finite.
 */
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
void side_runs_release(struct side_runs *r);

/* What a user calls the build of path: its base name without the
 * extensions of profiles and stats ("dir/base.prof.gz" -> "base"). */
char *side_name_from_path(const char *path);
void side_release(struct side *s);

/*
 * One side of a comparison: profiles (any input_read() format, files or
 * directories of runs, as side_load() takes them) or LKP stats files
 * ("key: value" lines, one file per run), told apart by content (or by
 * io->format). A side is one or the other.
 */
struct diff_side {
	char *name;	   /* label of the first run, else the path's name */
	bool stats;	   /* runs are LKP stats files */
	size_t nr_runs;
	char **files;	   /* per run, for messages */
	struct metric_set *sets; /* per run: the metrics (diff_side_measure) */
	struct side side;  /* the profiles (!stats) */
	double *totals;	   /* per run: weight kept by the metrics */
};

/*
 * Fill s from paths, each run opened and read once (so a pipe or a FIFO
 * works, and a directory listed once is read as listed). A stats side has
 * s->sets filled; a profile side s->side. On failure s is left empty,
 * and diff_side_release() of it is harmless.
 */
int diff_side_load(struct diff_side *s, char *const *paths, size_t nr_paths,
		   const struct input_opts *io, struct fd_err *err);
void diff_side_release(struct diff_side *s);

/*
 * The <event> part of the keys of a side (a new string): for LKP stats,
 * that of its first perf-profile key (NULL when it has none); for profiles,
 * the event of its first run as the metrics name it (metrics_event_name()).
 */
char *diff_side_event(const struct diff_side *s);

/*
 * The <event> part of the keys both sides are measured with, into *event
 * (a new string): forced when given (--event-name); against LKP stats,
 * the stats side's; else the base's, as LKP names it (event_key_name()).
 * Two sides that spell one event differently ("cpu-clock:pppH" and
 * "cpu-clock") are matched row for row, and *note (a new string, else
 * NULL) says so for the caller to show once. Profiles of different events
 * ("cycles" and "instructions") are refused (-1, err) unless forced: their
 * rows would not compare.
 */
int diff_sides_event(const struct diff_side *s, const char *forced,
		     char **event, char **note, struct fd_err *err);

#endif
