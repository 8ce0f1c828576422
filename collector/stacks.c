// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/hmap.h"
#include "collector/stacks.h"

void stacks_init(struct stacks *s)
{
	memset(s, 0, sizeof(*s));
}

void stacks_release(struct stacks *s)
{
	free(s->v);
	free(s->slots);
	free(s->frames);
	free(s->wide);
	hmap_release(&s->wide_idx);
	memset(s, 0, sizeof(*s));
}

uint64_t stacks_raw_frame(struct stacks *s, uint64_t ip)
{
	uint64_t i;

	if (FR_TAG(ip) == FR_TAG_RAW)
		return ip;
	i = hmap_get(&s->wide_idx, ip, UINT64_MAX);
	if (i == UINT64_MAX) {
		i = s->nr_wide++;
		ALLOC_GROW(s->wide, s->nr_wide, s->alloc_wide);
		s->wide[i] = ip;
		hmap_put(&s->wide_idx, ip, i);
	}
	return (FR_TAG_WIDE << 62) | i;
}

uint64_t stacks_raw_addr(const struct stacks *s, uint64_t f)
{
	uint64_t i = f & ((1ULL << 62) - 1);

	if (FR_TAG(f) == FR_TAG_WIDE && i < s->nr_wide)
		return s->wide[i];
	return f;
}

/*
 * Every sample hashes its whole chain: each frame is mixed on its own
 * (with its position) and the mixes summed, so that the CPU overlaps them,
 * where feeding each into the next waited for every multiply in turn.
 */
static uint64_t chain_hash(uint32_t comm, const uint64_t *f, uint32_t len)
{
	uint64_t h = 0;
	uint32_t i;

	for (i = 0; i < len; i++)
		h += hmap_hash(f[i] ^ ((uint64_t)i * 0x9e3779b97f4a7c15ULL));
	return hmap_hash(h ^ (((uint64_t)comm << 32) | len));
}

static void rehash(struct stacks *s)
{
	uint64_t cap = s->slots ? (s->mask + 1) * 2 : 1024, i;

	free(s->slots);
	s->slots = xcalloc(cap, sizeof(*s->slots));
	s->mask = cap - 1;
	for (i = 0; i < s->nr; i++) {
		uint64_t j = s->v[i].hash & s->mask;

		while (s->slots[j])
			j = (j + 1) & s->mask;
		s->slots[j] = (uint32_t)i + 1;
	}
}

unsigned long stacks_add(struct stacks *s, uint32_t comm,
			 const uint64_t *frames, uint32_t len, uint64_t weight)
{
	uint64_t h = chain_hash(comm, frames, len), j;
	struct stack *st;

	uint32_t *r = &s->recent[h % 1024];

	if (*r) {
		st = &s->v[*r - 1];
		if (st->hash == h && st->comm == comm && st->len == len &&
		    (!len || !memcmp(&s->frames[st->first], frames,
				     len * sizeof(*frames)))) {
			st->weight += weight;
			st->count++;
			return *r - 1;
		}
	}
	if (!s->slots || (s->nr + 1) * 2 > s->mask + 1)
		rehash(s);
	for (j = h & s->mask; s->slots[j]; j = (j + 1) & s->mask) {
		st = &s->v[s->slots[j] - 1];
		/* An empty stack compares nothing: s->frames may still be
		 * NULL then, and NULL + 0 is undefined. */
		if (st->hash == h && st->comm == comm && st->len == len &&
		    (!len || !memcmp(&s->frames[st->first], frames,
				     len * sizeof(*frames)))) {
			st->weight += weight;
			st->count++;
			*r = s->slots[j];
			return s->slots[j] - 1;
		}
	}
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	ALLOC_GROW(s->frames, s->nr_frames + len, s->alloc_frames);
	st = &s->v[s->nr];
	st->hash = h;
	st->first = s->nr_frames;
	st->len = len;
	st->comm = comm;
	st->weight = weight;
	st->count = 1;
	if (len)
		memcpy(&s->frames[s->nr_frames], frames, len * sizeof(*frames));
	s->nr_frames += len;
	s->slots[j] = (uint32_t)++s->nr;
	*r = s->slots[j];
	return s->nr - 1;
}
