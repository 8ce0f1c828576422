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

void symtab_finish(struct symtab *t, uint64_t max_gap)
{
	unsigned long i, j, n = 0;

	if (!t->nr)
		return;
	/* kallsyms and most symbol tables come in order already */
	for (i = 1; i < t->nr; i++)
		if (cmp_sym(&t->syms[i - 1], &t->syms[i]) > 0)
			break;
	if (i < t->nr)
		sane_qsort(t->syms, t->nr, sizeof(*t->syms), cmp_sym);
	for (i = 0; i < t->nr; i = j) {
		j = i + 1;
		while (j < t->nr && t->syms[j].start == t->syms[i].start)
			j++;
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
	if (addr < s->end)
		return s;
	/* a sized symbol nested in a bigger one before it */
	if (lo >= 2 && addr < t->syms[lo - 2].end)
		return &t->syms[lo - 2];
	return NULL;
}
