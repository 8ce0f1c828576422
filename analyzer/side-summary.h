/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SIDE_SUMMARY_H
#define FLAMEDIFF_SIDE_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

/*
 * What the writers show of a side (render/diff-text.h), read-only: its
 * name (comparison_opts' names[i], else the side's own), kind, runs,
 * their files, and its first run's event and kernel, as
 * comparison_summary() fills it; valid while the comparison is. The writers
 * (render/) see a side only so: never struct diff_side (side.h), which
 * their headers do not include.
 */
struct side_summary {
	const char *name;
	bool stats;	/* LKP stats files, not profiles */
	size_t nr_runs;
	char *const *files;
	const char *event, *kernel; /* NULL: unknown (or stats) */
};

#endif
