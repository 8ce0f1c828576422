/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_PERFDATA_H
#define FLAMEDIFF_COLLECTOR_PERFDATA_H

#include "analyzer/input.h"
#include "analyzer/profile.h"
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "lib/strbuf.h"

/*
 * Reading what `perf record` writes (a perf.data file, or the stream of
 * `perf record -o -`) into a profile, through the same record decoder and
 * symbolizer as `flamediff record` (decode.h, build.h): one decoder, two
 * sources.
 *
 * The input is read front to back from lr, never seeked nor reopened, so
 * a pipe works as well as a file: in file mode everything before the data
 * section (header, ids, attrs) is buffered, the data section is streamed,
 * and the feature sections after it are read at the end. Samples are
 * aggregated per event, so the event kept (o->ps.event, else the event of
 * the first sample, as the perf script reader does) can be chosen once the
 * event names (EVENT_DESC, at the end of a file) are known. Records are
 * processed in time order between FINISHED_ROUND records, as perf does.
 *
 * Kernel frames are named from --kallsyms or --vmlinux (o->kallsyms,
 * o->vmlinux) when given, else from /proc/kallsyms when the recorded
 * kernel is the running one (its build-id, else its release and host),
 * else "[unknown]" with a warning. Warnings (one line each) are appended
 * to warn, which may be NULL.
 *
 * lr must be positioned at the "PERFILE2" magic. Returns 0, or -1 with err
 * naming the input, the byte offset and the record type of bad input; the
 * profile then holds nothing of this input. Never reads past a record.
 */
int perf_data_read(struct linereader *lr, const struct input_opts *o,
		   struct profile *p, struct strbuf *warn,
		   struct fd_err *err);

/* An event of a perf.data and how many samples it has. */
struct perf_data_event {
	char *name;
	uint64_t samples;
};

/*
 * The events of the perf.data at path that have samples (after
 * --only-pid/--only-tid), in the order perf script meets them (the first
 * is the default of perf_data_read()): *ev, *nr, to free with
 * perf_data_events_free(). Nothing is symbolized. Returns 0, or -1 with
 * err as perf_data_read().
 */
int perf_data_events(const char *path, const struct input_opts *o,
		     struct perf_data_event **ev, size_t *nr,
		     struct fd_err *err);
void perf_data_events_free(struct perf_data_event *ev, size_t nr);

#endif
