// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strbuf.h"
#include "collector/demangle.h"
#include "collector/range.h"
#include "collector/symtab.h"

#define POOL_CHUNK (256UL << 10)

void symtab_init(struct symtab *t)
{
	memset(t, 0, sizeof(*t));
}

void symtab_release(struct symtab *t)
{
	unsigned long i;

	for (i = 0; i < t->nr_pool; i++)
		free(t->pool[i]);
	free(t->pool);
	free(t->syms);
	free(t->tree_l);
	free(t->tree_r);
	free(t->tree_at);
	memset(t, 0, sizeof(*t));
}

static const char *pool_dup(struct symtab *t, const char *s)
{
	size_t len = strlen(s) + 1;
	char *p;

	if (len > POOL_CHUNK / 4) {
		ALLOC_GROW(t->pool, t->nr_pool + 1, t->alloc_pool);
		p = xmalloc(len);
		/* a private chunk, put before the current one */
		if (t->nr_pool) {
			t->pool[t->nr_pool] = t->pool[t->nr_pool - 1];
			t->pool[t->nr_pool - 1] = p;
		} else {
			t->pool[0] = p;
			t->pool_used = t->pool_size = 0;
		}
		t->nr_pool++;
		memcpy(p, s, len);
		return p;
	}
	if (!t->nr_pool || t->pool_used + len > t->pool_size) {
		ALLOC_GROW(t->pool, t->nr_pool + 1, t->alloc_pool);
		t->pool[t->nr_pool++] = xmalloc(POOL_CHUNK);
		t->pool_used = 0;
		t->pool_size = POOL_CHUNK;
	}
	p = t->pool[t->nr_pool - 1] + t->pool_used;
	memcpy(p, s, len);
	t->pool_used += len;
	return p;
}

void symtab_add(struct symtab *t, uint64_t start, uint64_t size,
		const char *name, enum sym_bind bind)
{
	struct sym *s;

	if (!name || !*name)
		return;
	ALLOC_GROW(t->syms, t->nr + 1, t->alloc);
	s = &t->syms[t->nr++];
	s->start = start;
	/* an ELF file says what it likes: a size past 2^64 ends there */
	s->end = range_end(start, size);
	s->sized = size != 0;
	s->bind = bind;
	s->seq = (uint32_t)(t->nr - 1);
	s->name = pool_dup(t, name);
}

static size_t leading_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/*
 * Of two symbols at one address, whether a is the one to show rather than
 * b. perf's preferences, so that names agree with perf script: a symbol
 * that covers bytes (nonzero: its own size, or for a sizeless one the room
 * up to the next symbol), then non-weak over weak, then global over the
 * rest, then the fewest leading underscores, then the longer name; on a
 * tie the one seen first.
 */
static bool better(const struct sym *a, bool a_nonzero, const struct sym *b,
		   bool b_nonzero)
{
	struct strbuf sb = STRBUF_INIT;
	char *na, *nb;
	size_t ua, ub, la, lb;

	if (a_nonzero != b_nonzero)
		return a_nonzero;
	if ((a->bind == SYM_WEAK) != (b->bind == SYM_WEAK))
		return b->bind == SYM_WEAK;
	if ((a->bind == SYM_GLOBAL) != (b->bind == SYM_GLOBAL))
		return a->bind == SYM_GLOBAL;
	/* perf compares the names it shows, demangled: of _Znwm and _Znam
	 * at one address (an allocator's aliases) it keeps the longer
	 * "operator new[]" */
	na = xstrdup(symbol_name(a->name, DEMANGLE_PERF, &sb));
	nb = xstrdup(symbol_name(b->name, DEMANGLE_PERF, &sb));
	strbuf_release(&sb);
	ua = leading_underscores(na);
	ub = leading_underscores(nb);
	la = strlen(na);
	lb = strlen(nb);
	free(na);
	free(nb);
	if (ua != ub)
		return ua < ub;
	if (la != lb)
		return la > lb;
	return true;
}

/* By address, then in the order added: which alias came first matters. */
static int cmp_sym(const void *pa, const void *pb)
{
	const struct sym *a = pa, *b = pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The aliases at one address, as perf settles them: perf first gives each
 * sizeless symbol the room up to the next one in address order (aliases
 * included), so only the last of a run of sizeless aliases covers any
 * bytes; then it walks the aliases in order, keeping the better of the one
 * kept so far and the next. Returns the index of the one kept.
 */
static unsigned long pick_alias(const struct sym *v, unsigned long first,
				unsigned long end)
{
	unsigned long keep = first, i;

	for (i = first + 1; i < end; i++) {
		bool nz_keep = v[keep].sized || keep == end - 1;
		bool nz_i = v[i].sized || i == end - 1;

		if (!better(&v[keep], nz_keep, &v[i], nz_i))
			keep = i;
	}
	return keep;
}

/*
 * perf's tree of symbols: a red-black tree keyed by start, an equal start
 * going right, every symbol inserted in the order added (as perf reads a
 * symbol table), with the rebalancing every red-black tree does. Only its
 * shape is kept: which node is above which decides an overlap.
 */
#define NIL UINT32_MAX

struct rb {
	uint32_t *l, *r, *up;
	uint8_t *red;
	uint32_t root;
};

static void rb_turn(struct rb *b, uint32_t x, bool left)
{
	uint32_t *in = left ? b->r : b->l, *out = left ? b->l : b->r;
	uint32_t y = in[x], p = b->up[x];

	in[x] = out[y];
	if (out[y] != NIL)
		b->up[out[y]] = x;
	b->up[y] = p;
	if (p == NIL)
		b->root = y;
	else if (b->l[p] == x)
		b->l[p] = y;
	else
		b->r[p] = y;
	out[y] = x;
	b->up[x] = y;
}

static void rb_insert(struct rb *b, const struct sym *v, uint32_t z)
{
	uint32_t x = b->root, p = NIL, g, u;
	bool left;

	while (x != NIL) {
		p = x;
		x = v[z].start < v[x].start ? b->l[x] : b->r[x];
	}
	b->up[z] = p;
	b->l[z] = b->r[z] = NIL;
	b->red[z] = 1;
	if (p == NIL)
		b->root = z;
	else if (v[z].start < v[p].start)
		b->l[p] = z;
	else
		b->r[p] = z;
	while (b->up[z] != NIL && b->red[b->up[z]]) {
		p = b->up[z];
		g = b->up[p];
		left = b->l[g] == p;
		u = left ? b->r[g] : b->l[g];
		if (u != NIL && b->red[u]) {
			b->red[p] = b->red[u] = 0;
			b->red[g] = 1;
			z = g;
			continue;
		}
		if (z == (left ? b->r[p] : b->l[p])) {
			z = p;
			rb_turn(b, z, left);
			p = b->up[z];
		}
		b->red[p] = 0;
		b->red[g] = 1;
		rb_turn(b, g, !left);
	}
	b->red[b->root] = 0;
}

/* The tree of t->syms as added (before any sort): in t->tree_*. */
static void build_tree(struct symtab *t)
{
	struct rb b;
	uint32_t i;

	b.l = xmalloc(size_mul(t->nr, sizeof(*b.l)));
	b.r = xmalloc(size_mul(t->nr, sizeof(*b.r)));
	b.up = xmalloc(size_mul(t->nr, sizeof(*b.up)));
	b.red = xmalloc(t->nr);
	b.root = NIL;
	for (i = 0; i < t->nr; i++)
		rb_insert(&b, t->syms, i);
	free(b.up);
	free(b.red);
	t->tree_l = b.l;
	t->tree_r = b.r;
	t->tree_root = b.root;
	t->tree_at = xmalloc(size_mul(t->nr, sizeof(*t->tree_at)));
}

/* Whether some symbol starts inside an earlier one's size (sorted). */
static bool any_overlap(const struct sym *v, unsigned long n)
{
	uint64_t end = 0;
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (i && v[i].start < end && v[i].start != v[i - 1].start)
			return true;
		if (v[i].sized && v[i].end > end)
			end = v[i].end;
	}
	return false;
}

void symtab_finish(struct symtab *t, uint64_t max_gap)
{
	unsigned long i, j, k, n = 0;
	uint64_t reach = 0;
	bool sorted;

	if (!t->nr)
		return;
	/* kallsyms and most symbol tables come in order already */
	for (i = 1; i < t->nr; i++)
		if (cmp_sym(&t->syms[i - 1], &t->syms[i]) > 0)
			break;
	sorted = i == t->nr;
	/* perf's tree, from the order added, unless no symbol has a size
	 * (kallsyms): only sizes make ranges overlap */
	for (k = 0; k < t->nr && !t->syms[k].sized; k++)
		;
	if (k < t->nr)
		build_tree(t);
	if (!sorted)
		sane_qsort(t->syms, t->nr, sizeof(*t->syms), cmp_sym);
	if (t->tree_l && !any_overlap(t->syms, t->nr)) {
		free(t->tree_l);
		free(t->tree_r);
		free(t->tree_at);
		t->tree_l = t->tree_r = t->tree_at = NULL;
	}
	for (i = 0; i < t->nr; i = j) {
		j = i + 1;
		while (j < t->nr && t->syms[j].start == t->syms[i].start)
			j++;
		/* an alias perf drops is the one kept, in the tree */
		for (k = i; t->tree_at && k < j; k++)
			t->tree_at[t->syms[k].seq] = (uint32_t)n;
		t->syms[n++] = t->syms[pick_alias(t->syms, i, j)];
	}
	t->nr = n;
	for (i = 0; i < n; i++) {
		uint64_t next = i + 1 < n ? t->syms[i + 1].start : UINT64_MAX;

		if (t->syms[i].sized)
			continue;
		if (max_gap && next - t->syms[i].start > max_gap)
			next = t->syms[i].start + max_gap;
		t->syms[i].end = next;
	}
	for (i = 0; i < n; i++) {
		t->syms[i].overlaps = t->tree_l && i && t->syms[i].start < reach;
		if (t->syms[i].end > reach)
			reach = t->syms[i].end;
	}
}

/* perf's answer: the first symbol containing addr on the way down. */
static const struct sym *tree_lookup(const struct symtab *t, uint64_t addr)
{
	uint32_t x = t->tree_root;

	while (x != NIL) {
		const struct sym *s = &t->syms[t->tree_at[x]];

		if (addr < s->start)
			x = t->tree_l[x];
		else if (addr >= s->end && !(addr == s->start && s->end == s->start))
			x = t->tree_r[x];
		else
			return s;
	}
	return NULL;
}

const struct sym *symtab_lookup(const struct symtab *t, uint64_t addr)
{
	unsigned long lo = 0, hi = t->nr;
	const struct sym *s;

	/* the last symbol starting at or before addr */
	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (t->syms[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	s = &t->syms[lo - 1];
	/* where ranges overlap, perf's tree decides (it may find none) */
	if (s->overlaps || (lo < t->nr && t->syms[lo].overlaps))
		return tree_lookup(t, addr);
	if (addr < s->end)
		return s;
	/* a sized symbol nested in a bigger one before it */
	if (lo >= 2 && addr < t->syms[lo - 2].end)
		return &t->syms[lo - 2];
	return NULL;
}
