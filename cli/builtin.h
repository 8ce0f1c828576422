/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_BUILTIN_H
#define FLAMEDIFF_BUILTIN_H

/*
 * One function per command, in cli/cmd-NAME.c, called with argv[0] being
 * the command's name. Exit status: 0 success, 1 usage error, 2 bad input
 * or failed I/O (the message names the file and line).
 */
#define EXIT_USAGE 1
#define EXIT_INPUT 2

int cmd_fold(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_svg(int argc, char **argv);
int cmd_png(int argc, char **argv);
int cmd_record(int argc, char **argv);

/* Print "flamediff: MSG" on stderr; returns EXIT_INPUT. */
int die_input(const char *msg);

#endif
