// SPDX-License-Identifier: GPL-2.0
/*
 * A C++ profiling target for demangling: nearly all of its time in
 * ns::f(int), called from ns::Outer<long>::run(), from main(). Runs for
 * argv[1] seconds (default 1).
 */
#include <cstdlib>
#include <ctime>

#include "now.h"

static volatile unsigned long sink;

namespace ns {

__attribute__((noinline)) unsigned long f(int n)
{
	unsigned long x = sink;

	for (int i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

template <typename T> struct Outer {
	__attribute__((noinline)) static T run(int n)
	{
		T r = (T)f(n);

		sink = (unsigned long)r;
		return r;
	}
};

} // namespace ns

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1, end = now() + secs;

	while (now() < end)
		ns::Outer<long>::run(200000);
	return 0;
}
