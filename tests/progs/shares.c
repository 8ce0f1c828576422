// SPDX-License-Identifier: GPL-2.0
/*
 * A profiling target with known shares: two thirds of its CPU time in
 * work_two_thirds(), one third in work_one_third(), both reached from
 * main() through run(). Both run the same loop; the first twice as long.
 * Each round's length is drawn at random (the ratio kept): a loop of one
 * period would alias with a sampling period near a multiple of it, and
 * every sample could land at the same point of the round. Runs for
 * argv[1] seconds (default 2).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "now.h"

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

__attribute__((noinline)) void work_two_thirds(unsigned long n)
{
	SPIN(2 * n);
}

__attribute__((noinline)) void work_one_third(unsigned long n)
{
	SPIN(n);
}

/*
 * A round's length: 100000 to 300000 iterations, 200000 on average. With
 * SHARES_REPORT each round reads the thread's CPU clock three times, a
 * system call whose time falls into the functions' intervals but whose
 * samples are not theirs: rounds long enough keep that a small part of
 * either (a tenth of this length made it 5% of the run on a guest where
 * a system call is slow).
 */
static unsigned long round_len(void)
{
	static unsigned long state = 88172645463325252UL;

	/* xorshift64: any spread will do, the same every run */
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return 100000 + state % 200001;
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
		unsigned long n = round_len();

		if (!two) {
			work_two_thirds(n);
			work_one_third(n);
			continue;
		}
		t0 = cpu();
		work_two_thirds(n);
		t1 = cpu();
		work_one_third(n);
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
