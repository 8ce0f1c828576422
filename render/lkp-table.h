/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_TABLE_H
#define FLAMEDIFF_LKP_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/outfile.h"

/*
 * The comparison table of LKP's mails (sbin/ncompare), character for
 * character, so that flamediff's rows can sit next to the robot's.
 */

/* One metric compared: means and stddev (population, absolute) a side. */
struct lkp_row {
	const char *key;
	double base, base_stddev;
	double new, new_stddev;
	bool points; /* perf-profile metric: change in points, not percent */
};

/*
 * The header: a rule, "commit:" when the two names are commit ids, the
 * two sides with a description each (the line cut in its middle to width
 * columns, 0: whole), and the column heads (the names cut to 16 and 27
 * characters). The rule is LKP's 89 columns, or width when narrower.
 */
void lkp_table_header(struct outfile *o, const char *base_name,
		      const char *base_desc, const char *new_name,
		      const char *new_desc, bool commits, size_t width);

/* One row, newline included. */
void lkp_table_row(struct outfile *o, const struct lkp_row *r);

/*
 * The pieces, for tests and other layouts; buf must hold 32 bytes. Any
 * double gives a finite figure of the usual width: a value or change that
 * is not a number (NaN, infinity) is TEXT_NOT_A_NUMBER ("n/a",
 * render/textfmt.h); a stddev that is not a number shows as the blanks of
 * a quiet one, and one above LKP_STDDEV_MAX percent as "±>99999%".
 */
#define LKP_STDDEV_MAX 99999

const char *lkp_format_value(char *buf, double v);
const char *lkp_format_stddev(char *buf, double mean, double stddev);
const char *lkp_format_change(char *buf, double base, double new,
			      bool points);

#endif
