/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_ERROR_H
#define FLAMEDIFF_ERROR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

/*
 * Errors travel up as a return code (-1) with the message stored here.
 * Libraries fill it; only the front end prints it. The message never ends
 * with a newline and, for bad input, starts with "FILE:LINE: ".
 */
struct fd_err {
	char msg[1024];
};

/* Set the message and return -1, so callers can "return fd_err_set(...)". */
int fd_err_set(struct fd_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* As fd_err_set(), prefixed with "FILE:LINE: " (LINE 0: "FILE: "). */
int fd_err_at(struct fd_err *err, const char *file, unsigned long line,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Allocation helpers that abort with a message: running out of memory is
 * not an input error and there is nothing sensible to unwind. */
#define X_ALLOC __attribute__((returns_nonnull, warn_unused_result))
void *xmalloc(unsigned long size) X_ALLOC;
void *xcalloc(unsigned long n, unsigned long size) X_ALLOC;
void *xrealloc(void *p, unsigned long size) X_ALLOC;
char *xstrdup(const char *s) X_ALLOC;
char *xstrndup(const char *s, unsigned long n) X_ALLOC;
/* A newly allocated string, formatted. */
char *xstrfmt(const char *fmt, ...) X_ALLOC __attribute__((format(printf, 1, 2)));

/* qsort() for arrays that may be empty and so NULL: qsort(NULL, 0, ...)
 * is undefined (UBSan stops on it), an empty array is sorted already. */
static inline void sane_qsort(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

/* Sizes that cannot wrap: a product or sum past SIZE_MAX is an allocation
 * that cannot succeed, so it aborts as out-of-memory does. */
size_t size_mul(size_t a, size_t b);
size_t size_add(size_t a, size_t b);

/* Grow *p (of *alloc elements of size sz) so that it holds at least need. */
void grow_array(void **p, unsigned long *alloc, unsigned long need,
		unsigned long sz);
#define ALLOC_GROW(p, need, alloc)                                         \
	grow_array((void **)&(p), &(alloc), (need), sizeof(*(p)))

#endif
