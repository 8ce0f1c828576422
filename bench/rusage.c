// SPDX-License-Identifier: GPL-2.0
/*
 * rusage CMD [ARGS...]: run CMD and print, on standard error, its wall
 * clock time, user and system CPU time and peak resident memory:
 *
 *   rusage: wall 1.234 user 0.456 sys 0.078 maxrss_kb 6144 status 0
 *
 * For the benchmarks: CPU time is what one core spent, whatever else the
 * machine was doing; wall time is what a user waited. Exits with CMD's
 * status.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double secs(struct timeval tv)
{
	return tv.tv_sec + tv.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: rusage CMD [ARGS...]\n");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		perror("rusage: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("rusage: wait4");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr,
		"rusage: wall %.3f user %.3f sys %.3f maxrss_kb %ld status %d\n",
		(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
		secs(ru.ru_utime), secs(ru.ru_stime), ru.ru_maxrss,
		WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
