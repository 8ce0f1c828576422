// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's reduction of a run's time series (analyzer/lkp-reduce.h), on the
 * worked examples of ../shared/reference/lkp-monitors.md, and stats files
 * of repeated keys read as LKP reduces them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/lkp-reduce.h"
#include "analyzer/lkp-stats.h"
#include "tap.h"
#include "testfile.h"

static void add(struct lkp_series *s, const char *k, double v)
{
	lkp_series_add(s, k, strlen(k), v);
}

static int has(struct metric_set *m, const char *k)
{
	return metric_set_find(m, k) != NULL;
}

static void vmstat(void)
{
	struct lkp_series *s = lkp_series__new("vmstat");
	struct metric_set m = { 0 };
	static const double in[] = { 890, 399, 384 }, cs[] = { 1774, 176, 213 },
			    st[] = { 0, 0, 1 };

	for (int i = 0; i < 3; i++) {
		lkp_series_next(s);
		add(s, "procs.b", 0);
		add(s, "memory.swpd", 0);
		add(s, "system.in", in[i]);
		add(s, "system.cs", cs[i]);
		add(s, "cpu.wa", 0);
		add(s, "cpu.st", st[i]);
	}
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "vmstat.system.in"), 557.6666666666666,
		1e-9, "vmstat.system.in is the mean");
	is_near(metric_set_get(&m, "vmstat.system.cs"), 721.0, 1e-9,
		"vmstat.system.cs is the mean");
	is_near(metric_set_get(&m, "vmstat.cpu.st"), 1.0 / 3, 1e-12,
		"vmstat.cpu.st is the mean");
	ok(!has(&m, "vmstat.procs.b") && !has(&m, "vmstat.memory.swpd") &&
	   !has(&m, "vmstat.cpu.wa"), "all-zero rows never exist");
	is_int(m.nr, 3, "three rows");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void proc_vmstat(void)
{
	struct lkp_series *s = lkp_series__new("proc-vmstat");
	struct metric_set m = { 0 };

	for (int i = 0; i < 3; i++) {
		lkp_series_next(s);
		add(s, "nr_free_pages", 2193415 - 4 * i);
		add(s, "pgfault", 1000000 + 500 * i);
		add(s, "workingset_refault_file", 5000 + 10 * i);
	}
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "proc-vmstat.nr_free_pages"), 2193411, 0,
		"a gauge: the mean");
	is_near(metric_set_get(&m, "proc-vmstat.pgfault"), 1000, 0,
		"a listed counter: last - first");
	is_near(metric_set_get(&m, "proc-vmstat.workingset_refault_file"),
		5010, 0, "an unlisted counter is averaged");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void two_snapshots(void)
{
	struct lkp_series *s = lkp_series__new("interrupts");
	struct lkp_series *q = lkp_series__new("softirqs");
	struct metric_set m = { 0 };

	lkp_series_next(s);
	add(s, "CPU0.LOC:Local_timer_interrupts", 3553955);
	add(s, "CPU0.36:x", 0);
	add(s, "ERR", 3);
	lkp_series_next(s);
	add(s, "CPU0.LOC:Local_timer_interrupts", 3555617);
	add(s, "CPU0.36:x", 0);
	add(s, "ERR", 3);
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "interrupts.CPU0.LOC:Local_timer_interrupts"),
		1662, 0, "interrupts: end - start");
	ok(!has(&m, "interrupts.CPU0.36:x"), "0 in both snapshots: no row");
	ok(has(&m, "interrupts.ERR") && !metric_set_get(&m, "interrupts.ERR"),
	   "unchanged non-zero: a row of 0");
	lkp_series_next(q);
	add(q, "TIMER", 331981 + 232471);
	lkp_series_next(q);
	add(q, "TIMER", 333981 + 233471);
	lkp_series_reduce(q, &m);
	is_near(metric_set_get(&m, "softirqs.TIMER"), 565952, 0,
		"softirqs: the mean of two since-boot snapshots");
	metric_set_release(&m);
	lkp_series__delete(s);
	lkp_series__delete(q);
}

static void rules(void)
{
	struct lkp_series *s = lkp_series__new("vmstat");
	struct metric_set m = { 0 };

	/* a cpu value out of [0, 110] drops the whole sample */
	lkp_series_next(s);
	add(s, "cpu.id", 50);
	add(s, "system.cs", 100);
	lkp_series_next(s);
	add(s, "cpu.id", 500);
	add(s, "system.cs", 9999);
	lkp_series_next(s);
	add(s, "cpu.id", 70);
	add(s, "system.cs", 300);
	/* a key missing from the last sample cuts it from every key */
	lkp_series_next(s);
	add(s, "cpu.id", 10);
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "vmstat.cpu.id"), 60, 1e-12,
		"an out-of-range sample is dropped, the incomplete last cut");
	is_near(metric_set_get(&m, "vmstat.system.cs"), 200, 1e-12,
		"...from every key");
	metric_set_release(&m);
	lkp_series__delete(s);

	/* a key printed once at the end: zero-padded, averaged */
	s = lkp_series__new("mpstat");
	for (int i = 0; i < 4; i++) {
		lkp_series_next(s);
		add(s, "cpu.all.usr%", 10);
	}
	add(s, "max_utilization_pct", 400);
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "mpstat.max_utilization_pct"), 100, 1e-12,
		"a key printed once at the end is padded with zeros");
	metric_set_release(&m);
	lkp_series__delete(s);

	/* time.elapsed_time gets .max; time.user_time is summed */
	s = lkp_series__new("time");
	lkp_series_next(s);
	add(s, "elapsed_time", 5);
	add(s, "user_time", 1);
	lkp_series_next(s);
	add(s, "elapsed_time", 7);
	add(s, "user_time", 2);
	lkp_series_reduce(s, &m);
	is_near(metric_set_get(&m, "time.elapsed_time"), 6, 1e-12,
		"elapsed_time: the mean");
	is_near(metric_set_get(&m, "time.elapsed_time.max"), 7, 0,
		"elapsed_time.max: the largest");
	is_near(metric_set_get(&m, "time.user_time"), 3, 0,
		"an independent counter: the sum");
	metric_set_release(&m);
	lkp_series__delete(s);

	ok(lkp_event_counter("numa-vmstat.node1.pgfault") &&
	   lkp_event_counter("cpuidle..time") &&
	   lkp_event_counter("diskstats.read_ios.sda") &&
	   !lkp_event_counter("diskstats.in_flight.sda") &&
	   !lkp_event_counter("numa-vmstat.node1.nr_active_anon") &&
	   !lkp_event_counter("softirqs.TIMER"), "LKP's counter lists");
}

static void stats_files(void)
{
	char path[] = "/tmp/lkp-reduce-XXXXXX";
	struct metric_set m = { 0 };
	struct fd_err err = { "" };
	int fd = mkstemp(path);

	if (fd < 0)
		return;
	close(fd);
	/* mpstat's parse output, as the reference's example */
	write_text(path,
		   "time: 1700000001\n"
		   "cpu.all.usr%: 45.73\ncpu.all.sys%: 5.03\n"
		   "cpu.all.iowait%: 0.50\ncpu.all.guest%: 0.00\n"
		   "cpu.all.idle%: 48.74\n"
		   "time: 1700000002\n"
		   "cpu.all.usr%: 95.96\ncpu.all.sys%: 4.04\n"
		   "cpu.all.iowait%: 0.00\ncpu.all.guest%: 0.00\n"
		   "cpu.all.idle%: 0.00\n"
		   "max_utilization_pct: 200.0\n"
		   "max_utilization.seconds: 4.0\n");
	ok(!metric_set_read(path, &m, &err), "mpstat's samples read");
	is_near(metric_set_get(&m, "cpu.all.usr%"), 70.845, 1e-9, "usr%%");
	is_near(metric_set_get(&m, "cpu.all.sys%"), 4.535, 1e-9, "sys%%");
	is_near(metric_set_get(&m, "cpu.all.iowait%"), 0.25, 1e-12,
		"iowait%%");
	is_near(metric_set_get(&m, "cpu.all.idle%"), 24.37, 1e-9, "idle%%");
	is_near(metric_set_get(&m, "max_utilization_pct"), 100, 1e-12,
		"max_utilization_pct");
	is_near(metric_set_get(&m, "max_utilization.seconds"), 2, 1e-12,
		"max_utilization.seconds");
	ok(!has(&m, "cpu.all.guest%") && !has(&m, "time"),
	   "no all-zero row, no time row");
	metric_set_release(&m);

	/* repeated keys without time lines: averaged, not added up */
	write_text(path, "cpu.-1.idle%: 75.41\ncpu.-1.idle%: 75.40\n"
			 "cpu.-1.idle%: 75.42\n");
	ok(!metric_set_read(path, &m, &err), "three samples read");
	is_near(metric_set_get(&m, "cpu.-1.idle%"), 75.41, 1e-9,
		"cpu.-1.idle%% is their mean");
	metric_set_release(&m);

	/* unique keys: a run's stats, as they are (0 kept) */
	write_text(path, "a.b: 0\nc.d: 5\n");
	ok(!metric_set_read(path, &m, &err), "unique keys read");
	ok(has(&m, "a.b") && metric_set_get(&m, "c.d") == 5,
	   "a reduced stats file is taken as it is");
	metric_set_release(&m);
	unlink(path);
}

/* perf stat -I 1000 -x , output: the reference's worked example, and the
 * derived rows of the hardware events. */
static void perf_stat(void)
{
	char path[] = "/tmp/lkp-perf-stat-XXXXXX";
	struct metric_set m = { 0 };
	struct fd_err err = { "" };
	int fd = mkstemp(path);

	if (fd < 0)
		return;
	close(fd);
	write_text(path,
		   "perf stat -a --scale -I 1000 -x , -e cpu-cycles,"
		   "instructions,context-switches --log-fd 1 -D 0 -- wait\n"
		   "     1.000100000,1000,,cpu-cycles,1000100000,100.00,0.5,GHz\n"
		   "     1.000100000,2000,,instructions,1000100000,100.00,2.00,insn per cycle\n"
		   "     1.000100000,10,,context-switches,1000100000,100.00,10.000,/sec\n"
		   "     2.000200000,3000,,cpu-cycles,1000100000,100.00,1.5,GHz\n"
		   "     2.000200000,3000,,instructions,1000100000,100.00,1.00,insn per cycle\n"
		   "     2.000200000,20,,context-switches,1000100000,100.00,20.000,/sec\n"
		   "     2.500300000,500,,cpu-cycles,500100000,100.00,1.0,GHz\n"
		   "     2.500300000,900,,instructions,500100000,100.00,1.80,insn per cycle\n"
		   "     2.500300000,999,,context-switches,500100000,100.00,1998.000,/sec\n");
	ok(!metric_set_read(path, &m, &err), "perf stat -x , output read");
	is_near(metric_set_get(&m, "perf-stat.i.cpu-cycles"),
		1999.8000199980002, 1e-9,
		"i.cpu-cycles: kept intervals' rates, the partial one dropped");
	is_near(metric_set_get(&m, "perf-stat.i.ipc"), 1.5, 1e-12,
		"i.ipc: a mean of per-interval ratios");
	is_near(metric_set_get(&m, "perf-stat.i.cpi"), 0.75, 1e-12, "i.cpi");
	is_near(metric_set_get(&m, "perf-stat.i.metric.GHz"), 1.0, 1e-12,
		"i.metric.GHz from perf's metric column");
	ok(!metric_set_find(&m, "perf-stat.i.metric./sec"),
	   "no i.metric of a unit that is not one capitalised word");
	is_near(metric_set_get(&m, "perf-stat.i.context-switches"),
		14.998500149985002, 1e-9, "i.context-switches");
	is_near(metric_set_get(&m, "perf-stat.ps.cpu-cycles"),
		1599.8080230372354, 1e-9,
		"ps.cpu-cycles: the kept counts over the last timestamp");
	is_near(metric_set_get(&m, "perf-stat.ps.context-switches"),
		11.998560172779266, 1e-9, "ps.context-switches");
	is_near(metric_set_get(&m, "perf-stat.total.instructions"), 5000, 0,
		"total.instructions");
	is_near(metric_set_get(&m, "perf-stat.overall.ipc"), 1.25, 1e-12,
		"overall.ipc");
	is_near(metric_set_get(&m, "perf-stat.overall.cpi"), 0.8, 1e-12,
		"overall.cpi");
	metric_set_release(&m);

	/* the miss rates, MPKI and friends, over two whole intervals */
	write_text(path,
		   "1.0,1000,,cpu_core/cpu-cycles/,1,100.00,,\n"
		   "1.0,4000,,cpu_core/instructions/,1,100.00,,\n"
		   "1.0,100,,cache-references,1,100.00,,\n"
		   "1.0,10,,cache-misses,1,100.00,,\n"
		   "1.0,45,,dTLB-loads,1,100.00,,\n"
		   "1.0,5,,dTLB-load-misses,1,100.00,,\n"
		   "1.0,200,,branch-instructions,1,100.00,,\n"
		   "1.0,2,,branch-misses,1,100.00,,\n"
		   "1.0,8,,iTLB-load-misses,1,100.00,,\n"
		   "1.0,<not supported>,,node-loads,1,100.00,,\n"
		   "2.0,0,,cpu_core/cpu-cycles/,1,100.00,,\n"
		   "3.0,0,,cpu_core/cpu-cycles/,1,100.00,,\n");
	ok(!metric_set_read(path, &m, &err), "hardware events read");
	is_near(metric_set_get(&m, "perf-stat.overall.cache-miss-rate%"), 10,
		1e-12, "cache-miss-rate%%: misses over references");
	is_near(metric_set_get(&m, "perf-stat.overall.dTLB-load-miss-rate%"),
		10, 1e-12, "dTLB-load-miss-rate%%: over loads + misses");
	is_near(metric_set_get(&m, "perf-stat.overall.branch-miss-rate%"), 1,
		1e-12, "branch-miss-rate%%: over branch-instructions");
	is_near(metric_set_get(&m, "perf-stat.overall.MPKI"), 2.5, 1e-12,
		"MPKI: cache misses per 1000 instructions");
	is_near(metric_set_get(&m,
			       "perf-stat.overall.cycles-between-cache-misses"),
		100, 1e-12, "cycles-between-cache-misses");
	is_near(metric_set_get(&m,
			       "perf-stat.overall.instructions-per-iTLB-miss"),
		500, 1e-12, "instructions-per-iTLB-miss");
	is_near(metric_set_get(&m, "perf-stat.overall.ipc"), 4, 1e-12,
		"cpu_core/EV/ is EV");
	metric_set_release(&m);
	unlink(path);
}

int main(void)
{
	perf_stat();
	vmstat();
	proc_vmstat();
	two_snapshots();
	rules();
	stats_files();
	return done_testing();
}
