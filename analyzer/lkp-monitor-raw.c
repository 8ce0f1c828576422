// SPDX-License-Identifier: GPL-2.0
/* A monitor's raw file, LKP's "time:" then the file (lkp-monitor-raw.h). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "analyzer/lkp-monitor-raw.h"
#include "analyzer/monitor-parse.h"

enum raw { RAW_NONE, RAW_PROC_VMSTAT, RAW_MEMINFO, RAW_SLABINFO,
	   RAW_INTERRUPTS, RAW_SOFTIRQS, RAW_DISKSTATS, RAW_SCHED_DEBUG,
	   RAW_CPUIDLE, RAW_NUMA_NUMASTAT, RAW_NUMA_VMSTAT, RAW_NUMA_MEMINFO };

static const char *const raw_names[] = {
	NULL, "proc-vmstat", "meminfo", "slabinfo", "interrupts", "softirqs",
	"diskstats", "sched_debug", "cpuidle", "numa-numastat", "numa-vmstat",
	"numa-meminfo"
};

/* "cpuN." then the key: its length, 0 if line is no such line. */
static size_t cpu_prefix(const char *p, size_t len)
{
	size_t i = 3;

	if (len < 5 || strncmp(p, "cpu", 3) || !isdigit((unsigned char)p[3]))
		return 0;
	while (i < len && isdigit((unsigned char)p[i]))
		i++;
	return i < len && p[i] == '.' ? i + 1 : 0;
}

/* "node: N": N, or -1. */
static long node_line(const char *p, size_t len)
{
	char *end;
	long n;

	if (len < 7 || strncmp(p, "node: ", 6) ||
	    !isdigit((unsigned char)p[6]))
		return -1;
	n = strtol(p + 6, &end, 10);
	if ((size_t)(end - p) != len || n > 1 << 20)
		return -1;
	return n;
}

bool lkp_monitor_raw_line(const char *line, size_t len)
{
	return cpu_prefix(line, len) || node_line(line, len) >= 0;
}

/* The monitor whose file sample is. */
static enum raw which(const char *sample)
{
	const char *p = sample, *nl;
	char word[64];
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
	nl = strchr(p, '\n');
	n = nl ? (size_t)(nl - p) : strlen(p);
	if (cpu_prefix(p, n) && memchr(p, ':', n))
		return RAW_CPUIDLE;
	if (node_line(p, n) >= 0) {
		/* numastat's first line is numa_hit, node vmstat's
		 * nr_free_pages */
		p += n + (nl != NULL);
		return !strncmp(p, "nr_", 3) ? RAW_NUMA_VMSTAT :
					       RAW_NUMA_NUMASTAT;
	}
	if (!strncmp(p, "Node ", 5) && isdigit((unsigned char)p[5]))
		return RAW_NUMA_MEMINFO;
	if (!strncmp(p, "slabinfo - version", 18))
		return RAW_SLABINFO;
	if (!strncmp(p, "Sched Debug Version", 19))
		return RAW_SCHED_DEBUG;
	if (!strncmp(p, "MemTotal:", 9))
		return RAW_MEMINFO;
	if (!strncmp(p, "CPU0", 4)) {
		nl = strchr(p, '\n');
		if (!nl)
			return RAW_NONE;
		for (p = nl + 1; *p == ' ' || *p == '\t'; p++)
			;
		return !strncmp(p, "HI:", 3) ? RAW_SOFTIRQS : RAW_INTERRUPTS;
	}
	/* "   8       0 sda ..." */
	if (isdigit((unsigned char)*p)) {
		int f = 0;

		for (nl = p; *nl && *nl != '\n'; f++) {
			while (*nl == ' ' || *nl == '\t')
				nl++;
			while (*nl && *nl != ' ' && *nl != '\t' && *nl != '\n')
				nl++;
			while (*nl == ' ' || *nl == '\t')
				nl++;
		}
		return f >= 14 ? RAW_DISKSTATS : RAW_NONE;
	}
	/* "nr_free_pages 2193415" */
	for (n = 0; p[n] && p[n] != ' ' && p[n] != '\n' && n < sizeof(word);
	     n++)
		;
	if (p[n] == ' ' && isdigit((unsigned char)p[n + 1]) &&
	    (!strncmp(p, "nr_", 3) || !strncmp(p, "pg", 2)))
		return RAW_PROC_VMSTAT;
	return RAW_NONE;
}

/* cpuidle's snapshot: "cpuN.KEY: v" summed over the CPUs by KEY (LKP's
 * STATE is always empty: "cpu0..time"), one value a key a sample. */
static void cpuidle(struct lkp_series *s, const struct strbuf *sb)
{
	struct metric_set sum = { 0 };
	const char *p = sb->buf, *end = sb->buf + sb->len, *nl, *colon;
	char key[128], *e;
	size_t n, k, i;
	double v;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		n = (size_t)(nl - p);
		k = cpu_prefix(p, n);
		colon = memchr(p, ':', n);
		if (!k || !colon || (size_t)(colon - p) - k >= sizeof(key))
			continue;
		memcpy(key, p + k, (size_t)(colon - p) - k);
		key[colon - p - k] = '\0';
		v = strtod(colon + 1, &e);
		if (e == colon + 1 || e != nl || !isfinite(v))
			continue;
		metric_set_add(&sum, key, v);
	}
	lkp_series_next(s);
	/* metric_set_sort() sums the values of a key */
	metric_set_sort(&sum);
	for (i = 0; i < sum.nr; i++)
		lkp_series_add(s, sum.v[i].key, strlen(sum.v[i].key),
			       sum.v[i].value);
	metric_set_release(&sum);
}

/* numa-numastat's and numa-vmstat's sample: "node: N", then its file. */
static void numa_kv(struct lkp_series *s, const struct strbuf *sb)
{
	const char *p = sb->buf, *end = sb->buf + sb->len, *nl, *from = NULL;
	long node = -1, n;

	lkp_series_next(s);
	for (; p <= end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		n = node_line(p, (size_t)(nl - p));
		if (n < 0 && nl < end)
			continue;
		if (node >= 0 && from)
			monitor_numa_kv(s, (unsigned int)node, from,
					(size_t)(p - from));
		node = n;
		from = nl + 1;
		if (nl == end)
			break;
	}
}

const char *lkp_monitor_raw_kind(const char *sample)
{
	return raw_names[which(sample)];
}

static void parse(enum raw w, struct lkp_series *s, struct meminfo_state *m,
		  const struct strbuf *sb)
{
	switch (w) {
	case RAW_CPUIDLE: cpuidle(s, sb); break;
	case RAW_NUMA_NUMASTAT:
	case RAW_NUMA_VMSTAT: numa_kv(s, sb); break;
	case RAW_NUMA_MEMINFO:
		lkp_series_next(s);
		monitor_numa_meminfo(s, sb->buf, sb->len);
		break;
	case RAW_PROC_VMSTAT: monitor_proc_vmstat(s, sb->buf, sb->len); break;
	case RAW_MEMINFO: monitor_meminfo(s, m, sb->buf, sb->len); break;
	case RAW_SLABINFO: monitor_slabinfo(s, sb->buf, sb->len); break;
	case RAW_INTERRUPTS: monitor_interrupts(s, sb->buf, sb->len); break;
	case RAW_SOFTIRQS: monitor_softirqs(s, sb->buf, sb->len); break;
	case RAW_DISKSTATS: monitor_diskstats(s, sb->buf, sb->len); break;
	case RAW_SCHED_DEBUG: monitor_sched_debug(s, sb->buf, sb->len); break;
	case RAW_NONE: break;
	}
}

static bool time_line(const char *line, size_t len)
{
	return len > 6 && !strncmp(line, "time: ", 6) &&
	       isdigit((unsigned char)line[6]);
}

int lkp_monitor_raw_read(struct linereader *lr, char *first, size_t len,
			 struct metric_set *out, struct fd_err *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct meminfo_state m = { -1, 0 };
	struct lkp_series *s = NULL;
	unsigned long lineno = lr->lineno;
	enum raw w = RAW_NONE;
	char *line = first;
	int r = 1;

	for (; r > 0; r = lr_next(lr, &line, &len, err)) {
		if (!time_line(line, len)) {
			strbuf_add(&sb, line, len);
			strbuf_addch(&sb, '\n');
			continue;
		}
		if (w == RAW_NONE) {
			w = which(sb.buf);
			if (w == RAW_NONE)
				break;
			s = lkp_series__new(raw_names[w]);
		}
		parse(w, s, &m, &sb);
		strbuf_reset(&sb);
	}
	if (r >= 0 && w == RAW_NONE)
		w = which(sb.buf);
	if (r >= 0 && w == RAW_NONE) {
		r = fd_err_at(err, lr->path, lineno, "after 'time:', the text "
			      "of no monitor LKP runs (proc-vmstat, meminfo, "
			      "slabinfo, interrupts, softirqs, diskstats, "
			      "sched_debug, cpuidle, numa-*)");
	} else if (r >= 0) {
		if (!s)
			s = lkp_series__new(raw_names[w]);
		if (sb.len)
			parse(w, s, &m, &sb);
		lkp_series_reduce(s, out);
		r = 0;
	}
	lkp_series__delete(s);
	strbuf_release(&sb);
	return r < 0 ? -1 : 0;
}
