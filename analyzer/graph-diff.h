/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_GRAPH_DIFF_H
#define FLAMEDIFF_GRAPH_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/profile.h"

/*
 * The numbers a differential flame graph shows, computed here so that the
 * renderers (render/layout.c, render/png.c) only draw them: the tree both
 * sides share, the significance of each frame's change over repeated runs,
 * and the functions that moved most.
 */

/*
 * Map every node of src into the union tree u, creating the paths u lacks.
 * Frames match by name and kind along the path; with strip, GCC clone
 * suffixes are removed first (name_strip_clones(), analyzer/names.h), so
 * foo.isra.0 and foo are one frame. map (src->nr_nodes entries, owned by
 * the caller) receives each src node's node in u. Cannot fail.
 */
void graph_diff_map(struct profile *u, const struct profile *src, bool strip,
		    uint32_t *map);

/* What the per-run significance test compares. */
struct graph_diff_test {
	bool self;	 /* a frame's self weight, else its total */
	bool normalize;	 /* each run's share of its own total, else of the
			  * mean of base's run totals */
	bool strip;	 /* clone suffixes removed, as for graph_diff_map() */
};

/*
 * Welch's two-sided p-value (analyzer/stats.h) of the per-run shares of
 * the union nodes nodes[0..k): runs[0] are the nr[0] base runs, runs[1]
 * the nr[1] new runs, each mapped into u (graph_diff_map(); u gains no
 * node when it was built from the runs' sums). p[0..k) (caller's) receives
 * each node's p, -1 when a side has fewer than two runs. Cannot fail.
 */
void graph_diff_welch(struct profile *u, struct profile *const *const runs[2],
		      const size_t nr[2], const struct graph_diff_test *t,
		      const uint32_t *nodes, size_t k, double *p);

/* One function of the movers table: its children share on each side. */
struct graph_mover {
	char *name;	/* clone suffixes removed, as LKP names it; owned */
	double base;	/* children, % of base's samples */
	double new;	/* children, % of new's samples */
	double delta;	/* new - base, points */
};

/* The movers, largest |delta| first; names owned by it. */
struct graph_movers {
	struct graph_mover *v;
	size_t nr;
};

/*
 * The n functions whose children share (LKP's perf-profile.children,
 * analyzer/metrics.h) moved most from base to new, largest |delta| first,
 * ties by name; rows that would print as +0.00 points are left out.
 * Shares are of each side's own total, so normalising does not change
 * them. -1 with err when the metrics cannot be computed (m is then empty).
 * Release with graph_movers_release().
 */
int graph_movers_compute(struct graph_movers *m, const struct profile *base,
			 const struct profile *new, size_t n,
			 struct fd_err *err);

/* Free the rows and names; m is left empty. NULL-safe. */
void graph_movers_release(struct graph_movers *m);

#endif
