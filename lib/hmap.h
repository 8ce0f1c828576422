/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_HMAP_H
#define FLAMEDIFF_HMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/alloc.h"
#include "lib/error.h"

/*
 * A map from 64-bit keys to 64-bit values, open addressing with linear
 * probing, never more than half full. Every key is allowed (occupancy is
 * kept apart from the key). No removal: the collector and the metrics
 * only ever learn things while they run.
 */
struct hmap {
	uint64_t *keys, *vals;
	uint8_t *used;
	uint64_t mask; /* capacity - 1; capacity 0 before the first insert */
	uint64_t nr;
};

static inline uint64_t hmap_hash(uint64_t k)
{
	/* splitmix64's finalizer: cheap and mixes all bits */
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebULL;
	k ^= k >> 31;
	return k;
}

static inline void hmap_release(struct hmap *m)
{
	free(m->keys);
	free(m->vals);
	free(m->used);
	m->keys = m->vals = NULL;
	m->used = NULL;
	m->mask = m->nr = 0;
}

/* Pointer to the value of key, NULL when absent. */
static inline uint64_t *hmap_find(const struct hmap *m, uint64_t key)
{
	uint64_t i;

	if (!m->used)
		return NULL;
	for (i = hmap_hash(key) & m->mask; m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key)
			return &m->vals[i];
	return NULL;
}

static inline void hmap_grow(struct hmap *m);

/* Pointer to the value of key, inserted with value 0 when new (*is_new). */
static inline uint64_t *hmap_insert(struct hmap *m, uint64_t key,
				    bool *is_new)
{
	uint64_t i;

	if (!m->used || (m->nr + 1) * 2 > m->mask + 1)
		hmap_grow(m);
	for (i = hmap_hash(key) & m->mask; m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key) {
			if (is_new)
				*is_new = false;
			return &m->vals[i];
		}
	m->used[i] = 1;
	m->keys[i] = key;
	m->vals[i] = 0;
	m->nr++;
	if (is_new)
		*is_new = true;
	return &m->vals[i];
}

static inline void hmap_grow(struct hmap *m)
{
	struct hmap n;
	uint64_t cap = m->used ? (m->mask + 1) * 2 : 64, i;

	n.keys = xmalloc(cap * sizeof(*n.keys));
	n.vals = xmalloc(cap * sizeof(*n.vals));
	n.used = xcalloc(cap, 1);
	n.mask = cap - 1;
	n.nr = 0;
	for (i = 0; m->used && i <= m->mask; i++)
		if (m->used[i])
			*hmap_insert(&n, m->keys[i], NULL) = m->vals[i];
	hmap_release(m);
	*m = n;
}

/* The value of key, or dflt when absent. */
static inline uint64_t hmap_get(const struct hmap *m, uint64_t key,
				uint64_t dflt)
{
	const uint64_t *v = hmap_find(m, key);

	return v ? *v : dflt;
}

/* Set key's value. */
static inline void hmap_put(struct hmap *m, uint64_t key, uint64_t val)
{
	*hmap_insert(m, key, NULL) = val;
}

#endif
