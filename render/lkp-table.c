// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/diff.h"
#include "render/lkp-table.h"
#include "render/textfmt.h"

const char *lkp_format_value(char *buf, double v)
{
	if (!isfinite(v))
		snprintf(buf, 32, "%10s", TEXT_NOT_A_NUMBER);
	else if (fabs(v) < 1000)
		snprintf(buf, 32, "%10.2f", v);
	else if (fabs(v) > 1e8)
		snprintf(buf, 32, "%10.4g", v);
	else
		/* |v| <= 1e8 here: the conversion is defined. */
		snprintf(buf, 32, "%10lld", (long long)trunc(v));
	return buf;
}

const char *lkp_format_stddev(char *buf, double mean, double stddev)
{
	double pct = mean != 0 ? 100 * stddev / fabs(mean) : 0;

	/*
	 * Six blanks when the runs agree within 2% (or the figure is no
	 * number), to keep columns; past LKP_STDDEV_MAX the percentage says
	 * nothing more, and an int could not hold it.
	 */
	if (isnan(pct) || !(pct > 2))
		snprintf(buf, 32, "      ");
	else if (pct > LKP_STDDEV_MAX)
		snprintf(buf, 32, " \u00b1>%d%%", LKP_STDDEV_MAX);
	else
		snprintf(buf, 32, " \u00b1%3d%%", (int)pct);
	return buf;
}

const char *lkp_format_change(char *buf, double base, double new,
			      bool points)
{
	double c = diff_change(base, new, points);

	/* diff_change() holds its result finite; a change of a value that
	 * is not a number is still not one. */
	if (!isfinite(base) || !isfinite(new) || !isfinite(c))
		snprintf(buf, 32, "%10s  ", TEXT_NOT_A_NUMBER);
	else if (fabs(c) >= 100000)
		snprintf(buf, 32, points ? "%+10.2g  " : "%+10.2g%% ", c);
	else
		snprintf(buf, 32, points ? "%+10.1f  " : "%+10.1f%% ", c);
	return buf;
}

void lkp_table_header(struct outfile *o, const char *params,
		      const char *values, const char *base_name,
		      const char *base_desc, const char *new_name,
		      const char *new_desc)
{
	outfile_puts(o, "============================================="
			"============================================\n");
	if (params && values)
		outfile_printf(o, "%s:\n  %s\n\n", params, values);
	outfile_printf(o, "commit: \n  %s (\"%s\")\n  %s (\"%s\")\n\n",
		       base_name, base_desc ? base_desc : base_name,
		       new_name, new_desc ? new_desc : new_name);
	outfile_printf(o, "%16.16s %27.27s \n", base_name, new_name);
	outfile_puts(o, "---------------- --------------------------- \n");
	outfile_puts(o, "         %stddev     %change         %stddev\n");
	outfile_puts(o, "             \\          |                \\  \n");
}

void lkp_table_row(struct outfile *o, const struct lkp_row *r)
{
	char b[32], bs[32], c[32], n[32], ns[32];

	outfile_printf(o, "%s%s%s%s%s  %s\n", lkp_format_value(b, r->base),
		       lkp_format_stddev(bs, r->base, r->base_stddev),
		       lkp_format_change(c, r->base, r->new, r->points),
		       lkp_format_value(n, r->new),
		       lkp_format_stddev(ns, r->new, r->new_stddev), r->key);
}
