// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/stats.h"
#include "render/diff-text.h"
#include "render/explain-text.h"
#include "render/lkp-table.h"
#include "render/textfmt.h"
#include "lib/alloc.h"

/* The description of a side in the table's header. */
static char *side_desc(const struct side_summary *s)
{
	if (s->stats)
		return xstrfmt("%zu run%s, LKP stats", s->nr_runs,
			       s->nr_runs == 1 ? "" : "s");
	return xstrfmt("%zu run%s%s%s%s%s", s->nr_runs,
		       s->nr_runs == 1 ? "" : "s", s->event ? ", " : "",
		       s->event ? s->event : "", s->kernel ? ", kernel " : "",
		       s->kernel ? s->kernel : "");
}

/* The columns of a row before its key (46, more past LKP_STDDEV_MAX). */
static size_t row_prefix_columns(const struct lkp_row *r)
{
	char b[32], bs[32], c[32], n[32], ns[32];
	char *line = xstrfmt("%s%s%s%s%s  ", lkp_format_value(b, r->base),
			     lkp_format_stddev(bs, r->base, r->base_stddev),
			     lkp_format_change(c, r->base, r->new, r->points),
			     lkp_format_value(n, r->new),
			     lkp_format_stddev(ns, r->new, r->new_stddev));
	size_t cols = text_columns(line);

	free(line);
	return cols;
}

/* The narrowest name left whole after "perf-profile.GROUP.EVENT.". */
#define MIN_NAME_COLUMNS 12

/*
 * A row's key as the table shows it in room columns (0: whole): the
 * function's name loses its middle; when even MIN_NAME_COLUMNS of it do
 * not fit beside "perf-profile.GROUP.EVENT.", that prefix is cut to
 * "..GROUP." first; a key that still does not fit loses its own middle.
 */
static const char *row_key(struct strbuf *sb, const struct diff_row *r,
			   size_t room)
{
	struct strbuf name = STRBUF_INIT;
	size_t prefix;

	text_name(sb, r->key, 0);
	if (!room || text_columns(sb->buf) <= room)
		return sb->buf;
	if (!r->name)
		return text_name(sb, r->key, room);
	prefix = text_columns(r->key) - text_columns(r->name);
	if (prefix + MIN_NAME_COLUMNS <= room) {
		text_name(&name, r->name, room - prefix);
		strbuf_reset(sb);
		strbuf_add(sb, r->key, r->name - r->key);
		strbuf_addstr(sb, name.buf);
		strbuf_release(&name);
		return sb->buf;
	}
	/*
	 * Too narrow for "perf-profile.GROUP.EVENT.": that goes before the
	 * name does, but for the group, "..children.NAME" (the rows of a
	 * group are together, but children and self must still be told
	 * apart).
	 */
	strbuf_reset(sb);
	strbuf_addstr(sb, TEXT_ELISION);
	strbuf_add(sb, r->key + strlen("perf-profile."),
		   strcspn(r->key + strlen("perf-profile."), ".") + 1);
	if (sb->len + MIN_NAME_COLUMNS > room)
		return text_name(sb, r->key, room);
	text_name(&name, r->name, room - sb->len);
	strbuf_addstr(sb, name.buf);
	strbuf_release(&name);
	return sb->buf;
}

/* Whether a side's name is a commit id (7 to 40 hex digits). */
static bool is_commit(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return !s[n] && n >= 7 && n <= 40;
}

void diff_text_table(struct outfile *o, const struct diff *d,
		     const struct explain *e, const struct side_summary s[2],
		     const struct diff_opts *opts)
{
	diff_text_table_width(o, d, e, s, opts, 0);
}

void diff_text_table_width(struct outfile *o, const struct diff *d,
			   const struct explain *e, const struct side_summary s[2],
			   const struct diff_opts *opts, size_t width)
{
	char *desc[2] = { side_desc(&s[0]), side_desc(&s[1]) };
	struct strbuf sb = STRBUF_INIT, key = STRBUF_INIT;
	char *esc[2];
	size_t i, col, prose = width ? width : EXPLAIN_WIDTH;

	for (i = 0; i < 2; i++)
		esc[i] = xstrdup(text_name(&sb, s[i].name, 0));
	lkp_table_header(o, esc[0], desc[0], esc[1], desc[1],
			 is_commit(s[0].name) && is_commit(s[1].name), width);
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];
		struct lkp_row lr = { r->key, r->base_mean, r->base_stddev,
				      r->new_mean, r->new_stddev, r->points };
		size_t pre;

		if (!r->shown)
			continue;
		pre = width ? row_prefix_columns(&lr) : 0;
		lr.key = row_key(&key, r, !width ? 0 :
				 width > pre + 1 ? width - pre : 1);
		lkp_table_row(o, &lr);
	}
	/* the footer's clauses, each on a line of its own when the whole
	 * does not fit: a clause a reader can quote */
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%zu of %zu rows shown", d->nr_shown, d->nr_rows);
	if (!opts->all)
		strbuf_addstr(&sb, " (changed by LKP's rule; --all shows "
				   "every row)");
	strbuf_reset(&key);
	if (diff_min_change_given(opts->min_change))
		strbuf_addf(&key, "--min-change %g", opts->min_change);
	else if (d->nr_base < 2 || d->nr_new < 2)
		strbuf_addf(&key, "one run on a side: rows must also move "
				  "by >= %.1f point (%.0f%% for other stats)",
			    DIFF_ONE_RUN_FLOOR_POINTS,
			    DIFF_ONE_RUN_FLOOR_PERCENT);
	strbuf_addstr(&sb, key.len ? ";" : ".");
	outfile_puts(o, "\n");
	col = text_wrap(o, sb.buf, 0, prose, 0);
	if (key.len) {
		strbuf_addstr(&key, ".");
		if (col + 1 + text_columns(key.buf) > prose) {
			outfile_puts(o, "\n");
			col = 0;
		}
		text_wrap(o, key.buf, col, prose, 0);
	}
	outfile_puts(o, "\n");
	if (e) {
		outfile_puts(o, "\n");
		explain_write_width(e, o, (int)prose);
	}
	strbuf_release(&sb);
	strbuf_release(&key);
	for (i = 0; i < 2; i++) {
		free(esc[i]);
		free(desc[i]);
	}
}

static const char *group_name(enum diff_group g)
{
	switch (g) {
	case DIFF_CALLTRACE:
		return "calltrace";
	case DIFF_CHILDREN:
		return "children";
	case DIFF_SELF:
		return "self";
	case DIFF_PROFILE:
		return "perf-profile";
	default:
		return "stat";
	}
}

static void json_runs(struct outfile *o, const char *side, const double *v,
		      size_t n, double mean, double sd)
{
	size_t i;

	outfile_printf(o, ", \"%s\": {\"mean\": ", side);
	json_number(o, mean);
	outfile_puts(o, ", \"stddev\": ");
	json_number(o, sd);
	outfile_puts(o, ", \"stddev_percent\": ");
	json_number(o, mean != 0 ? 100 * sd / fabs(mean) : 0);
	outfile_puts(o, ", \"min\": ");
	json_number(o, stats_min(v, n));
	outfile_puts(o, ", \"median\": ");
	json_number(o, stats_upper_median(v, n));
	outfile_puts(o, ", \"max\": ");
	json_number(o, stats_max(v, n));
	outfile_puts(o, ", \"runs\": [");
	for (i = 0; i < n; i++) {
		if (i)
			outfile_puts(o, ", ");
		json_number(o, v[i]);
	}
	outfile_puts(o, "]}");
}

static void json_side(struct outfile *o, const char *what,
		      const struct side_summary *s)
{
	size_t i;

	outfile_printf(o, "  \"%s\": {\"name\": ", what);
	json_string(o, s->name);
	outfile_printf(o, ", \"kind\": \"%s\", \"runs\": %zu, \"files\": [",
		       s->stats ? "lkp-stats" : "profile", s->nr_runs);
	for (i = 0; i < s->nr_runs; i++) {
		if (i)
			outfile_puts(o, ", ");
		json_string(o, s->files[i]);
	}
	outfile_puts(o, "]},\n");
}

void diff_text_json(struct outfile *o, const struct diff *d,
		    const struct explain *e, const struct side_summary s[2],
		    const struct diff_opts *opts)
{
	size_t i, k = 0;

	outfile_puts(o, "{\n");
	json_side(o, "base", &s[0]);
	json_side(o, "new", &s[1]);
	outfile_printf(o, "  \"selection\": {\"all\": %s, \"min_change\": ",
		       opts->all ? "true" : "false");
	if (diff_min_change_given(opts->min_change))
		json_number(o, opts->min_change);
	else
		outfile_puts(o, "null");
	outfile_printf(o, ", \"one_run_floor_points\": %g, "
			  "\"one_run_floor_percent\": %g, \"rows\": %zu, "
			  "\"shown\": %zu},\n",
		       DIFF_ONE_RUN_FLOOR_POINTS, DIFF_ONE_RUN_FLOOR_PERCENT,
		       d->nr_rows, d->nr_shown);
	outfile_puts(o, "  \"rows\": [");
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		if (!r->shown)
			continue;
		outfile_puts(o, k++ ? ",\n    {\"key\": " : "\n    {\"key\": ");
		json_string(o, r->key);
		outfile_printf(o, ", \"group\": \"%s\", \"unit\": \"%s\"",
			       group_name(r->group),
			       r->points ? "points" : "percent");
		json_runs(o, "base", r->base_runs, d->nr_base, r->base_mean,
			  r->base_stddev);
		json_runs(o, "new", r->new_runs, d->nr_new, r->new_mean,
			  r->new_stddev);
		outfile_puts(o, ", \"change\": ");
		json_number(o, r->change);
		outfile_puts(o, ", \"p\": ");
		if (r->p >= 0)
			json_number(o, r->p);
		else
			outfile_puts(o, "null");
		outfile_printf(o, ", \"separated\": %s, \"changed\": %s}",
			       r->separated ? "true" : "false",
			       r->changed ? "true" : "false");
	}
	outfile_puts(o, k ? "\n  ]" : "]");
	if (e) {
		outfile_puts(o, ",\n  \"explain\": ");
		explain_write_json(e, o);
	}
	outfile_puts(o, "\n}\n");
}

/* A side's "mean,stddev,stddev_percent," (empty where not a number). */
static void csv_side(struct outfile *o, double mean, double sd)
{
	csv_number_fmt(o, "%.10g", mean);
	outfile_puts(o, ",");
	csv_number_fmt(o, "%.10g", sd);
	outfile_puts(o, ",");
	csv_number_fmt(o, "%.10g", mean != 0 ? 100 * sd / fabs(mean) : 0);
	outfile_puts(o, ",");
}

void diff_text_csv(struct outfile *o, const struct diff *d)
{
	size_t i, j;

	outfile_puts(o, "key,group,unit,base_mean,base_stddev,"
			"base_stddev_percent,new_mean,new_stddev,"
			"new_stddev_percent,change,p_value,separated,changed");
	for (j = 0; j < d->nr_base; j++)
		outfile_printf(o, ",base_run_%zu", j + 1);
	for (j = 0; j < d->nr_new; j++)
		outfile_printf(o, ",new_run_%zu", j + 1);
	outfile_puts(o, "\n");
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		if (!r->shown)
			continue;
		csv_field(o, r->key);
		outfile_printf(o, ",%s,%s,", group_name(r->group),
			       r->points ? "points" : "percent");
		csv_side(o, r->base_mean, r->base_stddev);
		csv_side(o, r->new_mean, r->new_stddev);
		csv_number_fmt(o, "%.10g", r->change);
		outfile_puts(o, ",");
		if (r->p >= 0)
			csv_number_fmt(o, "%.10g", r->p);
		outfile_printf(o, ",%d,%d", r->separated, r->changed);
		for (j = 0; j < d->nr_base; j++) {
			outfile_puts(o, ",");
			csv_number_fmt(o, "%.10g", r->base_runs[j]);
		}
		for (j = 0; j < d->nr_new; j++) {
			outfile_puts(o, ",");
			csv_number_fmt(o, "%.10g", r->new_runs[j]);
		}
		outfile_puts(o, "\n");
	}
}
