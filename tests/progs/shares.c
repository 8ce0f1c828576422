// SPDX-License-Identifier: GPL-2.0
/*
 * A profiling target with known shares: two thirds of its CPU time in
 * work_two_thirds(), one third in work_one_third(), both reached from
 * main() through run(). Both run the same loop; the first twice as long. Runs for argv[1] seconds (default 2).
 */
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

/* The same loop in both, so time is proportional to iterations; the work
 * sits in the functions themselves (leaves), where the sampled IP is. */
#define SPIN(n)                                                           \
	do {                                                               \
		unsigned long x_ = sink, i_;                               \
		for (i_ = 0; i_ < (n); i_++)                               \
			x_ = x_ * 6364136223846793005UL +                  \
			     1442695040888963407UL;                        \
		sink = x_;                                                 \
	} while (0)

__attribute__((noinline)) void work_two_thirds(void)
{
	SPIN(40000);
}

__attribute__((noinline)) void work_one_third(void)
{
	SPIN(20000);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__((noinline)) void run(double seconds)
{
	double end = now() + seconds;

	while (now() < end) {
		work_two_thirds();
		work_one_third();
	}
}

int main(int argc, char **argv)
{
	run(argc > 1 ? atof(argv[1]) : 2.0);
	return 0;
}
