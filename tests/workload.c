// SPDX-License-Identifier: GPL-2.0
/*
 * collector/workload.h: a command held before exec runs nothing until
 * "go"; exec failures come back as an error with the child reaped; exit
 * status, stop and free leave no child behind; a held child dies of
 * SIGINT even when the caller catches it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "collector/workload.h"
#include "tap.h"
#include "lib/compiler.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void nap(double sec)
{
	struct timespec ts = { 0, (long)(sec * 1e9) };

	nanosleep(&ts, NULL);
}

/* Poll workload_exited() for up to 5 s. */
static bool wait_exited(struct workload *w)
{
	double end = now() + 5;

	while (!workload_exited(w)) {
		if (now() > end)
			return false;
		nap(0.01);
	}
	return true;
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* The pid is no child of ours any more: reaped, no zombie left. */
static bool reaped(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) < 0 && errno == ECHILD;
}

static void test_held(const char *dir)
{
	char file[4096], script[4200];
	char *argv[] = { "sh", "-c", script, NULL };
	struct fd_err err = { "" };
	struct workload *w;
	int st;

	snprintf(file, sizeof(file), "%s/ran", dir);
	snprintf(script, sizeof(script), "touch '%s'", file);
	w = workload_start(argv, &err);
	if (!ok(w, "start sh -c touch (%s)", err.msg))
		return;
	ok(workload_pid(w) > 0, "a pid to open events on");
	nap(0.3);
	ok(!exists(file), "held: nothing ran before go");
	ok(!workload_exited(w), "held: still there");
	is_int(workload_status(w), -1, "no status before it exits");
	ok(!workload_go(w, &err), "go (%s)", err.msg);
	ok(wait_exited(w), "exits after go");
	ok(exists(file), "and ran");
	st = workload_status(w);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "exit status 0 (%#x)", st);
	workload__delete(w);
}

static void test_exit_status(void)
{
	char *argv[] = { "sh", "-c", "exit 3", NULL };
	struct fd_err err = { "" };
	struct workload *w = workload_start(argv, &err);
	pid_t pid;
	int st;

	if (!ok(w, "start sh -c 'exit 3'"))
		return;
	pid = workload_pid(w);
	ok(!workload_go(w, &err), "go");
	ok(wait_exited(w), "exits");
	st = workload_status(w);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 3, "exit status 3 (%#x)", st);
	ok(reaped(pid), "reaped by workload_exited()");
	workload__delete(w);
}

static void test_exec_failure(void)
{
	char *argv[] = { "/nonexistent/cmd", NULL };
	struct fd_err err = { "" };
	struct workload *w = workload_start(argv, &err);
	pid_t pid;
	int st;

	if (!ok(w, "start forks even a command that cannot run"))
		return;
	pid = workload_pid(w);
	ok(workload_go(w, &err) < 0, "go fails");
	is_str(err.msg, "cannot run /nonexistent/cmd: No such file or directory",
	       "with the exec's errno");
	ok(reaped(pid), "the child is reaped");
	st = workload_status(w);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 127, "it exited 127 (%#x)", st);
	ok(workload_exited(w), "and counts as exited");
	workload__delete(w);
}

static void test_stop(void)
{
	char *argv[] = { "sleep", "10", NULL };
	struct fd_err err = { "" };
	struct workload *w = workload_start(argv, &err);
	double t;
	pid_t pid;
	int st;

	if (!ok(w, "start sleep 10"))
		return;
	pid = workload_pid(w);
	ok(!workload_go(w, &err), "go");
	nap(0.1);
	ok(!workload_exited(w), "running");
	t = now();
	workload_stop(w, SIGTERM);
	ok(now() - t < 2, "stop does not wait for the command's end");
	st = workload_status(w);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "killed by SIGTERM "
	   "(%#x)", st);
	ok(reaped(pid), "and reaped");
	workload_stop(w, SIGTERM); /* nothing left: must not kill a reused pid */
	workload__delete(w);
}

static void test_free(const char *dir)
{
	char file[4096], script[4200];
	char *held[] = { "sh", "-c", script, NULL };
	char *running[] = { "sleep", "10", NULL };
	struct fd_err err = { "" };
	struct workload *w;
	double t;
	pid_t pid;

	snprintf(file, sizeof(file), "%s/never", dir);
	snprintf(script, sizeof(script), "touch '%s'", file);
	w = workload_start(held, &err);
	if (!ok(w, "start, then free without go"))
		return;
	pid = workload_pid(w);
	workload__delete(w);
	ok(reaped(pid), "free reaps a held child");
	nap(0.2);
	ok(!exists(file), "which never ran");

	w = workload_start(running, &err);
	if (!ok(w, "start sleep 10, go, free"))
		return;
	pid = workload_pid(w);
	workload_go(w, &err);
	t = now();
	workload__delete(w);
	ok(reaped(pid) && now() - t < 2, "free kills and reaps a running "
	   "command");
	workload__delete(NULL);
}

static void on_signal(int sig UNUSED)
{
}

/* Whether sig is in pid's mask named what ("SigCgt", "SigIgn") in
 * /proc/PID/status. */
static bool sig_in(pid_t pid, const char *what, int sig)
{
	unsigned long long mask = 0;
	char path[64], line[256], fmt[32];
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	snprintf(fmt, sizeof(fmt), "%s: %%llx", what);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, fmt, &mask) == 1)
			break;
	fclose(fp);
	return mask & (1ULL << (sig - 1));
}

/* Whether pid has a handler for sig. */
static bool catches(pid_t pid, int sig)
{
	return sig_in(pid, "SigCgt", sig);
}

static void test_sigint(void)
{
	char *argv[] = { "true", NULL };
	struct fd_err err = { "" };
	struct sigaction sa, old;
	struct workload *w;
	int st;

	/* as flamediff record does: Ctrl-C stops the recording */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);
	w = workload_start(argv, &err);
	if (ok(w, "start with SIGINT caught")) {
		double end = now() + 5;

		/* the child resets it right after fork: wait for that, so
		 * that the signal tests the held child, not the fork */
		while (catches(workload_pid(w), SIGINT) && now() < end)
			nap(0.01);
		ok(!catches(workload_pid(w), SIGINT), "the held child does "
		   "not catch SIGINT");
		kill(workload_pid(w), SIGINT);
		ok(wait_exited(w), "a held child ends on SIGINT");
		st = workload_status(w);
		ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT,
		   "of SIGINT's default action (%#x)", st);
		workload__delete(w);
	}
	sigaction(SIGINT, &old, NULL);
}

/* The recorder ignores SIGPIPE for itself; the command must not inherit
 * that, or `cmd | head` under flamediff would behave otherwise. */
static void test_sigpipe(void)
{
	char *argv[] = { "true", NULL };
	struct fd_err err = { "" };
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	struct workload *w = workload_start(argv, &err);

	if (ok(w, "start with SIGPIPE ignored")) {
		double end = now() + 5;

		while (sig_in(workload_pid(w), "SigIgn", SIGPIPE) &&
		       now() < end)
			nap(0.01);
		ok(!sig_in(workload_pid(w), "SigIgn", SIGPIPE),
		   "the command does not inherit the ignored SIGPIPE");
		workload__delete(w);
	}
	signal(SIGPIPE, old);
}

int main(void)
{
	char dir[] = "/tmp/workload.XXXXXX";
	char path[4096];

	if (!mkdtemp(dir))
		return 1;
	test_held(dir);
	test_exit_status();
	test_exec_failure();
	test_stop();
	test_free(dir);
	test_sigint();
	test_sigpipe();
	snprintf(path, sizeof(path), "%s/ran", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/never", dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
