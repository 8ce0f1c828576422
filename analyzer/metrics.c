// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/linereader.h"
#include "lib/hmap.h"
#include "analyzer/event.h"
#include "analyzer/frame-ids.h"
#include "analyzer/metrics.h"
#include "analyzer/names.h"
#include "lib/sort.h"
#include "lib/strbuf.h"

/*
 * How it works: a few passes over the profile's nodes, and a walk of the
 * few paths that carry at least 0.5% of the weight.
 *
 * Process names and unresolved frames are "spliced": they are not
 * functions and chains skip them. The chain perf shows for a function F in
 * a sample is then the root..F path of the node of F's occurrence nearest
 * the leaf, with the spliced frames left out.
 *
 * For a function node f let near(f) be the weight of the kept samples at
 * or below f for which f is the occurrence of its function nearest the
 * leaf. Then children(F) is the sum of near(f) over the nodes of F (each
 * sample counted once, recursion or not), and near(f) is the weight that
 * f's chain gets in perf's callee-first listing under F. near(f) is f's
 * subtree weight minus the subtree weights of the nodes g whose nearest
 * ancestor of the same function is f; one depth-first walk keeping, per
 * function, its last node on the current path finds those.
 */


/*
 * What perf prints ("%.2f") read back, as LKP adds it up. That is k /
 * 100 for the k that printf rounds percent * 100 to (strtod() and the
 * division both give the double nearest k / 100): computed as such,
 * unless percent * 100 is within reach of its rounding error from a
 * half, where printf's own rounding of the exact value decides. Once
 * per function, on millions of them the printing was a tenth of report.
 */
static double perf_figure(double percent)
{
	double x = percent * 100, k = floor(x + 0.5);
	char buf[64];

	if (x >= 0 && x < 0x1p40 && fabs(x - floor(x) - 0.5) > 1e-6)
		return k / 100;

	snprintf(buf, sizeof(buf), "%.2f", percent);
	return strtod(buf, NULL);
}

char *metrics_event_name(const char *event)
{
	/* analyzer/event.c: as LKP names it, "cpu-clock:pppH" "cpu-clock" */
	return event_key_name(event && *event ? event : "cycles:pp");
}

/* Everything metrics_compute() builds on the way, freed at its end. */
struct work {
	const struct profile *p;
	struct frame_ids fns;	/* (name, kind) <-> raw function id */
	uint8_t *unresolved;	/* by profile name id: 0 unknown, 1 no, 2 yes,
				 * 3 no: a sample's entry (fn_name()) */
	double scale;		/* of every weight: see weight_scale() */

	/* By profile node: */
	uint32_t *fn;		/* raw function id, NO_FN for a spliced frame */
	double *sub;		/* kept weight ending at or below the node */
	double *near;		/* see the top of this file */

	/* The merged tree of the heavy paths (see collect_chains()). */
	struct mnode *m;
	unsigned long nr_m, alloc_m;
	uint32_t *src, *src_next; /* source lists: profile nodes */
	unsigned long nr_src, alloc_src, alloc_src_next;
	struct hmap m_child;	/* (merged parent, fn) -> merged node */
	double *acc;		/* by raw function id: expand()'s sums, 0 */
};

#define NO_FN UINT32_MAX

#define FREE_AND_NULL(p) \
	do {              \
		free(p);  \
		(p) = NULL; \
	} while (0)

static int name_unresolved(struct work *w, uint32_t name)
{
	if (!w->unresolved[name]) {
		const char *s = profile_str(w->p, name);
		size_t all = strtab_len(w->p->names, name);
		size_t len = name_plain_len(s, all);

		w->unresolved[name] = frame_unresolved(s, len) ? 2 :
				      name_is_sample_entry(s, all) ? 3 : 1;
	}
	return w->unresolved[name] == 2;
}

/*
 * The name a node's function goes by: its own, but for perf report's
 * entry of a sample (name_is_sample_entry(), after name_unresolved()
 * saw it), which is the entry of its symbol in its DSO, the one that a
 * frame of that name in the call chain has too: one function, so that
 * a sample with both counts once in its children, as in perf's.
 */
static uint32_t fn_name(struct work *w, uint32_t name)
{
	const char *s;
	size_t len;
	uint32_t base;

	if (w->unresolved[name] != 3)
		return name;
	s = profile_str(w->p, name);
	len = strtab_len(w->p->names, name);
	while (len && s[len - 1] != NAME_DSO_SEP)
		len--; /* "name" SEP "DSO" SEP "sample": the last SEP */
	base = len ? strtab_find(w->p->names, s, len - 1) : UINT32_MAX;
	return base != UINT32_MAX ? base : name;
}

static uint32_t raw_fn(struct work *w, uint32_t name, unsigned int kind)
{
	return frame_ids_get(&w->fns, name, kind, NULL);
}

/*
 * The factor every weight is taken with: 1, unless the profile's weights
 * add up to more than DBL_MAX / 128 (percentages multiply by 100), where
 * a power of two (exact) brings n weights of up to DBL_MAX under that.
 * Shares do not change with the scale.
 */
static double weight_scale(const struct profile *p)
{
	double all = 0;
	uint32_t id;

	for (id = 0; id < p->nr_nodes; id++)
		all += p->nodes[id].self;
	if (all < DBL_MAX / 128)
		return 1;
	return ldexp(1, -(ilogb((double)p->nr_nodes) + 2 + 8));
}

/*
 * Which nodes are functions, and the kept weight at and below each node.
 * Spliced frames (process names, unresolved symbols, the root) pass the
 * weight of what is below them on to their parent like any node: the
 * subtree of a function node holds the same samples with or without them.
 */
static void classify(struct work *w, struct metrics *m)
{
	const struct profile *p = w->p;
	uint32_t id;

	w->fn = xmalloc(sizeof(*w->fn) * p->nr_nodes);
	w->sub = xcalloc(p->nr_nodes, sizeof(*w->sub));
	w->fn[NODE_ROOT] = NO_FN;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];

		if (n->kind == FRAME_PROCESS || name_unresolved(w, n->name))
			w->fn[id] = NO_FN;
		else
			w->fn[id] = raw_fn(w, fn_name(w, n->name), n->kind);
	}
	/* From here on a function is only asked its name. */
	frame_ids_drop_lookup(&w->fns);
	FREE_AND_NULL(w->unresolved);
	for (id = 0; id < p->nr_nodes; id++) {
		double self = p->nodes[id].self * w->scale;

		if (self == 0)
			continue;
		/* perf -U: a sample whose own IP has no symbol is gone. */
		if (w->fn[id] == NO_FN) {
			m->hidden += self;
			m->hidden_stacks++;
			continue;
		}
		w->sub[id] = self;
		m->total += self;
		m->stacks++;
	}
	/* Children have larger ids than their parents. */
	for (id = p->nr_nodes - 1; id > 0; id--)
		w->sub[p->nodes[id].parent] += w->sub[id];
}

/*
 * classify()'s totals alone, in one pass and without a function table:
 * what a comparison that shows no rows wants of a run.
 */
static void classify_totals(struct work *w, struct metrics *m)
{
	const struct profile *p = w->p;
	uint32_t id;

	for (id = 0; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		double self = n->self * w->scale;

		if (self == 0)
			continue;
		/* the root is no function either */
		if (id == NODE_ROOT || n->kind == FRAME_PROCESS ||
		    name_unresolved(w, n->name)) {
			m->hidden += self;
			m->hidden_stacks++;
			continue;
		}
		m->total += self;
		m->stacks++;
	}
}

/*
 * near() of every function node: a depth-first walk that keeps, per
 * function, its node nearest to the current one on the path (spliced
 * frames take no part).
 */
static void compute_near(struct work *w)
{
	const struct profile *p = w->p;
	uint32_t *last = xmalloc(sizeof(*last) * (w->fns.nr + 1));
	/* Entered function nodes keep their saved last[] below their
	 * leave entry: up to two entries a node, of which a walk touches
	 * (and the memory holds) only what is pending at once. All the
	 * children of a node are pending at once, a million under one
	 * process: 4 bytes an entry, and a bit apart for what it is. */
	size_t max = 2 * (size_t)p->nr_nodes + 1, sp = 0;
	uint32_t *stack = xmalloc(sizeof(*stack) * max);
	uint64_t *leave = xmalloc(sizeof(*leave) * (max / 64 + 1));
	uint32_t n, c, fn;

	w->near = xmalloc(sizeof(*w->near) * p->nr_nodes);
	memcpy(w->near, w->sub, sizeof(*w->near) * p->nr_nodes);
	memset(last, 0xff, sizeof(*last) * (w->fns.nr + 1));
	/* An entry is a node to enter, or (its bit in leave[] set) to
	 * leave, with what last[] of its function was under it. A node is
	 * on the stack at most once to enter or (exclusively) to leave. */
#define PUSH(v, out)                                                       \
	do {                                                               \
		uint64_t bit = 1ULL << (sp % 64);                          \
		leave[sp / 64] = (out) ? leave[sp / 64] | bit              \
				       : leave[sp / 64] & ~bit;            \
		stack[sp++] = (v);                                         \
	} while (0)
	PUSH(NODE_ROOT, false);
	while (sp) {
		bool out;

		sp--;
		out = leave[sp / 64] >> (sp % 64) & 1;
		n = stack[sp];
		fn = w->fn[n];
		if (out) {
			last[fn] = stack[--sp];
			continue;
		}
		/* Nothing below a node without kept samples matters. */
		if (w->sub[n] == 0)
			continue;
		if (fn != NO_FN) {
			uint32_t saved = last[fn];

			if (saved != UINT32_MAX)
				w->near[saved] -= w->sub[n];
			last[fn] = n;
			PUSH(saved, false);
			PUSH(n, true);
		}
		for (c = p->nodes[n].first_child; c != NODE_NONE;
		     c = p->nodes[c].next_sibling)
			PUSH(c, false);
	}
#undef PUSH
	free(last);
	free(stack);
	free(leave);
}

/*
 * Cleaned names interned in m->names; entries indexed by that id. A frame
 * of DSO "inlined" (NAME_DSO_INLINED) is one perf report prints as "NAME
 * (inlined)": so named here, which LKP's parser takes for no key.
 */
static uint32_t clean_name(struct metrics *m, const char *s, size_t len,
			   struct strbuf *buf)
{
	size_t plain = name_plain_len(s, len);

	strbuf_reset(buf);
	strbuf_add(buf, s, plain);
	strbuf_setlen(buf, name_strip_clones(buf->buf, plain, buf->buf));
	if (name_dso_inlined(s, len))
		strbuf_addstr(buf, " (inlined)");
	return strtab_intern(m->names, buf->buf, buf->len);
}

static int cmp_fn(const void *a, const void *b)
{
	const struct fn_metric *x = a, *y = b;

	if (x->children != y->children)
		return x->children < y->children ? 1 : -1;
	if (x->self != y->self)
		return x->self < y->self ? 1 : -1;
	return strcmp(x->name, y->name);
}

static int cmp_chain(const void *a, const void *b)
{
	const struct chain_metric *x = a, *y = b;

	if (x->percent != y->percent)
		return x->percent < y->percent ? 1 : -1;
	return strcmp(x->name, y->name);
}

/*
 * The calltrace needs equal chains added up before the 0.5% cut: the same
 * path under two process names, or around an unresolved frame, is one
 * chain. So paths are merged into a tree keyed by (parent, function), but
 * only below merged nodes whose subtree holds at least the cut: a chain's
 * weight is at most that of any node on it. This touches a few thousand
 * nodes where the whole tree may have millions.
 */
struct mnode {
	uint32_t parent;
	uint32_t fn;
	uint32_t src; /* first source, index into w->src; UINT32_MAX: none */
	double sub, near;
};

static uint32_t mnode_child(struct work *w, uint32_t parent, uint32_t fn,
			    int *created)
{
	uint64_t key = (uint64_t)parent << 32 | fn;
	uint32_t id = (uint32_t)hmap_get(&w->m_child, key, UINT32_MAX);

	*created = 0;
	if (id != UINT32_MAX)
		return id;
	id = w->nr_m++;
	ALLOC_GROW(w->m, w->nr_m, w->alloc_m);
	w->m[id].parent = parent;
	w->m[id].fn = fn;
	w->m[id].src = UINT32_MAX;
	w->m[id].sub = 0;
	w->m[id].near = 0;
	hmap_put(&w->m_child, key, id);
	*created = 1;
	return id;
}

static void mnode_add_source(struct work *w, uint32_t id, uint32_t node)
{
	uint32_t i = w->nr_src++;

	ALLOC_GROW(w->src, w->nr_src, w->alloc_src);
	ALLOC_GROW(w->src_next, w->nr_src, w->alloc_src_next);
	w->src[i] = node;
	w->src_next[i] = w->m[id].src;
	w->m[id].src = i;
	w->m[id].sub += w->sub[node];
	w->m[id].near += w->near[node];
}

/*
 * Give merged node id its children: the function nodes right below its
 * sources, looking through spliced frames. Returns the new merged nodes
 * in *kids (reused buffer).
 *
 * Only children whose merged weight reaches min are made: a lighter one
 * can neither be a chain nor lead to one (its near is at most its sub),
 * and under a wide node (a million distinct leaves) making them all cost
 * a node and a hash entry each for nothing. So a first walk adds up each
 * function's weight in w->acc, in the order the second walk's
 * mnode_add_source() adds it (the same double, the same cut), and the
 * second makes the children that reach it.
 */
static size_t expand(struct work *w, uint32_t id, double min, uint32_t **kids,
		     unsigned long *kids_alloc, uint32_t **stack,
		     unsigned long *stack_alloc)
{
	const struct profile *p = w->p;
	size_t nr_kids = 0, sp = 0;
	uint32_t s, n, c;
	int created, pass;
	bool reached = false; /* some function's weight reaches min */

	for (pass = 0; pass < 3; pass++)
	for (s = w->m[id].src; s != UINT32_MAX; s = w->src_next[s]) {
		/* Sums only grow: none reached min, no child is made (the
		 * common case under a wide node of light leaves). */
		if (pass == 1 && !reached)
			break;
		ALLOC_GROW(*stack, sp + 1, *stack_alloc);
		(*stack)[sp++] = w->src[s];
		while (sp) {
			n = (*stack)[--sp];
			for (c = p->nodes[n].first_child; c != NODE_NONE;
			     c = p->nodes[c].next_sibling) {
				double *acc;
				uint32_t k;

				if (w->sub[c] == 0)
					continue;
				if (w->fn[c] == NO_FN) {
					ALLOC_GROW(*stack, sp + 1,
						   *stack_alloc);
					(*stack)[sp++] = c;
					continue;
				}
				acc = &w->acc[w->fn[c]];
				if (pass == 0) {
					*acc += w->sub[c];
					reached |= *acc > 0 && *acc >= min;
					continue;
				}
				if (pass == 2) {
					*acc = 0; /* for the next expand() */
					continue;
				}
				if (!(*acc > 0 && *acc >= min))
					continue;
				k = mnode_child(w, id, w->fn[c], &created);
				if (created) {
					ALLOC_GROW(*kids, nr_kids + 1,
						   *kids_alloc);
					(*kids)[nr_kids++] = k;
				}
				mnode_add_source(w, k, c);
			}
		}
	}
	return nr_kids;
}

/* The scratch strings of collect_chains(), reused from chain to chain. */
struct chain_bufs {
	struct strbuf name, key;
};

static void add_chain(struct work *w, struct metrics *m, uint32_t id,
		      struct hmap *seen, unsigned long *alloc,
		      struct chain_bufs *b)
{
	uint32_t frames[CALLTRACE_DEPTH], g, k, idx;
	unsigned int depth, i;
	struct chain_metric *e;
	double c;

	strbuf_reset(&b->key);
	for (g = id, depth = 0; g != 0 && depth < CALLTRACE_DEPTH;
	     g = w->m[g].parent, depth++) {
		uint32_t name = w->fns.name[w->m[g].fn];

		frames[depth] = clean_name(m, profile_str(w->p, name),
					   strtab_len(w->p->names, name),
					   &b->name);
		if (depth)
			strbuf_addch(&b->key, '.');
		strbuf_add(&b->key, b->name.buf, b->name.len);
	}
	k = strtab_intern(m->names, b->key.buf, b->key.len);
	idx = (uint32_t)hmap_get(seen, k, UINT32_MAX);
	if (idx == UINT32_MAX) {
		idx = m->nr_chains++;
		ALLOC_GROW(m->chains, m->nr_chains, *alloc);
		memset(&m->chains[idx], 0, sizeof(m->chains[idx]));
		m->chains[idx].name = strtab_str(m->names, k);
		for (i = 0; i < depth; i++)
			m->chains[idx].frames[i] =
				strtab_str(m->names, frames[i]);
		m->chains[idx].nr_frames = depth;
		hmap_put(seen, k, idx);
	}
	e = &m->chains[idx];
	c = 100 * w->m[id].near / m->total;
	e->percent += c;
	e->lkp_percent += perf_figure(c);
	e->nr_chains++;
}

/* The chains of at least min weight, cut to five names and summed. */
static void collect_chains(struct work *w, struct metrics *m, double min)
{
	unsigned long kids_alloc = 0, stack_alloc = 0, todo_alloc = 0;
	uint32_t *kids = NULL, *stack = NULL, *todo = NULL;
	struct chain_bufs bufs = { STRBUF_INIT, STRBUF_INIT };
	unsigned long alloc = 0;
	size_t nr_todo = 0, nr_kids, i;
	struct hmap seen; /* chain name id -> index in m->chains */
	int created;

	memset(&seen, 0, sizeof(seen));
	memset(&w->m_child, 0, sizeof(w->m_child));
	w->acc = xcalloc(w->fns.nr + 1, sizeof(*w->acc));
	mnode_child(w, UINT32_MAX, UINT32_MAX, &created); /* the root, 0 */
	mnode_add_source(w, 0, NODE_ROOT);
	ALLOC_GROW(todo, 1, todo_alloc);
	todo[nr_todo++] = 0;
	while (nr_todo) {
		uint32_t id = todo[--nr_todo];

		nr_kids = expand(w, id, min, &kids, &kids_alloc, &stack,
				 &stack_alloc);
		for (i = 0; i < nr_kids; i++) {
			struct mnode *k = &w->m[kids[i]];

			if (k->near > 0 && k->near >= min)
				add_chain(w, m, kids[i], &seen, &alloc, &bufs);
			/* A chain below k weighs at most k->sub. */
			if (k->sub > 0 && k->sub >= min) {
				ALLOC_GROW(todo, nr_todo + 1, todo_alloc);
				todo[nr_todo++] = kids[i];
			}
		}
	}
	sane_qsort(m->chains, m->nr_chains, sizeof(*m->chains), cmp_chain);
	hmap_release(&seen);
	free(kids);
	free(stack);
	free(todo);
	strbuf_release(&bufs.name);
	strbuf_release(&bufs.key);
}

/*
 * The functions' rows are keyed by cleaned name. Most names are their
 * own cleaned name (no DSO, no ".isra.N"), and are distinct already as
 * the profile's interned names: such a name is keyed by its own id, with
 * no hashing and no copy. A name that cleaning changes is keyed by the
 * profile name equal to its cleaned form when there is one that is its
 * own cleaned name, else (KEY_EXTRA) by its cleaned form interned in
 * extra. Equal keys are then equal cleaned names, and the other way.
 */
#define KEY_EXTRA (1u << 31)


struct fn_keys {
	struct strtab *extra;
	uint32_t *row_of_name;	/* by profile name id; UINT32_MAX: none */
	uint32_t *row_of_extra;	/* by id in extra */
	unsigned long alloc_extra;
	struct strbuf buf, again;
};

static uint32_t clean_key(struct work *w, struct fn_keys *k, uint32_t name)
{
	const struct profile *p = w->p;
	const char *s = profile_str(p, name);
	size_t len = strtab_len(p->names, name), plain = name_plain_len(s, len);
	uint32_t same;

	if (plain == len && !memchr(s, '.', len))
		return name;
	strbuf_reset(&k->buf);
	strbuf_add(&k->buf, s, plain);
	strbuf_setlen(&k->buf, name_strip_clones(k->buf.buf, plain,
						 k->buf.buf));
	/* as clean_name(): perf report's "NAME (inlined)", no plain NAME */
	if (name_dso_inlined(s, len))
		strbuf_addstr(&k->buf, " (inlined)");
	if (k->buf.len == len && !memcmp(k->buf.buf, s, len))
		return name;
	same = strtab_find(p->names, k->buf.buf, k->buf.len);
	if (same != UINT32_MAX) {
		/* its own cleaned name? (nothing left to strip) */
		strbuf_reset(&k->again);
		strbuf_grow(&k->again, k->buf.len);
		if (name_strip_clones(k->buf.buf, k->buf.len,
				      k->again.buf) == k->buf.len)
			return same;
	}
	return KEY_EXTRA | strtab_intern(k->extra, k->buf.buf, k->buf.len);
}

/*
 * The row of a cleaned-name key, made if new, named for now by the
 * string of its key (the profile's, or extra's): make_names() copies
 * them into the metrics' own block.
 */
/* Where the row of key is kept: UINT32_MAX until it is made. */
static uint32_t *row_slot(struct fn_keys *k, uint32_t key)
{
	uint32_t x = key & ~KEY_EXTRA;

	if (!(key & KEY_EXTRA))
		return &k->row_of_name[key];
	if (x >= k->alloc_extra) {
		unsigned long old = k->alloc_extra;

		ALLOC_GROW(k->row_of_extra, x + 1, k->alloc_extra);
		memset(k->row_of_extra + old, 0xff,
		       sizeof(*k->row_of_extra) * (k->alloc_extra - old));
	}
	return &k->row_of_extra[x];
}

/* The name of a row's key, and its profile name id or UINT32_MAX. */
static const char *key_name(const struct work *w, const struct fn_keys *k,
			    uint32_t key, uint32_t *id)
{
	if (key & KEY_EXTRA) {
		*id = UINT32_MAX;
		return strtab_str(k->extra, key & ~KEY_EXTRA);
	}
	*id = key;
	return profile_str(w->p, key);
}

static struct fn_metric *key_row(struct work *w, struct fn_keys *k,
				 struct metrics *m, uint32_t key)
{
	uint32_t *slot = row_slot(k, key), id;

	if (*slot == UINT32_MAX) {
		*slot = (uint32_t)m->nr_fns++;
		memset(&m->fns[*slot], 0, sizeof(m->fns[*slot]));
		m->fns[*slot].name = key_name(w, k, key, &id);
		if (m->fn_ids)
			m->fn_ids[*slot] = id;
	}
	return &m->fns[*slot];
}

/*
 * The rows' names, from where key_row() found them, into one block; with
 * fn_ids, a row named by a name of the profile keeps pointing at it (its
 * id says so: the caller reads the profile's names anyway).
 */
static void make_names(struct metrics *m)
{
	size_t bytes = 1, len, at = 0, i;

	for (i = 0; i < m->nr_fns; i++)
		if (!m->fn_ids || m->fn_ids[i] == UINT32_MAX)
			bytes += strlen(m->fns[i].name) + 1;
	m->fn_names = xmalloc(bytes);
	for (i = 0; i < m->nr_fns; i++) {
		if (m->fn_ids && m->fn_ids[i] != UINT32_MAX)
			continue;
		len = strlen(m->fns[i].name);
		memcpy(m->fn_names + at, m->fns[i].name, len + 1);
		m->fns[i].name = m->fn_names + at;
		at += len + 1;
	}
}

static int cmp_fn_at(const void *a, const void *b, void *ctx)
{
	const struct fn_metric *fns = ctx;

	return cmp_fn(&fns[*(const uint32_t *)a], &fns[*(const uint32_t *)b]);
}

/*
 * Sort m->fns by cmp_fn(): their indices sorted, then the rows moved
 * along the cycles of that order, so that no second copy of the rows
 * (qsort's merge buffer: 40 bytes a row) is ever made.
 */
static void sort_fns(struct metrics *m)
{
	uint32_t *order = xmalloc(sizeof(*order) * (m->nr_fns + 1));
	struct fn_metric tmp;
	uint32_t i, j, k, tmp_id = 0, *ids = m->fn_ids;

	for (i = 0; i < m->nr_fns; i++)
		order[i] = i;
	sort_r(order, m->nr_fns, sizeof(*order), cmp_fn_at, m->fns);
	/* Row i takes row order[i]; a done row is marked order[i] = i. */
	for (i = 0; i < m->nr_fns; i++) {
		if (order[i] == i)
			continue;
		tmp = m->fns[i];
		if (ids)
			tmp_id = ids[i];
		for (j = i; order[j] != i; j = k) {
			k = order[j];
			m->fns[j] = m->fns[k];
			if (ids)
				ids[j] = ids[k];
			order[j] = j;
		}
		m->fns[j] = tmp;
		if (ids)
			ids[j] = tmp_id;
		order[j] = j;
	}
	free(order);
}

/*
 * Per raw function: children and self, summed into cleaned names. The
 * rows are made in place: raw function fn's sums are first kept in row
 * fn (as its lkp_children and lkp_self), and the rows, made in the
 * order of their first function, are each at most that function's id,
 * so a row is made over sums read already. What the chains needed is
 * freed as soon as it is read: the rows are the largest part.
 */
static void fn_keys_init(struct fn_keys *k, const struct profile *p)
{
	uint32_t nr_names = strtab_count(p->names);

	k->extra = strtab__new();
	k->row_of_name = xmalloc(sizeof(*k->row_of_name) * (nr_names + 1));
	memset(k->row_of_name, 0xff, sizeof(*k->row_of_name) * (nr_names + 1));
}

static void fn_keys_release(struct fn_keys *k)
{
	free(k->row_of_name);
	free(k->row_of_extra);
	strtab__delete(k->extra);
	strbuf_release(&k->buf);
	strbuf_release(&k->again);
}

/*
 * Per raw function fn, the weight of its nodes and below (children) and
 * their own (self), added to the doubles at byte fn * stride of children
 * and of self (fields of an array of rows, or of a smaller array); what
 * that needed is freed.
 */
static void sum_fns(struct work *w, double *children, double *self,
		    size_t stride)
{
	const struct profile *p = w->p;
	uint32_t n;

	for (n = 1; n < p->nr_nodes; n++)
		if (w->fn[n] != NO_FN)
			*(double *)((char *)children +
				    (size_t)w->fn[n] * stride) += w->near[n];
	FREE_AND_NULL(w->near);
	for (n = 1; n < p->nr_nodes; n++)
		if (w->fn[n] != NO_FN)
			*(double *)((char *)self + (size_t)w->fn[n] * stride) +=
				p->nodes[n].self * w->scale;
	FREE_AND_NULL(w->fn);
}

/*
 * collect_fns() for metrics_opts.fn_row: the same sums in the same order
 * (so the same doubles), 16 bytes a function where a row is 40, each row
 * given to fn_row() once all are made, no array of them kept. Rows are
 * made in place over the sums as collect_fns() makes them; row_key[] says
 * whose each is.
 */
static void emit_fns(struct work *w, struct metrics *m,
		     const struct metrics_opts *o)
{
	const struct profile *p = w->p;
	uint32_t nr_fns = w->fns.nr, fn, r, nr = 0, *row_key, id;
	struct fn_keys k = { .buf = STRBUF_INIT, .again = STRBUF_INIT };
	struct fn_sum {
		double children, self;
	} *sum;

	FREE_AND_NULL(w->sub);
	sum = xcalloc(nr_fns + 1, sizeof(*sum));
	sum_fns(w, &sum[0].children, &sum[0].self, sizeof(*sum));
	fn_keys_init(&k, p);
	row_key = xmalloc(sizeof(*row_key) * (nr_fns + 1));
	for (fn = 0; fn < nr_fns; fn++) {
		double children = sum[fn].children;
		double c = 100 * children / m->total;
		double s = 100 * sum[fn].self / m->total;
		uint32_t key, *slot;

		if (children <= 0)
			continue;
		key = clean_key(w, &k, w->fns.name[fn]);
		slot = row_slot(&k, key);
		if (*slot == UINT32_MAX) {
			*slot = nr++;
			row_key[*slot] = key;
			sum[*slot].children = sum[*slot].self = 0;
		}
		sum[*slot].children += c;
		sum[*slot].self += s;
	}
	FREE_AND_NULL(k.row_of_name);
	frame_ids_release(&w->fns);
	for (r = 0; r < nr; r++) {
		const char *name = key_name(w, &k, row_key[r], &id);

		o->fn_row(o->fn_row_ctx, m, id, name, sum[r].children,
			  sum[r].self);
	}
	m->nr_fns = nr;
	free(row_key);
	free(sum);
	fn_keys_release(&k);
}

static void collect_fns(struct work *w, struct metrics *m,
			const struct metrics_opts *o)
{
	const struct profile *p = w->p;
	uint32_t nr_fns = w->fns.nr, fn;
	struct fn_keys k = { .buf = STRBUF_INIT, .again = STRBUF_INIT };
	struct fn_metric *rows;

	if (o->fn_row) {
		emit_fns(w, m, o);
		return;
	}
	FREE_AND_NULL(w->sub);
	rows = xmalloc(sizeof(*rows) * (nr_fns + 1));
	for (fn = 0; fn < nr_fns; fn++)
		rows[fn].lkp_children = rows[fn].lkp_self = 0;
	sum_fns(w, &rows[0].lkp_children, &rows[0].lkp_self, sizeof(*rows));
	fn_keys_init(&k, p);
	m->fns = rows;
	m->nr_fns = 0;
	if (o->fn_ids)
		m->fn_ids = xmalloc(sizeof(*m->fn_ids) * (nr_fns + 1));
	for (fn = 0; fn < nr_fns; fn++) {
		double children = rows[fn].lkp_children;
		double c = 100 * children / m->total;
		double s = 100 * rows[fn].lkp_self / m->total;
		struct fn_metric *e;

		/* perf has no entry for a function seen only in samples
		 * that were left out. */
		if (children <= 0)
			continue;
		e = key_row(w, &k, m, clean_key(w, &k, w->fns.name[fn]));
		e->children += c;
		e->self += s;
		e->lkp_children += perf_figure(c);
		e->lkp_self += perf_figure(s);
	}
	m->fns = xrealloc(rows, sizeof(*rows) * (m->nr_fns + 1));
	if (m->fn_ids)
		m->fn_ids = xrealloc(m->fn_ids,
				     sizeof(*m->fn_ids) * (m->nr_fns + 1));
	FREE_AND_NULL(k.row_of_name);
	frame_ids_release(&w->fns);
	make_names(m);
	fn_keys_release(&k);
	if (!o->fns_unsorted)
		sort_fns(m);
}

static void work_release(struct work *w)
{
	frame_ids_release(&w->fns);
	free(w->unresolved);
	free(w->fn);
	free(w->sub);
	free(w->near);
	free(w->m);
	free(w->src);
	free(w->src_next);
	free(w->acc);
	if (w->m_child.keys)
		hmap_release(&w->m_child);
}

/*
 * The weight a chain needs to be kept: perf keeps a chain when its period
 * is at least the total times the percent, the product truncated to an
 * integer (min_callchain_hits is a u64). Where weights are perf's periods
 * (the profile has a unit: perf script, perf.data, record) that matters
 * for small totals, as a count event's: of 300 page-faults, 0.5% is 1.5
 * and perf keeps the chains of one fault. Where weights are sample counts
 * (a folded file without header, 1 a sample) the periods perf saw were
 * larger, and truncating would keep 1-sample chains that perf cut: the
 * exact product is the better guess there, as on scaled weights.
 */
static double chain_cut(const struct profile *p, const struct metrics *m,
			double percent)
{
	double min = m->total * percent / 100;

	if (p->meta.unit && m->scale == 1 && m->total == floor(m->total) &&
	    min < 0x1p63)
		return floor(min);
	return min;
}

void metrics_compute(const struct profile *p, const struct metrics_opts *o,
		     struct metrics *m)
{
	static const struct metrics_opts defaults;
	struct work w;
	double min_percent;

	if (!o)
		o = &defaults;
	memset(m, 0, sizeof(*m));
	m->names = strtab__new();
	m->event = o->event ? xstrdup(o->event)
			    : metrics_event_name(p->meta.event);
	m->samples = p->meta.samples;

	memset(&w, 0, sizeof(w));
	w.p = p;
	w.unresolved = xcalloc(strtab_count(p->names) + 1, 1);
	frame_ids_init(&w.fns, p);
	w.scale = weight_scale(p);
	m->scale = w.scale;

	if (o->totals_only) {
		classify_totals(&w, m);
		goto out;
	}
	classify(&w, m);
	if (m->total <= 0)
		goto out;
	compute_near(&w);
	/* The chains first: then the functions may reuse what only the
	 * chains needed (collect_fns()). */
	min_percent = o->chain_min_percent ? o->chain_min_percent : 0.5;
	collect_chains(&w, m,
		       min_percent < 0 ? 0 : chain_cut(p, m, min_percent));
	collect_fns(&w, m, o);
out:
	work_release(&w);
}

void metrics_release(struct metrics *m)
{
	free(m->event);
	free(m->fns);
	free(m->fn_names);
	free(m->fn_ids);
	free(m->chains);
	if (m->names)
		strtab__delete(m->names);
	memset(m, 0, sizeof(*m));
}

const struct fn_metric *metrics_fn(const struct metrics *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nr_fns; i++)
		if (!strcmp(m->fns[i].name, name))
			return &m->fns[i];
	return NULL;
}

/* LKP's parser takes a symbol or a chain as one blank-free token. */
static int lkp_parsable(const char *name)
{
	for (; *name; name++)
		if (isspace((unsigned char)*name))
			return 0;
	return 1;
}

static void add_lkp(struct metric_set *s, const char *group,
		    const char *event, const char *name, double value,
		    double min, struct strbuf *key)
{
	if (value < min || !lkp_parsable(name))
		return;
	strbuf_reset(key);
	strbuf_addf(key, "perf-profile.%s.%s.%s", group, event, name);
	metric_set_add(s, key->buf, value);
}

void metrics_lkp_set(const struct metrics *m, double min,
		     struct metric_set *s)
{
	struct strbuf key = STRBUF_INIT;
	size_t i;

	for (i = 0; i < m->nr_fns; i++) {
		add_lkp(s, "children", m->event, m->fns[i].name,
			m->fns[i].lkp_children, min, &key);
		add_lkp(s, "self", m->event, m->fns[i].name,
			m->fns[i].lkp_self, min, &key);
	}
	for (i = 0; i < m->nr_chains; i++)
		add_lkp(s, "calltrace", m->event, m->chains[i].name,
			m->chains[i].lkp_percent, min, &key);
	strbuf_release(&key);
	metric_set_sort(s);
}
