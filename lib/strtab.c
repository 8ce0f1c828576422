// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strtab.h"

#define CHUNK_SIZE (1UL << 20)

struct entry {
	const char *str;
	uint32_t len;
};

struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

struct strtab {
	struct entry *ent; /* by id */
	unsigned long nr, alloc;
	uint32_t *slots; /* open addressing: id + 1, 0 = empty */
	uint64_t mask;
	struct chunk *chunks;
};

uint64_t strtab_hash(const char *s, size_t len)
{
	/* FNV-1a over 8-byte words, then a final mix: fast on short names. */
	uint64_t h = 0xcbf29ce484222325ULL ^ len;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w;

		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static const char *store(struct strtab *t, const char *s, size_t len)
{
	struct chunk *c = t->chunks;
	char *p;

	if (!c || c->size - c->used < len + 1) {
		size_t size = len + 1 > CHUNK_SIZE ? len + 1 : CHUNK_SIZE;

		c = xmalloc(sizeof(*c) + size);
		c->size = size;
		c->used = 0;
		c->next = t->chunks;
		t->chunks = c;
	}
	p = c->data + c->used;
	memcpy(p, s, len);
	p[len] = '\0';
	c->used += len + 1;
	return p;
}

static void rehash(struct strtab *t)
{
	uint64_t nmask = t->mask ? t->mask * 2 + 1 : 1023;
	uint32_t *ns = xcalloc(nmask + 1, sizeof(*ns));
	unsigned long id;

	for (id = 0; id < t->nr; id++) {
		uint64_t i = strtab_hash(t->ent[id].str, t->ent[id].len) & nmask;

		while (ns[i])
			i = (i + 1) & nmask;
		ns[i] = id + 1;
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

struct strtab *strtab__new(void)
{
	struct strtab *t = xcalloc(1, sizeof(*t));

	rehash(t);
	strtab_intern(t, "", 0);
	return t;
}

void strtab__delete(struct strtab *t)
{
	struct chunk *c, *next;

	if (!t)
		return;
	for (c = t->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(t->slots);
	free(t->ent);
	free(t);
}

static uint64_t lookup(const struct strtab *t, const char *s, size_t len,
		       uint64_t h)
{
	uint64_t i = h & t->mask;

	for (;; i = (i + 1) & t->mask) {
		uint32_t slot = t->slots[i];
		const struct entry *e;

		if (!slot)
			return i;
		e = &t->ent[slot - 1];
		if (e->len == len && !memcmp(e->str, s, len))
			return i;
	}
}

uint32_t strtab_find(const struct strtab *t, const char *s, size_t len)
{
	uint64_t i = lookup(t, s, len, strtab_hash(s, len));

	return t->slots[i] ? t->slots[i] - 1 : UINT32_MAX;
}

uint32_t strtab_intern(struct strtab *t, const char *s, size_t len)
{
	uint64_t h = strtab_hash(s, len);
	uint64_t i = lookup(t, s, len, h);

	if (t->slots[i])
		return t->slots[i] - 1;
	ALLOC_GROW(t->ent, t->nr + 1, t->alloc);
	t->ent[t->nr].str = store(t, s, len);
	t->ent[t->nr].len = len;
	t->slots[i] = ++t->nr;
	/* Keep the load under 1/2 so probes stay short. */
	if (t->nr * 2 > t->mask)
		rehash(t);
	return t->nr - 1;
}

const char *strtab_str(const struct strtab *t, uint32_t id)
{
	return t->ent[id].str;
}

size_t strtab_len(const struct strtab *t, uint32_t id)
{
	return t->ent[id].len;
}

uint32_t strtab_count(const struct strtab *t)
{
	return t->nr;
}
