/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_PERFSCRIPT_H
#define FLAMEDIFF_PERFSCRIPT_H

#include "analyzer/input.h"
#include "lib/linereader.h"
#include "analyzer/profile.h"

/*
 * Fold `perf script` text into p, stack by stack, as stackcollapse-perf.pl
 * folds it: the same names, roots and weights for the same options, so that
 * folded_write() of the result gives the bytes that script prints. Kernel,
 * JIT and inlined frames get their FRAME_* kind (whether a suffix is shown
 * is the writer's choice). Stores the event name and sample count in
 * p->meta. Streams: memory grows with distinct stacks, not with input.
 *
 * Where the script and inferno part, inferno's reading is kept: the last
 * sample needs no blank line after it; a line that is neither a header,
 * a frame nor blank is skipped and counted in sk (the sample it is in
 * goes on), or, with sk NULL, fails the read naming it. An input of
 * nothing but such lines fails with the first one's message. Events:
 * "cycles:u" and "cycles" are one (the name before ':' is the event).
 */
int perf_script_read(struct linereader *lr, const struct perf_script_opts *o,
		     struct profile *p, struct lr_skips *sk,
		     struct fd_err *err);

/*
 * The events of perf script text, in the order their first samples come
 * (named as perf_script_read() tells events apart): for reading the file
 * once per event. Frees with perf_script_events_free(). Returns 0, or -1
 * with err set when the file cannot be read.
 */
int perf_script_events(struct linereader *lr, char ***names, size_t *nr,
		       struct fd_err *err);
void perf_script_events_free(char **names, size_t nr);

/*
 * perf_script_read() on up to jobs threads: a regular file that is not
 * compressed (lr_map()) and holds at least two parts of part_min bytes is
 * cut at sample boundaries and its parts read at once, then added up in
 * the file's order, the tree, messages and line numbers as one read's.
 * Anything else (jobs < 2, a pipe, gzip, p already holding a tree) is
 * read as one stream. When the file has samples of events it did not
 * keep and none was asked for (o->event), *note is set to a message that
 * names them with their sample counts, as the perf.data reader's (to
 * free; note NULL: none made).
 */
int perf_script_read_jobs(struct linereader *lr,
			  const struct perf_script_opts *o, unsigned int jobs,
			  size_t part_min, struct profile *p,
			  struct lr_skips *sk, char **note,
			  struct fd_err *err);

#endif
