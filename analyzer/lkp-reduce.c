// SPDX-License-Identifier: GPL-2.0
/* LKP's reduction of a monitor's time series (lkp-reduce.h). */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"
#include "analyzer/lkp-reduce.h"

struct series {
	double *v;
	size_t n;
	unsigned long alloc;
};

struct lkp_series {
	char *monitor;		/* NULL: keys are whole */
	struct strtab *keys;	/* id -> key; id 0 unused */
	struct series *ser;	/* by key id */
	unsigned long alloc_ser;
	size_t cur;		/* the current sample */
	bool used;		/* the current sample holds a value */
	bool *dropped;		/* by sample */
	unsigned long alloc_dropped;
};

struct lkp_series *lkp_series__new(const char *monitor)
{
	struct lkp_series *s = xcalloc(1, sizeof(*s));

	s->monitor = monitor ? xstrdup(monitor) : NULL;
	s->keys = strtab__new();
	return s;
}

void lkp_series__delete(struct lkp_series *s)
{
	uint32_t i;

	if (!s)
		return;
	for (i = 0; i < s->alloc_ser; i++)
		free(s->ser[i].v);
	free(s->ser);
	free(s->dropped);
	strtab__delete(s->keys);
	free(s->monitor);
	free(s);
}

static void mark(struct lkp_series *s, size_t sample, bool drop)
{
	size_t old = s->alloc_dropped;

	ALLOC_GROW(s->dropped, sample + 1, s->alloc_dropped);
	if (s->alloc_dropped > old)
		memset(s->dropped + old, 0,
		       (s->alloc_dropped - old) * sizeof(*s->dropped));
	if (drop)
		s->dropped[sample] = true;
}

void lkp_series_next(struct lkp_series *s)
{
	if (!s->used)
		return;
	s->cur++;
	s->used = false;
	mark(s, s->cur, false);
}

bool lkp_series_has(const struct lkp_series *s, const char *key)
{
	uint32_t id = strtab_find(s->keys, key, strlen(key));

	return id != UINT32_MAX && id < s->alloc_ser && s->used &&
	       s->ser[id].n > s->cur;
}

void lkp_series_drop(struct lkp_series *s)
{
	mark(s, s->cur, true);
	s->used = true;
}

size_t lkp_series_samples(const struct lkp_series *s)
{
	return s->cur + s->used;
}

bool lkp_series_repeated(const struct lkp_series *s)
{
	uint32_t i;

	for (i = 0; i < s->alloc_ser; i++)
		if (s->ser[i].n > 1)
			return true;
	return false;
}

static bool prefixed(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static bool ends_with(const char *s, const char *e)
{
	size_t ls = strlen(s), le = strlen(e);

	return ls >= le && !strcmp(s + ls - le, e);
}

static bool any_prefix(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (prefixed(s, *list))
			return true;
	return false;
}

/* LKP's range checks: a value outside drops the whole sample. */
static bool out_of_range(const char *key, double v)
{
	if (prefixed(key, "vmstat.cpu.") || (prefixed(key, "iostat.cpu.")))
		return v < 0 || v > 110;
	if (prefixed(key, "iostat.") && ends_with(key, ".util"))
		return v < 0 || v > 300;
	if (prefixed(key, "turbostat.") && ends_with(key, "Watt"))
		return v < 0 || v > 10000;
	return false;
}

static char *whole_key(const struct lkp_series *s, const char *key,
		       size_t len)
{
	if (!s->monitor)
		return xstrndup(key, len);
	return xstrfmt("%s.%.*s", s->monitor, (int)len, key);
}

void lkp_series_add(struct lkp_series *s, const char *key, size_t len,
		    double v)
{
	uint32_t id = strtab_intern(s->keys, key, len);
	struct series *r;
	unsigned long old = s->alloc_ser;
	char *k;

	ALLOC_GROW(s->ser, (unsigned long)id + 1, s->alloc_ser);
	if (s->alloc_ser > old)
		memset(s->ser + old, 0, (s->alloc_ser - old) * sizeof(*s->ser));
	r = &s->ser[id];
	/* the key again in this sample: the next sample has begun */
	if (r->n > s->cur)
		lkp_series_next(s);
	mark(s, s->cur, false);
	s->used = true;
	ALLOC_GROW(r->v, s->cur + 1, r->alloc);
	while (r->n < s->cur)
		r->v[r->n++] = 0;
	r->v[r->n++] = isfinite(v) ? v : 0;
	k = whole_key(s, key, len);
	if (out_of_range(k, v) || !isfinite(v))
		s->dropped[s->cur] = true;
	free(k);
}

static const char *const independent[] = {
	"perf-stat.overall.", "perf-stat.ps.", "perf-stat.total.",
	"pmu-tools.", NULL
};

static const char *const independent_time[] = {
	"user_time", "system_time", "percent_of_cpu_this_job_got",
	"minor_page_faults", "major_page_faults",
	"voluntary_context_switches", "involuntary_context_switches",
	"file_system_inputs", "file_system_outputs",
	"socket_messages_sent", "socket_messages_received", "swaps", NULL
};

bool lkp_independent_counter(const char *key)
{
	return any_prefix(key, independent) ||
	       (prefixed(key, "time.") &&
		any_prefix(key + 5, independent_time));
}

static const char *const counters[] = {
	"cpuidle.", "interrupts.", "numa-numastat.", "softirq.", "energy.",
	"ethtool.", "pmu-numa.total_moved", NULL
};

static const char *const disk_counters[] = {
	"read_ios.", "read_merges.", "read_sectors.", "read_ticks.",
	"write_ios.", "write_merges.", "write_sectors.", "write_ticks.",
	"io_ticks.", NULL
};

static const char *const vmstat_counters[] = {
	"allocstall", "compact_", "htlb_buddy_alloc_", "kswapd_",
	"nr_dirtied", "nr_promoted", "nr_promote_fail",
	"nr_promote_isolate_fail", "nr_promote_ratelimit",
	"nr_vmscan_immediate_reclaim", "nr_written", "numa_", "pageoutrun",
	"pg", "pswp", "slabs_scanned", "thp_", "unevictable_pgs_",
	"zone_reclaim_failed", NULL
};

static const char *const node_counters[] = {
	"nr_dirtied", "nr_vmscan_immediate_reclaim", "nr_written", "numa_",
	"pg", NULL
};

bool lkp_event_counter(const char *key)
{
	const char *p;

	if (any_prefix(key, counters))
		return true;
	if (prefixed(key, "diskstats."))
		return any_prefix(key + 10, disk_counters);
	if (prefixed(key, "proc-vmstat."))
		return any_prefix(key + 12, vmstat_counters);
	/* unanchored: numa-vmstat.node[0-9]+.NAME anywhere in the key */
	for (p = strstr(key, "numa-vmstat.node"); p;
	     p = strstr(p + 1, "numa-vmstat.node")) {
		const char *q = p + 16;

		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '.' && any_prefix(q + 1, node_counters))
			return true;
	}
	return false;
}

/* The keys of etc/add-max-latency, matched whole. */
static bool add_max(const char *key)
{
	size_t n = strlen(key);
	static const char *const io[] = {
		".await", ".r_await", ".w_await", ".svctm", ".avgqu-sz", NULL
	};
	const char *const *e;

	/* .*time.elapsed_time: "time", any one character, "elapsed_time" */
	if (n >= 17 && ends_with(key, "elapsed_time") &&
	    !strncmp(key + n - 17, "time", 4))
		return true;
	if (prefixed(key, "iostat.") && n > 7) {
		for (e = io; *e; e++)
			if (strlen(key + 7) > strlen(*e) &&
			    ends_with(key + 7, *e))
				return true;
	}
	return prefixed(key, "numa-meminfo.node") && n == 28 &&
	       isdigit((unsigned char)key[17]) &&
	       !strcmp(key + 18, ".AnonPages");
}

/* MONITOR.time (a stats file's "time") is the clock, not a stat. */
static bool is_time(const char *key)
{
	return !strcmp(key, "time");
}

static bool keeps_last(const char *monitor)
{
	static const char *const keep[] = {
		"perf-stat", "sched_debug", "slabinfo", "meminfo", NULL
	};
	const char *const *k;

	if (!monitor)
		return false;
	for (k = keep; *k; k++)
		if (!strcmp(monitor, *k))
			return true;
	return false;
}

static double held(double v)
{
	return isfinite(v) ? v : copysign(DBL_MAX, v);
}

/* sum / l without overflowing on the way: near DBL_MAX too. */
static double mean(const double *v, size_t n, size_t l)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		m += v[i];
	if (isfinite(m))
		return m / (double)l;
	for (m = 0, i = 0; i < n; i++)
		m += v[i] / (double)l;
	return held(m);
}

void lkp_series_reduce(struct lkp_series *s, struct metric_set *out)
{
	uint32_t nr = strtab_count(s->keys), id;
	size_t *len = xcalloc((size_t)nr + 1, sizeof(*len));
	double **val = xcalloc((size_t)nr + 1, sizeof(*val));
	size_t lmax = 0, lmin = SIZE_MAX, i;

	/* the series without the dropped samples */
	for (id = 1; id < nr && id < s->alloc_ser; id++) {
		struct series *r = &s->ser[id];

		if (!r->n || is_time(strtab_str(s->keys, id)))
			continue;
		val[id] = xmalloc(sizeof(double) * r->n);
		for (i = 0; i < r->n; i++)
			if (!(i < s->alloc_dropped && s->dropped[i]))
				val[id][len[id]++] = r->v[i];
		if (len[id] > lmax)
			lmax = len[id];
		if (len[id] < lmin)
			lmin = len[id];
	}
	/* "last record incomplete" */
	if (lmax && lmax == lmin + 1 && !keeps_last(s->monitor)) {
		for (id = 1; id < nr; id++)
			if (val[id] && len[id] == lmax)
				len[id]--;
		lmax--;
	}
	for (id = 1; id < nr; id++) {
		double sum = 0, max, v;
		size_t n = len[id];
		char *key;

		if (!val[id] || !n)
			continue;
		max = val[id][0];
		for (i = 0; i < n; i++) {
			sum += val[id][i];
			if (val[id][i] > max)
				max = val[id][i];
		}
		sum = held(sum);
		if (val[id][0] == 0 && val[id][n - 1] == 0 && sum == 0)
			continue; /* all-zero rows never exist */
		key = whole_key(s, strtab_str(s->keys, id),
				strtab_len(s->keys, id));
		if (n == 1)
			v = val[id][0];
		else if (lkp_independent_counter(key))
			v = sum;
		else if (lkp_event_counter(key))
			v = held(val[id][n - 1] - val[id][0]);
		else
			v = mean(val[id], n, lmax);
		metric_set_add(out, key, v);
		if (add_max(key)) {
			char *k = xstrfmt("%s.max", key);

			metric_set_add(out, k, max);
			free(k);
		}
		free(key);
	}
	for (id = 0; id < nr; id++)
		free(val[id]);
	free(val);
	free(len);
}
