/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TAP_H
#define FLAMEDIFF_TAP_H

/*
 * A small TAP producer for prove. Each check prints "ok N - what" or
 * "not ok N - what" with the file and line of a failure; done_testing()
 * prints the plan and returns the exit status (non-zero if any failed).
 * skip_all() ends a test program that cannot run here, with the reason.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_run, tap_failed;

static inline int tap_ok(int cond, const char *file, int line,
			 const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond) {
		tap_failed++;
		printf("#   Failed at %s line %d\n", file, line);
	}
	fflush(stdout);
	return cond;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...)                                             \
	do {                                                               \
		long long g_ = (got), w_ = (want);                         \
		if (!ok(g_ == w_, __VA_ARGS__))                            \
			printf("#   got %lld, want %lld\n", g_, w_);       \
	} while (0)

#define is_str(got, want, ...)                                             \
	do {                                                               \
		const char *g_ = (got), *w_ = (want);                      \
		if (!ok(g_ && w_ && !strcmp(g_, w_), __VA_ARGS__))         \
			printf("#   got '%s', want '%s'\n", g_ ? g_ : "(null)", \
			       w_ ? w_ : "(null)");                        \
	} while (0)

#define is_near(got, want, tol, ...)                                       \
	do {                                                               \
		double g_ = (got), w_ = (want);                            \
		if (!ok(fabs(g_ - w_) <= (tol), __VA_ARGS__))              \
			printf("#   got %g, want %g (+-%g)\n", g_, w_,     \
			       (double)(tol));                             \
	} while (0)

static inline void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline void skip_all(const char *reason)
{
	printf("1..0 # SKIP %s\n", reason);
	exit(0);
}

static inline int done_testing(void)
{
	printf("1..%d\n", tap_run);
	return tap_failed ? 1 : 0;
}

#endif
