// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff record: sample call stacks with perf_event_open and write a
 * self-contained profile. The session is collector/record.h, the command
 * it runs collector/workload.h; this file parses options, decides when
 * sampling starts and stops (delay, duration, Ctrl-C, the target's end)
 * and shows the status line and the summary.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/strbuf.h"
#include "analyzer/benchmark.h"
#include "analyzer/folded.h"
#include "analyzer/profile.h"
#include "cli/builtin.h"
#include "collector/monitors.h"
#include "collector/record.h"
#include "collector/workload.h"
#include "lib/compiler.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

const char record_usage[] =
	"usage: flamediff record [-a] [-p PID | -- COMMAND...] [OPTIONS] "
	"-o FILE";

/* What the command line asks for, beyond the session's own options. */
struct args {
	struct record_opts o;
	const char *out;	/* the profile */
	const char *label;	/* NULL: none */
	double duration;	/* 0: until the target ends or a signal */
	double delay;		/* seconds before sampling starts */
	bool quiet;
	bool system_wide;	/* -a */
	uint64_t pid;		/* -p, for o.pid */
	char **cmd;		/* the command to run (NULL-terminated), or NULL */
	struct po_list metrics;	/* --metric NAME=REGEX */
	const char *testcase;	/* NULL: the command's base name */
	bool no_stat;
	bool no_monitors;
	const char *monitors;	/* NULL: all */
};

/* -c and -F: the last one given wins, as in perf record. */
static int count_cb(const struct po_option *opt, const char *arg,
		    void *value, struct strbuf *err)
{
	struct record_opts *o = value;
	uint64_t v;

	if (po_get_u64(opt, arg, &v, err))
		return -1;
	o->period = v;
	o->freq = 0;
	return 0;
}

static int freq_cb(const struct po_option *opt, const char *arg,
		   void *value, struct strbuf *err)
{
	struct record_opts *o = value;
	uint64_t v;

	if (po_get_u64(opt, arg, &v, err))
		return -1;
	o->freq = (unsigned int)v;
	o->period = 0;
	return 0;
}

static int call_graph_cb(const struct po_option *opt UNUSED, const char *s,
			 void *value, struct strbuf *err)
{
	struct record_opts *o = value;
	unsigned long long size;
	char *end;

	if (!strcmp(s, "fp")) {
		o->dwarf = false;
		return 0;
	}
	if (strncmp(s, "dwarf", 5) || (s[5] && s[5] != ','))
		goto bad;
	o->dwarf = true;
	if (!s[5])
		return 0;
	errno = 0;
	size = strtoull(s + 6, &end, 10);
	if (!isdigit((unsigned char)s[6]) || *end || errno || !size ||
	    size > RECORD_STACK_MAX)
		goto bad;
	o->stack_size = (unsigned int)((size + 7) & ~7ULL);
	return 0;
bad:
	strbuf_addstr(err, "want fp, dwarf or dwarf,SIZE (SIZE 1 to "
		      STR(RECORD_STACK_MAX) ")");
	return -1;
}

static int mmap_pages_cb(const struct po_option *opt, const char *arg,
			 void *value, struct strbuf *err)
{
	struct record_opts *o = value;
	uint64_t v;

	if (po_get_u64(opt, arg, &v, err))
		return -1;
	if (!v || (v & (v - 1))) {
		strbuf_addstr(err, "not a power of 2");
		return -1;
	}
	o->data_pages = (unsigned int)v;
	return 0;
}

static const char *const call_graph_words[] = { "fp", "dwarf", NULL };

#define A struct args
const struct po_option record_options[] = {
	PO_BOOL('a', "all-cpus", A, system_wide,
		"every CPU, every process (with a command: while\n"
		"it runs)"),
	PO_U64('p', "pid", A, pid, "PID", 1, 0x7fffffff,
	       "an existing process (and what it forks)"),
	PO_STRING('e', "event", A, o.event, "EVENT",
		  "default: cycles:pp, cycles:p, cycles, then\n"
		  "cpu-clock (-a) or task-clock (one task)",
		  .complete = "events"),
	PO_CALLBACK('c', "count", A, o, "PERIOD", count_cb,
		    "sample every PERIOD events (default "
		    STR(RECORD_PERIOD) ")",
		    .flags = PO_RANGE, .lo = 1, .hi = 1.8e19),
	PO_CALLBACK('F', "freq", A, o, "HZ", freq_cb,
		    "sample HZ times a second instead",
		    .flags = PO_RANGE, .lo = 1, .hi = 1000000),
	PO_DOUBLE_GT('d', "duration", A, duration, "SECONDS", 0, 1e7,
		     "stop after SECONDS (default: until the command\n"
		     "exits, or Ctrl-C)"),
	PO_DOUBLE(0, "delay", A, delay, "SECONDS", 0, 1e7,
		  "start sampling SECONDS after the start"),
	PO_NOOP('g', NULL, "call graphs from frame pointers (as perf's -g;\n"
			   "they are always recorded)"),
	PO_CALLBACK(0, "call-graph", A, o, "fp|dwarf[,SIZE]", call_graph_cb,
		    "user stacks from frame pointers (default) or\n"
		    "DWARF unwinding of SIZE bytes of stack ("
		    STR(RECORD_STACK_SIZE) ")",
		    .words = call_graph_words),
	PO_CALLBACK('m', "mmap-pages", A, o, "N", mmap_pages_cb,
		    "ring buffer pages per CPU (a power of 2,\n"
		    "1 to 1048576; 128)",
		    .flags = PO_RANGE, .lo = 1, .hi = 1 << 20),
	PO_STRING(0, "label", A, label, "TEXT",
		  "stored in the profile (e.g. the build's name)"),
	PO_FILENAME('o', "output", A, out, "FILE",
		    "the profile (default flamediff.profile;\n"
		    "FILE.gz is compressed)"),
	PO_BOOL(0, "no-demangle", A, o.no_demangle,
		"keep C++ and Rust symbol names mangled"),
	PO_BOOL('q', "quiet", A, quiet, "no summary on stderr"),
	PO_STRINGS(0, "metric", A, metrics, "NAME=REGEX",
		   "the command's figure TESTCASE.NAME: the first group\n"
		   "of REGEX in the last line it matches (repeatable)"),
	PO_STRING(0, "testcase", A, testcase, "NAME",
		  "prefix of the benchmark and time rows (default:\n"
		  "the command's base name)"),
	PO_BOOL(0, "no-stat", A, no_stat,
		"no perf-stat counters beside the samples"),
	PO_BOOL(0, "no-monitors", A, no_monitors,
		"no LKP monitors (vmstat, meminfo, ...) beside the\n"
		"samples"),
	PO_STRING(0, "monitors", A, monitors, "LIST",
		  "only these LKP monitors (comma-separated; default\n"
		  "all: vmstat, mpstat, proc-vmstat, meminfo, ...)"),
	PO_BOOL(0, "sched", A, o.sched,
		"the scheduler tracepoints too: LKP's perf-sched\n"
		"rows and the off-CPU graph (cycles still sampled)"),
	PO_END,
};
#undef A

/* Fill a from argv. Returns -1 to go on recording, or the exit status for
 * cmd_record() to return (0 after --help). */
static int parse_args(int argc, char **argv, struct args *a)
{
	struct record_opts *o = &a->o;
	int n, status;

	/* The command's own options follow it: the first operand ends
	 * ours. */
	n = cmd_parse_options(argc, argv, record_usage, record_options, a,
			      PO_STOP_AT_NON_OPTION, &status);
	if (n < 0)
		return status;
	o->pid = (pid_t)a->pid;
	/* -a with a command: everything, for as long as the command runs */
	if ((o->pid != 0) + (a->system_wide || n) != 1)
		return usage_error("record", "give one of -a, -p PID or a "
				   "command");
	if (n)
		a->cmd = argv;
	if (!o->period && !o->freq)
		o->period = RECORD_PERIOD;
	o->target = a->system_wide ? TARGET_SYSTEM :
		    o->pid ? TARGET_PID : TARGET_CHILD;
	o->enable_on_exec = a->delay == 0;
	o->stat = !a->no_stat;
	if (a->metrics.nr && !a->cmd)
		return usage_error("record", "--metric needs a command");
	if (!a->no_monitors) {
		struct fd_err err;

		if (monitors_check(a->monitors, &err))
			return usage_error("record", "--monitors: %s",
					   err.msg);
	}
	return -1;
}

/* The command's output, line by line, to the benchmark parser. */
static void on_line(void *ctx, const char *line, size_t len)
{
	bench_line(ctx, line, len);
}

/* The base name of the command, LKP's testcase ("stress-ng"). */
static const char *testcase_of(const struct args *a)
{
	const char *s;

	if (a->testcase)
		return a->testcase;
	if (!a->cmd)
		return "benchmark";
	s = strrchr(a->cmd[0], '/');
	return s ? s + 1 : a->cmd[0];
}

/*
 * The run's other LKP stats into out: what the command printed, its
 * rusage and wall-clock time, the perf-stat counters.
 */
static void run_stats(struct record *r, struct workload *w,
		      struct bench *b, struct metric_set *out)
{
	struct bench_usage u = { 0 };
	struct rusage ru;
	double elapsed;

	bench_result(b, out);
	if (w && !workload_usage(w, &ru, &elapsed)) {
		u.user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
		u.sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
		u.elapsed = elapsed;
		u.maxrss_kb = ru.ru_maxrss;
		u.majflt = ru.ru_majflt;
		u.minflt = ru.ru_minflt;
		u.nvcsw = ru.ru_nvcsw;
		u.nivcsw = ru.ru_nivcsw;
		u.inblock = ru.ru_inblock;
		u.oublock = ru.ru_oublock;
		bench_time_rows(&u, b->testcase, out);
	}
	record_stat_rows(r, out);
	metric_set_sort(out);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* "flamediff record ARGS...", as the user typed it (argv[0] is "record"). */
static char *join_args(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "flamediff");
	for (i = 0; i < argc; i++) {
		strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, argv[i]);
	}
	return strbuf_detach(&sb, NULL);
}

/* SIGINT, SIGTERM and SIGHUP (a closed terminal) end the recording (the
 * profile is still written), not the program; no SA_RESTART, so that
 * poll and sleeps return. */
static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static void status_line(double elapsed, const struct record_stats *st,
			const char *event)
{
	fprintf(stderr, "\r\033[Krecording %s: %.1f s, %llu samples, "
		"%llu lost", event, elapsed,
		(unsigned long long)st->samples,
		(unsigned long long)(st->lost + st->lost_samples));
	fflush(stderr);
}

/* Sleep up to sec seconds, early when a stop signal arrives. */
static void sleep_interruptible(double sec)
{
	double end = now() + sec;

	while (!stop_signal && now() < end) {
		double left = end - now();
		struct timespec ts = { (time_t)left,
				       (long)((left - (time_t)left) * 1e9) };

		nanosleep(&ts, NULL);
	}
}

/*
 * Enable the events and let the command (w, if any) run, in the order
 * that loses nothing: system-wide events run before the command starts; a
 * command's own events are enabled by the kernel at its exec
 * (enable_on_exec); with --delay, every event waits for the delay.
 */
static int start(struct record *r, const struct args *a, struct workload *w,
		 struct fd_err *err)
{
	const struct record_opts *o = &a->o;
	bool early = o->target == TARGET_SYSTEM && a->delay == 0;

	if (early && record_enable(r, err))
		return -1;
	if (w && workload_go(w, err))
		return -1;
	if (a->delay > 0)
		sleep_interruptible(a->delay);
	if (!early && !(o->target == TARGET_CHILD && o->enable_on_exec) &&
	    record_enable(r, err))
		return -1;
	record_stat_read(r); /* the counters start from here */
	return 0;
}

/* A poll's timeout: at most max_ms, and not past the time "until". */
static int poll_ms(int max_ms, double until)
{
	double left = (until - now()) * 1000;

	if (left <= 0)
		return 0;
	return left < max_ms ? (int)left + 1 : max_ms;
}

/*
 * Read the buffers until the duration is over, a stop signal arrives, the
 * command exits or the process followed (-p) is gone; *elapsed is the
 * time sampled. The status line, when shown, is refreshed 4 times a second.
 */
static int sample(struct record *r, const struct args *a, struct workload *w,
		  struct bench *b, bool status, double *elapsed,
		  struct fd_err *err)
{
	double t_start = now(), t_shown = 0, t_stat = t_start + 1;

	while (!stop_signal) {
		double t;

		/* The command's output is copied as it comes: wait on it,
		 * not on the buffers, which a poll every 50 ms keeps up
		 * with at a quarter full. */
		if (w && workload_teed(w)) {
			workload_pump(w, poll_ms(50, t_stat), on_line, b);
			if (record_poll(r, 0, err))
				return -1;
		} else if (record_poll(r, poll_ms(100, t_stat), err)) {
			return -1;
		}
		/*
		 * LKP's perf stat -I 1000: a read on each second from the
		 * start, not a second after the last read. Reads that slip
		 * by a poll each would stretch the intervals until the
		 * dropped last one holds up to a second of the run.
		 */
		t = now();
		if (t >= t_stat) {
			record_stat_read(r);
			while (t_stat <= t)
				t_stat += 1;
		}
		if (a->duration && t - t_start >= a->duration)
			break;
		if (w && workload_exited(w))
			break;
		if (a->o.target == TARGET_PID && kill(a->o.pid, 0) &&
		    errno == ESRCH)
			break;
		if (status && t - t_shown >= 0.25) {
			status_line(t - t_start, record_stats(r),
				    record_event(r));
			t_shown = t;
		}
	}
	*elapsed = now() - t_start;
	return 0;
}

/*
 * Before a message of ours at the end of a run: when the command's stderr
 * ended mid-line, end that line, once, so that the message is not glued to
 * it. Returns true, for use in a condition.
 */
static bool own_line(const struct workload *w, bool *ended)
{
	if (!*ended && workload_stderr_midline(w))
		fputc('\n', stderr);
	*ended = true;
	return true;
}

/*
 * A recording a signal stopped before its duration (-d) or its command's
 * end says so in the profile: its time rows and counts are of a shorter
 * run, which diff points out (and --complete-only leaves out).
 */
static void mark_interrupted(struct profile *p, const struct args *a)
{
	if (!stop_signal)
		return;
	p->meta.interrupted = true;
	p->meta.asked = a->duration;
}

/* One recording, from its command line to its profile written. */
struct run {
	struct args a;
	char *cmdline;		/* "flamediff record ...", for the profile */
	bool status;		/* the live status line, on a terminal only */
	bool ended;		/* own_line() was called */
	struct outfile outf;
	struct workload *w;	/* the command, or NULL */
	struct record *r;
	struct monitors *mon;
	struct bench bench;
	struct metric_set stats;
	struct profile *p;
	size_t nr_warned;	/* of record_warnings(), printed so far */
	double duration;	/* seconds sampled */
	time_t t_start;
	int cmd_status;		/* the command's wait status; 0: none */
};

/* The options, then --metric's rules. Returns -1 to go on recording, or
 * the exit status for cmd_record() to return. */
static int setup(struct run *run, int argc, char **argv)
{
	struct fd_err err = { "" };
	int rc = parse_args(argc, argv, &run->a);

	if (rc >= 0)
		return rc;
	bench_init(&run->bench, testcase_of(&run->a));
	for (size_t i = 0; i < run->a.metrics.nr; i++)
		if (bench_add_rule(&run->bench, run->a.metrics.v[i], &err))
			return usage_error("record", "--metric %s", err.msg);
	run->status = isatty(2) && !run->a.quiet;
	return -1;
}

/* The session's warnings not printed yet. */
static void print_warnings(struct run *run)
{
	const char *const *warn = record_warnings(run->r) + run->nr_warned;

	for (; *warn; warn++, run->nr_warned++)
		fprintf(stderr, "flamediff record: warning: %s\n", *warn);
}

/* Everything up to the first sample: the output, the command, the
 * events, the monitors. */
static int begin(struct run *run, struct fd_err *err)
{
	struct args *a = &run->a;

	/* Where the profile goes is known to work before anything runs:
	 * a recording is not lost to a missing directory at its end. */
	if (outfile_open_flags(&run->outf, a->out, OUTFILE_PRIVATE, err))
		return -1;
	if (a->cmd) {
		run->w = workload_start_tee(a->cmd, err);
		if (!run->w)
			return -1;
		if (a->o.target == TARGET_CHILD)
			a->o.pid = workload_pid(run->w);
	}
	run->t_start = time(NULL);
	run->r = record__new(&a->o);
	if (record_open(run->r, err))
		return -1;
	print_warnings(run);
	if (!a->no_monitors)
		run->mon = monitors_start(a->monitors, err); /* checked */
	return start(run->r, a, run->w, err);
}

/* After the last sample: the counters, the buffers, the monitors, the
 * command's end and the run's LKP stats. */
static int end(struct run *run, struct fd_err *err)
{
	struct workload *w = run->w;

	/* the last, partial interval ends with the run, not after the
	 * buffers are drained: LKP drops its counts but keeps its time */
	record_stat_read(run->r);
	if (record_disable(run->r, err) || record_poll(run->r, 0, err))
		return -1;
	monitors_stop(run->mon, &run->stats); /* LKP's post-test */
	if (run->status)
		fprintf(stderr, "\r\033[K");
	/* A command that ended by itself passes its failure on, as perf
	 * record does, so scripts see it; one that -d or a signal ended
	 * first is stopped here, which is no failure of its own. */
	run->cmd_status = w && workload_exited(w) ? workload_status(w) : 0;
	workload_end(w, on_line, &run->bench);
	run_stats(run->r, w, &run->bench, &run->stats);
	return 0;
}

static int write_profile(struct run *run, struct fd_err *err)
{
	struct profile *p = run->p = profile__new();

	p->meta.stats = run->stats; /* moved */
	memset(&run->stats, 0, sizeof(run->stats));
	record_build(run->r, p);
	/* and those of the symbolization: binaries named [file], why */
	print_warnings(run);
	record_fill_meta(p, run->duration, run->t_start, run->cmdline,
			 run->a.label);
	/* said, not guessed from the command line later (-ag, or a
	 * command's own -a) */
	meta_set(&p->meta.target,
		 run->a.o.target == TARGET_SYSTEM ? "system-wide" :
		 run->a.o.target == TARGET_PID	  ? "process" : "command");
	mark_interrupted(p, &run->a);
	profile_write(p, &run->outf);
	return outfile_commit(&run->outf, err);
}

/* What was recorded, on stderr, unless -q. */
static void summary(struct run *run)
{
	const struct record_stats *st = record_stats(run->r);
	const char *out = run->a.out;

	if (run->a.quiet)
		return;
	own_line(run->w, &run->ended);
	fprintf(stderr, "flamediff record: %s, %llu samples, %llu lost, %llu "
		"throttled, %.1f s", record_event(run->r),
		(unsigned long long)st->samples,
		(unsigned long long)(st->lost + st->lost_samples),
		(unsigned long long)st->throttled, run->duration);
	if (run->a.o.sched)
		fprintf(stderr, ", %llu switches (%llu lost)",
			(unsigned long long)st->switches,
			(unsigned long long)st->sched_lost);
	fprintf(stderr, ": %s\n", out);
	if (run->a.o.sched && st->sched_unreliable)
		fprintf(stderr, "flamediff record: note: %llu of the %llu "
			"switches may have wrong times (%llu scheduler "
			"records lost, %llu switch-ins not traced), as perf "
			"sched timehist would print them; \"# unreliable:\" "
			"in %s names their perf-sched keys\n",
			(unsigned long long)st->sched_unreliable,
			(unsigned long long)st->switches,
			(unsigned long long)st->sched_lost,
			(unsigned long long)st->sched_unseen_in, out);
	/* An empty profile is a valid answer, but rarely the one wanted:
	 * with -p, the parent of the processes doing the work, say. */
	if (!st->samples)
		fprintf(stderr, "flamediff record: warning: no samples: was "
			"the target idle (with -p, pick a process that runs, "
			"not a parent waiting for its children)?\n");
}

/* The command's failure passed on (see end()), said once. */
static int exit_status(struct run *run)
{
	int rc = 0;

	if (WIFEXITED(run->cmd_status) && WEXITSTATUS(run->cmd_status))
		rc = WEXITSTATUS(run->cmd_status);
	else if (WIFSIGNALED(run->cmd_status))
		rc = 128 + WTERMSIG(run->cmd_status);
	if (rc && own_line(run->w, &run->ended))
		fprintf(stderr, "flamediff record: the command failed (exit "
			"status %d); its profile is written\n", rc);
	return rc;
}

static void run_release(struct run *run)
{
	monitors__delete(run->mon);
	workload__delete(run->w); /* kills and reaps a command still running */
	bench_release(&run->bench);
	metric_set_release(&run->stats);
	po_list_release(&run->a.metrics);
	profile__delete(run->p);
	record__delete(run->r);
	free(run->cmdline);
}

int cmd_record(int argc, char **argv)
{
	struct run run = { .a = { .out = "flamediff.profile" } };
	struct fd_err err = { "" };
	int rc;

	run.cmdline = join_args(argc, argv); /* before parsing moves argv */
	rc = setup(&run, argc, argv);
	if (rc >= 0)
		goto out;
	catch_signals();
	if (begin(&run, &err) ||
	    sample(run.r, &run.a, run.w, &run.bench, run.status,
		   &run.duration, &err) ||
	    end(&run, &err) || write_profile(&run, &err))
		goto fail;
	summary(&run);
	rc = exit_status(&run);
	goto out;
fail:
	if (run.status)
		fprintf(stderr, "\r\033[K");
	own_line(run.w, &run.ended);
	fprintf(stderr, "flamediff record: %s\n", err.msg);
	outfile_abort(&run.outf);
	rc = EXIT_INPUT;
out:
	run_release(&run);
	return rc;
}
