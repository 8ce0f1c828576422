// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff: the front end. A table of commands, each in cli/cmd-*.c; the
 * libraries under analyzer/, render/ and collector/ never see argv.
 */
#include <stdio.h>
#include <string.h>
#ifdef __GLIBC__ /* defined by the headers above */
#include <malloc.h>
#endif

#include "cli/builtin.h"
#include "cli/progress.h"
#include "collector/perfdata.h"
#include "lib/strbuf.h"

#ifndef FLAMEDIFF_VERSION
#define FLAMEDIFF_VERSION "0.1"
#endif

static int run_completion(int argc, char **argv);

/* Every command, in the order of "flamediff --help". */
static const struct command commands[] = {
	{ "fold", cmd_fold, "fold perf script text into folded stacks",
	  fold_usage, fold_options },
	{ "report", cmd_report, "children, self and calltrace, as LKP",
	  report_usage, report_options },
	/* diff's usage is written from the analyzer's constants when asked */
	{ "diff", cmd_diff, "compare two builds over runs, as LKP; what moved",
	  NULL, diff_options },
	{ "svg", cmd_svg, "interactive SVG flame graph, plain or --diff",
	  svg_usage, svg_options },
	{ "png", cmd_png, "PNG flame graph for mail, plain or --diff",
	  png_usage, png_options },
	{ "record", cmd_record, "sample call stacks into a profile",
	  record_usage, record_options },
	{ "completion", run_completion, "shell completion script (bash, zsh)",
	  completion_usage, completion_options },
};

static const size_t nr_commands = sizeof(commands) / sizeof(commands[0]);

/* completion lists the commands: it is given the table, not reaching here. */
static int run_completion(int argc, char **argv)
{
	return cmd_completion(argc, argv, commands, nr_commands);
}

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < nr_commands; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static void usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: flamediff COMMAND [OPTIONS] [FILE...]\n\n"
		    "Commands:\n");
	for (i = 0; i < nr_commands; i++)
		fprintf(fp, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(fp, "\n'flamediff COMMAND --help' for a command's options.\n");
}

/*
 * "flamediff --list-options CMD": the command's options as
 * po_list_options() lists them, for tests/t-man.sh to hold the manual page
 * against. Not in --help: it is for tools.
 */
static int list_options(int argc, char **argv)
{
	const struct command *c = argc == 3 ? find_command(argv[2]) : NULL;
	struct strbuf sb = STRBUF_INIT;

	if (!c) {
		fprintf(stderr, "usage: flamediff --list-options COMMAND\n");
		return EXIT_USAGE;
	}
	po_list_options(&sb, c->options);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return 0;
}

/*
 * perf.data is decoded by the collector, which the analyzer's input
 * reader may not call: installed here, where both are known. Its warnings
 * (kernel frames left unnamed...) are printed once per run, not once per
 * file: a diff of ten runs from another kernel says it once.
 */
static int read_perf_data(struct linereader *lr, const struct input_opts *o,
			  struct profile *p, struct fd_err *err)
{
	static struct strbuf said = STRBUF_INIT; /* "warning\n"... */
	struct strbuf w = STRBUF_INIT, one = STRBUF_INIT;
	const char *line, *nl;
	int ret = perf_data_read(lr, o, p, &w, err);

	for (line = w.buf; (nl = strchr(line, '\n')); line = nl + 1) {
		strbuf_reset(&one);
		strbuf_add(&one, line, nl - line + 1);
		if (said.len && strstr(said.buf, one.buf))
			continue;
		fprintf(stderr, "flamediff: warning: %s", one.buf);
		strbuf_addstr(&said, one.buf);
	}
	strbuf_release(&one);
	strbuf_release(&w);
	return ret;
}

/*
 * The odd lines a text reader skipped, a timehist that holds no switch:
 * one warning an input (each is read once).
 */
static void warn_input(const char *msg)
{
	progress_clear();
	fprintf(stderr, "flamediff: warning: %s\n", msg);
}

/*
 * How the heap serves a command. Each run of a comparison, and each step
 * of a fold, frees scratch the size of its tree (a metrics pass, the
 * chains, an index outgrown) and the next asks for as much again. glibc
 * hands such blocks back to the kernel when freed (mapped apart above
 * its threshold, the heap's top trimmed), and every page of the next one
 * is then a fault and a page cleared anew: a fifth of diff's time on a
 * million distinct stacks, as much on thirty small runs a side. So
 * blocks below 8 MB come from the heap, which keeps what is freed for
 * the next one; larger ones (the node arrays and scratch of large trees)
 * stay mapped apart, so that growing one is a remap, not a copy, and
 * freeing it gives the memory back. No higher: blocks grown by copying
 * leave holes, and at 32 MB a fold of 400k distinct stacks held 55% more
 * (12% more at 8 MB).
 */
static void heap_policy(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 8 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

int main(int argc, char **argv)
{
	const struct command *c;

	heap_policy();
	input_register_reader(INPUT_PERF_DATA, read_perf_data);
	input_register_warn(warn_input);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("flamediff %s\n", FLAMEDIFF_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "--list-options"))
		return list_options(argc, argv);
	c = find_command(argv[1]);
	if (c)
		return c->fn(argc - 1, argv + 1);
	fprintf(stderr, "flamediff: '%s' is not a command\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
