/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_ALLOC_H
#define FLAMEDIFF_ALLOC_H

#include <stddef.h>

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

/* Abort as out of memory does: for a table whose ids would overflow the
 * bits a caller keeps them in, which only a table past memory reaches. */
void xalloc_fail(unsigned long size) __attribute__((noreturn));

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
