/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SORT_H
#define FLAMEDIFF_SORT_H

#include <stddef.h>

/*
 * qsort() with a context for the comparison: the array to sort is often
 * indices into something else (rows, nodes, hashes), which the comparison
 * gets as ctx instead of through a file-scope variable that would make
 * the sort neither reentrant nor thread-safe. glibc's qsort_r(), so the
 * order of equal elements is qsort()'s own; an empty or NULL array is
 * sorted already (as sane_qsort()).
 */
typedef int sort_cmp_fn(const void *a, const void *b, void *ctx);

void sort_r(void *base, size_t n, size_t size, sort_cmp_fn *cmp, void *ctx);

#endif
