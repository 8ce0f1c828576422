/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SVG_H
#define FLAMEDIFF_SVG_H

#include <stddef.h>

#include "lib/outfile.h"
#include "render/layout.h"

/*
 * The SVG backend: one self-contained file, the script of
 * share/flamegraph.js embedded (compiled in at build time), every string
 * from the input escaped so nothing in it can break the XML or run.
 */
void svg_write(const struct layout *l, struct outfile *o);

/*
 * Write s[0..len) as XML character data / attribute text: &<>"' escaped,
 * invalid UTF-8 and characters XML forbids replaced by U+FFFD.
 */
void svg_escape(struct outfile *o, const char *s, size_t len);

/* The embedded script (generated from share/flamegraph.js). */
extern const char flamegraph_js[];

#endif
