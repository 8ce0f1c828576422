// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "names.h"
#include "stats.h"
#include "render/textfmt.h"

#define CHAIN_FRAMES 5

/* Empty sets stay away from metric_set_*(): qsort() and bsearch() on a
 * NULL array are undefined, even for zero elements. */
static void set_sort(struct metric_set *s)
{
	if (s->nr)
		metric_set_sort(s);
}

static double set_get(struct metric_set *s, const char *key)
{
	return s->nr ? metric_set_get(s, key) : 0;
}

static bool set_has(struct metric_set *s, const char *key)
{
	return s->nr && metric_set_find(s, key);
}

static bool skipped_frame(const struct profile *p, uint32_t id)
{
	const struct node *n = &p->nodes[id];

	return n->kind == FRAME_PROCESS ||
	       frame_unresolved(node_name(p, id),
				strtab_len(p->names, n->name));
}

void explain_self_chains(const struct profile *p, double total,
			 struct metric_set *out)
{
	unsigned long alloc = 0;
	char *key = NULL;
	uint32_t id, g;

	if (total <= 0)
		return;
	for (id = 1; id < p->nr_nodes; id++) {
		size_t len = 0;
		int depth = 0;

		/* LKP leaves out a sample whose own IP has no symbol. */
		if (p->nodes[id].self == 0 || skipped_frame(p, id))
			continue;
		for (g = id; g != NODE_ROOT && depth < CHAIN_FRAMES;
		     g = p->nodes[g].parent) {
			size_t n = strtab_len(p->names, p->nodes[g].name);

			if (skipped_frame(p, g))
				continue;
			ALLOC_GROW(key, len + n + 2, alloc);
			if (depth++)
				key[len++] = ';';
			len += name_strip_clones(node_name(p, g), n, key + len);
		}
		key[len] = '\0';
		metric_set_add(out, key, 100 * p->nodes[id].self / total);
	}
	free(key);
	set_sort(out);
}

void explain_calltrace_chains(struct metric_set *run, struct metric_set *out)
{
	struct metric_set known = { 0 };
	unsigned long alloc = 0, kalloc = 0;
	char *chain = NULL, *tmp = NULL;
	const char *name;
	size_t i;

	for (i = 0; i < run->nr; i++) {
		enum diff_group g = diff_key_group(run->v[i].key, &name);

		if (g == DIFF_CHILDREN || g == DIFF_SELF)
			metric_set_add(&known, name, 0);
	}
	set_sort(&known);
	for (i = 0; i < run->nr; i++) {
		size_t len, pos = 0, out_len = 0;

		if (diff_key_group(run->v[i].key, &name) != DIFF_CALLTRACE)
			continue;
		len = strlen(name);
		ALLOC_GROW(chain, len + 1, alloc);
		ALLOC_GROW(tmp, len + 1, kalloc);
		while (pos < len) {
			/* The longest known name from pos ending at a '.'
			 * (or the end), else up to the next '.'. */
			size_t end = len, first;
			const char *dot = strchr(name + pos, '.');

			first = dot ? (size_t)(dot - name) : len;
			for (;;) {
				memcpy(tmp, name + pos, end - pos);
				tmp[end - pos] = '\0';
				if (end == first || set_has(&known, tmp))
					break;
				while (--end > first && name[end] != '.')
					;
			}
			if (out_len)
				chain[out_len++] = ';';
			memcpy(chain + out_len, name + pos, end - pos);
			out_len += end - pos;
			pos = end + 1;
		}
		chain[out_len] = '\0';
		metric_set_add(out, chain, run->v[i].value);
	}
	metric_set_free(&known);
	free(chain);
	free(tmp);
	set_sort(out);
}

static int cmp_mover(const void *a, const void *b)
{
	const struct diff_row *x = *(const struct diff_row *const *)a;
	const struct diff_row *y = *(const struct diff_row *const *)b;

	if (fabs(x->change) != fabs(y->change))
		return fabs(x->change) > fabs(y->change) ? -1 : 1;
	return strcmp(x->key, y->key);
}

static void top_movers(const struct diff *d, enum diff_group group,
		       const struct diff_row ***out, size_t *nr)
{
	const struct diff_row **v = xmalloc((d->nr_rows + 1) * sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < d->nr_rows; i++)
		if (d->rows[i].group == group && d->rows[i].changed &&
		    fabs(d->rows[i].change) >= EXPLAIN_MOVER_MIN)
			v[n++] = &d->rows[i];
	qsort(v, n, sizeof(*v), cmp_mover);
	*nr = n < EXPLAIN_TOP ? n : EXPLAIN_TOP;
	*out = v;
}

static double hotness(const struct diff_row *r)
{
	return r->base_mean > r->new_mean ? r->base_mean : r->new_mean;
}

static int cmp_hot(const void *a, const void *b)
{
	const struct diff_row *x = *(const struct diff_row *const *)a;
	const struct diff_row *y = *(const struct diff_row *const *)b;

	if (hotness(x) != hotness(y))
		return hotness(x) > hotness(y) ? -1 : 1;
	return strcmp(x->key, y->key);
}

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_chain(const void *a, const void *b)
{
	const struct explain_chain *x = a, *y = b;

	if (fabs(x->change) != fabs(y->change))
		return fabs(x->change) > fabs(y->change) ? -1 : 1;
	return strcmp(x->chain, y->chain);
}

/* Whether chain is fn's: "fn" or "fn;...". */
static bool chain_of(const char *chain, const char *fn, size_t fn_len)
{
	return !strncmp(chain, fn, fn_len) &&
	       (chain[fn_len] == ';' || !chain[fn_len]);
}

static void hot_chains(struct explain_hot *h, struct metric_set *base,
		       size_t nb, struct metric_set *new, size_t nn,
		       const struct diff_opts *o)
{
	size_t fn_len = strlen(h->fn), nr = 0, alloc = 0, i, j, k;
	const char **keys = NULL;
	double *v = xmalloc((nb + nn) * sizeof(*v));
	struct explain_chain *all = NULL;
	size_t nr_all = 0, alloc_all = 0;

	for (i = 0; i < nb + nn; i++) {
		struct metric_set *s = i < nb ? &base[i] : &new[i - nb];

		for (j = 0; j < s->nr; j++)
			if (chain_of(s->v[j].key, h->fn, fn_len)) {
				ALLOC_GROW(keys, nr + 1, alloc);
				keys[nr++] = s->v[j].key;
			}
	}
	if (nr)
		qsort(keys, nr, sizeof(*keys), cmp_str_ptr);
	for (i = 0; i < nr; i++) {
		struct explain_chain c;

		if (i && !strcmp(keys[i - 1], keys[i]))
			continue;
		for (k = 0; k < nb + nn; k++)
			v[k] = set_get(k < nb ? &base[k] : &new[k - nb],
				       keys[i]);
		c.base = stats_mean(v, nb);
		c.new = stats_mean(v + nb, nn);
		c.change = c.new - c.base;
		if (fabs(c.change) < EXPLAIN_CHAIN_MIN ||
		    !diff_changed(v, nb, v + nb, nn, true, o))
			continue;
		c.chain = xstrdup(keys[i]);
		ALLOC_GROW(all, nr_all + 1, alloc_all);
		all[nr_all++] = c;
	}
	if (nr_all)
		qsort(all, nr_all, sizeof(*all), cmp_chain);
	h->lost = xmalloc((nr_all + 1) * sizeof(*h->lost));
	h->gained = xmalloc((nr_all + 1) * sizeof(*h->gained));
	for (i = 0; i < nr_all; i++) {
		if (all[i].change < 0)
			h->lost[h->nr_lost++] = all[i];
		else
			h->gained[h->nr_gained++] = all[i];
	}
	free(all);
	free(keys);
	free(v);
}

void explain_compute(const struct diff *d, struct metric_set *base,
		     struct metric_set *new, bool calltrace,
		     const struct diff_opts *o, struct explain *e)
{
	const struct diff_row **hot;
	size_t i, n = 0;

	memset(e, 0, sizeof(*e));
	e->nr_base = d->nr_base;
	e->nr_new = d->nr_new;
	e->calltrace = calltrace;
	top_movers(d, DIFF_CHILDREN, &e->children, &e->nr_children);
	top_movers(d, DIFF_SELF, &e->self, &e->nr_self);

	hot = xmalloc((d->nr_rows + 1) * sizeof(*hot));
	for (i = 0; i < d->nr_rows; i++)
		if (d->rows[i].group == DIFF_SELF &&
		    hotness(&d->rows[i]) >= EXPLAIN_HOT)
			hot[n++] = &d->rows[i];
	qsort(hot, n, sizeof(*hot), cmp_hot);
	if (n > EXPLAIN_MAX_HOT)
		n = EXPLAIN_MAX_HOT;
	e->hot = xcalloc(n + 1, sizeof(*e->hot));
	for (i = 0; i < n; i++) {
		struct explain_hot *h = &e->hot[i];

		h->fn = hot[i]->name;
		h->base_self = hot[i]->base_mean;
		h->new_self = hot[i]->new_mean;
		hot_chains(h, base, d->nr_base, new, d->nr_new, o);
	}
	e->nr_hot = n;
	free(hot);
}

/* The chains of every run of s, as explain_compute() wants them. */
static struct metric_set *side_chains(const struct diff_side *s,
				      bool calltrace)
{
	struct metric_set *v = xcalloc(s->nr_runs, sizeof(*v));
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		if (calltrace)
			explain_calltrace_chains(&s->sets[i], &v[i]);
		else
			explain_self_chains(s->side.runs[i], s->totals[i],
					    &v[i]);
	}
	return v;
}

static void free_chains(struct metric_set *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		metric_set_free(&v[i]);
	free(v);
}

void explain_sides(const struct diff *d, const struct diff_side *base,
		   const struct diff_side *new, const struct diff_opts *o,
		   struct explain *e)
{
	bool calltrace = base->stats || new->stats;
	struct metric_set *b = side_chains(base, calltrace);
	struct metric_set *n = side_chains(new, calltrace);

	/* explain_compute() copies the chains it keeps. */
	explain_compute(d, b, n, calltrace, o, e);
	free_chains(b, base->nr_runs);
	free_chains(n, new->nr_runs);
}

void explain_free(struct explain *e)
{
	size_t i, j;

	for (i = 0; i < e->nr_hot; i++) {
		for (j = 0; j < e->hot[i].nr_lost; j++)
			free(e->hot[i].lost[j].chain);
		for (j = 0; j < e->hot[i].nr_gained; j++)
			free(e->hot[i].gained[j].chain);
		free(e->hot[i].lost);
		free(e->hot[i].gained);
	}
	free(e->hot);
	free(e->children);
	free(e->self);
	memset(e, 0, sizeof(*e));
}

/*
 * Text that wraps at blanks to fit EXPLAIN_WIDTH columns. A word longer
 * than a line (a 300-character C++ name) is cut with "..." rather than
 * breaking the width promise.
 */
struct wrap {
	struct outfile *o;
	int col;     /* 0: at the start of a line */
	int indent;  /* of continuation lines */
};

static void wrap_word(struct wrap *w, const char *s, size_t n)
{
	/* Punctuation sticks to the word before it. */
	bool attach = n == 1 && strchr(",;.:", s[0]);
	int room;

	if (attach && w->col && w->col + (int)n <= EXPLAIN_WIDTH) {
		outfile_write(w->o, s, n);
		w->col += n;
		return;
	}
	if (w->col && w->col + 1 + (int)n > EXPLAIN_WIDTH) {
		outfile_printf(w->o, "\n%*s", w->indent, "");
		w->col = w->indent;
	} else if (w->col) {
		outfile_write(w->o, " ", 1);
		w->col++;
	}
	room = EXPLAIN_WIDTH - w->col;
	if ((int)n > room) {
		outfile_write(w->o, s, room > 3 ? room - 3 : 0);
		outfile_puts(w->o, "...");
		w->col = EXPLAIN_WIDTH;
		return;
	}
	outfile_write(w->o, s, n);
	w->col += n;
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
	if (w->col)
		outfile_write(w->o, "\n", 1);
	w->col = 0;
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
	outfile_puts(w->o, prefix);
	w->col = strlen(prefix);
	w->indent = w->col + 1;
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
	while (a && b && k < CHAIN_FRAMES - 1) {
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
			 const struct diff_row *const *v, size_t n)
{
	struct wrap w = { o, 0, 0 };
	char buf[96];
	size_t i;

	if (!n)
		return;
	outfile_printf(o, "Top movers by %s (change, base -> new):\n", what);
	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "  %+7.1f  %6.2f -> %6.2f",
			 v[i]->change, v[i]->base_mean, v[i]->new_mean);
		wrap_start(&w, buf);
		wrap_word(&w, v[i]->name, strlen(v[i]->name));
		wrap_end(&w);
	}
}

static const char *hot_state(const struct explain_hot *h)
{
	if (h->base_self >= EXPLAIN_HOT && h->new_self >= EXPLAIN_HOT)
		return "stayed hot";
	return h->base_self >= EXPLAIN_HOT ? "cooled down" : "became hot";
}

static void write_chains(struct outfile *o, const char *what,
			 const struct explain_chain *c, size_t n)
{
	struct wrap w = { o, 0, 0 };
	char buf[64];
	size_t i;

	for (i = 0; i < n && i < EXPLAIN_CHAINS; i++) {
		snprintf(buf, sizeof(buf), "    %-6s %+6.1f ", what,
			 c[i].change);
		wrap_start(&w, buf);
		wrap_callers(&w, c[i].chain, CHAIN_FRAMES - 1);
		wrap_end(&w);
	}
}

static void write_hot(struct outfile *o, const struct explain_hot *h)
{
	bool stayed = h->base_self >= EXPLAIN_HOT &&
		      h->new_self >= EXPLAIN_HOT;
	struct wrap w = { o, 0, 2 };
	char buf[128];

	wrap_word(&w, h->fn, strlen(h->fn));
	snprintf(buf, sizeof(buf), "%s (self %.2f%% -> %.2f%%)", hot_state(h),
		 h->base_self, h->new_self);
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
	write_chains(o, "lost", h->lost, h->nr_lost);
	write_chains(o, "gained", h->gained, h->nr_gained);
}

void explain_write(const struct explain *e, struct outfile *o)
{
	size_t i;

	outfile_printf(o, "What moved (means of %zu base and %zu new run%s, "
			  "in %% of all samples):\n\n",
		       e->nr_base, e->nr_new, e->nr_new == 1 ? "" : "s");
	if (!e->nr_children && !e->nr_self)
		outfile_puts(o, "No function moved beyond run-to-run "
				"noise.\n");
	write_movers(o, "children", e->children, e->nr_children);
	write_movers(o, "self", e->self, e->nr_self);
	if (!e->nr_hot)
		return;
	outfile_printf(o, "\nHot functions (self >= %.0f%% on a side) and "
			  "%s:\n",
		       EXPLAIN_HOT,
		       e->calltrace ? "their calltrace chains (callees "
				      "included)"
				    : "the callers of their self time");
	for (i = 0; i < e->nr_hot; i++)
		write_hot(o, &e->hot[i]);
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
		const char *s = c[i].chain, *semi;
		int k = 0;

		outfile_puts(o, i ? ", {\"chain\": [" : "{\"chain\": [");
		do {
			char *name;

			semi = strchr(s, ';');
			name = semi ? xstrndup(s, semi - s) : xstrdup(s);
			if (k++)
				outfile_puts(o, ", ");
			json_string(o, name);
			free(name);
			s = semi + 1;
		} while (semi);
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

	outfile_printf(o, "{\"chains\": \"%s\", \"top_children\": ",
		       e->calltrace ? "calltrace" : "self");
	json_movers(o, e->children, e->nr_children);
	outfile_puts(o, ", \"top_self\": ");
	json_movers(o, e->self, e->nr_self);
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
