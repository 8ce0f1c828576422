// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff diff: compare two builds over repeated runs as LKP compares two
 * commits, explain what moved, and write the differential folded stacks
 * the flame graph renderers draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/comparison.h"
#include "analyzer/input.h"
#include "analyzer/diff.h"
#include "analyzer/diff-folded.h"
#include "analyzer/explain.h"
#include "lib/alloc.h"
#include "lib/compiler.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "render/diff-text.h"
#include "render/export.h"
#include "render/focus-text.h"
#include "render/tree-text.h"
#include "cli/builtin.h"
#include "cli/diff-verdict.h"
#include "cli/input-opts.h"
#include "cli/progress.h"
#include "cli/runs-notes.h"
#include "lib/compiler.h"

/*
 * diff's --help: its numbers are the analyzer's constants (diff.h,
 * chains.h, explain.h), written here from them.
 */
static void diff_usage(struct strbuf *sb)
{
	static const char *const words[] = { "zero", "one", "two", "three",
					     "four", "five", "six", "seven",
					     "eight", "nine", "ten" };
	int frames = EXPLAIN_CHAIN_FRAMES;

	strbuf_addf(sb,
		"usage: flamediff diff [OPTIONS] BASE NEW\n"
		"       flamediff diff [OPTIONS] --base RUN... --new RUN...\n"
		"\n"
		"Compare two builds as LKP compares two commits: LKP's table of\n"
		"perf-profile rows (mean of the runs, population stddev as +-NN%%,\n"
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
		"the other's extreme); other stats also need their medians > %g%% apart.\n"
		"Order: other stats, calltrace, children, self; each by change,\n"
		"largest drop first.\n"
		"With one run on a side that rule cannot tell noise from change, so a\n"
		"row must also move by at least %.1f point (%g%% for other stats).\n"
		"Metrics of profiles are kept at full precision (LKP's stats files only\n"
		"hold two-decimal values >= %g).\n"
		"\n"
		"Under the table, what moved (at most %d columns): the top movers by\n"
		"children and by self, and for every function with self >= %g%% on a\n"
		"side, the caller chains of its self time (%s frames, callee first)\n"
		"that lost and gained, by the same rule as the rows. Names are matched\n"
		"across builds without GCC clone suffixes (.isra.N, .constprop.N,\n"
		".part.N), as LKP does.\n",
		(DIFF_STAT_MIN_RATIO - 1) * 100, DIFF_ONE_RUN_FLOOR_POINTS,
		DIFF_ONE_RUN_FLOOR_PERCENT, DIFF_LKP_FLOOR, EXPLAIN_WIDTH,
		EXPLAIN_HOT,
		frames >= 0 && frames <= 10 ? words[frames] : "several");
}

enum diff_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_FOLDED, FMT_PPROF,
		   FMT_SPEEDSCOPE, FMT_TREE };

static const char *const format_words[] = { "table", "json", "csv", "folded",
					    "pprof", "speedscope", "tree",
					    NULL };

struct diff_cmd {
	struct diff_opts opts;
	int format;		/* enum diff_format */
	const char *output, *folded_file;
	bool normalize, explain, full_precision, exit_code;
	struct po_list fail_on;	/* --fail-on rules, comma lists */
	unsigned int groups;	/* --rows: 1 << DIFF_* */
	bool rows_given;	/* --rows: the table keeps to a width */
	uint64_t width;		/* --width; 0: LKP's rows (100 with --rows) */
	uint64_t top;		/* --top: per group; 0: all */
	uint64_t max_depth;	/* --max-depth (tree); 0: all */
	const char *names[2], *event;
	const char *focus;	/* --focus FUNC */
	struct input_opts io;
	struct match_opts match;
	struct po_list paths[2]; /* base, new */
};

/* --rows: what completion offers (rows_cb() checks the list). */
static const char *const rows_words[] = { "calltrace", "children", "self",
					  "stats", NULL };

static int rows_cb(const struct po_option *opt UNUSED, const char *arg,
		   void *value, struct strbuf *err)
{
	struct diff_cmd *c = value;

	if (!diff_groups_parse(arg, &c->groups)) {
		c->rows_given = true;
		return 0;
	}
	strbuf_addstr(err, "want a list of calltrace, children, self, stats");
	return -1;
}

/* --folded: the format; --folded=FILE: a file besides the table. */
static int folded_cb(const struct po_option *opt UNUSED, const char *arg,
		     void *value, struct strbuf *err UNUSED)
{
	struct diff_cmd *c = value;

	if (arg)
		c->folded_file = arg;
	else
		c->format = FMT_FOLDED;
	return 0;
}

#define D struct diff_cmd
const struct po_option diff_options[] = {
	PO_BOOL(0, "all", D, opts.all, "show every row, changed or not"),
	PO_DOUBLE(0, "min-change", D, opts.min_change, "P", 0, 1e300,
		  "rows must move by at least P (points for\n"
		  "perf-profile rows, percent for other stats);\n"
		  "replaces the one-run floor (0: no floor)"),
	PO_CHOICE(0, "format", D, format, "FMT", format_words,
		  "table (default; with the explanation), json or\n"
		  "csv (every figure of the rows, per-run values\n"
		  "and Welch's t-test p-value when both sides have\n"
		  ">= 2 runs), or folded (as --folded); pprof or\n"
		  "speedscope: each side's profile exported, with\n"
		  "-o PREFIX, to PREFIX.base.pb.gz and\n"
		  "PREFIX.new.pb.gz (.speedscope.json); tree: the\n"
		  "paths changed by the table's rule and their\n"
		  "callers, as text for a mail reply"),
	PO_CALLBACK_BASE(0, "folded", "FILE", folded_cb,
			 "the differential folded stacks, 'stack base new'\n"
			 "a line (names without GCC clone suffixes, new\n"
			 "scaled to the base's total): instead of the\n"
			 "table, or into FILE besides it",
			 .flags = PO_OPTARG, .complete = "file"),
	PO_CLEAR(0, "no-normalize", D, normalize,
		 "--folded: the counts as recorded"),
	PO_CLEAR(0, "no-explain", D, explain, "the table only"),
	PO_BOOL(0, "complete-only", D, io.complete_only,
		"leave out the runs whose recording was\n"
		"interrupted (marked so by record)"),
	PO_CALLBACK_BASE(0, "rows", "LIST", rows_cb,
			 "only these groups of rows: calltrace,children,\n"
			 "self,stats (default: all, LKP's rows whole,\n"
			 "calltrace rows wider than 100 columns). With\n"
			 "--rows every line fits --width (" STR(EXPLAIN_WIDTH)
			 "): a longer\n"
			 "key loses the middle of its name to '..'\n"
			 "(json and csv keep every name whole)",
			 .words = rows_words),
	PO_U64(0, "width", D, width, "N", 60, 1000,
	       "every line of the table and the explanation\n"
	       "within N columns (default: " STR(EXPLAIN_WIDTH)
	       " with --rows;\n" STR(TREE_TEXT_WIDTH) " with --format tree)"),
	PO_U64(0, "top", D, top, "N", 0, 100000,
	       "at most N rows a group, the largest changes\n"
	       "(0: all); --format tree: N changed paths\n"
	       "(default: " STR(TREE_TEXT_TOP) " within "
	       STR(TREE_TEXT_LINES) " lines)"),
	PO_U64(0, "max-depth", D, max_depth, "N", 0, 1000000,
	       "--format tree: no frame deeper than N (0: all)"),
	PO_BOOL(0, "full-precision", D, full_precision,
		"keep perf-profile figures below 0.05 in a run\n"
		"(LKP's stats files stop at 0.05: by default such\n"
		"a figure is absent, as there)"),
	PO_BOOL(0, "exit-code", D, exit_code,
		"exit 1 when a row the table shows changed (by the\n"
		"table's rule), 0 when none did, 2 on error; a\n"
		"one-line summary on stderr (for git bisect run)"),
	PO_LIST(0, "fail-on", D, fail_on, "KEY<N|KEY>N",
		"as --exit-code, counting only changed rows of KEY\n"
		"(a full key, or children.F, self.F, calltrace.C\n"
		"of any event) whose change is below (<) or above\n"
		"(>) N: N%: percent of the base mean, else points\n"
		"(perf-profile) or the stat's own unit; a comma\n"
		"list or repeated, any rule may fire"),
	PO_STRING(0, "focus", D, focus, "FUNC",
		  "instead of the table, FUNC's callers and callees\n"
		  "merged over all its call sites, as two indented\n"
		  "trees: base and new share, change (text only)"),
	PO_STRING(0, "base-name", D, names[0], "NAME",
		  "name of the base side (default: the label of its\n"
		  "first profile, else the file or directory name)"),
	PO_STRING(0, "new-name", D, names[1], "NAME",
		  "the same for the new side"),
	PO_STRING(0, "event-name", D, event, "NAME",
		  "the event part of the keys (default: from the\n"
		  "base profile; from the stats keys against LKP\n"
		  "stats files)"),
	PO_LIST(0, "base", D, paths[0], "RUN",
		"a run of the base side (repeatable)"),
	PO_LIST(0, "new", D, paths[1], "RUN",
		"a run of the new side (repeatable)"),
	PO_FILENAME('o', "output", D, output, "FILE",
		    "write there instead of standard output"),
	PO_INCLUDE(D, io, input_options),
	PO_INCLUDE(D, match, match_options),
	PO_END,
};
#undef D

static void add_path(struct diff_cmd *c, int side, char *path)
{
	struct po_list *l = &c->paths[side];

	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = path;
}

/* --top not given: the table shows every row, the tree TREE_TEXT_TOP
 * paths within TREE_TEXT_LINES lines. */
#define TOP_UNSET UINT64_MAX

/* Fill c from argv: 0 to go on, or -1 with *status to exit with. */
static int parse(struct diff_cmd *c, int argc, char **argv, int *status)
{
	struct strbuf usage = STRBUF_INIT;
	int n;

	memset(c, 0, sizeof(*c));
	c->opts.min_change = DIFF_NO_MIN_CHANGE;
	c->groups = DIFF_ROWS_ALL;
	c->normalize = true;
	c->explain = true;
	c->top = TOP_UNSET;
	diff_usage(&usage);
	n = cmd_parse_options(argc, argv, usage.buf, diff_options, c, 0,
			      status);
	strbuf_release(&usage);
	if (n < 0)
		return -1;
	if (c->max_depth && c->format != FMT_TREE) {
		*status = usage_error("diff", "--max-depth is for --format "
				      "tree");
		return -1;
	}
	if (match_opts_check(&c->match, "diff", status))
		return -1;
	if (c->focus && (c->format != FMT_TABLE || !*c->focus)) {
		*status = usage_error("diff", c->focus[0] ?
				      "--focus writes text, not --format %s" :
				      "--focus: a function name is needed",
				      format_words[c->format]);
		return -1;
	}
	if (c->paths[0].nr || c->paths[1].nr) {
		if (n)
			*status = usage_error("diff", "'%s': give the runs "
					      "either as BASE NEW or with "
					      "--base/--new", argv[0]);
		else if (!c->paths[0].nr || !c->paths[1].nr)
			*status = usage_error("diff", "both --base and --new "
					      "are needed");
		else
			return 0;
		return -1;
	}
	if (n != 2) {
		*status = usage_error("diff", "two sides are needed: BASE NEW");
		return -1;
	}
	add_path(c, 0, argv[0]);
	add_path(c, 1, argv[1]);
	return 0;
}

/* --folded FILE, written but left for outfile_commit_all() with -o. */
static int write_folded(struct outfile *o, const char *path,
			const struct comparison *cmp, bool normalize,
			struct fd_err *err)
{
	if (outfile_open_flags(o, path, OUTFILE_PRIVATE, err))
		return -1;
	joint_stacks_write(cmp->stacks, normalize, o);
	return 0;
}

/*
 * --format pprof/speedscope: the viewers compare two files themselves
 * (pprof -diff_base), so each side is exported as it is, into files named
 * after the -o PREFIX: one output cannot hold two profiles.
 */
static int export_sides(const struct diff_cmd *c, struct diff_side *s)
{
	static const char *const what[2] = { "base", "new" };
	bool pprof = c->format == FMT_PPROF;
	struct strbuf path = STRBUF_INIT;
	struct outfile o[2];
	struct fd_err err;
	int i, ret = 0;

	if (!c->output || !strcmp(c->output, "-"))
		return usage_error("diff", "--format %s writes two files: "
				   "-o PREFIX names them",
				   format_words[c->format]);
	if (s[0].stats || s[1].stats)
		return usage_error("diff", "--format %s needs profiles on "
				   "both sides, not LKP stats files",
				   format_words[c->format]);
	/* both files or neither: one commit for the two */
	for (i = 0; i < 2; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s.%s.%s", c->output, what[i],
			    pprof ? "pb.gz" : "speedscope.json");
		if (export_open(s[i].side.merged,
				pprof ? EXPORT_PPROF : EXPORT_SPEEDSCOPE,
				path.buf, c->names[i] ? c->names[i] : s[i].name,
				&o[i], &err)) {
			if (i)
				outfile_abort(&o[0]);
			ret = report_bad_input(err.msg);
			goto out;
		}
	}
	if (outfile_commit_all(o, 2, &err))
		ret = report_bad_input(err.msg);
out:
	strbuf_release(&path);
	return ret;
}

/* Once the table is computed: the perf-stat rows --comm cannot filter. */
static void mark_rows(struct comparison *cmp, const void *io)
{
	mark_unfiltered_stats("diff", cmp, io);
}

/* The comparison's options, from the command's; verdict: a verdict
 * (--exit-code, --fail-on rules) is to be read off the table. */
static void diff_comparison_opts(const struct diff_cmd *c, bool verdict,
				 struct comparison_opts *co)
{
	comparison_opts_init(co);
	co->diff = c->opts;
	co->full_precision = c->full_precision;
	co->event = c->event;
	co->match = &c->match;
	co->tree = c->explain && c->format != FMT_CSV &&
		   c->format != FMT_FOLDED;
	/* The explanation reads the tree's processes only, and the runs'
	 * chains; the exports each side's merged tree, --folded the
	 * joint stacks. */
	co->tree_depth = 1;
	co->chains = co->tree;
	co->stacks = c->format == FMT_FOLDED || c->folded_file;
	co->merged = c->format == FMT_PPROF || c->format == FMT_SPEEDSCOPE;
	/* pprof and speedscope export the sides as read: nothing to
	 * compute. */
	co->load_only = c->format == FMT_PPROF || c->format == FMT_SPEEDSCOPE;
	co->profiles_only = c->format == FMT_FOLDED || c->folded_file;
	co->groups = c->groups;
	co->top = c->top == TOP_UNSET ? 0 : (size_t)c->top;
	co->explain = co->tree;
	co->names[0] = c->names[0];
	co->names[1] = c->names[1];
	co->computed = mark_rows;
	co->computed_data = &c->io;
	/* The focus view is all that is printed: no explanation. */
	co->focus = c->focus;
	if (c->focus)
		co->tree = co->chains = co->explain = false;
	if (c->format == FMT_TREE) {
		/* the whole tree (to --max-depth), no explanation; --top
		 * counts paths, not rows */
		co->tree = co->profiles_only = true;
		co->tree_depth = (uint32_t)c->max_depth;
		co->chains = co->explain = false;
		co->top = 0;
	}
	/*
	 * The tree and the differential stacks print no row of the table:
	 * each run is then measured for its totals alone (no function
	 * table, a tree's worth of scratch less), and for the tree read
	 * straight into the union tree; not when a verdict reads the rows.
	 */
	if ((c->format == FMT_TREE || c->format == FMT_FOLDED) && !verdict)
		co->no_rows = true;
}

/* Say why comparison_run() failed, as each step's failure is said. */
static int comparison_failed(const struct diff_cmd *c,
			     const struct comparison *cmp,
			     const struct fd_err *err)
{
	switch (cmp->failed) {
	case COMPARISON_NOT_PROFILES:
		return usage_error("diff", "%s needs profiles on both sides, "
				   "not LKP stats files",
				   c->format == FMT_TREE ? "--format tree" :
							   "--folded");
	case COMPARISON_LOAD:
	case COMPARISON_COMPUTE:
		break;
	}
	fprintf(stderr, "flamediff diff: %s\n", err->msg);
	return EXIT_INPUT;
}

/* --format tree: the changed paths and their callers. */
static void write_tree(const struct diff_cmd *c, const struct comparison *cmp,
		       const struct side_summary sum[2], struct outfile *o)
{
	bool top_given = c->top != TOP_UNSET;
	struct cmp_paths p;

	cmp_paths_select(cmp->tree, top_given ? (size_t)c->top : TREE_TEXT_TOP,
			 top_given ? 0 :
				     TREE_TEXT_LINES - TREE_TEXT_FRAME_LINES,
			 &p);
	tree_text_write(o, cmp->tree, &p, sum,
			c->width ? c->width : TREE_TEXT_WIDTH,
			(uint32_t)c->max_depth);
	cmp_paths_release(&p);
}

/* The chosen output of the comparison cmp into o. */
static void write_output(const struct diff_cmd *c,
			 const struct comparison *cmp, struct outfile *o)
{
	const struct explain *e = c->explain ? &cmp->explain : NULL;
	struct side_summary sum[2];

	comparison_summary(cmp, 0, &sum[0]);
	comparison_summary(cmp, 1, &sum[1]);
	switch (c->format) {
	case FMT_FOLDED:
		joint_stacks_write(cmp->stacks, c->normalize, o);
		break;
	case FMT_JSON:
		diff_text_json(o, &cmp->table, e, sum, &c->opts);
		break;
	case FMT_CSV:
		diff_text_csv(o, &cmp->table);
		break;
	case FMT_TREE:
		write_tree(c, cmp, sum, o);
		break;
	default:
		if (c->focus) {
			focus_text_write(o, cmp->opts.focus, cmp->focus, sum,
					 c->width);
			break;
		}
		/* --width, else within a mail reply's with --rows */
		diff_text_table_width(o, &cmp->table, e, sum, &c->opts,
				      c->width ? c->width :
				      c->rows_given ? EXPLAIN_WIDTH : 0);
		break;
	}
}

/*
 * What diff says of a comparison run: its notes, then its outputs (the
 * --folded FILE and the main one, committed together), then the verdict
 * (*verdict_ret) when one is asked for. The exit status.
 */
static int write_results(const struct diff_cmd *c, struct comparison *cmp,
			 const struct verdict_rule *rules, size_t nr_rules,
			 int *verdict_ret)
{
	struct outfile o[2], *main_out = &o[0];
	size_t nr_out = 1;
	struct fd_err err;

	if (cmp->note)
		fprintf(stderr, "flamediff diff: note: %s\n", cmp->note);
	if (cmp->match_note)
		fprintf(stderr, "flamediff diff: note: %s\n", cmp->match_note);
	say_runs_notes("diff", cmp);

	/* The extra file and the main output appear together or not at
	 * all: one commit for both, the main output (maybe stdout) last. */
	if (c->folded_file) {
		if (write_folded(&o[0], c->folded_file, cmp, c->normalize,
				 &err))
			return report_bad_input(err.msg);
		main_out = &o[1];
		nr_out = 2;
	}
	if (outfile_open_flags(main_out, c->output ? c->output : "-",
			       c->format == FMT_FOLDED ? OUTFILE_PRIVATE : 0,
			       &err)) {
		if (nr_out == 2)
			outfile_abort(&o[0]);
		return report_bad_input(err.msg);
	}
	write_output(c, cmp, main_out);
	if (outfile_commit_all(o, nr_out, &err))
		return report_bad_input(err.msg);
	if (c->exit_code || nr_rules)
		return *verdict_ret = diff_verdict(&cmp->table, rules,
						   nr_rules);
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	char *const *paths[2];
	size_t nr[2];
	struct comparison cmp = { 0 };
	struct comparison_opts co;
	struct diff_cmd c;
	struct fd_err err;
	struct verdict_rule *rules = NULL;
	size_t nr_rules = 0;
	bool verdict = diff_verdict_wanted(argc, argv);
	int ret = 0, i, verdict_ret = -1;

	if (parse(&c, argc, argv, &ret))
		goto out_args;
	ret = diff_verdict_rules(&c.fail_on, &rules, &nr_rules);
	if (ret)
		goto out_args;
	for (i = 0; i < 2; i++) {
		paths[i] = c.paths[i].v;
		nr[i] = c.paths[i].nr;
	}
	diff_comparison_opts(&c, c.exit_code || nr_rules, &co);
	progress_start_sides(paths, nr, c.io.quiet);
	i = comparison_run(&cmp, paths, nr, &c.io, &co, &err);
	progress_stop();
	if (i) {
		ret = comparison_failed(&c, &cmp, &err);
		goto out;
	}
	if (co.load_only) {
		if (c.exit_code || nr_rules) {
			ret = usage_error("diff", "--exit-code and --fail-on "
					  "need the table, not --format %s",
					  format_words[c.format]);
			goto out;
		}
		ret = export_sides(&c, cmp.sides);
		goto out;
	}
	ret = write_results(&c, &cmp, rules, nr_rules, &verdict_ret);
out:
	comparison_release(&cmp);
out_args:
	input_opts_release(&c.io);
	po_list_release(&c.paths[0]);
	po_list_release(&c.paths[1]);
	po_list_release(&c.match.rename);
	po_list_release(&c.fail_on);
	verdict_rules_release(rules, nr_rules);
	free(rules);
	/* with a verdict asked for, 1 means "changed": an error is 2 */
	if (verdict_ret < 0 && verdict && ret == EXIT_USAGE)
		ret = EXIT_INPUT;
	return ret;
}
