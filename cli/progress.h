/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_CLI_PROGRESS_H
#define FLAMEDIFF_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A one-line progress meter on stderr for the reading commands, so that
 * minutes over a large input do not pass in silence: what is being done,
 * the bytes read of the inputs' total (lib/linereader.h's
 * lr_bytes_read() against analyzer/side.h's side_paths_bytes()), the
 * rate and the time left, refreshed 4 times a second and cleared when the
 * command is done.
 *
 * It shows only on a terminal, never with -q, and only once the work has
 * taken PROGRESS_DELAY seconds (FLAMEDIFF_PROGRESS_DELAY in the
 * environment sets another delay: the tests' 0 draws it at least once,
 * at progress_stop(), however short the work).
 *
 * progress_start() -> progress_phase()... -> progress_stop(), once per
 * command; each is a no-op when the meter is off.
 */
#define PROGRESS_DELAY 2.0

void progress_start(char *const *paths, size_t nr_paths, bool quiet);
/* The same for the two sides of a comparison. */
void progress_start_sides(char *const *const paths[2], const size_t nr[2],
			  bool quiet);

/* What is done from now on, after the reading: "drawing", "writing". */
void progress_phase(const char *what);

/* Clear the meter's line, if shown, before a message of ours on stderr;
 * it is drawn again at its next refresh. */
void progress_clear(void);

void progress_stop(void);

#endif
