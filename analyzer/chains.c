// SPDX-License-Identifier: GPL-2.0
/* A run's self-time chains (chains.h). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "analyzer/chains.h"
#include "analyzer/names.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"

static bool skipped_frame(const struct profile *p, uint32_t id)
{
	const struct node *n = &p->nodes[id];

	return n->kind == FRAME_PROCESS ||
	       frame_unresolved(node_name(p, id),
				strtab_len(p->names, n->name));
}

/* Whether node id keeps a self-time chain: LKP leaves out a sample whose
 * own IP has no symbol. */
static bool has_chain(const struct profile *p, uint32_t id)
{
	return p->nodes[id].self != 0 && !skipped_frame(p, id);
}

/*
 * The weight metrics_compute() keeps, added in the same order (so the
 * same double), at its scale (*scale) where the sum would overflow. If
 * kept, kept[id] says whether node id keeps a chain (has_chain()).
 */
static double self_total(const struct profile *p, double *scale, bool *kept)
{
	double total = 0;
	uint32_t id;

	*scale = 1;
	for (id = 1; id < p->nr_nodes; id++) {
		bool k = has_chain(p, id);

		if (kept)
			kept[id] = k;
		if (k)
			total += p->nodes[id].self;
	}
	if (total < DBL_MAX / 128)
		return total;
	*scale = ldexp(1, -(ilogb((double)p->nr_nodes) + 2 + 8));
	for (total = 0, id = 1; id < p->nr_nodes; id++)
		if (has_chain(p, id))
			total += p->nodes[id].self * *scale;
	return total;
}

/*
 * The chain of node id into key, "f0;...;f4", callee first; the number of
 * frames in it, and *last the node of the last one.
 */
static int self_chain_key(const struct profile *p, uint32_t id,
			  struct strbuf *key, uint32_t *last)
{
	int depth = 0;
	uint32_t g;
	size_t at;

	strbuf_reset(key);
	for (g = id; g != NODE_ROOT && depth < EXPLAIN_CHAIN_FRAMES;
	     g = p->nodes[g].parent) {
		size_t n = strtab_len(p->names, p->nodes[g].name);

		if (skipped_frame(p, g))
			continue;
		if (depth++)
			strbuf_addch(key, ';');
		at = key->len;
		strbuf_add(key, node_name(p, g), n);
		strbuf_setlen(key, at + name_strip_clones(key->buf + at, n,
							  key->buf + at));
		*last = g;
	}
	return depth;
}

void explain_self_chains(const struct profile *p, struct metric_set *out)
{
	struct strbuf key = STRBUF_INIT;
	double scale, total = self_total(p, &scale, NULL);
	uint32_t id, last;

	if (!(total > 0))
		return;
	for (id = 1; id < p->nr_nodes; id++) {
		if (!has_chain(p, id))
			continue;
		self_chain_key(p, id, &key, &last);
		metric_set_add(out, key.buf,
			       100 * (p->nodes[id].self * scale) / total);
	}
	strbuf_release(&key);
	/* an empty set stays away from metric_set_sort(): see explain.c */
	if (out->nr)
		metric_set_sort(out);
}

size_t explain_self_chain_ids(const struct profile *p, struct strtab *names,
			      uint32_t **ids, double **vals)
{
	struct strbuf key = STRBUF_INIT;
	bool *kept = xmalloc(p->nr_nodes);
	double scale, total = self_total(p, &scale, kept), *sum = NULL;
	uint32_t id, last, *of = NULL, n;
	uint8_t *seen = NULL;
	size_t nr = 0, j;

	*ids = NULL;
	*vals = NULL;
	if (!(total > 0))
		goto out;
	/* Each chain's id, node by node. */
	of = xmalloc(size_mul(p->nr_nodes, sizeof(*of)));
	for (id = 1; id < p->nr_nodes; id++) {
		int depth;
		size_t len;

		if (!kept[id])
			continue;
		depth = self_chain_key(p, id, &key, &last);
		len = strlen(key.buf); /* as a metric_set key */
		/* A chain of one frame whose name has no clone suffix is
		 * that name: no need to look it up. */
		if (depth == 1 && names == p->names &&
		    len == strtab_len(names, p->nodes[last].name))
			of[id] = p->nodes[last].name;
		else
			of[id] = strtab_intern(names, key.buf, len);
	}
	/* Summed per id in node order, as metric_set_sort() sums equal
	 * keys in the order they were added; then by ascending id. */
	n = strtab_count(names);
	sum = xmalloc(size_mul(n, sizeof(*sum)));
	seen = xcalloc(n, 1);
	for (id = 1; id < p->nr_nodes; id++) {
		double v, s;

		if (!kept[id])
			continue;
		v = 100 * (p->nodes[id].self * scale) / total;
		if (!seen[of[id]]) {
			seen[of[id]] = 1;
			sum[of[id]] = v;
			nr++;
			continue;
		}
		s = sum[of[id]] + v;
		sum[of[id]] = isfinite(s) ? s : copysign(DBL_MAX, s);
	}
	*ids = xmalloc(size_mul(nr, sizeof(**ids)));
	*vals = xmalloc(size_mul(nr, sizeof(**vals)));
	for (j = 0, id = 0; id < n; id++) {
		if (!seen[id])
			continue;
		(*ids)[j] = id;
		(*vals)[j++] = sum[id];
	}
out:
	strbuf_release(&key);
	free(kept);
	free(of);
	free(seen);
	free(sum);
	return nr;
}
