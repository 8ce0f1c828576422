// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "collector/workload.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"

/*
 * A line longer than this is handed on in pieces: the parser sees the
 * first bytes of a huge line, memory stays bounded.
 */
#define TEE_MAX_LINE 65536

/* One of the command's output streams, teed (workload_start_tee()). */
struct tee {
	int fd;		/* read end; -1 at EOF or when not teed */
	int to;		/* our own stdout or stderr */
	struct strbuf line; /* the partial line so far */
	bool midline;	/* what was copied to t->to ends in no newline */
};

struct workload {
	pid_t pid;	/* the child; -1 once reaped or abandoned */
	struct tee tee[2]; /* stdout, stderr */
	struct rusage ru; /* of the reaped command and its children */
	double t_go, t_end; /* CLOCK_MONOTONIC at exec, at the reaping */
	int go_fd;	/* write end of "go"; -1 once written */
	int err_fd;	/* read end of the exec errno; -1 once read */
	int status;	/* wait status once reaped, else -1 */
	char *name;	/* argv[0], for messages */
};

/*
 * In the child: wait for "go", then exec. Both pipes are close-on-exec,
 * so the parent reads EOF on the error pipe when the exec worked, and an
 * errno when it did not. EOF on "go" means the parent gave up on us.
 */
static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void __attribute__((noreturn))
child_exec(char *const argv[], const int go[2], const int er[2],
	   const int out[2][2], pid_t parent)
{
	char c;
	int e, i;

	close(go[1]);
	close(er[0]);
	for (i = 0; out && i < 2; i++) {
		/* dup2() clears close-on-exec on the copy */
		if (dup2(out[i][1], 1 + i) < 0)
			_exit(127);
		close(out[i][0]);
		close(out[i][1]);
	}
	/* a recorder killed outright (SIGKILL, a crash) cannot stop us:
	 * die with it rather than run on unrecorded. The parent may have
	 * died before the prctl: then we have been reparented already. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(127);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	if (read(go[0], &c, 1) != 1)
		_exit(127);
	execvp(argv[0], argv);
	e = errno;
	if (write(er[1], &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

static void close_pipe(const int p[2])
{
	int e = errno;

	close(p[0]);
	close(p[1]);
	errno = e;
}

/* wait4() that keeps status and usage only from an actual reaping */
static bool reap(struct workload *w, int options)
{
	struct rusage ru;
	int status;

	if (wait4(w->pid, &status, options, &ru) != w->pid)
		return false;
	w->status = status;
	w->ru = ru;
	w->t_end = mono();
	return true;
}

static struct workload *start(char *const argv[], bool tee,
			      struct fd_err *err)
{
	int go[2], er[2], out[2][2] = { { -1, -1 }, { -1, -1 } }, i;
	pid_t parent = getpid(), pid;
	struct workload *w;

	if (pipe2(go, O_CLOEXEC))
		goto fail;
	if (pipe2(er, O_CLOEXEC)) {
		close_pipe(go);
		goto fail;
	}
	for (i = 0; tee && i < 2; i++)
		if (pipe2(out[i], O_CLOEXEC)) {
			close_pipe(go);
			close_pipe(er);
			if (i)
				close_pipe(out[0]);
			goto fail;
		}
	pid = fork();
	if (pid < 0) {
		close_pipe(go);
		close_pipe(er);
		for (i = 0; tee && i < 2; i++)
			close_pipe(out[i]);
		goto fail;
	}
	if (!pid)
		child_exec(argv, go, er, tee ? out : NULL, parent);
	close(go[0]);
	close(er[1]);
	w = xcalloc(1, sizeof(*w));
	for (i = 0; i < 2; i++) {
		w->tee[i].fd = -1;
		w->tee[i].to = 1 + i;
		strbuf_init(&w->tee[i].line, 0);
		if (!tee)
			continue;
		close(out[i][1]);
		w->tee[i].fd = out[i][0];
		/* the pump must never block on a quiet stream */
		fcntl(out[i][0], F_SETFL,
		      fcntl(out[i][0], F_GETFL) | O_NONBLOCK);
	}
	w->pid = pid;
	w->go_fd = go[1];
	w->err_fd = er[0];
	w->status = -1;
	w->name = xstrdup(argv[0]);
	return w;
fail:
	fd_err_set(err, "cannot start %s: %s", argv[0], strerror(errno));
	return NULL;
}

struct workload *workload_start(char *const argv[], struct fd_err *err)
{
	return start(argv, false, err);
}

struct workload *workload_start_tee(char *const argv[], struct fd_err *err)
{
	return start(argv, true, err);
}

/* All of buf to fd; what the reader of our output refuses is dropped
 * (the command's output must not stop the recording). */
static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

static void emit_lines(struct tee *t, workload_line_fn *fn, void *ctx,
		       bool all)
{
	struct strbuf *sb = &t->line;
	size_t start = 0, i;

	for (i = 0; i < sb->len; i++)
		if (sb->buf[i] == '\n') {
			if (fn)
				fn(ctx, sb->buf + start, i - start);
			start = i + 1;
		}
	if ((all || sb->len - start >= TEE_MAX_LINE) && sb->len > start) {
		if (fn)
			fn(ctx, sb->buf + start, sb->len - start);
		start = sb->len;
	}
	if (start) {
		memmove(sb->buf, sb->buf + start, sb->len - start);
		strbuf_setlen(sb, sb->len - start);
	}
}

/* Read what t has now; false when it had nothing (or is closed). */
static bool pump_one(struct tee *t, workload_line_fn *fn, void *ctx)
{
	char buf[16384];
	ssize_t n;

	if (t->fd < 0)
		return false;
	n = read(t->fd, buf, sizeof(buf));
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return false;
	if (n <= 0) {
		close(t->fd);
		t->fd = -1;
		emit_lines(t, fn, ctx, true);
		return false;
	}
	write_all(t->to, buf, (size_t)n);
	t->midline = buf[n - 1] != '\n';
	strbuf_add(&t->line, buf, (size_t)n);
	emit_lines(t, fn, ctx, false);
	return true;
}

bool workload_pump(struct workload *w, int timeout_ms, workload_line_fn *fn,
		   void *ctx)
{
	struct pollfd pfd[2];
	int i, n = 0;

	for (i = 0; i < 2; i++) {
		if (w->tee[i].fd < 0)
			continue;
		pfd[n].fd = w->tee[i].fd;
		pfd[n].events = POLLIN;
		n++;
	}
	if (!n)
		return false;
	if (poll(pfd, (nfds_t)n, timeout_ms) <= 0)
		return true;
	for (i = 0; i < 2; i++)
		while (pump_one(&w->tee[i], fn, ctx))
			;
	return w->tee[0].fd >= 0 || w->tee[1].fd >= 0;
}

void workload_drain(struct workload *w, workload_line_fn *fn, void *ctx)
{
	int i;

	for (i = 0; i < 2; i++) {
		struct tee *t = &w->tee[i];

		while (pump_one(t, fn, ctx))
			;
		if (t->fd >= 0) {
			close(t->fd);
			t->fd = -1;
		}
		emit_lines(t, fn, ctx, true);
	}
}

bool workload_teed(const struct workload *w)
{
	return w->tee[0].fd >= 0 || w->tee[1].fd >= 0;
}

int workload_usage(const struct workload *w, struct rusage *ru,
		   double *elapsed)
{
	if (w->status == -1 || w->t_go == 0)
		return -1;
	*ru = w->ru;
	*elapsed = w->t_end - w->t_go;
	return 0;
}

pid_t workload_pid(const struct workload *w)
{
	return w->pid;
}

int workload_go(struct workload *w, struct fd_err *err)
{
	int e;

	if (write(w->go_fd, "g", 1) != 1)
		return fd_err_set(err, "cannot start the command");
	close(w->go_fd);
	w->go_fd = -1;
	/* blocks until the exec: EOF if it worked */
	if (read(w->err_fd, &e, sizeof(e)) == sizeof(e)) {
		reap(w, 0);
		w->pid = -1;
		return fd_err_set(err, "cannot run %s: %s", w->name,
				  strerror(e));
	}
	close(w->err_fd);
	w->err_fd = -1;
	w->t_go = mono();
	return 0;
}

bool workload_exited(struct workload *w)
{
	if (w->pid < 0)
		return true;
	if (!reap(w, WNOHANG))
		return false;
	w->pid = -1;
	return true;
}

void workload_stop(struct workload *w, int sig)
{
	if (w->pid < 0)
		return;
	kill(w->pid, sig);
	reap(w, 0);
	w->pid = -1;
}

/* How long workload_end() copies a teed command's output as it ends. */
#define END_POLLS 100
#define END_POLL_MS 50

void workload_end(struct workload *w, workload_line_fn *fn, void *ctx)
{
	int i;

	if (!w)
		return;
	if (!workload_exited(w) && workload_teed(w)) {
		kill(w->pid, SIGTERM);
		for (i = 0; i < END_POLLS && !workload_exited(w); i++)
			workload_pump(w, END_POLL_MS, fn, ctx);
	}
	workload_stop(w, SIGTERM);
	workload_drain(w, fn, ctx);
}

int workload_status(const struct workload *w)
{
	return w->status;
}

void workload__delete(struct workload *w)
{
	int i;

	if (!w)
		return;
	workload_stop(w, SIGKILL);
	if (w->go_fd >= 0)
		close(w->go_fd);
	if (w->err_fd >= 0)
		close(w->err_fd);
	for (i = 0; i < 2; i++) {
		if (w->tee[i].fd >= 0)
			close(w->tee[i].fd);
		strbuf_release(&w->tee[i].line);
	}
	free(w->name);
	free(w);
}

bool workload_stderr_midline(const struct workload *w)
{
	return w && w->tee[1].midline;
}
