// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "render/textfmt.h"
#include "render/tree-text.h"

/* The columns right of the names: " BASE NEW CHANGE" */
#define FIGURE_COLUMNS 22
/* The mark and its blank */
#define MARK_COLUMNS 2
/* A name keeps at least this many columns, whatever its indent */
#define MIN_NAME_COLUMNS 12

/* "Call tree: BASE -> NEW (EVENT, 3 + 3 runs)", the names elided to fit */
static void header(struct outfile *o, const struct side_summary s[2],
		   size_t width, size_t name_cols, bool columns)
{
	struct strbuf b = STRBUF_INIT, n = STRBUF_INIT, tail = STRBUF_INIT;
	size_t fixed, room;

	/* the event as a name is shown: escaped, and cut to a sane width */
	if (s[0].event)
		strbuf_addf(&tail, " (%s, ",
			    text_name(&b, s[0].event, 2 * MIN_NAME_COLUMNS));
	else
		strbuf_addstr(&tail, " (");
	strbuf_addf(&tail, "%zu + %zu runs)", s[0].nr_runs, s[1].nr_runs);
	fixed = strlen("Call tree: ") + strlen(" -> ") + text_columns(tail.buf);
	/* an event name long enough to fill the line goes */
	if (fixed + 2 * MIN_NAME_COLUMNS > width) {
		strbuf_reset(&tail);
		strbuf_addf(&tail, " (%zu + %zu runs)", s[0].nr_runs,
			    s[1].nr_runs);
		fixed = strlen("Call tree: ") + strlen(" -> ") +
			text_columns(tail.buf);
	}
	room = width - fixed;
	text_name(&b, s[0].name, room / 2);
	text_name(&n, s[1].name, room - text_columns(b.buf));
	outfile_printf(o, "Call tree: %s -> %s%s\n", b.buf, n.buf, tail.buf);
	outfile_puts(o, "+ grew, - shrank by the table's rule; % of samples\n");
	if (columns)
		outfile_printf(o, "%*s %6s %6s %7s\n",
			       (int)(MARK_COLUMNS + name_cols), "", "base",
			       "new", "change");
	strbuf_release(&b);
	strbuf_release(&n);
	strbuf_release(&tail);
}

/* What the graph's colour of a node stands for. */
static char verdict_mark(const struct cmp_node *n)
{
	if (!n->changed)
		return ' ';
	return n->change < 0 ? '-' : '+';
}

/* One line: MARK PREFIX NAME, padded to the figures, the figures. */
static void line(struct outfile *o, const struct cmp_tree *t, uint32_t id,
		 const char *prefix, size_t name_cols)
{
	char b[32], nw[32], c[32];
	struct strbuf name = STRBUF_INIT;
	size_t pre = strlen(prefix), max_pre = name_cols - MIN_NAME_COLUMNS;
	struct cmp_node n;
	size_t used;

	cmp_node_get(t, id, &n);
	/* the prefix is ASCII: a byte is a column */
	if (pre > max_pre) {
		prefix += pre - max_pre;
		pre = max_pre;
	}
	text_name(&name, cmp_name(t, id), name_cols - pre);
	used = pre + text_columns(name.buf);
	outfile_printf(o, "%c %s%s%*s %s %s %s\n", verdict_mark(&n), prefix,
		       name.buf, (int)(name_cols - used), "",
		       fmt_double(b, sizeof(b), "%6.2f", n.base),
		       fmt_double(nw, sizeof(nw), "%6.2f", n.new),
		       fmt_double(c, sizeof(c), "%+7.2f", n.change));
	strbuf_release(&name);
}

/* Where a caller's callees stand: its prefix's length, how many are left
 * to draw, and whether they branch (more than one). */
struct level {
	size_t len;
	uint32_t left;
	bool branch;
};

/* The lines, each after the prefix its place in the tree gives it. */
static void lines(struct outfile *o, const struct cmp_tree *t,
		  const struct cmp_paths *p, size_t name_cols)
{
	struct strbuf pre = STRBUF_INIT, first = STRBUF_INIT;
	struct level *stack = NULL;
	unsigned long alloc = 0;
	size_t depth = 0, i;
	uint32_t tops = 0;

	for (i = 0; i < p->nr_lines; i++)
		if (t->shape->nodes[p->lines[i].node].parent == NODE_ROOT)
			tops++;
	ALLOC_GROW(stack, 1, alloc);
	stack[depth++] = (struct level){ 0, tops, tops > 1 };
	for (i = 0; i < p->nr_lines; i++) {
		const struct cmp_line *l = &p->lines[i];
		struct level *up;

		while (depth > 1 && !stack[depth - 1].left)
			depth--;
		up = &stack[depth - 1];
		strbuf_setlen(&pre, up->len);
		strbuf_reset(&first);
		strbuf_add(&first, pre.buf, pre.len);
		if (up->branch) {
			strbuf_addstr(&first, l->last ? "`-" : "|-");
			strbuf_addstr(&pre, l->last ? "  " : "| ");
		}
		if (up->left)
			up->left--;
		line(o, t, l->node, first.buf, name_cols);
		if (!l->nr_callees)
			continue;
		ALLOC_GROW(stack, depth + 1, alloc);
		stack[depth++] = (struct level){ pre.len, l->nr_callees,
						 l->nr_callees > 1 };
	}
	free(stack);
	strbuf_release(&pre);
	strbuf_release(&first);
}

/* What the lines are, wrapped within width. */
static void footer(struct outfile *o, const struct cmp_paths *p,
		   size_t width, uint32_t max_depth)
{
	struct strbuf sb = STRBUF_INIT;

	if (!p->nr_changed)
		strbuf_addstr(&sb, "No frame changed by the table's rule");
	else if (p->nr_changed_shown == p->nr_changed)
		strbuf_addf(&sb, "All %zu changed frames, with their callers",
			    p->nr_changed);
	else
		strbuf_addf(&sb, "%zu of %zu changed frames shown: the "
			    "largest changes, on %zu path%s (--top 0: all)",
			    p->nr_changed_shown, p->nr_changed, p->nr_taken,
			    p->nr_taken == 1 ? "" : "s");
	if (max_depth)
		strbuf_addf(&sb, " (no frame deeper than %u)", max_depth);
	strbuf_addstr(&sb, ".");
	text_wrap(o, sb.buf, 0, width, 0);
	outfile_puts(o, "\n");
	strbuf_release(&sb);
}

void tree_text_write(struct outfile *o, const struct cmp_tree *t,
		     const struct cmp_paths *p,
		     const struct side_summary s[2], size_t width,
		     uint32_t max_depth)
{
	size_t name_cols;

	if (width < TREE_TEXT_MIN_WIDTH)
		width = TREE_TEXT_MIN_WIDTH;
	name_cols = width - MARK_COLUMNS - FIGURE_COLUMNS;
	header(o, s, width, name_cols, p->nr_lines > 0);
	lines(o, t, p, name_cols);
	footer(o, p, width, max_depth);
}
