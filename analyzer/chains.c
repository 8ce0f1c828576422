// SPDX-License-Identifier: GPL-2.0
/* A run's self-time chains (chains.h). */
#include <float.h>
#include <math.h>

#include "analyzer/chains.h"
#include "analyzer/names.h"
#include "lib/strbuf.h"

static bool skipped_frame(const struct profile *p, uint32_t id)
{
	const struct node *n = &p->nodes[id];

	return n->kind == FRAME_PROCESS ||
	       frame_unresolved(node_name(p, id),
				strtab_len(p->names, n->name));
}

void explain_self_chains(const struct profile *p, struct metric_set *out)
{
	struct strbuf key = STRBUF_INIT;
	double total = 0, scale = 1;
	uint32_t id, g;

	/* The weight metrics_compute() keeps, added in the same order (so
	 * the same double), at its scale where the sum would overflow. */
	for (id = 1; id < p->nr_nodes; id++)
		if (p->nodes[id].self != 0 && !skipped_frame(p, id))
			total += p->nodes[id].self;
	if (!(total < DBL_MAX / 128)) {
		scale = ldexp(1, -(ilogb((double)p->nr_nodes) + 2 + 8));
		for (total = 0, id = 1; id < p->nr_nodes; id++)
			if (p->nodes[id].self != 0 && !skipped_frame(p, id))
				total += p->nodes[id].self * scale;
	}
	if (!(total > 0))
		return;
	for (id = 1; id < p->nr_nodes; id++) {
		int depth = 0;
		size_t at;

		/* LKP leaves out a sample whose own IP has no symbol. */
		if (p->nodes[id].self == 0 || skipped_frame(p, id))
			continue;
		strbuf_reset(&key);
		for (g = id; g != NODE_ROOT && depth < EXPLAIN_CHAIN_FRAMES;
		     g = p->nodes[g].parent) {
			size_t n = strtab_len(p->names, p->nodes[g].name);

			if (skipped_frame(p, g))
				continue;
			if (depth++)
				strbuf_addch(&key, ';');
			at = key.len;
			strbuf_add(&key, node_name(p, g), n);
			strbuf_setlen(&key, at + name_strip_clones(key.buf + at,
								   n, key.buf + at));
		}
		metric_set_add(out, key.buf,
			       100 * (p->nodes[id].self * scale) / total);
	}
	strbuf_release(&key);
	/* an empty set stays away from metric_set_sort(): see explain.c */
	if (out->nr)
		metric_set_sort(out);
}

