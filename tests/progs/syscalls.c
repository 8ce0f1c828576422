// SPDX-License-Identifier: GPL-2.0
/*
 * A syscall-heavy stressor: every thread writes to /dev/null and reads
 * /dev/zero in a loop for argv[1] seconds (default 2) with argv[2] threads
 * (default 2), so most of its time is in the kernel below
 * entry_SYSCALL_64_after_hwframe and do_syscall_64, with the user frames
 * stress_syscalls() -> do_rw() above.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "now.h"

static double seconds = 2.0;

__attribute__((noinline)) int do_rw(int out, int in, char *buf)
{
	int rc = 0;

	if (write(out, buf, 4096) != 4096)
		rc = -1;
	if (read(in, buf, 4096) != 4096)
		rc = -1;
	return rc;
}

__attribute__((noinline)) void *stress_syscalls(void *arg)
{
	static __thread char buf[4096];
	int out = open("/dev/null", O_WRONLY), in = open("/dev/zero", O_RDONLY);
	double end = now() + seconds;
	unsigned long n = 0;

	(void)arg;
	while (out >= 0 && in >= 0) {
		do_rw(out, in, buf);
		if (!(++n & 255) && now() >= end)
			break;
	}
	close(out);
	close(in);
	return NULL;
}

int main(int argc, char **argv)
{
	int nthreads = argc > 2 ? atoi(argv[2]) : 2, i;
	pthread_t th[64];

	if (argc > 1)
		seconds = atof(argv[1]);
	if (nthreads < 1 || nthreads > 64)
		nthreads = 2;
	for (i = 1; i < nthreads; i++)
		pthread_create(&th[i], NULL, stress_syscalls, NULL);
	stress_syscalls(NULL);
	for (i = 1; i < nthreads; i++)
		pthread_join(th[i], NULL);
	return 0;
}
