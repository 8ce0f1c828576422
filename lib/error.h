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

/* qsort() for arrays that may be empty and so NULL: qsort(NULL, 0, ...)
 * is undefined (UBSan stops on it), an empty array is sorted already. */
static inline void sane_qsort(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

#endif
