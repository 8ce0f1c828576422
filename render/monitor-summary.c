// SPDX-License-Identifier: GPL-2.0
/* The monitors of a run, in a few lines (monitor-summary.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/monitor-summary.h"
#include "render/textfmt.h"

struct pick {
	const char *monitor;
	const char *const rows[12];
};

/* The rows of the seeds' reports, in the order a reader takes them. */
static const struct pick picks[] = {
	{ "vmstat", { "system.cs", "system.in", "procs.r", "procs.b",
		      "cpu.us", "cpu.sy", "cpu.id", "cpu.wa", "io.bi",
		      "io.bo", NULL } },
	{ "mpstat", { "cpu.all.usr%", "cpu.all.sys%", "cpu.all.soft%",
		      "cpu.all.irq%", "cpu.all.iowait%", "cpu.all.idle%",
		      "max_utilization_pct", NULL } },
	{ "meminfo", { "Memused", "Active(anon)", "Shmem", "Slab",
		       "SUnreclaim", "PageTables", "Percpu", "Committed_AS",
		       NULL } },
	{ "proc-vmstat", { "pgfault", "pgalloc_normal", "pgfree", "pgreuse",
			   "numa_hit", "nr_anon_pages", NULL } },
	{ "interrupts", { "LOC:Local_timer_interrupts",
			  "RES:Rescheduling_interrupts",
			  "CAL:Function_call_interrupts",
			  "TLB:TLB_shootdowns", NULL } },
	{ "cpuidle", { ".time", ".usage", NULL } },
};

static const char *value(char *buf, size_t size, double v)
{
	if (!isfinite(v))
		snprintf(buf, size, "%s", TEXT_NOT_A_NUMBER);
	else if (fabs(v) >= 1e6 || v == floor(v))
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.2f", v);
	return buf;
}

void monitor_summary_text(struct outfile *o, struct metric_set *stats)
{
	char key[256], v[48];
	size_t i, j, col = 0, w;
	int lines = 0;

	for (i = 0; i < sizeof(picks) / sizeof(*picks); i++) {
		int n = 0;

		for (j = 0; picks[i].rows[j]; j++) {
			const struct metric *e;

			snprintf(key, sizeof(key), "%s.%s", picks[i].monitor,
				 picks[i].rows[j]);
			e = metric_set_find(stats, key);
			if (!e)
				continue;
			if (!n && !lines++)
				outfile_puts(o, "monitors (report --lkp prints "
						"every row):\n");
			if (!n) {
				outfile_printf(o, "  %s:", picks[i].monitor);
				col = 3 + strlen(picks[i].monitor);
			}
			value(v, sizeof(v), e->value);
			w = strlen(picks[i].rows[j]) + strlen(v) + 3;
			/* lines of 80 columns at most */
			if (n && col + w > 79) {
				outfile_puts(o, ",\n   ");
				col = 3;
			} else if (n) {
				outfile_puts(o, ",");
			}
			outfile_printf(o, " %s %s", picks[i].rows[j], v);
			col += w;
			n++;
		}
		if (n)
			outfile_puts(o, "\n");
	}
}
