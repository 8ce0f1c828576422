// SPDX-License-Identifier: GPL-2.0
/* LKP's monitors during a recording (monitors.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/alloc.h"
#include "lib/safe-open.h"
#include "lib/strbuf.h"
#include "analyzer/lkp-reduce.h"
#include "analyzer/monitor-parse.h"
#include "collector/monitors.h"

enum mon {
	MON_VMSTAT, MON_MPSTAT, MON_PROC_VMSTAT, MON_PROC_STAT, MON_MEMINFO,
	MON_SLABINFO, MON_INTERRUPTS, MON_SOFTIRQS, MON_NUMA_NUMASTAT,
	MON_NUMA_VMSTAT, MON_NUMA_MEMINFO, MON_CPUIDLE, MON_SCHED_DEBUG,
	MON_DISKSTATS, MON_IOSTAT, MON_MAX
};

const char *const monitor_names[] = {
	"vmstat", "mpstat", "proc-vmstat", "proc-stat", "meminfo", "slabinfo",
	"interrupts", "softirqs", "numa-numastat", "numa-vmstat",
	"numa-meminfo", "cpuidle", "sched_debug", "diskstats", "iostat", NULL
};

#define SCHED_DEBUG_PERIOD 60.0 /* LKP samples it every 60 s */

struct monitors {
	bool on[MON_MAX];
	struct lkp_series *s[MON_MAX];
	struct meminfo_state meminfo;
	struct vmstat_state vmstat;
	struct mpstat_state mpstat;
	const char *sched_debug;	/* its file, NULL: none */
	unsigned int nodes[64];		/* online nodes, if 2 or more */
	size_t nr_nodes;
	struct strbuf buf, buf2, buf3;
	long hz;
	double t_sched;

	pthread_t thread;
	bool running;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
	bool stopped;		/* monitors_stop() has run */
};

static int find(const char *name, size_t len)
{
	for (int i = 0; monitor_names[i]; i++)
		if (strlen(monitor_names[i]) == len &&
		    !memcmp(monitor_names[i], name, len))
			return i;
	return -1;
}

static int parse_list(const char *list, bool *on, struct fd_err *err)
{
	const char *p = list, *e;

	if (!list || !strcmp(list, "all")) {
		for (int i = 0; i < MON_MAX; i++)
			on[i] = true;
		return 0;
	}
	memset(on, 0, sizeof(*on) * MON_MAX);
	for (; *p; p = *e ? e + 1 : e) {
		int i;

		e = strchrnul(p, ',');
		if (e == p)
			continue;
		i = find(p, (size_t)(e - p));
		if (i < 0)
			return fd_err_set(err, "no monitor '%.*s' (one of "
					  "vmstat, mpstat, proc-vmstat, "
					  "proc-stat, meminfo, slabinfo, "
					  "interrupts, softirqs, numa-numastat, "
					  "numa-vmstat, numa-meminfo, cpuidle, "
					  "sched_debug, diskstats, iostat, all)",
					  (int)(e - p > 40 ? 40 : e - p), p);
		on[i] = true;
	}
	return 0;
}

int monitors_check(const char *list, struct fd_err *err)
{
	bool on[MON_MAX];

	return parse_list(list, on, err);
}

/* The whole of a /proc or /sys file into sb; false if unreadable. Through
 * safe_open() as every open of the collector: a regular file only. */
static bool slurp(const char *path, struct strbuf *sb)
{
	int fd = safe_open(path, 0, NULL, NULL, NULL);
	ssize_t n;

	strbuf_reset(sb);
	if (fd < 0)
		return false;
	for (;;) {
		strbuf_grow(sb, 65536);
		n = read(fd, sb->buf + sb->len, 65536);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sb->len += (size_t)n; /* strbuf_setlen() only shortens */
		sb->buf[sb->len] = '\0';
	}
	close(fd);
	return n == 0;
}

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void node_files(struct monitors *m, enum mon which, const char *file)
{
	struct lkp_series *s = m->s[which];

	lkp_series_next(s);
	for (size_t i = 0; i < m->nr_nodes; i++) {
		char path[128];

		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%u/%s", m->nodes[i],
			 file);
		if (!slurp(path, &m->buf))
			continue;
		if (which == MON_NUMA_MEMINFO)
			monitor_numa_meminfo(s, m->buf.buf, m->buf.len);
		else
			monitor_numa_kv(s, m->nodes[i], m->buf.buf,
					m->buf.len);
	}
}

/* The sum over CPUs and states of cpuidle's time and usage. */
static void cpuidle(struct monitors *m)
{
	double time = 0, usage = 0;
	char path[128];
	DIR *d = opendir("/sys/devices/system/cpu");
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		unsigned int cpu, st;
		char c;

		if (sscanf(e->d_name, "cpu%u%c", &cpu, &c) != 1)
			continue;
		for (st = 0; st < 64; st++) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/"
				 "cpu%u/cpuidle/state%u/time", cpu, st);
			if (!slurp(path, &m->buf))
				break;
			time += strtod(m->buf.buf, NULL);
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/"
				 "cpu%u/cpuidle/state%u/usage", cpu, st);
			if (slurp(path, &m->buf))
				usage += strtod(m->buf.buf, NULL);
		}
	}
	closedir(d);
	lkp_series_next(m->s[MON_CPUIDLE]);
	lkp_series_add(m->s[MON_CPUIDLE], ".time", 5, time);
	lkp_series_add(m->s[MON_CPUIDLE], ".usage", 6, usage);
}

/* Two snapshots: at the start and at the end. */
static void snapshots(struct monitors *m)
{
	if (m->on[MON_INTERRUPTS] && slurp("/proc/interrupts", &m->buf))
		monitor_interrupts(m->s[MON_INTERRUPTS], m->buf.buf,
				   m->buf.len);
	if (m->on[MON_SOFTIRQS] && slurp("/proc/softirqs", &m->buf))
		monitor_softirqs(m->s[MON_SOFTIRQS], m->buf.buf, m->buf.len);
	if (m->on[MON_CPUIDLE])
		cpuidle(m);
}

static void sched_debug(struct monitors *m)
{
	if (m->sched_debug && slurp(m->sched_debug, &m->buf))
		monitor_sched_debug(m->s[MON_SCHED_DEBUG], m->buf.buf,
				    m->buf.len);
}

/* One tick of the monitors LKP samples every second. */
static void tick(struct monitors *m, double t)
{
	struct proc_stat ps = { 0 };

	if ((m->on[MON_VMSTAT] || m->on[MON_MPSTAT]) &&
	    slurp("/proc/stat", &m->buf))
		monitor_read_proc_stat(m->buf.buf, m->buf.len, &ps);
	if (m->on[MON_MPSTAT])
		monitor_mpstat(m->s[MON_MPSTAT], &m->mpstat, &ps);
	if (m->on[MON_VMSTAT] || m->on[MON_PROC_VMSTAT])
		slurp("/proc/vmstat", &m->buf2);
	if (m->on[MON_VMSTAT] || m->on[MON_MEMINFO])
		slurp("/proc/meminfo", &m->buf3);
	if (m->on[MON_VMSTAT])
		monitor_vmstat(m->s[MON_VMSTAT], &m->vmstat, &ps, m->buf3.buf,
			       m->buf3.len, m->buf2.buf, m->buf2.len, t, m->hz);
	if (m->on[MON_PROC_VMSTAT] && m->buf2.len)
		monitor_proc_vmstat(m->s[MON_PROC_VMSTAT], m->buf2.buf,
				    m->buf2.len);
	if (m->on[MON_MEMINFO] && m->buf3.len)
		monitor_meminfo(m->s[MON_MEMINFO], &m->meminfo, m->buf3.buf,
				m->buf3.len);
	if (m->on[MON_SLABINFO] && slurp("/proc/slabinfo", &m->buf))
		monitor_slabinfo(m->s[MON_SLABINFO], m->buf.buf, m->buf.len);
	if (m->on[MON_DISKSTATS] && slurp("/proc/diskstats", &m->buf))
		monitor_diskstats(m->s[MON_DISKSTATS], m->buf.buf, m->buf.len);
	if (m->nr_nodes) {
		if (m->on[MON_NUMA_NUMASTAT])
			node_files(m, MON_NUMA_NUMASTAT, "numastat");
		if (m->on[MON_NUMA_VMSTAT])
			node_files(m, MON_NUMA_VMSTAT, "vmstat");
		if (m->on[MON_NUMA_MEMINFO])
			node_files(m, MON_NUMA_MEMINFO, "meminfo");
	}
	if (m->on[MON_SCHED_DEBUG] && t - m->t_sched >= SCHED_DEBUG_PERIOD) {
		sched_debug(m);
		m->t_sched = t;
	}
}

/* LKP's loops: sample, then wait a second for the end (no drift
 * correction, as LKP's). */
static void *loop(void *arg)
{
	struct monitors *m = arg;

	pthread_mutex_lock(&m->lock);
	while (!m->stop) {
		struct timespec ts;

		pthread_mutex_unlock(&m->lock);
		tick(m, mono());
		pthread_mutex_lock(&m->lock);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_sec += 1;
		while (!m->stop &&
		       pthread_cond_timedwait(&m->cond, &m->lock, &ts) !=
			       ETIMEDOUT)
			;
	}
	pthread_mutex_unlock(&m->lock);
	return NULL;
}

/* The online nodes, when there are two or more (LKP runs numa-* only
 * where node1 exists). */
static void find_nodes(struct monitors *m)
{
	DIR *d;
	struct dirent *e;

	if (access("/sys/devices/system/node/node1", F_OK))
		return;
	d = opendir("/sys/devices/system/node");
	if (!d)
		return;
	while ((e = readdir(d)) && m->nr_nodes < 64) {
		unsigned int n;
		char c;

		if (sscanf(e->d_name, "node%u%c", &n, &c) == 1)
			m->nodes[m->nr_nodes++] = n;
	}
	closedir(d);
	/* numerical order, for the keys' order of appearance */
	for (size_t i = 1; i < m->nr_nodes; i++)
		for (size_t j = i; j && m->nodes[j - 1] > m->nodes[j]; j--) {
			unsigned int x = m->nodes[j];

			m->nodes[j] = m->nodes[j - 1];
			m->nodes[j - 1] = x;
		}
}

struct monitors *monitors_start(const char *list, struct fd_err *err)
{
	struct monitors *m = xcalloc(1, sizeof(*m));
	pthread_condattr_t ca;
	sigset_t all, old;
	int err_create;

	if (parse_list(list, m->on, err)) {
		free(m);
		return NULL;
	}
	for (int i = 0; i < MON_MAX; i++)
		m->s[i] = lkp_series__new(monitor_names[i]);
	strbuf_init(&m->buf, 0);
	strbuf_init(&m->buf2, 0);
	strbuf_init(&m->buf3, 0);
	m->meminfo.mem_total = -1;
	m->hz = sysconf(_SC_CLK_TCK);
	find_nodes(m);
	if (!access("/sys/kernel/debug/sched/debug", R_OK))
		m->sched_debug = "/sys/kernel/debug/sched/debug";
	else if (!access("/proc/sched_debug", R_OK))
		m->sched_debug = "/proc/sched_debug";
	m->t_sched = -SCHED_DEBUG_PERIOD * 2;
	snapshots(m);
	pthread_mutex_init(&m->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m->cond, &ca);
	pthread_condattr_destroy(&ca);
	/* The thread takes no signal: record's Ctrl-C and SIGTERM must
	 * reach the thread that sleeps and polls for them. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err_create = pthread_create(&m->thread, NULL, loop, m);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err_create) {
		/* no thread, no samples: the recording goes on */
		m->running = false;
	} else {
		m->running = true;
	}
	return m;
}

void monitors_stop(struct monitors *m, struct metric_set *out)
{
	if (!m || m->stopped)
		return;
	m->stopped = true;
	if (m->running) {
		pthread_mutex_lock(&m->lock);
		m->stop = true;
		pthread_cond_signal(&m->cond);
		pthread_mutex_unlock(&m->lock);
		pthread_join(m->thread, NULL);
		m->running = false;
	}
	if (!out)
		return;
	snapshots(m);
	if (m->on[MON_MPSTAT])
		monitor_mpstat_end(m->s[MON_MPSTAT], &m->mpstat);
	for (int i = 0; i < MON_MAX; i++)
		if (m->on[i])
			lkp_series_reduce(m->s[i], out);
}

void monitors__delete(struct monitors *m)
{
	if (!m)
		return;
	monitors_stop(m, NULL);
	for (int i = 0; i < MON_MAX; i++)
		lkp_series__delete(m->s[i]);
	strbuf_release(&m->buf);
	strbuf_release(&m->buf2);
	strbuf_release(&m->buf3);
	pthread_mutex_destroy(&m->lock);
	pthread_cond_destroy(&m->cond);
	free(m);
}
