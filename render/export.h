/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_EXPORT_H
#define FLAMEDIFF_EXPORT_H

#include <stdbool.h>

#include "lib/error.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "analyzer/profile.h"

/*
 * A profile in the formats other profilers' viewers read. Both keep what
 * a flame graph shows: every stack with its self weight, functions named
 * as flamediff names them (without the "_[k]" suffix: the kind goes
 * where each format has room for it). Process names are not functions in
 * either: pprof gets them as a "process" label of each sample, speedscope
 * as one profile per process.
 *
 * Weights are the profile's own (events, or nanoseconds for the clock
 * events); pprof's values are integers, so decimal weights (normalised
 * data) are rounded there.
 */

/*
 * pprof's profile.proto (github.com/google/pprof, proto/profile.proto),
 * encoded by hand, written to o as it is made (never held whole), gzipped
 * (the file format proper; the fastest level) when gzip is true, else
 * raw, which pprof reads too: one sample type named after the event
 * ("cpu-clock"), unit "nanoseconds" or "count"; one function and one
 * location per (name, kind); kernel functions have the file name
 * "[kernel.kallsyms]". -1 with err when compression fails.
 */
int export_pprof(const struct profile *p, struct outfile *o, bool gzip,
		 struct fd_err *err);

/*
 * speedscope's file format (https://www.speedscope.app/
 * file-format-schema.json), "sampled" profiles: shared frames, and per
 * process (or one, when stacks start with functions) the stacks root
 * first with their weights. name: what the viewer calls the file.
 */
void export_speedscope(const struct profile *p, const char *name,
		       struct outfile *o);

enum export_format { EXPORT_PPROF, EXPORT_SPEEDSCOPE };

/*
 * p exported into path atomically ("-": standard output), mode 0600 as
 * any profile (OUTFILE_PRIVATE). A pprof file is gzipped whatever its
 * name (by outfile when the name ends in ".gz"). name: the speedscope
 * file's name.
 */
int export_save(const struct profile *p, enum export_format fmt,
		const char *path, const char *name, struct fd_err *err);

/* As export_save(), but o is left written, for the caller to commit with
 * others (outfile_commit_all()) or abort. */
int export_open(const struct profile *p, enum export_format fmt,
		const char *path, const char *name, struct outfile *o,
		struct fd_err *err);

#endif
