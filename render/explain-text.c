// SPDX-License-Identifier: GPL-2.0
/*
 * The explanation of a comparison as text for a mail reply (every line at
 * most EXPLAIN_WIDTH columns) and as JSON; explain_compute() decided what
 * it says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "render/explain-text.h"
#include "render/headline-text.h"
#include "render/textfmt.h"

/*
 * Text that wraps at blanks to fit width columns (EXPLAIN_WIDTH unless
 * diff --width says otherwise). A word longer than a line (a
 * 300-character C++ name) loses its middle to TEXT_ELISION rather than
 * break the width promise, and a control character in a name is shown
 * escaped (text_name()). The line is held until it ends, so that a
 * punctuation mark that does not fit takes the word before it along to
 * the next line instead of standing there alone.
 */
struct wrap {
	struct outfile *o;
	int col;     /* 0: at the start of a line */
	int indent;  /* of continuation lines */
	int width;
	struct strbuf line;
	size_t last; /* where the line's last word starts in line.buf */
	int last_col;
};

static int wrap_width(const struct wrap *w)
{
	return w->width > 0 ? w->width : EXPLAIN_WIDTH;
}

static void wrap_flush(struct wrap *w)
{
	outfile_write(w->o, w->line.buf ? w->line.buf : "", w->line.len);
	strbuf_reset(&w->line);
}

static void wrap_newline(struct wrap *w)
{
	wrap_flush(w);
	outfile_printf(w->o, "\n%*s", w->indent, "");
	w->col = w->indent;
}

static void wrap_word(struct wrap *w, const char *s, size_t n)
{
	/* Punctuation sticks to the word before it. */
	bool attach = n == 1 && strchr(",;.:", s[0]);
	int width = wrap_width(w), cols;
	struct strbuf name = STRBUF_INIT;
	char *word = xstrndup(s, n);

	if (attach && w->col && w->col + 1 > width && w->line.len &&
	    w->last_col > w->indent) {
		/* the word before goes down with its punctuation */
		char *prev = xstrdup(w->line.buf + w->last);

		strbuf_setlen(&w->line, w->last ? w->last - 1 : 0);
		wrap_newline(w);
		w->last = w->line.len;
		w->last_col = w->col;
		strbuf_addstr(&w->line, prev);
		w->col += text_columns(prev);
		free(prev);
	}
	if (attach && w->col && w->col + 1 <= width) {
		strbuf_add(&w->line, s, 1);
		w->col++;
		goto out;
	}
	text_name(&name, word, 0);
	cols = (int)text_columns(name.buf);
	if (w->col && w->col > w->indent && w->col + 1 + cols > width) {
		wrap_newline(w);
	} else if (w->col) {
		strbuf_add(&w->line, " ", 1);
		w->col++;
	}
	if (cols > width - w->col)
		text_name(&name, word, width - w->col > 1 ?
					 (size_t)(width - w->col) : 1);
	w->last = w->line.len;
	w->last_col = w->col;
	strbuf_addstr(&w->line, name.buf);
	w->col += text_columns(name.buf);
out:
	strbuf_release(&name);
	free(word);
}

static void wrap_text(struct wrap *w, const char *s)
{
	while (*s) {
		size_t n;

		while (*s == ' ')
			s++;
		n = strcspn(s, " ");
		if (n)
			wrap_word(w, s, n);
		s += n;
	}
}

static void wrap_end(struct wrap *w)
{
	wrap_flush(w);
	if (w->col)
		outfile_write(w->o, "\n", 1);
	w->col = 0;
	strbuf_release(&w->line);
}

/* The callers of a chain, "a <- b <- c", at most max of them. */
static void wrap_callers(struct wrap *w, const char *chain, int max)
{
	const char *s = strchr(chain, ';');
	int k = 0;

	if (!s) {
		wrap_text(w, "(no caller)");
		return;
	}
	while (s && k < max) {
		const char *next = strchr(s + 1, ';');
		size_t n = next ? (size_t)(next - s - 1) : strlen(s + 1);

		if (k++)
			wrap_word(w, "<-", 2);
		wrap_word(w, s + 1, n);
		s = next;
	}
}

/* Start a line with prefix; the wrapped words follow it, continuation
 * lines indented one column past it. */
static void wrap_start(struct wrap *w, const char *prefix)
{
	strbuf_addstr(&w->line, prefix);
	w->col = strlen(prefix);
	w->indent = w->col + 1;
	w->last = 0;
	w->last_col = 0;
}

/*
 * How many callers the sentence shows: three, or as many as it takes for
 * two chains to read differently (they differ somewhere in five frames).
 */
static int telling_depth(const char *a, const char *b)
{
	int k = 0;

	a = strchr(a, ';');
	b = strchr(b, ';');
	while (a && b && k < EXPLAIN_CHAIN_FRAMES - 1) {
		size_t na = strcspn(a + 1, ";"), nb = strcspn(b + 1, ";");

		k++;
		if (na != nb || memcmp(a + 1, b + 1, na))
			break;
		a = strchr(a + 1, ';');
		b = strchr(b + 1, ';');
	}
	return k > 3 ? k : 3;
}

/* "under a <- b <- c", or what a chain without callers means. */
static void wrap_under(struct wrap *w, const char *chain, int depth)
{
	if (!strchr(chain, ';')) {
		wrap_text(w, "as a root frame (no caller)");
		return;
	}
	wrap_text(w, "under");
	wrap_callers(w, chain, depth);
}

static void write_movers(struct outfile *o, const char *what,
			 const struct diff_row *const *v, size_t n, int width)
{
	struct wrap w = { o, 0, 0, width, STRBUF_INIT, 0, 0 };
	char buf[128], c[32], b[32], nw[32];
	size_t i;

	if (!n)
		return;
	outfile_printf(o, "Top movers by %s (change, base -> new):\n", what);
	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "  %s  %s -> %s",
			 fmt_double(c, sizeof(c), "%+7.1f", v[i]->change),
			 fmt_double(b, sizeof(b), "%6.2f", v[i]->base_mean),
			 fmt_double(nw, sizeof(nw), "%6.2f", v[i]->new_mean));
		wrap_start(&w, buf);
		wrap_word(&w, v[i]->name, strlen(v[i]->name));
		wrap_end(&w);
	}
}

/* Percent change of v from b, for a note ("-2.4%"). */
static const char *pct(char *buf, size_t cap, double b, double v)
{
	return fmt_double(buf, cap, "%+.1f%%", (v - b) / b * 100);
}

/*
 * Red that is not more work: a mover whose share rose because the total
 * shrank under it, its own time per run the same (explain.h).
 */
static void write_share_only(struct outfile *o, const struct explain *e,
			     int width)
{
	struct wrap w = { o, 0, 0, width, STRBUF_INIT, 0, 0 };
	struct strbuf sb = STRBUF_INIT;
	char a[32], b[32];
	size_t i;

	for (i = 0; i < e->nr_share_only; i++) {
		const struct explain_share_only *x = &e->share_only[i];

		wrap_start(&w, "Note:");
		wrap_word(&w, x->row->name, strlen(x->row->name));
		strbuf_reset(&sb);
		strbuf_addf(&sb, "grew in share only because the rest shrank: "
			    "its own weight per run moved %s, while the "
			    "total per run moved %s.",
			    pct(a, sizeof(a), x->base_own, x->new_own),
			    pct(b, sizeof(b), x->base_total, x->new_total));
		wrap_text(&w, sb.buf);
		wrap_end(&w);
	}
	strbuf_release(&sb);
}

static const char *hot_state(const struct explain_hot *h)
{
	switch (h->heat) {
	case EXPLAIN_STAYED_HOT:
		return "stayed hot";
	case EXPLAIN_COOLED_DOWN:
		return "cooled down";
	case EXPLAIN_BECAME_HOT:
		break;
	}
	return "became hot";
}

static void write_chains(struct outfile *o, const char *what,
			 const struct explain_chain *c, size_t n, int width)
{
	struct wrap w = { o, 0, 0, width, STRBUF_INIT, 0, 0 };
	char buf[64], ch[32];
	size_t i;

	for (i = 0; i < n && i < EXPLAIN_CHAINS; i++) {
		snprintf(buf, sizeof(buf), "    %-6s %s ", what,
			 fmt_double(ch, sizeof(ch), "%+6.1f", c[i].change));
		wrap_start(&w, buf);
		wrap_callers(&w, c[i].chain, EXPLAIN_CHAIN_FRAMES - 1);
		wrap_end(&w);
	}
}

static void write_hot(struct outfile *o, const struct explain_hot *h,
		      int width)
{
	bool stayed = h->heat == EXPLAIN_STAYED_HOT;
	struct wrap w = { o, 0, 2, width, STRBUF_INIT, 0, 0 };
	char buf[128], b[32], n[32];

	wrap_word(&w, h->fn, strlen(h->fn));
	snprintf(buf, sizeof(buf), "%s (self %s%% -> %s%%)", hot_state(h),
		 fmt_double(b, sizeof(b), "%.2f", h->base_self),
		 fmt_double(n, sizeof(n), "%.2f", h->new_self));
	wrap_text(&w, buf);
	if (h->nr_lost && h->nr_gained) {
		/* The one sentence a reader needs: where the time went. */
		int depth = telling_depth(h->lost[0].chain,
					  h->gained[0].chain);

		wrap_text(&w, stayed ? ", but its time moved from"
				     : "; its time moved from");
		wrap_callers(&w, h->lost[0].chain, depth);
		wrap_text(&w, "to");
		wrap_callers(&w, h->gained[0].chain, depth);
		wrap_text(&w, ".");
	} else if (h->nr_gained) {
		wrap_text(&w, "; it gained most");
		wrap_under(&w, h->gained[0].chain, 3);
		wrap_text(&w, ".");
	} else if (h->nr_lost) {
		wrap_text(&w, "; it lost most");
		wrap_under(&w, h->lost[0].chain, 3);
		wrap_text(&w, ".");
	} else {
		wrap_text(&w, "; its callers did not change beyond noise.");
	}
	wrap_end(&w);
	write_chains(o, "lost", h->lost, h->nr_lost, width);
	write_chains(o, "gained", h->gained, h->nr_gained, width);
}

/*
 * A chain key ("f1.f2.f3.f4.f5") on lines of its own, indented, broken
 * after a '.' where it would pass EXPLAIN_WIDTH (a part longer than a
 * line is cut, as wrap_word() cuts).
 */
static void write_key(struct outfile *o, const char *key, int width)
{
	const int indent = 6, room = width - indent;
	size_t len = strlen(key);

	while (len) {
		size_t n = len;

		if ((int)n > room) {
			n = (size_t)room;
			while (n > 0 && key[n - 1] != '.')
				n--;
			if (!n) {
				outfile_printf(o, "%*s%.*s...\n", indent, "",
					       room - 3, key);
				return;
			}
		}
		outfile_printf(o, "%*s%.*s\n", indent, "", (int)n, key);
		key += n;
		len -= n;
	}
}

/*
 * "Switch-out chains whose wait or delay moved": where tasks waited
 * longer or shorter per switch, from LKP's perf-sched rows.
 */
static void write_switches(struct outfile *o, const struct explain *e,
			   int width)
{
	struct wrap w = { o, 0, 0, width, STRBUF_INIT, 0, 0 };
	char buf[128], c[32], b[32], n[32];
	size_t i;

	if (!e->nr_switches)
		return;

	wrap_text(&w, "Switch-out chains whose wait or delay moved (ms a "
		      "switch, change, base -> new):");
	wrap_end(&w);
	for (i = 0; i < e->nr_switches; i++) {
		const struct explain_switch *s = &e->switches[i];
		double d = s->row->new_mean - s->row->base_mean;

		snprintf(buf, sizeof(buf), "  %-5s %s %s  %s -> %s",
			 s->delay ? "delay" : "wait",
			 d > 0 ? "gained" : "lost  ",
			 fmt_double(c, sizeof(c), "%+8.3f", d),
			 fmt_double(b, sizeof(b), "%8.3f", s->row->base_mean),
			 fmt_double(n, sizeof(n), "%8.3f", s->row->new_mean));
		outfile_printf(o, "%s\n", buf);
		write_key(o, s->chain, width);
	}
	outfile_puts(o, "\n");
}

void explain_write_width(const struct explain *e, struct outfile *o,
			 int width)
{
	struct strbuf name = STRBUF_INIT;
	struct wrap w = { o, 0, 0, width, STRBUF_INIT, 0, 0 };
	size_t i;

	if (width <= 0)
		width = EXPLAIN_WIDTH;
	w.width = width;

	if (e->headline)
		headline_write(o, e, width); /* render/headline-text.c */
	strbuf_addf(&name, "What moved (means of %zu base and %zu new run%s, "
			   "in %% of all samples):",
		    e->nr_base, e->nr_new, e->nr_new == 1 ? "" : "s");
	wrap_text(&w, name.buf);
	wrap_end(&w);
	strbuf_reset(&name);
	outfile_puts(o, "\n");
	if (e->nr_procs) {
		char c[32], b[32], nw[32];

		outfile_puts(o, "Processes whose share moved (change, base -> "
				"new):\n");
		for (i = 0; i < e->nr_procs; i++)
			outfile_printf(
				o, "  %s  %s -> %s  %s\n",
				fmt_double(c, sizeof(c), "%+7.1f",
					   e->procs[i].change),
				fmt_double(b, sizeof(b), "%6.2f",
					   e->procs[i].base),
				fmt_double(nw, sizeof(nw), "%6.2f",
					   e->procs[i].new),
				text_name(&name, e->procs[i].name,
					  width > 28 ? width - 28 : 1));
		outfile_puts(o, "\n");
	}
	write_switches(o, e, width);
	if (!e->nr_children && !e->nr_self)
		outfile_puts(o, "No function moved beyond run-to-run "
				"noise.\n");
	write_movers(o, "children", e->children, e->nr_children, width);
	write_movers(o, "self", e->self, e->nr_self, width);
	write_share_only(o, e, width);
	if (!e->nr_hot)
		goto out;
	strbuf_reset(&name);
	strbuf_addf(&name, "Hot functions (self >= %.0f%% on a side) and %s:",
		    EXPLAIN_HOT,
		    e->calltrace ? "their calltrace chains (callees included)"
				 : "the callers of their self time");
	outfile_puts(o, "\n");
	wrap_text(&w, name.buf);
	wrap_end(&w);
	for (i = 0; i < e->nr_hot; i++)
		write_hot(o, &e->hot[i], width);
out:
	strbuf_release(&name);
}

void explain_write(const struct explain *e, struct outfile *o)
{
	explain_write_width(e, o, EXPLAIN_WIDTH);
}


static void json_movers(struct outfile *o, const struct diff_row *const *v,
			size_t n)
{
	size_t i;

	outfile_puts(o, "[");
	for (i = 0; i < n; i++) {
		outfile_puts(o, i ? ", {\"function\": " : "{\"function\": ");
		json_string(o, v[i]->name);
		outfile_puts(o, ", \"base\": ");
		json_number(o, v[i]->base_mean);
		outfile_puts(o, ", \"new\": ");
		json_number(o, v[i]->new_mean);
		outfile_puts(o, ", \"change\": ");
		json_number(o, v[i]->change);
		outfile_puts(o, "}");
	}
	outfile_puts(o, "]");
}

static void json_chains(struct outfile *o, const struct explain_chain *c,
			size_t n)
{
	size_t i;

	outfile_puts(o, "[");
	for (i = 0; i < n; i++) {
		const char *s = c[i].chain;

		outfile_puts(o, i ? ", {\"chain\": [" : "{\"chain\": [");
		/* Step past a ';' only when there is one: the last name
		 * ends the chain, and NULL + 1 is no pointer. */
		for (;;) {
			const char *semi = strchr(s, ';');
			size_t n = semi ? (size_t)(semi - s) : strlen(s);
			char *name = xstrndup(s, n);

			json_string(o, name);
			free(name);
			if (!semi)
				break;
			outfile_puts(o, ", ");
			s = semi + 1;
		}
		outfile_puts(o, "], \"base\": ");
		json_number(o, c[i].base);
		outfile_puts(o, ", \"new\": ");
		json_number(o, c[i].new);
		outfile_puts(o, ", \"change\": ");
		json_number(o, c[i].change);
		outfile_puts(o, "}");
	}
	outfile_puts(o, "]");
}

void explain_write_json(const struct explain *e, struct outfile *o)
{
	size_t i;

	outfile_puts(o, "{");
	if (e->headline) {
		outfile_puts(o, "\"headline\": {\"key\": ");
		json_string(o, e->headline->key);
		outfile_puts(o, ", \"base\": ");
		json_number(o, e->headline->base_mean);
		outfile_puts(o, ", \"new\": ");
		json_number(o, e->headline->new_mean);
		outfile_puts(o, ", \"change_percent\": ");
		json_number(o, e->headline->change);
		outfile_puts(o, ", \"p\": ");
		if (e->headline->p >= 0)
			json_number(o, e->headline->p);
		else
			outfile_puts(o, "null");
		outfile_puts(o, "}, ");
	}
	outfile_printf(o, "\"chains\": \"%s\", \"top_children\": ",
		       e->calltrace ? "calltrace" : "self");
	json_movers(o, e->children, e->nr_children);
	outfile_puts(o, ", \"top_self\": ");
	json_movers(o, e->self, e->nr_self);
	/* only for off-CPU data: other outputs stay as they were */
	if (e->nr_switches)
		outfile_puts(o, ", \"switch_chains\": [");
	for (i = 0; i < e->nr_switches; i++) {
		const struct explain_switch *sw = &e->switches[i];

		outfile_puts(o, i ? ", {\"chain\": " : "{\"chain\": ");
		json_string(o, sw->chain);
		outfile_printf(o, ", \"what\": \"%s\", \"base_ms\": ",
			       sw->delay ? "delay" : "wait");
		json_number(o, sw->row->base_mean);
		outfile_puts(o, ", \"new_ms\": ");
		json_number(o, sw->row->new_mean);
		outfile_puts(o, "}");
	}
	if (e->nr_switches)
		outfile_puts(o, "]");
	outfile_puts(o, ", \"hot\": [");
	for (i = 0; i < e->nr_hot; i++) {
		const struct explain_hot *h = &e->hot[i];

		outfile_puts(o, i ? ", {\"function\": " : "{\"function\": ");
		json_string(o, h->fn);
		outfile_printf(o, ", \"state\": \"%s\", \"base_self\": ",
			       hot_state(h));
		json_number(o, h->base_self);
		outfile_puts(o, ", \"new_self\": ");
		json_number(o, h->new_self);
		outfile_puts(o, ", \"lost\": ");
		json_chains(o, h->lost, h->nr_lost);
		outfile_puts(o, ", \"gained\": ");
		json_chains(o, h->gained, h->nr_gained);
		outfile_puts(o, "}");
	}
	outfile_puts(o, "]}");
}
