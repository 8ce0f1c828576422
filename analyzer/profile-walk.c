// SPDX-License-Identifier: GPL-2.0
/*
 * Profile primitives the comparison needs beyond analyzer/profile.c's
 * (kept apart so that the two change independently).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/names.h"
#include "analyzer/profile.h"

void profile_swap_trees(struct profile *a, struct profile *b)
{
	struct profile t = *a;

	a->names = b->names;
	a->nodes = b->nodes;
	a->nr_nodes = b->nr_nodes;
	a->alloc_nodes = b->alloc_nodes;
	a->index = b->index;
	a->sums = b->sums;
	b->names = t.names;
	b->nodes = t.nodes;
	b->nr_nodes = t.nr_nodes;
	b->alloc_nodes = t.alloc_nodes;
	b->index = t.index;
	b->sums = t.sums;
}

/* Whether some name of p carries its DSO (name_join_dso()). */
static bool has_dso_names(const struct profile *p)
{
	uint32_t id, n = strtab_count(p->names);

	for (id = 0; id < n; id++)
		if (strlen(strtab_str(p->names, id)) !=
		    strtab_len(p->names, id))
			return true;
	return false;
}

struct profile *profile_split_dso_names(struct profile *p)
{
	uint32_t id, nr_names, *plain, *map;
	struct profile *q;

	if (!has_dso_names(p))
		return NULL;
	q = profile__new();
	nr_names = strtab_count(p->names);
	plain = xmalloc(sizeof(*plain) * ((size_t)nr_names + 1));
	for (id = 0; id < nr_names; id++) {
		const char *s = strtab_str(p->names, id);

		plain[id] = strtab_intern(q->names, s,
					  name_plain_len(s, strtab_len(p->names,
								       id)));
	}
	map = xmalloc(sizeof(*map) * p->nr_nodes);
	map[NODE_ROOT] = NODE_ROOT;
	profile_add_self(q, NODE_ROOT, p->nodes[NODE_ROOT].self);
	/* Parents come before their children: map[] is ready for each. */
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		const char *s = strtab_str(p->names, n->name);

		/* perf report's entry of a sample: no frame of the stack */
		if (name_is_sample_entry(s, strtab_len(p->names, n->name)))
			map[id] = map[n->parent];
		else
			map[id] = profile_child(q, map[n->parent],
						plain[n->name], n->kind);
		profile_add_self(q, map[id], n->self);
	}
	free(map);
	free(plain);
	profile_swap_trees(p, q);
	/* What metrics_compute() reads of a profile besides its tree. */
	meta_set(&q->meta.event, p->meta.event);
	meta_set(&q->meta.unit, p->meta.unit);
	q->meta.samples = p->meta.samples;
	return q;
}
