// SPDX-License-Identifier: GPL-2.0
/*
 * A corrupt frame-pointer chain: bad_spin() spins with %rbp pointing at
 * a frame whose return address is -1 and whose next frame is NULL, so the
 * kernel's walk of the user stack gives [ip, -1]. perf takes -1, past
 * PERF_CONTEXT_MAX and no context, as a corrupt chain and drops it: perf
 * script prints no frame, perf report counts the sample at bad_spin.
 * Runs for argv[1] seconds (default 1).
 */
#include <stdlib.h>

#include "now.h"

static unsigned long frame[2] = { 0, ~0UL };

__attribute__((noinline)) void bad_spin(long n)
{
	/* rbp saved in r12, which the loop does not touch */
	__asm__ volatile("mov %%rbp, %%r12\n\t"
			 "mov %1, %%rbp\n\t"
			 "1: dec %0\n\t"
			 "jnz 1b\n\t"
			 "mov %%r12, %%rbp\n\t"
			 : "+r"(n)
			 : "r"(frame)
			 : "r12", "cc", "memory");
}

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1);

	do
		bad_spin(10000000);
	while (now() < end);
	return 0;
}
