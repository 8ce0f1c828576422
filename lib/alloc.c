// SPDX-License-Identifier: GPL-2.0
/* Allocation that aborts on failure (lib/alloc.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"

static __attribute__((noreturn)) void oom(unsigned long size)
{
	fprintf(stderr, "flamediff: out of memory (%lu bytes)\n", size);
	abort();
}

void xalloc_fail(unsigned long size)
{
	oom(size);
}

void *xmalloc(unsigned long size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom(size);
	return p;
}

void *xcalloc(unsigned long n, unsigned long size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(size_mul(n, size));
	return p;
}

void *xrealloc(void *p, unsigned long size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		oom(size);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, unsigned long n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

size_t size_mul(size_t a, size_t b)
{
	size_t r;

	if (__builtin_mul_overflow(a, b, &r))
		oom(SIZE_MAX);
	return r;
}

size_t size_add(size_t a, size_t b)
{
	size_t r;

	if (__builtin_add_overflow(a, b, &r))
		oom(SIZE_MAX);
	return r;
}

void grow_array(void **p, unsigned long *alloc, unsigned long need,
		unsigned long sz)
{
	unsigned long n = *alloc;

	if (need <= n)
		return;
	n = n ? n : 16;
	while (n < need)
		n = size_mul(n, 2);
	*p = xrealloc(*p, size_mul(n, sz));
	*alloc = n;
}

char *xstrfmt(const char *fmt, ...)
{
	char probe[1];
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(probe, sizeof(probe), fmt, ap);
	va_end(ap);
	s = xmalloc(n + 1);
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	return s;
}
