// SPDX-License-Identifier: GPL-2.0
/*
 * Built with -fomit-frame-pointer: a call chain five functions deep
 * (main -> level1 -> level2 -> level3 -> level4 -> spin) whose frames only
 * DWARF unwinding can walk. Runs for argv[1] seconds (default 2).
 */
#include <stdlib.h>
#include <time.h>

#include "now.h"

static volatile unsigned long sink;

/* Each level keeps something live across the call, so none is a tail call
 * and every frame really exists on the stack. */
__attribute__((noinline)) unsigned long spin(double end)
{
	unsigned long x = sink, i;

	while (now() < end)
		for (i = 0; i < 100000; i++)
			x = x * 2862933555777941757UL + 3037000493UL;
	return x;
}

__attribute__((noinline)) unsigned long level4(double end, unsigned long k)
{
	return spin(end) + k * 3;
}

__attribute__((noinline)) unsigned long level3(double end, unsigned long k)
{
	return level4(end, k + 1) ^ k;
}

__attribute__((noinline)) unsigned long level2(double end, unsigned long k)
{
	return level3(end, k + 2) + (k << 1);
}

__attribute__((noinline)) unsigned long level1(double end, unsigned long k)
{
	return level2(end, k + 3) - k;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2.0;

	sink = level1(now() + secs, (unsigned long)argc);
	return 0;
}
