// SPDX-License-Identifier: GPL-2.0
/* vmstat's and mpstat's raw output as LKP keeps it (lkp-tools.h). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "analyzer/lkp-reduce.h"
#include "analyzer/lkp-tools.h"

bool lkp_vmstat_line(const char *s, size_t len)
{
	size_t i;

	if (len < 14 || strncmp(s, "procs ", 6))
		return false;
	for (i = 6; i + 8 <= len; i++)
		if (!strncmp(s + i, "-memory-", 8))
			return true;
	return false;
}

bool lkp_mpstat_line(const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	return len >= 10 && !strncmp(s, "{\"sysstat\"", 10);
}

/* vmstat's columns, in the order it prints them. */
static const char *const vmstat_names[] = {
	"procs.r", "procs.b", "memory.swpd", "memory.free", "memory.buff",
	"memory.cache", "swap.si", "swap.so", "io.bi", "io.bo", "system.in",
	"system.cs", "cpu.us", "cpu.sy", "cpu.id", "cpu.wa", "cpu.st",
	"cpu.gu",
};
#define VMSTAT_COLS (sizeof(vmstat_names) / sizeof(vmstat_names[0]))

/* "hh:mm:ss", the time of --timestamp (its date is the field before). */
static bool clock_field(const char *f, size_t n)
{
	return n == 8 && isdigit((unsigned char)f[0]) && f[2] == ':' &&
	       f[5] == ':';
}

static void vmstat_row(struct lkp_series *ser, const char *line, size_t len)
{
	const char *f[VMSTAT_COLS + 2];
	size_t fl[VMSTAT_COLS + 2], n = 0, i;
	double v[VMSTAT_COLS];
	const char *p = line, *end = line + len;

	if (!memchr(line, '0', len) && !strpbrk(line, "123456789"))
		return;
	while (p < end) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p == end)
			break;
		if (n == VMSTAT_COLS + 2)
			return;	/* more columns than vmstat prints */
		f[n] = p;
		while (p < end && !isspace((unsigned char)*p))
			p++;
		fl[n] = (size_t)(p - f[n]);
		n++;
	}
	if (n >= 2 && clock_field(f[n - 1], fl[n - 1]))
		n -= 2;
	if (n < 2 || n > VMSTAT_COLS)
		return;
	for (i = 0; i < n; i++) {
		char num[32], *e;

		if (fl[i] >= sizeof(num))
			return;
		memcpy(num, f[i], fl[i]);
		num[fl[i]] = '\0';
		v[i] = strtod(num, &e);
		if (e == num || *e || !isfinite(v[i]))
			return;
	}
	lkp_series_next(ser);
	for (i = 0; i < n; i++)
		lkp_series_add(ser, vmstat_names[i], strlen(vmstat_names[i]),
			       v[i]);
}

int lkp_vmstat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err)
{
	struct lkp_series *ser = lkp_series__new("vmstat");
	char *line;
	int r;

	vmstat_row(ser, first, len);
	while ((r = lr_next(lr, &line, &len, err)) > 0)
		vmstat_row(ser, line, len);
	if (!r)
		lkp_series_reduce(ser, s);
	lkp_series__delete(ser);
	return r < 0 ? -1 : 0;
}

/* mpstat's JSON: a small scanner for what its parse reads. */
struct mp {
	const char *p, *end;
	struct lkp_series *ser;
	bool open;		/* a sample is open for this entry */
	size_t items;		/* cpu-load items seen */
	double max_util;
	size_t max_at;
};

static void skip_blank(struct mp *m)
{
	while (m->p < m->end && (isspace((unsigned char)*m->p) ||
				 *m->p == ','))
		m->p++;
}

/* A JSON string at m->p into out (escapes kept as they are). */
static bool string(struct mp *m, struct strbuf *out)
{
	strbuf_reset(out);
	if (m->p >= m->end || *m->p != '"')
		return false;
	for (m->p++; m->p < m->end && *m->p != '"'; m->p++) {
		if (*m->p == '\\' && m->p + 1 < m->end)
			strbuf_addch(out, *m->p++);
		strbuf_addch(out, *m->p);
	}
	if (m->p >= m->end)
		return false;
	m->p++;
	return true;
}

/* A scalar at m->p: a string (into str, *is_num false) or a number. */
static bool scalar(struct mp *m, struct strbuf *str, double *v, bool *is_num)
{
	char num[64], *e;
	size_t n = 0;

	if (m->p < m->end && *m->p == '"') {
		*is_num = false;
		return string(m, str);
	}
	while (m->p + n < m->end && n < sizeof(num) - 1 &&
	       strchr("+-.0123456789eE", m->p[n]))
		n++;
	memcpy(num, m->p, n);
	num[n] = '\0';
	*v = strtod(num, &e);
	if (!n || *e || !isfinite(*v))
		return false;
	m->p += n;
	*is_num = true;
	strbuf_reset(str);
	strbuf_addstr(str, num);
	return true;
}

/* One item {"cpu": "all", "usr": 1.0, ...} of a cpu-load or node-load
 * array (kind "cpu" or "node"). */
static bool item(struct mp *m, const char *kind)
{
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	struct strbuf label = STRBUF_INIT, k = STRBUF_INIT;
	double v, idle = 0, iowait = 0;
	bool is_num, ok = false, first = true;

	if (m->p >= m->end || *m->p != '{')
		goto out;
	m->p++;
	for (;;) {
		skip_blank(m);
		if (m->p < m->end && *m->p == '}') {
			m->p++;
			break;
		}
		if (!string(m, &key))
			goto out;
		skip_blank(m);
		if (m->p >= m->end || *m->p != ':')
			goto out;
		m->p++;
		skip_blank(m);
		if (!scalar(m, &val, &v, &is_num))
			goto out;
		if (first) {
			strbuf_add(&label, val.buf, val.len);
			first = false;
			continue;
		}
		if (!is_num)
			continue;
		if (!strcmp(key.buf, "idle"))
			idle = v;
		if (!strcmp(key.buf, "iowait"))
			iowait = v;
		strbuf_reset(&k);
		strbuf_addf(&k, "%s.%s.%s%%", kind, label.buf, key.buf);
		lkp_series_add(m->ser, k.buf, k.len, v);
	}
	if (!strcmp(kind, "cpu")) {
		double u = 100 - idle - iowait;

		m->items++;
		if (m->items == 1 || u > m->max_util) {
			m->max_util = u;
			m->max_at = m->items;
		}
	}
	ok = true;
out:
	strbuf_release(&key);
	strbuf_release(&val);
	strbuf_release(&label);
	strbuf_release(&k);
	return ok;
}

/* The array after "cpu-load": or "node-load":. */
static bool load_array(struct mp *m, const char *kind)
{
	skip_blank(m);
	if (m->p >= m->end || *m->p != ':')
		return false;
	m->p++;
	skip_blank(m);
	if (m->p >= m->end || *m->p != '[')
		return false;
	m->p++;
	if (!m->open) {
		lkp_series_next(m->ser);
		m->open = true;
	}
	for (;;) {
		skip_blank(m);
		if (m->p < m->end && *m->p == ']') {
			m->p++;
			return true;
		}
		if (!item(m, kind))
			return false;
	}
}

int lkp_mpstat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err)
{
	struct strbuf doc = STRBUF_INIT, key = STRBUF_INIT;
	struct mp m = { 0 };
	bool bad = false;
	char *line;
	int r;

	strbuf_add(&doc, first, len);
	strbuf_addch(&doc, '\n');
	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		strbuf_add(&doc, line, len);
		strbuf_addch(&doc, '\n');
	}
	if (r < 0)
		goto out;
	m.p = doc.buf;
	m.end = doc.buf + doc.len;
	m.ser = lkp_series__new("mpstat");
	while (m.p < m.end) {
		if (*m.p != '"') {
			m.p++;
			continue;
		}
		if (!string(&m, &key)) {
			bad = true;
			break;
		}
		/* a statistics entry opens with its timestamp */
		if (!strcmp(key.buf, "timestamp"))
			m.open = false;
		else if (!strcmp(key.buf, "cpu-load") ||
			 !strcmp(key.buf, "node-load"))
			if (!load_array(&m, key.buf[0] == 'c' ? "cpu" :
							"node")) {
				bad = true;
				break;
			}
	}
	if (bad || !m.items) {
		r = fd_err_at(err, lr->path, 0, "mpstat's JSON with %s",
			      bad ? "a string or load item cut short or not "
			      "'key: value' pairs" : "no cpu-load item");
		goto out;
	}
	/* printed once after the last entry: zero-padded by the reduction,
	 * so they read as the peak and its second */
	lkp_series_add(m.ser, "max_utilization_pct", 19,
		       m.max_util * (double)m.items);
	lkp_series_add(m.ser, "max_utilization.seconds", 23,
		       (double)m.max_at * (double)m.items);
	lkp_series_reduce(m.ser, s);
	r = 0;
out:
	lkp_series__delete(m.ser);
	strbuf_release(&doc);
	strbuf_release(&key);
	return r < 0 ? -1 : 0;
}

/*
 * iostat -tkx: sysstat's banner, "Linux RELEASE (HOST) DATE _ARCH_ (N
 * CPU)", the line every sysstat tool opens its text with; the reader
 * then wants iostat's "avg-cpu:" reports.
 */
bool lkp_iostat_line(const char *s, size_t len)
{
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	return len > 12 && !strncmp(s, "Linux ", 6) &&
	       !strncmp(s + len - 5, " CPU)", 5) && memchr(s, '(', len);
}

/* The blank-separated words of line[0..len), at most max. */
static size_t words(const char *line, size_t len, const char **w, size_t *wl,
		    size_t max)
{
	const char *p = line, *end = line + len;
	size_t n = 0;

	while (n < max) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p == end)
			break;
		w[n] = p;
		while (p < end && !isspace((unsigned char)*p))
			p++;
		wl[n] = (size_t)(p - w[n]);
		n++;
	}
	return n;
}

#define IOSTAT_COLS 32

/* A 24-character ISO time ("2026-12-03T12:40:17+0000"): a report's. */
static bool iso_time(const char *s, size_t len)
{
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	return len == 24 && isdigit((unsigned char)s[0]) && s[4] == '-' &&
	       s[10] == 'T' && s[13] == ':';
}

/* A row of numbers under the header names[0..nr): "PREFIX.NAME" (a
 * name's first '%' dropped); a row with a field that is no number
 * gives nothing. */
static void iostat_row(struct lkp_series *ser, const char *prefix,
		       size_t plen, const struct strbuf *names,
		       const size_t *at, size_t nr, const char *const *w,
		       const size_t *wl, size_t n)
{
	struct strbuf key = STRBUF_INIT;
	double v[IOSTAT_COLS];
	size_t i;

	if (n > nr)
		n = nr;
	for (i = 0; i < n; i++) {
		char num[32], *e;

		if (wl[i] >= sizeof(num))
			return;
		memcpy(num, w[i], wl[i]);
		num[wl[i]] = '\0';
		v[i] = strtod(num, &e);
		if (e == num || *e || !isfinite(v[i]))
			return;
	}
	for (i = 0; i < n; i++) {
		const char *name = names->buf + at[i];

		strbuf_reset(&key);
		strbuf_add(&key, prefix, plen);
		strbuf_addch(&key, '.');
		strbuf_addstr(&key, name[0] == '%' ? name + 1 : name);
		lkp_series_add(ser, key.buf, key.len, v[i]);
	}
	strbuf_release(&key);
}

/* A header's column names (from its word skip on) into names, each
 * NUL-terminated at at[i]; how many. */
static size_t header(struct strbuf *names, size_t *at, const char *const *w,
		     const size_t *wl, size_t n, size_t skip)
{
	size_t i, nr = 0;

	strbuf_reset(names);
	for (i = skip; i < n && nr < IOSTAT_COLS; i++) {
		at[nr++] = names->len;
		strbuf_add(names, w[i], wl[i]);
		strbuf_addch(names, '\0');
	}
	return nr;
}

int lkp_iostat_read(struct linereader *lr, const char *first, size_t len,
		    struct metric_set *s, struct fd_err *err)
{
	struct lkp_series *ser = lkp_series__new("iostat");
	struct strbuf cpu = STRBUF_INIT, dev = STRBUF_INIT;
	size_t cpu_at[IOSTAT_COLS], dev_at[IOSTAT_COLS], nr_cpu = 0, nr_dev = 0;
	const char *w[IOSTAT_COLS + 1];
	size_t wl[IOSTAT_COLS + 1], n, reports = 0;
	bool timed = false, cpu_next = false, in_dev = false;
	char *line;
	int r;

	(void)first; /* the banner */
	(void)len;
	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		n = words(line, len, w, wl, IOSTAT_COLS + 1);
		if (!n) {
			in_dev = false;
		} else if (iso_time(line, len)) {
			lkp_series_next(ser);
			timed = true;
		} else if (wl[0] == 8 && !strncmp(w[0], "avg-cpu:", 8)) {
			/* without -t no time line: each report a sample */
			if (!timed)
				lkp_series_next(ser);
			timed = false;
			nr_cpu = header(&cpu, cpu_at, w, wl, n, 1);
			cpu_next = true;
			reports++;
		} else if (wl[0] == 7 && !strncmp(w[0], "Device:", 7)) {
			/* "Device" without the colon (sysstat 12): not read,
			 * as LKP's parse does not */
			nr_dev = header(&dev, dev_at, w, wl, n, 1);
			in_dev = true;
			cpu_next = false;
		} else if (cpu_next) {
			iostat_row(ser, "cpu", 3, &cpu, cpu_at, nr_cpu, w, wl,
				   n);
			cpu_next = false;
		} else if (in_dev && n > 1) {
			iostat_row(ser, w[0], wl[0], &dev, dev_at, nr_dev,
				   w + 1, wl + 1, n - 1);
		}
	}
	if (!r && !reports)
		r = fd_err_at(err, lr->path, lr->lineno, "sysstat's banner, "
			      "but no 'avg-cpu:' report: not iostat's output");
	if (!r)
		lkp_series_reduce(ser, s);
	lkp_series__delete(ser);
	strbuf_release(&cpu);
	strbuf_release(&dev);
	return r < 0 ? -1 : 0;
}
