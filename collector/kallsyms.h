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
/*
 * A kernel module where a recording saw it (perf.data's MMAP records of
 * pid -1): its name as kallsyms spells it ('_' for '-') and [start, end).
 */
struct kmod_map {
	char name[64];
	uint64_t start, end;
};

/* A recorded module's range and the name its frames get there. */
struct kmod_gone {
	struct kmod_map map;
	char label[68]; /* "[module]" */
};

/*
 * gone: the recorded modules that kallsyms does not show where the
 * recording saw them (unloaded or moved since): their ranges are named
 * "[module]" whatever kallsyms has there now.
 */
struct kallsyms {
	struct symtab tab;
	struct kmod_gone *gone;
	unsigned long nr_gone, alloc_gone;
};

int kallsyms_load(struct kallsyms *k, const char *path, struct fd_err *err);

/*
 * As kallsyms_load(), for the kernel a recording ran on, seen again now.
 * The symbols of the modules named in stale (NULL-terminated; module
 * names as kallsyms writes them) are all called "[module]": modules
 * loaded now that are not the build the recording saw (kmod_build_id()),
 * whose names would be another build's. Of the nr modules in maps, those
 * with no text symbol of theirs in their recorded range go to k->gone,
 * but a module loaded now (/sys/module) with no text symbol at all.
 */
int kallsyms_load_recorded(struct kallsyms *k, const char *path,
			   const char *const *stale,
			   const struct kmod_map *maps, unsigned long nr,
			   struct fd_err *err);

/*
 * The module name in a kernel MMAP record's path ("/lib/modules/.../x.ko",
 * maybe compressed, or "[x]") as kallsyms spells it, into name; false
 * when path names no module.
 */
bool kmod_name(const char *path, char *name, size_t size);

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
