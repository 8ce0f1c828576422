/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_BUILTIN_H
#define FLAMEDIFF_BUILTIN_H

#include "lib/parse-options.h"

/*
 * One function per command, in cli/cmd-NAME.c, called with argv[0] being
 * the command's name. Exit status: 0 success, 1 usage error, 2 bad input
 * or failed I/O (the message names the file and line).
 *
 * Each command declares its options once, in NAME_options (a
 * lib/parse-options.h table) with its usage text in NAME_usage: the
 * parsing, "flamediff NAME --help", "flamediff --list-options NAME" (which
 * tests/t-man.sh checks the manual page against) and the shell completion
 * all come from them.
 */
#define EXIT_USAGE 1
#define EXIT_INPUT 2

int cmd_fold(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_svg(int argc, char **argv);
int cmd_png(int argc, char **argv);
int cmd_record(int argc, char **argv);

extern const char fold_usage[], report_usage[], svg_usage[],
	png_usage[], record_usage[], completion_usage[];
extern const struct po_option fold_options[], report_options[],
	diff_options[], svg_options[], png_options[], record_options[],
	completion_options[];

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	const char *usage;
	const struct po_option *options;
};

/*
 * The completion script of every command in @cmds (nr of them, in the
 * order of "flamediff --help"). The table is main.c's and is passed in,
 * so that the command does not call back into the file that calls it.
 */
int cmd_completion(int argc, char **argv, const struct command *cmds,
		   size_t nr);

/* Print "flamediff: MSG" on stderr, on a line of its own (the progress
 * meter stopped first); returns EXIT_INPUT. */
int report_bad_input(const char *msg);

/*
 * The one way a command reports a usage error: "flamediff: MSG" (the
 * prefix of every message, which scripts and tests look for) and "see
 * 'flamediff CMD --help'" on stderr. Returns EXIT_USAGE.
 */
int usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * parse_options() for a command (argv[0] its name), printing what there is
 * to print: the --help text on stdout, a usage error on stderr. Returns
 * the number of operands (moved to argv[0..n)), or -1 with *status the
 * exit status the command returns at once (0 after --help).
 */
int cmd_parse_options(int argc, char **argv, const char *usage,
		      const struct po_option *opts, void *base,
		      unsigned int flags, int *status);

#endif
