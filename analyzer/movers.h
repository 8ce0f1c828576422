/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_MOVERS_H
#define FLAMEDIFF_MOVERS_H

#include <stddef.h>

#include "analyzer/diff.h"

/*
 * The functions that moved most, as the PNG's movers table lists them:
 * the LKP table's perf-profile.children rows that its rule calls changed,
 * largest |change| first, with the very numbers the table prints (the
 * mean of each side's per-run shares). A function the table does not show
 * is no mover.
 */
struct mover {
	const char *name;   /* the row's function name; owned by the diff */
	double base, new;   /* means, percent */
	double change;	    /* new - base, points */
};

struct movers {
	struct mover *v;
	size_t nr;
};

/* The at most n movers of d into m (d must outlive m). */
void movers_from_table(struct movers *m, const struct diff *d, size_t n);
void movers_release(struct movers *m);

#endif
