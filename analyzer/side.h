/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SIDE_H
#define FLAMEDIFF_SIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/diff.h"
#include "analyzer/input.h"
#include "analyzer/metrics.h"
#include "analyzer/profile.h"
#include "lib/strtab.h"

/*
 * One side of a comparison (a kernel build): one or more runs. Each path is
 * a file in any format input_read() takes, or a directory whose regular
 * files (sorted by name, dot files skipped) are the runs.
 *
 * A side keeps no run's call tree: each run is handed to the caller's
 * visit (struct side_visit) as it is read, then freed, so that many runs
 * cost what the caller keeps of them, not their trees. What stays is each
 * run's metadata (its LKP stats included: they are small) and their sum,
 * a profile without a tree whose root total is the runs' (their merged
 * meta as profile_merge() merges it), and the merged tree itself only
 * when a caller asks (exports of a side). The name comes from the first
 * run's label, else the file or directory name given.
 */
struct side {
	char *name;
	size_t nr_runs;
	struct profile_meta *meta; /* per run: its metadata, owned */
	struct profile *sum;	   /* metadata and total only (no nodes) */
	struct profile *merged;	   /* the runs' sum; NULL unless asked */
};

/*
 * What side_load() does with each run it reads, before freeing it: run()
 * (if set) gets the run and its index; non-zero stops the load with err.
 * merged: keep the runs' sum as side->merged.
 */
struct side_visit {
	int (*run)(void *ctx, struct profile *run, size_t i, const char *path,
		   struct fd_err *err);
	void *ctx;
	bool merged;
};

/*
 * Fill s (its old contents are not freed) from paths; on failure s is
 * left empty, and side_release() of it is harmless. Every run is opened
 * and read once. The runs must be of one event (weights of different
 * events do not add up) and their sum finite. v may be NULL.
 */
int side_load(struct side *s, char *const *paths, size_t nr_paths,
	      const struct input_opts *o, const struct side_visit *v,
	      struct fd_err *err);

/* What a user calls the build of path: its base name without the
 * extensions of profiles and stats ("dir/base.prof.gz" -> "base"). */
char *side_name_from_path(const char *path);
void side_release(struct side *s);

/*
 * One side of a comparison: profiles (any input_read() format, files or
 * directories of runs, as side_load() takes them) or LKP stats files
 * ("key: value" lines, one file per run), told apart by content (or by
 * io->format). A side is one or the other.
 *
 * A profile run is measured as it is read (its LKP metrics, and its
 * self-time chains when the explanation wants them), then its tree is
 * freed: diff_side_measure() turns the measures into s->sets once the
 * keys' event is known.
 */
struct diff_side {
	char *name;	   /* label of the first run, else the path's name */
	bool stats;	   /* runs are LKP stats files */
	size_t nr_runs;
	char **files;	   /* per run, for messages */
	struct metric_set *sets; /* per run: the metrics (diff_side_measure) */
	struct side side;  /* the profiles (!stats) */
	char *runs_note;   /* files of its directories left out, or NULL */
	double *totals;	   /* per run: weight kept by the metrics */

	/*
	 * Profiles, per run, as read (side.c fills and reads them): the
	 * LKP metrics at full precision, keys GROUP and NAME (the event
	 * left out), the group a number, the names interned once for the
	 * side in raw_names; the self-time
	 * chains (explain_self_chain_ids()), when kept, likewise. Per run a
	 * few numbers, the strings once: many runs of one workload cost
	 * little more than one.
	 */
	struct strtab *raw_names;
	struct side_vals {
		uint8_t *buf;	/* packed rows (side.c): name ids into
				 * raw_names, groups and values */
		size_t len, alloc, nr; /* bytes, room, rows */
		size_t nr_pending; /* rows whose id is still pending */
		uint32_t last;	/* the last row's name id */
	} *raw;
	uint64_t *hidden_stacks; /* stacks left out (unresolved) */
	/* Every self-time chain of every run (v->chains), kept as read:
	 * the explanation's hot functions are known only once both sides
	 * are read, and no run is read twice. The chains are interned in
	 * raw_names too (a one-frame chain is a name already there). */
	struct side_chains {
		uint8_t *buf;	/* packed (side.c): ids and shares */
		size_t len, nr;	/* bytes, chains */
		double total;	/* the run's kept weight, to unpack */
	} *chains;
};

/* What diff_side_load() does besides measuring each profile run. */
struct diff_side_visit {
	/* Called with each profile run (after it was measured), before it
	 * is freed; i counts the side's runs. Non-zero fails the load. */
	int (*run)(void *ctx, struct profile *run, size_t i, const char *path,
		   struct fd_err *err);
	/* The profile to read the next run into instead of a new one
	 * (cmp_build_target()), or NULL; run() is then given it, and the
	 * load takes its metadata but leaves its tree alone. */
	struct profile *(*target)(void *ctx);
	void *ctx;
	bool merged;	/* keep each side's merged tree (side.merged) */
	bool chains;	/* keep the runs' self-time chains (explanation) */
	/* Nobody reads the perf-profile rows (a graph without a table):
	 * a run is measured for its totals only, no rows, no chains. */
	bool no_rows;
	/* The least value of a row kept (LKP's floor, DIFF_LKP_FLOOR, or
	 * 0 for all): only diff_side_measure() and _measure_vals() read
	 * the rows, and they leave out those below their own floor, which
	 * must be this one or above. */
	double floor;
	/* The names of a side loaded before, to read this side's first
	 * run into (strtab_get()): two builds of one workload share most
	 * names, and each is then stored once. NULL: a table of its own. */
	struct strtab *names;
	/* Keep the index of the side's names once loaded, for a side to
	 * be read into them (.names); the last user drops it. */
	bool keep_index;
	/*
	 * Where a run's tree goes once done with, emptied (profile_clear()),
	 * for the next run (of this side or of the next one loaded with
	 * this) to be read into: two builds of one workload have trees of
	 * a size, and the second then costs no new pages. The caller frees
	 * what is left there. NULL: every run a tree of its own.
	 */
	struct profile **spare;
};

/*
 * Fill s from paths, each run opened and read once (so a pipe or a FIFO
 * works, and a directory listed once is read as listed). A stats side has
 * s->sets filled; a profile side s->side and its measures. With
 * diff_side_load() the merged trees and the chains are kept (as the
 * fuzzers want them); diff_side_load_visit() keeps what v says (NULL:
 * the measures only). On failure s is left empty, and
 * diff_side_release() of it is harmless.
 */
int diff_side_load(struct diff_side *s, char *const *paths, size_t nr_paths,
		   const struct input_opts *io, struct fd_err *err);
int diff_side_load_visit(struct diff_side *s, char *const *paths,
			 size_t nr_paths, const struct input_opts *io,
			 const struct diff_side_visit *v, struct fd_err *err);
void diff_side_release(struct diff_side *s);

/*
 * s as diff_side_load_visit() makes it of one run already read, p (which
 * it frees), named name; file is for messages.
 */
int diff_side_init_profile(struct diff_side *s, struct profile *p,
			   const char *file, const char *name,
			   const struct diff_side_visit *v, struct fd_err *err);

/*
 * The chains the explanation of table d reads: those whose first frame
 * is a function d may explain (a self row of at least EXPLAIN_HOT percent
 * on a side). diff_side_hot_chains() says which, by chain id of s (a new
 * array; NULL when s keeps no chains); diff_side_chains() adds those of
 * run i of s to out, keyed by their text.
 */
bool *diff_side_hot_chains(const struct diff_side *s, const struct diff *d);
void diff_side_chains(const struct diff_side *s, size_t i, const bool *hot,
		      struct metric_set *out);

/*
 * Compute each profile run's LKP metrics (event: the <event> part of the
 * keys) into s->sets: per run, LKP's figures (>= DIFF_LKP_FLOOR; values
 * are kept at full precision, not rounded to two decimals), or every value
 * above 0 with full_precision, and the run's own other stats beside them
 * (profile_meta.stats: benchmark, time, perf-stat). Calltrace chains keep
 * perf's 0.5% cut, so that the keys are LKP's. A run whose samples are
 * all left out (unresolved) is an error. Nothing to do for a stats side.
 */
int diff_side_measure(struct diff_side *s, const char *event,
		      bool full_precision, struct fd_err *err);

/*
 * The same figures as values by key id into out[0..s->nr_runs) (keys
 * interned in keys), without a metric set a run: what a comparison of
 * many runs keeps. A stats side's sets are taken as they are; a profile
 * side's measures are freed as they are taken (measure it once).
 */
int diff_side_measure_vals(struct diff_side *s, const char *event,
			   bool full_precision, struct strtab *keys,
			   struct diff_vals *out, struct fd_err *err);

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
