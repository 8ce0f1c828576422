// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "lib/error.h"
#include "collector/machine.h"
#include "collector/range.h"

void machine_init(struct machine *m, struct dsos *dsos)
{
	memset(m, 0, sizeof(*m));
	m->dsos = dsos;
	m->comms = strtab_new();
	m->read_proc = true;
}

void machine_release(struct machine *m)
{
	uint64_t i;

	for (i = 0; m->procs.used && i <= m->procs.mask; i++)
		if (m->procs.used[i]) {
			struct proc *p = (void *)(uintptr_t)m->procs.vals[i];

			free(p->maps);
			free(p);
		}
	for (i = 0; m->threads.used && i <= m->threads.mask; i++)
		if (m->threads.used[i])
			free((void *)(uintptr_t)m->threads.vals[i]);
	hmap_release(&m->procs);
	hmap_release(&m->threads);
	strtab_free(m->comms);
}

static struct proc *proc_get(struct machine *m, pid_t pid, bool *is_new)
{
	uint64_t *v = hmap_insert(&m->procs, (uint64_t)(uint32_t)pid, is_new);
	struct proc *p;

	if (*v)
		return (void *)(uintptr_t)*v;
	p = xcalloc(1, sizeof(*p));
	p->pid = pid;
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

		p->nr = 0;
		p->complete = true;
	}
}

void machine_fork(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
		  pid_t ptid)
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
	pp = proc_get(m, ppid, &is_new);
	p = proc_get(m, pid, &is_new);
	p->complete = pp->complete;
	p->nr = 0;
	ALLOC_GROW(p->maps, pp->nr, p->alloc);
	if (pp->nr)
		memcpy(p->maps, pp->maps, pp->nr * sizeof(*p->maps));
	p->nr = pp->nr;
}

/* First map index whose end is above addr. */
static unsigned long first_above(const struct proc *p, uint64_t addr)
{
	unsigned long lo = 0, hi = p->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (p->maps[mid].end <= addr)
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
	unsigned long i = first_above(p, nm.start), j, need;
	struct map left, right;
	bool has_left = false, has_right = false;

	/* maps[i..j) overlap the new one */
	for (j = i; j < p->nr && p->maps[j].start < nm.end; j++)
		;
	if (!overwrite && i < j)
		return;
	if (i < j && p->maps[i].start < nm.start) {
		left = p->maps[i];
		left.end = nm.start;
		has_left = true;
	}
	if (i < j && p->maps[j - 1].end > nm.end) {
		right = p->maps[j - 1];
		right.pgoff += nm.end - right.start;
		right.start = nm.end;
		has_right = true;
	}
	need = 1 + has_left + has_right;
	ALLOC_GROW(p->maps, p->nr + need, p->alloc);
	memmove(&p->maps[i + need], &p->maps[j],
		(p->nr - j) * sizeof(*p->maps));
	p->nr = p->nr - (j - i) + need;
	if (has_left)
		p->maps[i++] = left;
	p->maps[i++] = nm;
	if (has_right)
		p->maps[i] = right;
}

void machine_mmap(struct machine *m, pid_t pid, uint64_t start,
		  uint64_t len, uint64_t pgoff, uint64_t dev, uint64_t ino,
		  const char *path)
{
	bool is_new;
	struct proc *p = proc_get(m, pid, &is_new);
	struct map nm = { start, range_end(start, len), pgoff, NULL };

	if (!len || nm.end == start)
		return;
	/* anonymous executable memory (JIT) has no file to read */
	if (path[0] == '/' || !strcmp(path, "[vdso]"))
		nm.dso = dsos_get(m->dsos, dev, ino, path);
	proc_insert(p, nm, true);
}

const struct map *proc_find_map(const struct proc *p, uint64_t addr)
{
	unsigned long i = first_above(p, addr);

	/* first_above() found the first end above addr: in the map unless
	 * addr is below its start */
	if (i < p->nr && p->maps[i].start <= addr)
		return &p->maps[i];
	return NULL;
}

void machine_read_maps(struct machine *m, struct proc *p)
{
	char path[64], line[4096 + 256];
	FILE *fp;

	p->complete = true;
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)p->pid);
	fp = fopen(path, "re");
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
		if (name[0] != '/' && strcmp(name, "[vdso]"))
			continue;
		nm.start = s;
		nm.end = e;
		nm.pgoff = off;
		nm.dso = dsos_get(m->dsos, makedev(maj, mn), ino, name);
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
	fp = m->read_proc ? fopen(path, "re") : NULL;
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
