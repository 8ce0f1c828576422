// SPDX-License-Identifier: GPL-2.0
/* perf stat -I 1000 -x , output, LKP's way (lkp-perf-stat.h). */
#define _GNU_SOURCE /* memmem() */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"
#include "analyzer/lkp-perf-stat.h"

#define MAX_COLS 16

/* Split s at commas into at most MAX_COLS columns (s is modified). */
static size_t columns(char *s, char **col)
{
	size_t n = 0;

	col[n++] = s;
	for (; *s && n < MAX_COLS; s++)
		if (*s == ',') {
			*s = '\0';
			col[n++] = s + 1;
		}
	return n;
}

static bool decimal(const char *s, double *v)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	*v = strtod(s, &end);
	while (*end == ' ' || *end == '\t' || *end == '\r')
		end++;
	return !*end && isfinite(*v);
}

static bool is_command(const char *s, size_t len)
{
	static const char *const heads[] = { "perf stat ", "/usr/bin/perf stat ",
					     NULL };

	for (size_t i = 0; heads[i]; i++) {
		size_t n = strlen(heads[i]);

		if (len > n && !strncmp(s, heads[i], n) &&
		    memmem(s, len, " -x", 3))
			return true;
	}
	return false;
}

bool lkp_perf_stat_line(const char *s, size_t len)
{
	char buf[512], *col[MAX_COLS];
	double t;

	if (is_command(s, len))
		return true;
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return columns(buf, col) >= 8 && decimal(col[0], &t) &&
	       col[3][0] != '\0';
}

/* The events and their sums of one interval, and of the run. */
struct acc {
	struct strtab *names;	/* event -> id (id 0 unused) */
	double *cur, *sum, *rate_sum; /* by id */
	unsigned long alloc;
	struct strtab *units;	/* metric unit -> id */
	double *mcur, *msum;
	unsigned long malloc_;
	size_t kept;		/* intervals kept */
	/* derived per interval: sums of each ratio, by name */
	struct metric_set dsum;
	struct metric_set dcount;
};

static size_t grow(double **v, unsigned long *alloc, uint32_t id)
{
	unsigned long old = *alloc;

	ALLOC_GROW(*v, (unsigned long)id + 1, *alloc);
	if (*alloc > old)
		memset(*v + old, 0, (*alloc - old) * sizeof(**v));
	return *alloc;
}

static void ensure(struct acc *a, uint32_t id)
{
	unsigned long al = a->alloc;

	grow(&a->cur, &al, id);
	al = a->alloc;
	grow(&a->sum, &al, id);
	al = a->alloc;
	grow(&a->rate_sum, &al, id);
	a->alloc = al;
}

static double count_of(const double *v, struct strtab *names,
		       unsigned long alloc, const char *ev, bool *have)
{
	uint32_t id = strtab_find(names, ev, strlen(ev));

	*have = id != UINT32_MAX && id < alloc;
	return *have ? v[id] : 0;
}

/*
 * LKP's derived rows of counts v (an interval's or the sums), named
 * prefix + name, into out.
 */
static void derive(const double *v, struct strtab *names, unsigned long alloc,
		   struct metric_set *out, const char *prefix)
{
	struct strbuf k = STRBUF_INIT, stem = STRBUF_INIT;
	uint32_t id, nr = strtab_count(names);
	bool h, hc, hi;
	double cyc = count_of(v, names, alloc, "cpu-cycles", &hc);
	double ins = count_of(v, names, alloc, "instructions", &hi);

	if (!hc)
		cyc = count_of(v, names, alloc, "cycles", &hc);
	for (id = 1; id < nr && id < alloc; id++) {
		const char *ev = strtab_str(names, id);
		size_t n = strlen(ev);
		double miss = v[id], base = 0;

		if (n <= 7 || strcmp(ev + n - 7, "-misses"))
			continue;
		strbuf_reset(&stem);
		strbuf_add(&stem, ev, n - 7);
		strbuf_reset(&k);
		strbuf_addf(&k, "%ss", stem.buf);
		base = count_of(v, names, alloc, k.buf, &h);
		if (h) {
			base += miss;
		} else {
			strbuf_reset(&k);
			strbuf_addf(&k, "%s-references", stem.buf);
			base = count_of(v, names, alloc, k.buf, &h);
			if (!h) {
				strbuf_reset(&k);
				strbuf_addf(&k, "%s-instructions", stem.buf);
				base = count_of(v, names, alloc, k.buf, &h);
			}
		}
		if (h && base > 0) {
			strbuf_reset(&k);
			strbuf_addf(&k, "%s%s-miss-rate%%", prefix, stem.buf);
			metric_set_add(out, k.buf, miss * 100 / base);
		}
		if (miss <= 0)
			continue;
		if (!strcmp(ev, "iTLB-load-misses") && hi) {
			strbuf_reset(&k);
			strbuf_addf(&k, "%sinstructions-per-iTLB-miss", prefix);
			metric_set_add(out, k.buf, ins / miss);
		}
		if (!strcmp(ev, "cache-misses")) {
			if (hc) {
				strbuf_reset(&k);
				strbuf_addf(&k, "%scycles-between-cache-misses",
					    prefix);
				metric_set_add(out, k.buf, cyc / miss);
			}
			if (hi && ins > 0) {
				strbuf_reset(&k);
				strbuf_addf(&k, "%sMPKI", prefix);
				metric_set_add(out, k.buf, miss / ins * 1000);
			}
		}
	}
	if (hc && hi && cyc > 0) {
		strbuf_reset(&k);
		strbuf_addf(&k, "%sipc", prefix);
		metric_set_add(out, k.buf, ins / cyc);
		if (ins > 0) {
			strbuf_reset(&k);
			strbuf_addf(&k, "%scpi", prefix);
			metric_set_add(out, k.buf, cyc / ins);
		}
	}
	strbuf_release(&k);
	strbuf_release(&stem);
}

/* Close the interval that ended at t (the previous one at t0): keep it. */
static void close_interval(struct acc *a, double len)
{
	struct metric_set d = { 0 };
	uint32_t id, nr = strtab_count(a->names);

	if (len <= 0)
		len = 1e-9;
	for (id = 1; id < nr && id < a->alloc; id++) {
		a->sum[id] += a->cur[id];
		a->rate_sum[id] += a->cur[id] / len;
	}
	derive(a->cur, a->names, a->alloc, &d, "");
	for (size_t i = 0; i < d.nr; i++) {
		metric_set_add(&a->dsum, d.v[i].key, d.v[i].value);
		metric_set_add(&a->dcount, d.v[i].key, 1);
	}
	metric_set_release(&d);
	nr = strtab_count(a->units);
	for (id = 1; id < nr && id < a->malloc_; id++)
		a->msum[id] += a->mcur[id];
	a->kept++;
}

static void clear_interval(struct acc *a)
{
	if (a->alloc)
		memset(a->cur, 0, a->alloc * sizeof(*a->cur));
	if (a->malloc_)
		memset(a->mcur, 0, a->malloc_ * sizeof(*a->mcur));
}

/* The event of column 3: cpu_core/EV/ -> EV; with unit Bytes, EV_Bytes. */
static void event_name(struct strbuf *sb, const char *ev, const char *unit)
{
	const char *s = strchr(ev, '/');

	strbuf_reset(sb);
	if (s && (!strncmp(ev, "cpu_core/", 9) || !strncmp(ev, "cpu_atom/", 9))) {
		const char *e = strchr(s + 1, '/');

		strbuf_add(sb, s + 1, e ? (size_t)(e - s - 1) : strlen(s + 1));
	} else {
		strbuf_addstr(sb, ev);
	}
	if (!strcmp(unit, "Bytes"))
		strbuf_addstr(sb, "_Bytes");
}

static bool metric_unit(const char *u)
{
	if (!isupper((unsigned char)*u))
		return false;
	for (; *u; u++)
		if (*u == ' ' || *u == '\t')
			return false;
	return true;
}

/* A count line's columns into the open interval of a: the event's count
 * and, with a metric unit (column 8), perf's metric of it. */
static void add_count(struct acc *a, char **col, struct strbuf *ev)
{
	uint32_t id;
	double c;

	event_name(ev, col[3], col[2]);
	if (!ev->len)
		return;
	if (!decimal(col[1], &c))
		c = 0; /* <not supported>, <not counted> */
	id = strtab_intern(a->names, ev->buf, ev->len);
	ensure(a, id);
	a->cur[id] += c;
	if (metric_unit(col[7])) {
		double mv;
		uint32_t u = strtab_intern(a->units, col[7], strlen(col[7]));
		unsigned long al = a->malloc_;

		grow(&a->mcur, &al, u);
		al = a->malloc_;
		grow(&a->msum, &al, u);
		a->malloc_ = al;
		if (decimal(col[6], &mv))
			a->mcur[u] += mv;
	}
}

/* LKP's perf-stat rows of the kept intervals (t_last: the run's length
 * in seconds, 0 if unknown) into s. */
static void stat_rows(struct acc *a, double t_last, struct metric_set *s)
{
	struct strbuf key = STRBUF_INIT;
	uint32_t id, nr = strtab_count(a->names);

	for (id = 1; id < nr && a->kept; id++) {
		strbuf_reset(&key);
		strbuf_addf(&key, "perf-stat.i.%s", strtab_str(a->names, id));
		metric_set_add(s, key.buf, a->rate_sum[id] / (double)a->kept);
		if (t_last > 0) {
			strbuf_reset(&key);
			strbuf_addf(&key, "perf-stat.ps.%s",
				    strtab_str(a->names, id));
			metric_set_add(s, key.buf, a->sum[id] / t_last);
		}
		if (!strcmp(strtab_str(a->names, id), "instructions"))
			metric_set_add(s, "perf-stat.total.instructions",
				       a->sum[id]);
	}
	metric_set_sort(&a->dsum);
	metric_set_sort(&a->dcount);
	for (size_t i = 0; i < a->dsum.nr && a->kept; i++) {
		strbuf_reset(&key);
		strbuf_addf(&key, "perf-stat.i.%s", a->dsum.v[i].key);
		metric_set_add(s, key.buf,
			       a->dsum.v[i].value / a->dcount.v[i].value);
	}
	nr = strtab_count(a->units);
	for (id = 1; id < nr && a->kept; id++) {
		strbuf_reset(&key);
		strbuf_addf(&key, "perf-stat.i.metric.%s",
			    strtab_str(a->units, id));
		metric_set_add(s, key.buf, a->msum[id] / (double)a->kept);
	}
	if (a->kept)
		derive(a->sum, a->names, a->alloc, s, "perf-stat.overall.");
	strbuf_release(&key);
}

static void acc_release(struct acc *a)
{
	free(a->cur);
	free(a->sum);
	free(a->rate_sum);
	free(a->mcur);
	free(a->msum);
	metric_set_release(&a->dsum);
	metric_set_release(&a->dcount);
	strtab__delete(a->names);
	strtab__delete(a->units);
}

int lkp_perf_stat_read(struct linereader *lr, char *first, size_t len,
		       struct metric_set *s, struct fd_err *err)
{
	struct acc a = { 0 };
	struct strbuf ev = STRBUF_INIT;
	char *line = first, *col[MAX_COLS];
	double t_prev = -1, t_start = 0, t_last = 0;
	bool open = false;
	int r = 1;

	a.names = strtab__new();
	a.units = strtab__new();
	for (; r > 0; r = lr_next(lr, &line, &len, err)) {
		double t;
		size_t n;

		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		if (!len || line[0] == '#' || is_command(line, len))
			continue;
		n = columns(line, col);
		if (n < 8 || !decimal(col[0], &t))
			continue; /* perf's other lines */
		if (open && t - t_prev > 0.010) {
			close_interval(&a, t_prev - t_start);
			clear_interval(&a);
			t_start = t_prev;
		}
		open = true;
		t_prev = t;
		t_last = t;
		add_count(&a, col, &ev);
	}
	/* the interval still open is the partial one: dropped */
	if (r == 0)
		stat_rows(&a, t_last, s);
	strbuf_release(&ev);
	acc_release(&a);
	return r < 0 ? -1 : 0;
}
