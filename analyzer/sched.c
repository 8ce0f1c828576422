// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's perf-sched.* rows from context switches (sched.h). The rules are
 * LKP's parse of `perf sched timehist` (programs/perf-sched/parse), as
 * ../shared/reference/lkp-other-metrics.md restates them; the code is our
 * own. Choices the reference leaves open, made here:
 *
 * - Keys with the same count keep the order their first switch arrived in
 *   (a stable sort on decreasing count).
 * - A compensated sum adds in the order the switches arrive: the totals'
 *   sums run over every switch in that order, not key by key.
 * - The small-key rule compares the rounded averages, as LKP's rows hold
 *   them: a key's wait_and_delay rows are left out when its rounded
 *   average is below the rounded total average and its count is below
 *   floor(0.5% of all switches), i.e. count < total / 200.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/profile.h"
#include "analyzer/sched.h"
#include "lib/alloc.h"
#include "lib/strtab.h"

/* Ruby's Array#sum on floats: Kahan-Babuska (Neumaier) summation. */
struct ksum {
	double f, c;
};

static void ksum_add(struct ksum *s, double x)
{
	double t = s->f + x;

	if (fabs(s->f) >= fabs(x))
		s->c += (s->f - t) + x;
	else
		s->c += (x - t) + s->f;
	s->f = t;
}

static double ksum_value(const struct ksum *s)
{
	return s->f + s->c;
}

/* One of the three lists LKP keeps per key, reduced to what it prints. */
struct series {
	double max;
	struct ksum sum;
};

static void series_add(struct series *s, double x, uint64_t n_before)
{
	if (!n_before || x > s->max)
		s->max = x;
	ksum_add(&s->sum, x);
}

struct sched_key {
	uint32_t id; /* in the key table; first-seen order */
	uint64_t count;
	uint64_t unreliable;
	struct series wait, delay, both;
};

struct sched_agg {
	struct strtab *names;
	struct sched_key *keys; /* indexed by strtab id */
	size_t alloc;
	struct sched_key total;
	struct strbuf tmp;
};

struct sched_agg *sched_agg__new(void)
{
	struct sched_agg *a = xcalloc(1, sizeof(*a));

	a->names = strtab__new();
	strbuf_init(&a->tmp, 0);
	return a;
}

void sched_agg__delete(struct sched_agg *a)
{
	if (!a)
		return;
	strtab__delete(a->names);
	free(a->keys);
	strbuf_release(&a->tmp);
	free(a);
}

/*
 * Round to 3 decimals as LKP's Ruby does with Float#round(3): half away
 * from zero of v * 1000, then one step up (away from zero) when v is at
 * or past the halfway point that v * 1000 lost to its own rounding. The
 * second step is Ruby's (round_half_up() in its float.c); without it
 * 0.5005, whose product is 500.49999999999994, would print 0.5 where
 * LKP prints 0.501.
 */
static double round3(double v)
{
	double f = round(v * 1000);

	if (v > 0 && (f + 0.5) / 1000 <= v)
		f += 1;
	else if (v < 0 && (f - 0.5) / 1000 >= v)
		f -= 1;
	return f / 1000;
}

/*
 * The key LKP's parse gives a chain, into a->tmp: " <- " becomes ".",
 * the last blank-separated field is taken, and of it the first five
 * '.'-separated parts. 0, or -1 when the chain has no " <- ".
 */
static int chain_key(struct sched_agg *a, const char *chain)
{
	const char *s, *arrow, *start;
	size_t i, len, dots = 0;

	if (!chain || !strstr(chain, " <- "))
		return -1;
	strbuf_reset(&a->tmp);
	for (s = chain; *s;) {
		arrow = strstr(s, " <- ");
		if (!arrow) {
			strbuf_addstr(&a->tmp, s);
			break;
		}
		strbuf_add(&a->tmp, s, (size_t)(arrow - s));
		strbuf_addch(&a->tmp, '.');
		s = arrow + 4;
	}
	/* the last field: drop trailing blanks, start after the last one */
	len = a->tmp.len;
	while (len && isspace((unsigned char)a->tmp.buf[len - 1]))
		len--;
	start = a->tmp.buf + len;
	while (start > a->tmp.buf && !isspace((unsigned char)start[-1]))
		start--;
	len -= (size_t)(start - a->tmp.buf);
	/* a split on '.' drops the empty parts at the end */
	while (len && start[len - 1] == '.')
		len--;
	for (i = 0; i < len; i++)
		if (start[i] == '.' && ++dots == 5)
			break;
	memmove(a->tmp.buf, start, i);
	strbuf_setlen(&a->tmp, i);
	/* a stats key holds no control byte (the blanks are gone already) */
	for (i = 0; i < a->tmp.len; i++)
		if ((unsigned char)a->tmp.buf[i] < ' ' ||
		    (unsigned char)a->tmp.buf[i] == 0x7f)
			a->tmp.buf[i] = '_';
	return 0;
}

static void key_add(struct sched_key *k, double wait, double delay, double both)
{
	series_add(&k->wait, wait, k->count);
	series_add(&k->delay, delay, k->count);
	series_add(&k->both, both, k->count);
	k->count++;
}

static struct sched_key *agg_add(struct sched_agg *a,
				  const struct sched_switch *sw)
{
	struct sched_key *k;
	double both;
	uint32_t id;

	if (chain_key(a, sw->chain))
		return NULL;
	id = strtab_intern(a->names, a->tmp.buf, a->tmp.len);
	if (id >= a->alloc) {
		size_t n = a->alloc ? a->alloc : 16;

		while (n <= id)
			n *= 2;
		a->keys = xrealloc(a->keys, n * sizeof(*a->keys));
		memset(a->keys + a->alloc, 0,
		       (n - a->alloc) * sizeof(*a->keys));
		a->alloc = n;
	}
	k = &a->keys[id];
	k->id = id;
	both = round3(sw->wait_ms + sw->delay_ms);
	key_add(k, sw->wait_ms, sw->delay_ms, both);
	key_add(&a->total, sw->wait_ms, sw->delay_ms, both);
	return k;
}

void sched_agg_add(struct sched_agg *a, const struct sched_switch *sw)
{
	agg_add(a, sw);
}

void sched_agg_add_unreliable(struct sched_agg *a,
			      const struct sched_switch *sw)
{
	struct sched_key *k = agg_add(a, sw);

	if (!k)
		return;
	k->unreliable++;
	a->total.unreliable++;
}

uint64_t sched_agg_count(const struct sched_agg *a)
{
	return a->total.count;
}

static double avg(const struct series *s, uint64_t n)
{
	return round3(ksum_value(&s->sum) / (double)n);
}

static void row(struct metric_set *stats, struct strbuf *name, const char *what,
		const char *key, double v)
{
	strbuf_reset(name);
	strbuf_addf(name, "perf-sched.%s%s%s", what, key ? "." : "",
		    key ? key : "");
	metric_set_add(stats, name->buf, v);
}

/* Decreasing count, then first seen. */
static int cmp_count(const void *x, const void *y)
{
	const struct sched_key *a = *(const struct sched_key *const *)x;
	const struct sched_key *b = *(const struct sched_key *const *)y;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

void sched_agg_rows(const struct sched_agg *a, struct metric_set *stats)
{
	const struct sched_key *t = &a->total;
	struct sched_key **order;
	struct strbuf name = STRBUF_INIT;
	double total_both;
	size_t i, n = 0;

	if (!t->count)
		return;
	total_both = avg(&t->both, t->count);
	row(stats, &name, "total_wait_time.max.ms", NULL, t->wait.max);
	row(stats, &name, "total_wait_time.average.ms", NULL,
	    avg(&t->wait, t->count));
	row(stats, &name, "total_sch_delay.max.ms", NULL, t->delay.max);
	row(stats, &name, "total_sch_delay.average.ms", NULL,
	    avg(&t->delay, t->count));
	row(stats, &name, "total_wait_and_delay.count.ms", NULL,
	    (double)t->count);
	row(stats, &name, "total_wait_and_delay.max.ms", NULL, t->both.max);
	row(stats, &name, "total_wait_and_delay.average.ms", NULL, total_both);

	order = xmalloc((a->alloc ? a->alloc : 1) * sizeof(*order));
	for (i = 0; i < a->alloc; i++)
		if (a->keys[i].count)
			order[n++] = &a->keys[i];
	qsort(order, n, sizeof(*order), cmp_count);
	for (i = 0; i < n; i++) {
		const struct sched_key *k = order[i];
		const char *key = strtab_str(a->names, k->id);
		double both = avg(&k->both, k->count);

		row(stats, &name, "wait_time.max.ms", key, k->wait.max);
		row(stats, &name, "wait_time.avg.ms", key,
		    avg(&k->wait, k->count));
		row(stats, &name, "sch_delay.max.ms", key, k->delay.max);
		row(stats, &name, "sch_delay.avg.ms", key,
		    avg(&k->delay, k->count));
		if (both < total_both && k->count < t->count / 200)
			continue;
		row(stats, &name, "wait_and_delay.count", key,
		    (double)k->count);
		row(stats, &name, "wait_and_delay.max.ms", key, k->both.max);
		row(stats, &name, "wait_and_delay.avg.ms", key, both);
	}
	free(order);
	strbuf_release(&name);
}

/* The keys in the rows' order; *n of them. Free the array. */
static struct sched_key **keys_by_count(const struct sched_agg *a, size_t *n)
{
	struct sched_key **order;
	size_t i;

	order = xmalloc((a->alloc ? a->alloc : 1) * sizeof(*order));
	*n = 0;
	for (i = 0; i < a->alloc; i++)
		if (a->keys[i].count)
			order[(*n)++] = &a->keys[i];
	qsort(order, *n, sizeof(*order), cmp_count);
	return order;
}

uint64_t sched_agg_unreliable(const struct sched_agg *a, struct strbuf *out)
{
	struct sched_key **order;
	size_t i, n;
	bool first = true;

	if (!a->total.unreliable)
		return 0;
	order = keys_by_count(a, &n);
	for (i = 0; i < n; i++) {
		const struct sched_key *k = order[i];

		if (!k->unreliable)
			continue;
		strbuf_addf(out, "%s%s (%llu of %llu)", first ? "" : ", ",
			    strtab_str(a->names, k->id),
			    (unsigned long long)k->unreliable,
			    (unsigned long long)k->count);
		first = false;
	}
	free(order);
	return a->total.unreliable;
}

void sched_chain_format(const char *const *leaf_first, size_t n,
			struct strbuf *out)
{
	bool first = true;
	size_t i;

	if (n > SCHED_CHAIN_MAX)
		n = SCHED_CHAIN_MAX;
	for (i = 0; i < n; i++) {
		const char *f = leaf_first[i];

		if (!strcmp(f, "__schedule") || !strcmp(f, "schedule") ||
		    !strcmp(f, "preempt_schedule"))
			continue;
		if (!first)
			strbuf_addstr(out, " <- ");
		strbuf_addstr(out, f);
		first = false;
	}
}

bool sched_key_is_count(const char *key)
{
	return !strcmp(key, "perf-sched.total_wait_and_delay.count.ms") ||
	       !strncmp(key, "perf-sched.wait_and_delay.count.", 32);
}

const char *sched_fmt_value(char *buf, size_t cap, const char *key, double v)
{
	char digits[40], *e;
	int prec, exp10;

	if (!isfinite(v)) {
		snprintf(buf, cap, "0.0");
		return buf;
	}
	if (sched_key_is_count(key) && fabs(v) < 1e18) {
		snprintf(buf, cap, "%.0f", v);
		return buf;
	}
	if (v == 0) {
		snprintf(buf, cap, "%s", signbit(v) ? "-0.0" : "0.0");
		return buf;
	}
	/* Ruby's Float#to_s: the shortest digits that read back as v, in
	 * fixed notation with at least one decimal for 1e-4 <= |v| < 1e16,
	 * else as d.ddde+XX. */
	for (prec = 1; prec <= 17; prec++) {
		snprintf(digits, sizeof(digits), "%.*e", prec - 1, v);
		if (strtod(digits, NULL) == v)
			break;
	}
	e = strchr(digits, 'e');
	exp10 = atoi(e + 1);
	if (fabs(v) >= 1e16 || fabs(v) < 1e-4) {
		/* d[.ddd]e+XX: Ruby keeps one decimal and two exponent
		 * digits at least */
		*e = '\0';
		snprintf(buf, cap, "%s%se%c%02d", digits,
			 strchr(digits, '.') ? "" : ".0", exp10 < 0 ? '-' : '+',
			 abs(exp10));
		return buf;
	}
	snprintf(buf, cap, "%.*f", prec - 1 - exp10 > 0 ? prec - 1 - exp10 : 0,
		 v);
	if (!strchr(buf, '.') && strlen(buf) + 2 < cap)
		strcat(buf, ".0");
	return buf;
}

bool profile_is_offcpu(const struct profile *p)
{
	return p && p->meta.event && !strcmp(p->meta.event, "offcpu");
}
