// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/explain.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"


/* Empty sets stay away from metric_set_*(): sane_qsort() and bsearch() on a
 * NULL array are undefined, even for zero elements. */
static void set_sort(struct metric_set *s)
{
	if (s->nr)
		metric_set_sort(s);
}

static double set_get(struct metric_set *s, const char *key)
{
	return s->nr ? metric_set_get(s, key) : 0;
}

static bool set_has(struct metric_set *s, const char *key)
{
	return s->nr && metric_set_find(s, key);
}

static bool skipped_frame(const struct profile *p, uint32_t id)
{
	const struct node *n = &p->nodes[id];

	return n->kind == FRAME_PROCESS ||
	       frame_unresolved(node_name(p, id),
				strtab_len(p->names, n->name));
}

void explain_self_chains(const struct profile *p, double total,
			 struct metric_set *out)
{
	unsigned long alloc = 0;
	char *key = NULL;
	uint32_t id, g;

	if (total <= 0)
		return;
	for (id = 1; id < p->nr_nodes; id++) {
		size_t len = 0;
		int depth = 0;

		/* LKP leaves out a sample whose own IP has no symbol. */
		if (p->nodes[id].self == 0 || skipped_frame(p, id))
			continue;
		for (g = id; g != NODE_ROOT && depth < EXPLAIN_CHAIN_FRAMES;
		     g = p->nodes[g].parent) {
			size_t n = strtab_len(p->names, p->nodes[g].name);

			if (skipped_frame(p, g))
				continue;
			ALLOC_GROW(key, len + n + 2, alloc);
			if (depth++)
				key[len++] = ';';
			len += name_strip_clones(node_name(p, g), n, key + len);
		}
		key[len] = '\0';
		metric_set_add(out, key, 100 * p->nodes[id].self / total);
	}
	free(key);
	set_sort(out);
}

void explain_calltrace_chains(struct metric_set *run, struct metric_set *out)
{
	struct metric_set known = { 0 };
	unsigned long alloc = 0, kalloc = 0;
	char *chain = NULL, *tmp = NULL;
	const char *name;
	size_t i;

	for (i = 0; i < run->nr; i++) {
		enum diff_group g = diff_key_group(run->v[i].key, &name);

		if (g == DIFF_CHILDREN || g == DIFF_SELF)
			metric_set_add(&known, name, 0);
	}
	set_sort(&known);
	for (i = 0; i < run->nr; i++) {
		size_t len, pos = 0, out_len = 0;

		if (diff_key_group(run->v[i].key, &name) != DIFF_CALLTRACE)
			continue;
		len = strlen(name);
		ALLOC_GROW(chain, len + 1, alloc);
		ALLOC_GROW(tmp, len + 1, kalloc);
		while (pos < len) {
			/* The longest known name from pos ending at a '.'
			 * (or the end), else up to the next '.'. */
			size_t end = len, first;
			const char *dot = strchr(name + pos, '.');

			first = dot ? (size_t)(dot - name) : len;
			for (;;) {
				memcpy(tmp, name + pos, end - pos);
				tmp[end - pos] = '\0';
				if (end == first || set_has(&known, tmp))
					break;
				while (--end > first && name[end] != '.')
					;
			}
			if (out_len)
				chain[out_len++] = ';';
			memcpy(chain + out_len, name + pos, end - pos);
			out_len += end - pos;
			pos = end + 1;
		}
		chain[out_len] = '\0';
		metric_set_add(out, chain, run->v[i].value);
	}
	metric_set_free(&known);
	free(chain);
	free(tmp);
	set_sort(out);
}

static int cmp_mover(const void *a, const void *b)
{
	const struct diff_row *x = *(const struct diff_row *const *)a;
	const struct diff_row *y = *(const struct diff_row *const *)b;

	if (fabs(x->change) != fabs(y->change))
		return fabs(x->change) > fabs(y->change) ? -1 : 1;
	return strcmp(x->key, y->key);
}

static void top_movers(const struct diff *d, enum diff_group group,
		       const struct diff_row ***out, size_t *nr)
{
	const struct diff_row **v = xmalloc((d->nr_rows + 1) * sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < d->nr_rows; i++)
		if (d->rows[i].group == group && d->rows[i].changed &&
		    fabs(d->rows[i].change) >= EXPLAIN_MOVER_MIN)
			v[n++] = &d->rows[i];
	sane_qsort(v, n, sizeof(*v), cmp_mover);
	*nr = n < EXPLAIN_TOP ? n : EXPLAIN_TOP;
	*out = v;
}

static double hotness(const struct diff_row *r)
{
	return r->base_mean > r->new_mean ? r->base_mean : r->new_mean;
}

static int cmp_hot(const void *a, const void *b)
{
	const struct diff_row *x = *(const struct diff_row *const *)a;
	const struct diff_row *y = *(const struct diff_row *const *)b;

	if (hotness(x) != hotness(y))
		return hotness(x) > hotness(y) ? -1 : 1;
	return strcmp(x->key, y->key);
}

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_chain(const void *a, const void *b)
{
	const struct explain_chain *x = a, *y = b;

	if (fabs(x->change) != fabs(y->change))
		return fabs(x->change) > fabs(y->change) ? -1 : 1;
	return strcmp(x->chain, y->chain);
}

/* Whether chain is fn's: "fn" or "fn;...". */
static bool chain_of(const char *chain, const char *fn, size_t fn_len)
{
	return !strncmp(chain, fn, fn_len) &&
	       (chain[fn_len] == ';' || !chain[fn_len]);
}

static void hot_chains(struct explain_hot *h, struct metric_set *base,
		       size_t nb, struct metric_set *new, size_t nn,
		       const struct diff_opts *o)
{
	size_t fn_len = strlen(h->fn), nr = 0, alloc = 0, i, j, k;
	const char **keys = NULL;
	double *v = xmalloc((nb + nn) * sizeof(*v));
	struct explain_chain *all = NULL;
	size_t nr_all = 0, alloc_all = 0;

	for (i = 0; i < nb + nn; i++) {
		struct metric_set *s = i < nb ? &base[i] : &new[i - nb];

		for (j = 0; j < s->nr; j++)
			if (chain_of(s->v[j].key, h->fn, fn_len)) {
				ALLOC_GROW(keys, nr + 1, alloc);
				keys[nr++] = s->v[j].key;
			}
	}
	if (nr)
		sane_qsort(keys, nr, sizeof(*keys), cmp_str_ptr);
	for (i = 0; i < nr; i++) {
		struct explain_chain c;

		if (i && !strcmp(keys[i - 1], keys[i]))
			continue;
		for (k = 0; k < nb + nn; k++)
			v[k] = set_get(k < nb ? &base[k] : &new[k - nb],
				       keys[i]);
		c.base = stats_mean(v, nb);
		c.new = stats_mean(v + nb, nn);
		c.change = c.new - c.base;
		if (fabs(c.change) < EXPLAIN_CHAIN_MIN ||
		    !diff_changed(v, nb, v + nb, nn, true, o))
			continue;
		c.chain = xstrdup(keys[i]);
		ALLOC_GROW(all, nr_all + 1, alloc_all);
		all[nr_all++] = c;
	}
	if (nr_all)
		sane_qsort(all, nr_all, sizeof(*all), cmp_chain);
	h->lost = xmalloc((nr_all + 1) * sizeof(*h->lost));
	h->gained = xmalloc((nr_all + 1) * sizeof(*h->gained));
	for (i = 0; i < nr_all; i++) {
		if (all[i].change < 0)
			h->lost[h->nr_lost++] = all[i];
		else
			h->gained[h->nr_gained++] = all[i];
	}
	free(all);
	free(keys);
	free(v);
}

void explain_compute(const struct diff *d, struct metric_set *base,
		     struct metric_set *new, bool calltrace,
		     const struct diff_opts *o, struct explain *e)
{
	const struct diff_row **hot;
	size_t i, n = 0;

	memset(e, 0, sizeof(*e));
	e->nr_base = d->nr_base;
	e->nr_new = d->nr_new;
	e->calltrace = calltrace;
	top_movers(d, DIFF_CHILDREN, &e->children, &e->nr_children);
	top_movers(d, DIFF_SELF, &e->self, &e->nr_self);

	hot = xmalloc((d->nr_rows + 1) * sizeof(*hot));
	for (i = 0; i < d->nr_rows; i++)
		if (d->rows[i].group == DIFF_SELF &&
		    hotness(&d->rows[i]) >= EXPLAIN_HOT)
			hot[n++] = &d->rows[i];
	sane_qsort(hot, n, sizeof(*hot), cmp_hot);
	if (n > EXPLAIN_MAX_HOT)
		n = EXPLAIN_MAX_HOT;
	e->hot = xcalloc(n + 1, sizeof(*e->hot));
	for (i = 0; i < n; i++) {
		struct explain_hot *h = &e->hot[i];

		h->fn = hot[i]->name;
		h->base_self = hot[i]->base_mean;
		h->new_self = hot[i]->new_mean;
		hot_chains(h, base, d->nr_base, new, d->nr_new, o);
	}
	e->nr_hot = n;
	free(hot);
}

/* The chains of every run of s, as explain_compute() wants them. */
static struct metric_set *side_chains(const struct diff_side *s,
				      bool calltrace)
{
	struct metric_set *v = xcalloc(s->nr_runs, sizeof(*v));
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		if (calltrace)
			explain_calltrace_chains(&s->sets[i], &v[i]);
		else
			explain_self_chains(s->side.runs[i], s->totals[i],
					    &v[i]);
	}
	return v;
}

static void free_chains(struct metric_set *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		metric_set_free(&v[i]);
	free(v);
}

void explain_sides(const struct diff *d, const struct diff_side *base,
		   const struct diff_side *new, const struct diff_opts *o,
		   struct explain *e)
{
	bool calltrace = base->stats || new->stats;
	struct metric_set *b = side_chains(base, calltrace);
	struct metric_set *n = side_chains(new, calltrace);

	/* explain_compute() copies the chains it keeps. */
	explain_compute(d, b, n, calltrace, o, e);
	free_chains(b, base->nr_runs);
	free_chains(n, new->nr_runs);
}

void explain_free(struct explain *e)
{
	size_t i, j;

	for (i = 0; i < e->nr_hot; i++) {
		for (j = 0; j < e->hot[i].nr_lost; j++)
			free(e->hot[i].lost[j].chain);
		for (j = 0; j < e->hot[i].nr_gained; j++)
			free(e->hot[i].gained[j].chain);
		free(e->hot[i].lost);
		free(e->hot[i].gained);
	}
	free(e->hot);
	free(e->children);
	free(e->self);
	memset(e, 0, sizeof(*e));
}
