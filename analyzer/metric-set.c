// SPDX-License-Identifier: GPL-2.0
/* The container of one run's LKP stats (metric-set.h). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/metric-set.h"
#include "lib/alloc.h"

void metric_set_add(struct metric_set *s, const char *key, double value)
{
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	s->v[s->nr].key = xstrdup(key);
	s->v[s->nr].value = value;
	s->nr++;
	s->sorted = 0;
}

static int cmp_metric(const void *a, const void *b)
{
	const struct metric *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	/* Equal keys stay in the order they were added: the sum of
	 * floating-point values then does not depend on qsort. */
	return x < y ? -1 : x > y;
}

void metric_set_sort(struct metric_set *s)
{
	size_t i, o = 0;

	/* sane_qsort() and bsearch() must not see the NULL of an empty set. */
	if (s->sorted || !s->nr) {
		s->sorted = 1;
		return;
	}
	sane_qsort(s->v, s->nr, sizeof(*s->v), cmp_metric);
	for (i = 0; i < s->nr; i++) {
		if (o && !strcmp(s->v[o - 1].key, s->v[i].key)) {
			double v = s->v[o - 1].value + s->v[i].value;

			/* Values stay finite: a sum past DBL_MAX is held
			 * there. */
			s->v[o - 1].value = isfinite(v) ? v
							: copysign(DBL_MAX, v);
			free(s->v[i].key);
			continue;
		}
		s->v[o++] = s->v[i];
	}
	s->nr = o;
	s->sorted = 1;
}

static int cmp_key(const void *k, const void *e)
{
	return strcmp(k, ((const struct metric *)e)->key);
}

const struct metric *metric_set_find(struct metric_set *s, const char *key)
{
	metric_set_sort(s);
	if (!s->nr)
		return NULL;
	return bsearch(key, s->v, s->nr, sizeof(*s->v), cmp_key);
}

double metric_set_get(struct metric_set *s, const char *key)
{
	const struct metric *e = metric_set_find(s, key);

	return e ? e->value : 0;
}

void metric_set_release(struct metric_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->v[i].key);
	free(s->v);
	memset(s, 0, sizeof(*s));
}
