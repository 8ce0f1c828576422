/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_STACKS_H
#define FLAMEDIFF_COLLECTOR_STACKS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/hmap.h"

/*
 * Aggregation of raw stacks while recording: a hash table of distinct
 * (comm, frame chain) keys with their summed weight and sample count.
 * Frames are 64-bit codes (see the FR_* helpers), leaf first, already in
 * the form the symbolizer wants (return addresses minus one), so equal
 * chains aggregate whatever process produced them. Chains are copied into
 * an arena owned by the table; the table only grows.
 */

/* Frame codes: the top two bits tell what the rest is. */
#define FR_TAG(f) ((f) >> 62)
#define FR_TAG_RAW 0ULL	   /* user address outside any known file */
#define FR_TAG_DSO 1ULL	   /* dso id (22 bits) and file offset (40 bits) */
#define FR_TAG_WIDE 2ULL   /* raw user address >= 2^62: index in ->wide */
#define FR_TAG_KERNEL 3ULL /* a kernel address, as is */
#define FR_DSO_MAX (1U << 22)
#define FR_OFF_MAX (1ULL << 40)

static inline uint64_t fr_dso(uint32_t dso, uint64_t off)
{
	return (FR_TAG_DSO << 62) | ((uint64_t)dso << 40) | off;
}

static inline uint32_t fr_dso_id(uint64_t f)
{
	return (uint32_t)((f >> 40) & (FR_DSO_MAX - 1));
}

static inline uint64_t fr_dso_off(uint64_t f)
{
	return f & (FR_OFF_MAX - 1);
}

struct stack {
	uint64_t hash;
	uint64_t first; /* index of the leaf in stacks->frames */
	uint32_t len;
	uint32_t comm;
	uint64_t weight, count;
};

struct stacks {
	struct stack *v;
	unsigned long nr, alloc;
	uint32_t *slots; /* open addressing: index + 1, 0 = empty */
	uint64_t mask;
	uint64_t *frames;
	unsigned long nr_frames, alloc_frames;
	/* the stacks last added, by hash: a few hot stacks take most
	 * samples, and their entries are in the cache where the big
	 * table's are not (index + 1, 0 = none) */
	uint32_t recent[1024];
	/* raw user addresses that do not fit a FR_TAG_RAW code (garbage
	 * in a user chain, which perf script prints whole), each once */
	uint64_t *wide;
	unsigned long nr_wide, alloc_wide;
	struct hmap wide_idx; /* address -> index in wide */
};

void stacks_init(struct stacks *s);
/* The frame code of a raw user address outside any known file. */
uint64_t stacks_raw_frame(struct stacks *s, uint64_t ip);
/* The address of a FR_TAG_RAW or FR_TAG_WIDE code. */
uint64_t stacks_raw_addr(const struct stacks *s, uint64_t f);
void stacks_release(struct stacks *s);
/* Returns the stack's index in s->v (record --sched adds to its weight
 * later, when the task switches back in). */
unsigned long stacks_add(struct stacks *s, uint32_t comm,
			 const uint64_t *frames, uint32_t len, uint64_t weight);

#endif
