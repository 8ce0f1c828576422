// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/diff.h"
#include "render/headline-text.h"
#include "render/textfmt.h"

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n >= m && !strcmp(s + n - m, suf);
}

/* The self row that gained most, or NULL. */
static const struct diff_row *top_gain(const struct explain *e)
{
	const struct diff_row *best = NULL;
	size_t i;

	for (i = 0; i < e->nr_self; i++) {
		const struct diff_row *r = e->self[i];

		if (r->name && isfinite(r->change) && r->change > 0 &&
		    (!best || r->change > best->change))
			best = r;
	}
	return best;
}

void headline_sentence(struct strbuf *sb, const struct explain *e)
{
	const struct diff_row *r = e->headline, *g = top_gain(e);
	char c[32], b[32], n[32], p[32];
	double ch = isfinite(r->change) ? r->change : 0;

	strbuf_addf(sb, "%s %s", r->key,
		    ch > 0 ? "rose" : ch < 0 ? "fell" : "did not change");
	if (ch != 0)
		strbuf_addf(sb, " %s%%",
			    fmt_double(c, sizeof(c), "%.1f", fabs(ch)));
	strbuf_addf(sb, " (%s -> %s%s",
		    text_figure(b, sizeof(b), r->base_mean),
		    text_figure(n, sizeof(n), r->new_mean),
		    ends_with(r->key, "ops_per_sec") ? " ops/s" : "");
	if (r->p >= 0)
		strbuf_addf(sb, ", p = %s",
			    fmt_double(p, sizeof(p), "%.2g", r->p));
	strbuf_addstr(sb, ")");
	if (g)
		strbuf_addf(sb, "; the time went to %s (self %s points):",
			    g->name,
			    fmt_double(c, sizeof(c), "%+.1f", g->change));
	else
		strbuf_addstr(sb, "; where the time went:");
}

void headline_write(struct outfile *o, const struct explain *e, int width)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s;
	size_t col = 0;

	headline_sentence(&sb, e);
	/* Words to width columns (EXPLAIN_WIDTH when 0), continued two
	 * columns in; a word longer than a line (a long key) stands on its
	 * own. */
	if (width <= 0)
		width = EXPLAIN_WIDTH;
	for (s = sb.buf; *s;) {
		size_t len = strcspn(s, " ");

		if (col && col + 1 + len > (size_t)width) {
			outfile_puts(o, "\n  ");
			col = 2;
		} else if (col) {
			outfile_puts(o, " ");
			col++;
		}
		outfile_printf(o, "%.*s", (int)len, s);
		col += len;
		s += len;
		while (*s == ' ')
			s++;
	}
	outfile_puts(o, "\n\n");
	strbuf_release(&sb);
}
