// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "analyzer/frame-ids.h"
#include "lib/alloc.h"

void frame_ids_init(struct frame_ids *t, const struct profile *p)
{
	memset(t, 0, sizeof(*t));
	t->nr_names = strtab_count(p->names);
	t->by_name = xmalloc(size_mul(t->nr_names + 1, sizeof(*t->by_name)));
	memset(t->by_name, 0xff, sizeof(*t->by_name) * (t->nr_names + 1));
	ALLOC_GROW(t->name, p->nr_nodes, t->alloc_name);
	ALLOC_GROW(t->next, p->nr_nodes, t->alloc_next);
	ALLOC_GROW(t->kind, p->nr_nodes, t->alloc_kind);
}

void frame_ids_drop_lookup(struct frame_ids *t)
{
	free(t->by_name);
	free(t->next);
	free(t->kind);
	t->by_name = t->next = NULL;
	t->kind = NULL;
	t->alloc_next = t->alloc_kind = 0;
}

void frame_ids_release(struct frame_ids *t)
{
	free(t->by_name);
	free(t->name);
	free(t->next);
	free(t->kind);
	memset(t, 0, sizeof(*t));
}

/* A new pair, at the head of its name's chain. */
uint32_t frame_ids_add(struct frame_ids *t, uint32_t name, unsigned int kind)
{
	uint32_t id = t->nr++;

	ALLOC_GROW(t->name, t->nr, t->alloc_name);
	ALLOC_GROW(t->next, t->nr, t->alloc_next);
	ALLOC_GROW(t->kind, t->nr, t->alloc_kind);
	t->name[id] = name;
	t->kind[id] = (uint8_t)kind;
	t->next[id] = t->by_name[name];
	t->by_name[name] = id;
	return id;
}
