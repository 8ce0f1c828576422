// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff report: LKP's perf-profile metrics of one side (one or more
 * runs, added up), as LKP's stats lines (--lkp), a table, JSON or CSV.
 */
#include <malloc.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/input.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/metric-set.h"
#include "analyzer/metrics.h"
#include "analyzer/perfscript.h"
#include "lib/alloc.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"
#include "collector/perfdata.h"
#include "render/report-text.h"
#include "render/textfmt.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"
#include "cli/progress.h"
#include "lib/parse-options.h"
#include "lib/compiler.h"

enum report_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_LKP };

/* The functions the table shows without --top. */
#define REPORT_TOP 25

const char report_usage[] =
	"usage: flamediff report [OPTIONS] [FILE...]\n"
	"\n"
	"Children %, self % and calltrace chains as LKP computes them (perf\n"
	"report --children -U -g folded,0.5,callee). Several FILEs are runs of\n"
	"one side and are added up. FILE: perf script text, folded stacks or a\n"
	"flamediff profile, gzipped or not; '-', or no FILE, is standard\n"
	"input. LKP stats files ('key: value'): their perf-profile rows,\n"
	"the mean of the runs.";

static const char *const format_words[] = { "table", "json", "csv", "lkp",
					    NULL };

struct report_cmd {
	struct input_opts io;
	struct metrics_opts mo;
	int format;		/* enum report_format */
	bool lkp;
	uint64_t top;
	const char *output;
	char **files;		/* into argv; "-" when none was given */
	size_t nr_files;
	/* files[0], opened to tell its format: standard input cannot be
	 * opened twice */
	struct linereader *lr0;
};

/* A key part: "perf-profile.children.EVENT.fn" must stay one word. */
static int event_name_cb(const struct po_option *opt UNUSED, const char *arg,
			 void *value UNUSED, struct strbuf *err)
{
	if (*arg && !strpbrk(arg, " \t\n"))
		return 0;
	strbuf_addstr(err, "bad event name");
	return -1;
}

const struct po_option report_options[] = {
	PO_BOOL(0, "lkp", struct report_cmd, lkp,
		"LKP's stats lines: 'key: value', sorted, >= 0.05"),
	PO_STRING(0, "event-name", struct report_cmd, mo.event, "NAME",
		  "the event part of the keys (default: from the\n"
		  "profile, 'cycles:pp' -> 'cycles-pp')",
		  .cb = event_name_cb),
	PO_U64(0, "top", struct report_cmd, top, "N", 0, 1e9,
	       "functions in the table (default " STR(REPORT_TOP) ")"),
	PO_CHOICE(0, "format", struct report_cmd, format, "FMT", format_words,
		  "table (default); json or csv: every figure;\n"
		  "lkp: as --lkp"),
	PO_FILENAME('o', "output", struct report_cmd, output, "FILE",
		    "write there instead of standard output"),
	PO_INCLUDE(struct report_cmd, io, input_options),
	PO_END,
};

/*
 * A run without samples still counts when it carries stats rows (its
 * benchmark figures, time and perf-stat rows): a benchmark that mostly
 * sleeps, or a short command, is recorded all the same, and report --lkp
 * prints those rows. Without any, it is an input with nothing in it.
 */
static int read_ok(int r, const struct profile *p)
{
	return !r || (r == INPUT_NO_SAMPLES && p->meta.stats.nr);
}

/* Read every file into one profile: runs of one side add up. */
static int load(char **paths, size_t n, const struct input_opts *io,
		struct linereader *lr0, struct profile *p, struct fd_err *err)
{
	size_t i;

	if (!read_ok(input_read_lr(lr0, io, p, NULL, err), p))
		return -1;
	for (i = 1; i < n; i++) {
		struct profile *run = profile__new();

		if (!read_ok(input_read(paths[i], io, run, NULL, err), run)) {
			profile__delete(run);
			return -1;
		}
		/* As fold, svg and diff: weights of different events do
		 * not add up. */
		if (p->meta.event && run->meta.event &&
		    meta_event_conflict(p->meta.event, run->meta.event)) {
			fd_err_at(err, paths[i], 0,
				  "samples of event '%s' where %s has '%s': "
				  "weights of different events do not add up "
				  "(keep one with --event-filter)",
				  run->meta.event, paths[0], p->meta.event);
			profile__delete(run);
			return -1;
		}
		profile_merge(p, run);
		profile__delete(run);
		if (!isfinite(profile_total(p)))
			return fd_err_at(err, paths[i], 0,
					 "the counts of the inputs add up past "
					 "the largest number");
	}
	return 0;
}

/*
 * LKP stats files hold LKP's figures already reduced: no call tree is left
 * to compute from, but their perf-profile rows still read as a report.
 * Several files are runs of one side: the mean of each key, a key missing
 * from a run counting as 0, as LKP averages a side's runs.
 */
static int is_stats(const char *path, const struct input_opts *io,
		    struct linereader *lr, bool *stats, struct fd_err *err)
{
	enum input_format fmt = io->format;

	if (lr_init_path(lr, path, err))
		return -1;
	if (fmt == INPUT_AUTO && input_detect_lr(lr, &fmt, err)) {
		lr_release(lr);
		return -1;
	}
	*stats = fmt == INPUT_LKP_STATS;
	return 0;
}

static int load_stats(char **paths, size_t n, const struct input_opts *io,
		      struct linereader *lr0, struct metric_set *mean,
		      struct fd_err *err)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct metric_set run = { 0 };
		struct linereader lr, *l = lr0;
		bool stats = true;
		int r;

		if (i) {
			if (is_stats(paths[i], io, &lr, &stats, err))
				return -1;
			l = &lr;
		}
		r = stats ? lkp_stats_read(l, &run, err)
			  : fd_err_at(err, l->path, 0,
				      "stacks among LKP stats files: a "
				      "report reads one kind");
		if (i)
			lr_release(&lr);
		if (r) {
			metric_set_release(&run);
			return -1;
		}
		for (j = 0; j < run.nr; j++)
			if (!strncmp(run.v[j].key, "perf-profile.", 13))
				metric_set_add(mean, run.v[j].key,
					       run.v[j].value / n);
		metric_set_release(&run);
	}
	metric_set_sort(mean);
	if (!mean->nr)
		return fd_err_at(err, paths[0], 0,
				 "no perf-profile rows in these LKP stats");
	return 0;
}

/* The rows as LKP prints them (--lkp and the table), or JSON, or CSV. */
static void write_stats(struct outfile *o, const struct metric_set *s,
			int format)
{
	char v[32];
	size_t i;

	if (format == FMT_JSON)
		outfile_printf(o, "{\n  \"metrics\": [");
	else if (format == FMT_CSV)
		outfile_printf(o, "key,value\n");
	for (i = 0; i < s->nr; i++) {
		const struct metric *m = &s->v[i];

		switch (format) {
		case FMT_JSON:
			outfile_printf(o, "%s\n    {\"key\": ", i ? "," : "");
			json_string(o, m->key);
			outfile_printf(o, ", \"value\": ");
			json_number(o, m->value);
			outfile_printf(o, "}");
			break;
		case FMT_CSV:
			csv_field(o, m->key);
			outfile_printf(o, ",");
			csv_number_fmt(o, "%.2f", m->value);
			outfile_printf(o, "\n");
			break;
		default:
			outfile_printf(o, "%s: %s\n", m->key,
				       fmt_double(v, sizeof(v), "%.2f",
						  m->value));
			break;
		}
	}
	if (format == FMT_JSON)
		outfile_printf(o, "\n  ]\n}\n");
}

static int run_stats(const struct report_cmd *c)
{
	struct metric_set mean = { 0 };
	struct outfile o;
	struct fd_err err;
	int ret = EXIT_INPUT;

	if (load_stats(c->files, c->nr_files, &c->io, c->lr0, &mean, &err))
		goto fail;
	progress_stop(); /* the output may go to its terminal */
	if (outfile_open(&o, c->output, &err))
		goto fail;
	write_stats(&o, &mean, c->format);
	if (outfile_commit(&o, &err))
		goto fail;
	ret = 0;
	goto out;
fail:
	ret = report_bad_input(err.msg); /* which stops the meter */
out:
	metric_set_release(&mean);
	return ret;
}

/* Fill c from argv: 0 to go on, or -1 with *status to exit with. */
static int parse(struct report_cmd *c, int argc, char **argv, int *status)
{
	static char *stdin_only[] = { "-", NULL };
	int n;

	memset(c, 0, sizeof(*c));
	c->format = FMT_TABLE;
	c->top = REPORT_TOP;
	c->output = "-";
	n = cmd_parse_options(argc, argv, report_usage, report_options, c, 0,
			      status);
	if (n < 0)
		return -1;
	if (c->lkp)
		c->format = FMT_LKP;
	/* Every format is LKP's metrics, which perf keeps per DSO: the
	 * readers that know a frame's DSO keep it (analyzer/names.h). */
	c->io.ps.dso_names = true;
	/* Nobody types perf script text: at a terminal, no FILE is a
	 * mistake, not a wait for input. */
	if (!n && isatty(STDIN_FILENO)) {
		*status = usage_error("report", "no input file (or pipe one "
					        "in)");
		return -1;
	}
	c->files = n ? argv : stdin_only;
	c->nr_files = n ? n : 1;
	return 0;
}

/* Read the inputs into p and compute its metrics into m. */
static int measure(const struct report_cmd *c, const struct input_opts *io,
		   struct linereader *lr0, struct profile *p,
		   struct metrics *m, struct fd_err *err)
{
	bool lkp_stats;

	if (load(c->files, c->nr_files, io, lr0, p, err))
		return -1;
	/* Read only from here on: the metrics' arrays take the index's
	 * room (on a million distinct leaves, 8 to 16 MB). */
	profile_drop_index(p);
	metrics_compute(p, &c->mo, m);
	/* --lkp prints a run's stats rows (benchmark, time, perf-sched)
	 * whether or not it has samples to compute perf-profile rows of. */
	lkp_stats = c->format == FMT_LKP && p->meta.stats.nr;
	if (profile_total(p) <= 0 && c->format != FMT_LKP) {
		if (!p->meta.stats.nr)
			fd_err_set(err, "%s: nothing to report: no samples, "
					"no stats rows", c->files[0]);
		else
			fd_err_set(err, "%s: no samples in the input, only "
					"%zu stats rows (report --lkp prints "
					"them)", c->files[0],
				   p->meta.stats.nr);
		metrics_release(m);
		return -1;
	}
	if (m->total <= 0 && profile_total(p) > 0 && !lkp_stats) {
		fd_err_set(err, "%s: no sample with a resolved leaf frame "
				"(all %llu stacks are hidden as unresolved)",
			   c->files[0], (unsigned long long)m->hidden_stacks);
		metrics_release(m);
		return -1;
	}
	return 0;
}

static void write_report(const struct report_cmd *c, struct outfile *o,
			 const struct profile *p, const struct metrics *m)
{
	switch (c->format) {
	case FMT_LKP:
		report_text_lkp_all(o, p, m);
		break;
	case FMT_JSON:
		report_text_json(o, p, m);
		break;
	case FMT_CSV:
		report_text_csv(o, m);
		break;
	default:
		report_text_table(o, p, m, (size_t)c->top);
		break;
	}
}

/*
 * report --lkp of a perf.data or perf script text with several events and no --event: the rows
 * of every event, one after the other, as LKP's parse of perf report
 * (which gives a section per event). 0: done (or *status set), 1: not
 * such an input.
 */
static int lkp_every_event(const struct report_cmd *c, int *status)
{
	struct perf_data_event *ev = NULL;
	char **names = NULL;
	enum input_format fmt;
	struct linereader lr;
	struct outfile o;
	struct fd_err err;
	size_t nr = 0, i;
	int ret = 1;

	if (c->format != FMT_LKP || c->io.ps.event ||
	    !strcmp(c->files[0], "-") ||
	    input_detect_lr(c->lr0, &fmt, &err) ||
	    (fmt != INPUT_PERF_DATA && fmt != INPUT_PERF_SCRIPT))
		return 1;
	if (fmt == INPUT_PERF_DATA) {
		if (perf_data_events(c->files[0], &c->io, &ev, &nr, &err))
			goto out; /* the usual way says what is wrong */
		names = xcalloc(nr ? nr : 1, sizeof(*names));
		for (i = 0; i < nr; i++)
			names[i] = xstrdup(ev[i].name);
		perf_data_events_free(ev, nr);
	} else {
		if (lr_init_path(&lr, c->files[0], &err))
			goto out;
		i = perf_script_events(&lr, &names, &nr, &err);
		lr_release(&lr);
		if (i)
			goto out;
	}
	if (nr < 2)
		goto out;
	ret = 0;
	if (outfile_open(&o, c->output, &err)) {
		*status = report_bad_input(err.msg);
		goto out;
	}
	for (i = 0; i < nr; i++) {
		struct input_opts io = c->io;
		struct profile *p = profile__new();
		struct metrics m;
		int r;

		io.ps.event = names[i];
		r = lr_init_path(&lr, c->files[0], &err);
		if (!r) {
			r = measure(c, &io, &lr, p, &m, &err);
			lr_release(&lr);
		}
		if (!r) {
			progress_clear(); /* stdout may be its terminal */
			write_report(c, &o, p, &m);
			metrics_release(&m);
		}
		profile__delete(p);
		if (r) {
			outfile_abort(&o);
			*status = report_bad_input(err.msg);
			goto out;
		}
	}
	*status = outfile_commit(&o, &err) ? report_bad_input(err.msg) : 0;
out:
	perf_script_events_free(names, nr);
	return ret;
}

static int run(const struct report_cmd *c)
{
	struct metrics m;
	struct profile *p;
	struct outfile o;
	struct fd_err err;
	int ret = EXIT_INPUT;

	if (!lkp_every_event(c, &ret))
		return ret;
	p = profile__new();
	if (measure(c, &c->io, c->lr0, p, &m, &err))
		goto fail;
	progress_stop();
	if (outfile_open(&o, c->output, &err)) {
		metrics_release(&m);
		goto fail;
	}
	write_report(c, &o, p, &m);
	metrics_release(&m);
	/* record --sched's lost records: which perf-sched rows to doubt */
	if (p->offcpu && p->offcpu->meta.unreliable)
		fprintf(stderr, "flamediff report: note: perf-sched rows may "
			"be wrong: %s\n", p->offcpu->meta.unreliable);
	if (outfile_commit(&o, &err))
		goto fail;
	ret = 0;
	goto out;
fail:
	ret = report_bad_input(err.msg);
out:
	profile__delete(p);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	struct report_cmd c;
	struct linereader lr;
	struct fd_err err;
	bool stats;
	int status;

	if (parse(&c, argc, argv, &status))
		goto out;
	/*
	 * The metrics make and free arrays of a few bytes a node, one after
	 * the other; glibc's moving threshold would put them on the heap,
	 * where a freed one is a hole the next larger one cannot use (on a
	 * million distinct stacks, some 25 MB of the peak). Mapped on their
	 * own, each goes back when freed.
	 */
#ifdef M_MMAP_THRESHOLD /* glibc's */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
	progress_start(c.files, c.nr_files, c.io.quiet);
	/* The first input tells stats from stacks, read on from there. */
	if (is_stats(c.files[0], &c.io, &lr, &stats, &err)) {
		status = report_bad_input(err.msg);
		goto out;
	}
	c.lr0 = &lr;
	status = stats ? run_stats(&c) : run(&c);
	lr_release(&lr);
out:
	progress_stop();
	input_opts_release(&c.io);
	return status;
}
