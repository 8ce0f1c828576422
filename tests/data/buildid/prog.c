/*
 * The program the build-id tests build, rebuild and record
 * (tests/t-buildid.sh, tests/t-buildid-dwarf.sh): it spins for argv[1]
 * seconds in LEAF (hot_leaf), called by MID (mid) from main, or with
 * -DDEEP through lv1..lv4, each with a stack frame of its own (PAD words
 * more). -DADDED adds a function in front, so that the old build's
 * addresses fall into it and, with PAD, the old build's frames are not
 * the new one's.
 */
#include <stdlib.h>
#include <time.h>
#ifndef LEAF
#define LEAF hot_leaf
#endif
#ifndef MID
#define MID mid
#endif
#ifndef PAD
#define PAD 0
#endif

static volatile unsigned long sink;

#ifdef ADDED
__attribute__((noinline)) void NEWFN_added(void)
{
	for (unsigned long i = 0; i < 1000; i++)
		sink ^= i * 3;
}
#endif

#define LEVEL(name, next, words)                                         \
	__attribute__((noinline)) void name(unsigned long n)             \
	{                                                                \
		volatile unsigned long pad[words + PAD];                 \
		pad[0] = n;                                              \
		next(pad[0] + 1);                                        \
		sink += pad[0];                                          \
	}

__attribute__((noinline)) void LEAF(unsigned long n)
{
	for (unsigned long i = 0; i < 200000; i++)
		sink += i + n;
}

#ifdef DEEP
LEVEL(lv4, LEAF, 3)
LEVEL(lv3, lv4, 7)
LEVEL(lv2, lv3, 5)
LEVEL(lv1, lv2, 9)
#define TOP lv1
#else
LEVEL(MID, LEAF, 1)
#define TOP MID
#endif

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1;
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do {
		TOP(argc);
#ifdef ADDED
		if (argc > 5)
			NEWFN_added();
#endif
		clock_gettime(CLOCK_MONOTONIC, &b);
	} while ((double)(b.tv_sec - a.tv_sec) +
		 (double)(b.tv_nsec - a.tv_nsec) / 1e9 < secs);
	return 0;
}
