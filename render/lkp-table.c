// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diff.h"
#include "render/lkp-table.h"
#include "render/textfmt.h"
#include "lib/alloc.h"

const char *lkp_format_value(char *buf, double v)
{
	char f[32];

	/* the one formatter of a figure (text_figure()), in 10 columns */
	snprintf(buf, 32, "%10s", text_figure(f, sizeof(f), v));
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

void lkp_table_header(struct outfile *o, const char *base_name,
		      const char *base_desc, const char *new_name,
		      const char *new_desc, bool commits, size_t width)
{
	static const char rule[] = "============================================="
				   "============================================";
	struct strbuf sb = STRBUF_INIT;
	char *line;
	size_t n = sizeof(rule) - 1;
	int i;

	if (width && width < n)
		n = width;
	outfile_write(o, rule, n);
	outfile_puts(o, "\n");
	/* LKP's "commit:" heads the ids of two commits; names of builds
	 * stand alone, with no empty label over them */
	if (commits)
		outfile_puts(o, "commit: \n");
	for (i = 0; i < 2; i++) {
		const char *name = i ? new_name : base_name;
		const char *desc = i ? new_desc : base_desc;

		line = xstrfmt("  %s (\"%s\")", name, desc ? desc : name);
		outfile_printf(o, "%s\n", text_name(&sb, line, width));
		free(line);
	}
	strbuf_release(&sb);
	outfile_printf(o, "\n%16.16s %27.27s \n", base_name, new_name);
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
