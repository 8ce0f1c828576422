/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FRAME_IDS_H
#define FLAMEDIFF_FRAME_IDS_H

#include <stdint.h>

#include "analyzer/profile.h"

/*
 * Dense ids 0, 1, 2... for a profile's (name, kind) pairs, in the order
 * first asked for: the functions of the metrics and of the exports.
 *
 * A hash map of (name, kind) keys took 34 to 68 bytes a pair (17-byte
 * slots, never more than half full) and a hash and a cache miss a node;
 * names are interned already, so a pair is found from its name id: an
 * array by name id holds the first pair of that name, the few names met
 * with two kinds (a user and a kernel "foo") chain the others. 4 bytes
 * a name and 9 a pair.
 */
struct frame_ids {
	uint32_t *by_name; /* name id -> first pair's id; UINT32_MAX: none */
	uint32_t nr_names;
	uint32_t *name;	   /* id -> its name id */
	uint32_t *next;	   /* id -> next id of the name; UINT32_MAX */
	uint8_t *kind;	   /* id -> its kind */
	uint32_t nr;
	unsigned long alloc_name, alloc_next, alloc_kind;
};

/*
 * For the names of p (interned later ones are not to be asked for), room
 * made for p's nodes (a pair per node at most): the arrays never move,
 * which on a heap leaves no holes behind (pages not written take none).
 */
void frame_ids_init(struct frame_ids *t, const struct profile *p);
/* Only t->name (id -> name) is read from now on: the rest is freed. */
void frame_ids_drop_lookup(struct frame_ids *t);
void frame_ids_release(struct frame_ids *t);

/* A new pair's id (frame_ids_get() asks first). */
uint32_t frame_ids_add(struct frame_ids *t, uint32_t name,
		       unsigned int kind);

/* The id of (name, kind), made if new (*fresh then set, when not NULL). */
static inline uint32_t frame_ids_get(struct frame_ids *t, uint32_t name,
				     unsigned int kind, int *fresh)
{
	uint32_t id;

	for (id = t->by_name[name]; id != UINT32_MAX; id = t->next[id])
		if (t->kind[id] == kind) {
			if (fresh)
				*fresh = 0;
			return id;
		}
	if (fresh)
		*fresh = 1;
	return frame_ids_add(t, name, kind);
}

#endif
