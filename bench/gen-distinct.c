// SPDX-License-Identifier: GPL-2.0
/*
 * gen-distinct N: N samples of perf script text, every one a stack of its
 * own, deterministic (bench/fold-scale.sh). Shaped like a real profile
 * rather than like random noise: a handful of processes, user frames
 * drawn from a call tree that fans out three ways a level (so the outer
 * frames are shared and the tree saturates some twelve levels down), four
 * frames that spell the sample's number in base 64 (what makes each stack
 * distinct), and for half the samples a kernel entry path at the leaf.
 * Depth 10 to 34 frames, about 1.5 KB of text a sample.
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long x = 88172645463325252ULL;

static unsigned int rnd(void)
{
	/* xorshift64: the same numbers on every machine */
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return (unsigned int)(x >> 32);
}

static const char *const kchain[] = {
	"clear_page_erms", "get_page_from_freelist", "__alloc_pages",
	"alloc_pages_mpol", "do_anonymous_page", "__handle_mm_fault",
	"handle_mm_fault", "do_user_addr_fault", "exc_page_fault",
	"asm_exc_page_fault",
};

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000, i;
	static char out[1 << 16];

	setvbuf(stdout, out, _IOFBF, sizeof(out));
	for (i = 0; i < n; i++) {
		unsigned int d = 6 + rnd() % 21, j, k, path[32], pid = i % 5;
		unsigned long v = i;

		printf("app-%u %u [%03u] %lu.%06lu: 1 cpu-clock: \n", pid,
		       1000 + pid, (unsigned int)(i % 2), 100 + i / 1000000,
		       i % 1000000);
		if (i & 1) {
			k = 3 + rnd() % 7;
			for (j = 0; j < k; j++)
				printf("\tffffffff81%06x %s+0x%x ([kernel.kallsyms])\n",
				       rnd() & 0xffffff, kchain[j], rnd() % 0x400);
		}
		for (j = 0; j < 4; j++, v /= 64)
			printf("\t%12x leaf_%u_%lu+0x%x (/usr/lib/libwork.so.1)\n",
			       rnd() & 0xfffff, 3 - j, v % 64, rnd() % 0x100);
		path[0] = 0;
		for (j = 1; j < d; j++)
			path[j] = path[j - 1] * 3 + rnd() % 3;
		for (j = d; j-- > 0;)
			printf("\t%12x work_level%u_%u+0x%x (/usr/bin/app)\n",
			       rnd() & 0xfffff, j, path[j] % 4093,
			       rnd() % 0x200);
		printf("\t%12x main+0x%x (/usr/bin/app)\n", rnd() & 0xfffff,
		       rnd() % 0x80);
		printf("\t%12x __libc_start_main+0x80 (/usr/lib/libc.so.6)\n\n",
		       rnd() & 0xfffff);
	}
	return fflush(stdout) ? 1 : 0;
}
