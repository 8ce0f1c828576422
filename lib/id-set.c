// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/id-set.h"

/* w[0..n) as "%u" would write an id, into *id. */
static bool parse_id(const char *w, size_t n, uint32_t *id)
{
	uint64_t v = 0;
	size_t i;

	if (!n || n > 10 || (w[0] == '0' && n > 1))
		return false;
	for (i = 0; i < n; i++) {
		if (w[i] < '0' || w[i] > '9')
			return false;
		v = v * 10 + (uint64_t)(w[i] - '0');
	}
	if (v > UINT32_MAX)
		return false;
	*id = (uint32_t)v;
	return true;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

void id_set_init(struct id_set *s, const struct po_list *words)
{
	unsigned long alloc = 0;
	size_t i, n, k;

	memset(s, 0, sizeof(*s));
	s->given = words && words->nr;
	for (i = 0; words && i < words->nr; i++) {
		const char *w = words->v[i];

		for (;;) {
			uint32_t id;

			n = strcspn(w, ",");
			if (parse_id(w, n, &id)) {
				ALLOC_GROW(s->v, s->nr + 1, alloc);
				s->v[s->nr++] = id;
			}
			if (!w[n])
				break;
			w += n + 1;
		}
	}
	sane_qsort(s->v, s->nr, sizeof(*s->v), cmp_u32);
	for (i = k = 0; i < s->nr; i++)
		if (!k || s->v[k - 1] != s->v[i])
			s->v[k++] = s->v[i];
	s->nr = k;
}

bool id_set_passes(const struct id_set *s, uint32_t id)
{
	if (!s->given)
		return true;
	return s->nr && bsearch(&id, s->v, s->nr, sizeof(*s->v), cmp_u32);
}

bool id_set_passes_text(const struct id_set *s, const char *w, size_t n)
{
	uint32_t id;

	if (!s->given)
		return true;
	return parse_id(w, n, &id) && id_set_passes(s, id);
}

void id_set_release(struct id_set *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}
