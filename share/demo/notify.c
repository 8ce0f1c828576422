// SPDX-License-Identifier: GPL-2.0
/*
 * The demo's stressor: worker threads do small operations, and after each
 * one call notify() to hand over pending events, like a subsystem that
 * notifies watchers of a file on every update.
 *
 * Two builds mirror a real kernel fix (a global lock taken on every
 * notification, see the demo's README):
 *  - build A (-DBUILD_A): notify() always takes the global notify_lock,
 *    even though there is almost never anything to do: the threads
 *    serialize on it and spend their time spinning.
 *  - build B (-DBUILD_B): notify() first checks, without the lock, whether
 *    anything is pending, and returns at once when not.
 *
 * Usage: notify-a|notify-b [SECONDS [THREADS]] (default 3 s, 2 threads).
 * Prints the throughput on stdout: "ops/s N".
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if !defined(BUILD_A) && !defined(BUILD_B)
#error "build with -DBUILD_A or -DBUILD_B"
#endif

#define MAX_THREADS 64
#define POST_EVERY 65536 /* an event to deliver, now and then */

/*
 * Hot leaf functions set up a frame of their own, so that frame pointer
 * call chains include their callers: gcc skips the frame of a leaf even
 * with -mno-omit-leaf-frame-pointer, unless the function asks for it.
 */
#define KEEP_FRAME() __asm__ volatile("" ::"r"(__builtin_frame_address(0)))

static volatile int notify_lock;	 /* 0 free, 1 held */
static volatile unsigned long pending; /* events not yet delivered */
static volatile int stop;
static unsigned long delivered;

static __attribute__((noinline)) void spin_lock(volatile int *l)
{
	KEEP_FRAME();
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			__builtin_ia32_pause();
}

static __attribute__((noinline)) void spin_unlock(volatile int *l)
{
	KEEP_FRAME();
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

static __attribute__((noinline)) void deliver_events(void)
{
	KEEP_FRAME();
	delivered += pending;
	pending = 0;
}

__attribute__((noinline)) void notify(void)
{
	KEEP_FRAME();
#ifdef BUILD_B
	/* the fix: nothing pending (the common case), nothing to lock */
	if (!__atomic_load_n(&pending, __ATOMIC_RELAXED))
		return;
#endif
	spin_lock(&notify_lock);
	if (pending)
		deliver_events();
	spin_unlock(&notify_lock);
}

static __attribute__((noinline)) void post_event(void)
{
	spin_lock(&notify_lock);
	pending++;
	spin_unlock(&notify_lock);
}

/* The useful work of one operation: a little hashing of private data. */
static __attribute__((noinline)) unsigned long do_operation(unsigned long *s)
{
	unsigned long h = *s;
	int i;

	KEEP_FRAME();
	for (i = 0; i < 24; i++)
		h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9UL + (unsigned long)i;
	*s = h;
	return h;
}

struct worker {
	pthread_t th;
	unsigned long ops, state;
} __attribute__((aligned(64)));

static __attribute__((noinline)) void *worker_loop(void *arg)
{
	struct worker *w = arg;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		do_operation(&w->state);
		if (!(++w->ops % POST_EVERY))
			post_event();
		notify();
	}
	return NULL;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3.0;
	int n = argc > 2 ? atoi(argv[2]) : 2, i;
	static struct worker w[MAX_THREADS];
	struct timespec ts;
	unsigned long ops = 0;

	if (n < 1 || n > MAX_THREADS)
		n = 2;
	if (secs <= 0)
		secs = 3.0;
	for (i = 0; i < n; i++) {
		w[i].state = (unsigned long)i + 1;
		pthread_create(&w[i].th, NULL, worker_loop, &w[i]);
	}
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
	stop = 1;
	for (i = 0; i < n; i++) {
		pthread_join(w[i].th, NULL);
		ops += w[i].ops;
	}
	printf("ops/s %.0f\n", (double)ops / secs);
	return delivered > ops; /* never: keeps the compiler honest */
}
