// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/movers.h"

static int cmp_mover(const void *a, const void *b)
{
	const struct mover *x = a, *y = b;
	double dx = fabs(x->change), dy = fabs(y->change);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

void movers_from_table(struct movers *m, const struct diff *d, size_t n)
{
	size_t i, nr = 0;

	memset(m, 0, sizeof(*m));
	if (!n)
		return;
	m->v = xmalloc(size_mul(sizeof(*m->v), d->nr_rows + 1));
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		if (r->group != DIFF_CHILDREN || !r->changed || !r->name)
			continue;
		m->v[nr++] = (struct mover){ r->name, r->base_mean,
					     r->new_mean, r->change };
	}
	sane_qsort(m->v, nr, sizeof(*m->v), cmp_mover);
	m->nr = nr < n ? nr : n;
}

void movers_release(struct movers *m)
{
	free(m->v);
	memset(m, 0, sizeof(*m));
}
