// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/diff.h"
#include "analyzer/folded.h"
#include "lib/alloc.h"
#include "lib/linereader.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"
#include "lib/sort.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"

enum diff_group diff_key_group(const char *key, const char **name)
{
	static const struct {
		const char *word;
		enum diff_group group;
	} groups[] = {
		{ "calltrace.", DIFF_CALLTRACE },
		{ "children.", DIFF_CHILDREN },
		{ "self.", DIFF_SELF },
	};
	const char *rest, *dot;
	size_t i;

	*name = NULL;
	if (strncmp(key, DIFF_PP_PREFIX, strlen(DIFF_PP_PREFIX)))
		return DIFF_STAT;
	rest = key + strlen(DIFF_PP_PREFIX);
	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		size_t n = strlen(groups[i].word);

		if (strncmp(rest, groups[i].word, n))
			continue;
		/* The event ("cycles-pp") has no dot; the name follows it. */
		dot = strchr(rest + n, '.');
		if (!dot || !dot[1])
			return DIFF_PROFILE;
		*name = dot + 1;
		return groups[i].group;
	}
	return DIFF_PROFILE;
}

bool diff_changed(const double *b, size_t nb, const double *n, size_t nn,
		  bool points, const struct diff_opts *o)
{
	double floor_, change;

	if (!stats_separated(n, nn, b, nb))
		return false;
	if (!points) {
		double mb = stats_upper_median(b, nb);
		double mn = stats_upper_median(n, nn);
		double hi = mb > mn ? mb : mn, lo = mb > mn ? mn : mb;

		/* LKP caps the ratio at 5 when the lower side is not > 0. */
		if (lo > 0 && hi / lo <= DIFF_STAT_MIN_RATIO)
			return false;
	}
	if (o && diff_min_change_given(o->min_change))
		floor_ = o->min_change;
	else if (nb < 2 || nn < 2)
		floor_ = points ? DIFF_ONE_RUN_FLOOR_POINTS
				: DIFF_ONE_RUN_FLOOR_PERCENT;
	else
		floor_ = 0;
	change = diff_change(stats_mean(b, nb), stats_mean(n, nn), points);
	return fabs(change) >= floor_;
}

static int cmp_row(const void *a, const void *b)
{
	const struct diff_row *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	/* other stats in LKP's order: benchmark (its headline first),
	 * time, other monitors, perf-stat, perf-sched */
	if (x->group == DIFF_STAT) {
		int rx = bench_key_rank(x->key), ry = bench_key_rank(y->key);

		if (rx != ry)
			return rx < ry ? -1 : 1;
	}
	if (x->change != y->change)
		return x->change < y->change ? -1 : 1;
	return strcmp(x->key, y->key);
}

/*
 * A run's values into d->values (a row of nr_runs per key, the runs in
 * order): a key missing from it 0 (as LKP counts it), a key given twice
 * added up in order, a sum past DBL_MAX held there.
 */
static void fill_values(struct diff *d, const uint32_t *row_of,
			const struct diff_vals *base, size_t nr_base,
			const struct diff_vals *new, size_t nr_runs)
{
	size_t *seen = xmalloc(sizeof(*seen) * (d->nr_rows + 1));
	size_t i, j;

	memset(seen, 0xff, sizeof(*seen) * (d->nr_rows + 1));
	for (i = 0; i < nr_runs; i++) {
		const struct diff_vals *v = i < nr_base ? &base[i]
							: &new[i - nr_base];

		for (j = 0; j < v->nr; j++) {
			size_t r = row_of[v->id[j]];
			double *x = &d->values[r * nr_runs + i], sum;

			if (seen[r] != i) {
				seen[r] = i;
				*x = v->v[j];
				continue;
			}
			sum = *x + v->v[j];
			*x = isfinite(sum) ? sum : copysign(DBL_MAX, sum);
		}
	}
	free(seen);
}

/* Row r of key, from its runs' values v (base's, then new's). */
static void fill_row(struct diff_row *r, const char *key, double *v,
		     size_t nr_base, size_t nr_new, const struct diff_opts *o)
{
	r->key = xstrdup(key);
	r->group = diff_key_group(r->key, &r->name);
	/* LKP's report: perf-profile rows and rows of a percentage
	 * (mpstat.cpu.all.soft%, perf-stat's miss-rate%) change in
	 * points */
	r->points = r->group != DIFF_STAT ||
		    (*r->key && r->key[strlen(r->key) - 1] == '%');
	r->base_runs = v;
	r->new_runs = v + nr_base;
	r->base_mean = stats_mean(v, nr_base);
	r->base_stddev = stats_pstddev(v, nr_base);
	r->new_mean = stats_mean(v + nr_base, nr_new);
	r->new_stddev = stats_pstddev(v + nr_base, nr_new);
	r->change = diff_change(r->base_mean, r->new_mean, r->points);
	r->p = stats_welch_p(v, nr_base, v + nr_base, nr_new);
	r->separated = stats_separated(v + nr_base, nr_new, v, nr_base);
	r->changed = diff_changed(v, nr_base, v + nr_base, nr_new, r->points,
				  o);
	/* the benchmark's headline is the table's first line, as in LKP's
	 * reports, changed or not */
	r->shown = r->changed || (o && o->all) || bench_headline_key(r->key);
}

void diff_compare_vals(const struct strtab *keys,
		       const struct diff_vals *base, size_t nr_base,
		       const struct diff_vals *new, size_t nr_new,
		       const struct diff_opts *o, struct diff *d)
{
	size_t nr_runs = nr_base + nr_new, nr_keys = 0, i, j;
	uint32_t nr_ids = strtab_count(keys);
	uint32_t *row_of = xmalloc(sizeof(*row_of) * ((size_t)nr_ids + 1));
	uint32_t *key_of = xmalloc(sizeof(*key_of) * ((size_t)nr_ids + 1));

	memset(d, 0, sizeof(*d));
	d->nr_base = nr_base;
	d->nr_new = nr_new;
	/* The union of the keys: one row each. */
	memset(row_of, 0xff, sizeof(*row_of) * nr_ids);
	for (i = 0; i < nr_runs; i++) {
		const struct diff_vals *v = i < nr_base ? &base[i]
							: &new[i - nr_base];

		for (j = 0; j < v->nr; j++) {
			if (row_of[v->id[j]] != UINT32_MAX)
				continue;
			row_of[v->id[j]] = (uint32_t)nr_keys;
			key_of[nr_keys++] = v->id[j];
		}
	}
	d->rows = xcalloc(nr_keys + 1, sizeof(*d->rows));
	d->values = xcalloc(nr_keys * nr_runs + 1, sizeof(*d->values));
	d->nr_rows = nr_keys;
	fill_values(d, row_of, base, nr_base, new, nr_runs);
	for (i = 0; i < nr_keys; i++) {
		fill_row(&d->rows[i], strtab_str(keys, key_of[i]),
			 d->values + i * nr_runs, nr_base, nr_new, o);
		d->nr_shown += d->rows[i].shown;
	}
	sane_qsort(d->rows, d->nr_rows, sizeof(*d->rows), cmp_row);
	free(row_of);
	free(key_of);
}

void diff_compare(struct metric_set *base, size_t nr_base,
		  struct metric_set *new, size_t nr_new,
		  const struct diff_opts *o, struct diff *d)
{
	size_t nr_runs = nr_base + nr_new, i, j;
	struct diff_vals *v = xcalloc(nr_runs + 1, sizeof(*v));
	struct strtab *keys = strtab__new();

	for (i = 0; i < nr_runs; i++) {
		struct metric_set *s = i < nr_base ? &base[i]
						   : &new[i - nr_base];

		if (s->nr) /* sane_qsort() and bsearch() want a non-NULL array */
			metric_set_sort(s);
		v[i].id = xmalloc(sizeof(*v[i].id) * (s->nr + 1));
		v[i].v = xmalloc(sizeof(*v[i].v) * (s->nr + 1));
		for (j = 0; j < s->nr; j++) {
			v[i].id[j] = strtab_intern(keys, s->v[j].key,
						   strlen(s->v[j].key));
			v[i].v[j] = s->v[j].value;
		}
		v[i].nr = s->nr;
	}
	diff_compare_vals(keys, v, nr_base, v + nr_base, nr_new, o, d);
	diff_vals_release(v, nr_runs);
	free(v);
	strtab__delete(keys);
}

void diff_release(struct diff *d)
{
	size_t i;

	for (i = 0; i < d->nr_rows; i++)
		free((char *)d->rows[i].key);
	free(d->rows);
	free(d->values);
	memset(d, 0, sizeof(*d));
}

void diff_vals_release(struct diff_vals *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].id);
		free(v[i].v);
	}
}

double diff_change(double base, double new, bool points)
{
	double c;

	if (points)
		c = new - base;
	else if (base == 0 && new == 0)
		c = 0; /* 0 on both sides is no change */
	else {
		if (base == 0)
			base = 1e-100;
		c = 100 * (new - base) / base;
		if (!isfinite(c)) /* new - base or the product overflowed */
			c = 100 * (new / base - 1);
	}
	if (isnan(c)) /* only from arguments that are not finite */
		return 0;
	/* Past DBL_MAX the change is held there, with its sign. */
	return isfinite(c) ? c : copysign(DBL_MAX, c);
}

double diff_stddev_percent(double mean, double stddev)
{
	return stats_rel_stddev(mean, stddev);
}

/* Indices of the rows (ctx): largest |change| first; ties in table order. */
static int cmp_sel(const void *a, const void *b, void *ctx)
{
	const struct diff_row *rows = ctx;
	const struct diff_row *x = &rows[*(const size_t *)a];
	const struct diff_row *y = &rows[*(const size_t *)b];
	double dx = fabs(x->change), dy = fabs(y->change);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

void diff_select(struct diff *d, unsigned int groups, size_t top)
{
	size_t *idx = xmalloc(size_mul(sizeof(*idx), d->nr_rows + 1));
	size_t i, n;
	int g;

	d->nr_shown = 0;
	for (g = DIFF_STAT; g <= DIFF_PROFILE; g++) {
		n = 0;
		for (i = 0; i < d->nr_rows; i++) {
			struct diff_row *r = &d->rows[i];

			if (r->group != (enum diff_group)g || !r->shown)
				continue;
			if (!(groups & (1U << g))) {
				r->shown = false;
				continue;
			}
			idx[n++] = i;
		}
		if (top && n > top) {
			sort_r(idx, n, sizeof(*idx), cmp_sel, d->rows);
			for (i = top; i < n; i++)
				d->rows[idx[i]].shown = false;
			n = top;
		}
		d->nr_shown += n;
	}
	free(idx);
}

int diff_groups_parse(const char *list, unsigned int *groups)
{
	static const struct {
		const char *word;
		unsigned int bits;
	} w[] = {
		{ "calltrace", 1U << DIFF_CALLTRACE },
		{ "children", 1U << DIFF_CHILDREN },
		{ "self", 1U << DIFF_SELF },
		{ "stats", 1U << DIFF_STAT | 1U << DIFF_PROFILE },
	};
	const char *s = list;
	size_t i, n;

	*groups = 0;
	while (*s) {
		n = strcspn(s, ",");
		for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
			if (strlen(w[i].word) == n && !memcmp(s, w[i].word, n))
				break;
		if (i == sizeof(w) / sizeof(w[0]))
			return -1;
		*groups |= w[i].bits;
		s += n;
		if (*s == ',')
			s++;
	}
	return *groups ? 0 : -1;
}
