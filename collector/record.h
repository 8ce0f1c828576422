/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_RECORD_H
#define FLAMEDIFF_COLLECTOR_RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "lib/error.h"
#include "analyzer/profile.h"

/*
 * One recording session: the events (one sampling event and one tracking
 * event per CPU, or per CPU and thread for a task), one ring buffer per
 * CPU that both write into, the machine state the sideband records build,
 * the aggregated stacks, and the kernel symbol snapshot.
 *
 * Life cycle: record__new() -> record_open() (kallsyms snapshot, events
 * opened disabled, buffers mapped) -> record_enable() -> record_poll()...
 * -> record_disable() -> record_poll() once more to drain ->
 * record_build() (symbolize and fill a profile) -> record__delete(). The
 * caller owns the target process (a command: collector/workload.h); the
 * session never parses argv nor prints: warnings are collected in warn[].
 *
 * Inside: record.c runs the events and the read loop, decode.c turns
 * records into machine state and stacks, build.c stacks into a profile.
 * With o.sched, three tracepoints per CPU more, in a second ring buffer
 * per CPU that the read loop merges by time with the first:
 * sched-rec.c folds them (collector/sched-rec.h).
 * Names and header values the recorded machine chose (comm, symbols,
 * file names, the command line, the label) are made safe on the way in by
 * collector/sanitize.h: no control character reaches the profile.
 */
enum record_target {
	TARGET_SYSTEM, /* -a: every CPU, every task */
	TARGET_PID,    /* -p: an existing process and its future children */
	TARGET_CHILD,  /* a command the caller forked, stopped before exec */
};

/* The sample period when none is asked for: LKP's perf record --count. */
#define RECORD_PERIOD 1000003
/* --call-graph dwarf: the user stack copied by default (perf's), and the
 * most a sample can hold (perf's limit, 8-byte aligned) */
#define RECORD_STACK_SIZE 8192
#define RECORD_STACK_MAX 65528

struct record_opts {
	enum record_target target;
	pid_t pid;		  /* TARGET_PID, TARGET_CHILD */
	const char *event;	  /* NULL: cycles:pp, cycles:p, cycles, clock */
	uint64_t period;	  /* sample every period events (0: use freq) */
	unsigned int freq;	  /* samples per second when period is 0 */
	bool dwarf;		  /* user stacks by DWARF unwinding */
	unsigned int stack_size;  /* bytes of user stack copied (dwarf) */
	unsigned int data_pages;  /* per CPU ring buffer, a power of two */
	bool enable_on_exec;	  /* TARGET_CHILD: count from its exec */
	const char *kallsyms;	  /* default /proc/kallsyms */
	bool no_demangle;	  /* keep C++/Rust symbols mangled */
	bool stat;		  /* count perf-stat events beside */
	bool sched;		  /* the scheduler tracepoints too:
				   * collector/sched-rec.h */
};

struct record_stats {
	uint64_t samples;   /* samples aggregated */
	uint64_t lost;	    /* records the kernel dropped (buffer full) */
	uint64_t lost_samples; /* PERF_RECORD_LOST_SAMPLES */
	uint64_t throttled; /* THROTTLE records */
	uint64_t bytes;	    /* ring buffer bytes read */
	uint64_t stacks;    /* distinct raw stacks */
	uint64_t unwind_fail; /* dwarf: samples with only the user IP */
	uint64_t switches;  /* --sched: switch-outs of the target's tasks */
	uint64_t sched_lost; /* --sched: tracepoint records dropped */
	uint64_t sched_unreliable; /* switches whose times may be wrong */
	uint64_t sched_unseen_in;  /* of them, no switch-in traced */
};

struct record;

struct record *record__new(const struct record_opts *o);
void record__delete(struct record *r);

int record_open(struct record *r, struct fd_err *err);
int record_enable(struct record *r, struct fd_err *err);
int record_disable(struct record *r, struct fd_err *err);

/* Wait up to timeout_ms for data, then read every buffer. Returns 0, or -1
 * on a fatal error; an interrupting signal just returns early (0). */
int record_poll(struct record *r, int timeout_ms, struct fd_err *err);

/*
 * perf-stat (o.stat): counting events, enabled and disabled with the
 * sampling event, for the same target. record_stat_read() reads them
 * all: the first call starts the first interval, each later one ends
 * one (call it when the events start, once a second, and after
 * record_disable()). record_stat_rows() adds LKP's perf-stat rows of the
 * intervals to out; nothing without o.stat or when no counter opened.
 */
void record_stat_read(struct record *r);
void record_stat_rows(const struct record *r, struct metric_set *out);

/* The event actually opened ("cpu-clock") and its unit, after open. */
const char *record_event(const struct record *r);
const char *record_unit(const struct record *r);
const struct record_stats *record_stats(const struct record *r);

/* Warnings to show (e.g. a clamped frequency); NULL-terminated. */
const char *const *record_warnings(const struct record *r);

/* Symbolize every distinct address and add the stacks to p, with the
 * event, unit, samples and lost fields of its metadata; with o.sched,
 * also LKP's perf-sched rows (into p->meta.stats) and p->offcpu. Cannot
 * fail. */
void record_build(struct record *r, struct profile *p);

/*
 * The rest of p's metadata, what the session cannot know: the seconds
 * sampled (measured by the caller, who decides when sampling starts and
 * stops), this machine's host name and kernel release, the start date
 * (UTC, ISO 8601), the command line that recorded it and the label (NULL:
 * none), each through sanitize_value(): a multi-line command or label is
 * stored on one line. Needs no session: it describes the run, not the
 * events.
 */
void record_fill_meta(struct profile *p, double duration, time_t start,
		      const char *cmdline, const char *label);

#endif
