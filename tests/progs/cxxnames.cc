// SPDX-License-Identifier: GPL-2.0
/*
 * C++ names perf prints whole: a call operator (ns::Worker::operator()),
 * a function template (ns::twice<unsigned long>) and a PLT stub
 * (getpagesize@plt, called in a tight loop so that samples land in it).
 * A third of the time each. Runs for argv[1] seconds (default 1).
 */
#include <cstdlib>
#include <ctime>
#include <unistd.h>

#include "now.h"

static volatile unsigned long sink;

namespace ns {

struct Worker {
	__attribute__((noinline)) void operator()(unsigned long n)
	{
		unsigned long x = sink;

		for (unsigned long i = 0; i < n; i++)
			x = x * 6364136223846793005UL + i;
		sink = x;
	}
};

template <typename T> __attribute__((noinline)) T twice(T n)
{
	T x = (T)sink;

	for (T i = 0; i < n; i++)
		x = x * 3 + i;
	sink = (unsigned long)x;
	return x;
}

} // namespace ns

__attribute__((noinline)) static void pages(int n)
{
	unsigned long x = 0;

	for (int i = 0; i < n; i++)
		x += (unsigned long)getpagesize();
	sink = x;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1, end = now() + secs;
	ns::Worker w;

	while (now() < end) {
		w(300000);
		ns::twice<unsigned long>(300000);
		pages(100000);
	}
	return 0;
}
