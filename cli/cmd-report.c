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
#include "lib/outfile.h"
#include "analyzer/profile.h"
#include "render/report-text.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"

enum report_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_LKP };

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
	metrics_compute(p, &mo, &m);
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
		report_text_lkp(&o, &m);
		break;
	case FMT_JSON:
		report_text_json(&o, p, &m);
		break;
	case FMT_CSV:
		report_text_csv(&o, &m);
		break;
	case FMT_TABLE:
		report_text_table(&o, p, &m, top);
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
