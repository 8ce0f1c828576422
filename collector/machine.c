// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/safe-open.h"
#include "collector/machine.h"
#include "collector/range.h"

void machine_init(struct machine *m, struct dsos *dsos)
{
	memset(m, 0, sizeof(*m));
	m->dsos = dsos;
	m->comms = strtab__new();
	m->read_proc = true;
}

static struct maps *maps__new(void)
{
	struct maps *ms = xcalloc(1, sizeof(*ms));

	ms->refs = 1;
	return ms;
}

static void maps__put(struct maps *ms)
{
	if (!ms || --ms->refs)
		return;
	free(ms->v);
	free(ms);
}

/* p's maps, its own to change: copied first while shared. */
static struct maps *proc_maps_mut(struct proc *p)
{
	struct maps *old = p->maps, *ms;

	if (old->refs == 1)
		return old;
	ms = maps__new();
	ALLOC_GROW(ms->v, old->nr, ms->alloc);
	if (old->nr)
		memcpy(ms->v, old->v, old->nr * sizeof(*ms->v));
	ms->nr = old->nr;
	old->refs--;
	p->maps = ms;
	return ms;
}

static void proc__delete(struct proc *p)
{
	if (!p)
		return;
	maps__put(p->maps);
	free(p);
}

void machine_release(struct machine *m)
{
	uint64_t i;

	for (i = 0; m->procs.used && i <= m->procs.mask; i++)
		if (m->procs.used[i])
			proc__delete((void *)(uintptr_t)m->procs.vals[i]);
	for (i = 0; m->threads.used && i <= m->threads.mask; i++)
		if (m->threads.used[i])
			free((void *)(uintptr_t)m->threads.vals[i]);
	hmap_release(&m->procs);
	hmap_release(&m->threads);
	strtab__delete(m->comms);
	free(m->exited);
}

static struct proc *proc_get(struct machine *m, pid_t pid, bool *is_new)
{
	uint64_t *v = hmap_insert(&m->procs, (uint64_t)(uint32_t)pid, is_new);
	struct proc *p;

	if (*v)
		return (void *)(uintptr_t)*v;
	p = xcalloc(1, sizeof(*p));
	p->pid = pid;
	p->maps = maps__new();
	*v = (uintptr_t)p;
	return p;
}

static struct thread *thread_get(struct machine *m, pid_t tid, bool *is_new)
{
	uint64_t *v = hmap_insert(&m->threads, (uint64_t)(uint32_t)tid, is_new);
	struct thread *t;

	if (*v)
		return (void *)(uintptr_t)*v;
	t = xcalloc(1, sizeof(*t));
	t->tid = tid;
	t->pid = tid;
	*v = (uintptr_t)t;
	return t;
}

static uint32_t comm_id(struct machine *m, const char *comm)
{
	return strtab_intern(m->comms, comm, strlen(comm));
}

void machine_comm(struct machine *m, pid_t pid, pid_t tid,
		  const char *comm, bool exec)
{
	bool is_new;
	struct thread *t = thread_get(m, tid, &is_new);

	t->pid = pid;
	t->comm = comm_id(m, comm);
	if (exec) {
		/* a new program: its old mappings are gone, and every new
		 * one will be reported to us */
		struct proc *p = proc_get(m, pid, &is_new);

		maps__put(p->maps);
		p->maps = maps__new();
		p->complete = true;
	}
}

static void fork_with(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
		      pid_t ptid, bool clone_maps)
{
	bool is_new;
	struct thread *parent = thread_get(m, ptid, &is_new);
	struct thread *t;
	struct proc *pp, *p;

	if (is_new) {
		parent->pid = ppid;
		parent->comm = 0;
	}
	t = thread_get(m, tid, &is_new);
	t->pid = pid;
	t->comm = parent->comm;
	if (pid == ppid)
		return; /* a new thread of the same process */
	if (!clone_maps)
		return;
	pp = proc_get(m, ppid, &is_new);
	p = proc_get(m, pid, &is_new);
	p->complete = pp->complete;
	/* shared until one of them maps or execs: most children exec
	 * right away, and a copy per fork made memory grow with every
	 * process ever forked */
	pp->maps->refs++;
	maps__put(p->maps);
	p->maps = pp->maps;
}

void machine_fork(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
		  pid_t ptid)
{
	fork_with(m, pid, ppid, tid, ptid, true);
}

void machine_fork_synth(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
			pid_t ptid)
{
	fork_with(m, pid, ppid, tid, ptid, false);
}

void machine_exit(struct machine *m, pid_t pid, pid_t tid)
{
	(void)pid;
	ALLOC_GROW(m->exited, m->nr_exited + 1, m->alloc_exited);
	m->exited[m->nr_exited++] = tid;
}

/*
 * A copy of h without the entries whose object is_gone() says are gone,
 * those freed by drop(). lib/hmap.h has no removal (open addressing with
 * linear probing): rebuilding costs what the live entries cost, once per
 * batch that saw an EXIT.
 */
static void hmap_filter(struct hmap *h, bool (*is_gone)(const void *),
			void (*drop)(void *))
{
	struct hmap n = { 0 };
	uint64_t i;

	for (i = 0; h->used && i <= h->mask; i++) {
		void *obj;

		if (!h->used[i])
			continue;
		obj = (void *)(uintptr_t)h->vals[i];
		if (is_gone(obj))
			drop(obj);
		else
			hmap_put(&n, h->keys[i], h->vals[i]);
	}
	hmap_release(h);
	*h = n;
}

static bool thread_gone(const void *obj)
{
	return ((const struct thread *)obj)->exited;
}

static bool proc_gone(const void *obj)
{
	return ((const struct proc *)obj)->exited;
}

static void proc_drop(void *obj)
{
	proc__delete(obj);
}

void machine_reap_exited(struct machine *m)
{
	unsigned long i;
	bool procs = false;

	if (!m->nr_exited)
		return;
	for (i = 0; i < m->nr_exited; i++) {
		uint64_t *v = hmap_find(&m->threads,
					(uint64_t)(uint32_t)m->exited[i]);
		struct thread *t;

		if (!v)
			continue;
		t = (void *)(uintptr_t)*v;
		t->exited = true;
		/* the main thread's exit ends the process */
		if (t->tid == t->pid) {
			v = hmap_find(&m->procs, (uint64_t)(uint32_t)t->pid);
			if (v) {
				((struct proc *)(uintptr_t)*v)->exited = true;
				procs = true;
			}
		}
	}
	m->nr_exited = 0;
	hmap_filter(&m->threads, thread_gone, free);
	if (procs)
		hmap_filter(&m->procs, proc_gone, proc_drop);
}

unsigned long machine_nr_procs(const struct machine *m)
{
	return (unsigned long)m->procs.nr;
}

unsigned long machine_nr_threads(const struct machine *m)
{
	return (unsigned long)m->threads.nr;
}

/* First map index whose end is above addr. */
static unsigned long first_above(const struct maps *ms, uint64_t addr)
{
	unsigned long lo = 0, hi = ms->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ms->v[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Insert nm replacing what it overlaps (overwrite), or only into a hole
 * (!overwrite, for /proc data that is older than the records). */
static void proc_insert(struct proc *p, struct map nm, bool overwrite)
{
	const struct maps *cur = p->maps;
	unsigned long i = first_above(cur, nm.start), j, need;
	struct map left, right;
	bool has_left = false, has_right = false;
	struct maps *ms;

	/* v[i..j) overlap the new one */
	for (j = i; j < cur->nr && cur->v[j].start < nm.end; j++)
		;
	if (!overwrite && i < j)
		return;
	ms = proc_maps_mut(p);
	if (i < j && ms->v[i].start < nm.start) {
		left = ms->v[i];
		left.end = nm.start;
		has_left = true;
	}
	if (i < j && ms->v[j - 1].end > nm.end) {
		right = ms->v[j - 1];
		right.pgoff += nm.end - right.start;
		right.start = nm.end;
		has_right = true;
	}
	need = 1 + has_left + has_right;
	ALLOC_GROW(ms->v, ms->nr + need, ms->alloc);
	memmove(&ms->v[i + need], &ms->v[j], (ms->nr - j) * sizeof(*ms->v));
	ms->nr = ms->nr - (j - i) + need;
	if (has_left)
		ms->v[i++] = left;
	ms->v[i++] = nm;
	if (has_right)
		ms->v[i] = right;
}

/* How the kernel (mmap records) and /proc/PID/maps name anonymous memory. */
static bool is_anon(const char *path)
{
	return !path[0] || !strcmp(path, "//anon") || !strncmp(path, "[anon", 5);
}

/*
 * Anonymous executable memory is JIT code, named by the process's
 * /tmp/perf-PID.map (collector/dso.h); its file offsets count from start.
 */
static struct dso *jit_dso(struct machine *m, pid_t pid, uint64_t start)
{
	char map[64];
	struct dso *dso;

	snprintf(map, sizeof(map), "/tmp/perf-%d.map", (int)pid);
	dso = dsos_get(m->dsos, start, 0, map);
	dso->perfmap = true;
	dso->jit_base = start;
	dso->pid = pid;
	return dso;
}

/*
 * The first process seen to map a file, and where: dso_open() reads the
 * file through that mapping (/proc/PID/map_files/START-END) while the
 * process lives, or its /proc/PID/root (another mount namespace), so that
 * it reads the file that was mapped, not whatever the path names now.
 */
static void first_sight(struct dso *dso, pid_t pid, const struct map *nm)
{
	if (dso->pid || pid <= 0)
		return;
	dso->pid = pid;
	dso->map_start = nm->start;
	dso->map_end = nm->end;
	dso->map_pgoff = nm->pgoff;
}

static void mmap_one(struct machine *m, pid_t pid, uint64_t start,
		     uint64_t len, uint64_t pgoff, uint64_t dev, uint64_t ino,
		     const char *path, bool data)
{
	bool is_new;
	struct proc *p = proc_get(m, pid, &is_new);
	struct map nm = { start, range_end(start, len), pgoff, NULL };

	if (!len || nm.end == start)
		return;
	/* "//anon" first: it starts with '/' but names no file */
	if (is_anon(path)) {
		nm.dso = data ? NULL : jit_dso(m, pid, start);
		nm.pgoff = 0;
	} else if (path[0] == '/' || !strcmp(path, "[vdso]")) {
		nm.dso = dsos_get(m->dsos, dev, ino, path);
		if (!data)
			first_sight(nm.dso, pid, &nm);
	}
	proc_insert(p, nm, true);
}

void machine_mmap(struct machine *m, pid_t pid, uint64_t start,
		  uint64_t len, uint64_t pgoff, uint64_t dev, uint64_t ino,
		  const char *path)
{
	mmap_one(m, pid, start, len, pgoff, dev, ino, path, false);
}

void machine_mmap_data(struct machine *m, pid_t pid, uint64_t start,
		       uint64_t len, uint64_t pgoff, uint64_t dev,
		       uint64_t ino, const char *path)
{
	mmap_one(m, pid, start, len, pgoff, dev, ino, path, true);
}

const struct map *proc_find_map(const struct proc *p, uint64_t addr)
{
	unsigned long i = first_above(p->maps, addr);

	/* first_above() found the first end above addr: in the map unless
	 * addr is below its start */
	if (i < p->maps->nr && p->maps->v[i].start <= addr)
		return &p->maps->v[i];
	return NULL;
}

void machine_read_maps(struct machine *m, struct proc *p)
{
	char path[64], line[4096 + 256];
	FILE *fp;

	p->complete = true;
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)p->pid);
	fp = safe_fopen(path, 0, NULL);
	if (!fp)
		return;
	m->proc_reads++;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long s, e, off, ino;
		unsigned int maj, mn;
		char perm[8];
		int pos = 0;
		char *name, *nl;
		struct map nm;

		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &s, &e,
			   perm, &off, &maj, &mn, &ino, &pos) < 7 || !pos)
			continue;
		if (perm[2] != 'x' || e <= s)
			continue;
		name = line + pos;
		nl = strchr(name, '\n');
		if (nl)
			*nl = '\0';
		nm.start = s;
		nm.end = e;
		nm.pgoff = off;
		if (is_anon(name) && !ino) {
			nm.dso = jit_dso(m, p->pid, s);
			nm.pgoff = 0;
		} else if (name[0] == '/' || !strcmp(name, "[vdso]")) {
			nm.dso = dsos_get(m->dsos, makedev(maj, mn), ino,
					  name);
			first_sight(nm.dso, p->pid, &nm);
		} else {
			continue;
		}
		proc_insert(p, nm, false);
	}
	fclose(fp);
}

struct thread *machine_thread(struct machine *m, pid_t pid, pid_t tid)
{
	bool is_new;
	struct thread *t = thread_get(m, tid, &is_new);
	char path[64], buf[64];
	FILE *fp;

	if (!is_new)
		return t;
	t->pid = pid;
	if (tid == 0) {
		t->comm = comm_id(m, "swapper");
		return t;
	}
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", (int)pid,
		 (int)tid);
	fp = m->read_proc ? safe_fopen(path, 0, NULL) : NULL;
	if (fp && fgets(buf, sizeof(buf), fp)) {
		buf[strcspn(buf, "\n")] = '\0';
		t->comm = comm_id(m, buf);
	} else {
		snprintf(buf, sizeof(buf), ":%d", (int)tid);
		t->comm = comm_id(m, buf);
	}
	if (fp)
		fclose(fp);
	return t;
}

struct proc *machine_proc(struct machine *m, pid_t pid)
{
	bool is_new;
	struct proc *p = proc_get(m, pid, &is_new);

	if (!p->complete && m->read_proc && pid > 0)
		machine_read_maps(m, p);
	return p;
}
