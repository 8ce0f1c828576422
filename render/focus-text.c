// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/focus.h"
#include "lib/alloc.h"
#include "lib/error.h"
#include "render/focus-text.h"
#include "render/textfmt.h"

/* The columns before a frame's name: "%7.2f %7.2f %+7.2f X ". */
#define FOCUS_NUM_COLS 27
/* Deeper frames are indented no further, so that names keep room. */
#define FOCUS_MAX_INDENT 30
#define FOCUS_MIN_NAME 16

struct kid {
	uint32_t id;
	double key;	/* the larger of its two shares */
	const char *name;
	unsigned int kind;
};

static int kid_cmp(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;
	int r;

	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	r = strcmp(x->name, y->name);
	if (r)
		return r;
	return x->kind < y->kind ? -1 : x->kind > y->kind;
}

/* node's children shown (a share on a side), in the order printed. */
static size_t sorted_kids(const struct cmp_tree *t, uint32_t node,
			  struct kid **kids, size_t *alloc)
{
	uint32_t k;
	size_t n = 0;

	for (k = t->shape->nodes[node].first_child; k != NODE_NONE;
	     k = t->shape->nodes[k].next_sibling) {
		double b = cmp_mean(t, k, false, false);
		double nw = cmp_mean(t, k, true, false);

		if (!(b > 0) && !(nw > 0))
			continue;
		ALLOC_GROW(*kids, n + 1, *alloc);
		(*kids)[n].id = k;
		(*kids)[n].key = fmax(b, nw);
		(*kids)[n].name = cmp_name(t, k);
		(*kids)[n].kind = t->shape->nodes[k].kind;
		n++;
	}
	qsort(*kids, n, sizeof(**kids), kid_cmp);
	return n;
}

/* The line of node id, depth levels below the focused function. */
static void write_line(struct outfile *o, const struct cmp_tree *t,
		       uint32_t id, size_t depth, size_t width,
		       struct strbuf sb[2])
{
	struct cmp_node n;
	char b[32], nw[32], ch[32];
	size_t indent, room, used;
	size_t max_indent;

	cmp_node_get(t, id, &n);
	/*
	 * Past FOCUS_MAX_INDENT the indent stops growing and the name says
	 * how many levels deeper it is ("+3 name"), so that a deep chain
	 * never looks like a row of siblings.
	 */
	max_indent = width >= FOCUS_NUM_COLS + FOCUS_MIN_NAME + FOCUS_MAX_INDENT
			     ? FOCUS_MAX_INDENT
			     : (width - FOCUS_NUM_COLS - FOCUS_MIN_NAME) & ~1UL;
	indent = 2 * depth;
	strbuf_reset(&sb[0]);
	if (indent > max_indent) {
		strbuf_addf(&sb[0], "+%zu ", depth - max_indent / 2);
		indent = max_indent;
	}
	used = sb[0].len;
	room = width > FOCUS_NUM_COLS + indent + used + 4
		       ? width - FOCUS_NUM_COLS - indent - used
		       : 4;
	/* The name as the table and the graph have it: no kind suffix. */
	text_name(&sb[1], cmp_name(t, id), room);
	strbuf_addstr(&sb[0], sb[1].buf);
	outfile_printf(o, "%s %s %s %c %*s%s\n",
		       fmt_double(b, sizeof(b), "%7.2f", n.base),
		       fmt_double(nw, sizeof(nw), "%7.2f", n.new),
		       fmt_double(ch, sizeof(ch), "%+7.2f", n.change),
		       n.changed ? '*' : ' ', (int)indent, "", sb[0].buf);
}

/* One tree, depth first, each level's frames by their larger share. */
static void write_tree(struct outfile *o, const struct cmp_tree *t,
		       size_t width)
{
	struct kid *kids = NULL;
	struct {
		uint32_t id, depth;
	} *stack = NULL, top = { NODE_ROOT, 0 };
	size_t alloc_kids = 0, alloc_stack = 0, nr = 0, n, i;
	struct strbuf sb[2] = { STRBUF_INIT, STRBUF_INIT };

	for (;;) {
		n = sorted_kids(t, top.id, &kids, &alloc_kids);
		/* pushed last first, so that the first is printed first */
		for (i = n; i > 0; i--) {
			ALLOC_GROW(stack, nr + 1, alloc_stack);
			stack[nr].id = kids[i - 1].id;
			stack[nr++].depth = top.id == NODE_ROOT ? 0
								: top.depth + 1;
		}
		if (!nr)
			break;
		top = stack[--nr];
		write_line(o, t, top.id, top.depth, width, sb);
	}
	free(kids);
	free(stack);
	strbuf_release(&sb[0]);
	strbuf_release(&sb[1]);
}

void focus_text_write(struct outfile *o, const char *func,
		      struct cmp_tree *const focus[2],
		      const struct side_summary s[2], size_t width)
{
	struct strbuf sb = STRBUF_INIT;

	if (!func)
		func = "";

	/* diff's --width is at least 60: the numbers and a name fit */
	if (!width)
		width = 100;
	outfile_printf(o, "focus: %s\n", text_name(&sb, func, width - 7));
	outfile_printf(o, "base: %s (%zu run%s)\n",
		       text_name(&sb, s[0].name ? s[0].name : "base",
				 width - 20), s[0].nr_runs,
		       s[0].nr_runs == 1 ? "" : "s");
	outfile_printf(o, "new:  %s (%zu run%s)\n",
		       text_name(&sb, s[1].name ? s[1].name : "new",
				 width - 20), s[1].nr_runs,
		       s[1].nr_runs == 1 ? "" : "s");
	outfile_puts(o, "Shares: percent of each side's total, as the "
			"children rows;\n* changed by the table's rule. A "
			"sample counts once, at the\noutermost frame of the "
			"function in its stack.\n");
	outfile_puts(o, "\ncallers (each indented line calls the line "
			"above it):\n   base     new  change\n");
	write_tree(o, focus[FOCUS_CALLERS], width);
	outfile_puts(o, "\ncallees (each indented line is called by the "
			"line above it):\n   base     new  change\n");
	write_tree(o, focus[FOCUS_CALLEES], width);
	strbuf_release(&sb);
}
