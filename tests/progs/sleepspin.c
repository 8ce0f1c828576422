// SPDX-License-Identifier: GPL-2.0
/*
 * Off-CPU and on-CPU time in two known functions, for record --sched:
 * sleeper() sleeps in nanosleep for 10 ms, argv[1] times (default 100),
 * so its switch-out chain is the nanosleep one and its off-CPU time about
 * argv[1] * 10 ms; spinner() then burns the CPU for argv[2] seconds
 * (default 0.3), so that the on-CPU samples have a function to land in.
 */
#include <stdlib.h>
#include <time.h>

#include "now.h"

/*
 * libc's nanosleep keeps no frame pointer: the frame walk goes from it to
 * its caller's caller. nap() is that lost caller, so that sleeper() is on
 * the recorded stack.
 */
__attribute__((noinline)) void nap(const struct timespec *ts)
{
	nanosleep(ts, NULL);
	__asm__ volatile("" ::: "memory"); /* no tail call */
}

__attribute__((noinline)) void sleeper(int n)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < n; i++)
		nap(&ts);
}

/* volatile: the loop must not be optimized away */
__attribute__((noinline)) unsigned long spinner(double seconds)
{
	volatile unsigned long x = 0;
	double end = now() + seconds;

	while (now() < end) {
		int i;

		for (i = 0; i < 10000; i++)
			x += i;
	}
	return x;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	double spin = argc > 2 ? atof(argv[2]) : 0.3;

	sleeper(n);
	return spinner(spin) == 1; /* never 1: keeps the result used */
}
