// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strtab.h"

#define CHUNK_SIZE (1UL << 20)

/*
 * A string is stored as its length (32 bits, native order, unaligned)
 * and its bytes and a NUL: the entry is one pointer to the bytes, and a
 * lookup that compares lengths finds the length beside the bytes it then
 * compares.
 */
struct entry {
	const char *str;
};

struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

/*
 * A slot holds the high 32 bits of its string's hash (the tag) above id +
 * 1, 0 when empty. The slot is found from the tag alone, so growing the
 * table reads no string, and a probe that meets another string's slot
 * tells it apart by the tag without loading the entry or the bytes: on
 * tables of millions of names each of those loads is a cache miss.
 */
struct strtab {
	struct entry *ent; /* by id */
	unsigned long nr, alloc;
	uint64_t *slots; /* open addressing, see above */
	uint64_t mask;
	struct chunk *chunks;
	unsigned long holders; /* strtab_get()s + 1 */
};

static inline uint64_t slot_make(uint32_t tag, uint32_t id)
{
	return (uint64_t)tag << 32 | ((uint64_t)id + 1);
}

static inline uint32_t slot_tag(uint64_t slot)
{
	return (uint32_t)(slot >> 32);
}

/* The id in a full slot. */
static inline uint32_t slot_id(uint64_t slot)
{
	return (uint32_t)slot - 1;
}

static inline uint32_t hash_tag(uint64_t h)
{
	return (uint32_t)(h >> 32);
}

static inline uint32_t entry_len(const struct entry *e)
{
	uint32_t n;

	memcpy(&n, e->str - sizeof(n), sizeof(n));
	return n;
}

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
	uint32_t n = (uint32_t)len;
	char *p;

	len += sizeof(n);
	if (!c || c->size - c->used < len + 1) {
		size_t size = len + 1 > CHUNK_SIZE ? len + 1 : CHUNK_SIZE;

		c = xmalloc(sizeof(*c) + size);
		c->size = size;
		c->used = 0;
		c->next = t->chunks;
		t->chunks = c;
	}
	p = c->data + c->used;
	memcpy(p, &n, sizeof(n));
	memcpy(p + sizeof(n), s, n);
	p[len] = '\0';
	c->used += len + 1;
	return p + sizeof(n);
}

static void rehash(struct strtab *t)
{
	uint64_t nmask = t->mask ? t->mask * 2 + 1 : 1023;
	uint64_t *ns = xcalloc(nmask + 1, sizeof(*ns));
	uint64_t j;

	for (j = 0; t->slots && j <= t->mask; j++) {
		uint64_t slot = t->slots[j], i;

		if (!slot)
			continue;
		for (i = slot_tag(slot) & nmask; ns[i]; i = (i + 1) & nmask)
			;
		ns[i] = slot;
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

struct strtab *strtab__new(void)
{
	struct strtab *t = xcalloc(1, sizeof(*t));

	t->holders = 1;
	rehash(t);
	strtab_intern(t, "", 0);
	return t;
}

struct strtab *strtab_get(struct strtab *t)
{
	t->holders++;
	return t;
}

void strtab__delete(struct strtab *t)
{
	struct chunk *c, *next;

	if (!t || --t->holders)
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
	uint32_t tag = hash_tag(h);
	uint64_t i = tag & t->mask;

	for (;; i = (i + 1) & t->mask) {
		uint64_t slot = t->slots[i];
		const struct entry *e;

		if (!slot)
			return i;
		if (slot_tag(slot) != tag)
			continue;
		e = &t->ent[slot_id(slot)];
		if (entry_len(e) == len && !memcmp(e->str, s, len))
			return i;
	}
}

uint32_t strtab_find(const struct strtab *t, const char *s, size_t len)
{
	uint64_t i;

	if (!t->slots) { /* strtab_drop_index(): the slow way */
		for (i = 0; i < t->nr; i++)
			if (entry_len(&t->ent[i]) == len &&
			    !memcmp(t->ent[i].str, s, len))
				return (uint32_t)i;
		return UINT32_MAX;
	}
	i = lookup(t, s, len, strtab_hash(s, len));

	return t->slots[i] ? slot_id(t->slots[i]) : UINT32_MAX;
}

/* The index strtab_drop_index() freed, made again from the strings. */
static void reindex(struct strtab *t)
{
	uint32_t id;

	t->mask = 1023;
	while (t->nr * 4 > t->mask * 3)
		t->mask = t->mask * 2 + 1;
	t->slots = xcalloc(t->mask + 1, sizeof(*t->slots));
	for (id = 0; id < t->nr; id++) {
		uint32_t tag = hash_tag(strtab_hash(t->ent[id].str,
						    entry_len(&t->ent[id])));
		uint64_t i;

		for (i = tag & t->mask; t->slots[i]; i = (i + 1) & t->mask)
			;
		t->slots[i] = slot_make(tag, id);
	}
}

void strtab_drop_index(struct strtab *t)
{
	free(t->slots);
	t->slots = NULL;
	t->mask = 0;
}

uint32_t strtab_intern(struct strtab *t, const char *s, size_t len)
{
	uint64_t h = strtab_hash(s, len), i;

	if (!t->slots)
		reindex(t);
	i = lookup(t, s, len, h);

	if (t->slots[i])
		return slot_id(t->slots[i]);
	ALLOC_GROW(t->ent, t->nr + 1, t->alloc);
	t->ent[t->nr].str = store(t, s, len);
	t->slots[i] = slot_make(hash_tag(h), t->nr++);
	/* Keep the load under 3/4: the tags keep the longer probes cheap. */
	if (t->nr * 4 > t->mask * 3)
		rehash(t);
	return t->nr - 1;
}

const char *strtab_str(const struct strtab *t, uint32_t id)
{
	return t->ent[id].str;
}

size_t strtab_len(const struct strtab *t, uint32_t id)
{
	return entry_len(&t->ent[id]);
}

uint32_t strtab_count(const struct strtab *t)
{
	return t->nr;
}
