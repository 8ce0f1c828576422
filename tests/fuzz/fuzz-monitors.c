// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's monitors' parsers (analyzer/monitor-parse.h) on any text, as if
 * /proc or /sys had printed it: the first byte picks the parser, the rest
 * is split at "=====" into samples; each series is reduced, and every row
 * must be a number (inf or NaN is a finding).
 */
#include "tests/fuzz/fuzz-util.h"

#include "analyzer/monitor-parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lkp_series *s;
	struct meminfo_state mst = { -1, 0 };
	struct vmstat_state vst = { 0 };
	struct mpstat_state pst = { 0 };
	struct metric_set m = { 0 };
	const char *p, *end, *sep;
	unsigned int which;
	size_t i, k = 0;

	if (!size)
		return 0;
	which = data[0] % 11;
	p = (const char *)data + 1;
	end = (const char *)data + size;
	s = lkp_series__new("fuzz");
	for (; p <= end && k < 64; p = sep + strlen(FUZZ_SEP), k++) {
		size_t len;
		struct proc_stat ps;

		sep = memmem(p, (size_t)(end - p), FUZZ_SEP, strlen(FUZZ_SEP));
		if (!sep)
			sep = end;
		len = (size_t)(sep - p);
		switch (which) {
		case 0: monitor_proc_vmstat(s, p, len); break;
		case 1: monitor_meminfo(s, &mst, p, len); break;
		case 2: monitor_slabinfo(s, p, len); break;
		case 3: monitor_interrupts(s, p, len); break;
		case 4: monitor_softirqs(s, p, len); break;
		case 5: monitor_diskstats(s, p, len); break;
		case 6:
			lkp_series_next(s);
			monitor_numa_kv(s, (unsigned int)k, p, len);
			break;
		case 7:
			lkp_series_next(s);
			monitor_numa_meminfo(s, p, len);
			break;
		case 8: monitor_sched_debug(s, p, len); break;
		case 9:
			monitor_read_proc_stat(p, len, &ps);
			monitor_vmstat(s, &vst, &ps, p, len, p, len, (double)k,
				       100);
			break;
		default:
			monitor_read_proc_stat(p, len, &ps);
			monitor_mpstat(s, &pst, &ps);
			break;
		}
		if (sep == end)
			break;
	}
	if (which == 10)
		monitor_mpstat_end(s, &pst);
	lkp_series_reduce(s, &m);
	for (i = 0; i < m.nr; i++)
		FUZZ_FINITE(m.v[i].value, m.v[i].key);
	metric_set_release(&m);
	lkp_series__delete(s);
	return 0;
}
