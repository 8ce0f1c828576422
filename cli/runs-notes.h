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

/*
 * Under --comm or --exclude-comm, the perf-stat rows of c's table still
 * count what the recording counted (the whole system with record -a, as
 * the profile's target says, else its command line): their keys get
 * " (system-wide)" (or " (every process recorded)"); the monitors' rows,
 * /proc's figures, always " (system-wide)". In the table and the
 * explanation alike, and cmd says so once for each.
 */
void mark_unfiltered_stats(const char *cmd, struct comparison *c,
			   const struct input_opts *io);

#endif
