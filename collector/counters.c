// SPDX-License-Identifier: GPL-2.0
/*
 * perf-stat counters (counters.h): open, read at intervals, hand the
 * deltas to analyzer/benchmark.c for LKP's rows.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/benchmark.h"
#include "collector/counters.h"
#include "collector/event-probe.h"
#include "collector/evsel.h"
#include "collector/perf.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"

/* A PERF_TYPE_HW_CACHE config: cache, operation, result. */
#define HW_CACHE(c, op, res)                                               \
	(PERF_COUNT_HW_CACHE_##c | (PERF_COUNT_HW_CACHE_OP_##op << 8) |     \
	 (PERF_COUNT_HW_CACHE_RESULT_##res << 16))

/* perf's names, as LKP's rows carry them. */
static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
	bool task;	/* only for a task (task-clock), or only system-wide */
	bool system;
} events[] = {
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 1, 1 },
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 1, 1 },
	{ "context-switches", PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CONTEXT_SWITCHES, 1, 1 },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS,
	  1, 1 },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, 1, 1 },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN,
	  1, 1 },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ,
	  1, 1 },
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1, 1 },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 1,
	  1 },
	{ "cache-references", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_REFERENCES, 1, 1 },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, 1,
	  1 },
	{ "branch-instructions", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 1, 1 },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, 1,
	  1 },
	/* LKP's TLB and node groups, where the PMU has them */
	{ "dTLB-loads", PERF_TYPE_HW_CACHE, HW_CACHE(DTLB, READ, ACCESS), 1, 1 },
	{ "dTLB-load-misses", PERF_TYPE_HW_CACHE, HW_CACHE(DTLB, READ, MISS),
	  1, 1 },
	{ "dTLB-stores", PERF_TYPE_HW_CACHE, HW_CACHE(DTLB, WRITE, ACCESS), 1,
	  1 },
	{ "dTLB-store-misses", PERF_TYPE_HW_CACHE, HW_CACHE(DTLB, WRITE, MISS),
	  1, 1 },
	{ "iTLB-loads", PERF_TYPE_HW_CACHE, HW_CACHE(ITLB, READ, ACCESS), 1, 1 },
	{ "iTLB-load-misses", PERF_TYPE_HW_CACHE, HW_CACHE(ITLB, READ, MISS),
	  1, 1 },
	{ "node-loads", PERF_TYPE_HW_CACHE, HW_CACHE(NODE, READ, ACCESS), 1, 1 },
	{ "node-load-misses", PERF_TYPE_HW_CACHE, HW_CACHE(NODE, READ, MISS),
	  1, 1 },
	{ "node-stores", PERF_TYPE_HW_CACHE, HW_CACHE(NODE, WRITE, ACCESS), 1,
	  1 },
	{ "node-store-misses", PERF_TYPE_HW_CACHE, HW_CACHE(NODE, WRITE, MISS),
	  1, 1 },
};

#define NR_EVENTS (sizeof(events) / sizeof(events[0]))

struct counters {
	const char *names[NR_EVENTS]; /* the events opened */
	int *fds;		/* fds[e * nr_fd_per + k] */
	size_t nr_events, nr_per;
	uint64_t last[NR_EVENTS]; /* scaled totals at the last read */
	double t_last;		/* CLOCK_MONOTONIC of the last read */
	bool started;
	uint64_t *deltas;	/* deltas[i * nr_events + e] */
	double *secs;
	size_t nr_intervals;
	unsigned long alloc_deltas, alloc_secs;
};

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One warning for every counter the user is not allowed: which rows are
 * left out, and why. */
static void denied_warning(const struct strbuf *names, char *warn,
			   size_t size)
{
	long paranoid = sysctl_long("/proc/sys/kernel/perf_event_paranoid",
				    99);

	snprintf(warn, size, "perf-stat: rows left out, this user may not "
		 "count them (kernel.perf_event_paranoid is %ld; root, "
		 "CAP_PERFMON or paranoid <= 1 may): %s", paranoid,
		 names->buf);
}

static bool has_user_event(const char *name)
{
	char u[80];

	snprintf(u, sizeof(u), "%s:u", name);
	return event_opens(u);
}

struct counters *counters__new(const pid_t *tids, int nr_tids,
			       const int *cpus, int nr_cpus,
			       bool enable_on_exec, char *warn, size_t warn_size)
{
	struct counters *c = xcalloc(1, sizeof(*c));
	struct strbuf denied = STRBUF_INIT;
	bool task = nr_tids > 0;
	size_t per = task ? (size_t)nr_tids : (size_t)nr_cpus, e, k;

	c->nr_per = per;
	c->fds = xcalloc(NR_EVENTS * per, sizeof(int));
	if (warn && warn_size)
		warn[0] = '\0';
	for (e = 0; e < NR_EVENTS; e++) {
		struct perf_event_attr a;
		int *fds = c->fds + c->nr_events * per;
		int err = 0;

		if (task ? !events[e].task : !events[e].system)
			continue;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = events[e].type;
		a.config = events[e].config;
		a.disabled = 1;
		a.inherit = task;
		a.enable_on_exec = enable_on_exec;
		a.exclude_guest = 1;
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		for (k = 0; k < per; k++) {
			fds[k] = sys_perf_event_open(&a,
					task ? tids[k] : -1,
					task ? -1 : cpus[k], -1,
					PERF_FLAG_FD_CLOEXEC);
			if (fds[k] < 0) {
				err = errno;
				break;
			}
		}
		if (err) {
			while (k-- > 0)
				close(fds[k]);
			/* Counters this user may not have (paranoid 2
			 * counts no kernel time): said once, below. */
			if (err == EACCES || err == EPERM) {
				/* one this machine lacks is no row to
				 * miss: its user-space count fails too */
				if (!has_user_event(events[e].name))
					continue;
				strbuf_addf(&denied, "%s%s",
					    denied.len ? ", " : "",
					    events[e].name);
				continue;
			}
			/* a thread of -p that just ended counts nothing */
			if (events[e].type == PERF_TYPE_SOFTWARE &&
			    !event_missing_errno(err) && warn && !warn[0])
				snprintf(warn, warn_size, "perf-stat: cannot "
					 "count %s: %s", events[e].name,
					 strerror(err));
			continue;
		}
		c->names[c->nr_events++] = events[e].name;
	}
	if (denied.len && warn && !warn[0])
		denied_warning(&denied, warn, warn_size);
	strbuf_release(&denied);
	if (!c->nr_events) {
		counters__delete(c);
		return NULL;
	}
	return c;
}

void counters__delete(struct counters *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nr_events * c->nr_per; i++)
		close(c->fds[i]);
	free(c->fds);
	free(c->deltas);
	free(c->secs);
	free(c);
}

int counters_ioctl(struct counters *c, unsigned long req)
{
	size_t i;

	for (i = 0; c && i < c->nr_events * c->nr_per; i++)
		if (ioctl(c->fds[i], req, 0))
			return -1;
	return 0;
}

/* One fd's count, scaled to the time enabled as perf stat --scale does
 * when the PMU had to multiplex. */
static uint64_t read_one(int fd)
{
	uint64_t v[3];

	if (read(fd, v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	if (v[2] && v[2] < v[1])
		return (uint64_t)((double)v[0] * (double)v[1] / (double)v[2]);
	return v[0];
}

void counters_read(struct counters *c)
{
	uint64_t now[NR_EVENTS];
	double t = mono();
	size_t e, k;

	if (!c)
		return;
	for (e = 0; e < c->nr_events; e++) {
		now[e] = 0;
		for (k = 0; k < c->nr_per; k++)
			now[e] += read_one(c->fds[e * c->nr_per + k]);
	}
	if (c->started) {
		ALLOC_GROW(c->deltas, (c->nr_intervals + 1) * c->nr_events,
			   c->alloc_deltas);
		ALLOC_GROW(c->secs, c->nr_intervals + 1, c->alloc_secs);
		for (e = 0; e < c->nr_events; e++)
			c->deltas[c->nr_intervals * c->nr_events + e] =
				now[e] >= c->last[e] ? now[e] - c->last[e] : 0;
		c->secs[c->nr_intervals++] = t - c->t_last;
	}
	memcpy(c->last, now, sizeof(now));
	c->t_last = t;
	c->started = true;
}

void counters_rows(const struct counters *c, struct metric_set *out)
{
	if (!c || !c->nr_intervals)
		return;
	bench_perf_stat_rows(c->names, c->nr_events, c->deltas, c->secs,
			     c->nr_intervals, out);
}
