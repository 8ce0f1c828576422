/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FOCUS_TEXT_H
#define FLAMEDIFF_FOCUS_TEXT_H

#include <stddef.h>

#include "analyzer/compare.h"
#include "analyzer/side-summary.h"
#include "lib/outfile.h"

/*
 * diff --focus FUNC as text (focus[]: a comparison's focus trees of
 * FUNC, FOCUS_CALLERS and FOCUS_CALLEES, analyzer/focus.h): a header
 * naming FUNC and the sides s[], then the callers tree (FUNC first, each
 * indented line the caller of the line above it, up to the process) and
 * the callees tree (FUNC first, each indented line called by the line
 * above it). One line a frame: base share, new share, change in points,
 * '*' when the table's rule calls its path changed, the name indented two
 * columns a level. Shares are of each side's total as the table's
 * children rows are, read from focus[] (cmp_node_get()): the numbers
 * the focus graph's tooltips show. Siblings by their larger share, then
 * by name; frames absent on both sides are left out. Every line within
 * width columns (0: 100; at least 60): past 15 levels (fewer in a
 * narrow width) the indent stops growing and a frame's name is prefixed
 * with the levels beyond ("+3 name"); a long name loses its middle
 * (text_name()).
 */
void focus_text_write(struct outfile *o, const char *func,
		      struct cmp_tree *const focus[2],
		      const struct side_summary s[2], size_t width);

#endif
