// SPDX-License-Identifier: GPL-2.0
/*
 * gen-stacks N SEED [VARY]: N distinct folded stacks on standard output,
 * deterministic (a linear congruential generator, no libc rand), for the
 * comparison benchmarks (bench/diff-scale.sh).
 *
 * Stack i is a process name, a common prefix, then a path of its own
 * through a call tree ten wide (the digits of i), then a leaf: every stack
 * is distinct and the tree is shaped like a real profile (a long shared
 * trunk that fans out). The stacks are the same whatever SEED; the
 * weight of each comes from SEED, and VARY (0..100, default 0) is how
 * many percent of the stacks a run leaves out, chosen by SEED too, so
 * that runs of one build differ as real runs do.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

int main(int argc, char **argv)
{
	unsigned long n, i, v;
	uint64_t x;
	int vary, digits = 1, j;

	if (argc < 3) {
		fprintf(stderr, "usage: gen-stacks N SEED [VARY]\n");
		return 1;
	}
	n = strtoul(argv[1], NULL, 10);
	x = strtoull(argv[2], NULL, 10) * 2654435761ULL + 1;
	vary = argc > 3 ? atoi(argv[3]) : 0;
	for (v = n > 1 ? n - 1 : 1; v >= 10; v /= 10)
		digits++;
	for (i = 0; i < n; i++) {
		uint64_t r = next(&x);

		if (vary && (int)(r % 100) < vary)
			continue;
		printf("bench-%lu;main;run_loop;do_work;entry_SYSCALL_64_[k];"
		       "do_syscall_64_[k]", i % 4);
		for (v = i, j = 0; j < digits; j++, v /= 10)
			printf(";fn%d_%lu%s", j, v % 10,
			       j >= digits / 2 ? "_[k]" : "");
		printf(";leaf_%lu_[k] %lu\n", (i * 2654435761UL >> 7) % 997,
		       1 + (unsigned long)(r >> 20) % 50);
	}
	return 0;
}
