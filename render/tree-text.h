/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TREE_TEXT_H
#define FLAMEDIFF_TREE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/compare.h"
#include "analyzer/side-summary.h"
#include "lib/outfile.h"

/*
 * diff --format tree: the differential call tree as plain text, for a
 * reply on a mailing list. The lines are p's (cmp_paths_select(): the
 * paths changed by the table's rule, and their callers); every figure is
 * t's (cmp_node_get(), what svg --diff's tooltips show), written with
 * two decimals as the tooltips write them:
 *
 *   MARK PREFIX NAME ... BASE NEW CHANGE
 *
 * MARK is the verdict the graph's colour stands for: '+' changed and
 * grew (red), '-' changed and shrank (blue), ' ' not changed (grey: a
 * caller shown for its callees); BASE and NEW are the inclusive shares,
 * percent of the side's samples, means over its runs; CHANGE is NEW -
 * BASE, points.
 *
 * The shape, in ASCII: a callee that is its caller's only line stands
 * on the next line at its caller's indent (a call chain reads down, so
 * that kernel stacks of 30 frames fit); where a caller has several,
 * each starts with "|-" ("`-" for the last) two columns in, and the lines
 * of its subtree under it keep "| " while a sibling follows. The top
 * lines are the processes.
 *
 * Every line is exactly width columns but the header's and the footer's,
 * which are at most width (>= TREE_TEXT_MIN_WIDTH): a long name loses
 * its middle (text_name()), an indent deeper than the name column leaves
 * (rare) loses its left end. The header is 3 lines (2 when no frame
 * changed: no column heads over no line), the footer at most
 * 2 (TREE_TEXT_FRAME_LINES), so that p taken within TREE_TEXT_LINES -
 * TREE_TEXT_FRAME_LINES lines makes at most TREE_TEXT_LINES in all.
 * s[0], s[1]: what is shown of the sides; max_depth: the depth the tree
 * was cut at (0: none), which the footer says. Without --top, diff takes
 * TREE_TEXT_TOP paths within those lines.
 */
#define TREE_TEXT_WIDTH 72
#define TREE_TEXT_MIN_WIDTH 60
#define TREE_TEXT_LINES 40
#define TREE_TEXT_FRAME_LINES 5
#define TREE_TEXT_TOP 10

void tree_text_write(struct outfile *o, const struct cmp_tree *t,
		     const struct cmp_paths *p,
		     const struct side_summary s[2], size_t width,
		     uint32_t max_depth);

#endif
