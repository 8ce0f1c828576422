// SPDX-License-Identifier: GPL-2.0
/*
 * A hostile process for record --call-graph dwarf: it spins with %rbp
 * set to 0xfffffffffffffff7 inside a function whose CFI says CFA = rbp +
 * 16, so an unwinder is asked for the return address at 2^64 - 1. A range
 * check written "addr + 8 <= sp + len" wraps there and reads far outside
 * the copied stack. Runs for argv[1] seconds (default 1).
 */
#include <stdlib.h>

#include "now.h"

__attribute__((noinline)) void evil_spin(long n)
{
	/* rbp saved in r12, which the loop does not touch */
	__asm__ volatile("mov %%rbp, %%r12\n\t"
			 "movabs $0xfffffffffffffff7, %%rbp\n\t"
			 "1: dec %0\n\t"
			 "jnz 1b\n\t"
			 "mov %%r12, %%rbp\n\t"
			 : "+r"(n)
			 :
			 : "r12", "cc", "memory");
}

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1);

	do
		evil_spin(10000000);
	while (now() < end);
	return 0;
}
