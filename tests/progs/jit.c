// SPDX-License-Identifier: GPL-2.0
/*
 * A fake JIT for the perf map test (x86-64 only): copies a spin loop into
 * an anonymous executable page, names it "jit_spin" in /tmp/perf-PID.map
 * as JITs do for perf, and calls it for argv[1] seconds (default 1). The
 * map file is removed at the end unless argv[2] is "keep" (as a JIT keeps
 * it for perf report to read): then its path is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "now.h"

/* mov ecx, 1000000; 1: dec ecx; jnz 1b; ret */
static const unsigned char spin[] = { 0xb9, 0x40, 0x42, 0x0f, 0x00,
				      0xff, 0xc9, 0x75, 0xfc, 0xc3 };

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1, end;
	char path[64];
	void (*fn)(void);
	unsigned char *code;
	FILE *fp;

	code = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED)
		return 1;
	memcpy(code, spin, sizeof(spin));
	/* executable only now: the kernel reports the mapping as it becomes
	 * executable (an mmap record for "//anon") */
	if (mprotect(code, 4096, PROT_READ | PROT_EXEC))
		return 1;
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	fp = fopen(path, "w");
	if (!fp)
		return 1;
	fprintf(fp, "%lx %zx jit_spin\n", (unsigned long)code, sizeof(spin));
	fclose(fp);
	fn = (void (*)(void))code;
	end = now() + secs;
	while (now() < end)
		fn();
	if (argc < 3 || strcmp(argv[2], "keep"))
		unlink(path);
	else
		printf("%s\n", path);
	return 0;
}
