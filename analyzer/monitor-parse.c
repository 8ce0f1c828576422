// SPDX-License-Identifier: GPL-2.0
/* LKP's monitors' keys from /proc and /sys text (monitor-parse.h). */
#include <ctype.h>
#include <stdarg.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strbuf.h"
#include "analyzer/monitor-parse.h"

/* One line of text, split on blanks: a private copy, NUL-terminated. */
struct fields {
	char *line;
	unsigned long alloc_line;
	char **f;
	unsigned long alloc_f;
	size_t n;
};

static void fields_release(struct fields *x)
{
	free(x->line);
	free(x->f);
}

/* The next line of [*p, end) split into x; false at the end. */
static bool next_fields(const char **p, const char *end, struct fields *x)
{
	const char *nl;
	size_t len;
	char *c;

	if (*p >= end)
		return false;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	len = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
	ALLOC_GROW(x->line, len + 1, x->alloc_line);
	memcpy(x->line, *p, len);
	x->line[len] = '\0';
	*p += len + (nl != NULL);
	x->n = 0;
	for (c = x->line; *c;) {
		while (*c == ' ' || *c == '\t' || *c == '\r' || !*c) {
			if (!*c)
				return true;
			*c++ = '\0';
		}
		ALLOC_GROW(x->f, x->n + 1, x->alloc_f);
		x->f[x->n++] = c;
		while (*c && *c != ' ' && *c != '\t' && *c != '\r')
			c++;
	}
	return true;
}

static bool number(const char *s, double *v)
{
	char *end;

	if (!*s)
		return false;
	*v = strtod(s, &end);
	return !*end && isfinite(*v);
}

static bool integer(const char *s, double *v)
{
	const char *c = s;

	for (; *c; c++)
		if (!isdigit((unsigned char)*c))
			return false;
	return number(s, v);
}

static void add(struct lkp_series *s, const char *k, double v)
{
	lkp_series_add(s, k, strlen(k), v);
}

static void addf(struct lkp_series *s, double v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void addf(struct lkp_series *s, double v, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	lkp_series_add(s, sb.buf, sb.len, v);
	strbuf_release(&sb);
}

/* LKP aborts a monitor on a key with a blank: such lines are skipped. */
static bool key_ok(const char *k)
{
	return *k && !strpbrk(k, " \t");
}

void monitor_proc_vmstat(struct lkp_series *s, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	double v;

	lkp_series_next(s);
	while (next_fields(&p, end, &x)) {
		/* the first line for each name: a repeat would open the
		 * next sample */
		if (x.n == 2 && number(x.f[1], &v) &&
		    !lkp_series_has(s, x.f[0]))
			add(s, x.f[0], v);
	}
	fields_release(&x);
}

void monitor_meminfo(struct lkp_series *s, struct meminfo_state *st,
		     const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	double v, free_kb = -1;
	size_t n;

	lkp_series_next(s);
	while (next_fields(&p, end, &x)) {
		if (x.n < 2 || !number(x.f[1], &v))
			continue;
		n = strlen(x.f[0]);
		if (n < 2 || x.f[0][n - 1] != ':' ||
		    !strcmp(x.f[0], "test_klp_atomic_replace:") ||
		    !strncmp(x.f[0], "entries", 7))
			continue;
		x.f[0][n - 1] = '\0';
		if (lkp_series_has(s, x.f[0]))
			continue;
		add(s, x.f[0], v);
		if (!strcmp(x.f[0], "MemTotal") && st->mem_total < 0)
			st->mem_total = v;
		if (!strcmp(x.f[0], "MemFree"))
			free_kb = v;
	}
	if (free_kb >= 0 && st->mem_total >= 0) {
		double used = st->mem_total - free_kb;

		if (used > st->max_used)
			st->max_used = used;
		add(s, "Memused", used);
		add(s, "max_used_kB", st->max_used);
	}
	fields_release(&x);
}

void monitor_slabinfo(struct lkp_series *s, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	size_t ncols = 0;
	bool version = false;
	/* the columns of "# name <active_objs> <num_objs> ... : slabdata
	 * <active_slabs> <num_slabs> <sharedavail>" */
	static const char *const want[] = {
		"<active_objs>", "<num_objs>", "<active_slabs>", "<num_slabs>"
	};
	static const char *const name[] = {
		"active_objs", "num_objs", "active_slabs", "num_slabs"
	};
	size_t col[4] = { 0 };

	lkp_series_next(s);
	while (next_fields(&p, end, &x)) {
		double v;

		if (x.n == 4 && !strcmp(x.f[0], "slabinfo") &&
		    !strcmp(x.f[3], "2.1")) {
			version = true;
			continue;
		}
		if (!version)
			break;
		if (x.n > 1 && !strcmp(x.f[0], "#")) {
			/* a header again: its columns alone count */
			ncols = x.n - 1;
			memset(col, 0, sizeof(col));
			for (size_t i = 1; i < x.n; i++)
				for (size_t j = 0; j < 4; j++)
					if (!strcmp(x.f[i], want[j]))
						col[j] = i - 1;
			continue;
		}
		if (!ncols || x.n != ncols || !key_ok(x.f[0]))
			continue;
		for (size_t j = 0; j < 4; j++)
			if (col[j] && col[j] < x.n &&
			    number(x.f[col[j]], &v))
				addf(s, v, "%s.%s", x.f[0], name[j]);
	}
	fields_release(&x);
}

/* The CPU names of the header line ("CPU0 CPU1 ..."). */
static size_t cpu_header(struct fields *x, char ***names)
{
	size_t i;

	*names = xcalloc(x->n + 1, sizeof(**names));
	for (i = 0; i < x->n; i++)
		(*names)[i] = xstrdup(x->f[i]);
	return x->n;
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void per_cpu_line(struct lkp_series *s, struct fields *x,
			 char **cpus, size_t ncpu, bool irq)
{
	struct strbuf key = STRBUF_INIT;
	size_t n, i, c;
	double v, sum = 0;
	char *id = x->f[0];
	bool numeric;

	n = strlen(id);
	if (n < 2 || id[n - 1] != ':')
		return;
	id[n - 1] = '\0';
	numeric = integer(id, &v);
	for (c = 0; c < ncpu && 1 + c < x->n && number(x->f[1 + c], &v); c++)
		;
	if (!c)
		return;
	/* the key: the id and, for an interrupt, its description */
	if (irq && x->n == 2) {
		strbuf_addstr(&key, id); /* ERR, MIS */
	} else if (irq) {
		strbuf_addf(&key, "%s:", id);
		for (i = 1 + c; i < x->n; i++) {
			if (i > 1 + c)
				strbuf_addch(&key, numeric ? '.' : '_');
			strbuf_addstr(&key, x->f[i]);
		}
		if (numeric) {
			char *q;

			/* ",." becomes "," */
			while ((q = strstr(key.buf, ",."))) {
				memmove(q + 1, q + 2, strlen(q + 2) + 1);
				key.len--;
			}
		}
	} else {
		strbuf_addstr(&key, id);
	}
	if (!key_ok(key.buf)) {
		strbuf_release(&key);
		return;
	}
	for (i = 0; i < c; i++) {
		number(x->f[1 + i], &v);
		sum += v;
		if (!(irq && x->n == 2))
			addf(s, v, "%s.%s", cpus[i], key.buf);
	}
	lkp_series_add(s, key.buf, key.len, sum);
	strbuf_release(&key);
}

static void per_cpu_file(struct lkp_series *s, const char *buf, size_t len,
			 bool irq)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	char **cpus = NULL;
	size_t ncpu = 0;

	lkp_series_next(s);
	while (next_fields(&p, end, &x)) {
		if (!x.n)
			continue;
		if (!cpus) {
			if (strncmp(x.f[0], "CPU", 3))
				break;
			ncpu = cpu_header(&x, &cpus);
			continue;
		}
		per_cpu_line(s, &x, cpus, ncpu, irq);
	}
	free_names(cpus, ncpu);
	fields_release(&x);
}

void monitor_interrupts(struct lkp_series *s, const char *buf, size_t len)
{
	per_cpu_file(s, buf, len, true);
}

void monitor_softirqs(struct lkp_series *s, const char *buf, size_t len)
{
	per_cpu_file(s, buf, len, false);
}

void monitor_diskstats(struct lkp_series *s, const char *buf, size_t len)
{
	static const char *const names[] = {
		"read_ios", "read_merges", "read_sectors", "read_ticks",
		"write_ios", "write_merges", "write_sectors", "write_ticks",
		"in_flight", "io_ticks", "time_in_queue"
	};
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	double v;

	lkp_series_next(s);
	while (next_fields(&p, end, &x)) {
		if (x.n != 14 || !key_ok(x.f[2]))
			continue;
		for (size_t i = 0; i < 11; i++)
			if (number(x.f[3 + i], &v))
				addf(s, v, "%s.%s", names[i], x.f[2]);
	}
	fields_release(&x);
}

void monitor_numa_kv(struct lkp_series *s, unsigned int node,
		     const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	char *k;
	double v;

	while (next_fields(&p, end, &x)) {
		if (x.n != 2 || !number(x.f[1], &v))
			continue;
		k = xstrfmt("node%u.%s", node, x.f[0]);
		if (!lkp_series_has(s, k))
			add(s, k, v);
		free(k);
	}
	fields_release(&x);
}

void monitor_numa_meminfo(struct lkp_series *s, const char *buf,
			  size_t len)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	double v, node;
	size_t n;

	while (next_fields(&p, end, &x)) {
		if (x.n < 4 || strcmp(x.f[0], "Node") ||
		    !integer(x.f[1], &node) || !number(x.f[3], &v))
			continue;
		n = strlen(x.f[2]);
		if (n < 2 || x.f[2][n - 1] != ':')
			continue;
		x.f[2][n - 1] = '\0';
		addf(s, v, "node%s.%s", x.f[1], x.f[2]);
	}
	fields_release(&x);
}

/* A count of /proc/stat as an integer: what is not one (negative, past
 * 2^63, not a number) counts 0. */
static uint64_t count(double v)
{
	return v >= 0 && v < 9.2e18 ? (uint64_t)v : 0;
}

void monitor_read_proc_stat(const char *buf, size_t len,
			    struct proc_stat *o)
{
	const char *p = buf, *end = buf + len;
	struct fields x = { 0 };
	double v;

	memset(o, 0, sizeof(*o));
	while (next_fields(&p, end, &x)) {
		if (x.n < 2 || !number(x.f[1], &v))
			continue;
		if (!strcmp(x.f[0], "cpu")) {
			for (size_t i = 0; i < 10 && 1 + i < x.n; i++)
				if (number(x.f[1 + i], &v))
					o->cpu[i] = count(v);
			o->valid = true;
		} else if (!strcmp(x.f[0], "intr")) {
			o->intr = count(v);
		} else if (!strcmp(x.f[0], "ctxt")) {
			o->ctxt = count(v);
		} else if (!strcmp(x.f[0], "procs_running")) {
			o->running = count(v);
		} else if (!strcmp(x.f[0], "procs_blocked")) {
			o->blocked = count(v);
		}
	}
	fields_release(&x);
}

/* The value of "name value" or "Name: value kB" in text, or 0. */
static double lookup(const char *buf, size_t len, const char *name)
{
	const char *p = buf, *end = buf + len;
	size_t n = strlen(name);
	double v = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l > n && !memcmp(p, name, n) &&
		    (p[n] == ' ' || p[n] == ':')) {
			char tmp[64];
			size_t k = l - n - 1 < sizeof(tmp) - 1 ? l - n - 1
							       : sizeof(tmp) - 1;

			memcpy(tmp, p + n + 1, k);
			tmp[k] = '\0';
			v = strtod(tmp, NULL);
			return isfinite(v) ? v : 0;
		}
		p += l + 1;
	}
	return 0;
}

static uint64_t d64(uint64_t now, uint64_t then)
{
	return now > then ? now - then : 0;
}

void monitor_vmstat(struct lkp_series *s, struct vmstat_state *st,
		    const struct proc_stat *ps, const char *meminfo,
		    size_t meminfo_len, const char *vmstat, size_t vmstat_len,
		    double t, long hz)
{
	uint64_t c[10], pswpin, pswpout, pgpgin, pgpgout;
	double use, sys, idl, iow, sto, div, rate_div, kb_page = 4;
	double in, cs, si, so, bi, bo;
	long page = 4096;

	if (!ps->valid)
		return;
#ifdef _SC_PAGESIZE
	page = sysconf(_SC_PAGESIZE);
#endif
	kb_page = page / 1024.0;
	pswpin = count(lookup(vmstat, vmstat_len, "pswpin"));
	pswpout = count(lookup(vmstat, vmstat_len, "pswpout"));
	pgpgin = count(lookup(vmstat, vmstat_len, "pgpgin"));
	pgpgout = count(lookup(vmstat, vmstat_len, "pgpgout"));
	for (size_t i = 0; i < 10; i++)
		c[i] = st->started ? d64(ps->cpu[i], st->prev.cpu[i])
				   : ps->cpu[i];
	use = (double)(c[0] + c[1]);
	sys = (double)(c[2] + c[5] + c[6]);
	idl = (double)c[3];
	iow = (double)c[4];
	sto = (double)c[7];
	div = use + sys + idl + iow + sto;
	if (div <= 0) {
		div = 1;
		idl = 1;
	}
	if (!st->started) {
		/* since boot: per second of all CPUs' time, as procps */
		rate_div = div / (double)(hz > 0 ? hz : 100);
		in = (double)ps->intr;
		cs = (double)ps->ctxt;
		si = pswpin * kb_page;
		so = pswpout * kb_page;
		bi = (double)pgpgin;
		bo = (double)pgpgout;
	} else {
		rate_div = t - st->t > 0 ? t - st->t : 1;
		in = (double)d64(ps->intr, st->prev.intr);
		cs = (double)d64(ps->ctxt, st->prev.ctxt);
		si = d64(pswpin, st->pswpin) * kb_page;
		so = d64(pswpout, st->pswpout) * kb_page;
		bi = (double)d64(pgpgin, st->pgpgin);
		bo = (double)d64(pgpgout, st->pgpgout);
	}
	lkp_series_next(s);
	add(s, "procs.r", (double)ps->running);
	add(s, "procs.b", (double)ps->blocked);
	add(s, "memory.swpd", lookup(meminfo, meminfo_len, "SwapTotal") -
			      lookup(meminfo, meminfo_len, "SwapFree"));
	add(s, "memory.free", lookup(meminfo, meminfo_len, "MemFree"));
	add(s, "memory.buff", lookup(meminfo, meminfo_len, "Buffers"));
	add(s, "memory.cache", lookup(meminfo, meminfo_len, "Cached") +
			       lookup(meminfo, meminfo_len, "SReclaimable"));
	add(s, "swap.si", floor(si / rate_div + 0.5));
	add(s, "swap.so", floor(so / rate_div + 0.5));
	add(s, "io.bi", floor(bi / rate_div + 0.5));
	add(s, "io.bo", floor(bo / rate_div + 0.5));
	add(s, "system.in", floor(in / rate_div + 0.5));
	add(s, "system.cs", floor(cs / rate_div + 0.5));
	add(s, "cpu.us", floor(100 * use / div + 0.5));
	add(s, "cpu.sy", floor(100 * sys / div + 0.5));
	add(s, "cpu.id", floor(100 * idl / div + 0.5));
	add(s, "cpu.wa", floor(100 * iow / div + 0.5));
	add(s, "cpu.st", floor(100 * sto / div + 0.5));
	st->prev = *ps;
	st->pswpin = pswpin;
	st->pswpout = pswpout;
	st->pgpgin = pgpgin;
	st->pgpgout = pgpgout;
	st->t = t;
	st->started = true;
}

static double pct(uint64_t part, double total)
{
	return floor(10000 * (double)part / total + 0.5) / 100;
}

void monitor_mpstat(struct lkp_series *s, struct mpstat_state *st,
		    const struct proc_stat *ps)
{
	uint64_t c[10];
	double total, u;

	if (!ps->valid)
		return;
	if (!st->started) {
		st->prev = *ps;
		st->started = true;
		return;
	}
	for (size_t i = 0; i < 10; i++)
		c[i] = d64(ps->cpu[i], st->prev.cpu[i]);
	st->prev = *ps;
	/* user and nice include guest time: sysstat takes it out */
	total = (double)(c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] +
			 c[7]);
	if (total <= 0)
		return;
	lkp_series_next(s);
	add(s, "cpu.all.usr%", pct(d64(c[0], c[8]), total));
	add(s, "cpu.all.nice%", pct(d64(c[1], c[9]), total));
	add(s, "cpu.all.sys%", pct(c[2], total));
	add(s, "cpu.all.iowait%", pct(c[4], total));
	add(s, "cpu.all.irq%", pct(c[5], total));
	add(s, "cpu.all.soft%", pct(c[6], total));
	add(s, "cpu.all.steal%", pct(c[7], total));
	add(s, "cpu.all.guest%", pct(c[8], total));
	add(s, "cpu.all.gnice%", pct(c[9], total));
	add(s, "cpu.all.idle%", pct(c[3], total));
	st->rows++;
	u = 100 - pct(c[3], total) - pct(c[4], total);
	if (st->rows == 1 || u > st->max_util) {
		st->max_util = u;
		st->max_at = st->rows;
	}
}

void monitor_mpstat_end(struct lkp_series *s, struct mpstat_state *st)
{
	if (!st->rows)
		return;
	/* printed once after the last sample: zero-padded by the
	 * reduction, so they read as the peak and its second */
	add(s, "max_utilization_pct", st->max_util * (double)st->rows);
	add(s, "max_utilization.seconds",
	    (double)st->max_at * (double)st->rows);
}

/* sched_debug's per-CPU keys: their values over the CPUs. */
struct cpu_vals {
	char *key;
	double *v;
	size_t n;
	unsigned long alloc;
};

static void cpu_val(struct cpu_vals **keys, size_t *nr, unsigned long *alloc,
		    const char *key, double v)
{
	struct cpu_vals *c = NULL;

	for (size_t i = 0; i < *nr; i++)
		if (!strcmp((*keys)[i].key, key)) {
			c = &(*keys)[i];
			break;
		}
	if (!c) {
		ALLOC_GROW(*keys, *nr + 1, *alloc);
		c = &(*keys)[(*nr)++];
		memset(c, 0, sizeof(*c));
		c->key = xstrdup(key);
	}
	ALLOC_GROW(c->v, c->n + 1, c->alloc);
	c->v[c->n++] = v;
}

/* A section line's prefix and CPU ("cpu#3" -> "cpu", 3; "cfs_rq[3]:/" ->
 * "cfs_rq:/", 3); *cpu -1 when it names none. */
static char *section(const char *line, long *cpu)
{
	const char *w = line, *we, *b, *e;
	struct strbuf sb = STRBUF_INIT;

	while (*w == ' ' || *w == '\t')
		w++;
	for (we = w; *we && *we != ' ' && *we != '\t'; we++)
		;
	for (const char *c = w; c < we; c++)
		if (*c != ',')
			strbuf_addch(&sb, *c);
	*cpu = -1;
	b = strchr(sb.buf, '#');
	if (!strncmp(sb.buf, "cpu#", 4) && isdigit((unsigned char)sb.buf[4])) {
		*cpu = strtol(sb.buf + 4, NULL, 10);
		strbuf_setlen(&sb, 3);
		return strbuf_detach(&sb, NULL);
	}
	(void)b;
	b = strchr(sb.buf, '[');
	e = b ? strchr(b, ']') : NULL;
	if (b && e && e > b + 1) {
		char *end;
		long n = strtol(b + 1, &end, 10);

		if (end == e && n >= 0) {
			*cpu = n;
			memmove((char *)b, e + 1, strlen(e + 1) + 1);
			sb.len = strlen(sb.buf);
		}
	}
	return strbuf_detach(&sb, NULL);
}

void monitor_sched_debug(struct lkp_series *s, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct cpu_vals *keys = NULL;
	unsigned long alloc = 0;
	size_t nr = 0;
	char *prefix = xstrdup(""), *line = NULL;
	unsigned long alloc_line = 0;
	long cpu = -1;
	bool skip = false;

	lkp_series_next(s);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *colon, *name, *ne, *val, *vend;
		double v;

		ALLOC_GROW(line, l + 1, alloc_line);
		memcpy(line, p, l);
		line[l] = '\0';
		p += l + (nl != NULL);
		for (name = line; *name == ' ' || *name == '\t'; name++)
			;
		if (!*name || !strncmp(name, "Sched Debug Version", 19) ||
		    !strncmp(name, "runnable tasks:", 15))
			continue;
		colon = strchr(name, ':');
		if (colon) {
			for (val = colon + 1; *val == ' ' || *val == '\t'; val++)
				;
			v = strtod(val, &vend);
			if (vend != val && isfinite(v) &&
			    (!*vend || *vend == ' ' || *vend == '\t')) {
				for (ne = colon; ne > name &&
				     (ne[-1] == ' ' || ne[-1] == '\t'); ne--)
					;
				*ne = '\0';
				if (skip || !key_ok(name))
					continue;
				char *key = xstrfmt("%s%s", prefix, name);

				if (cpu >= 0)
					cpu_val(&keys, &nr, &alloc, key, v);
				else if (!lkp_series_has(s, key))
					add(s, key, v);
				free(key);
				continue;
			}
		}
		free(prefix);
		prefix = section(name, &cpu);
		skip = strstr(prefix, ":/autogroup-") != NULL;
	}
	for (size_t i = 0; i < nr; i++) {
		struct cpu_vals *c = &keys[i];
		double sum = 0, sq = 0, mean, mx = c->v[0], mn = c->v[0];

		for (size_t j = 0; j < c->n; j++) {
			sum += c->v[j];
			if (c->v[j] > mx)
				mx = c->v[j];
			if (c->v[j] < mn)
				mn = c->v[j];
		}
		mean = sum / (double)c->n;
		for (size_t j = 0; j < c->n; j++)
			sq += (c->v[j] - mean) * (c->v[j] - mean);
		addf(s, mx, "%s.max", c->key);
		addf(s, mn, "%s.min", c->key);
		addf(s, mean, "%s.avg", c->key);
		addf(s, sqrt(sq / (double)c->n), "%s.stddev", c->key);
		free(c->key);
		free(c->v);
	}
	free(keys);
	free(prefix);
	free(line);
}
