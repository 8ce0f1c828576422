/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_PERF_REPORT_H
#define FLAMEDIFF_LKP_PERF_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/metric-set.h"

/*
 * LKP's perf-profile result file: the text of `perf report --children
 * --header -U -g folded,0.5,callee --sort=dso,symbol`, read into LKP's
 * perf-profile rows as LKP's parse makes them
 * (../shared/reference/lkp-perf-profile.md §2):
 *
 * - the event is that of "# Samples: N of event 'E'", ':' made '-';
 * - an entry line "CHILDREN%  SELF%  DSO  [k] SYMBOL ..." gives
 *   perf-profile.children.E.SYMBOL and perf-profile.self.E.SYMBOL;
 * - each folded line under it "P% f0;f1;...;fn" gives
 *   perf-profile.calltrace.E.f0.f1.f2.f3.f4 (its first five names);
 * - every name loses its .isra.N, .constprop.N, .part.N; rows that then
 *   share a key are summed; only values of 0.05 or more are kept.
 *
 * Input detection (analyzer/input.c) takes a file whose first line that
 * is not blank or a comment is an entry line for LKP stats, read by
 * lkp_stats_read(), which hands it here.
 */

/* Whether s[0..len) is an entry line: two percentages, a DSO, a symbol. */
bool lkp_perf_report_line(const char *s, size_t len);

/* The rows of the report whose first entry line is first[0..len)
 * (already read from lr), event from its header (NULL: "cycles-pp"),
 * the rest of lr to its end, into s. */
int lkp_perf_report_read(struct linereader *lr, const char *event,
			 char *first, size_t len, struct metric_set *s,
			 struct fd_err *err);

/* The event of a header line "# Samples: 16K of event 'cpu-clock'", made
 * as LKP names it ("cpu-clock", "cycles-pp"), or NULL: to free. */
char *lkp_perf_report_event(const char *line);

#endif
