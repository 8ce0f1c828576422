// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff report: LKP's perf-profile metrics of one side (one or more
 * runs, added up), as LKP's stats lines (--lkp), a table, JSON or CSV.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/input.h"
#include "analyzer/metrics.h"
#include "analyzer/outfile.h"
#include "analyzer/profile.h"
#include "builtin.h"
#include "input-opts.h"

enum report_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_LKP };

/* Calltrace chains the table shows at most, under the functions. */
#define TABLE_CHAINS 8

static const char usage_text[] =
	"usage: flamediff report [OPTIONS] FILE...\n"
	"\n"
	"Children %, self % and calltrace chains as LKP computes them (perf\n"
	"report --children -U -g folded,0.5,callee). Several FILEs are runs of\n"
	"one side and are added up. FILE: perf script text, folded stacks or a\n"
	"flamediff profile, gzipped or not; '-' is standard input.\n"
	"\n"
	"  --lkp               LKP's stats lines: 'key: value', sorted, >= 0.05\n"
	"  --event-name NAME   the event part of the keys (default: from the\n"
	"                      profile, 'cycles:pp' -> 'cycles-pp')\n"
	"  --top N             functions in the table (default 25)\n"
	"  --format FMT        table (default); json or csv: every figure;\n"
	"                      lkp: as --lkp\n"
	"  -o, --output FILE   write there instead of standard output\n"
	INPUT_OPTIONS_HELP
	"  -h, --help          this text\n";

enum {
	OPT_LKP = 0x100,
	OPT_EVENT_NAME,
	OPT_TOP,
	OPT_FORMAT,
};

static const struct option options[] = {
	{ "lkp", no_argument, NULL, OPT_LKP },
	{ "event-name", required_argument, NULL, OPT_EVENT_NAME },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	INPUT_LONG_OPTIONS,
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "flamediff report: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n\n%s", usage_text);
	return EXIT_USAGE;
}

/* Read every file into one profile: runs of one side add up. */
static int load(char **paths, int n, const struct input_opts *io,
		struct profile *p, struct fd_err *err)
{
	int i;

	if (input_read(paths[0], io, p, NULL, err))
		return -1;
	for (i = 1; i < n; i++) {
		struct profile *run = profile_new();

		if (input_read(paths[i], io, run, NULL, err)) {
			profile_free(run);
			return -1;
		}
		profile_merge(p, run);
		profile_free(run);
	}
	return 0;
}

static void write_lkp(struct outfile *o, const struct metrics *m)
{
	struct metric_set s = { 0 };
	size_t i;

	metrics_lkp_set(m, 0.05, &s);
	for (i = 0; i < s.nr; i++)
		outfile_printf(o, "%s: %.2f\n", s.v[i].key, s.v[i].value);
	metric_set_free(&s);
}

/* "12.3k": counts and weights readable at a glance. */
static const char *human(char *buf, size_t size, double v)
{
	static const char units[] = " kMGTPE";
	int u = 0;

	while (v >= 999.95 && units[u + 1]) {
		v /= 1000;
		u++;
	}
	if (u == 0)
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.1f%c", v, units[u]);
	return buf;
}

static void write_header(struct outfile *o, const struct profile *p,
			 const struct metrics *m)
{
	double all = m->total + m->hidden;
	char a[32], b[32];

	outfile_printf(o, "event %s: ", m->event);
	if (m->samples)
		outfile_printf(o, "%s samples, ",
			       human(a, sizeof(a), (double)m->samples));
	outfile_printf(o, "total weight %s%s%s, %llu stacks; hidden as "
			  "unresolved: %.2f%% (%s, %llu stacks)\n",
		       human(b, sizeof(b), m->total),
		       p->meta.unit ? " " : "",
		       p->meta.unit ? p->meta.unit : "",
		       (unsigned long long)m->stacks,
		       all > 0 ? 100 * m->hidden / all : 0,
		       human(a, sizeof(a), m->hidden),
		       (unsigned long long)m->hidden_stacks);
}

static void write_table(struct outfile *o, const struct profile *p,
			const struct metrics *m, size_t top)
{
	size_t i, n;

	write_header(o, p, m);
	n = top < m->nr_fns ? top : m->nr_fns;
	outfile_printf(o, "\n%9s %9s  %s\n", "children", "self", "function");
	for (i = 0; i < n; i++)
		outfile_printf(o, "%8.2f%% %8.2f%%  %s\n", m->fns[i].children,
			       m->fns[i].self, m->fns[i].name);
	if (m->nr_fns > n)
		outfile_printf(o, "%9s %9s  (%zu more functions)\n", "", "",
			       m->nr_fns - n);

	n = m->nr_chains < TABLE_CHAINS ? m->nr_chains : TABLE_CHAINS;
	if (!n)
		return;
	outfile_printf(o, "\n%9s  %s\n", "calltrace", "callee <- callers");
	for (i = 0; i < n; i++) {
		const struct chain_metric *ch = &m->chains[i];
		unsigned int k;

		outfile_printf(o, "%8.2f%%  ", ch->percent);
		for (k = 0; k < ch->nr_frames; k++)
			outfile_printf(o, "%s%s", k ? " <- " : "",
				       ch->frames[k]);
		outfile_puts(o, "\n");
	}
}

static void json_string(struct outfile *o, const char *s)
{
	outfile_puts(o, "\"");
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			outfile_printf(o, "\\%c", c);
		else if (c < 0x20)
			outfile_printf(o, "\\u%04x", c);
		else
			outfile_write(o, s, 1);
	}
	outfile_puts(o, "\"");
}

static void write_json(struct outfile *o, const struct profile *p,
		       const struct metrics *m)
{
	size_t i;

	outfile_puts(o, "{\n  \"event\": ");
	json_string(o, m->event);
	outfile_printf(o, ",\n  \"samples\": %llu,\n  \"total\": %.17g,\n"
			  "  \"hidden\": %.17g,\n  \"stacks\": %llu,\n"
			  "  \"hidden_stacks\": %llu,\n  \"unit\": ",
		       (unsigned long long)m->samples, m->total, m->hidden,
		       (unsigned long long)m->stacks,
		       (unsigned long long)m->hidden_stacks);
	if (p->meta.unit)
		json_string(o, p->meta.unit);
	else
		outfile_puts(o, "null");
	outfile_puts(o, ",\n  \"functions\": [");
	for (i = 0; i < m->nr_fns; i++) {
		const struct fn_metric *f = &m->fns[i];

		outfile_puts(o, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_string(o, f->name);
		outfile_printf(o, ", \"children\": %.17g, \"self\": %.17g, "
				  "\"lkp_children\": %.2f, \"lkp_self\": %.2f}",
			       f->children, f->self, f->lkp_children,
			       f->lkp_self);
	}
	outfile_puts(o, m->nr_fns ? "\n  ],\n  \"calltrace\": ["
				  : "],\n  \"calltrace\": [");
	for (i = 0; i < m->nr_chains; i++) {
		const struct chain_metric *c = &m->chains[i];

		outfile_puts(o, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_string(o, c->name);
		outfile_printf(o, ", \"percent\": %.17g, \"lkp_percent\": %.2f"
				  ", \"chains\": %u}",
			       c->percent, c->lkp_percent, c->nr_chains);
	}
	outfile_puts(o, m->nr_chains ? "\n  ]\n}\n" : "]\n}\n");
}

static void csv_field(struct outfile *o, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		outfile_puts(o, s);
		return;
	}
	outfile_puts(o, "\"");
	for (; *s; s++)
		outfile_write(o, s, 1 + (*s == '"'));
	outfile_puts(o, "\"");
}

static void csv_row(struct outfile *o, const char *metric, const char *event,
		    const char *name, double percent, double lkp,
		    double weight)
{
	outfile_printf(o, "%s,", metric);
	csv_field(o, event);
	outfile_puts(o, ",");
	csv_field(o, name);
	outfile_printf(o, ",%.17g,%.2f,%.17g\n", percent, lkp, weight);
}

/*
 * One row per figure: metric (total, hidden, children, self, calltrace),
 * event, name, percent (of the kept weight; hidden: of all), LKP's value,
 * absolute weight.
 */
static void write_csv(struct outfile *o, const struct metrics *m)
{
	double all = m->total + m->hidden;
	size_t i;

	outfile_puts(o, "metric,event,name,percent,lkp_value,weight\n");
	csv_row(o, "total", m->event, "", 100, 100, m->total);
	csv_row(o, "hidden", m->event, "", all > 0 ? 100 * m->hidden / all : 0,
		all > 0 ? 100 * m->hidden / all : 0, m->hidden);
	for (i = 0; i < m->nr_fns; i++)
		csv_row(o, "children", m->event, m->fns[i].name,
			m->fns[i].children, m->fns[i].lkp_children,
			m->fns[i].children * m->total / 100);
	for (i = 0; i < m->nr_fns; i++)
		csv_row(o, "self", m->event, m->fns[i].name, m->fns[i].self,
			m->fns[i].lkp_self, m->fns[i].self * m->total / 100);
	for (i = 0; i < m->nr_chains; i++)
		csv_row(o, "calltrace", m->event, m->chains[i].name,
			m->chains[i].percent, m->chains[i].lkp_percent,
			m->chains[i].percent * m->total / 100);
}

int cmd_report(int argc, char **argv)
{
	enum report_format fmt = FMT_TABLE;
	struct input_opts io = { 0 };
	struct metrics_opts mo = { 0 };
	struct metrics m;
	struct profile *p = NULL;
	struct outfile o;
	struct fd_err err;
	const char *output = "-";
	int lkp = 0, c, ret = EXIT_INPUT;
	unsigned long top = 25;
	char *end;

	optind = 1;
	while ((c = getopt_long(argc, argv, "ho:", options, NULL)) != -1) {
		if (input_opt(&io, c, optarg))
			continue;
		switch (c) {
		case OPT_LKP:
			lkp = 1;
			break;
		case OPT_EVENT_NAME:
			if (!*optarg || strpbrk(optarg, " \t\n"))
				return usage_error("bad event name '%s'",
						   optarg);
			mo.event = optarg;
			break;
		case OPT_TOP:
			top = strtoul(optarg, &end, 10);
			if (*end || end == optarg || optarg[0] == '-')
				return usage_error("--top wants a number, "
						   "not '%s'", optarg);
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "table"))
				fmt = FMT_TABLE;
			else if (!strcmp(optarg, "json"))
				fmt = FMT_JSON;
			else if (!strcmp(optarg, "csv"))
				fmt = FMT_CSV;
			else if (!strcmp(optarg, "lkp"))
				fmt = FMT_LKP;
			else
				return usage_error("unknown format '%s'",
						   optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return EXIT_USAGE;
		}
	}
	if (lkp)
		fmt = FMT_LKP;
	if (optind >= argc)
		return usage_error("%s", "no input file");

	p = profile_new();
	if (load(argv + optind, argc - optind, &io, p, &err))
		goto fail;
	metrics_compute(p, &mo, &m, &err);
	if (m.total <= 0) {
		fd_err_set(&err, "%s: no sample with a resolved leaf frame "
				 "(all %llu stacks are hidden as unresolved)",
			   argv[optind], (unsigned long long)m.hidden_stacks);
		metrics_free(&m);
		goto fail;
	}
	if (outfile_open(&o, output, &err)) {
		metrics_free(&m);
		goto fail;
	}
	switch (fmt) {
	case FMT_LKP:
		write_lkp(&o, &m);
		break;
	case FMT_JSON:
		write_json(&o, p, &m);
		break;
	case FMT_CSV:
		write_csv(&o, &m);
		break;
	case FMT_TABLE:
		write_table(&o, p, &m, top);
		break;
	}
	metrics_free(&m);
	if (outfile_commit(&o, &err))
		goto fail;
	ret = 0;
	goto out;
fail:
	ret = die_input(err.msg);
out:
	profile_free(p);
	return ret;
}
