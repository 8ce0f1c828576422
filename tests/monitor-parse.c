// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's monitors' keys from /proc and /sys text (analyzer/monitor-parse.h)
 * and their reduction, on the worked examples of
 * ../shared/reference/lkp-monitors.md, written out as the kernel prints
 * the files.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/monitor-parse.h"
#include "tap.h"

#define T(s) (s), strlen(s)

static double get(struct metric_set *m, const char *k)
{
	const struct metric *e = metric_set_find(m, k);

	return e ? e->value : NAN;
}

static bool has(struct metric_set *m, const char *k)
{
	return metric_set_find(m, k) != NULL;
}

static void meminfo(void)
{
	struct lkp_series *s = lkp_series__new("meminfo");
	struct meminfo_state st = { -1, 0 };
	struct metric_set m = { 0 };
	static const char *const free_[] = { "17081723", "17071723",
					     "17091723" };
	static const char *const anon[] = { "1616", "1716", "1816" };
	char buf[512];

	for (int i = 0; i < 3; i++) {
		snprintf(buf, sizeof(buf),
			 "MemTotal:       24683568 kB\n"
			 "MemFree:        %s kB\n"
			 "Active(anon):   %s kB\n"
			 "HugePages_Total:       0\n", free_[i], anon[i]);
		monitor_meminfo(s, &st, T(buf));
	}
	lkp_series_reduce(s, &m);
	is_near(get(&m, "meminfo.MemFree"), 17081723, 1e-6, "MemFree");
	is_near(get(&m, "meminfo.Memused"), 7601845, 1e-6, "Memused");
	is_near(get(&m, "meminfo.max_used_kB"), 7608511.666666667, 1e-6,
		"max_used_kB: the mean of a running maximum");
	is_near(get(&m, "meminfo.Active(anon)"), 1716, 1e-9,
		"Active(anon), brackets kept");
	ok(!has(&m, "meminfo.HugePages_Total"), "HugePages_Total 0: no row");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void interrupts(void)
{
	struct lkp_series *s = lkp_series__new("interrupts");
	struct metric_set m = { 0 };

	monitor_interrupts(s, T(
		"           CPU0       CPU1\n"
		" 36:          0     520872  PCI-MSIX-0000:00:02.0  1-edge      virtio1-req.0\n"
		"LOC:    3553955    3695677   Local timer interrupts\n"
		"ERR:          3\n"));
	monitor_interrupts(s, T(
		"           CPU0       CPU1\n"
		" 36:          0     520928  PCI-MSIX-0000:00:02.0  1-edge      virtio1-req.0\n"
		"LOC:    3555617    3697219   Local timer interrupts\n"
		"ERR:          3\n"));
	lkp_series_reduce(s, &m);
	is_near(get(&m, "interrupts.36:PCI-MSIX-0000:00:02.0.1-edge.virtio1-req.0"),
		56, 0, "a numbered IRQ: N: and its description joined by .");
	is_near(get(&m, "interrupts.CPU1.36:PCI-MSIX-0000:00:02.0.1-edge.virtio1-req.0"),
		56, 0, "... per CPU");
	ok(!has(&m, "interrupts.CPU0.36:PCI-MSIX-0000:00:02.0.1-edge.virtio1-req.0"),
	   "... no CPU0 row (0 in both)");
	is_near(get(&m, "interrupts.LOC:Local_timer_interrupts"), 3204, 0,
		"a named one: its words joined by _");
	is_near(get(&m, "interrupts.CPU0.LOC:Local_timer_interrupts"), 1662, 0,
		"... per CPU");
	ok(has(&m, "interrupts.ERR") && get(&m, "interrupts.ERR") == 0,
	   "ERR: a row of 0");
	metric_set_release(&m);
	lkp_series__delete(s);

	s = lkp_series__new("softirqs");
	monitor_softirqs(s, T("                    CPU0       CPU1\n"
			      "       TIMER:     331981     232471\n"));
	monitor_softirqs(s, T("                    CPU0       CPU1\n"
			      "       TIMER:     333981     233471\n"));
	lkp_series_reduce(s, &m);
	is_near(get(&m, "softirqs.TIMER"), 565952, 0, "softirqs: the mean");
	is_near(get(&m, "softirqs.CPU0.TIMER"), 332981, 0, "... per CPU");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void slab_disk(void)
{
	struct lkp_series *s = lkp_series__new("slabinfo");
	struct metric_set m = { 0 };
	static const char head[] =
		"slabinfo - version: 2.1\n"
		"# name            <active_objs> <num_objs> <objsize> "
		"<objperslab> <pagesperslab> : tunables <limit> <batchcount> "
		"<sharedfactor> : slabdata <active_slabs> <num_slabs> "
		"<sharedavail>\n";
	char buf[1024];

	snprintf(buf, sizeof(buf), "%svm_area_struct 4000 4200 176 23 1 : "
		 "tunables 0 0 0 : slabdata 247 247 0\n", head);
	monitor_slabinfo(s, T(buf));
	snprintf(buf, sizeof(buf), "%svm_area_struct 4100 4250 176 23 1 : "
		 "tunables 0 0 0 : slabdata 250 250 0\n", head);
	monitor_slabinfo(s, T(buf));
	lkp_series_reduce(s, &m);
	is_near(get(&m, "slabinfo.vm_area_struct.active_objs"), 4050, 0,
		"slabinfo active_objs");
	is_near(get(&m, "slabinfo.vm_area_struct.num_objs"), 4225, 0,
		"slabinfo num_objs");
	is_near(get(&m, "slabinfo.vm_area_struct.active_slabs"), 248.5, 0,
		"slabinfo active_slabs");
	is_near(get(&m, "slabinfo.vm_area_struct.num_slabs"), 248.5, 0,
		"slabinfo num_slabs");
	metric_set_release(&m);
	lkp_series__delete(s);

	s = lkp_series__new("diskstats");
	monitor_diskstats(s, T("   8       0 sda 100 2 800 50 200 4 1600 70 0 90 120\n"
			       "   8       1 sdb 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"));
	monitor_diskstats(s, T("   8       0 sda 110 2 880 55 260 4 2080 75 1 99 130\n"
			       "   8       1 sdb 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"));
	lkp_series_reduce(s, &m);
	is_near(get(&m, "diskstats.read_ios.sda"), 10, 0, "read_ios");
	is_near(get(&m, "diskstats.write_sectors.sda"), 480, 0,
		"write_sectors");
	is_near(get(&m, "diskstats.io_ticks.sda"), 9, 0, "io_ticks");
	is_near(get(&m, "diskstats.in_flight.sda"), 0.5, 0, "in_flight");
	is_near(get(&m, "diskstats.time_in_queue.sda"), 125, 0,
		"time_in_queue: a mean");
	ok(has(&m, "diskstats.read_merges.sda") &&
	   get(&m, "diskstats.read_merges.sda") == 0, "read_merges: 0");
	ok(!has(&m, "diskstats.read_ios.sdb"),
	   "a line of the modern layout (not 14 fields) gives nothing");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void numa(void)
{
	struct lkp_series *s = lkp_series__new("numa-numastat");
	struct lkp_series *v = lkp_series__new("numa-vmstat");
	struct lkp_series *mi = lkp_series__new("numa-meminfo");
	struct metric_set m = { 0 };

	lkp_series_next(s);
	monitor_numa_kv(s, 1, T("numa_hit 1000\nlocal_node 900\nother_node 100\n"));
	lkp_series_next(s);
	monitor_numa_kv(s, 1, T("numa_hit 1100\nlocal_node 990\nother_node 110\n"));
	lkp_series_next(v);
	monitor_numa_kv(v, 0, T("nr_active_anon 400\nnuma_hit 5000\n"));
	lkp_series_next(v);
	monitor_numa_kv(v, 0, T("nr_active_anon 500\nnuma_hit 6000\n"));
	lkp_series_next(mi);
	monitor_numa_meminfo(mi, T("Node 0 AnonPages:     224000 kB\n"));
	lkp_series_next(mi);
	monitor_numa_meminfo(mi, T("Node 0 AnonPages:     226000 kB\n"));
	lkp_series_reduce(s, &m);
	lkp_series_reduce(v, &m);
	lkp_series_reduce(mi, &m);
	is_near(get(&m, "numa-numastat.node1.numa_hit"), 100, 0, "numa_hit");
	is_near(get(&m, "numa-numastat.node1.local_node"), 90, 0,
		"local_node");
	is_near(get(&m, "numa-numastat.node1.other_node"), 10, 0,
		"other_node");
	is_near(get(&m, "numa-vmstat.node0.nr_active_anon"), 450, 0,
		"numa-vmstat gauge: mean");
	is_near(get(&m, "numa-vmstat.node0.numa_hit"), 1000, 0,
		"numa-vmstat counter: delta");
	is_near(get(&m, "numa-meminfo.node0.AnonPages"), 225000, 0,
		"numa-meminfo: mean");
	is_near(get(&m, "numa-meminfo.node0.AnonPages.max"), 226000, 0,
		"... and .max");
	metric_set_release(&m);
	lkp_series__delete(s);
	lkp_series__delete(v);
	lkp_series__delete(mi);
}

static void sched_debug(void)
{
	struct lkp_series *s = lkp_series__new("sched_debug");
	struct metric_set m = { 0 };

	monitor_sched_debug(s, T(
		"Sched Debug Version: v0.11, 6.18.0 #1\n"
		"ktime                                   : 1234.567890\n"
		"\n"
		"cpu#0, 2400.000 MHz\n"
		"  .nr_switches                   : 8822007\n"
		"  .curr->pid                     : 32061\n"
		"\n"
		"cfs_rq[0]:/\n"
		"  .load                          : 1620638\n"
		"\n"
		"cfs_rq[0]:/autogroup-1\n"
		"  .load                          : 99\n"
		"\n"
		"cpu#1, 2400.000 MHz\n"
		"  .nr_switches                   : 8000000\n"
		"  .curr->pid                     : 0\n"
		"\n"
		"cfs_rq[1]:/\n"
		"  .load                          : 0\n"
		"\n"
		"runnable tasks:\n"));
	lkp_series_reduce(s, &m);
	is_near(get(&m, "sched_debug.cpu.nr_switches.avg"), 8411003.5, 0,
		"nr_switches.avg");
	is_near(get(&m, "sched_debug.cpu.nr_switches.max"), 8822007, 0,
		"nr_switches.max");
	is_near(get(&m, "sched_debug.cpu.nr_switches.min"), 8000000, 0,
		"nr_switches.min");
	is_near(get(&m, "sched_debug.cpu.nr_switches.stddev"), 411003.5, 1e-6,
		"nr_switches.stddev (population)");
	is_near(get(&m, "sched_debug.cpu.curr->pid.avg"), 16030.5, 0,
		"curr->pid.avg");
	ok(!has(&m, "sched_debug.cpu.curr->pid.min"), "a .min of 0: no row");
	is_near(get(&m, "sched_debug.cfs_rq:/.load.avg"), 810319, 0,
		"cfs_rq:/.load.avg, the autogroup section left out");
	is_near(get(&m, "sched_debug.ktime"), 1234.56789, 1e-9,
		"a key of no CPU: as it is");
	metric_set_release(&m);
	lkp_series__delete(s);
}

static void derived(void)
{
	struct lkp_series *s = lkp_series__new("mpstat");
	struct lkp_series *v = lkp_series__new("vmstat");
	struct mpstat_state st = { 0 };
	struct vmstat_state vs = { 0 };
	struct metric_set m = { 0 };
	struct proc_stat ps;
	static const char mem[] = "MemFree: 1000 kB\nBuffers: 10 kB\n"
				  "Cached: 100 kB\nSReclaimable: 5 kB\n";
	static const char vm[] = "pgpgin 0\npgpgout 0\n";

	/* user nice system idle iowait irq softirq steal guest gnice */
	monitor_read_proc_stat(T("cpu  100 0 100 800 0 0 0 0 0 0\n"
				 "intr 1000 0\nctxt 2000\n"
				 "procs_running 3\nprocs_blocked 0\n"), &ps);
	ok(ps.valid && ps.intr == 1000 && ps.ctxt == 2000 && ps.running == 3,
	   "/proc/stat read");
	monitor_mpstat(s, &st, &ps);
	monitor_vmstat(v, &vs, &ps, T(mem), T(vm), 0, 100);
	monitor_read_proc_stat(T("cpu  250 0 130 820 0 0 0 0 0 0\n"
				 "intr 1500 0\nctxt 2600\n"
				 "procs_running 2\nprocs_blocked 0\n"), &ps);
	monitor_mpstat(s, &st, &ps);
	monitor_vmstat(v, &vs, &ps, T(mem), T(vm), 1, 100);
	monitor_mpstat_end(s, &st);
	lkp_series_reduce(s, &m);
	lkp_series_reduce(v, &m);
	is_near(get(&m, "mpstat.cpu.all.usr%"), 75, 1e-9,
		"mpstat: the interval's usr%% (150 of 200 jiffies)");
	is_near(get(&m, "mpstat.cpu.all.sys%"), 15, 1e-9, "mpstat sys%%");
	is_near(get(&m, "mpstat.cpu.all.idle%"), 10, 1e-9, "mpstat idle%%");
	is_near(get(&m, "mpstat.max_utilization_pct"), 90, 1e-9,
		"max_utilization_pct");
	/* vmstat: the first row since boot (1000 jiffies = 10 s of all CPUs),
	 * then the second's */
	is_near(get(&m, "vmstat.system.in"), (100 + 500) / 2.0, 1e-9,
		"vmstat.system.in: since boot, then per second");
	is_near(get(&m, "vmstat.system.cs"), (200 + 600) / 2.0, 1e-9,
		"vmstat.system.cs");
	is_near(get(&m, "vmstat.cpu.us"), (10 + 75) / 2.0, 1e-9,
		"vmstat.cpu.us");
	is_near(get(&m, "vmstat.memory.cache"), 105, 1e-9,
		"vmstat.memory.cache: Cached + SReclaimable");
	is_near(get(&m, "vmstat.procs.r"), 2.5, 1e-9, "vmstat.procs.r");
	metric_set_release(&m);
	lkp_series__delete(s);
	lkp_series__delete(v);
}

int main(void)
{
	meminfo();
	interrupts();
	slab_disk();
	numa();
	sched_debug();
	derived();
	return done_testing();
}
