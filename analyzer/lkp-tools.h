/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LKP_TOOLS_H
#define FLAMEDIFF_LKP_TOOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/metric-set.h"

/*
 * The raw files of the monitors LKP runs as tools rather than reading
 * /proc itself (../shared/reference/lkp-monitors.md §2): `vmstat
 * --timestamp -n 1`'s rows, `mpstat -o JSON 1`'s document and
 * `S_TIME_FORMAT=ISO iostat -tkx 1 DISKS`'s reports. Each is read
 * to its end and reduced as LKP reduces a run (analyzer/lkp-reduce.h) into
 * vmstat.* or mpstat.* rows, added to s.
 */

/* Whether s[0..len) is vmstat's first header line ("procs ---memory--"). */
bool lkp_vmstat_line(const char *s, size_t len);
/* Whether s[0..len) opens mpstat's JSON ("{"sysstat": {"). */
bool lkp_mpstat_line(const char *s, size_t len);

/* vmstat's output from its first line first[0..len) to the end of lr:
 * every line holding a digit is a sample, its fields named by position;
 * a row with a field that is no number is skipped. */
int lkp_vmstat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err);

/* mpstat's JSON from first[0..len) to the end of lr: each statistics
 * entry a sample, each cpu-load (node-load) item cpu.LABEL.FIELD%
 * (node.LABEL.FIELD%), then max_utilization_pct and
 * max_utilization.seconds as mpstat's parse prints them. A document with
 * no cpu-load item is bad input. */
int lkp_mpstat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err);

/* Whether s[0..len) is sysstat's banner ("Linux 6.18.0 (host) ... (2
 * CPU)"), which iostat's text opens with. */
bool lkp_iostat_line(const char *s, size_t len);

/* iostat's text from its banner first[0..len) to the end of lr, as LKP's
 * parse reads it: each report a sample (opened by its ISO time line);
 * the line after "avg-cpu:" cpu.user, cpu.nice, cpu.system, cpu.iowait,
 * cpu.steal, cpu.idle; under a "Device:" header (sysstat 12's "Device"
 * has no colon, and LKP reads no device then) DEV.COLUMN, a column's
 * first '%' dropped (sda.util). Means, .max of the await columns, and
 * samples out of range dropped, by the reduction. No "avg-cpu:" report
 * at all is bad input. */
int lkp_iostat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err);

#endif
