/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_MACHINE_H
#define FLAMEDIFF_COLLECTOR_MACHINE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib/strtab.h"
#include "collector/dso.h"
#include "lib/hmap.h"

/*
 * What the sideband records tell about the machine while it is recorded:
 * the threads (tid -> process, name) and, per process, where every binary
 * is mapped. Fed from PERF_RECORD_COMM/FORK/EXIT/MMAP2 in time order and,
 * for processes that existed before the recording started, from /proc
 * the first time a sample needs them.
 *
 * Invariants: a proc's maps are sorted by start and never overlap (a new
 * mapping replaces whatever it covers, as mmap(MAP_FIXED) does); a proc is
 * "complete" once its maps are all known (it forked from a complete
 * parent, exec'ed while we watched, or /proc was read).
 *
 * Memory follows the live processes, not every one ever seen: a fork
 * shares its parent's maps until either changes them (copy on write), and
 * PERF_RECORD_EXIT marks a thread (and, for the main thread, its process)
 * to be dropped by machine_reap_exited(), which the reader calls at the end
 * of each batch of records: a sample read in the same batch may still
 * name it. The machine owns its procs, threads and maps, not the dsos.
 */
struct map {
	uint64_t start, end, pgoff;
	struct dso *dso;
};

/* A process's executable mappings; shared by refs procs (see above). */
struct maps {
	unsigned int refs;
	unsigned long nr, alloc;
	struct map *v;
};

struct proc {
	pid_t pid;
	bool complete;
	struct maps *maps; /* never NULL; read-only unless maps->refs == 1 */
	bool exited;	   /* to drop at the next machine_reap_exited() */
};

struct thread {
	pid_t tid, pid;
	uint32_t comm; /* id in machine->comms */
	bool exited;   /* to drop at the next machine_reap_exited() */
};

struct machine {
	struct dsos *dsos;     /* not owned */
	struct strtab *comms;  /* owned */
	struct hmap procs;     /* pid -> struct proc * */
	struct hmap threads;   /* tid -> struct thread * */
	bool read_proc;        /* may look at /proc for unknown pids */
	unsigned long proc_reads;
	pid_t *exited;         /* tids whose EXIT was read this batch */
	unsigned long nr_exited, alloc_exited;
};

void machine_init(struct machine *m, struct dsos *dsos);
void machine_release(struct machine *m);

void machine_comm(struct machine *m, pid_t pid, pid_t tid,
		  const char *comm, bool exec);
void machine_fork(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
		  pid_t ptid);
/* A FORK perf record made up for a process that ran before it started
 * (PERF_RECORD_MISC_FORK_EXEC): the thread's parent, none of its maps,
 * which their own MMAP2 records give, as perf reads it. */
void machine_fork_synth(struct machine *m, pid_t pid, pid_t ppid, pid_t tid,
			pid_t ptid);
void machine_mmap(struct machine *m, pid_t pid, uint64_t start,
		  uint64_t len, uint64_t pgoff, uint64_t dev, uint64_t ino,
		  const char *path);
/*
 * A mapping of data (PERF_RECORD_MISC_MMAP_DATA: perf record -d, and the
 * maps perf synthesizes for --call-graph dwarf): no sample lands in it,
 * but a DWARF unwind reads its memory (the stack, a file's data), as
 * perf's does. Never a file's first sight (a file's first mapping must
 * be its code's: dso.h, map_pgoff), never a JIT's.
 */
void machine_mmap_data(struct machine *m, pid_t pid, uint64_t start,
		       uint64_t len, uint64_t pgoff, uint64_t dev,
		       uint64_t ino, const char *path);
/* The thread tid of process pid exited: dropped at the next reap. */
void machine_exit(struct machine *m, pid_t pid, pid_t tid);
/* Drop the threads (and processes) whose EXIT was read since the last
 * call. A pid or tid named again later starts afresh. */
void machine_reap_exited(struct machine *m);
/* How many procs and threads the machine holds (for tests, statistics). */
unsigned long machine_nr_procs(const struct machine *m);
unsigned long machine_nr_threads(const struct machine *m);

/* The thread, learnt from /proc when never seen (comm "tid" otherwise). */
struct thread *machine_thread(struct machine *m, pid_t pid, pid_t tid);
/* The process, its maps completed from /proc when they may be partial. */
struct proc *machine_proc(struct machine *m, pid_t pid);

const struct map *proc_find_map(const struct proc *p, uint64_t addr);

static inline unsigned long proc_nr_maps(const struct proc *p)
{
	return p->maps->nr;
}

/* Read /proc/PID/maps into a proc (exposed for -p before sampling). */
void machine_read_maps(struct machine *m, struct proc *p);

#endif
