// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/lkp-monitor-raw.h"
#include "analyzer/lkp-perf-report.h"
#include "analyzer/lkp-perf-stat.h"
#include "analyzer/lkp-reduce.h"
#include "analyzer/lkp-tools.h"
#include "analyzer/lkp-stats.h"
#include "lib/alloc.h"

bool lkp_stats_line(const char *s, size_t len)
{
	size_t i, k;
	char num[64], *end;

	while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' ||
		       s[len - 1] == '\t'))
		len--;
	for (k = 0; k < len; k++)
		if (isspace((unsigned char)s[k]) || s[k] == ';')
			break;
	/* key ends with ':' followed by a blank */
	if (k < 2 || k >= len || s[k - 1] != ':')
		return false;
	for (i = k; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i == len || len - i >= sizeof(num))
		return false;
	memcpy(num, s + i, len - i);
	num[len - i] = '\0';
	strtod(num, &end);
	return end != num && !*end;
}

bool lkp_stress_ng_line(const char *s, size_t len)
{
	return len > 11 && !strncmp(s, "stress-ng: ", 11);
}

/* The next line of [*p, end) that is neither blank nor a comment. */
static bool decisive_line(const char **p, const char *end, const char **line,
			  size_t *len)
{
	const char *nl;

	while (*p < end) {
		nl = memchr(*p, '\n', (size_t)(end - *p));
		*line = *p;
		*len = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
		*p = nl ? nl + 1 : end;
		while (*len && isspace((unsigned char)(*line)[*len - 1]))
			(*len)--;
		if (*len && (*line)[0] != '#')
			return true;
	}
	return false;
}

const char *lkp_stats_kind(const char *head, size_t len)
{
	const char *p = head, *end = head + len, *line, *kind;
	size_t n;
	char *rest;

	if (!decisive_line(&p, end, &line, &n))
		return NULL;
	if (lkp_perf_report_line(line, n))
		return "perf-profile";
	if (lkp_stress_ng_line(line, n))
		return "stress-ng";
	if (lkp_perf_stat_line(line, n))
		return "perf-stat";
	if (lkp_vmstat_line(line, n))
		return "vmstat";
	if (lkp_mpstat_line(line, n))
		return "mpstat";
	if (lkp_iostat_line(line, n))
		return "iostat";
	if (!lkp_stats_line(line, n))
		return NULL;
	if (strncmp(line, "time: ", 6))
		return "stats";
	if (!decisive_line(&p, end, &line, &n))
		return "series";
	if (lkp_stats_line(line, n) && !lkp_monitor_raw_line(line, n))
		return "series";
	rest = xstrndup(line, (size_t)(end - line));
	kind = lkp_monitor_raw_kind(rest);
	free(rest);
	return kind;
}

/* stress-ng's own output, from its first line: LKP's stress-ng.* rows. */
static int read_stress_ng(struct linereader *lr, char *line, size_t len,
			  struct metric_set *s, struct fd_err *err)
{
	struct bench b;
	int r;

	bench_init(&b, "stress-ng");
	do
		bench_line(&b, line, len);
	while ((r = lr_next(lr, &line, &len, err)) > 0);
	if (!r)
		bench_result(&b, s);
	bench_release(&b);
	return r ? -1 : 0;
}

/*
 * A file of another of LKP's formats, told by its first line (first) or
 * by the line after a first "time:" line (after_time), read into s by
 * its reader from that line on. Returns 1 when line is of none of them
 * (a stats file goes on), else 0, or -1 with err.
 */
static int read_other(struct linereader *lr, char *line, size_t len,
		      bool first, bool after_time, const char *event,
		      struct metric_set *s, struct fd_err *err)
{
	int r;

	/* LKP's perf-profile result file: perf report's text */
	if (first && lkp_perf_report_line(line, len))
		r = lkp_perf_report_read(lr, event, line, len, s, err);
	else if (first && lkp_stress_ng_line(line, len))
		r = read_stress_ng(lr, line, len, s, err);
	/* perf-stat's raw output (perf stat -I 1000 -x ,) */
	else if (first && lkp_perf_stat_line(line, len))
		r = lkp_perf_stat_read(lr, line, len, s, err);
	/* vmstat's, mpstat's and iostat's output, LKP's raw files of them */
	else if (first && lkp_vmstat_line(line, len))
		r = lkp_vmstat_read(lr, line, len, s, err);
	else if (first && lkp_mpstat_line(line, len))
		r = lkp_mpstat_read(lr, line, len, s, err);
	else if (first && lkp_iostat_line(line, len))
		r = lkp_iostat_read(lr, line, len, s, err);
	/* after the first "time:", a /proc or /sys file: a monitor's
	 * raw file (cpuidle's and numa-*'s look like stats lines) */
	else if (after_time && (!lkp_stats_line(line, len) ||
				lkp_monitor_raw_line(line, len)))
		r = lkp_monitor_raw_read(lr, line, len, s, err);
	else
		return 1;
	if (r)
		return -1;
	metric_set_sort(s);
	return 0;
}

/* A "key: value" line into the series and the plain set; "time: ..."
 * begins a sample. -1 with err when the line is no such pair. */
static int stats_pair(struct linereader *lr, char *line,
		      struct lkp_series *ser, struct metric_set *plain,
		      struct fd_err *err)
{
	char *colon = strrchr(line, ':'), *end;
	double v;

	if (!colon || colon == line || colon[1] != ' ')
		return fd_err_at(err, lr->path, lr->lineno,
				 "expected 'key: value'");
	v = strtod(colon + 1, &end);
	if (end == colon + 1 || *end || !isfinite(v))
		return fd_err_at(err, lr->path, lr->lineno,
				 "bad value '%.40s'", colon + 2);
	*colon = '\0';
	if (!strcmp(line, "time")) { /* a sample begins */
		lkp_series_next(ser);
		return 0;
	}
	lkp_series_add(ser, line, (size_t)(colon - line), v);
	metric_set_add(plain, line, v);
	return 0;
}

/* The pairs read into s: as they are, or reduced when keys repeat. */
static int stats_finish(struct linereader *lr, struct lkp_series *ser,
			const struct metric_set *plain, struct metric_set *s,
			struct fd_err *err)
{
	size_t i;

	/* One value a key: a run's stats as they are. Repeated keys: a
	 * monitor's samples, reduced as LKP reduces them. */
	if (lkp_series_repeated(ser)) {
		lkp_series_reduce(ser, s);
	} else {
		for (i = 0; i < plain->nr; i++)
			metric_set_add(s, plain->v[i].key, plain->v[i].value);
	}
	metric_set_sort(s);
	/* Values stay numbers. */
	for (i = 0; i < s->nr; i++)
		if (!isfinite(s->v[i].value))
			return fd_err_at(err, lr->path, 0,
					 "the values of '%.60s' add up past "
					 "the largest number",
					 s->v[i].key);
	return 0;
}

int lkp_stats_read(struct linereader *lr, struct metric_set *s,
		   struct fd_err *err)
{
	struct lkp_series *ser = lkp_series__new(NULL);
	struct metric_set plain = { 0 };
	char *line, *event = NULL;
	bool first = true, after_time = false;
	size_t len;
	int r, other = 1;

	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		while (len && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		if (len && line[0] == '#' && !event)
			event = lkp_perf_report_event(line);
		if (!len || line[0] == '#')
			continue;
		other = read_other(lr, line, len, first, after_time, event, s,
				   err);
		if (other <= 0)
			break;
		after_time = first && !strncmp(line, "time: ", 6);
		first = false;
		r = stats_pair(lr, line, ser, &plain, err);
		if (r < 0)
			break;
	}
	free(event);
	if (other <= 0)
		r = other;
	else if (r == 0)
		r = stats_finish(lr, ser, &plain, s, err);
	lkp_series__delete(ser);
	metric_set_release(&plain);
	return r < 0 ? -1 : 0;
}

int metric_set_read(const char *path, struct metric_set *s,
		    struct fd_err *err)
{
	struct linereader lr;
	int ret;

	if (lr_init_path(&lr, path, err))
		return -1;
	ret = lkp_stats_read(&lr, s, err);
	lr_release(&lr);
	return ret;
}
