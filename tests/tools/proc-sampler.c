// SPDX-License-Identifier: GPL-2.0
/*
 * proc-sampler DIR: the test's own sampler of /proc, independent of
 * flamediff, the way LKP's loops sample (lkp-monitors.md §1): "time: T",
 * then the file, appended to DIR/meminfo, DIR/vmstat, DIR/stat and (when
 * it can be read: root's) DIR/slabinfo; then a wait of 1 s (from the
 * sample's start); until DIR/stop exists. T is the monotonic clock's
 * seconds to the microsecond (LKP stamps whole seconds): vmstat's rates
 * are counts over it. A program rather than a shell loop, so that forks
 * on a loaded machine do not make it drift.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* false when from cannot be opened and may be skipped */
static bool copy(const char *from, const char *to, bool may_skip)
{
	char buf[65536];
	int fd = open(from, O_RDONLY);
	FILE *out;
	ssize_t n;

	if (fd < 0 && may_skip)
		return false;
	out = fopen(to, "a");
	if (!out || fd < 0)
		exit(2);
	fprintf(out, "time: %.6f\n", now());
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, out);
	close(fd);
	if (fclose(out))
		exit(2);
	return true;
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
	char stop[4096], mi[4096], vm[4096], st[4096], sl[4096];
	bool stopping = false, slab = true;

	if (argc != 2)
		return 1;
	snprintf(stop, sizeof(stop), "%s/stop", argv[1]);
	snprintf(mi, sizeof(mi), "%s/meminfo", argv[1]);
	snprintf(vm, sizeof(vm), "%s/vmstat", argv[1]);
	snprintf(st, sizeof(st), "%s/stat", argv[1]);
	snprintf(sl, sizeof(sl), "%s/slabinfo", argv[1]);
	for (;;) {
		double t = now();

		copy("/proc/meminfo", mi, false);
		copy("/proc/vmstat", vm, false);
		copy("/proc/stat", st, false);
		if (slab)
			slab = copy("/proc/slabinfo", sl, true);
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
