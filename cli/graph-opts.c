// SPDX-License-Identifier: GPL-2.0
/*
 * The options and input handling every graph command shares (svg, png):
 * flamegraph.pl's options by their names, the diff options, and turning
 * the inputs into a layout.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/explain.h"
#include "lib/alloc.h"
#include "lib/compiler.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "cli/builtin.h"
#include "cli/graph-opts.h"
#include "cli/runs-notes.h"
#include "cli/input-opts.h"
#include "cli/progress.h"
#include "render/color.h"
#include "render/textfmt.h"
#include "lib/compiler.h"

static int input_format_cb(const struct po_option *opt UNUSED, const char *arg,
			   void *value, struct strbuf *err)
{
	struct input_opts *io = value;
	int f = input_format_parse(arg);

	if (f < 0) {
		strbuf_addstr(err, "want ");
		po_add_words(err, input_format_words);
		return -1;
	}
	io->format = (enum input_format)f;
	return 0;
}

/*
 * -j N: the threads a large input is read on. FLAMEDIFF_PART_MIN (bytes),
 * for the tests: how small a part may be, so that their small files are
 * cut too (default: the reader's, a few MiB).
 */
static int jobs_cb(const struct po_option *opt UNUSED, const char *arg,
		   void *value, struct strbuf *err)
{
	struct input_opts *io = value;
	const char *env = getenv("FLAMEDIFF_PART_MIN");
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || *arg == '-' || n < 1 ||
	    n > INPUT_MAX_JOBS) {
		strbuf_addf(err, "want a number of threads from 1 to %u",
			    INPUT_MAX_JOBS);
		return -1;
	}
	io->jobs = n;
	if (env && *env)
		io->part_min = strtoul(env, NULL, 10);
	return 0;
}

/* What completion offers (the callbacks check; --input-format's words
 * are input.c's reader table's). */
static const char *const palette_words[] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl", "red",
	"green", "blue", "aqua", "yellow", "purple", "orange", NULL
};
static const char *const bgcolor_words[] = {
	"yellow", "blue", "green", "grey", NULL
};

const struct po_option input_options[] = {
	PO_CALLBACK_BASE(0, "input-format", "FMT", input_format_cb,
			 "read the inputs as FMT: " PO_HELP_WORDS ",\n"
			 "not as their content suggests (auto, the default)",
			 .words = input_format_words),
	PO_CALLBACK_BASE('j', "jobs", "N", jobs_cb,
			 "read a large perf script file on N threads\n"
			 "(default: one per online CPU; 1: one stream);\n"
			 "gzip input and pipes are read on one"),
	PO_BIT(0, "on-cpu", struct input_opts, cpu_view, CPU_VIEW_ON,
	       "show the samples (on-CPU time); the default when\n"
	       "an input has samples"),
	PO_BIT(0, "off-cpu", struct input_opts, cpu_view, CPU_VIEW_OFF,
	       "show the off-CPU time (perf sched timehist,\n"
	       "record --sched): each switch-out stack weighted by\n"
	       "the ns its task then waited; the default when an\n"
	       "input has no samples"),
	PO_BOOL('q', "quiet", struct input_opts, quiet,
		"no progress meter on stderr (shown on a terminal\n"
		"when reading or drawing takes over 2 s)"),
	PO_BOOL(0, "strict", struct input_opts, strict,
		"refuse an input with an odd line (perf script,\n"
		"folded, timehist), where it is otherwise skipped\n"
		"with one warning"),
	PO_BOOL(0, "pid", struct input_opts, ps.pid,
		"perf script: process root 'comm-PID'"),
	PO_BOOL(0, "tid", struct input_opts, ps.tid,
		"perf script: process root 'comm-PID/TID'"),
	PO_STRING(0, "event", struct input_opts, ps.event, "EV",
		  "perf script, perf.data: samples of this event\n"
		  "only (default: the first event seen; a note\n"
		  "names the others)"),
	PO_STRING(0, "event-filter", struct input_opts, ps.event, "EV",
		  "as --event"),
	PO_BOOL(0, "no-comm", struct input_opts, ps.no_comm,
		"no process-name root (perf script; a profile's\n"
		"process frames dropped), or folded stacks that\n"
		"start with a function"),
	PO_WORDLIST(0, "only-pid", struct input_opts, ps.only_pid, "PID[,PID...]",
		"perf script, perf.data: only the samples of these\n"
		"processes;\n"
		"repeatable"),
	PO_WORDLIST(0, "only-tid", struct input_opts, ps.only_tid, "TID[,TID...]",
		"perf script, perf.data: only the samples of these\n"
		"threads;\n"
		"repeatable"),
	PO_WORDLIST(0, "comm", struct input_opts, comm.keep, "NAME[,NAME...]",
		"only these processes (a NAME also matches\n"
		"NAME-PID, NAME-worker and the kernel's 15-byte\n"
		"cut of NAME); repeatable"),
	PO_WORDLIST(0, "exclude-comm", struct input_opts, comm.drop,
		"NAME[,NAME...]", "not these processes; repeatable"),
	PO_FILENAME(0, "kallsyms", struct input_opts, kallsyms, "FILE",
		    "perf.data: kernel symbols (a copy of /proc/kallsyms)\n"
		    "of the kernel that recorded it"),
	PO_FILENAME(0, "vmlinux", struct input_opts, vmlinux, "FILE",
		    "perf.data: kernel symbols from that kernel's vmlinux"),
	PO_FILENAME(0, "symfs", struct input_opts, symfs, "DIR",
		    "perf.data: the recorded binaries and their debug\n"
		    "files under DIR too (DIR/PATH,\n"
		    "DIR/usr/lib/debug), as perf's --symfs; used only\n"
		    "with the recorded build-id"),
	PO_BOOL(0, "inline", struct input_opts, ps.inlines,
		"inlined functions marked _[i] (perf.data: from\n"
		"the binaries' DWARF, on every stack)"),
	PO_END,
};

#define M struct match_opts
const struct po_option match_options[] = {
	PO_LIST(0, "rename", M, rename, "OLD=NEW",
		"the new side's process and benchmark testcase\n"
		"NEW are the base's OLD (binaries named\n"
		"differently); repeatable"),
	PO_STRING(0, "testcase", M, testcase, "NAME",
		  "each side's dominant process and testcase are\n"
		  "called NAME"),
	PO_BOOL(0, "no-rename", M, no_auto,
		"compare the processes and testcases by their\n"
		"names as they are (by default, when each side has\n"
		"one dominant process or one testcase and they\n"
		"differ, the new side's is renamed to the base's)"),
	PO_END,
};
#undef M

int match_opts_check(const struct match_opts *m, const char *cmd,
		     int *status)
{
	size_t i;

	for (i = 0; i < m->rename.nr; i++) {
		const char *a = m->rename.v[i], *eq = strchr(a, '=');

		if (!eq || eq == a || !eq[1] || strchr(eq + 1, '=')) {
			*status = usage_error(cmd, "--rename '%s': want "
					      "OLD=NEW (the base's name, the "
					      "new side's)", a);
			return -1;
		}
	}
	if (m->testcase && !*m->testcase) {
		*status = usage_error(cmd, "--testcase wants a name");
		return -1;
	}
	return 0;
}

/* "PX" (the image) or, for a diff, base|new|mean (the frames). */
static int width_cb(const struct po_option *opt, const char *arg,
		    void *value, struct strbuf *err)
{
	static const char *const words[] = { "mean", "base", "new" };
	struct flame_opts *o = value;
	struct po_option num = *opt;
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcmp(arg, words[i])) {
			o->width_by = (enum width_by)i;
			return 0;
		}
	}
	num.flags = PO_RANGE;
	num.lo = FLAME_MIN_WIDTH;
	num.hi = FLAME_MAX_WIDTH;
	return po_get_double(&num, arg, &o->width, err);
}

/* "PX" or "N%": a percentage of the total is at most 100. */
static int minwidth_cb(const struct po_option *opt, const char *arg,
		       void *value, struct strbuf *err)
{
	struct flame_opts *o = value;
	struct po_option num = *opt;
	size_t len = strlen(arg);
	bool pct = len && arg[len - 1] == '%';
	char *s = xstrndup(arg, pct ? len - 1 : len);
	int r;

	num.flags = PO_RANGE;
	num.lo = 0;
	num.hi = pct ? 100 : FLAME_MAX_MINWIDTH_PX;
	r = po_get_double(&num, s, &o->minwidth, err);
	if (!r)
		o->minwidth_pct = pct;
	free(s);
	return r;
}

static int colors_cb(const struct po_option *opt UNUSED, const char *arg,
		     void *value UNUSED, struct strbuf *err)
{
	if (color_palette_valid(arg))
		return 0;
	strbuf_addstr(err, "unknown palette");
	return -1;
}

static int bgcolors_cb(const struct po_option *opt UNUSED, const char *arg,
		       void *value UNUSED, struct strbuf *err)
{
	struct rgb a, b;

	if (color_background(arg, false, &a, &b))
		return 0;
	strbuf_addstr(err, "want yellow, blue, green, grey or #rrggbb");
	return -1;
}

static const char *const color_by_words[] = { "total", "self", NULL };

#define G struct graph_cmd
const struct po_option graph_options[] = {
	PO_GROUP("Graph options (as flamegraph.pl):"),
	PO_STRING(0, "title", G, fo.title, "TEXT",
		  "title (default \"Flame Graph\")"),
	PO_STRING(0, "subtitle", G, fo.subtitle, "TEXT",
		  "second line under the title"),
	PO_CALLBACK(0, "width", G, fo, "PX|base|new|mean", width_cb,
		    "image width (" STR(FLAME_WIDTH) "); diff: base, new or "
		    "mean\n"
		    "(default): the share a frame's width is"),
	PO_DOUBLE(0, "height", G, fo.frame_height, "PX", FLAME_MIN_HEIGHT,
		  FLAME_MAX_HEIGHT,
		  "height of one frame row (" STR(FLAME_HEIGHT) ")"),
	PO_CALLBACK(0, "minwidth", G, fo, "PX|N%", minwidth_cb,
		    "narrower frames are merged (" STR(FLAME_MINWIDTH) ")"),
	PO_STRING(0, "fonttype", G, fo.fonttype, "FONT",
		  "(" FLAME_FONTTYPE ")"),
	PO_DOUBLE(0, "fontsize", G, fo.fontsize, "PT", FLAME_MIN_FONTSIZE,
		  FLAME_MAX_FONTSIZE, "(" STR(FLAME_FONTSIZE) ")"),
	PO_DOUBLE(0, "fontwidth", G, fo.fontwidth, "F", FLAME_MIN_FONTWIDTH,
		  FLAME_MAX_FONTWIDTH,
		  "average glyph width / size (" STR(FLAME_FONTWIDTH) ")"),
	PO_STRING(0, "countname", G, fo.countname, "NAME",
		  "unit of the values (the profile's, or samples)"),
	PO_STRING(0, "nametype", G, fo.nametype, "TEXT",
		  "label of the details line (Function:)"),
	PO_STRING(0, "colors", G, fo.colors, "PALETTE",
		  "hot mem io wakeup chain java js perl red green\n"
		  "blue aqua yellow purple orange (hot; off-CPU\n"
		  "time: blues)",
		  .cb = colors_cb, .words = palette_words),
	PO_STRING(0, "bgcolors", G, fo.bgcolors, "C",
		  "yellow blue green grey or #rrggbb",
		  .cb = bgcolors_cb, .words = bgcolor_words),
	PO_BOOL(0, "hash", G, fo.hash,
		"accepted: colours always hash the name"),
	PO_NOOP(0, "cp", "accepted: colours always hash the name"),
	PO_BOOL(0, "inverted", G, fo.inverted, "icicle graph, root at the top"),
	PO_BOOL(0, "reverse", G, fo.reverse, "merge stacks from the leaves"),
	PO_BOOL(0, "negate", G, fo.negate, "diff: swap red and blue"),
	PO_STRING(0, "notes", G, fo.notes, "TEXT", "embedded in the graph"),
	PO_DOUBLE(0, "total", G, fo.total, "N", 0, FLAME_MAX_VALUE,
		  "the full width stands for N (a common scale)"),
	PO_U64(0, "max-depth", G, max_depth, "N", 0, 1000000,
	       "draw no frame deeper than N (0: all)"),
	PO_STRING(0, "focus", G, focus, "FUNC",
		  "FUNC's callers (above it) and callees (below),\n"
		  "merged over all its call sites (diff: as diff\n"
		  "--focus); not with --reverse or --inverted"),
	PO_DOUBLE_GT(0, "factor", G, fo.factor, "F", 0, FLAME_MAX_VALUE,
		     "multiply every value by F"),
	PO_GROUP("Input:"),
	PO_INCLUDE(G, io, input_options),
	PO_GROUP("Differential (--diff BASE NEW, or --base F... --new F...;\n"
		 "a side is a file or a directory of runs):"),
	PO_BOOL(0, "diff", G, diff, "the two inputs are BASE and NEW"),
	PO_LIST(0, "base", G, base, "F", "a run of the base side (repeatable)"),
	PO_LIST(0, "new", G, new, "F", "a run of the new side (repeatable)"),
	PO_CLEAR(0, "no-normalize", G, fo.normalize,
		 "no effect on graphs (shares are always of each\n"
		 "run's own total); kept for diff's option"),
	PO_CHOICE(0, "color-by", G, color_by, "total|self", color_by_words,
		  "colour the change of the inclusive (default)\n"
		  "or the self share"),
	PO_DOUBLE(0, "min-delta", G, fo.min_delta, "PTS", 0,
		  FLAME_MAX_POINTS,
		  "as diff --min-change: a path must move by PTS\n"
		  "to be coloured (default: the table's rule alone,\n"
		  "with its 1-point floor when a side has 1 run)"),
	PO_DOUBLE(0, "min-change", G, fo.min_delta, "PTS", 0,
		  FLAME_MAX_POINTS, "the same as --min-delta"),
	PO_DOUBLE(0, "max-delta", G, fo.max_delta, "PTS", 0, FLAME_MAX_POINTS,
		  "the colour scale ends at PTS points, so graphs\n"
		  "compare (default: the largest change drawn)"),
	PO_BOOL(0, "full-precision", G, full_precision,
		"keep shares below 0.05 in a run (as diff's)"),
	PO_INCLUDE(G, match, match_options),
	PO_CLEAR(0, "no-strip-clones", G, fo.strip_clones,
		 "keep .isra.N/.constprop.N/.part.N suffixes"),
	PO_FILENAME('o', "output", G, output, "FILE",
		    "where to write (default: stdout)"),
	PO_END,
};
#undef G

void graph_cmd_init(struct graph_cmd *g)
{
	memset(g, 0, sizeof(*g));
	flame_opts_init(&g->fo);
	g->color_by = g->fo.color_by;
}

int graph_cmd_parse(struct graph_cmd *g, int argc, char **argv,
		    const char *usage, const struct po_option *opts,
		    void *base, int *status)
{
	const char *cmd = argv[0];
	int n;

	n = cmd_parse_options(argc, argv, usage, opts, base, 0, status);
	if (n < 0)
		return -1;
	if (match_opts_check(&g->match, cmd, status))
		return -1;
	g->fo.color_by = g->color_by;
	g->cmd = cmd;
	if (g->focus && (!*g->focus || g->fo.reverse || g->fo.inverted)) {
		*status = usage_error(cmd, *g->focus ?
				      "--focus draws callers above and "
				      "callees below: not with --reverse "
				      "or --inverted" :
				      "--focus: a function name is needed");
		return -1;
	}
	g->inputs = argv;
	g->nr_inputs = n;
	if (g->base.nr || g->new.nr) {
		g->diff = true;
		if (g->nr_inputs || !g->base.nr || !g->new.nr) {
			*status = usage_error(cmd, "--base and --new each at "
					      "least once, and no other "
					      "inputs");
			return -1;
		}
	} else if (g->diff) {
		if (g->nr_inputs != 2) {
			*status = usage_error(cmd, "--diff takes two inputs, "
					      "BASE and NEW");
			return -1;
		}
		ALLOC_GROW(g->base.v, 1, g->base.alloc);
		ALLOC_GROW(g->new.v, 1, g->new.alloc);
		g->base.v[g->base.nr++] = g->inputs[0];
		g->new.v[g->new.nr++] = g->inputs[1];
		g->nr_inputs = 0;
	}
	return 0;
}

/* How loading went, for graph_cmd_load() to pick the exit status. */
enum load_result {
	LOAD_OK = 0,
	LOAD_BAD_INPUT, /* exit 2: err says why */
	LOAD_BAD_OPTS,	/* exit 1: an option the input makes impossible */
};

static enum load_result layout_result(int r)
{
	if (!r)
		return LOAD_OK;
	return r == LAYOUT_EINPUT ? LOAD_BAD_INPUT : LOAD_BAD_OPTS;
}

/* What a graph wants of a comparison, as loading and computing it. */
static void graph_comparison_opts(const struct graph_cmd *g,
				  struct comparison_opts *co)
{
	comparison_opts_init(co);
	co->diff.min_change = g->fo.min_delta;
	co->full_precision = g->full_precision;
	co->strip_clones = g->fo.strip_clones;
	co->reverse = g->fo.reverse;
	co->tree = true;
	/* A graph shows the table's rows only when it draws the table;
	 * its info line takes the benchmark's headline, a stats row. */
	co->no_rows = !g->table_rows;
	co->match = &g->match;
	/* A graph of LKP stats files: there is no tree to draw. */
	co->profiles_only = true;
	/* A focus view draws the focus trees only. */
	co->focus = g->focus;
	if (g->focus)
		co->tree = false;
}

/* Why comparison_run() or comparison_finish() failed, in err. */
static enum load_result comparison_failed(struct graph_cmd *g,
					  struct fd_err *err)
{
	const struct diff_side *b = &g->cmp.sides[0], *n = &g->cmp.sides[1];

	if (g->cmp.failed == COMPARISON_NOT_PROFILES)
		fd_err_set(err, "%s: LKP stats files hold no call tree to "
			   "draw: compare them with 'flamediff diff'",
			   b->stats ? b->files[0] : n->files[0]);
	return LOAD_BAD_INPUT;
}

/* The comparison (run) into a differential layout. */
static enum load_result draw_comparison(struct graph_cmd *g,
					struct fd_err *err)
{
	struct diff_side *b = &g->cmp.sides[0], *n = &g->cmp.sides[1];
	struct strbuf headline = STRBUF_INIT;
	enum load_result r;

	/* The side's name (label, else file name) for the info line. */
	if (b->name && !b->side.sum->meta.label)
		meta_set(&b->side.sum->meta.label, b->name);
	if (n->name && !n->side.sum->meta.label)
		meta_set(&n->side.sum->meta.label, n->name);
	/* the benchmark's verdict opens the info line (layout copies it) */
	if (text_headline(&g->cmp.table, &headline))
		g->fo.headline = headline.buf;
	/* The sides' sums hold the metadata and totals the info line
	 * shows: no merged tree is kept. */
	if (g->focus)
		r = layout_result(layout_build_focus(
			&g->layout, g->cmp.focus[FOCUS_CALLERS],
			g->cmp.focus[FOCUS_CALLEES], b->side.sum, n->side.sum,
			g->focus, &g->fo, err));
	else
		r = layout_result(layout_build_diff(&g->layout, g->cmp.tree,
						    b->side.sum, n->side.sum,
						    &g->fo, err));
	g->fo.headline = NULL;
	strbuf_release(&headline);
	return r;
}

/* One profile's focus view: its two focus trees, drawn as one graph. */
static enum load_result load_focus_plain(struct graph_cmd *g,
					 struct fd_err *err)
{
	struct focus_spec spec;

	focus_spec_init(&spec, g->focus, g->fo.strip_clones);
	focus_run_build(g->profile, &spec, &g->focus_run);
	focus_spec_release(&spec);
	if (!(g->focus_run.weight > 0)) {
		fd_err_set(err, "--focus %s: no sample has this function in "
			   "its stack", g->focus);
		return LOAD_BAD_INPUT;
	}
	return layout_result(layout_build_focus_plain(
		&g->layout, g->focus_run.callers, g->focus_run.callees,
		g->focus, &g->fo, err));
}

static enum load_result load_plain(struct graph_cmd *g, struct fd_err *err)
{
	struct profile *p2;
	size_t i;
	char *stdin_path = "-";
	char **inputs = g->nr_inputs ? g->inputs : &stdin_path;
	size_t n = g->nr_inputs ? g->nr_inputs : 1;

	g->profile = profile__new();
	p2 = profile__new();
	for (i = 0; i < n; i++) {
		int r = input_read(inputs[i], &g->io, g->profile, p2, err);

		/* An input without samples is not an error here: the graph
		 * says "no samples" and the command exits non-zero, as users
		 * of flamegraph.pl expect. */
		if (!r || r == INPUT_NO_SAMPLES)
			continue;
		profile__delete(p2);
		return LOAD_BAD_INPUT;
	}
	if (profile_weighs(p2) || p2->nr_nodes > 1) {
		/* Differential folded input ("stack base new"): its second
		 * column is the new build; the comparison owns both. */
		struct comparison_opts co;
		int r;

		graph_comparison_opts(g, &co);
		r = comparison_init_profiles(&g->cmp, g->profile, p2,
					     inputs[0], &co, err);
		g->profile = NULL;
		g->diff = true;
		if (r)
			return LOAD_BAD_INPUT;
		if (comparison_finish(&g->cmp, &co, err))
			return comparison_failed(g, err);
		return draw_comparison(g, err);
	}
	profile__delete(p2);
	if (g->focus)
		return load_focus_plain(g, err);
	return layout_result(layout_build(&g->layout, g->profile, &g->fo,
					  err));
}

int graph_cmd_load(struct graph_cmd *g)
{
	struct fd_err err = { { 0 } };
	char *const *paths[2] = { g->base.v, g->new.v };
	size_t nr[2] = { g->base.nr, g->new.nr };
	struct comparison_opts co;
	enum load_result r;

	g->fo.max_depth = (uint32_t)g->max_depth;
	graph_comparison_opts(g, &co);
	if (g->diff)
		progress_start_sides(paths, nr, g->io.quiet);
	else
		progress_start(g->inputs, g->nr_inputs, g->io.quiet);
	if (!g->diff)
		r = load_plain(g, &err);
	else if (comparison_run(&g->cmp, paths, nr, &g->io, &co, &err))
		r = comparison_failed(g, &err);
	else
		r = draw_comparison(g, &err);
	/* a graph written to stdout may be drawn on the meter's terminal */
	if (g->output && strcmp(g->output, "-"))
		progress_phase("drawing");
	else
		progress_stop();
	progress_clear();
	if (g->diff && r != LOAD_BAD_INPUT && g->cmp.match_note)
		fprintf(stderr, "flamediff: note: %s\n", g->cmp.match_note);
	/* What diff says of the sides' runs (non-run files left out, runs
	 * cut short), so that a graph is trusted no more than the table. */
	if (g->diff && r != LOAD_BAD_INPUT)
		say_runs_notes(g->cmd ? g->cmd : "graph", &g->cmp);
	if (r == LOAD_BAD_INPUT)
		return report_bad_input(err.msg);
	if (r == LOAD_BAD_OPTS) {
		fprintf(stderr, "flamediff: %s\n", err.msg);
		return EXIT_USAGE;
	}
	return 0;
}

void graph_cmd_release(struct graph_cmd *g)
{
	progress_stop();
	layout__delete(g->layout);
	focus_run_release(&g->focus_run);
	comparison_release(&g->cmp);
	profile__delete(g->profile);
	input_opts_release(&g->io);
	po_list_release(&g->base);
	po_list_release(&g->new);
	po_list_release(&g->match.rename);
	memset(g, 0, sizeof(*g));
}
