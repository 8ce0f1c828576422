/* A frame that only DWARF knows: hot_inner() is inlined into work(). */
#include <stdlib.h>

static volatile unsigned long sink;

static inline __attribute__((always_inline)) void hot_inner(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * i;
}

__attribute__((noinline)) static void work(unsigned long n)
{
	hot_inner(n);
	sink++;
}

int main(int argc, char **argv)
{
	unsigned long secs = argc > 1 ? strtoul(argv[1], NULL, 10) : 1;

	for (unsigned long r = 0; r < secs * 20; r++)
		work(30000000UL);
	return 0;
}
