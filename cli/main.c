// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff: the front end. A table of commands, each in cli/cmd-*.c; the
 * libraries under analyzer/, render/ and collector/ never see argv.
 */
#include <stdio.h>
#include <string.h>

#include "cli/builtin.h"

#ifndef FLAMEDIFF_VERSION
#define FLAMEDIFF_VERSION "0.1"
#endif

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static const struct command commands[] = {
	{ "fold", cmd_fold, "fold perf script text into folded stacks" },
	{ "report", cmd_report, "children, self and calltrace, as LKP" },
	{ "diff", cmd_diff, "compare two builds over runs, as LKP; what moved" },
	{ "svg", cmd_svg, "interactive SVG flame graph, plain or --diff" },
	{ "png", cmd_png, "PNG flame graph for mail, plain or --diff" },
	{ "record", cmd_record, "sample call stacks into a profile" },
};

int die_input(const char *msg)
{
	fprintf(stderr, "flamediff: %s\n", msg);
	return EXIT_INPUT;
}

static void usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: flamediff COMMAND [OPTIONS] [FILE...]\n\n"
		    "Commands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(fp, "\n'flamediff COMMAND --help' for a command's options.\n");
}

int main(int argc, char **argv)
{
	size_t i;

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
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "flamediff: '%s' is not a command\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
