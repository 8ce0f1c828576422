/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TESTS_PROGS_NOW_H
#define TESTS_PROGS_NOW_H

#include <time.h>

/*
 * The clock of the test programs that run for a given time: seconds on
 * CLOCK_MONOTONIC, which a loaded machine's wall clock steps do not move.
 */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
