// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdlib.h>

#include "lib/sort.h"

void sort_r(void *base, size_t n, size_t size, sort_cmp_fn *cmp, void *ctx)
{
	if (n > 1)
		qsort_r(base, n, size, cmp, ctx);
}
