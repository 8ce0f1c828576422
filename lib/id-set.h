/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_ID_SET_H
#define FLAMEDIFF_ID_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/parse-options.h"

/*
 * The ids (pids, tids) an option lists, as a sorted set made once from
 * its words, for a test made on every sample: no formatting, no string
 * compare per sample. A word, or each comma-separated part of one, is an
 * id when it is written as "%u" writes it (decimal digits, no sign, no
 * leading zero): such a word matched the id's text, and any other word
 * matches nothing, as before.
 */
struct id_set {
	uint32_t *v;	/* sorted, no repeats */
	size_t nr;
	bool given;	/* the list had a word: only its ids pass */
};

void id_set_init(struct id_set *s, const struct po_list *words);

/* Whether id passes: no list given, or id is in it. */
bool id_set_passes(const struct id_set *s, uint32_t id);

/* The same for an id as text, w[0..n) (a perf script header's pid):
 * text that "%u" would not write is no id, and passes no list. */
bool id_set_passes_text(const struct id_set *s, const char *w, size_t n);

void id_set_release(struct id_set *s);

#endif
