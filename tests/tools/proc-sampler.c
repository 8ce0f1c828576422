// SPDX-License-Identifier: GPL-2.0
/*
 * proc-sampler DIR: the test's own sampler of /proc, independent of
 * flamediff, the way LKP's loops sample (lkp-monitors.md §1): "time: T",
 * then the file, appended to DIR/meminfo and DIR/vmstat; then a wait of
 * 1 s (from the sample's start); until DIR/stop exists. A program rather
 * than a shell loop, so that forks on a loaded machine do not make it
 * drift.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void copy(const char *from, const char *to)
{
	char buf[65536];
	FILE *out = fopen(to, "a");
	int fd = open(from, O_RDONLY);
	ssize_t n;

	if (!out || fd < 0)
		exit(2);
	fprintf(out, "time: %ld\n", (long)time(NULL));
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, out);
	close(fd);
	if (fclose(out))
		exit(2);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void nap(double sec)
{
	struct timespec ts = { (time_t)sec,
			       (long)((sec - (time_t)sec) * 1e9) };

	if (sec > 0)
		nanosleep(&ts, NULL);
}

/*
 * When DIR/stop appears, it ends half a second after a sample, far from
 * the next: then a sampler running beside it, as often and since the same
 * moment, has taken the same number of samples whatever the jitter.
 */
int main(int argc, char **argv)
{
	char stop[4096], mi[4096], vm[4096];
	bool stopping = false;

	if (argc != 2)
		return 1;
	snprintf(stop, sizeof(stop), "%s/stop", argv[1]);
	snprintf(mi, sizeof(mi), "%s/meminfo", argv[1]);
	snprintf(vm, sizeof(vm), "%s/vmstat", argv[1]);
	for (;;) {
		double t = now();

		copy("/proc/meminfo", mi);
		copy("/proc/vmstat", vm);
		if (stopping) {
			nap(t + 0.5 - now());
			return 0;
		}
		while (now() < t + 1) {
			nap(0.02);
			if (!stopping && !access(stop, F_OK)) {
				stopping = true;
				if (now() < t + 0.5) {
					nap(t + 0.5 - now());
					return 0;
				}
			}
		}
	}
}
