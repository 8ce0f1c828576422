// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff record: sample call stacks with perf_event_open and write a
 * self-contained profile. The session itself is collector/record.h; this
 * file parses options, starts or finds the target, handles signals and
 * the status line, and fills the metadata.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/folded.h"
#include "analyzer/profile.h"
#include "builtin.h"
#include "collector/record.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void usage(FILE *fp)
{
	fprintf(fp,
"usage: flamediff record [-a] [-p PID | -- COMMAND...] [OPTIONS] -o FILE\n"
"\n"
"  -a, --all-cpus          every CPU, every process (with a command: while\n"
"                          it runs)\n"
"  -p, --pid PID           an existing process (and what it forks)\n"
"  -e, --event EVENT       default: cycles:pp, cycles:p, cycles, then\n"
"                          cpu-clock (-a) or task-clock (one task)\n"
"  -c, --count PERIOD      sample every PERIOD events (default 1000003)\n"
"  -F, --freq HZ           sample HZ times a second instead\n"
"  -d, --duration SECONDS  stop after SECONDS (default: until the command\n"
"                          exits, or Ctrl-C)\n"
"      --delay SECONDS     start sampling SECONDS after the start\n"
"  -g, --call-graph fp|dwarf[,SIZE]\n"
"                          user stacks from frame pointers (default) or\n"
"                          DWARF unwinding of SIZE bytes of stack (8192)\n"
"  -m, --mmap-pages N      ring buffer pages per CPU (power of 2, 128)\n"
"      --label TEXT        stored in the profile (e.g. the build's name)\n"
"  -o, --output FILE       the profile (default flamediff.profile;\n"
"                          FILE.gz is compressed)\n"
"  -q, --quiet             no summary on stderr\n");
}

enum { OPT_DELAY = 256, OPT_LABEL };

static const struct option options[] = {
	{ "all-cpus", no_argument, NULL, 'a' },
	{ "pid", required_argument, NULL, 'p' },
	{ "event", required_argument, NULL, 'e' },
	{ "count", required_argument, NULL, 'c' },
	{ "freq", required_argument, NULL, 'F' },
	{ "duration", required_argument, NULL, 'd' },
	{ "delay", required_argument, NULL, OPT_DELAY },
	{ "call-graph", required_argument, NULL, 'g' },
	{ "mmap-pages", required_argument, NULL, 'm' },
	{ "label", required_argument, NULL, OPT_LABEL },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "flamediff record: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	return EXIT_USAGE;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || end == s || *end || s[0] == '-' ? -1 : 0;
}

static int parse_seconds(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end == s || *end || *v < 0 || *v > 1e7 ? -1 : 0;
}

static int parse_call_graph(const char *s, struct record_opts *o)
{
	uint64_t size;

	if (!strcmp(s, "fp")) {
		o->dwarf = false;
		return 0;
	}
	if (strncmp(s, "dwarf", 5) || (s[5] && s[5] != ','))
		return -1;
	o->dwarf = true;
	if (!s[5])
		return 0;
	if (parse_u64(s + 6, &size) || !size || size > 65528)
		return -1;
	o->stack_size = (unsigned int)((size + 7) & ~7ULL);
	return 0;
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
	size_t len = sizeof("flamediff");
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = xmalloc(len);
	strcpy(s, "flamediff");
	for (i = 0; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/*
 * Fork the command stopped before exec: it waits for a byte on go[0], so
 * that the events exist before its first instruction. An exec failure comes
 * back as an errno on err[0] (close-on-exec: EOF means exec worked).
 */
static pid_t start_command(char **argv, int *go_fd, int *err_fd)
{
	int go[2], er[2];
	pid_t pid;

	if (pipe2(go, O_CLOEXEC) || pipe2(er, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		char c;
		int e;

		close(go[1]);
		close(er[0]);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], argv);
		e = errno;
		if (write(er[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(er[1]);
	*go_fd = go[1];
	*err_fd = er[0];
	return pid;
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

static void fill_meta(struct profile *p, double duration, char *cmdline,
		      const char *label, time_t start)
{
	struct utsname u;
	char date[64];
	struct tm tm;

	p->meta.duration = duration;
	if (!uname(&u)) {
		meta_set(&p->meta.host, u.nodename);
		meta_set(&p->meta.kernel, u.release);
	}
	meta_set(&p->meta.cmdline, cmdline);
	gmtime_r(&start, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	meta_set(&p->meta.date, date);
	if (label)
		meta_set(&p->meta.label, label);
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

int cmd_record(int argc, char **argv)
{
	struct record_opts o = { .period = 0 };
	const char *out = "flamediff.profile", *label = NULL;
	double duration = 0, delay = 0, t_enabled = 0, t_last = 0;
	bool system_wide = false, quiet = false, child_done = false;
	bool enabled = false;
	uint64_t v;
	int c, rc = EXIT_INPUT, go_fd = -1, err_fd = -1, child_status = 0;
	pid_t child = -1;
	struct record *r = NULL;
	struct profile *p = NULL;
	struct fd_err err = { "" };
	struct outfile outf = { 0 };
	struct sigaction sa;
	char *cmdline = NULL;
	time_t start;
	bool tty = isatty(2);
	const char *const *w;

	o.period = 0;
	o.freq = 0;
	while ((c = getopt_long(argc, argv, "+ap:e:c:F:d:g:m:o:qh", options,
				NULL)) != -1) {
		switch (c) {
		case 'a':
			system_wide = true;
			break;
		case 'p':
			if (parse_u64(optarg, &v) || !v || v > 0x7fffffff)
				return bad_usage("bad pid '%s'", optarg);
			o.pid = (pid_t)v;
			break;
		case 'e':
			o.event = optarg;
			break;
		case 'c':
			if (parse_u64(optarg, &v) || !v)
				return bad_usage("bad period '%s'", optarg);
			o.period = v;
			o.freq = 0;
			break;
		case 'F':
			if (parse_u64(optarg, &v) || !v || v > 1000000)
				return bad_usage("bad frequency '%s'", optarg);
			o.freq = (unsigned int)v;
			o.period = 0;
			break;
		case 'd':
			if (parse_seconds(optarg, &duration) || !duration)
				return bad_usage("bad duration '%s'", optarg);
			break;
		case OPT_DELAY:
			if (parse_seconds(optarg, &delay))
				return bad_usage("bad delay '%s'", optarg);
			break;
		case 'g':
			if (parse_call_graph(optarg, &o))
				return bad_usage("bad call graph '%s' (fp, "
						 "dwarf or dwarf,SIZE)", optarg);
			break;
		case 'm':
			if (parse_u64(optarg, &v) || !v || v > (1U << 20) ||
			    (v & (v - 1)))
				return bad_usage("bad page count '%s' (a "
						 "power of 2)", optarg);
			o.data_pages = (unsigned int)v;
			break;
		case OPT_LABEL:
			label = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	/* -a with a command: everything, for as long as the command runs */
	if ((o.pid != 0) + (system_wide || optind < argc) != 1)
		return bad_usage("%s", "give one of -a, -p PID or a command");
	if (!o.period && !o.freq)
		o.period = 1000003; /* LKP's --count */
	o.target = system_wide ? TARGET_SYSTEM :
		   o.pid ? TARGET_PID : TARGET_CHILD;
	o.enable_on_exec = delay == 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL); /* no SA_RESTART: poll returns */
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	/* Where the profile goes is known to work before anything runs:
	 * a recording is not lost to a missing directory at its end. */
	if (outfile_open(&outf, out, &err)) {
		fprintf(stderr, "flamediff record: %s\n", err.msg);
		return EXIT_INPUT;
	}
	if (optind < argc) {
		child = start_command(argv + optind, &go_fd, &err_fd);
		if (child < 0) {
			fprintf(stderr, "flamediff record: cannot start %s: %s\n",
				argv[optind], strerror(errno));
			outfile_abort(&outf);
			return EXIT_INPUT;
		}
		if (o.target == TARGET_CHILD)
			o.pid = child;
	}
	cmdline = join_args(argc, argv);
	start = time(NULL);
	r = record_new(&o);
	if (record_open(r, &err))
		goto fail;
	for (w = record_warnings(r); *w; w++)
		fprintf(stderr, "flamediff record: warning: %s\n", *w);
	/* system-wide events run before the command starts; a command's own
	 * events are enabled by the kernel at its exec (enable_on_exec) */
	if (o.target == TARGET_SYSTEM && delay == 0) {
		if (record_enable(r, &err))
			goto fail;
		enabled = true;
	}
	if (child > 0) {
		int e;

		if (write(go_fd, "g", 1) != 1) {
			fd_err_set(&err, "cannot start the command");
			goto fail;
		}
		close(go_fd);
		go_fd = -1;
		if (read(err_fd, &e, sizeof(e)) == sizeof(e)) {
			waitpid(child, NULL, 0);
			child = -1;
			fd_err_set(&err, "cannot run %s: %s", argv[optind],
				   strerror(e));
			goto fail;
		}
		close(err_fd);
		err_fd = -1;
	}
	if (delay > 0)
		sleep_interruptible(delay);
	if (!enabled && !(o.target == TARGET_CHILD && o.enable_on_exec) &&
	    record_enable(r, &err))
		goto fail;
	t_enabled = now();
	while (!stop_signal) {
		double t;

		if (record_poll(r, 100, &err))
			goto fail;
		t = now();
		if (duration && t - t_enabled >= duration)
			break;
		if (child > 0 && waitpid(child, &child_status, WNOHANG) ==
					 child) {
			child_done = true;
			break;
		}
		if (o.target == TARGET_PID && kill(o.pid, 0) && errno == ESRCH)
			break;
		if (tty && !quiet && t - t_last >= 0.25) {
			status_line(t - t_enabled, record_stats(r),
				    record_event(r));
			t_last = t;
		}
	}
	duration = now() - t_enabled;
	if (record_disable(r, &err) || record_poll(r, 0, &err))
		goto fail;
	if (tty && !quiet)
		fprintf(stderr, "\r\033[K");
	if (child > 0 && !child_done) {
		kill(child, SIGTERM);
		waitpid(child, &child_status, 0);
		child_done = true;
	}
	p = profile_new();
	if (record_build(r, p, &err))
		goto fail;
	fill_meta(p, duration, cmdline, label, start);
	profile_write(p, &outf);
	if (outfile_commit(&outf, &err))
		goto fail;
	if (!quiet) {
		const struct record_stats *st = record_stats(r);

		fprintf(stderr, "flamediff record: %s, %llu samples, %llu "
			"lost, %llu throttled, %.1f s: %s\n",
			record_event(r), (unsigned long long)st->samples,
			(unsigned long long)(st->lost + st->lost_samples),
			(unsigned long long)st->throttled, duration, out);
	}
	rc = 0;
	goto out;
fail:
	if (tty && !quiet)
		fprintf(stderr, "\r\033[K");
	fprintf(stderr, "flamediff record: %s\n", err.msg);
	outfile_abort(&outf);
	if (child > 0 && !child_done) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
out:
	if (go_fd >= 0)
		close(go_fd);
	if (err_fd >= 0)
		close(err_fd);
	profile_free(p);
	record_free(r);
	free(cmdline);
	return rc;
}
