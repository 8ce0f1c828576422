// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/profile.h"

/*
 * Finding a child. Most nodes of a profile have one child or none (stacks
 * are deep chains that fan out at a few places), so a node's first few
 * children are found by walking its sibling list, and only the children
 * of wider nodes go into an index: one open-addressing table for the whole
 * tree, keyed by (parent, name, kind). Either way a lookup costs a few
 * probes whatever the fan-out, which keeps folding linear in the input;
 * the list walk spares the table the chains, where its probes would be
 * cache misses on a large tree. Each sibling walked is a miss too: past
 * two, the index (a slot and the node) is the cheaper way (a tree that
 * fans out three ways a level folds 8% faster than with four walked, for
 * 2% more memory).
 */
#define LIST_MAX 2

struct node_index {
	uint32_t *slots; /* node id + 1, 0 = empty */
	uint64_t mask;
	uint64_t nr;
};

static inline uint64_t child_hash(uint32_t parent, uint32_t name,
				  unsigned int kind)
{
	uint64_t h = ((uint64_t)parent << 32 | name) ^ ((uint64_t)kind << 59);

	h ^= h >> 31;
	h *= 0x9e3779b97f4a7c15ULL;
	h ^= h >> 29;
	return h;
}

static void index_put(struct node_index *x, const struct node *nodes,
		      uint32_t id)
{
	const struct node *n = &nodes[id];
	uint64_t i = child_hash(n->parent, n->name, n->kind) & x->mask;

	while (x->slots[i])
		i = (i + 1) & x->mask;
	x->slots[i] = id + 1;
	x->nr++;
}

/* Twice the size, or the first table; at most half full after. */
static void index_grow(struct profile *p)
{
	struct node_index *x = p->index, old = *x;
	uint64_t i;

	x->mask = old.mask ? old.mask * 2 + 1 : 4095;
	x->slots = xcalloc(x->mask + 1, sizeof(*x->slots));
	x->nr = 0;
	for (i = 0; old.slots && i <= old.mask; i++)
		if (old.slots[i])
			index_put(x, p->nodes, old.slots[i] - 1);
	free(old.slots);
}

static void index_add(struct profile *p, uint32_t id)
{
	if ((p->index->nr + 1) * 2 > p->index->mask)
		index_grow(p);
	index_put(p->index, p->nodes, id);
}

/*
 * The index again, after profile_drop_index(): the children of every node
 * with more than LIST_MAX of them, as profile_child() would have put them.
 */
static void index_rebuild(struct profile *p)
{
	uint32_t id, c, n;

	p->index->mask = 0;
	index_grow(p);
	for (id = 0; id < p->nr_nodes; id++) {
		for (n = 0, c = p->nodes[id].first_child;
		     c != NODE_NONE && n <= LIST_MAX;
		     c = p->nodes[c].next_sibling)
			n++;
		if (n <= LIST_MAX)
			continue;
		for (c = p->nodes[id].first_child; c != NODE_NONE;
		     c = p->nodes[c].next_sibling)
			index_add(p, c);
	}
}

void profile_drop_index(struct profile *p)
{
	free(p->index->slots);
	p->index->slots = NULL;
	p->index->mask = 0;
	p->index->nr = 0;
}

static uint32_t index_find(const struct profile *p, uint32_t parent,
			   uint32_t name, unsigned int kind)
{
	const struct node_index *x = p->index;
	uint64_t i = child_hash(parent, name, kind) & x->mask;

	for (; x->slots[i]; i = (i + 1) & x->mask) {
		const struct node *n = &p->nodes[x->slots[i] - 1];

		if (n->parent == parent && n->name == name && n->kind == kind)
			return x->slots[i] - 1;
	}
	return NODE_NONE;
}

/* The tree of nodes[] (room for one at least) is the root alone. */
static void root_only(struct profile *p)
{
	struct node *root = &p->nodes[NODE_ROOT];

	memset(root, 0, sizeof(*root));
	root->parent = NODE_NONE;
	root->first_child = NODE_NONE;
	root->next_sibling = NODE_NONE;
	p->nr_nodes = 1;
	profile_changed(p);
}

struct profile *profile__new(void)
{
	struct profile *p = xcalloc(1, sizeof(*p));

	p->names = strtab__new();
	p->index = xcalloc(1, sizeof(*p->index));
	ALLOC_GROW(p->nodes, 1, p->alloc_nodes);
	root_only(p);
	index_grow(p);
	return p;
}

void profile_meta_release(struct profile_meta *m)
{
	free(m->event);
	free(m->unit);
	free(m->host);
	free(m->kernel);
	free(m->cmdline);
	free(m->target);
	free(m->cpus);
	free(m->date);
	free(m->label);
	free(m->unreliable);
	metric_set_release(&m->stats);
	while (m->nr_build_ids)
		free(m->build_ids[--m->nr_build_ids]);
	free(m->build_ids);
	memset(m, 0, sizeof(*m));
}

void meta_add_build_id(struct profile_meta *m, const char *bid_path)
{
	ALLOC_GROW(m->build_ids, m->nr_build_ids + 1, m->alloc_build_ids);
	m->build_ids[m->nr_build_ids++] = xstrdup(bid_path);
}

void profile__delete(struct profile *p)
{
	if (!p)
		return;
	profile__delete(p->offcpu);
	profile_meta_release(&p->meta);
	strtab__delete(p->names);
	free(p->index->slots);
	free(p->index);
	free(p->nodes);
	free(p->sums.node);
	free(p);
}

static uint32_t new_node(struct profile *p, uint32_t parent, uint32_t name,
			 unsigned int kind)
{
	uint32_t id = p->nr_nodes;
	struct node *n;

	if (name >= PROFILE_MAX_NAMES)
		xalloc_fail(PROFILE_MAX_NAMES); /* 16 GiB of names at least */
	ALLOC_GROW(p->nodes, id + 1, p->alloc_nodes);
	n = &p->nodes[id];
	n->parent = parent;
	n->first_child = NODE_NONE;
	/* Prepend, then the sibling list is in reverse insertion order;
	 * nobody may rely on sibling order, renderers sort by name. */
	n->next_sibling = p->nodes[parent].first_child;
	p->nodes[parent].first_child = id;
	n->name = name;
	n->kind = kind;
	n->self = 0;
	p->nr_nodes++;
	profile_changed(p);
	return id;
}

uint32_t profile_child(struct profile *p, uint32_t parent, uint32_t name,
		       unsigned int kind)
{
	uint32_t c = p->nodes[parent].first_child, seen = 0, id;

	for (; c != NODE_NONE && seen < LIST_MAX;
	     c = p->nodes[c].next_sibling, seen++) {
		const struct node *n = &p->nodes[c];

		if (n->name == name && n->kind == kind)
			return c;
	}
	if (c != NODE_NONE) {
		/* A wide node: all its children are in the index. */
		if (!p->index->slots)
			index_rebuild(p);
		id = index_find(p, parent, name, kind);
		if (id != NODE_NONE)
			return id;
		id = new_node(p, parent, name, kind);
		index_add(p, id);
		return id;
	}
	id = new_node(p, parent, name, kind);
	if (seen == LIST_MAX && !p->index->slots) {
		/* Just became wide, in a tree without its index: the
		 * rebuild indexes these children with the others. */
		index_rebuild(p);
	} else if (seen == LIST_MAX) {
		/* Just became wide: index every child. */
		for (c = p->nodes[parent].first_child; c != NODE_NONE;
		     c = p->nodes[c].next_sibling)
			index_add(p, c);
	}
	return id;
}

void profile_reuse(struct profile *p)
{
	uint32_t id;

	for (id = 0; id < p->nr_nodes; id++)
		p->nodes[id].self = 0;
	profile_changed(p);
	profile_meta_release(&p->meta);
	profile__delete(p->offcpu);
	p->offcpu = NULL;
}

void profile_clear(struct profile *p)
{
	struct node_index *x = p->index;

	strtab__delete(p->names);
	p->names = strtab__new();
	profile_meta_release(&p->meta);
	profile__delete(p->offcpu);
	p->offcpu = NULL;
	root_only(p);
	if (x->slots)
		memset(x->slots, 0, (x->mask + 1) * sizeof(*x->slots));
	else
		index_grow(p);
	x->nr = 0;
}

void profile_truncate(struct profile *p, uint32_t nr)
{
	uint32_t id;

	if (nr < 1 || nr >= p->nr_nodes)
		return;
	/*
	 * A node is prepended to its parent's children, and any sibling
	 * made after it has a larger id: going down from the last node,
	 * each is the head of its parent's list when unlinked.
	 */
	for (id = p->nr_nodes - 1; id >= nr; id--)
		p->nodes[p->nodes[id].parent].first_child =
			p->nodes[id].next_sibling;
	p->nr_nodes = nr;
	profile_changed(p);
	profile_drop_index(p);
}

/* Every node's total into t (p->nr_nodes of them), by a backwards pass. */
static void sum_pass(const struct profile *p, double *t)
{
	uint32_t id;

	for (id = 0; id < p->nr_nodes; id++)
		t[id] = p->nodes[id].self;
	/* Children have larger indices: each is final before its parent. */
	for (id = p->nr_nodes; id-- > 1;)
		t[p->nodes[id].parent] += t[id];
}

const double *profile_totals_slow(const struct profile *cp)
{
	/* Only the cache is written (profile.h): the tree stays as is. */
	struct profile *p = (struct profile *)cp;

	if (p->sums.alloc < p->nr_nodes) {
		/* No room to grow into: only a read after a change needs
		 * more, and a cache the size of the tree is what it costs. */
		free(p->sums.node);
		p->sums.node = xmalloc(size_mul(p->nr_nodes, sizeof(double)));
		p->sums.alloc = p->nr_nodes;
	}
	sum_pass(p, p->sums.node);
	p->sums.node_ok = true;
	return p->sums.node;
}

double *profile_totals_new(const struct profile *cp)
{
	struct profile *p = (struct profile *)cp; /* the cache only */
	double *t = xmalloc(size_mul(p->nr_nodes, sizeof(*t)));

	sum_pass(p, t);
	p->sums.root = t[NODE_ROOT];
	p->sums.root_ok = true;
	return t;
}

bool profile_weighs(const struct profile *p)
{
	uint32_t id;

	if (p->sums.node_ok || p->sums.root_ok)
		return profile_total(p) > 0;
	for (id = 0; id < p->nr_nodes; id++)
		if (p->nodes[id].self > 0)
			return true;
	return false;
}

/*
 * The root's total without an array: a walk down the child lists, each
 * node's sum its self plus its children's sums in list order. A child is
 * listed before the children made before it, so this adds them in the
 * order sum_pass() does: the same bits.
 */
double profile_root_walk(const struct profile *p)
{
	struct walk {
		uint32_t next;
		double sum;
	} *st = NULL;
	unsigned long alloc = 0;
	size_t d = 0;
	double v;

	ALLOC_GROW(st, 1, alloc);
	st[d++] = (struct walk){ p->nodes[NODE_ROOT].first_child,
				 p->nodes[NODE_ROOT].self };
	for (;;) {
		struct walk *w = &st[d - 1];
		uint32_t c = w->next;

		if (c != NODE_NONE) {
			w->next = p->nodes[c].next_sibling;
			ALLOC_GROW(st, d + 1, alloc);
			st[d++] = (struct walk){ p->nodes[c].first_child,
						 p->nodes[c].self };
			continue;
		}
		v = w->sum;
		if (--d == 0)
			break;
		st[d - 1].sum += v;
	}
	free(st);
	return v;
}

double profile_total_slow(const struct profile *cp)
{
	struct profile *p = (struct profile *)cp; /* the cache only */

	/* Room for them all already: kept, as node_total() keeps them. */
	if (p->sums.alloc >= p->nr_nodes)
		return profile_totals_slow(p)[NODE_ROOT];
	/* Else no array: what reads the root's total alone (a run of a
	 * comparison) keeps 24 bytes a node. */
	p->sums.root = profile_root_walk(p);
	p->sums.root_ok = true;
	return p->sums.root;
}

uint32_t profile_add_stack(struct profile *p, const struct frame *frames,
			   size_t n, double weight)
{
	uint32_t node = NODE_ROOT;
	size_t i;

	for (i = 0; i < n; i++)
		node = profile_child(p, node, frames[i].name, frames[i].kind);
	profile_add_self(p, node, weight);
	return node;
}

/*
 * The names of src as dst's, each looked up once: a name is on many
 * nodes (every stack through main), and a lookup of its bytes costs a
 * hash and a compare where the map costs a load. Names are interned in
 * the order the nodes first use them, as a lookup per node would have.
 * NULL when both share one table: the ids are dst's already.
 */
static uint32_t *name_map_new(const struct profile *dst,
			      const struct profile *src)
{
	uint32_t n = strtab_count(src->names);
	uint32_t *nm;

	if (dst->names == src->names)
		return NULL;
	nm = xmalloc(size_mul(n, sizeof(*nm)));
	memset(nm, 0xff, (size_t)n * sizeof(*nm));
	return nm;
}

static uint32_t name_map(struct profile *dst, const struct profile *src,
			 uint32_t *nm, uint32_t name)
{
	if (!nm)
		return name;
	if (nm[name] == UINT32_MAX)
		nm[name] = strtab_intern(dst->names,
					 strtab_str(src->names, name),
					 strtab_len(src->names, name));
	return nm[name];
}

void profile_merge(struct profile *dst, const struct profile *src)
{
	uint32_t *map = xmalloc(sizeof(*map) * src->nr_nodes);
	uint32_t *nm = name_map_new(dst, src);
	uint32_t id;

	/* Parents come before children, so one forward pass maps them all. */
	map[0] = NODE_ROOT;
	for (id = 1; id < src->nr_nodes; id++) {
		const struct node *n = &src->nodes[id];

		map[id] = profile_child(dst, map[n->parent],
					name_map(dst, src, nm, n->name),
					n->kind);
	}
	free(nm);
	for (id = 0; id < src->nr_nodes; id++)
		dst->nodes[map[id]].self += src->nodes[id].self;
	profile_changed(dst);
	free(map);

	dst->meta.samples += src->meta.samples;
	dst->meta.lost += src->meta.lost;
	dst->meta.duration += src->meta.duration;
#define KEEP(f)                                                            \
	if (!dst->meta.f && src->meta.f)                                   \
		dst->meta.f = xstrdup(src->meta.f)
	KEEP(event);
	KEEP(unit);
	KEEP(host);
	KEEP(kernel);
	KEEP(cmdline);
	KEEP(target);
	KEEP(cpus);
	KEEP(date);
	KEEP(label);
#undef KEEP
	/* Off-CPU time of the same runs adds up as the samples do. */
	if (src->offcpu) {
		if (!dst->offcpu)
			dst->offcpu = profile__new();
		profile_merge(dst->offcpu, src->offcpu);
	}
}

/*
 * Give the pages of nodes[from..to) back to the system: they are never
 * read again. Only whole pages inside the range; the array stays
 * allocated (profile__delete() frees it).
 */
static void nodes_release(struct node *nodes, uint32_t from, uint32_t to)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)&nodes[from], b = (uintptr_t)&nodes[to];

	a = (a + page - 1) & ~(page - 1);
	b &= ~(page - 1);
	if (b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
}

void profile_merge_free(struct profile *dst, struct profile *src)
{
	uint32_t *map = xmalloc(sizeof(*map) * src->nr_nodes);
	uint32_t *nm = name_map_new(dst, src);
	uint32_t id, done = 0;
	struct node *n;

	/* As profile_merge(), in one pass: parents come before children,
	 * and no two nodes of src map to one of dst, so each node's
	 * weights can go as soon as it is mapped. */
	profile_drop_index(src);
	map[0] = NODE_ROOT;
	for (id = 0; id < src->nr_nodes; id++) {
		n = &src->nodes[id];
		if (id)
			map[id] = profile_child(dst, map[n->parent],
						name_map(dst, src, nm,
							 n->name),
						n->kind);
		dst->nodes[map[id]].self += n->self;
		if (id - done >= (1U << 16)) {
			nodes_release(src->nodes, done, id);
			done = id;
		}
	}
	free(map);
	free(nm);
	/* The metadata and off-CPU part as profile_merge() adds them: an
	 * empty tree's root weighs nothing. */
	profile_changed(dst);
	src->nr_nodes = 1;
	src->nodes[0].self = 0;
	src->nodes[0].first_child = NODE_NONE;
	profile_changed(src);
	profile_merge(dst, src);
	profile__delete(src);
}

size_t profile_path(const struct profile *p, uint32_t node, uint32_t *out,
		    size_t max)
{
	size_t n = 0, i;

	/* leaf first, as the walk goes; then turned round */
	for (; node != NODE_ROOT; node = p->nodes[node].parent) {
		if (n == max)
			return 0;
		out[n++] = node;
	}
	for (i = 0; i < n / 2; i++) {
		uint32_t t = out[i];

		out[i] = out[n - 1 - i];
		out[n - 1 - i] = t;
	}
	return n;
}

size_t profile_path_grow(const struct profile *p, uint32_t node,
			 uint32_t **out, unsigned long *alloc)
{
	size_t n;

	ALLOC_GROW(*out, 64, *alloc);
	while (!(n = profile_path(p, node, *out, *alloc)) && node != NODE_ROOT)
		ALLOC_GROW(*out, *alloc + 1, *alloc);
	return n;
}

uint32_t profile_depth(const struct profile *p, uint32_t node)
{
	uint32_t d = 0;

	for (; node != NODE_ROOT; node = p->nodes[node].parent)
		d++;
	return d;
}

void meta_set(char **field, const char *value)
{
	free(*field);
	*field = value ? xstrdup(value) : NULL;
}

bool meta_event_conflict(const char *a, const char *b)
{
	size_t na = strcspn(a, ":"), nb = strcspn(b, ":");

	return na != nb || memcmp(a, b, na);
}

static const char *const suffixes[FRAME_KIND_MAX] = {
	[FRAME_USER] = "",    [FRAME_KERNEL] = "_[k]", [FRAME_JIT] = "_[j]",
	[FRAME_INLINE] = "_[i]", [FRAME_WAKER] = "_[w]", [FRAME_PROCESS] = "",
};

const char *frame_kind_suffix(unsigned int kind)
{
	return kind < FRAME_KIND_MAX ? suffixes[kind] : "";
}

unsigned int frame_kind_parse(const char *s, size_t *len)
{
	size_t n = *len;

	if (n < 4 || s[n - 4] != '_' || s[n - 3] != '[' || s[n - 1] != ']')
		return FRAME_USER;
	switch (s[n - 2]) {
	case 'k':
		*len = n - 4;
		return FRAME_KERNEL;
	case 'j':
		*len = n - 4;
		return FRAME_JIT;
	case 'i':
		*len = n - 4;
		return FRAME_INLINE;
	case 'w':
		*len = n - 4;
		return FRAME_WAKER;
	}
	return FRAME_USER;
}

struct profile *profile__new_reversed(const struct profile *p)
{
	struct profile *r = profile__new();
	uint32_t *path = NULL, *nm, id, nr_names = strtab_count(p->names);
	unsigned long alloc_path = 0, alloc_fr = 0;
	struct frame *fr = NULL;
	size_t n, i;

	nm = xmalloc(sizeof(*nm) * nr_names);
	memset(nm, 0xff, sizeof(*nm) * nr_names);
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *nd = &p->nodes[id];

		if (nd->self == 0)
			continue;
		n = profile_path_grow(p, id, &path, &alloc_path);
		ALLOC_GROW(fr, n, alloc_fr);
		for (i = 0; i < n; i++) {
			const struct node *q = &p->nodes[path[n - 1 - i]];

			if (nm[q->name] == UINT32_MAX)
				nm[q->name] = strtab_intern(
					r->names, strtab_str(p->names, q->name),
					strtab_len(p->names, q->name));
			fr[i].name = nm[q->name];
			fr[i].kind = q->kind;
		}
		profile_add_stack(r, fr, n, nd->self);
	}
	profile_add_self(r, NODE_ROOT, p->nodes[NODE_ROOT].self);
	free(nm);
	free(path);
	free(fr);
	return r;
}
