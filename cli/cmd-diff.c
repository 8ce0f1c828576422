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
#include "lib/outfile.h"
#include "render/diff-text.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"

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

/* The event of the keys; a note when the builds recorded different ones. */
static char *pick_event(const struct diff_cmd *c, const struct diff_side *s)
{
	char *ev[2] = { NULL, NULL }, *pick;
	int i;

	if (c->event)
		return xstrdup(c->event);
	for (i = 0; i < 2; i++)
		ev[i] = diff_side_event(&s[i]);
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
	struct diff d = { 0 };
	struct explain e = { 0 };
	struct diff_cmd c;
	struct fd_err err;
	struct outfile o;
	const char *names[2];
	char *event = NULL;
	bool help;
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
		if (c.explain && c.format != FMT_CSV)
			explain_sides(&d, &s[0], &s[1], &c.opts, &e);
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
		diff_text_json(&o, &d, c.explain ? &e : NULL, names, s,
			       &c.opts);
		break;
	case FMT_CSV:
		diff_text_csv(&o, &d);
		break;
	default:
		diff_text_table(&o, &d, c.explain ? &e : NULL, names, s,
				&c.opts);
		break;
	}
	if (outfile_commit(&o, &err))
		ret = die_input(err.msg);
out:
	explain_free(&e);
	diff_free(&d);
	for (i = 0; i < 2; i++)
		diff_side_free(&s[i]);
	free(event);
out_args:
	free(c.paths[0]);
	free(c.paths[1]);
	return ret;
}
