// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collector/workload.h"

struct workload {
	pid_t pid;	/* the child; -1 once reaped or abandoned */
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
static void __attribute__((noreturn))
child_exec(char *const argv[], const int go[2], const int er[2],
	   pid_t parent)
{
	char c;
	int e;

	close(go[1]);
	close(er[0]);
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

/* waitpid() that keeps status only from an actual reaping */
static bool reap(struct workload *w, int options)
{
	int status;

	if (waitpid(w->pid, &status, options) != w->pid)
		return false;
	w->status = status;
	return true;
}

struct workload *workload_start(char *const argv[], struct fd_err *err)
{
	int go[2], er[2];
	pid_t parent = getpid(), pid;
	struct workload *w;

	if (pipe2(go, O_CLOEXEC))
		goto fail;
	if (pipe2(er, O_CLOEXEC)) {
		close_pipe(go);
		goto fail;
	}
	pid = fork();
	if (pid < 0) {
		close_pipe(go);
		close_pipe(er);
		goto fail;
	}
	if (!pid)
		child_exec(argv, go, er, parent);
	close(go[0]);
	close(er[1]);
	w = xmalloc(sizeof(*w));
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

int workload_status(const struct workload *w)
{
	return w->status;
}

void workload__delete(struct workload *w)
{
	if (!w)
		return;
	workload_stop(w, SIGKILL);
	if (w->go_fd >= 0)
		close(w->go_fd);
	if (w->err_fd >= 0)
		close(w->err_fd);
	free(w->name);
	free(w);
}
