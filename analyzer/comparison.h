/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COMPARISON_H
#define FLAMEDIFF_COMPARISON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/compare.h"
#include "analyzer/diff.h"
#include "analyzer/diff-folded.h"
#include "analyzer/explain.h"
#include "analyzer/focus.h"
#include "analyzer/input.h"
#include "analyzer/match.h"
#include "analyzer/side.h"
#include "analyzer/side-summary.h"

/*
 * The one comparison of two builds that every output reads: the LKP table
 * (rows with per-run values, mean, stddev, change, Welch's p, LKP's
 * separation and the "changed" verdict) and, when both sides are
 * profiles, the union call tree with the same figures per call path
 * (compare.h). diff's table, json, csv and explanation, and the graphs'
 * widths, colours, tooltips and movers table all come from here, so a
 * number is the same number wherever it is shown.
 *
 * Life cycle: comparison_load() (each run read once) ->
 * comparison_compute() -> read the fields -> comparison_release().
 *
 * Each run is read, measured and added to the union tree's columns, then
 * freed before the next is read: what a comparison keeps is the union
 * tree, the table and a few numbers a run, never a run's tree (nor a
 * side's merged tree, unless o->merged asks for it; nor its stacks,
 * unless o->stacks does).
 */
struct comparison;

struct comparison_opts {
	struct diff_opts diff;	 /* the table's selection rules */
	bool full_precision;	 /* no LKP 0.05 floor per run */
	bool strip_clones;	 /* foo.isra.0 is foo in the tree: true */
	bool reverse;		 /* the tree merged from the leaves */
	bool tree;		 /* build the call tree (graphs, explain) */
	uint32_t tree_depth;	 /* its nodes' depth at most; 0: all */
	bool chains;		 /* keep the runs' chains (explanation) */
	bool merged;		 /* keep each side's merged tree (exports) */
	bool stacks;		 /* the sides' differential folded stacks
				  * (c->stacks) */
	bool no_rows;		 /* the table without perf-profile rows:
				  * only the runs' own stats (a graph's
				  * headline), each run measured for its
				  * totals only */
	const char *event;	 /* the keys' event; NULL: from the sides */
	/* --focus FUNC: also the focus trees of FUNC (focus.h), each
	 * compared as the call tree is: c->focus[]; NULL: none */
	const char *focus;
	/* --rename, --testcase, --no-rename (match.h); NULL: the
	 * automatic rule alone */
	const struct match_opts *match;
	/* What comparison_run() does after the load (the steps' options): */
	bool load_only;		 /* stop after the load (exports) */
	bool profiles_only;	 /* refuse LKP stats sides after the load */
	unsigned int groups;	 /* diff_select()'s groups; 0: all */
	size_t top;		 /* ... and rows a group at most; 0: all */
	bool explain;		 /* the explanation (needs o->tree) */
	const char *names[2];	 /* the sides' names; NULL: the sides' own */
	/* Called once the table is computed, before the selection and the
	 * explanation (the front end's marks on rows); NULL: none. */
	void (*computed)(struct comparison *c, const void *data);
	const void *computed_data;
};

void comparison_opts_init(struct comparison_opts *o);

/* The step of comparison_run() that failed. */
enum comparison_step {
	COMPARISON_LOAD,
	COMPARISON_NOT_PROFILES, /* o->profiles_only, and a stats side */
	COMPARISON_COMPUTE,
};

struct comparison {
	struct comparison_opts opts; /* as comparison_run() was given them */
	enum comparison_step failed; /* when comparison_run() failed */
	struct explain explain;	   /* opts.explain: what moved, and why */
	struct diff_side sides[2]; /* base, new */
	char *event;		   /* the <event> part of the keys */
	/* When the sides recorded differently named events: what was
	 * chosen, for the front end to say (NULL otherwise). */
	char *note;
	struct diff table;
	struct cmp_tree *tree;	   /* NULL: not asked, or a stats side */
	struct cmp_build *build;   /* the tree while the runs are read */
	/* opts.stacks: every stack of both sides, with its weight on each
	 * (diff-folded.h); NULL otherwise. */
	struct joint_stacks *stacks;
	/*
	 * opts.focus: the comparisons of FUNC's callers tree and callees
	 * tree (focus.h), FOCUS_CALLERS and FOCUS_CALLEES, shares of each
	 * run's kept weight as the call tree's; a root's share is FUNC's
	 * children share. comparison_compute() fails (naming FUNC) when no
	 * sample of either side holds it.
	 */
	struct cmp_tree *focus[2];
	struct cmp_build *focus_build[2];
	struct focus_spec focus_spec;
	double focus_weight;	   /* summed over all runs */
	/* The sides' processes and testcases matched (match.h), and what
	 * to say of it (NULL: nothing), set by comparison_load(). */
	struct proc_match *match;
	const char *match_note;
};

/*
 * Read both sides (paths[i][0..nr[i])): err says which side. o (NULL:
 * comparison_opts_init()'s) says what to keep of the runs as they go by:
 * the tree (o->tree, with o->strip_clones, o->reverse, o->tree_depth),
 * the chains, the merged trees, the stacks; comparison_compute() must
 * then be given the same options.
 */
int comparison_load(struct comparison *c, char *const *const paths[2],
		    const size_t nr[2], const struct input_opts *io,
		    const struct comparison_opts *o, struct fd_err *err);

/*
 * A comparison of two profiles already read (a differential folded
 * file's two columns), each taken as the one run of its side, as
 * comparison_load() takes runs (o as there); c frees them. -1 with err
 * when a side's weights add up past the largest number.
 */
int comparison_init_profiles(struct comparison *c, struct profile *base,
			     struct profile *new, const char *name,
			     const struct comparison_opts *o,
			     struct fd_err *err);

/* The table and (o->tree) the call tree. -1 with err on a run with no
 * resolved sample. */
int comparison_compute(struct comparison *c, const struct comparison_opts *o,
		       struct fd_err *err);

static inline bool comparison_profiles(const struct comparison *c)
{
	return !c->sides[0].stats && !c->sides[1].stats;
}

/*
 * The whole comparison as o asks: comparison_load(), then (unless
 * o->load_only) comparison_compute(), o->computed, diff_select() of
 * o->groups and o->top, and (o->explain) the explanation into
 * c->explain. c keeps o.
 * -1 with err on failure, c->failed naming the step.
 */
int comparison_run(struct comparison *c, char *const *const paths[2],
		   const size_t nr[2], const struct input_opts *io,
		   const struct comparison_opts *o, struct fd_err *err);

/* comparison_run()'s steps after the load, for c loaded otherwise
 * (comparison_init_profiles()): the same failures, the same c->failed. */
int comparison_finish(struct comparison *c, const struct comparison_opts *o,
		      struct fd_err *err);

/* A side's summary for the writers (analyzer/side-summary.h). */
void side_summary_of(const struct diff_side *s, const char *name,
		     struct side_summary *out);
void comparison_summary(const struct comparison *c, int i,
			struct side_summary *out);

void comparison_release(struct comparison *c);

#endif
