// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff report: LKP's perf-profile metrics of one side (one or more
 * runs, added up), as LKP's stats lines (--lkp), a table, JSON or CSV.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/input.h"
#include "analyzer/metrics.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"
#include "render/report-text.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"
#include "lib/parse-options.h"

enum report_format { FMT_TABLE, FMT_JSON, FMT_CSV, FMT_LKP };

const char report_usage[] =
	"usage: flamediff report [OPTIONS] [FILE...]\n"
	"\n"
	"Children %, self % and calltrace chains as LKP computes them (perf\n"
	"report --children -U -g folded,0.5,callee). Several FILEs are runs of\n"
	"one side and are added up. FILE: perf script text, folded stacks or a\n"
	"flamediff profile, gzipped or not; '-', or no FILE, is standard\n"
	"input.";

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
};

/* A key part: "perf-profile.children.EVENT.fn" must stay one word. */
static int event_name_cb(const struct po_option *opt, const char *arg,
			 void *value, struct strbuf *err)
{
	if (*arg && !strpbrk(arg, " \t\n"))
		return 0;
	strbuf_addstr(err, "bad event name");
	return -1;
}

const struct po_option report_options[] = {
	PO_BOOL(0, "lkp", struct report_cmd, lkp,
		"LKP's stats lines: 'key: value', sorted, >= 0.05"),
	{ .type = PO_T_STRING, .long_name = "event-name",
	  .off = PO_OFF(struct report_cmd, mo.event, const char *),
	  .argh = "NAME", .cb = event_name_cb,
	  .help = "the event part of the keys (default: from the\n"
		  "profile, 'cycles:pp' -> 'cycles-pp')" },
	PO_U64(0, "top", struct report_cmd, top, "N", 0, 1e9,
	       "functions in the table (default 25)"),
	PO_CHOICE(0, "format", struct report_cmd, format, "FMT", format_words,
		  "table (default); json or csv: every figure;\n"
		  "lkp: as --lkp"),
	PO_FILENAME('o', "output", struct report_cmd, output, "FILE",
		    "write there instead of standard output"),
	PO_INCLUDE(struct report_cmd, io, input_options),
	PO_END,
};

/* Read every file into one profile: runs of one side add up. */
static int load(char **paths, size_t n, const struct input_opts *io,
		struct profile *p, struct fd_err *err)
{
	size_t i;

	if (input_read(paths[0], io, p, NULL, err))
		return -1;
	for (i = 1; i < n; i++) {
		struct profile *run = profile__new();

		if (input_read(paths[i], io, run, NULL, err)) {
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

/* Fill c from argv: 0 to go on, or -1 with *status to exit with. */
static int parse(struct report_cmd *c, int argc, char **argv, int *status)
{
	static char *stdin_only[] = { "-", NULL };
	int n;

	memset(c, 0, sizeof(*c));
	c->format = FMT_TABLE;
	c->top = 25;
	c->output = "-";
	n = cmd_parse_options(argc, argv, report_usage, report_options, c, 0,
			      status);
	if (n < 0)
		return -1;
	if (c->lkp)
		c->format = FMT_LKP;
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

static int run(const struct report_cmd *c)
{
	struct metrics m;
	struct profile *p;
	struct outfile o;
	struct fd_err err;
	int ret = EXIT_INPUT;

	p = profile__new();
	if (load(c->files, c->nr_files, &c->io, p, &err))
		goto fail;
	metrics_compute(p, &c->mo, &m);
	if (m.total <= 0) {
		fd_err_set(&err, "%s: no sample with a resolved leaf frame "
				 "(all %llu stacks are hidden as unresolved)",
			   c->files[0], (unsigned long long)m.hidden_stacks);
		metrics_release(&m);
		goto fail;
	}
	if (outfile_open(&o, c->output, &err)) {
		metrics_release(&m);
		goto fail;
	}
	switch (c->format) {
	case FMT_LKP:
		report_text_lkp_all(&o, p, &m);
		break;
	case FMT_JSON:
		report_text_json(&o, p, &m);
		break;
	case FMT_CSV:
		report_text_csv(&o, &m);
		break;
	default:
		report_text_table(&o, p, &m, (size_t)c->top);
		break;
	}
	metrics_release(&m);
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
	int status;

	if (parse(&c, argc, argv, &status))
		return status;
	return run(&c);
}
