// SPDX-License-Identifier: GPL-2.0
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/explain.h"
#include "analyzer/side.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"
#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/sort.h"
#include "lib/strbuf.h"


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

/*
 * The names a calltrace key may hold, to find the longest one at a given
 * place of a key without trying every '.' that could end it: a key of n
 * bytes costs O(n) hashing plus, per name found, one probe per distinct
 * length of the known names (a handful), where copying and looking up
 * every candidate cost O(n^3) (32 KB: 34 s).
 *
 * Strings are hashed as polynomials modulo the Mersenne prime 2^61 - 1,
 * so that a substring's hash comes from two prefix hashes. Equal hashes
 * are compared byte for byte: a collision costs time, never a wrong name.
 */
#define HASH_MOD ((1ULL << 61) - 1)
#define HASH_BASE 1000003ULL

static uint64_t mod_mul(uint64_t a, uint64_t b)
{
	unsigned __int128 p = (unsigned __int128)a * b;
	uint64_t r = (uint64_t)(p & HASH_MOD) + (uint64_t)(p >> 61);

	return r >= HASH_MOD ? r - HASH_MOD : r;
}

static uint64_t mod_add(uint64_t a, uint64_t b)
{
	uint64_t r = a + b;

	return r >= HASH_MOD ? r - HASH_MOD : r;
}

struct known_names {
	struct metric_set set;	/* the names, sorted, unique */
	uint32_t *by_hash;	/* indexes into set.v, by hash */
	uint64_t *hash;		/* by index into set.v */
	struct hmap first;	/* hash -> first position in by_hash */
	size_t *lens;		/* the distinct lengths, longest first */
	size_t nr_lens;
};

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0;
	size_t i;

	for (i = 0; i < n; i++)
		h = mod_add(mod_mul(h, HASH_BASE), (unsigned char)s[i] + 1);
	return h;
}

/* Indices ordered by the hashes (ctx) they index. */
static int cmp_by_hash(const void *a, const void *b, void *ctx)
{
	const uint64_t *hashes = ctx;
	uint64_t x = hashes[*(const uint32_t *)a];
	uint64_t y = hashes[*(const uint32_t *)b];

	return x < y ? -1 : x > y;
}

static int cmp_size_desc(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x > y ? -1 : x < y;
}

static void known_init(struct known_names *k, struct metric_set *run)
{
	const char *name;
	size_t i, n;

	memset(k, 0, sizeof(*k));
	for (i = 0; i < run->nr; i++) {
		enum diff_group g = diff_key_group(run->v[i].key, &name);

		if (g == DIFF_CHILDREN || g == DIFF_SELF)
			metric_set_add(&k->set, name, 0);
	}
	set_sort(&k->set);
	n = k->set.nr;
	k->by_hash = xmalloc(size_mul(n + 1, sizeof(*k->by_hash)));
	k->hash = xmalloc(size_mul(n + 1, sizeof(*k->hash)));
	k->lens = xmalloc(size_mul(n + 1, sizeof(*k->lens)));
	for (i = 0; i < n; i++) {
		const char *s = k->set.v[i].key;

		k->lens[i] = strlen(s);
		k->hash[i] = hash_bytes(s, k->lens[i]);
		k->by_hash[i] = i;
	}
	sort_r(k->by_hash, n, sizeof(*k->by_hash), cmp_by_hash, k->hash);
	for (i = n; i-- > 0;)
		*hmap_insert(&k->first, k->hash[k->by_hash[i]], NULL) = i;
	sane_qsort(k->lens, n, sizeof(*k->lens), cmp_size_desc);
	for (i = 0, k->nr_lens = 0; i < n; i++)
		if (!k->nr_lens || k->lens[k->nr_lens - 1] != k->lens[i])
			k->lens[k->nr_lens++] = k->lens[i];
}

static void known_release(struct known_names *k)
{
	metric_set_release(&k->set);
	free(k->by_hash);
	free(k->hash);
	free(k->lens);
	hmap_release(&k->first);
}

/* Whether s[0..n), of hash h, is a known name. */
static bool known_has(const struct known_names *k, const char *s, size_t n,
		      uint64_t h)
{
	const uint64_t *at = hmap_find(&k->first, h);
	size_t i;

	if (!at)
		return false;
	for (i = *at; i < k->set.nr && k->hash[k->by_hash[i]] == h; i++) {
		const char *name = k->set.v[k->by_hash[i]].key;

		if (!strncmp(name, s, n) && !name[n])
			return true;
	}
	return false;
}

/*
 * Split a calltrace key's chain into names: at each place the longest
 * known name that ends at a '.' (or the end), else up to the next '.'.
 * prefix[] and power[] hold len + 1 entries.
 */
static void split_chain(const struct known_names *k, const char *name,
			size_t len, uint64_t *prefix, uint64_t *power,
			struct strbuf *chain)
{
	size_t i, pos = 0;

	prefix[0] = 0;
	power[0] = 1;
	for (i = 0; i < len; i++) {
		prefix[i + 1] = mod_add(mod_mul(prefix[i], HASH_BASE),
					(unsigned char)name[i] + 1);
		power[i + 1] = mod_mul(power[i], HASH_BASE);
	}
	strbuf_reset(chain);
	while (pos < len) {
		const char *dot = memchr(name + pos, '.', len - pos);
		size_t first = dot ? (size_t)(dot - name) : len, end = first;

		for (i = 0; i < k->nr_lens; i++) {
			size_t e = pos + k->lens[i];
			uint64_t h;

			if (k->lens[i] > len - pos || e <= first)
				continue;
			if (e < len && name[e] != '.')
				continue;
			/* hash(name[pos..e)) from the prefix hashes */
			h = mod_add(prefix[e], HASH_MOD - mod_mul(prefix[pos],
							power[e - pos]));
			if (known_has(k, name + pos, e - pos, h)) {
				end = e;
				break;
			}
		}
		if (chain->len)
			strbuf_addch(chain, ';');
		strbuf_add(chain, name + pos, end - pos);
		pos = end + 1;
	}
}

void explain_calltrace_chains(struct metric_set *run, struct metric_set *out)
{
	struct strbuf chain = STRBUF_INIT;
	uint64_t *prefix = NULL, *power = NULL;
	unsigned long alloc = 0, alloc_power = 0;
	struct known_names known;
	const char *name;
	size_t i;

	known_init(&known, run);
	for (i = 0; i < run->nr; i++) {
		size_t len;

		if (diff_key_group(run->v[i].key, &name) != DIFF_CALLTRACE)
			continue;
		len = strlen(name);
		ALLOC_GROW(prefix, size_add(len, 1), alloc);
		ALLOC_GROW(power, size_add(len, 1), alloc_power);
		split_chain(&known, name, len, prefix, power, &chain);
		metric_set_add(out, chain.buf, run->v[i].value);
	}
	known_release(&known);
	strbuf_release(&chain);
	free(prefix);
	free(power);
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

static int cmp_switch(const void *a, const void *b)
{
	const struct explain_switch *x = a, *y = b;
	double dx = fabs(x->row->new_mean - x->row->base_mean);
	double dy = fabs(y->row->new_mean - y->row->base_mean);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->row->key, y->row->key);
}

/* The changed perf-sched average rows of d, by chain (explain.h). */
static void switch_movers(const struct diff *d, struct explain *e)
{
	static const char wait[] = "perf-sched.wait_time.avg.ms.";
	static const char delay[] = "perf-sched.sch_delay.avg.ms.";
	struct explain_switch *v = xcalloc(d->nr_rows + 1, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];
		bool is_delay = !strncmp(r->key, delay, sizeof(delay) - 1);

		if (!r->changed || r->new_mean == r->base_mean ||
		    (!is_delay && strncmp(r->key, wait, sizeof(wait) - 1)))
			continue;
		v[n].row = r;
		v[n].delay = is_delay;
		v[n].chain = r->key + (is_delay ? sizeof(delay) : sizeof(wait)) -
			     1;
		n++;
	}
	sane_qsort(v, n, sizeof(*v), cmp_switch);
	e->switches = v;
	e->nr_switches = n < EXPLAIN_SWITCHES ? n : EXPLAIN_SWITCHES;
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
	for (i = 0; i < d->nr_rows && !e->headline; i++)
		if (bench_headline_key(d->rows[i].key))
			e->headline = &d->rows[i];
	top_movers(d, DIFF_CHILDREN, &e->children, &e->nr_children);
	top_movers(d, DIFF_SELF, &e->self, &e->nr_self);
	switch_movers(d, e);

	hot = xmalloc((d->nr_rows + 1) * sizeof(*hot));
	for (i = 0; i < d->nr_rows; i++)
		if (explain_row_hot(&d->rows[i]))
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
		h->heat = !explain_is_hot(h->base_self) ? EXPLAIN_BECAME_HOT :
			  explain_is_hot(h->new_self)	? EXPLAIN_STAYED_HOT :
							  EXPLAIN_COOLED_DOWN;
		hot_chains(h, base, d->nr_base, new, d->nr_new, o);
	}
	e->nr_hot = n;
	free(hot);
}

static void free_chains(struct metric_set *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		metric_set_release(&v[i]);
	free(v);
}

/* The chains of every run of s, as explain_compute() wants them (of a
 * profile, those d's explanation can take). */
static struct metric_set *side_chains(const struct diff *d,
				      const struct diff_side *s,
				      bool calltrace)
{
	struct metric_set *v = xcalloc(s->nr_runs + 1, sizeof(*v));
	bool *hot = calltrace ? NULL : diff_side_hot_chains(s, d);
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		if (calltrace)
			explain_calltrace_chains(&s->sets[i], &v[i]);
		else
			diff_side_chains(s, i, hot, &v[i]);
	}
	free(hot);
	return v;
}

/* Mean over s's runs of v's share (percent) of each run's kept weight. */
static double own_weight(const struct diff_side *s, const double *v,
			 double *total)
{
	double own = 0, tot = 0;
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		own += v[i] / 100 * s->totals[i];
		tot += s->totals[i];
	}
	*total = s->nr_runs ? tot / s->nr_runs : 0;
	return s->nr_runs ? own / s->nr_runs : 0;
}

static void share_only_add(struct explain *e, const struct diff_row *r,
			   const struct diff_side *base,
			   const struct diff_side *new)
{
	struct explain_share_only x = { .row = r };
	size_t i;

	if (!(r->change > 0) || !r->base_runs || !r->new_runs)
		return;
	for (i = 0; i < e->nr_share_only; i++)
		if (!strcmp(e->share_only[i].row->name, r->name))
			return;
	x.base_own = own_weight(base, r->base_runs, &x.base_total);
	x.new_own = own_weight(new, r->new_runs, &x.new_total);
	if (!(x.base_own > 0 && x.base_total > 0 && x.new_total > 0))
		return;
	/* The total fell, and its own weight stayed where it was. */
	if (!(x.new_total < x.base_total * (1 - EXPLAIN_OWN_SAME)) ||
	    !(x.new_own <= x.base_own * (1 + EXPLAIN_OWN_SAME)))
		return;
	e->share_only = xrealloc(e->share_only, (e->nr_share_only + 1) *
						       sizeof(*e->share_only));
	e->share_only[e->nr_share_only++] = x;
}

/* Which top movers rose in share only because the total shrank. */
static void share_only(struct explain *e, const struct diff_side *base,
		       const struct diff_side *new)
{
	size_t i;

	if (base->stats || new->stats || !base->totals || !new->totals)
		return;
	for (i = 0; i < e->nr_children; i++)
		share_only_add(e, e->children[i], base, new);
	for (i = 0; i < e->nr_self; i++)
		share_only_add(e, e->self[i], base, new);
}

void explain_sides(const struct diff *d, const struct diff_side *base,
		   const struct diff_side *new, const struct diff_opts *o,
		   struct explain *e)
{
	bool calltrace = base->stats || new->stats;
	struct metric_set *b, *n;

	memset(e, 0, sizeof(*e));
	b = side_chains(d, base, calltrace);
	n = side_chains(d, new, calltrace);
	/* explain_compute() copies the chains it keeps. */
	explain_compute(d, b, n, calltrace, o, e);
	share_only(e, base, new);
	free_chains(b, base->nr_runs);
	free_chains(n, new->nr_runs);
}

void explain_release(struct explain *e)
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
	free(e->switches);
	free(e->share_only);
	free(e->procs);
	free(e->children);
	free(e->self);
	memset(e, 0, sizeof(*e));
}

static int cmp_process(const void *a, const void *b)
{
	const struct explain_process *x = a, *y = b;
	double dx = fabs(x->change), dy = fabs(y->change);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

void explain_processes(struct explain *e, const struct cmp_tree *t)
{
	unsigned long alloc = 0;
	uint32_t c;

	free(e->procs);
	e->procs = NULL;
	e->nr_procs = 0;
	if (!t)
		return;
	for (c = t->shape->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = t->shape->nodes[c].next_sibling) {
		struct cmp_node n;

		cmp_node_get(t, c, &n);
		if (n.kind != FRAME_PROCESS || !n.changed)
			continue;
		ALLOC_GROW(e->procs, e->nr_procs + 1, alloc);
		e->procs[e->nr_procs++] = (struct explain_process){
			cmp_name(t, c), n.base, n.new, n.change
		};
	}
	sane_qsort(e->procs, e->nr_procs, sizeof(*e->procs), cmp_process);
}

bool explain_headline_text(const struct diff *d, struct strbuf *sb)
{
	char b[64], n[64];
	size_t i;

	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		if (!bench_headline_key(r->key))
			continue;
		strbuf_addf(sb, "%s %+.1f%% (%s -> %s)", r->key, r->change,
			    bench_fmt_figure(b, sizeof(b), r->base_mean),
			    bench_fmt_figure(n, sizeof(n), r->new_mean));
		return true;
	}
	return false;
}
