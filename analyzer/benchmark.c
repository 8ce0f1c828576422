// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, time and perf-stat rows (benchmark.h). The names and the
 * parse rules are LKP's (programs/stress-ng/parse, time, perf-stat),
 * restated in share/doc/profile-format.md; the code is our own.
 */
#include <ctype.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"

struct bench_rule {
	char *name;
	regex_t re;
	bool have;	/* a line matched */
	double value;
};

void bench_init(struct bench *b, const char *testcase)
{
	char *s;

	memset(b, 0, sizeof(*b));
	b->testcase = xstrdup(testcase && *testcase ? testcase : "benchmark");
	/* A command's name is anybody's bytes ("x 99\ny"): a stats key
	 * holds no blank nor control byte, so those become '_'. */
	for (s = b->testcase; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f)
			*s = '_';
}

void bench_release(struct bench *b)
{
	size_t i;

	for (i = 0; i < b->nr_rules; i++) {
		free(b->rules[i].name);
		regfree(&b->rules[i].re);
	}
	free(b->rules);
	free(b->testcase);
	metric_set_release(&b->stress);
	memset(b, 0, sizeof(*b));
}

static bool key_char(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '-';
}

int bench_add_rule(struct bench *b, const char *spec, struct fd_err *err)
{
	const char *eq = strchr(spec, '=');
	struct bench_rule *r;
	const char *s;
	char msg[128];
	int rc;

	if (!eq || eq == spec)
		return fd_err_set(err, "'%s': want NAME=REGEX", spec);
	for (s = spec; s < eq; s++)
		if (!key_char((unsigned char)*s))
			return fd_err_set(err, "'%.*s': a metric name is "
					  "letters, digits and _ . -",
					  (int)(eq - spec), spec);
	ALLOC_GROW(b->rules, b->nr_rules + 1, b->alloc_rules);
	r = &b->rules[b->nr_rules];
	memset(r, 0, sizeof(*r));
	rc = regcomp(&r->re, eq + 1, REG_EXTENDED);
	if (rc) {
		regerror(rc, &r->re, msg, sizeof(msg));
		return fd_err_set(err, "'%s': %s", eq + 1, msg);
	}
	r->name = xstrndup(spec, (size_t)(eq - spec));
	b->nr_rules++;
	return 0;
}

/* A number as a benchmark prints it: "1234", "12.5", "-3e2". */
static bool parse_value(const char *s, size_t len, double *v)
{
	char buf[64], *end;

	while (len && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len || len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	*v = strtod(buf, &end);
	return end != buf && !*end && isfinite(*v);
}

static void rule_line(struct bench_rule *r, const char *line)
{
	regmatch_t m[2];
	int g;
	double v;

	if (regexec(&r->re, line, 2, m, 0))
		return;
	g = m[1].rm_so >= 0 ? 1 : 0;
	if (parse_value(line + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so),
			&v)) {
		r->value = v;
		r->have = true;
	}
}

/* Split s[0..len) on blanks into at most max fields (pointer, length). */
static size_t split_blanks(const char *s, size_t len, const char **f,
			   size_t *flen, size_t max)
{
	size_t n = 0, i = 0;

	while (i < len) {
		size_t start;

		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && !isspace((unsigned char)s[i]))
			i++;
		if (n < max) {
			f[n] = s + start;
			flen[n] = i - start;
		}
		n++;
	}
	return n;
}

static bool contains(const char *s, size_t len, const char *word)
{
	size_t wl = strlen(word), i;

	for (i = 0; i + wl <= len; i++)
		if (!memcmp(s + i, word, wl))
			return true;
	return false;
}

/*
 * The start of the miscellaneous metric's tail, if the line has one: the
 * first "(average", "(geometric mean", "(geometic mean" (stress-ng's
 * spelling), "(harmonic mean" or "(total", followed by a blank or ')'
 * ("(geometic mean of 2 instances)", "(harmonic mean)"), with the blank
 * before it; LKP drops from there to the end of the line. Else len.
 */
static size_t misc_tail(const char *s, size_t len)
{
	static const char *const words[] = { "(average", "(geometric mean",
		"(geometic mean", "(harmonic mean", "(total", NULL };
	size_t i, wl;
	int k;

	for (i = 0; i < len; i++) {
		if (s[i] != '(')
			continue;
		for (k = 0; words[k]; k++) {
			wl = strlen(words[k]);
			if (len - i < wl || memcmp(s + i, words[k], wl))
				continue;
			if (len - i > wl && s[i + wl] != ' ' &&
			    s[i + wl] != ')')
				continue;
			return i && s[i - 1] == ' ' ? i - 1 : i;
		}
	}
	return len;
}

/* LKP's unit normalisation: blanks , " ' _ [ ] ( ) : runs become one _,
 * no _ at either end. */
static void add_unit(struct strbuf *sb, const char *s, size_t len)
{
	size_t start = sb->len;
	bool sep = false;
	size_t i;

	for (i = 0; i < len; i++) {
		if (strchr(" \t,\"'_[]():", s[i])) {
			sep = true;
			continue;
		}
		if (sep && sb->len > start)
			strbuf_addch(sb, '_');
		sep = false;
		strbuf_addch(sb, s[i]);
	}
}

static void add_row(struct metric_set *out, struct strbuf *key,
		    size_t keep, const char *suffix, double v)
{
	strbuf_setlen(key, keep);
	strbuf_addstr(key, suffix);
	metric_set_add(out, key->buf, v);
}

#define MAX_FIELDS 13

void bench_stress_ng_line(const char *line, size_t len, bool *in_table,
			  struct metric_set *out)
{
	const char *f[MAX_FIELDS];
	size_t fl[MAX_FIELDS], n, tail, keep;
	struct strbuf key = STRBUF_INIT;
	double v;

	if (len && line[len - 1] == '\r')
		len--;
	if (strncmp(line, "stress-ng: ", 11) || len < 11)
		return;
	if (!*in_table) {
		if (contains(line, len, "(secs)    (secs)    (secs)"))
			*in_table = true;
		return;
	}
	if (contains(line, len, "run time:")) {
		*in_table = false;
		return;
	}
	tail = misc_tail(line, len);
	if (tail < len) {
		/* miscellaneous: STRESSOR VALUE UNIT WORDS... */
		n = split_blanks(line, tail, f, fl, MAX_FIELDS);
		if (n < 6 || !parse_value(f[4], fl[4], &v))
			return;
		strbuf_add(&key, f[3], fl[3]);
		strbuf_addch(&key, '.');
		add_unit(&key, f[5], (size_t)(line + tail - f[5]));
		keep = key.len;
		if (v == 0) {
			add_row(out, &key, keep, ".fail", 1);
		} else {
			add_row(out, &key, keep, ".pass", 1);
			add_row(out, &key, keep, "", v);
		}
		strbuf_release(&key);
		return;
	}
	n = split_blanks(line, len, f, fl, MAX_FIELDS);
	if (n != 10 && n != 12)
		return;
	/* bogo ops: the text as printed, "0" meaning the stressor failed */
	strbuf_add(&key, f[3], fl[3]);
	keep = key.len;
	if (fl[4] == 1 && f[4][0] == '0') {
		add_row(out, &key, keep, ".fail", 1);
	} else if (parse_value(f[4], fl[4], &v)) {
		double ps;

		add_row(out, &key, keep, ".pass", 1);
		add_row(out, &key, keep, ".ops", v);
		if (parse_value(f[8], fl[8], &ps))
			add_row(out, &key, keep, ".ops_per_sec", ps);
	}
	strbuf_release(&key);
}

void bench_line(struct bench *b, const char *line, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (len && line[len - 1] == '\r')
		len--;
	bench_stress_ng_line(line, len, &b->in_table, &b->stress);
	if (!b->nr_rules)
		return;
	/* regexec() wants a string: no NUL inside, one at the end */
	strbuf_add(&sb, line, len);
	for (i = 0; i < b->nr_rules; i++)
		rule_line(&b->rules[i], sb.buf);
	strbuf_release(&sb);
}

/*
 * A key a stats line and a profile header can hold as it is: printable
 * ASCII without blanks (the command's output is anybody's text).
 */
static bool plain_key(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f)
			return false;
	return true;
}

void bench_result(struct bench *b, struct metric_set *out)
{
	struct strbuf key = STRBUF_INIT;
	size_t i;

	metric_set_sort(&b->stress);
	for (i = 0; i < b->stress.nr; i++) {
		strbuf_reset(&key);
		strbuf_addf(&key, "%s.%s", b->testcase, b->stress.v[i].key);
		if (plain_key(key.buf))
			metric_set_add(out, key.buf, b->stress.v[i].value);
	}
	for (i = 0; i < b->nr_rules; i++) {
		if (!b->rules[i].have)
			continue;
		strbuf_reset(&key);
		strbuf_addf(&key, "%s.%s", b->testcase, b->rules[i].name);
		if (plain_key(key.buf))
			metric_set_add(out, key.buf, b->rules[i].value);
	}
	strbuf_release(&key);
}

static void time_row(struct metric_set *out, struct strbuf *key,
		     const char *testcase, const char *name, double v)
{
	strbuf_reset(key);
	strbuf_addf(key, "%s.time.%s", testcase, name);
	metric_set_add(out, key->buf, isfinite(v) ? v : 0);
}

static double round2(double v)
{
	return round(v * 100) / 100;
}

void bench_time_rows(const struct bench_usage *u, const char *testcase,
		     struct metric_set *out)
{
	struct strbuf key = STRBUF_INIT;
	double pct = 0;

	if (u->elapsed > 0)
		pct = floor((u->user + u->sys) * 100 / u->elapsed);
	time_row(out, &key, testcase, "user_time", round2(u->user));
	time_row(out, &key, testcase, "system_time", round2(u->sys));
	time_row(out, &key, testcase, "elapsed_time", round2(u->elapsed));
	time_row(out, &key, testcase, "percent_of_cpu_this_job_got", pct);
	time_row(out, &key, testcase, "maximum_resident_set_size",
		 (double)u->maxrss_kb);
	time_row(out, &key, testcase, "major_page_faults", (double)u->majflt);
	time_row(out, &key, testcase, "minor_page_faults", (double)u->minflt);
	time_row(out, &key, testcase, "voluntary_context_switches",
		 (double)u->nvcsw);
	time_row(out, &key, testcase, "involuntary_context_switches",
		 (double)u->nivcsw);
	time_row(out, &key, testcase, "file_system_inputs",
		 (double)u->inblock);
	time_row(out, &key, testcase, "file_system_outputs",
		 (double)u->oublock);
	strbuf_release(&key);
}

static bool clock_event(const char *name)
{
	return !strcmp(name, "task-clock") || !strcmp(name, "cpu-clock");
}

static int event_index(const char *const *names, size_t n, const char *name)
{
	size_t e;

	for (e = 0; e < n; e++)
		if (!strcmp(names[e], name))
			return (int)e;
	return -1;
}

static void stat_row(struct metric_set *out, struct strbuf *key,
		     const char *prefix, const char *name, double v)
{
	if (!isfinite(v))
		return;
	strbuf_reset(key);
	strbuf_addf(key, "perf-stat.%s.%s", prefix, name);
	metric_set_add(out, key->buf, v);
}

/*
 * The ratios LKP derives from counts a[] of one span (the totals, or
 * one interval): each only where both events were counted and the
 * divisor is not 0.
 */
struct ratio {
	const char *name, *num, *den;
	double scale;
	bool den_plus_num;	/* LKP: "STEMs" counts hits, so base = +misses */
};

static const struct ratio ratios[] = {
	{ "ipc", "instructions", "cpu-cycles", 1, 0 },
	{ "cpi", "cpu-cycles", "instructions", 1, 0 },
	{ "cache-miss-rate%", "cache-misses", "cache-references", 100, 0 },
	{ "branch-miss-rate%", "branch-misses", "branch-instructions", 100, 0 },
	{ "MPKI", "cache-misses", "instructions", 1000, 0 },
	{ "cycles-between-cache-misses", "cpu-cycles", "cache-misses", 1, 0 },
	{ "dTLB-load-miss-rate%", "dTLB-load-misses", "dTLB-loads", 100, 1 },
	{ "dTLB-store-miss-rate%", "dTLB-store-misses", "dTLB-stores", 100,
	  1 },
	{ "iTLB-load-miss-rate%", "iTLB-load-misses", "iTLB-loads", 100, 1 },
	{ "node-load-miss-rate%", "node-load-misses", "node-loads", 100, 1 },
	{ "node-store-miss-rate%", "node-store-misses", "node-stores", 100,
	  1 },
	{ "instructions-per-iTLB-miss", "instructions", "iTLB-load-misses",
	  1, 0 },
};

static bool ratio_of(const char *const *names, size_t n, const double *a,
		     const struct ratio *r, double *v)
{
	int x = event_index(names, n, r->num), y = event_index(names, n, r->den);
	double den;

	if (x < 0 || y < 0)
		return false;
	den = r->den_plus_num ? a[y] + a[x] : a[y];
	if (den == 0)
		return false;
	*v = a[x] * r->scale / den;
	return isfinite(*v);
}

void bench_perf_stat_rows(const char *const *names, size_t nr_events,
			  const uint64_t *count, const double *secs,
			  size_t nr_intervals, struct metric_set *out)
{
	struct strbuf key = STRBUF_INIT;
	double *total = xcalloc(nr_events ? nr_events : 1, sizeof(double));
	double *rate = xcalloc(nr_events ? nr_events : 1, sizeof(double));
	double *one = xcalloc(nr_events ? nr_events : 1, sizeof(double));
	double *rsum = xcalloc(sizeof(ratios) / sizeof(ratios[0]),
			       sizeof(double));
	size_t *rn = xcalloc(sizeof(ratios) / sizeof(ratios[0]),
			     sizeof(size_t));
	double time = 0;
	size_t i, e, k, used = 0;
	/* LKP's rule: the last interval, cut short by the end of the run,
	 * is dropped (its counts from every row) but its time is kept in
	 * the ps. rates' run time; a run of one interval keeps it, so that
	 * a short recording still has its rows. */
	size_t kept = nr_intervals > 1 ? nr_intervals - 1 : nr_intervals;

	for (i = 0; i < nr_intervals; i++) {
		bool ok = isfinite(secs[i]) && secs[i] > 0;

		time += ok ? secs[i] : 0;
		if (i >= kept)
			continue;
		for (e = 0; e < nr_events; e++) {
			double c = (double)count[i * nr_events + e];

			if (clock_event(names[e]))
				c /= 1e6; /* ns -> msec, as perf prints */
			one[e] = c;
			total[e] += c;
			if (ok)
				rate[e] += c / secs[i];
		}
		if (!ok)
			continue;
		used++;
		for (k = 0; k < sizeof(ratios) / sizeof(ratios[0]); k++) {
			double v;

			if (ratio_of(names, nr_events, one, &ratios[k], &v)) {
				rsum[k] += v;
				rn[k]++;
			}
		}
	}
	for (e = 0; e < nr_events && used; e++)
		stat_row(out, &key, "i", names[e], rate[e] / (double)used);
	for (e = 0; e < nr_events && time > 0; e++)
		stat_row(out, &key, "ps", names[e], total[e] / time);
	e = (size_t)event_index(names, nr_events, "instructions");
	if (e < nr_events)
		stat_row(out, &key, "total", "instructions", total[e]);
	for (k = 0; k < sizeof(ratios) / sizeof(ratios[0]); k++) {
		double v;

		if (ratio_of(names, nr_events, total, &ratios[k], &v))
			stat_row(out, &key, "overall", ratios[k].name, v);
		if (rn[k])
			stat_row(out, &key, "i", ratios[k].name,
				 rsum[k] / (double)rn[k]);
	}
	free(total);
	free(rate);
	free(one);
	free(rsum);
	free(rn);
	strbuf_release(&key);
}

enum bench_family bench_key_family(const char *key)
{
	static const char *const others[] = { "vmstat.", "mpstat.",
		"proc-vmstat.", "meminfo.", "slabinfo.", "numa-vmstat.",
		"numa-meminfo.", "numa-numastat.", "sched_debug.",
		"softirqs.", "interrupts.", "turbostat.", "cpuidle.",
		"iostat.", "lock_stat.", "latency_stats.", "pmeter.",
		"boot-time.", "cpufreq.", "uptime.", "diskstats.",
		"proc-stat.", "perf-c2c.", "pmu-tools.", NULL };
	const char *dot;
	int i;

	if (!strncmp(key, "perf-profile.", 13))
		return FAMILY_PERF_PROFILE;
	if (!strncmp(key, "perf-stat.", 10))
		return FAMILY_PERF_STAT;
	if (!strncmp(key, "perf-sched.", 11))
		return FAMILY_PERF_SCHED;
	for (i = 0; others[i]; i++)
		if (!strncmp(key, others[i], strlen(others[i])))
			return FAMILY_OTHER;
	/* "time.*", the job's, as well as "TESTCASE.time.*" */
	dot = strchr(key, '.');
	if (!strncmp(key, "time.", 5) || (dot && !strncmp(dot, ".time.", 6)))
		return FAMILY_TIME;
	return FAMILY_BENCHMARK;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

bool bench_headline_key(const char *key)
{
	return bench_key_family(key) == FAMILY_BENCHMARK &&
	       has_suffix(key, ".ops_per_sec");
}

int bench_key_rank(const char *key)
{
	return 2 * (int)bench_key_family(key) + !bench_headline_key(key);
}

const struct metric *bench_headline(const struct metric_set *s,
				    const struct metric **elapsed)
{
	const struct metric *best = NULL, *other = NULL;
	size_t i;

	*elapsed = NULL;
	for (i = 0; i < s->nr; i++) {
		const char *k = s->v[i].key;

		switch (bench_key_family(k)) {
		case FAMILY_BENCHMARK:
			if (!best && bench_headline_key(k))
				best = &s->v[i];
			if (!other && !has_suffix(k, ".pass") &&
			    !has_suffix(k, ".fail"))
				other = &s->v[i];
			break;
		case FAMILY_TIME:
			if (!*elapsed && has_suffix(k, ".time.elapsed_time"))
				*elapsed = &s->v[i];
			break;
		default:
			break;
		}
	}
	return best ? best : other;
}

const char *bench_fmt_figure(char *buf, size_t cap, double v)
{
	if (isfinite(v) && fabs(v) >= 1e6 && fabs(v) < 1e15)
		snprintf(buf, cap, "%.0f", v);
	else
		snprintf(buf, cap, "%.6g", v);
	return buf;
}
