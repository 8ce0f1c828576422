/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_INLINE_H
#define FLAMEDIFF_COLLECTOR_INLINE_H

#include <stddef.h>
#include <stdint.h>

#include "collector/dso.h"

/*
 * The functions the compiler inlined at an address, from the DWARF of the
 * binary (or of its separate debug file, by build-id or .gnu_debuglink),
 * read in process with libdw: `perf script --inline`'s frames, without
 * forking addr2line. A binary without DWARF has none.
 *
 * One struct inliner for a whole read; it opens each file's DWARF once,
 * the first time an address of it is asked for, and owns what it opened.
 * Lifetime: inliner__new() ... inliner__delete() (NULL-safe).
 */
struct inliner;

struct inliner *inliner__new(void);
void inliner__delete(struct inliner *in);

/*
 * The function at file offset off of dso and the functions inlined there,
 * as perf's DWARF-unwound frames name them: names[0] the function (its
 * DWARF name, which may differ from the symbol's: "work" for
 * work.constprop.0), then the inlined ones, outermost (the one the
 * function calls) to innermost (the one the address is in): at most max
 * names into names[], valid until the inliner's end. Returns how many; 0
 * when the file has no DWARF for that address (the symbol names it).
 */
size_t inliner_at(struct inliner *in, const struct dso *dso, uint64_t off,
		  const char **names, size_t max);

#endif
