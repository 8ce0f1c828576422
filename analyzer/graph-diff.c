// SPDX-License-Identifier: GPL-2.0
/*
 * The differential graph's numbers: the union tree, per-frame Welch tests,
 * the movers. See graph-diff.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/graph-diff.h"
#include "analyzer/metrics.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"
#include "lib/strtab.h"

void graph_diff_map(struct profile *u, const struct profile *src, bool strip,
		    uint32_t *map)
{
	uint32_t nr_names = strtab_count(src->names), id, name;
	uint32_t *nm = xmalloc(sizeof(*nm) * (nr_names ? nr_names : 1));
	unsigned long cap = 0;
	char *buf = NULL;

	/* Each of src's names is cleaned and interned once. */
	memset(nm, 0xff, sizeof(*nm) * nr_names);
	map[0] = NODE_ROOT;
	for (id = 1; id < src->nr_nodes; id++) {
		const struct node *n = &src->nodes[id];

		name = nm[n->name];
		if (name == UINT32_MAX) {
			const char *s = strtab_str(src->names, n->name);
			size_t len = strtab_len(src->names, n->name);

			if (strip) {
				ALLOC_GROW(buf, len + 1, cap);
				len = name_strip_clones(s, len, buf);
				s = buf;
			}
			name = nm[n->name] = strtab_intern(u->names, s, len);
		}
		map[id] = profile_child(u, map[n->parent], name, n->kind);
	}
	free(buf);
	free(nm);
}

/*
 * Add run q's shares into vals[ci[node] * nr_runs + r] for every node of
 * u that is tested (ci[node] != UINT32_MAX).
 */
static void add_run_shares(struct profile *u, const struct profile *q,
			   const struct graph_diff_test *t, double denom,
			   const uint32_t *ci, uint32_t nr_u, double *vals,
			   size_t nr_runs, size_t r)
{
	uint32_t *map = xmalloc(sizeof(*map) * q->nr_nodes);
	uint32_t id;

	graph_diff_map(u, q, t->strip, map);
	for (id = 0; id < q->nr_nodes; id++) {
		double v;

		if (map[id] >= nr_u || ci[map[id]] == UINT32_MAX)
			continue;
		v = t->self ? q->nodes[id].self : q->nodes[id].total;
		vals[ci[map[id]] * nr_runs + r] += denom > 0 ? v / denom : 0;
	}
	free(map);
}

void graph_diff_welch(struct profile *u, struct profile *const *const runs[2],
		      const size_t nr[2], const struct graph_diff_test *t,
		      const uint32_t *nodes, size_t k, double *p)
{
	uint32_t *ci = xmalloc(sizeof(*ci) * u->nr_nodes), nr_u = u->nr_nodes;
	double *vals[2], base_mean = 0;
	size_t side, r, j;

	/* ci: a union node's index among the tested ones. */
	memset(ci, 0xff, sizeof(*ci) * u->nr_nodes);
	for (j = 0; j < k; j++)
		ci[nodes[j]] = j;
	for (r = 0; r < nr[0]; r++)
		base_mean += profile_total(runs[0][r]) / nr[0];
	for (side = 0; side < 2; side++) {
		vals[side] = xcalloc(size_mul(nr[side], k ? k : 1),
				     sizeof(double));
		for (r = 0; r < nr[side]; r++) {
			const struct profile *q = runs[side][r];

			add_run_shares(u, q, t,
				       t->normalize ? profile_total(q)
						    : base_mean,
				       ci, nr_u, vals[side], nr[side], r);
		}
	}
	for (j = 0; j < k; j++)
		p[j] = stats_welch_p(vals[0] + j * nr[0], nr[0],
				     vals[1] + j * nr[1], nr[1]);
	free(vals[0]);
	free(vals[1]);
	free(ci);
}

/* Both sides' children, merged by name. */
struct mv {
	const char *name;
	double base, new;
};

static int cmp_mv_name(const void *a, const void *b)
{
	return strcmp(((const struct mv *)a)->name,
		      ((const struct mv *)b)->name);
}

static int cmp_mover(const void *a, const void *b)
{
	const struct graph_mover *x = a, *y = b;
	double dx = fabs(x->delta), dy = fabs(y->delta);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

int graph_movers_compute(struct graph_movers *t, const struct profile *base,
			 const struct profile *new, size_t n,
			 struct fd_err *err)
{
	struct metrics_opts mo = { 0 };
	struct metrics mb, mn;
	struct mv *v;
	size_t nv = 0, i, j, nm = 0;
	struct graph_mover *m;

	memset(t, 0, sizeof(*t));
	if (!n)
		return 0;
	metrics_compute(base, &mo, &mb);
	metrics_compute(new, &mo, &mn);
	v = xmalloc(sizeof(*v) * size_add(size_add(mb.nr_fns, mn.nr_fns), 1));
	for (i = 0; i < mb.nr_fns; i++)
		v[nv++] = (struct mv){ mb.fns[i].name, mb.fns[i].children, 0 };
	for (i = 0; i < mn.nr_fns; i++)
		v[nv++] = (struct mv){ mn.fns[i].name, 0, mn.fns[i].children };
	sane_qsort(v, nv, sizeof(*v), cmp_mv_name);
	m = xmalloc(sizeof(*m) * (nv + 1));
	for (i = 0; i < nv; i = j) {
		double b = 0, w = 0;

		for (j = i; j < nv && !strcmp(v[j].name, v[i].name); j++) {
			b += v[j].base;
			w += v[j].new;
		}
		m[nm++] = (struct graph_mover){ (char *)v[i].name, b, w,
						w - b };
	}
	sane_qsort(m, nm, sizeof(*m), cmp_mover);
	if (nm > n)
		nm = n;
	/* A row that prints as +0.00 is no mover. */
	while (nm && fabs(m[nm - 1].delta) < 0.005)
		nm--;
	/* Own the names: the metrics go away. */
	for (i = 0; i < nm; i++)
		m[i].name = xstrdup(m[i].name);
	t->v = m;
	t->nr = nm;
	free(v);
	metrics_free(&mb);
	metrics_free(&mn);
	return 0;
}

void graph_movers_release(struct graph_movers *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nr; i++)
		free(t->v[i].name);
	free(t->v);
	memset(t, 0, sizeof(*t));
}
