/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_CLI_RUNS_NOTES_H
#define FLAMEDIFF_CLI_RUNS_NOTES_H

#include "analyzer/comparison.h"

/*
 * What cmd says of the runs of c's sides once read, on stderr, a note a
 * side: the files of its directories that are no runs, and its runs cut
 * short (interrupted, or shorter than the others).
 */
void say_runs_notes(const char *cmd, const struct comparison *c);

#endif
