/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_SYMTAB_H
#define FLAMEDIFF_COLLECTOR_SYMTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A sorted symbol table: address ranges to names. Filled with
 * symtab_add(), then symtab_finish() sorts it, keeps one symbol per start
 * address (the best of the aliases by perf's rule, see symtab.c: the
 * order of symtab_add() calls is part of it) and gives sizeless
 * symbols the room up to the next one. After that the table is read-only
 * and symtab_lookup() is a binary search. Names are owned by the table.
 *
 * Where symbols overlap (a label inside a function, a function inside
 * another) perf names an address by the first of them its binary tree
 * of symbols meets on the way down, which the order of insertion shapes:
 * the table keeps that tree, built as perf builds it (every symbol in
 * the order added, a red-black tree by start), and asks it there.
 */
/* Preference among aliases: global, then local, then weak. */
enum sym_bind { SYM_WEAK, SYM_LOCAL, SYM_GLOBAL };

struct sym {
	uint64_t start, end; /* [start, end) */
	const char *name;
	uint8_t bind;	     /* enum sym_bind */
	bool sized;	     /* end came from the symbol's own size */
	bool overlaps;	     /* an earlier symbol's range meets this one's */
	uint32_t seq;	     /* order added: the first of equal aliases wins */
};

struct symtab {
	struct sym *syms;
	unsigned long nr, alloc;
	char **pool; /* name storage chunks */
	unsigned long nr_pool, alloc_pool;
	size_t pool_used, pool_size;
	/* perf's tree, by order added: children (UINT32_MAX: none) and the
	 * symbol kept for that start; NULL when nothing overlaps */
	uint32_t *tree_l, *tree_r, *tree_at;
	uint32_t tree_root;
};

void symtab_init(struct symtab *t);
void symtab_release(struct symtab *t);
void symtab_add(struct symtab *t, uint64_t start, uint64_t size,
		const char *name, enum sym_bind bind);
/* Sort and deduplicate; sizeless symbols end at the next one, at most
 * max_gap bytes further (0: no limit). */
void symtab_finish(struct symtab *t, uint64_t max_gap);
const struct sym *symtab_lookup(const struct symtab *t, uint64_t addr);

#endif
