/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_RANGE_H
#define FLAMEDIFF_COLLECTOR_RANGE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Address range checks that cannot wrap. Addresses come from the sampled
 * process (its registers, its stack, its mappings, its ELF files): any
 * value up to 2^64 - 1 is possible, so "addr + n <= lo + len" is not a
 * check. Every test is written as "addr >= lo && addr - lo < len", where
 * no operation can overflow.
 */

/* Whether addr lies in [lo, lo + len). */
static inline bool range_has(uint64_t lo, uint64_t len, uint64_t addr)
{
	return addr >= lo && addr - lo < len;
}

/* Whether the n bytes at addr all lie in [lo, lo + len). */
static inline bool range_has_span(uint64_t lo, uint64_t len, uint64_t addr,
				  uint64_t n)
{
	return addr >= lo && addr - lo <= len && n <= len - (addr - lo);
}

/* start + len, or UINT64_MAX when that wraps: an end that saturates. */
static inline uint64_t range_end(uint64_t start, uint64_t len)
{
	return len > UINT64_MAX - start ? UINT64_MAX : start + len;
}

#endif
