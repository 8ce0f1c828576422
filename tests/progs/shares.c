// SPDX-License-Identifier: GPL-2.0
/*
 * A profiling target with known shares: two thirds of its CPU time in
 * work_two_thirds(), one third in work_one_third(), both reached from
 * main() through run(). Both run the same loop; the first twice as long. Runs for argv[1] seconds (default 2).
 */
#include <stdbool.h>
#include <stdio.h>
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

/* CPU time of this thread, what task-clock samples. */
static double cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * With SHARES_REPORT set, the CPU time each function really took is
 * measured (and said on stderr as a percent of the process's CPU time):
 * on a machine shared with other load, or a hyperthread whose sibling is
 * busy, one loop can run slower than the other, and the test holds the
 * profile to what the program measured, not to a fixed 2:1.
 */
__attribute__((noinline)) void run(double seconds, double *two, double *one)
{
	double end = now() + seconds, t0, t1, t2;

	while (now() < end) {
		if (!two) {
			work_two_thirds();
			work_one_third();
			continue;
		}
		t0 = cpu();
		work_two_thirds();
		t1 = cpu();
		work_one_third();
		t2 = cpu();
		*two += t1 - t0;
		*one += t2 - t1;
	}
}

int main(int argc, char **argv)
{
	double two = 0, one = 0, all;
	bool report = getenv("SHARES_REPORT") != NULL;
	struct timespec ts;

	run(argc > 1 ? atof(argv[1]) : 2.0, report ? &two : NULL,
	    report ? &one : NULL);
	if (report) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		all = (double)ts.tv_sec + ts.tv_nsec / 1e9;
		if (all > 0)
			fprintf(stderr, "shares: work_two_thirds %.1f%% "
				"work_one_third %.1f%%\n", 100 * two / all,
				100 * one / all);
	}
	return 0;
}
