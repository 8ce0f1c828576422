/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_KALLSYMS_H
#define FLAMEDIFF_COLLECTOR_KALLSYMS_H

#include "lib/error.h"
#include "collector/symtab.h"

/*
 * A snapshot of /proc/kallsyms, taken when the recording starts: the
 * kernel that ran is the one whose addresses the samples carry, and the
 * profile is resolved from this snapshot before it is written, so it stays
 * valid after a reboot into another kernel. Text symbols only (t, T, w, W
 * and module text). Fails, with the sysctl to change, when the kernel
 * hides addresses (kptr_restrict, perf_event_paranoid) or the file cannot
 * be read.
 */
struct kallsyms {
	struct symtab tab;
};

int kallsyms_load(struct kallsyms *k, const char *path, struct fd_err *err);

/*
 * As kallsyms_load(), but the symbols of the modules named in stale
 * (NULL-terminated; module names as kallsyms writes them) are all called
 * "[module]": modules loaded now that are not the build a recording saw
 * (kmod_build_id()), whose names would be another build's.
 */
int kallsyms_load_stale(struct kallsyms *k, const char *path,
			const char *const *stale, struct fd_err *err);

/*
 * The build-id of the module loaded now as name (from
 * /sys/module/NAME/notes/.note.gnu.build-id) into bid; 0 when it is not
 * loaded or has none.
 */
unsigned int kmod_build_id(const char *name, unsigned char bid[20]);
void kallsyms_release(struct kallsyms *k);

/* The function holding addr, NULL when none does. */
const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr);

#endif
