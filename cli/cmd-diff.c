// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff diff: compare two builds over repeated runs as LKP compares two
 * commits, explain what moved, and write the differential folded stacks
 * the flame graph renderers draw.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diff.h"
#include "analyzer/explain.h"
#include "analyzer/metrics.h"
#include "analyzer/outfile.h"
#include "analyzer/stats.h"
#include "render/lkp-table.h"
#include "builtin.h"
#include "input-opts.h"

static const char usage_text[] =
	"usage: flamediff diff [OPTIONS] BASE NEW\n"
	"       flamediff diff [OPTIONS] --base RUN... --new RUN...\n"
	"\n"
	"Compare two builds as LKP compares two commits: LKP's table of\n"
	"perf-profile rows (mean of the runs, population stddev as +-NN%,\n"
	"change in points), then a short explanation of what moved.\n"
	"\n"
	"BASE and NEW are each a file or a directory whose files are the runs.\n"
	"A run is perf script text, folded stacks or a flamediff profile\n"
	"(gzipped or not), or an LKP stats file ('key: value' lines, as\n"
	"'flamediff report --lkp' writes them); a side is one kind or the\n"
	"other. --base/--new (repeatable) give a side's runs one by one.\n"
	"\n"
	"Rows are chosen as LKP chooses them: a metric missing from a run is 0;\n"
	"a row shows when the runs of the two sides are separated (every run of\n"
	"one side beyond the other's upper median, and its upper median beyond\n"
	"the other's extreme); other stats also need their medians > 1% apart.\n"
	"Order: other stats, calltrace, children, self; each by change,\n"
	"largest drop first.\n"
	"With one run on a side that rule cannot tell noise from change, so a\n"
	"row must also move by at least 1.0 point (5% for other stats).\n"
	"Metrics of profiles are kept at full precision (LKP's stats files only\n"
	"hold two-decimal values >= 0.05).\n"
	"\n"
	"Under the table, what moved (at most 100 columns): the top movers by\n"
	"children and by self, and for every function with self >= 5% on a\n"
	"side, the caller chains of its self time (five frames, callee first)\n"
	"that lost and gained, by the same rule as the rows. Names are matched\n"
	"across builds without GCC clone suffixes (.isra.N, .constprop.N,\n"
	".part.N), as LKP does.\n"
	"\n"
	"  --all               show every row, changed or not\n"
	"  --min-change P      rows must move by at least P (points for\n"
	"                      perf-profile rows, percent for other stats);\n"
	"                      replaces the one-run floor (0: no floor)\n"
	"  --format FMT        table (default; with the explanation), json or\n"
	"                      csv (every figure of the rows, per-run values\n"
	"                      and Welch's t-test p-value when both sides have\n"
	"                      >= 2 runs), or folded (as --folded)\n"
	"  --folded[=FILE]     the differential folded stacks, 'stack base new'\n"
	"                      a line (names without GCC clone suffixes, new\n"
	"                      scaled to the base's total): instead of the\n"
	"                      table, or into FILE besides it\n"
	"  --no-normalize      --folded: the counts as recorded\n"
	"  --no-explain        the table only\n"
	"  --base-name NAME    name of the base side (default: the label of its\n"
	"                      first profile, else the file or directory name)\n"
	"  --new-name NAME     the same for the new side\n"
	"  --event-name NAME   the event part of the keys (default: from the\n"
	"                      base profile; from the stats keys against LKP\n"
	"                      stats files)\n"
	"  -o, --output FILE   write there instead of standard output\n"
	INPUT_OPTIONS_HELP
	"  -h, --help          this text\n";

enum diff_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_FOLDED };

enum {
	OPT_ALL = 0x100,
	OPT_MIN_CHANGE,
	OPT_FORMAT,
	OPT_FOLDED,
	OPT_NO_NORMALIZE,
	OPT_NO_EXPLAIN,
	OPT_BASE_NAME,
	OPT_NEW_NAME,
	OPT_EVENT_NAME,
	OPT_BASE,
	OPT_NEW,
};

static const struct option options[] = {
	{ "all", no_argument, NULL, OPT_ALL },
	{ "min-change", required_argument, NULL, OPT_MIN_CHANGE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "folded", optional_argument, NULL, OPT_FOLDED },
	{ "no-normalize", no_argument, NULL, OPT_NO_NORMALIZE },
	{ "no-explain", no_argument, NULL, OPT_NO_EXPLAIN },
	{ "base-name", required_argument, NULL, OPT_BASE_NAME },
	{ "new-name", required_argument, NULL, OPT_NEW_NAME },
	{ "event-name", required_argument, NULL, OPT_EVENT_NAME },
	{ "base", required_argument, NULL, OPT_BASE },
	{ "new", required_argument, NULL, OPT_NEW },
	{ "output", required_argument, NULL, 'o' },
	INPUT_LONG_OPTIONS,
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct diff_cmd {
	struct diff_opts opts;
	enum diff_format format;
	const char *output, *folded_file;
	bool normalize, explain;
	const char *names[2], *event;
	struct input_opts io;
	char **paths[2];
	size_t nr_paths[2];
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "flamediff diff: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n\n%s", usage_text);
	return EXIT_USAGE;
}

static void add_path(struct diff_cmd *c, int side, char *path)
{
	c->paths[side] = xrealloc(c->paths[side],
				  (c->nr_paths[side] + 1) * sizeof(char *));
	c->paths[side][c->nr_paths[side]++] = path;
}

static int parse(struct diff_cmd *c, int argc, char **argv, bool *help)
{
	char *end;
	int opt;

	memset(c, 0, sizeof(*c));
	c->opts.min_change = -1;
	c->normalize = true;
	c->explain = true;
	*help = false;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
		if (input_opt(&c->io, opt, optarg))
			continue;
		switch (opt) {
		case OPT_ALL:
			c->opts.all = true;
			break;
		case OPT_MIN_CHANGE:
			c->opts.min_change = strtod(optarg, &end);
			if (end == optarg || *end ||
			    !isfinite(c->opts.min_change) ||
			    c->opts.min_change < 0)
				return usage_error("--min-change wants a "
						   "number >= 0, not '%s'",
						   optarg);
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "table"))
				c->format = FMT_TABLE;
			else if (!strcmp(optarg, "json"))
				c->format = FMT_JSON;
			else if (!strcmp(optarg, "csv"))
				c->format = FMT_CSV;
			else if (!strcmp(optarg, "folded"))
				c->format = FMT_FOLDED;
			else
				return usage_error("unknown format '%s' "
						   "(table, json, csv or "
						   "folded)",
						   optarg);
			break;
		case OPT_FOLDED:
			if (optarg)
				c->folded_file = optarg;
			else
				c->format = FMT_FOLDED;
			break;
		case OPT_NO_NORMALIZE:
			c->normalize = false;
			break;
		case OPT_NO_EXPLAIN:
			c->explain = false;
			break;
		case OPT_BASE_NAME:
			c->names[0] = optarg;
			break;
		case OPT_NEW_NAME:
			c->names[1] = optarg;
			break;
		case OPT_EVENT_NAME:
			c->event = optarg;
			break;
		case OPT_BASE:
			add_path(c, 0, optarg);
			break;
		case OPT_NEW:
			add_path(c, 1, optarg);
			break;
		case 'o':
			c->output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			*help = true;
			return 0;
		default:
			fprintf(stderr, "\n%s", usage_text);
			return EXIT_USAGE;
		}
	}
	if (c->nr_paths[0] || c->nr_paths[1]) {
		if (optind < argc)
			return usage_error("'%s': give the runs either as BASE "
					   "NEW or with --base/--new",
					   argv[optind]);
		if (!c->nr_paths[0] || !c->nr_paths[1])
			return usage_error("%s", "both --base and --new are "
						 "needed");
		return 0;
	}
	if (argc - optind != 2)
		return usage_error("%s", "two sides are needed: BASE NEW");
	add_path(c, 0, argv[optind]);
	add_path(c, 1, argv[optind + 1]);
	return 0;
}

/* The <event> of the first perf-profile key of a stats side, or NULL. */
static char *stats_event(const struct diff_side *s)
{
	size_t i, j;

	for (i = 0; i < s->nr_runs; i++)
		for (j = 0; j < s->sets[i].nr; j++) {
			const char *key = s->sets[i].v[j].key, *name, *ev;

			if (diff_key_group(key, &name) == DIFF_STAT || !name)
				continue;
			ev = strchr(key + strlen("perf-profile."), '.') + 1;
			return xstrndup(ev, name - 1 - ev);
		}
	return NULL;
}

/* The event of the keys; a note when the builds recorded different ones. */
static char *pick_event(const struct diff_cmd *c, struct diff_side *s)
{
	char *ev[2] = { NULL, NULL }, *pick;
	int i;

	if (c->event)
		return xstrdup(c->event);
	for (i = 0; i < 2; i++)
		ev[i] = s[i].stats ? stats_event(&s[i])
				   : metrics_event_name(
					     s[i].side.runs[0]->meta.event);
	/* Against LKP's stats, flamediff's keys must be named as LKP's. */
	if (s[0].stats != s[1].stats)
		i = s[0].stats ? 0 : 1;
	else
		i = 0;
	pick = ev[i] ? ev[i] : ev[!i];
	if (ev[0] && ev[1] && strcmp(ev[0], ev[1]) &&
	    !(s[0].stats && s[1].stats))
		fprintf(stderr,
			"flamediff diff: note: base is %s, new is %s; the "
			"keys use %s (--event-name to choose)\n",
			ev[0], ev[1], pick);
	if (pick == ev[0])
		free(ev[1]);
	else
		free(ev[0]);
	return pick ? pick : xstrdup("cycles-pp");
}

static char *side_desc(const struct diff_side *s)
{
	const struct profile_meta *m;

	if (s->stats)
		return xstrfmt("%zu run%s, LKP stats", s->nr_runs,
			       s->nr_runs == 1 ? "" : "s");
	m = &s->side.runs[0]->meta;
	return xstrfmt("%zu run%s%s%s%s%s", s->nr_runs,
		       s->nr_runs == 1 ? "" : "s", m->event ? ", " : "",
		       m->event ? m->event : "", m->kernel ? ", kernel " : "",
		       m->kernel ? m->kernel : "");
}

static void write_table(struct outfile *o, const struct diff *d,
			const struct explain *e, const char *const names[2],
			struct diff_side *s, const struct diff_opts *opts)
{
	char *desc[2] = { side_desc(&s[0]), side_desc(&s[1]) };
	size_t i;

	lkp_table_header(o, NULL, NULL, names[0], desc[0], names[1], desc[1]);
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];
		struct lkp_row lr = { r->key, r->base_mean, r->base_stddev,
				      r->new_mean, r->new_stddev, r->points };

		if (r->shown)
			lkp_table_row(o, &lr);
	}
	outfile_printf(o, "\n%zu of %zu rows shown", d->nr_shown, d->nr_rows);
	if (!opts->all)
		outfile_puts(o, " (changed by LKP's rule; --all shows every "
				"row)");
	if (opts->min_change >= 0)
		outfile_printf(o, "; --min-change %g", opts->min_change);
	else if (d->nr_base < 2 || d->nr_new < 2)
		outfile_printf(o, "; one run on a side: rows must also move "
				  "by >= %.1f point (%.0f%% for other stats)",
			       DIFF_ONE_RUN_FLOOR_POINTS,
			       DIFF_ONE_RUN_FLOOR_PERCENT);
	outfile_puts(o, ".\n");
	if (e) {
		outfile_puts(o, "\n");
		explain_write(e, o);
	}
	free(desc[0]);
	free(desc[1]);
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

static void json_side(struct outfile *o, const char *what, const char *name,
		      const struct diff_side *s)
{
	size_t i;

	outfile_printf(o, "  \"%s\": {\"name\": ", what);
	json_string(o, name);
	outfile_printf(o, ", \"kind\": \"%s\", \"runs\": %zu, \"files\": [",
		       s->stats ? "lkp-stats" : "profile", s->nr_runs);
	for (i = 0; i < s->nr_runs; i++) {
		if (i)
			outfile_puts(o, ", ");
		json_string(o, s->files[i]);
	}
	outfile_puts(o, "]},\n");
}

static void write_json(struct outfile *o, const struct diff *d,
		       const struct explain *e, const char *const names[2],
		       struct diff_side *s, const struct diff_opts *opts)
{
	size_t i, k = 0;

	outfile_puts(o, "{\n");
	json_side(o, "base", names[0], &s[0]);
	json_side(o, "new", names[1], &s[1]);
	outfile_printf(o, "  \"selection\": {\"all\": %s, \"min_change\": ",
		       opts->all ? "true" : "false");
	if (opts->min_change >= 0)
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

static void csv_field(struct outfile *o, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		outfile_puts(o, s);
		return;
	}
	outfile_write(o, "\"", 1);
	for (; *s; s++) {
		if (*s == '"')
			outfile_write(o, "\"", 1);
		outfile_write(o, s, 1);
	}
	outfile_write(o, "\"", 1);
}

static void write_csv(struct outfile *o, const struct diff *d)
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
		outfile_printf(o, ",%s,%s,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,"
				  "%.10g,",
			       group_name(r->group),
			       r->points ? "points" : "percent", r->base_mean,
			       r->base_stddev,
			       r->base_mean != 0 ? 100 * r->base_stddev /
							   fabs(r->base_mean)
						 : 0,
			       r->new_mean, r->new_stddev,
			       r->new_mean != 0 ? 100 * r->new_stddev /
							  fabs(r->new_mean)
						: 0,
			       r->change);
		if (r->p >= 0)
			outfile_printf(o, "%.10g", r->p);
		outfile_printf(o, ",%d,%d", r->separated, r->changed);
		for (j = 0; j < d->nr_base; j++)
			outfile_printf(o, ",%.10g", r->base_runs[j]);
		for (j = 0; j < d->nr_new; j++)
			outfile_printf(o, ",%.10g", r->new_runs[j]);
		outfile_puts(o, "\n");
	}
}

/* The explanation's chains, per run of each side. */
static void side_chains(struct diff_side *s, bool calltrace,
			struct metric_set **out)
{
	size_t i;

	*out = xcalloc(s->nr_runs, sizeof(**out));
	for (i = 0; i < s->nr_runs; i++) {
		if (calltrace)
			explain_calltrace_chains(&s->sets[i], &(*out)[i]);
		else
			explain_self_chains(s->side.runs[i], s->totals[i],
					    &(*out)[i]);
	}
}

static void free_chains(struct metric_set *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		metric_set_free(&v[i]);
	free(v);
}

static int write_folded(const char *path, struct diff_side *s,
			bool normalize, struct fd_err *err)
{
	struct outfile o;

	if (outfile_open(&o, path, err))
		return -1;
	diff_folded_write(s[0].side.merged, s[1].side.merged, normalize, &o);
	return outfile_commit(&o, err);
}

int cmd_diff(int argc, char **argv)
{
	static const char *const what[2] = { "base", "new" };
	struct diff_side s[2];
	struct metric_set *chains[2] = { NULL, NULL };
	struct diff d = { 0 };
	struct explain e = { 0 };
	struct diff_cmd c;
	struct fd_err err;
	struct outfile o;
	const char *names[2];
	char *event = NULL;
	bool help, want_explain, calltrace;
	int ret, i;

	ret = parse(&c, argc, argv, &help);
	if (ret || help)
		goto out_args;
	memset(s, 0, sizeof(s));
	for (i = 0; i < 2; i++) {
		if (diff_side_load(&s[i], c.paths[i], c.nr_paths[i], &c.io,
				   &err)) {
			fprintf(stderr, "flamediff diff: %s: %s\n", what[i],
				err.msg);
			ret = EXIT_INPUT;
			goto out;
		}
	}
	if ((c.format == FMT_FOLDED || c.folded_file) &&
	    (s[0].stats || s[1].stats)) {
		fprintf(stderr, "flamediff diff: --folded needs profiles on "
				"both sides, not LKP stats files\n");
		ret = EXIT_USAGE;
		goto out;
	}
	event = pick_event(&c, s);
	for (i = 0; i < 2; i++) {
		if (diff_side_measure(&s[i], event, &err)) {
			fprintf(stderr, "flamediff diff: %s: %s\n", what[i],
				err.msg);
			ret = EXIT_INPUT;
			goto out;
		}
		names[i] = c.names[i] ? c.names[i] : s[i].name;
	}

	if (c.format != FMT_FOLDED) {
		diff_compare(s[0].sets, s[0].nr_runs, s[1].sets, s[1].nr_runs,
			     &c.opts, &d);
		want_explain = c.explain && c.format != FMT_CSV;
		calltrace = s[0].stats || s[1].stats;
		if (want_explain) {
			for (i = 0; i < 2; i++)
				side_chains(&s[i], calltrace, &chains[i]);
			explain_compute(&d, chains[0], chains[1], calltrace,
					&c.opts, &e);
		}
	}

	/* The extra file first: if it fails, the main output is untouched. */
	if (c.folded_file &&
	    write_folded(c.folded_file, s, c.normalize, &err)) {
		ret = die_input(err.msg);
		goto out;
	}
	if (outfile_open(&o, c.output ? c.output : "-", &err)) {
		ret = die_input(err.msg);
		goto out;
	}
	switch (c.format) {
	case FMT_FOLDED:
		diff_folded_write(s[0].side.merged, s[1].side.merged,
				  c.normalize, &o);
		break;
	case FMT_JSON:
		write_json(&o, &d, c.explain ? &e : NULL, names, s, &c.opts);
		break;
	case FMT_CSV:
		write_csv(&o, &d);
		break;
	default:
		write_table(&o, &d, c.explain ? &e : NULL, names, s, &c.opts);
		break;
	}
	if (outfile_commit(&o, &err))
		ret = die_input(err.msg);
out:
	explain_free(&e);
	diff_free(&d);
	for (i = 0; i < 2; i++) {
		free_chains(chains[i], s[i].nr_runs);
		diff_side_free(&s[i]);
	}
	free(event);
out_args:
	free(c.paths[0]);
	free(c.paths[1]);
	return ret;
}
