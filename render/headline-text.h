/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_RENDER_HEADLINE_TEXT_H
#define FLAMEDIFF_RENDER_HEADLINE_TEXT_H

#include "analyzer/explain.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"

/*
 * The explanation's first sentence, one a reply can quote: "KEY rose
 * 100.6% (25226163 -> 50606842 ops/s, p = 0.0008); the time went to FN
 * (self +N points):" (the function whose self time gained most, else
 * "where the time went:"), for e->headline, which must be set. The
 * figures are text_figure()'s, as the table and the graphs print them.
 */
void headline_sentence(struct strbuf *sb, const struct explain *e);

/* The sentence, wrapped at width columns (EXPLAIN_WIDTH when 0), then a
 * blank line. */
void headline_write(struct outfile *o, const struct explain *e, int width);

#endif
