/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_PERF_H
#define FLAMEDIFF_COLLECTOR_PERF_H

/*
 * The kernel interface the collector speaks: the perf_event_open system
 * call (glibc has no wrapper) and the few constants and record layouts
 * that <linux/perf_event.h> leaves to the reader.
 */
#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline int sys_perf_event_open(struct perf_event_attr *attr,
				      pid_t pid, int cpu, int group_fd,
				      unsigned long flags)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, group_fd,
			    flags);
}

/*
 * The sample_type every event of a recording uses. The sampling event and
 * the tracking event share one ring buffer per CPU, so they must lay their
 * records out the same way (see ring.h); the tracking event never samples.
 */
#define RECORD_SAMPLE_TYPE                                                 \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |             \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN)
#define RECORD_SAMPLE_TYPE_DWARF                                           \
	(RECORD_SAMPLE_TYPE | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER)

/*
 * With sample_id_all, every non-sample record ends with the sample id
 * fields of RECORD_SAMPLE_TYPE: {pid, tid}, time, {cpu, res}.
 */
struct sample_id {
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu, res;
};

/* x86_64 user registers copied with --call-graph dwarf (perf_regs.h). */
#define REG_X86_BP 6
#define REG_X86_SP 7
#define REG_X86_IP 8
#define REG_X86_NR 24 /* AX..IP, then FLAGS, CS.., R8..R15 at 16..23 */
/* AX..IP (0-8) and R8..R15 (16-23): the segment registers are useless. */
#define REGS_USER_MASK 0xff01ffULL

#ifndef PERF_RECORD_MISC_MMAP_BUILD_ID
#define PERF_RECORD_MISC_MMAP_BUILD_ID (1 << 14)
#endif

#endif
