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

/*
 * Whether the chain of kept node id is its own name as it is: its
 * callers are spliced frames (a process under the root, or nothing), and
 * its name has no clone suffix to strip (no '.') and no NUL to end the
 * key early. What self_chain_key() makes, without making it: on many
 * distinct leaves under a process, the chains are most of them.
 */
static bool one_frame_chain(const struct profile *p, uint32_t id)
{
	uint32_t par = p->nodes[id].parent;
	const char *s;
	size_t n;

	if (par != NODE_ROOT && (p->nodes[par].kind != FRAME_PROCESS ||
				 p->nodes[par].parent != NODE_ROOT))
		return false;
	s = node_name(p, id);
	n = strtab_len(p->names, p->nodes[id].name);
	return !memchr(s, '.', n) && !memchr(s, '\0', n);
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

/*
 * Sort v[0..n) stably by its high 32 bits (all below 2^bits), with tmp of
 * n as scratch: least significant digit first, 11 bits a pass, so that a
 * run costs time in its own chains, not in the table their ids are in.
 */
static void sort_by_high(uint64_t *v, uint64_t *tmp, size_t n,
			 unsigned int bits)
{
	unsigned int shift;

	for (shift = 32; shift < 32 + bits; shift += 11) {
		size_t count[1 << 11] = { 0 }, at = 0, i, c;
		uint64_t *t;

		for (i = 0; i < n; i++)
			count[(v[i] >> shift) & 0x7ff]++;
		for (i = 0; i < 1 << 11; i++) {
			c = count[i];
			count[i] = at;
			at += c;
		}
		for (i = 0; i < n; i++)
			tmp[count[(v[i] >> shift) & 0x7ff]++] = v[i];
		t = v;
		v = tmp;
		tmp = t;
	}
	/* an odd number of passes left the result in the scratch */
	if (((bits + 10) / 11) & 1)
		memcpy(tmp, v, n * sizeof(*v));
}

size_t explain_self_chain_ids(const struct profile *p, struct strtab *names,
			      uint32_t **ids, double **vals)
{
	struct strbuf key = STRBUF_INIT;
	bool *kept = xmalloc(p->nr_nodes);
	double scale, total = self_total(p, &scale, kept);
	uint64_t *by = NULL, *tmp = NULL;
	uint32_t id, last, top = 0;
	size_t nr = 0, k = 0, j;
	unsigned int bits = 0;
	bool sorted = true;

	*ids = NULL;
	*vals = NULL;
	if (!(total > 0))
		goto out;
	/* Each chain's id beside its node, in node order. */
	for (id = 1; id < p->nr_nodes; id++)
		k += kept[id];
	by = xmalloc(size_mul(k, sizeof(*by)));
	tmp = xmalloc(size_mul(k, sizeof(*tmp)));
	for (k = 0, id = 1; id < p->nr_nodes; id++) {
		uint32_t of;
		int depth;
		size_t len;

		if (!kept[id])
			continue;
		if (names == p->names && one_frame_chain(p, id)) {
			of = p->nodes[id].name;
			goto have;
		}
		depth = self_chain_key(p, id, &key, &last);
		len = strlen(key.buf); /* as a metric_set key */
		/* A chain of one frame whose name has no clone suffix is
		 * that name: no need to look it up. */
		if (depth == 1 && names == p->names &&
		    len == strtab_len(names, p->nodes[last].name))
			of = p->nodes[last].name;
		else
			of = strtab_intern(names, key.buf, len);
have:
		if (of < top)
			sorted = false;
		else
			top = of;
		by[k++] = (uint64_t)of << 32 | id;
	}
	while (bits < 32 && top >> bits)
		bits++;
	/* By ascending id, node order kept among equal ids: summed as
	 * metric_set_sort() sums equal keys, in the order they came. Ids
	 * interned as the nodes come are in that order already. */
	if (!sorted)
		sort_by_high(by, tmp, k, bits);
	*ids = xmalloc(size_mul(k, sizeof(**ids)));
	*vals = xmalloc(size_mul(k, sizeof(**vals)));
	for (j = 0; j < k; j++) {
		uint32_t of = by[j] >> 32;
		double v = 100 * (p->nodes[(uint32_t)by[j]].self * scale) /
			   total, s;

		if (!nr || (*ids)[nr - 1] != of) {
			(*ids)[nr] = of;
			(*vals)[nr++] = v;
			continue;
		}
		s = (*vals)[nr - 1] + v;
		(*vals)[nr - 1] = isfinite(s) ? s : copysign(DBL_MAX, s);
	}
out:
	strbuf_release(&key);
	free(kept);
	free(by);
	free(tmp);
	return nr;
}
