// SPDX-License-Identifier: GPL-2.0
/*
 * A page-faults target with known counts: `faults BIG SMALL` touches BIG
 * fresh pages from touch_big() and SMALL from touch_small(), both called
 * from main(), one fault a page (no huge pages). Recorded with
 * `perf record -e page-faults -c 1`, its chains weigh what the arguments
 * say, plus the loader's faults, whatever the machine's speed.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static char *region(size_t pages, size_t pg)
{
	char *p = mmap(NULL, pages * pg + 1, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(1);
	madvise(p, pages * pg + 1, MADV_NOHUGEPAGE);
	return p;
}

__attribute__((noinline)) void touch_big(volatile char *p, size_t n,
					 size_t pg)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i * pg] = 1;
}

__attribute__((noinline)) void touch_small(volatile char *p, size_t n,
					   size_t pg)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i * pg] = 1;
}

int main(int argc, char **argv)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t big = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
	size_t small = argc > 2 ? strtoul(argv[2], NULL, 10) : 10;

	touch_big(region(big, pg), big, pg);
	touch_small(region(small, pg), small, pg);
	return 0;
}
