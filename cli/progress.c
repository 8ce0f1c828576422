// SPDX-License-Identifier: GPL-2.0
/*
 * The progress meter of the reading commands (progress.h): a thread that
 * wakes 4 times a second and redraws one line of stderr. It reads two
 * numbers only, the bytes the line readers took from the inputs so far
 * and the inputs' total: the readers themselves pay nothing for it but
 * an atomic add per 1 MiB read.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/runs-list.h"
#include "cli/progress.h"
#include "lib/alloc.h"
#include "lib/linereader.h"

#define REFRESH_NS 250000000L

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	bool on, stop, shown;
	double t0, delay;
	unsigned long long base, total;
	const char *phase; /* NULL: reading */
} m = { .lock = PTHREAD_MUTEX_INITIALIZER };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* n bytes as "812 KB", "81.2 MB", "1.3 GB". */
static void fmt_bytes(char *buf, size_t size, double n)
{
	static const char *const unit[] = { "B", "KB", "MB", "GB", "TB" };
	size_t u = 0;

	while (n >= 1000 && u + 1 < sizeof(unit) / sizeof(*unit)) {
		n /= 1000;
		u++;
	}
	snprintf(buf, size, n < 100 && u ? "%.1f %s" : "%.0f %s", n, unit[u]);
}

/* The line, with m.lock held. */
static void draw(double t)
{
	unsigned long long got = lr_bytes_read() - m.base;
	double secs = t - m.t0, rate = secs > 0 ? got / secs : 0;
	char done[32], all[32], per[32];

	fmt_bytes(done, sizeof(done), got);
	fmt_bytes(per, sizeof(per), rate);
	if (m.phase) {
		fprintf(stderr, "\r\033[Kflamediff: %s, %.1f s", m.phase,
			secs);
	} else if (m.total && got <= m.total) {
		/* (each file is read once; past the total, one grew while
		 * read: bytes only) */
		double part = (double)got / m.total;
		double left = rate > 0 && got < m.total ?
				      (m.total - got) / rate : 0;

		fmt_bytes(all, sizeof(all), m.total);
		fprintf(stderr, "\r\033[Kflamediff: reading %s of %s (%.0f%%), "
			"%s/s", done, all, floor(part * 100), per);
		if (left >= 1)
			fprintf(stderr, ", %.0f s left", left);
	} else {
		fprintf(stderr, "\r\033[Kflamediff: reading %s, %s/s", done,
			per);
	}
	fflush(stderr);
	m.shown = true;
}

static void *meter(void *unused)
{
	struct timespec ts;

	(void)unused;
	pthread_mutex_lock(&m.lock);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	while (!m.stop) {
		ts.tv_nsec += REFRESH_NS;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&m.wake, &m.lock, &ts);
		if (!m.stop && now() - m.t0 >= m.delay)
			draw(now());
	}
	pthread_mutex_unlock(&m.lock);
	return NULL;
}

void progress_start(char *const *paths, size_t nr_paths, bool quiet)
{
	pthread_condattr_t ca;
	const char *env = getenv("FLAMEDIFF_PROGRESS_DELAY");

	if (m.on || quiet || !isatty(STDERR_FILENO))
		return;
	m.delay = env && *env ? atof(env) : PROGRESS_DELAY;
	if (!(m.delay >= 0))
		m.delay = PROGRESS_DELAY;
	m.t0 = now();
	m.base = lr_bytes_read();
	m.total = side_paths_bytes(paths, nr_paths);
	m.phase = NULL;
	m.stop = m.shown = false;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m.wake, &ca);
	pthread_condattr_destroy(&ca);
	/* A meter is a nicety: without a thread, the command goes on. */
	m.on = !pthread_create(&m.thread, NULL, meter, NULL);
	if (!m.on)
		pthread_cond_destroy(&m.wake);
}

void progress_start_sides(char *const *const paths[2], const size_t nr[2],
			  bool quiet)
{
	char **all = xcalloc(nr[0] + nr[1] + 1, sizeof(*all));

	memcpy(all, paths[0], nr[0] * sizeof(*all));
	memcpy(all + nr[0], paths[1], nr[1] * sizeof(*all));
	progress_start(all, nr[0] + nr[1], quiet);
	free(all);
}

void progress_phase(const char *what)
{
	if (!m.on)
		return;
	pthread_mutex_lock(&m.lock);
	/* the last figures of what is over, had the meter been due */
	if (now() - m.t0 >= m.delay)
		draw(now());
	m.phase = what;
	pthread_mutex_unlock(&m.lock);
}

void progress_clear(void)
{
	if (!m.on)
		return;
	pthread_mutex_lock(&m.lock);
	if (m.shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		m.shown = false;
	}
	pthread_mutex_unlock(&m.lock);
}

void progress_stop(void)
{
	if (!m.on)
		return;
	pthread_mutex_lock(&m.lock);
	m.stop = true;
	pthread_cond_signal(&m.wake);
	pthread_mutex_unlock(&m.lock);
	pthread_join(m.thread, NULL);
	/* The last figures, had the meter been due: then the line goes. */
	if (now() - m.t0 >= m.delay)
		draw(now());
	if (m.shown)
		fputs("\r\033[K", stderr);
	fflush(stderr);
	pthread_cond_destroy(&m.wake);
	m.on = false;
}
