// SPDX-License-Identifier: GPL-2.0
/*
 * The recording session (record.h): the events, their ring buffers and
 * the read loop. Decoding the records is decode.c's, turning the stacks
 * into a profile build.c's.
 */
#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "collector/build.h"
#include "collector/inline.h"
#include "collector/counters.h"
#include "collector/decode.h"
#include "collector/event-probe.h"
#include "collector/evsel.h"
#include "collector/kallsyms.h"
#include "collector/machine.h"
#include "collector/perf.h"
#include "collector/perf-records.h"
#include "collector/record.h"
#include "collector/ring.h"
#include "collector/sanitize.h"
#include "collector/sched-rec.h"
#include "collector/stacks.h"
#include "collector/unwind.h"
#include "lib/alloc.h"
#include "lib/safe-open.h"
#include "lib/strbuf.h"

#define MAX_WARNINGS 8

struct record {
	struct record_opts o;
	struct event_spec ev;
	struct perf_event_attr attr, track;

	int *cpus;	    /* online CPUs */
	int nr_cpus;
	pid_t *tids;	    /* threads events are attached to; -1 = all */
	int nr_tids;
	int *fds;	    /* every event fd */
	int nr_fds, alloc_fds;
	struct ring *rings; /* one per CPU, then (--sched) one more per CPU */
	struct pollfd *pfds;
	int nr_rings;
	struct sched_rec *sched; /* --sched, or NULL */
	uint64_t sched_seen;	 /* the newest sched record an earlier read had */
	bool draining;		 /* disabled: the next read takes all */

	struct kallsyms ksyms;
	bool have_ksyms;
	struct dsos dsos;
	struct machine machine;
	struct stacks stacks;
	struct unwinder *unwinder;
	struct decoder dec;
	struct record_stats st;
	struct counters *counters; /* perf-stat (o.stat), or NULL */

	const char *warn[MAX_WARNINGS + 1];
	char warn_buf[MAX_WARNINGS][256];
	int nr_warn;
};

static void warn(struct record *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct record *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nr_warn >= MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->warn_buf[r->nr_warn], sizeof(r->warn_buf[0]), fmt, ap);
	va_end(ap);
	r->warn[r->nr_warn] = r->warn_buf[r->nr_warn];
	r->warn[++r->nr_warn] = NULL;
}

struct record *record__new(const struct record_opts *o)
{
	struct record *r = xcalloc(1, sizeof(*r));

	r->o = *o;
	if (!r->o.data_pages)
		r->o.data_pages = 128;
	if (!r->o.stack_size)
		r->o.stack_size = RECORD_STACK_SIZE;
	if (!r->o.kallsyms)
		r->o.kallsyms = "/proc/kallsyms";
	dsos_init(&r->dsos, o->dwarf);
	r->dsos.no_demangle = o->no_demangle;
	machine_init(&r->machine, &r->dsos);
	stacks_init(&r->stacks);
	decoder_init(&r->dec, &r->machine, &r->stacks, &r->dsos, NULL,
		     &r->st);
	return r;
}

void record__delete(struct record *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; r->rings && i < r->nr_rings; i++)
		ring_close(&r->rings[i]);
	for (i = 0; i < r->nr_fds; i++)
		close(r->fds[i]);
	counters__delete(r->counters);
	sched_rec__delete(r->sched);
	free(r->fds);
	free(r->rings);
	free(r->pfds);
	free(r->cpus);
	free(r->tids);
	if (r->have_ksyms)
		kallsyms_release(&r->ksyms);
	decoder_release(&r->dec);
	if (r->unwinder)
		unwinder__delete(r->unwinder);
	stacks_release(&r->stacks);
	machine_release(&r->machine);
	dsos_release(&r->dsos);
	free(r);
}

const char *record_event(const struct record *r)
{
	return r->ev.name;
}

const char *record_unit(const struct record *r)
{
	return evsel_unit(&r->ev);
}

const struct record_stats *record_stats(const struct record *r)
{
	return &r->st;
}

const char *const *record_warnings(const struct record *r)
{
	static const char *const none[] = { NULL };

	return r->nr_warn ? r->warn : none;
}

/* "0-3,5,7-8" from /sys: the CPUs events can be opened on. */
static int read_cpus(struct record *r, struct fd_err *err)
{
	FILE *fp = safe_fopen("/sys/devices/system/cpu/online", 0, NULL);
	char buf[4096], *s;
	int alloc = 0;

	if (!fp || !fgets(buf, sizeof(buf), fp)) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		int i;

		if (fp)
			fclose(fp);
		if (n < 1)
			return fd_err_set(err, "cannot tell the online CPUs");
		r->cpus = xcalloc((size_t)n, sizeof(int));
		for (i = 0; i < n; i++)
			r->cpus[i] = i;
		r->nr_cpus = (int)n;
		return 0;
	}
	fclose(fp);
	for (s = buf; *s && *s != '\n';) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s)
			break;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (; a <= b; a++) {
			if (r->nr_cpus >= alloc) {
				alloc = alloc ? alloc * 2 : 16;
				r->cpus = xrealloc(r->cpus,
						   (size_t)alloc * sizeof(int));
			}
			r->cpus[r->nr_cpus++] = (int)a;
		}
		s = *end == ',' ? end + 1 : end;
	}
	if (!r->nr_cpus)
		return fd_err_set(err, "no online CPU listed in /sys");
	return 0;
}

/* The threads of an existing process: each needs its own events, inherit
 * only covers the children created afterwards. */
static int read_tids(struct record *r, struct fd_err *err)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int alloc = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)r->o.pid);
	d = opendir(path);
	if (!d)
		return fd_err_set(err, "no process %d (%s)", (int)r->o.pid,
				  strerror(errno));
	while ((de = readdir(d))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		if (r->nr_tids >= alloc) {
			alloc = alloc ? alloc * 2 : 16;
			r->tids = xrealloc(r->tids,
					   (size_t)alloc * sizeof(pid_t));
		}
		r->tids[r->nr_tids++] = atoi(de->d_name);
	}
	closedir(d);
	if (!r->nr_tids)
		return fd_err_set(err, "process %d has no threads",
				  (int)r->o.pid);
	return 0;
}

static void fill_attr(struct record *r, struct perf_event_attr *a,
		      const struct event_spec *ev)
{
	long max_stack = sysctl_long("/proc/sys/kernel/perf_event_max_stack",
				     127);
	bool task = r->o.target != TARGET_SYSTEM;

	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = ev->type;
	a->config = ev->config;
	a->precise_ip = ev->precise;
	a->exclude_user = ev->exclude_user;
	a->exclude_kernel = ev->exclude_kernel;
	/* ":u": no kernel call chains either, which perf_event_paranoid 2
	 * allows without CAP_PERFMON */
	a->exclude_callchain_kernel = ev->exclude_kernel;
	if (r->o.period) {
		a->sample_period = r->o.period;
	} else {
		a->freq = 1;
		a->sample_freq = r->o.freq;
	}
	a->sample_type = r->o.dwarf ? RECORD_SAMPLE_TYPE_DWARF :
				      RECORD_SAMPLE_TYPE;
	a->sample_max_stack = (uint16_t)(max_stack < 127 ? max_stack : 127);
	if (r->o.dwarf) {
		a->sample_regs_user = REGS_USER_MASK;
		a->sample_stack_user = r->o.stack_size;
		a->exclude_callchain_user = 1;
	}
	a->disabled = 1;
	a->inherit = task;
	a->enable_on_exec = r->o.target == TARGET_CHILD && r->o.enable_on_exec;
	a->sample_id_all = 1;
	/* wake the reader when a quarter of the buffer is used */
	a->watermark = 1;
	a->wakeup_watermark = (uint32_t)(sysconf(_SC_PAGESIZE) *
					 r->o.data_pages / 4);
	a->exclude_guest = 1;
}

static void fill_track(struct record *r)
{
	struct perf_event_attr *t = &r->track;

	*t = r->attr;
	t->type = PERF_TYPE_SOFTWARE;
	t->config = PERF_COUNT_SW_DUMMY;
	t->precise_ip = 0;
	t->freq = 0;
	t->sample_period = 1;
	/* side-band records come either way; a user-only recording must not
	 * ask for the kernel here (refused at perf_event_paranoid 2) */
	t->exclude_kernel = r->attr.exclude_kernel;
	t->exclude_user = 0;
	t->mmap = 1;
	t->mmap2 = 1;
	t->comm = 1;
	t->comm_exec = 1;
	t->task = 1;
}

static void add_fd(struct record *r, int fd)
{
	if (r->nr_fds >= r->alloc_fds) {
		r->alloc_fds = r->alloc_fds ? r->alloc_fds * 2 : 64;
		r->fds = xrealloc(r->fds, (size_t)r->alloc_fds * sizeof(int));
	}
	r->fds[r->nr_fds++] = fd;
}

static pid_t tid_at(const struct record *r, int t)
{
	return r->o.target == TARGET_SYSTEM ? -1 : r->tids[t];
}

/* Try the candidate events in order on the first CPU and thread. */
static int pick_event(struct record *r, struct fd_err *err)
{
	static const char *const lkp[] = { "cycles:pp", "cycles:p", "cycles",
					   NULL };
	const char *clock = r->o.target == TARGET_SYSTEM ? "cpu-clock" :
							     "task-clock";
	const char *one[] = { r->o.event, NULL };
	const char *const *cand = r->o.event ? one : lkp;
	struct event_spec ev;
	int i, fd, e = 0;

	for (i = 0;; i++) {
		const char *name = cand[i] ? cand[i] : (r->o.event ? NULL :
							 clock);

		if (!name)
			break;
		if (event_parse(name, &ev, err))
			return -1;
		fill_attr(r, &r->attr, &ev);
		fd = sys_perf_event_open(&r->attr, tid_at(r, 0), r->cpus[0],
					 -1, PERF_FLAG_FD_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			r->ev = ev;
			return 0;
		}
		e = errno;
		/* LKP's order: fall to the next one only when the machine
		 * lacks this event, not on a permission problem. */
		if (r->o.event || !event_missing_errno(e))
			return event_open_error(err, &ev, e,
					r->o.target == TARGET_SYSTEM);
		if (!cand[i])
			break;
	}
	return event_open_error(err, &ev, e, r->o.target == TARGET_SYSTEM);
}

/*
 * The scheduler tracepoints of CPU c, for every task, into ring
 * nr_cpus + c (see sched-rec.h for why every task). A command's own
 * events start at its exec, which a CPU's events cannot: these run from
 * here, and its switches count once its exec is seen (read_rings()).
 */
static int open_sched(struct record *r, int c, unsigned int order,
		      struct fd_err *err)
{
	struct ring *ring = &r->rings[r->nr_cpus + c];
	int e, leader = -1;

	for (e = 0; e < SCHED_NR; e++) {
		struct perf_event_attr a;
		int fd;

		sched_rec_attr(r->sched, e, &a);
		a.disabled = !(r->o.target == TARGET_CHILD &&
			       r->o.enable_on_exec);
		fd = sys_perf_event_open(&a, -1, r->cpus[c], -1,
					 PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			struct event_spec ev = { .type = a.type };

			snprintf(ev.name, sizeof(ev.name), "%s",
				 sched_rec_name(r->sched, e));
			/* every task: as system-wide as -a */
			return event_open_error(err, &ev, errno, true);
		}
		add_fd(r, fd);
		if (leader < 0) {
			if (ring_open(ring, fd, order, err))
				return -1;
			leader = fd;
		} else if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, leader)) {
			return fd_err_set(err, "PERF_EVENT_IOC_SET_OUTPUT: %s",
					  strerror(errno));
		}
	}
	r->pfds[r->nr_cpus + c].fd = leader;
	r->pfds[r->nr_cpus + c].events = POLLIN;
	return 0;
}

static int open_events(struct record *r, struct fd_err *err)
{
	/* For messages: the sideband event, named as perf names it. */
	static const struct event_spec tracking = { .name = "dummy" };
	int c, t, order = 0;

	while ((1U << order) < r->o.data_pages)
		order++;
	r->nr_rings = r->nr_cpus * (r->sched ? 2 : 1);
	r->rings = xcalloc((size_t)r->nr_rings, sizeof(*r->rings));
	r->pfds = xcalloc((size_t)r->nr_rings, sizeof(*r->pfds));
	for (c = 0; c < r->nr_cpus; c++) {
		int leader = -1;

		for (t = 0; t < (r->o.target == TARGET_SYSTEM ? 1 : r->nr_tids);
		     t++) {
			struct perf_event_attr *a[2] = { &r->attr, &r->track };
			int k;

			for (k = 0; k < 2; k++) {
				int fd = sys_perf_event_open(a[k], tid_at(r, t),
						r->cpus[c], -1,
						PERF_FLAG_FD_CLOEXEC);

				if (fd < 0) {
					int e = errno;

					/* a thread of -p PID that just
					 * exited: nothing to sample */
					if (e == ESRCH && r->o.target ==
					    TARGET_PID)
						break;
					return event_open_error(err,
						k ? &tracking : &r->ev, e,
						r->o.target == TARGET_SYSTEM);
				}
				add_fd(r, fd);
				if (leader < 0) {
					if (ring_open(&r->rings[c], fd, order,
						      err))
						return -1;
					leader = fd;
				} else if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT,
						 leader)) {
					return fd_err_set(err,
						"PERF_EVENT_IOC_SET_OUTPUT: %s",
						strerror(errno));
				}
			}
		}
		if (leader < 0)
			return fd_err_set(err, "process %d is gone",
					  (int)r->o.pid);
		r->pfds[c].fd = leader;
		r->pfds[c].events = POLLIN;
		/* switches come 100 times faster than samples: perf sched
		 * record's 1024 pages (4 MiB) a CPU, at least */
		if (r->sched && open_sched(r, c, order < 10 ? 10 : order, err))
			return -1;
	}
	return 0;
}

/* Events are one file each: make sure the soft limit is not the limit. */
static void raise_nofile(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

int record_open(struct record *r, struct fd_err *err)
{
	if (read_cpus(r, err))
		return -1;
	if (r->o.target == TARGET_PID) {
		if (read_tids(r, err))
			return -1;
	} else if (r->o.target == TARGET_CHILD) {
		r->tids = xmalloc(sizeof(pid_t));
		r->tids[0] = r->o.pid;
		r->nr_tids = 1;
	}
	if (!r->o.period && r->o.freq) {
		long max = sysctl_long(
			"/proc/sys/kernel/perf_event_max_sample_rate", 0);

		if (max > 0 && r->o.freq > (unsigned long)max) {
			warn(r, "%u Hz is above kernel.perf_event_max_sample_rate"
			     ", using %ld Hz", r->o.freq, max);
			r->o.freq = (unsigned int)max;
		}
	}
	raise_nofile();
	if (pick_event(r, err))
		return -1;
	if (!r->ev.exclude_kernel || r->o.sched) {
		if (kallsyms_load(&r->ksyms, r->o.kallsyms, err))
			return -1;
		r->have_ksyms = true;
	}
	if (r->o.sched) {
		int i;

		r->sched = sched_rec__new(&r->dec, &r->ksyms,
					  r->o.target != TARGET_SYSTEM, NULL,
					  err);
		if (!r->sched)
			return -1;
		/* a command started at its exec: it is added then */
		for (i = 0; i < r->nr_tids; i++)
			if (r->o.target == TARGET_PID || !r->o.enable_on_exec)
				sched_rec_task(r->sched, r->tids[i]);
	}
	fill_track(r);
	if (open_events(r, err))
		return -1;
	if (r->o.stat) {
		char msg[256];
		bool system = r->o.target == TARGET_SYSTEM;

		/* Counting is an extra: the profile does not depend on it. */
		r->counters = counters__new(system ? NULL : r->tids,
				system ? 0 : r->nr_tids, r->cpus, r->nr_cpus,
				r->attr.enable_on_exec, msg, sizeof(msg));
		if (msg[0])
			warn(r, "%s", msg);
	}
	if (r->o.dwarf) {
		r->unwinder = unwinder__new();
		r->dec.unwinder = r->unwinder;
	}
	/* a command we started: everything it maps will be reported */
	if (r->o.target == TARGET_CHILD)
		r->machine.read_proc = true;
	return 0;
}

static int ioctl_all(struct record *r, unsigned long req, struct fd_err *err)
{
	int i;

	for (i = 0; i < r->nr_fds; i++)
		if (ioctl(r->fds[i], req, 0))
			return fd_err_set(err, "perf event ioctl: %s",
					  strerror(errno));
	return 0;
}

int record_enable(struct record *r, struct fd_err *err)
{
	if (counters_ioctl(r->counters, PERF_EVENT_IOC_ENABLE))
		return fd_err_set(err, "perf event ioctl: %s",
				  strerror(errno));
	return ioctl_all(r, PERF_EVENT_IOC_ENABLE, err);
}

int record_disable(struct record *r, struct fd_err *err)
{
	if (ioctl_all(r, PERF_EVENT_IOC_DISABLE, err))
		return -1;
	r->draining = true;
	if (counters_ioctl(r->counters, PERF_EVENT_IOC_DISABLE))
		return fd_err_set(err, "perf event ioctl: %s",
				  strerror(errno));
	return 0;
}

void record_stat_read(struct record *r)
{
	counters_read(r->counters);
}

void record_stat_rows(const struct record *r, struct metric_set *out)
{
	counters_rows(r->counters, out);
}

/* Read every buffer, merging the CPUs by time: a process that maps a file
 * on one CPU and is sampled on another must see the map first. */
/*
 * A task of the target, for --sched: the target's own tracking event
 * reports only the target's forks and execs (with -a, everything counts
 * and nothing needs noting).
 */
static void note_task(struct record *r, const struct perf_event_header *h)
{
	const struct perf_record_fork *f;
	const struct perf_record_comm *c;

	if (h->type == PERF_RECORD_FORK) {
		f = perf_record_as(h, sizeof(*f));
		if (f)
			sched_rec_task(r->sched, (pid_t)f->tid);
	} else if (h->type == PERF_RECORD_COMM) {
		c = perf_record_as(h, sizeof(*c));
		if (c)
			sched_rec_task(r->sched, (pid_t)c->tid);
	}
}

static uint64_t ring_time(const struct record *r, int i,
			  const struct perf_event_header *h)
{
	return i < r->nr_cpus ? perf_record_time(h) : sched_rec_time(h);
}

/*
 * The next record of ring i into cur[i], NULL when there is none or (a
 * sched ring) when it is later than horizon: it stays in the ring for the
 * next read (sched-rec.h).
 */
static void peek_ring(struct record *r, int i,
		      const struct perf_event_header **cur, uint64_t *t,
		      uint64_t horizon)
{
	cur[i] = ring_peek(&r->rings[i]);
	if (!cur[i])
		return;
	t[i] = ring_time(r, i, cur[i]);
	if (i >= r->nr_cpus && t[i] > horizon)
		cur[i] = NULL;
}

/* The newest record time in ring i as snapshot: a walk of a copy of its
 * cursor (before the merge peeks: the walk uses the bounce buffer). */
static uint64_t ring_newest(struct record *r, int i)
{
	struct ring walk = r->rings[i];
	const struct perf_event_header *h;
	uint64_t newest = 0, t;

	while ((h = ring_peek(&walk))) {
		t = ring_time(r, i, h);
		if (t > newest)
			newest = t;
		ring_next(&walk);
	}
	return newest;
}

/*
 * How far the sched rings can be merged now. A record a ring does not
 * have yet is written after its snapshot, so it is later than the newest
 * record that ring has, and than the newest any ring had at the previous
 * read (all written before this one began): the least of those bounds
 * over the rings. Once the events are disabled, everything.
 */
static uint64_t sched_horizon(struct record *r)
{
	uint64_t horizon = UINT64_MAX, newest = r->sched_seen, nw, b;
	int i;

	for (i = r->nr_cpus; i < r->nr_rings; i++) {
		nw = ring_newest(r, i);
		b = nw > r->sched_seen ? nw : r->sched_seen;
		if (b < horizon)
			horizon = b;
		if (nw > newest)
			newest = nw;
	}
	r->sched_seen = newest;
	return r->draining ? UINT64_MAX : horizon;
}

static void read_rings(struct record *r)
{
	const struct perf_event_header **cur;
	uint64_t *t, horizon = UINT64_MAX;
	int i, n = r->nr_rings;

	cur = xcalloc((size_t)n, sizeof(*cur));
	t = xcalloc((size_t)n, sizeof(*t));
	for (i = 0; i < n; i++)
		ring_begin(&r->rings[i]);
	if (r->sched)
		horizon = sched_horizon(r);
	for (i = 0; i < n; i++)
		peek_ring(r, i, cur, t, horizon);
	for (;;) {
		int best = -1;

		for (i = 0; i < n; i++)
			if (cur[i] && (best < 0 || t[i] < t[best]))
				best = i;
		if (best < 0)
			break;
		if (best >= r->nr_cpus) {
			sched_rec_record(r->sched, cur[best]);
		} else {
			if (r->sched && r->o.target != TARGET_SYSTEM)
				note_task(r, cur[best]);
			decode_record(&r->dec, cur[best]);
		}
		ring_next(&r->rings[best]);
		peek_ring(r, best, cur, t, horizon);
	}
	for (i = 0; i < n; i++)
		ring_end(&r->rings[i]);
	free(cur);
	free(t);
	decode_batch_end(&r->dec);
	if (r->sched) {
		r->st.switches = sched_rec_switches(r->sched);
		r->st.sched_unreliable = sched_rec_unreliable(r->sched);
		r->st.sched_unseen_in = sched_rec_unseen_in(r->sched);
	}
}

int record_poll(struct record *r, int timeout_ms, struct fd_err *err)
{
	int rc = poll(r->pfds, (nfds_t)r->nr_rings, timeout_ms);

	if (rc < 0 && errno != EINTR)
		return fd_err_set(err, "poll: %s", strerror(errno));
	read_rings(r);
	return 0;
}


/* dso.c's lines (files whose frames are "[base]", and why), as warnings;
 * past the limit, one more says how many were left out. */
static void add_dso_warnings(struct record *r)
{
	const char *s = r->dsos.warn.buf, *nl;
	unsigned int left = 0;

	for (; s && *s; s = nl + 1) {
		nl = strchr(s, '\n');
		if (!nl)
			break;
		if (r->nr_warn < MAX_WARNINGS - 1)
			warn(r, "%.*s", (int)(nl - s), s);
		else
			left++;
	}
	if (left)
		warn(r, "%u more binaries' frames are named [file] (not the "
		     "files that were mapped)", left);
}

/*
 * The build-id of every binary that named frames, read when its mapping
 * was first seen (dso.h), into the profile: which builds the names are of.
 */
static void add_build_ids(struct record *r, struct profile *p)
{
	struct strbuf sb = STRBUF_INIT;
	char hex[41];
	unsigned long i;

	for (i = 0; i < r->dsos.nr; i++) {
		const struct dso *d = r->dsos.v[i];

		if (!d->loaded || !d->verified || d->perfmap ||
		    !d->build_id_len || !d->path || d->path[0] != '/')
			continue;
		build_id_hex(d->build_id, d->build_id_len, hex);
		strbuf_setlen(&sb, 0);
		strbuf_addstr(&sb, hex);
		strbuf_addch(&sb, ' ');
		sanitize_value(&sb, d->path, strlen(d->path));
		meta_add_build_id(&p->meta, sb.buf);
	}
	strbuf_release(&sb);
}

void record_build(struct record *r, struct profile *p)
{
	/* DWARF-unwound stacks named as perf script names perf's (the
	 * perf.data reader's rule): by the DWARF's functions, the inlined
	 * ones as frames of their own */
	struct build_opts bo = { .inl = r->unwinder ? inliner__new() : NULL };

	build_stacks_with(p, &r->stacks, r->machine.comms, &r->dsos,
			  r->have_ksyms ? &r->ksyms : NULL, &bo);
	inliner__delete(bo.inl);
	meta_set(&p->meta.event, r->ev.name);
	meta_set(&p->meta.unit, evsel_unit(&r->ev));
	p->meta.samples = r->st.samples;
	p->meta.lost = r->st.lost + r->st.lost_samples;
	if (r->sched)
		sched_rec_build(r->sched, p);
	/* after the off-CPU stacks too: they name binaries as well */
	add_dso_warnings(r);
	add_build_ids(r, p);
}

/* A header value as sanitize_value() makes it (NULL stays NULL). */
static void meta_set_clean(char **field, const char *value)
{
	struct strbuf sb = STRBUF_INIT;

	if (!value) {
		meta_set(field, NULL);
		return;
	}
	sanitize_value(&sb, value, strlen(value));
	meta_set(field, sb.buf);
	strbuf_release(&sb);
}

void record_fill_meta(struct profile *p, double duration, time_t start,
		      const char *cmdline, const char *label)
{
	struct utsname u;
	char date[64];
	struct tm tm;

	p->meta.duration = duration;
	if (p->offcpu)
		p->offcpu->meta.duration = duration;
	if (!uname(&u)) {
		meta_set_clean(&p->meta.host, u.nodename);
		meta_set_clean(&p->meta.kernel, u.release);
	}
	meta_set_clean(&p->meta.cmdline, cmdline);
	gmtime_r(&start, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	meta_set(&p->meta.date, date);
	if (label)
		meta_set_clean(&p->meta.label, label);
}
