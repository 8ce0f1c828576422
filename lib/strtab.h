/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_STRTAB_H
#define FLAMEDIFF_STRTAB_H

#include <stddef.h>
#include <stdint.h>

/*
 * Interned strings. Every distinct byte string gets a small id, stable for
 * the life of the table; equal ids mean equal strings. Strings are stored
 * NUL-terminated in chunks that never move, so the pointer returned by
 * strtab_str() stays valid until strtab__delete(). Id 0 is the empty string.
 */
struct strtab;

struct strtab *strtab__new(void);
/* One holder fewer: the last one's strtab__delete() frees the table. */
void strtab__delete(struct strtab *t);
/* One holder more (two profiles of one set of names, say): t. */
struct strtab *strtab_get(struct strtab *t);

/* The id of s[0..len), adding it if new. s need not be NUL-terminated;
 * len is below 4 GiB (no reader takes a line that long). */
uint32_t strtab_intern(struct strtab *t, const char *s, size_t len);

/* The id of s[0..len), or UINT32_MAX if it was never interned. */
uint32_t strtab_find(const struct strtab *t, const char *s, size_t len);

/*
 * Free the index that finds a string's id (a quarter to a half of the
 * table's memory), for a table read by id from now on. strtab_intern()
 * makes it again; strtab_find() then looks at every string.
 */
void strtab_drop_index(struct strtab *t);

const char *strtab_str(const struct strtab *t, uint32_t id);
size_t strtab_len(const struct strtab *t, uint32_t id);
uint32_t strtab_count(const struct strtab *t);

/* 64-bit hash used by the table; exposed for callers that key on names. */
uint64_t strtab_hash(const char *s, size_t len);

#endif
