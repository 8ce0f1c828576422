// SPDX-License-Identifier: GPL-2.0
/*
 * record --sched (sched-rec.h): the scheduler tracepoints folded into
 * timehist's per-switch times, LKP's rows and the off-CPU tree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/statfs.h>

#include "analyzer/sched.h"
#include "collector/build.h"
#include "collector/evsel.h"
#include "collector/perf-records.h"
#include "collector/sched-rec.h"
#include "collector/stacks.h"
#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/safe-open.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"

static const char *const tracefs_dirs[] = { "/sys/kernel/tracing",
					    "/sys/kernel/debug/tracing" };
/*
 * The wakeup is sched_waking where the kernel has it, as perf sched record
 * takes it (and timehist folds it as a wakeup): it fires when the wakeup
 * starts, sched_wakeup once the task is queued, a few microseconds later,
 * which would make every SCH_DELAY shorter than timehist's.
 */
static const char *const event_names[SCHED_NR] = {
	"sched_switch", "sched_waking", "sched_wakeup_new"
};

/* Where a field of the raw data is, from the event's format file. */
struct field {
	unsigned int off, size; /* size 0: the event has no such field */
};

/* What is kept of a task between its switches. */
struct task {
	uint64_t last;	/* its last switch-out (0: never seen one) */
	uint64_t ready; /* its first wakeup since then (0: none) */
	uint64_t off;	/* its last switch-out stack, index + 1 (0: none) */
	bool target;	/* counted (always, without a filter) */
};

/* A CPU, as its switches tell. */
struct cpu_clock {
	uint64_t last;	/* time of its last switch (tprev; 0: none yet) */
	int32_t cur;	/* the task that switch put on it */
};


struct sched_rec {
	struct decoder *dec;
	const struct kallsyms *ksyms;
	bool filter;
	uint64_t id[SCHED_NR];
	bool waking;	    /* SCHED_WAKEUP is sched_waking */
	struct field prev_pid, prev_state, next_pid, wake_pid;
	uint64_t dead_mask; /* prev_state bits of an exiting task (X, Z) */

	struct cpu_clock *cpu;
	unsigned int nr_cpu;
	uint64_t gap_end;   /* the latest time a LOST record ended a gap */

	struct hmap tids;   /* tid -> index + 1 in tasks (0: dropped) */
	struct task *tasks;
	unsigned long nr_tasks, alloc_tasks;
	unsigned long *free; /* slots of tasks that exited, to reuse */
	unsigned long nr_free, alloc_free;

	struct sched_agg *agg;
	struct strtab *chains; /* chain strings as timehist prints them */
	struct hmap chain_of;  /* hash of the raw chain -> strtab id + 1 */
	struct hmap name_of;   /* frame code -> strtab id + 1, in names */
	struct strtab *names;
	struct strbuf sb;

	struct stacks off;  /* switch-out stacks, weight = ns off the CPU */
	uint64_t switches;  /* switch-outs of counted tasks */
	uint64_t unreliable; /* of them, those whose times span a gap */
	uint64_t unseen_in; /* of them, those with no switch-in traced */
	uint64_t lost;	    /* records the kernel dropped (LOST records) */
	unsigned long bad;  /* samples too short for their fields */
};

const char *sched_rec_name(const struct sched_rec *s, enum sched_event e)
{
	static const char *const full[SCHED_NR] = {
		"sched:sched_switch", "sched:sched_wakeup",
		"sched:sched_wakeup_new"
	};

	return e == SCHED_WAKEUP && s->waking ? "sched:sched_waking" : full[e];
}

/* "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;" */
static void parse_field(const char *line, const char *want, struct field *f)
{
	const char *semi = strchr(line, ';'), *name, *p;
	size_t len = strlen(want);

	if (!semi || !strstr(line, "field:"))
		return;
	/* the name is the last word before ';', maybe with "[16]" */
	for (name = semi; name > line && name[-1] != ' '; name--)
		;
	if ((size_t)(semi - name) < len || strncmp(name, want, len) ||
	    (name[len] != ';' && name[len] != '['))
		return;
	p = strstr(semi, "offset:");
	if (!p)
		return;
	f->off = (unsigned int)strtoul(p + 7, NULL, 10);
	p = strstr(semi, "size:");
	if (p)
		f->size = (unsigned int)strtoul(p + 5, NULL, 10);
}

/* The value of flag letter c in the print fmt's __print_flags list,
 * '{ 0x00000010, "X" }', or fallback. */
static uint64_t flag_value(const char *fmt, char c, uint64_t fallback)
{
	char pat[8];
	const char *p;

	snprintf(pat, sizeof(pat), ", \"%c\" }", c);
	p = strstr(fmt, pat);
	if (!p)
		return fallback;
	while (p > fmt && *p != '{')
		p--;
	if (*p != '{')
		return fallback;
	return strtoull(p + 1, NULL, 0);
}

static int tracefs_error(struct fd_err *err, int e, const char *path)
{
	if (e == EACCES || e == EPERM)
		return fd_err_set(err, "cannot read %s (%s): record --sched "
				  "needs tracefs readable, as root", path,
				  safe_strerror(e));
	return fd_err_set(err, "cannot read %s (%s): is tracefs mounted? "
			  "As root: mount -t tracefs nodev "
			  "/sys/kernel/tracing", path, safe_strerror(e));
}

#define TRACEFS_MAGIC_NR 0x74726163 /* linux/magic.h's TRACEFS_MAGIC */

/*
 * perf mounts tracefs where the kernel has it but nobody mounted it (a
 * fresh boot with no systemd unit for it): do the same, as root, on the
 * first of tracefs_dirs and only where that directory is not tracefs yet,
 * so that a mount someone made is never covered. Without the privilege
 * the mount fails and the caller says what to do.
 */
static void tracefs_mount(void)
{
	struct statfs sfs;

	if (statfs(tracefs_dirs[0], &sfs) ||
	    (unsigned long)sfs.f_type == TRACEFS_MAGIC_NR)
		return;
	mount("nodev", tracefs_dirs[0], "tracefs", 0, NULL);
}

/* One event's id and the fields wanted from its format. */
static int read_event(struct sched_rec *s, const char *dir,
		      enum sched_event e, struct fd_err *err)
{
	char path[256], line[1024];
	struct strbuf fmt = STRBUF_INIT;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/events/sched/%s/format", dir,
		 event_names[e]);
	fp = safe_fopen(path, 0, NULL);
	s->waking = e == SCHED_WAKEUP && fp;
	if (!fp && e == SCHED_WAKEUP) {
		/* kernels before 4.3 have no sched_waking */
		snprintf(path, sizeof(path), "%s/events/sched/sched_wakeup/"
			 "format", dir);
		fp = safe_fopen(path, 0, NULL);
	}
	if (!fp)
		return tracefs_error(err, errno, path);
	while (fgets(line, sizeof(line), fp)) {
		if (!strncmp(line, "ID: ", 4))
			s->id[e] = strtoull(line + 4, NULL, 10);
		if (e == SCHED_SWITCH) {
			parse_field(line, "prev_pid", &s->prev_pid);
			parse_field(line, "prev_state", &s->prev_state);
			parse_field(line, "next_pid", &s->next_pid);
			if (!strncmp(line, "print fmt:", 10))
				strbuf_addstr(&fmt, line);
		} else {
			parse_field(line, "pid", &s->wake_pid);
		}
	}
	fclose(fp);
	if (e == SCHED_SWITCH) {
		s->dead_mask = flag_value(fmt.buf ? fmt.buf : "", 'X', 0x10) |
			       flag_value(fmt.buf ? fmt.buf : "", 'Z', 0x20);
		strbuf_release(&fmt);
		if (!s->prev_pid.size || !s->next_pid.size ||
		    !s->prev_state.size)
			return fd_err_set(err, "%s: no prev_pid, prev_state "
					  "or next_pid field", path);
	} else if (!s->wake_pid.size) {
		return fd_err_set(err, "%s: no pid field", path);
	}
	if (!s->id[e])
		return fd_err_set(err, "%s: no ID line", path);
	return 0;
}

struct sched_rec *sched_rec__new(struct decoder *d,
				 const struct kallsyms *ksyms, bool filter,
				 const char *tracefs, struct fd_err *err)
{
	const char *given[] = { tracefs };
	const char *const *dirs = tracefs ? given : tracefs_dirs;
	size_t nr_dirs = tracefs ? 1 : sizeof(tracefs_dirs) /
				       sizeof(*tracefs_dirs);
	struct sched_rec *s = xcalloc(1, sizeof(*s));
	const char *dir = NULL;
	char path[256];
	size_t i;
	int e = ENOENT;

	s->dec = d;
	s->ksyms = ksyms;
	s->filter = filter;
	if (!tracefs)
		tracefs_mount();
	for (i = 0; i < nr_dirs; i++) {
		snprintf(path, sizeof(path), "%s/events/sched", dirs[i]);
		if (!access(path, R_OK | X_OK)) {
			dir = dirs[i];
			break;
		}
		if (errno != ENOENT)
			e = errno;
	}
	if (!dir) {
		snprintf(path, sizeof(path), "%s/events/sched", dirs[0]);
		tracefs_error(err, e, path);
		goto fail;
	}
	/* the wakeups keep the last one: both have a pid field */
	if (read_event(s, dir, SCHED_SWITCH, err) ||
	    read_event(s, dir, SCHED_WAKEUP, err) ||
	    read_event(s, dir, SCHED_WAKEUP_NEW, err))
		goto fail;
	s->agg = sched_agg__new();
	s->chains = strtab__new();
	s->names = strtab__new();
	stacks_init(&s->off);
	return s;
fail:
	free(s);
	return NULL;
}

void sched_rec__delete(struct sched_rec *s)
{
	if (!s)
		return;
	free(s->cpu);
	hmap_release(&s->tids);
	free(s->tasks);
	free(s->free);
	sched_agg__delete(s->agg);
	strtab__delete(s->chains);
	strtab__delete(s->names);
	hmap_release(&s->chain_of);
	hmap_release(&s->name_of);
	strbuf_release(&s->sb);
	stacks_release(&s->off);
	free(s);
}

void sched_rec_attr(const struct sched_rec *s, enum sched_event e,
		    struct perf_event_attr *a)
{
	long max_stack = sysctl_long("/proc/sys/kernel/perf_event_max_stack",
				     127);

	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_TRACEPOINT;
	a->config = s->id[e];
	a->sample_period = 1;
	a->sample_type = SCHED_SAMPLE_TYPE;
	a->sample_max_stack = (uint16_t)(max_stack < 127 ? max_stack : 127);
	/* only the switch-out's stack is wanted: a wakeup's call chain is
	 * the waker's, and costs as much as the switch's to take */
	a->exclude_callchain_kernel = e != SCHED_SWITCH;
	a->exclude_callchain_user = e != SCHED_SWITCH;
	a->disabled = 1;
	/* a LOST record's time and CPU: the gap it ends (sched-rec.h) */
	a->sample_id_all = 1;
	/* read every 64 KiB or so: switches come by the hundred thousand */
	a->watermark = 1;
	a->wakeup_watermark = 64 * 1024;
}

uint64_t sched_rec_switches(const struct sched_rec *s)
{
	return s->switches;
}

uint64_t sched_rec_lost(const struct sched_rec *s)
{
	return s->lost;
}

uint64_t sched_rec_unreliable(const struct sched_rec *s)
{
	return s->unreliable;
}

uint64_t sched_rec_unseen_in(const struct sched_rec *s)
{
	return s->unseen_in;
}

static struct task *task_get(struct sched_rec *s, pid_t tid, bool create)
{
	bool is_new;
	uint64_t *v;
	unsigned long i;

	if (!create) {
		v = hmap_find(&s->tids, (uint64_t)(uint32_t)tid);
		return v && *v ? &s->tasks[*v - 1] : NULL;
	}
	v = hmap_insert(&s->tids, (uint64_t)(uint32_t)tid, &is_new);
	if (*v)
		return &s->tasks[*v - 1];
	if (s->nr_free) {
		i = s->free[--s->nr_free];
	} else {
		ALLOC_GROW(s->tasks, s->nr_tasks + 1, s->alloc_tasks);
		i = s->nr_tasks++;
	}
	memset(&s->tasks[i], 0, sizeof(s->tasks[i]));
	s->tasks[i].target = !s->filter;
	*v = i + 1;
	return &s->tasks[i];
}

/* The task exited: its slot is reused, its tid starts afresh. */
static void task_drop(struct sched_rec *s, pid_t tid)
{
	uint64_t *v = hmap_find(&s->tids, (uint64_t)(uint32_t)tid);

	if (!v || !*v)
		return;
	ALLOC_GROW(s->free, s->nr_free + 1, s->alloc_free);
	s->free[s->nr_free++] = *v - 1;
	*v = 0;
}

void sched_rec_task(struct sched_rec *s, pid_t tid)
{
	if (tid > 0)
		task_get(s, tid, true)->target = true;
}

/*
 * The sample_id that sample_id_all puts at the end of a record other than
 * a sample, for SCHED_SAMPLE_TYPE: pid, tid; time; cpu, res.
 */
#define SCHED_ID_SIZE 24

/* The time of a sched ring's record: a sample's, or the time a LOST
 * record was written (0 when it has none). */
uint64_t sched_rec_time(const struct perf_event_header *h)
{
	const unsigned char *b = (const void *)h;
	uint64_t t;

	if (h->type == PERF_RECORD_SAMPLE) {
		if (h->size < 24)
			return 0;
		memcpy(&t, b + 16, 8);
		return t;
	}
	if (h->size < sizeof(*h) + SCHED_ID_SIZE)
		return 0;
	memcpy(&t, b + h->size - 16, 8);
	return t;
}


/*
 * Records were lost on a CPU, from its last record to this one's time:
 * switches and wakeups timehist would have seen. The times of the next
 * switch of every task whose last switch-out is before it, and of every
 * switch whose CPU's tprev is, may be wrong; the records come in time
 * order, so the latest gap's end is all that is needed to tell.
 */
static void on_lost(struct sched_rec *s, const struct perf_event_header *h,
		    uint64_t lost)
{
	uint64_t t = sched_rec_time(h);

	s->lost += lost;
	s->dec->st->sched_lost += lost;
	/* no time: every switch from here on is suspect */
	s->gap_end = t ? t : UINT64_MAX;
}

static uint64_t raw_field(const unsigned char *raw, uint32_t size,
			  const struct field *f, bool *bad)
{
	uint64_t v = 0;
	uint32_t v32;
	uint16_t v16;

	if ((uint64_t)f->off + f->size > size) {
		*bad = true;
		return 0;
	}
	/* pids are 4 bytes and prev_state a long; other sizes are a
	 * kernel's choice the format file tells */
	switch (f->size) {
	case 1:
		v = raw[f->off];
		break;
	case 2:
		memcpy(&v16, raw + f->off, 2);
		v = v16;
		break;
	case 4:
		memcpy(&v32, raw + f->off, 4);
		v = v32;
		break;
	case 8:
		memcpy(&v, raw + f->off, 8);
		break;
	default:
		*bad = true;
	}
	return v;
}

/*
 * A frame's name as timehist prints it: a kernel one from kallsyms, a
 * user one (code USER_FRAME) always "[unknown]": perf sched timehist
 * names no user frame, even in a binary with symbols (perf 6.1 here,
 * tests/t-record-sched.sh compares), and LKP's keys carry that.
 */
#define USER_FRAME 0

static const char *frame_name(struct sched_rec *s, uint64_t code)
{
	bool is_new;
	uint64_t *v = hmap_insert(&s->name_of, code, &is_new);
	const char *name = NULL;

	if (!is_new)
		return strtab_str(s->names, (uint32_t)(*v - 1));
	if (code != USER_FRAME && s->ksyms)
		name = kallsyms_lookup(s->ksyms, code);
	if (!name)
		name = "[unknown]";
	*v = (uint64_t)strtab_intern(s->names, name, strlen(name)) + 1;
	return strtab_str(s->names, (uint32_t)(*v - 1));
}

/*
 * The switch-out's chain as timehist prints it: the first SCHED_CHAIN_MAX
 * frames of the call chain as recorded (kernel, then user ones, which
 * count though unnamed; kernel addresses as they are, not the call before
 * them, as perf names them), then sched_chain_format(). Cached by the raw
 * frames: a busy machine has few distinct chains and many switches.
 */
static const char *chain_of(struct sched_rec *s, const uint64_t *ips,
			    uint64_t nr)
{
	uint64_t codes[SCHED_CHAIN_MAX], h = 0, i, *v;
	const char *names[SCHED_CHAIN_MAX];
	bool user = false, is_new;
	size_t n = 0, k;

	for (i = 0; i < nr && n < SCHED_CHAIN_MAX; i++) {
		uint64_t ip = ips[i];

		if (ip >= (uint64_t)PERF_CONTEXT_MAX) {
			user = ip == (uint64_t)PERF_CONTEXT_USER;
			continue;
		}
		codes[n++] = user || !ip ? USER_FRAME : ip;
	}
	/* a 64-bit hash of at most 7 codes: a collision is not a worry */
	for (k = 0; k < n; k++)
		h = hmap_hash(h ^ codes[k]) + k;
	v = hmap_insert(&s->chain_of, h ^ n, &is_new);
	if (!is_new)
		return strtab_str(s->chains, (uint32_t)(*v - 1));
	for (k = 0; k < n; k++)
		names[k] = frame_name(s, codes[k]);
	strbuf_reset(&s->sb);
	sched_chain_format(names, n, &s->sb);
	*v = (uint64_t)strtab_intern(s->chains, s->sb.buf ? s->sb.buf : "",
				     s->sb.len) + 1;
	return strtab_str(s->chains, (uint32_t)(*v - 1));
}

/* timehist's times print as msec with 3 decimals, truncated. */
static double as_printed(uint64_t ns)
{
	return (double)(ns / 1000) / 1000.0;
}

static void on_switch(struct sched_rec *s, uint32_t cpu, uint64_t t,
		      uint32_t pid, uint32_t tid, const uint64_t *ips,
		      uint64_t nr, const unsigned char *raw, uint32_t size)
{
	bool bad = false;
	pid_t prev = (pid_t)raw_field(raw, size, &s->prev_pid, &bad);
	pid_t next = (pid_t)raw_field(raw, size, &s->next_pid, &bad);
	uint64_t state = raw_field(raw, size, &s->prev_state, &bad);
	uint64_t tprev;
	struct task *tr;
	bool unseen_in;

	if (bad || cpu > 0xffff) {
		s->bad++;
		return;
	}
	if (cpu >= s->nr_cpu) {
		unsigned int n = cpu + 1;

		s->cpu = xrealloc(s->cpu, n * sizeof(*s->cpu));
		memset(s->cpu + s->nr_cpu, 0,
		       (n - s->nr_cpu) * sizeof(*s->cpu));
		s->nr_cpu = n;
	}
	tprev = s->cpu[cpu].last;
	/* the CPU's last switch put another task on it: this one's
	 * switch-in was never traced (lost, or a kernel that traces no
	 * switch out of the idle task there) */
	unseen_in = tprev && s->cpu[cpu].cur != prev;
	s->cpu[cpu].last = t;
	s->cpu[cpu].cur = next;

	/* the idle task has no chain and no off-CPU time */
	tr = prev > 0 ? task_get(s, prev, !s->filter) : NULL;
	if (tr && tr->target) {
		struct sched_switch sw = { 0 };
		struct decoded_sample ds = { .pid = pid, .tid = tid, .ips = ips,
					     .nr = nr };
		uint32_t comm, n;

		if (tprev && t >= tprev) {
			sw.run_ms = as_printed(t - tprev);
			/* timehist's "time travel" cases count nothing */
			if (tr->ready && tr->ready <= tprev)
				sw.delay_ms = as_printed(tprev - tr->ready);
			if (tr->last && tr->last <= tprev)
				sw.wait_ms = as_printed(tprev - tr->last);
		}
		sw.chain = chain_of(s, ips, nr);
		/* a gap since its last switch-out, or since its switch-in */
		if (unseen_in)
			s->unseen_in++;
		if (unseen_in || (s->gap_end && s->gap_end >
				  (tr->last < tprev ? tr->last : tprev))) {
			s->unreliable++;
			sched_agg_add_unreliable(s->agg, &sw);
		} else {
			sched_agg_add(s->agg, &sw);
		}
		s->switches++;

		/* its switch-in was not traced: the wait timehist gives
		 * it, up to its CPU's last switch, as the WAIT above */
		if (tr->off && tprev && tr->last && tr->last <= tprev)
			s->off.v[tr->off - 1].weight += tprev - tr->last;
		n = decode_stack(s->dec, &ds, &comm);
		tr->off = stacks_add(&s->off, comm, s->dec->frames, n, 0) + 1;
		tr->last = t;
		tr->ready = 0;
		if (state & s->dead_mask)
			task_drop(s, prev);
	}
	tr = next > 0 ? task_get(s, next, false) : NULL;
	if (tr && tr->off) {
		if (t >= tr->last)
			s->off.v[tr->off - 1].weight += t - tr->last;
		tr->off = 0;
	}
}

static void on_wakeup(struct sched_rec *s, uint64_t t,
		      const unsigned char *raw, uint32_t size)
{
	bool bad = false;
	pid_t pid = (pid_t)raw_field(raw, size, &s->wake_pid, &bad);
	struct task *tr;

	if (bad) {
		s->bad++;
		return;
	}
	tr = pid > 0 ? task_get(s, pid, !s->filter) : NULL;
	/* the first wakeup since the switch-out, as timehist keeps it */
	if (tr && tr->target && !tr->ready)
		tr->ready = t;
}

void sched_rec_record(struct sched_rec *s, const struct perf_event_header *h)
{
	const unsigned char *b = (const void *)h, *end = b + h->size;
	const unsigned char *raw;
	uint32_t pid, tid, cpu, size;
	uint64_t t, nr, avail, type = 0;
	const uint64_t *ips;

	s->dec->st->bytes += h->size;
	if (h->type == PERF_RECORD_LOST) {
		const struct perf_record_lost *l = perf_record_as(h, sizeof(*l));

		if (l)
			on_lost(s, h, l->lost);
		return;
	}
	if (h->type != PERF_RECORD_SAMPLE)
		return;
	/* pid, tid; time; cpu, res; nr, ips[nr]; raw size, raw */
	if (h->size < 8 + 8 + 8 + 8 + 8) {
		s->bad++;
		return;
	}
	memcpy(&pid, b + 8, 4);
	memcpy(&tid, b + 12, 4);
	memcpy(&t, b + 16, 8);
	memcpy(&cpu, b + 24, 4);
	memcpy(&nr, b + 32, 8);
	avail = (uint64_t)(end - (b + 40));
	if (avail < 4 || nr > (avail - 4) / 8) {
		s->bad++;
		return;
	}
	ips = (const uint64_t *)(b + 40);
	raw = b + 40 + nr * 8;
	memcpy(&size, raw, 4);
	raw += 4;
	if (size > (uint64_t)(end - raw) || size < 2) {
		s->bad++;
		return;
	}
	/* the tracepoint's id: common_type, the first field of all */
	type = (uint64_t)raw[0] | (uint64_t)raw[1] << 8;
	if (type == (s->id[SCHED_SWITCH] & 0xffff))
		on_switch(s, cpu, t, pid, tid, ips, nr, raw, size);
	else if (type == (s->id[SCHED_WAKEUP] & 0xffff) ||
		 type == (s->id[SCHED_WAKEUP_NEW] & 0xffff))
		on_wakeup(s, t, raw, size);
}

void sched_rec_build(struct sched_rec *s, struct profile *p)
{
	struct profile *off;
	unsigned long i, n = 0;

	sched_agg_rows(s->agg, &p->meta.stats);
	/* only the stacks a switch-in ended: the others have no length
	 * yet (the table is not added to any more, its slots may go stale) */
	for (i = 0; i < s->off.nr; i++)
		if (s->off.v[i].weight)
			s->off.v[n++] = s->off.v[i];
	s->off.nr = n;
	off = profile__new();
	build_stacks(off, &s->off, s->dec->machine->comms, s->dec->dsos,
		     s->ksyms);
	meta_set(&off->meta.event, "offcpu");
	meta_set(&off->meta.unit, "ns");
	off->meta.samples = s->switches;
	off->meta.lost = s->lost;
	strbuf_reset(&s->sb);
	strbuf_addf(&s->sb, "%llu of %llu switches (%llu records lost, "
		    "%llu switch-ins not traced): ",
		    (unsigned long long)s->unreliable,
		    (unsigned long long)s->switches,
		    (unsigned long long)s->lost,
		    (unsigned long long)s->unseen_in);
	if (sched_agg_unreliable(s->agg, &s->sb))
		meta_set(&off->meta.unreliable, s->sb.buf);
	off->meta.duration = p->meta.duration;
	profile__delete(p->offcpu);
	p->offcpu = off;
}
