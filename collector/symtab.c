// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/error.h"
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
 * Of two symbols at one address, which name to show. The same preferences
 * as perf, so that names agree with perf report: a symbol with a size,
 * then non-weak over weak and global over local, then the fewest leading
 * underscores, then the longer name; last the name itself, so the choice
 * is stable.
 */
static int better(const struct sym *a, const struct sym *b)
{
	size_t ua, ub, la, lb;

	if (a->sized != b->sized)
		return a->sized;
	if (a->bind != b->bind)
		return a->bind > b->bind;
	ua = leading_underscores(a->name);
	ub = leading_underscores(b->name);
	if (ua != ub)
		return ua < ub;
	la = strlen(a->name);
	lb = strlen(b->name);
	if (la != lb)
		return la > lb;
	return strcmp(a->name, b->name) < 0;
}

static int cmp_sym(const void *pa, const void *pb)
{
	const struct sym *a = pa, *b = pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	/* best first among aliases */
	if (better(a, b))
		return -1;
	if (better(b, a))
		return 1;
	return 0;
}

void symtab_finish(struct symtab *t, uint64_t max_gap)
{
	unsigned long i, n = 0;

	if (!t->nr)
		return;
	sane_qsort(t->syms, t->nr, sizeof(*t->syms), cmp_sym);
	for (i = 0; i < t->nr; i++) {
		if (n && t->syms[n - 1].start == t->syms[i].start) {
			/* alias: keep the first (best), widest extent */
			if (t->syms[i].end > t->syms[n - 1].end &&
			    t->syms[i].sized && t->syms[n - 1].sized)
				t->syms[n - 1].end = t->syms[i].end;
			continue;
		}
		t->syms[n++] = t->syms[i];
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
