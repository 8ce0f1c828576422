/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_UNWIND_H
#define FLAMEDIFF_COLLECTOR_UNWIND_H

#include <stdint.h>

#include "collector/machine.h"

/*
 * DWARF unwinding of a sampled user stack (--call-graph dwarf), with
 * libunwind's remote interface: registers come from the sample
 * (PERF_SAMPLE_REGS_USER, REGS_USER_MASK), memory from the copy of the
 * stack in the sample or, for code and unwind tables, from the binaries
 * (dso image) mapped where the process maps them. Nothing touches the
 * target process. Unwinding happens as samples arrive so that the 8 KiB
 * stack copies are never stored.
 *
 * The unwinder owns its libunwind address space and caches; the machine
 * and dsos are borrowed for the duration of one call.
 */
struct unwinder;

struct unwinder *unwinder__new(void);
void unwinder__delete(struct unwinder *u);

/*
 * Unwind one sample: regs[] are the sampled user registers in mask order,
 * stack[0..len) the bytes at the sampled SP. Fills ips[] with the user IP
 * then the return addresses, leaf first; returns how many (0 if even the IP
 * is missing).
 */
int unwinder_run(struct unwinder *u, struct machine *m, struct proc *p,
		 const uint64_t *regs, const unsigned char *stack,
		 uint64_t len, uint64_t *ips, int max);

#endif
