// SPDX-License-Identifier: GPL-2.0
/* A monitor's raw file, LKP's "time:" then the file (lkp-monitor-raw.h). */
#include <ctype.h>
#include <string.h>

#include "lib/strbuf.h"
#include "analyzer/lkp-monitor-raw.h"
#include "analyzer/monitor-parse.h"

enum raw { RAW_NONE, RAW_PROC_VMSTAT, RAW_MEMINFO, RAW_SLABINFO,
	   RAW_INTERRUPTS, RAW_SOFTIRQS, RAW_DISKSTATS, RAW_SCHED_DEBUG };

static const char *const raw_names[] = {
	NULL, "proc-vmstat", "meminfo", "slabinfo", "interrupts", "softirqs",
	"diskstats", "sched_debug"
};

/* The monitor whose file sample is. */
static enum raw which(const char *sample)
{
	const char *p = sample, *nl;
	char word[64];
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
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

static void parse(enum raw w, struct lkp_series *s, struct meminfo_state *m,
		  const struct strbuf *sb)
{
	switch (w) {
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
			      "sched_debug)");
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
