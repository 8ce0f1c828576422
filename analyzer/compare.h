/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COMPARE_H
#define FLAMEDIFF_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyzer/diff.h"
#include "analyzer/profile.h"

/*
 * The comparison of two builds over their runs, as a call tree: one union
 * tree of every call path of every run of both sides, with one column per
 * run. Every number a differential graph shows (widths, colours, tooltips,
 * search totals) is read from here, and is defined exactly as the LKP
 * table's numbers are:
 *
 *  - a share is LKP's: per run, the percent of that run's kept weight
 *    (samples whose own frame resolved, as perf report -U keeps them:
 *    struct metrics' total), then the mean over the side's runs;
 *  - per run, a share below CMP_LKP_FLOOR is absent (0), as in LKP's stats
 *    files, unless full_precision;
 *  - a path is "changed" by diff_changed(), the very rule the table uses
 *    for its rows (LKP's separation, the one-run floor, --min-change).
 *
 * So for a function that has one path in the tree (no recursion, one
 * caller chain, one process) the path's per-run shares are its children
 * row's per-run values, and its verdict is that row's verdict.
 *
 * A run of unresolved frames of one name ("[unknown]" under "[unknown]")
 * is folded into its first frame.
 *
 * Invariants of the result:
 *  - nodes[0] is the root (depth 0, share 100 in every run with weight);
 *  - a node's id is larger than its parent's; siblings are linked in the
 *    order they were first seen;
 *  - per run, a child's share is at most its parent's, and the children's
 *    shares add up to at most the parent's (the floor only lowers them):
 *    any mean of the two sides is a valid flame graph tree;
 *  - every number is finite: a run with no kept weight has shares of 0.
 */

/* LKP's stats files stop at 0.05: what is below is never shown. */
#define CMP_LKP_FLOOR DIFF_LKP_FLOOR

struct cmp_opts {
	struct diff_opts diff; /* the table's selection rules */
	bool full_precision;   /* no CMP_LKP_FLOOR */
	bool strip_clones;     /* foo.isra.0 is foo (LKP's rule) */
	/*
	 * 0: the whole tree. Else no node deeper than this: the weight
	 * below counts for its ancestor's inclusive share, not its self
	 * share (diff's explanation wants only the processes, depth 1, and
	 * the nodes' columns are most of the memory of many runs).
	 */
	uint32_t max_depth;
};

/* A node's figures, as cmp_node_get() works them out. */
struct cmp_node {
	uint32_t parent;       /* NODE_NONE for the root */
	uint32_t first_child;  /* NODE_NONE when a leaf */
	uint32_t next_sibling; /* NODE_NONE when last */
	uint32_t name;	       /* id in the tree's names */
	uint8_t kind;	       /* enum frame_kind */

	/* Means over each side's runs, percent, and the population stddev
	 * of the inclusive shares in percent of their mean (-1: absent, a
	 * mean of 0), as the table's "±NN%". */
	double base, new;	  /* inclusive */
	double base_self, new_self;
	double base_stddev_pct, new_stddev_pct;
	double change, change_self; /* new - base, points */
	double p, p_self;	  /* Welch's two-sided p; -1: < 2 runs a side */
	bool separated;		  /* LKP's separation of the inclusive shares */
	bool changed;		  /* diff_changed() of the inclusive shares */
	bool changed_self;	  /* ... of the self shares */
};

/*
 * The tree keeps its shape (a profile without weights: parent, children,
 * name and kind of each node, node ids as above, the children in
 * no particular order) and the per-run shares; a node's means and
 * verdicts are worked out from them when asked (cmp_node_get(),
 * cmp_mean()), so that a large tree costs its shape and its columns.
 */
struct cmp_tree {
	struct profile *shape;
	uint32_t nr_nodes;
	uint32_t root_name;	/* "all", in names */
	size_t nr_base, nr_new; /* runs a side; columns base first */
	/*
	 * The shares, percent (floored), by row (cmp_row()): nr_base +
	 * nr_new inclusive shares, then as many self shares. Row 0 is all
	 * 0, the row of every node with no share in any run: a large
	 * tree's nodes are most of them below the floor, and cost no row.
	 * Which nodes have one is a bit a node (has_row, 64 nodes a word),
	 * the rows numbered in node order: a node's is 1 + the bits set
	 * before its own, counted from row_rank[], the bits set in the
	 * words before (under 2 bits a node in all).
	 */
	uint64_t *has_row;
	uint32_t *row_rank;
	double *rows;
	double *base_kept, *new_kept; /* per run: the weight that is 100% */
	struct strtab *names;	/* shape->names */
	struct cmp_opts opts;
};

/*
 * Build the comparison of base[0..nb) with new[0..nn) (both >= 1). The
 * profiles are only read, and may be freed afterwards. Cannot fail.
 */
struct cmp_tree *cmp_tree__new(struct profile *const *base, size_t nb,
			       struct profile *const *new, size_t nn,
			       const struct cmp_opts *o);
void cmp_tree__delete(struct cmp_tree *t);

/*
 * The same, one run at a time, so that a run's tree can be freed as soon
 * as it is added: what a build keeps is the union tree and one column of
 * numbers per run. Every base run must be added before the first new run;
 * at least one run a side. cmp_build_finish() returns the tree and frees
 * b; cmp_build__delete() (NULL-safe) drops an unfinished build.
 */
struct cmp_build;
struct cmp_build *cmp_build__new(const struct cmp_opts *o);
void cmp_build_add(struct cmp_build *b, const struct profile *run, bool new);
/* The same, but the run's tree may be taken over (run is then left an
 * empty tree, its metadata kept): the first run need not be copied. */
void cmp_build_add_take(struct cmp_build *b, struct profile *run, bool new);

/*
 * A part of a run (focus.h's callers or callees tree of it) as the next
 * column: every self weight of part counts (it holds kept weight only),
 * and the shares are percent of whole, the run's kept weight, not of
 * part's total: the root's share is then part's share of the run. A
 * build given parts is given nothing else.
 */
void cmp_build_add_part(struct cmp_build *b, const struct profile *part,
			bool new, double whole);

/*
 * A run read straight into the union tree, rather than into a tree of its
 * own then mapped: cmp_build_target() gives the union tree with no weights
 * (profile_reuse()) to read the next run into, or NULL when the run must
 * be read on its own (no union tree yet, a depth limit, or an earlier run
 * read this way that mapping would have changed). cmp_build_add_take() of
 * that profile then takes the weights read as the run's column; if the
 * run brought nodes that mapping would have changed (clone suffixes to
 * strip, a run of one unresolved frame), they are taken out of the union
 * tree again and the run is mapped instead. The profile stays the
 * build's: its metadata is the caller's to take, its tree is not.
 */
struct profile *cmp_build_target(struct cmp_build *b);
struct cmp_tree *cmp_build_finish(struct cmp_build *b);
void cmp_build__delete(struct cmp_build *b);

static inline const char *cmp_name(const struct cmp_tree *t, uint32_t node)
{
	return node == NODE_ROOT ? strtab_str(t->names, t->root_name)
				 : node_name(t->shape, node);
}

/* Node id's figures into *n (its shape, means, p-values and verdicts). */
void cmp_node_get(const struct cmp_tree *t, uint32_t id, struct cmp_node *n);

/* The mean of a side's shares of node id (new: the new side's; self:
 * the self shares): cmp_node_get()'s base, new, base_self, new_self. */
double cmp_mean(const struct cmp_tree *t, uint32_t id, bool new, bool self);

/* The row of a node's shares (0: none). */
static inline size_t cmp_row(const struct cmp_tree *t, uint32_t node)
{
	uint64_t bits = t->has_row[node / 64];
	unsigned int bit = node % 64;

	if (!(bits >> bit & 1))
		return 0;
	return (size_t)t->row_rank[node / 64] + 1 +
	       (size_t)__builtin_popcountll(bits & ((1ULL << bit) - 1));
}

/* The per-run shares of a node: base runs, then new runs. */
static inline const double *cmp_runs(const struct cmp_tree *t, uint32_t node,
				     bool self)
{
	size_t cols = t->nr_base + t->nr_new;

	return t->rows + (cmp_row(t, node) * 2 + self) * cols;
}

/* The largest |change| among changed nodes (self: of the self shares). */
double cmp_max_change(const struct cmp_tree *t, bool self);

/*
 * The changed call paths a text tree shows (diff --format tree): the
 * nodes changed by the table's rule (cmp_node.changed), largest |change|
 * first (ties: the larger id, so a callee before the caller it makes
 * changed), each with every caller up to its process, changed or not. The
 * root is never a line: its children are the top lines.
 *
 * A path is a leaf of the lines: a changed node under a leaf extends that
 * path (a chain of frames that all moved is one path, not as many as it
 * has frames), one under a node with other callees shown starts one
 * more, and one already a line (a caller) costs nothing. Nodes are taken
 * in that order until the next would make more than top paths (0: no
 * limit) or more than max_lines lines (0: no limit); the first is always
 * taken, however deep. So every changed node shown moved at least as
 * much as any left out, callers aside. The lines come in tree order (a
 * caller before its callees, depth first), a caller's callees by
 * |change|, largest first (ties as above).
 */
struct cmp_line {
	uint32_t node;
	uint32_t nr_callees; /* its callees among the lines */
	bool last;	     /* the last line of its caller's callees */
};

struct cmp_paths {
	struct cmp_line *lines;
	size_t nr_lines;
	size_t nr_changed; /* changed nodes in the tree (root excluded) */
	size_t nr_taken;   /* paths: the leaves of the lines */
	size_t nr_changed_shown; /* changed nodes among the lines */
};

void cmp_paths_select(const struct cmp_tree *t, size_t top, size_t max_lines,
		      struct cmp_paths *out);
void cmp_paths_release(struct cmp_paths *p);

#endif
