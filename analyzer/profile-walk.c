// SPDX-License-Identifier: GPL-2.0
/*
 * Profile primitives the comparison needs beyond analyzer/profile.c's
 * (kept apart so that the two change independently).
 */
#include "analyzer/profile.h"

void profile_swap_trees(struct profile *a, struct profile *b)
{
	struct profile t = *a;

	a->names = b->names;
	a->nodes = b->nodes;
	a->nr_nodes = b->nr_nodes;
	a->alloc_nodes = b->alloc_nodes;
	a->index = b->index;
	b->names = t.names;
	b->nodes = t.nodes;
	b->nr_nodes = t.nr_nodes;
	b->alloc_nodes = t.alloc_nodes;
	b->index = t.index;
}
