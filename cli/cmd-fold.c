// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff fold: perf script text to folded stacks, a drop-in for
 * stackcollapse-perf.pl (same options, same bytes), or to a flamediff
 * profile with -o FILE.prof[ile][.gz].
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"
#include "cli/builtin.h"
#include "cli/input-opts.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"usage: flamediff fold [OPTIONS] [FILE...]\n"
		"\n"
		"Fold perf script output (FILEs, or standard input) into one\n"
		"line per distinct stack, \"comm;outer;...;leaf COUNT\", as\n"
		"stackcollapse-perf.pl does. Inputs may be gzip-compressed.\n"
		"\n"
		"  --kernel            mark kernel frames with _[k]\n"
		"  --jit               mark JIT frames with _[j]\n"
		"  --all               both --kernel and --jit\n"
		"  --addrs             unresolved frames as \"[dso <addr>]\"\n"
		INPUT_OPTIONS_HELP
		"  -o, --output FILE   write to FILE; FILE.prof or FILE.profile\n"
		"                      (.gz too) gets a flamediff profile\n"
		"  -h, --help          this text\n");
}

enum { OPT_KERNEL = 256, OPT_JIT, OPT_ALL, OPT_ADDRS };

int cmd_fold(int argc, char **argv)
{
	static const struct option longopts[] = {
		INPUT_LONG_OPTIONS,
		{ "kernel", no_argument, NULL, OPT_KERNEL },
		{ "jit", no_argument, NULL, OPT_JIT },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "addrs", no_argument, NULL, OPT_ADDRS },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct input_opts io = { .format = INPUT_AUTO };
	unsigned int annotate = ANNOTATE_INLINE;
	const char *out = "-";
	static char *stdin_only[] = { "-", NULL };
	char **files;
	struct profile *p;
	struct fd_err err;
	struct outfile o;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		if (input_opt(&io, c, optarg))
			continue;
		switch (c) {
		case OPT_KERNEL:
			annotate |= ANNOTATE_KERNEL;
			break;
		case OPT_JIT:
			annotate |= ANNOTATE_JIT;
			break;
		case OPT_ALL:
			annotate |= ANNOTATE_KERNEL | ANNOTATE_JIT;
			break;
		case OPT_ADDRS:
			io.ps.addrs = true;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	files = optind < argc ? argv + optind : stdin_only;

	p = profile_new();
	for (; *files; files++) {
		if (input_read(*files, &io, p, NULL, &err))
			goto fail;
	}
	if (profile_path_wanted(out)) {
		if (profile_save(p, out, &err))
			goto fail;
	} else {
		if (outfile_open(&o, out, &err))
			goto fail;
		folded_write(p, &o, annotate);
		if (outfile_commit(&o, &err))
			goto fail;
	}
	profile_free(p);
	return 0;
fail:
	profile_free(p);
	return die_input(err.msg);
}
