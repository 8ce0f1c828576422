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
#include "lib/linereader.h"
#include "analyzer/names.h"
#include "analyzer/stats.h"
#include "lib/strbuf.h"

#define PP_PREFIX "perf-profile."

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
	if (strncmp(key, PP_PREFIX, strlen(PP_PREFIX)))
		return DIFF_STAT;
	rest = key + strlen(PP_PREFIX);
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
	if (o && o->min_change >= 0)
		floor_ = o->min_change;
	else if (nb < 2 || nn < 2)
		floor_ = points ? DIFF_ONE_RUN_FLOOR_POINTS
				: DIFF_ONE_RUN_FLOOR_PERCENT;
	else
		floor_ = 0;
	change = diff_change(stats_mean(b, nb), stats_mean(n, nn), points);
	return fabs(change) >= floor_;
}

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
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

/* The value of key in s (sorted), moving the cursor *at forward. */
static double next_value(const struct metric_set *s, size_t *at,
			 const char *key)
{
	int c;

	while (*at < s->nr && (c = strcmp(s->v[*at].key, key)) < 0)
		(*at)++;
	if (*at < s->nr && !strcmp(s->v[*at].key, key))
		return s->v[(*at)++].value;
	return 0; /* missing: 0, as LKP counts it */
}

void diff_compare(struct metric_set *base, size_t nr_base,
		  struct metric_set *new, size_t nr_new,
		  const struct diff_opts *o, struct diff *d)
{
	size_t nr_runs = nr_base + nr_new, total = 0, nr_keys = 0, i, j;
	const char **keys;
	size_t *at = xcalloc(nr_runs, sizeof(*at));

	memset(d, 0, sizeof(*d));
	d->nr_base = nr_base;
	d->nr_new = nr_new;
	for (i = 0; i < nr_runs; i++) {
		struct metric_set *s = i < nr_base ? &base[i]
						   : &new[i - nr_base];

		if (s->nr) /* sane_qsort() and bsearch() want a non-NULL array */
			metric_set_sort(s);
		total += s->nr;
	}
	/* The union of the keys, sorted as the sets are. */
	keys = xmalloc((total + 1) * sizeof(*keys));
	for (i = 0; i < nr_runs; i++) {
		const struct metric_set *s = i < nr_base ? &base[i]
							 : &new[i - nr_base];

		for (j = 0; j < s->nr; j++)
			keys[nr_keys++] = s->v[j].key;
	}
	sane_qsort(keys, nr_keys, sizeof(*keys), cmp_str_ptr);
	for (i = 0, j = 0; i < nr_keys; i++)
		if (!j || strcmp(keys[j - 1], keys[i]))
			keys[j++] = keys[i];
	nr_keys = j;

	d->rows = xcalloc(nr_keys + 1, sizeof(*d->rows));
	d->values = xmalloc((nr_keys * nr_runs + 1) * sizeof(*d->values));
	d->nr_rows = nr_keys;
	for (i = 0; i < nr_keys; i++) {
		struct diff_row *r = &d->rows[i];
		double *v = d->values + i * nr_runs;

		for (j = 0; j < nr_runs; j++)
			v[j] = next_value(j < nr_base ? &base[j]
						      : &new[j - nr_base],
					  &at[j], keys[i]);
		r->key = xstrdup(keys[i]);
		r->group = diff_key_group(r->key, &r->name);
		r->points = r->group != DIFF_STAT;
		r->base_runs = v;
		r->new_runs = v + nr_base;
		r->base_mean = stats_mean(v, nr_base);
		r->base_stddev = stats_pstddev(v, nr_base);
		r->new_mean = stats_mean(v + nr_base, nr_new);
		r->new_stddev = stats_pstddev(v + nr_base, nr_new);
		r->change = diff_change(r->base_mean, r->new_mean, r->points);
		r->p = stats_welch_p(v, nr_base, v + nr_base, nr_new);
		r->separated = stats_separated(v + nr_base, nr_new, v, nr_base);
		r->changed = diff_changed(v, nr_base, v + nr_base, nr_new,
					  r->points, o);
		/* the benchmark's headline is the table's first line, as
		 * in LKP's reports, changed or not */
		r->shown = r->changed || (o && o->all) ||
			   bench_headline_key(r->key);
		d->nr_shown += r->shown;
	}
	sane_qsort(d->rows, d->nr_rows, sizeof(*d->rows), cmp_row);
	free(keys);
	free(at);
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

int diff_side_measure(struct diff_side *s, const char *event,
			bool full_precision, struct fd_err *err)
{
	double floor = full_precision ? 0 : DIFF_LKP_FLOOR;
	struct strbuf key = STRBUF_INIT;
	size_t i, j;

	if (s->stats)
		return 0;
	s->sets = xcalloc(s->nr_runs, sizeof(*s->sets));
	for (i = 0; i < s->nr_runs; i++) {
		const struct metric_set *stats = &s->side.meta[i].stats;
		struct metric_set *raw = &s->raw[i];

		if (s->totals[i] <= 0) {
			fd_err_at(err, s->files[i], 0,
				  "no samples with a symbol (%llu stacks, all "
				  "left out as unresolved)",
				  (unsigned long long)s->hidden_stacks[i]);
			goto fail;
		}
		/* "GROUP.NAME", as the load measured the run. */
		for (j = 0; j < raw->nr; j++) {
			const char *k = raw->v[j].key, *dot = strchr(k, '.');
			double value = raw->v[j].value;

			/* LKP's stats files hold no figure below 0.05. */
			if (value <= 0 || value < floor)
				continue;
			strbuf_reset(&key);
			strbuf_addf(&key, PP_PREFIX "%.*s.%s.%s",
				    (int)(dot - k), k, event, dot + 1);
			metric_set_add(&s->sets[i], key.buf, value);
		}
		/* the run's own benchmark, time and perf-stat rows */
		for (j = 0; j < stats->nr; j++)
			metric_set_add(&s->sets[i], stats->v[j].key,
				       stats->v[j].value);
		if (s->sets[i].nr)
			metric_set_sort(&s->sets[i]);
		/* What the table needs of the measures is in the set now. */
		metric_set_release(raw);
	}
	strbuf_release(&key);
	return 0;
fail:
	strbuf_release(&key);
	return -1;
}

double diff_change(double base, double new, bool points)
{
	double c;

	if (points)
		c = new - base;
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

static const struct diff *sel_diff;

/* Largest |change| first; ties in table order. */
static int cmp_sel(const void *a, const void *b)
{
	const struct diff_row *x = &sel_diff->rows[*(const size_t *)a];
	const struct diff_row *y = &sel_diff->rows[*(const size_t *)b];
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
			sel_diff = d;
			sane_qsort(idx, n, sizeof(*idx), cmp_sel);
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
