// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff fold: perf script text to folded stacks, a drop-in for
 * stackcollapse-perf.pl (same options, same bytes), or to a flamediff
 * profile with -o FILE.prof[ile][.gz].
 */
#include <stdio.h>
#include <string.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"
#include "analyzer/sched.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"
#include "cli/progress.h"
#include "render/export.h"

const char fold_usage[] =
	"usage: flamediff fold [OPTIONS] [FILE...]\n"
	"\n"
	"Fold perf script output (FILEs, or standard input) into one\n"
	"line per distinct stack, \"comm;outer;...;leaf COUNT\", as\n"
	"stackcollapse-perf.pl does. Inputs may be gzip-compressed.\n"
	"--format pprof or speedscope exports the stacks for those viewers.";

enum fold_format { FMT_FOLDED, FMT_PPROF, FMT_SPEEDSCOPE };

static const char *const format_words[] = { "folded", "pprof", "speedscope",
					    NULL };

struct fold_cmd {
	struct input_opts io;
	unsigned int annotate;	/* ANNOTATE_* */
	int format;		/* enum fold_format */
	const char *out;
};

const struct po_option fold_options[] = {
	PO_BIT(0, "kernel", struct fold_cmd, annotate, ANNOTATE_KERNEL,
	       "mark kernel frames with _[k]"),
	PO_BIT(0, "jit", struct fold_cmd, annotate, ANNOTATE_JIT,
	       "mark JIT frames with _[j]"),
	PO_BIT(0, "all", struct fold_cmd, annotate,
	       ANNOTATE_KERNEL | ANNOTATE_JIT, "both --kernel and --jit"),
	PO_BOOL(0, "addrs", struct fold_cmd, io.ps.addrs,
		"unresolved frames as \"[dso <addr>]\""),
	PO_CHOICE(0, "format", struct fold_cmd, format, "FMT", format_words,
		  "folded (default); pprof: gzipped profile.proto\n"
		  "(go tool pprof); speedscope: its JSON file"),
	PO_INCLUDE(struct fold_cmd, io, input_options),
	PO_FILENAME('o', "output", struct fold_cmd, out, "FILE",
		    "write to FILE; FILE.prof or FILE.profile\n"
		    "(.gz too) gets a flamediff profile"),
	PO_END,
};

int cmd_fold(int argc, char **argv)
{
	struct fold_cmd c = {
		.io = { .format = INPUT_AUTO },
		.annotate = ANNOTATE_INLINE,
		.out = "-",
	};
	static char *stdin_only[] = { "-", NULL };
	char **files;
	struct profile *p;
	struct fd_err err;
	struct outfile o;
	int n, ret;

	n = cmd_parse_options(argc, argv, fold_usage, fold_options, &c, 0,
			      &ret);
	if (n < 0)
		goto out_opts;
	files = n ? argv : stdin_only;

	progress_start(files, n ? n : 1, c.io.quiet);
	p = profile__new();
	for (; *files; files++) {
		if (input_read(*files, &c.io, p, NULL, &err))
			goto fail;
	}
	progress_stop(); /* the output may go to its terminal */
	/* Folded text cannot say what its weights are: stderr does. */
	if (profile_is_offcpu(p) && !profile_path_wanted(c.out))
		fprintf(stderr, "flamediff fold: note: off-CPU time, each "
				"stack weighted by the ns its task then "
				"waited\n");
	if (c.format != FMT_FOLDED) {
		if (export_save(p, c.format == FMT_PPROF ? EXPORT_PPROF :
				   EXPORT_SPEEDSCOPE, c.out,
				p->meta.label ? p->meta.label :
				n ? argv[0] : "stdin", &err))
			goto fail;
	} else if (profile_path_wanted(c.out)) {
		if (profile_save(p, c.out, &err))
			goto fail;
	} else {
		if (outfile_open_flags(&o, c.out, OUTFILE_PRIVATE, &err))
			goto fail;
		folded_write(p, &o, c.annotate);
		if (outfile_commit(&o, &err))
			goto fail;
	}
	profile__delete(p);
	ret = 0;
	goto out_opts;
fail:
	profile__delete(p);
	ret = report_bad_input(err.msg); /* which stops the meter */
out_opts:
	input_opts_release(&c.io);
	return ret;
}
