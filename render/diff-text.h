/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_DIFF_TEXT_H
#define FLAMEDIFF_DIFF_TEXT_H

#include "analyzer/side-summary.h"
#include "analyzer/diff.h"
#include "analyzer/explain.h"
#include "lib/outfile.h"

/*
 * diff's outputs: the comparison d of two sides (analyzer/diff.h) and its
 * explanation e (analyzer/explain.h; NULL: none), as LKP's table, JSON or
 * CSV. Only the rows d shows are written (diff_row.shown). s[0] is what is
 * shown of the base side, s[1] of the new one (read-only summaries,
 * comparison_summary(); names as the user sees them); opts the selection
 * d was made with.
 */

/*
 * LKP's comparison table (render/lkp-table.h): header with each side's name
 * and "N runs, EVENT, kernel K" (or "N runs, LKP stats"), the rows, a line
 * "X of Y rows shown" naming the selection rule, then the explanation's
 * text after a blank line.
 */
void diff_text_table(struct outfile *o, const struct diff *d,
		     const struct explain *e, const struct side_summary s[2],
		     const struct diff_opts *opts);

/*
 * The same within width columns (0: LKP's rows with whole keys, the prose
 * within EXPLAIN_WIDTH): the header, the rows (a key too long for its row
 * loses the middle of its function's name to TEXT_ELISION; where 12
 * columns of the name do not fit, "perf-profile.GROUP.EVENT." is cut to
 * "..GROUP." first), the footer
 * and the explanation, wrapped at blanks. Names' control characters are
 * escaped in any case (text_name()).
 */
void diff_text_table_width(struct outfile *o, const struct diff *d,
			   const struct explain *e, const struct side_summary s[2],
			   const struct diff_opts *opts, size_t width);

/*
 * One JSON object: "base" and "new" (name, kind "profile" or "lkp-stats",
 * runs, files), "selection" (all, min_change or null, the one-run floors,
 * rows, shown), "rows" (key, group, unit "points" or "percent"; per side
 * mean, stddev, stddev_percent, min, median, max and runs; change, Welch's
 * p or null, separated, changed), and "explain" (explain_write_json())
 * when e is given. Numbers "%.10g", null when not finite.
 */
void diff_text_json(struct outfile *o, const struct diff *d,
		    const struct explain *e, const struct side_summary s[2],
		    const struct diff_opts *opts);

/*
 * CSV with a header line, one line a row: key, group, unit, mean, stddev
 * and stddev percent of each side, change, p_value (empty when a side has
 * fewer than 2 runs), separated and changed (0/1), then every run's value
 * (base_run_1..., new_run_1...). Numbers "%.10g".
 */
void diff_text_csv(struct outfile *o, const struct diff *d);

#endif
