/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FOCUS_H
#define FLAMEDIFF_FOCUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyzer/profile.h"

/*
 * The focus view of one function F (--focus, speedscope's "sandwich"):
 * of a run, two trees as ordinary profiles, merged over all of F's call
 * sites, so that the comparison (compare.h) and the layout take them as
 * they take any run:
 *
 *  - callees: F at depth 1, under it every path the samples took below
 *    F, each sample's leaf where it was;
 *  - callers: F at depth 1, under it its caller, under that the caller's
 *    caller, up to the process: each sample's chain from F to the root,
 *    reversed, its weight at the process (the outermost caller).
 *
 * A sample counts once, at F's outermost frame in its stack (F calling
 * itself, directly or not, is not counted twice): each tree's total is
 * the weight of the samples whose stack holds F, what LKP's children
 * figure of F counts. Only the samples struct metrics keeps are taken
 * (their leaf a resolved function: compare.h's kept weight), and every
 * node's self weight in the two trees is kept weight; the whole kept
 * weight of the run, F's 100%, is given apart.
 *
 * F is a function name as the table shows it: a frame is F when its
 * name, clone suffixes removed when strip_clones (LKP's rule), is F,
 * whatever its kind; "name_[k]" (or another kind suffix) takes that
 * kind only. Process frames are never F.
 */
struct focus_spec {
	char *name;	   /* without a kind suffix, owned */
	size_t len;
	int kind;	   /* enum frame_kind, or -1: any */
	bool strip_clones;
};

void focus_spec_init(struct focus_spec *f, const char *func,
		     bool strip_clones);
void focus_spec_release(struct focus_spec *f);

/* Which tree, as struct comparison's focus[] holds them. */
enum { FOCUS_CALLERS, FOCUS_CALLEES };

struct focus_run {
	struct profile *callers, *callees; /* owned, profile__delete() */
	double kept;	/* the run's whole kept weight (100%) */
	double weight;	/* of the samples holding F: each tree's total */
};

/* The focus trees of run into out (its old contents are not freed).
 * Linear in the run's nodes, plus one walk to the root per outermost
 * frame of F. Cannot fail. */
void focus_run_build(const struct profile *run, const struct focus_spec *f,
		     struct focus_run *out);
void focus_run_release(struct focus_run *r);

#endif
