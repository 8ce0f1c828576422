/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DSO_H
#define FLAMEDIFF_COLLECTOR_DSO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/hmap.h"
#include "collector/symtab.h"

/*
 * A binary that some process maps executable: the main program, a shared
 * library, the vDSO. One struct dso per file (device + inode, or the name
 * for files without one, like "[vdso]"), shared by every process that maps
 * it; all of them live in one struct dsos, which owns them.
 *
 * Two steps, so that the recording itself stays cheap:
 *  - dso_open(), while the recording runs, the first time a sample lands
 *    in the file (a process may exit, or a binary be rebuilt or deleted,
 *    before the end): opens the file and keeps it open (up to
 *    DSOS_MAX_FDS files), reads the build-id and the PT_LOAD segments (file
 *    offset -> ELF address); with keep_image it also reads the segment
 *    with .eh_frame_hdr and .eh_frame into memory for the DWARF unwinder
 *    (never mapped: a file truncated under a mapping means SIGBUS);
 *  - dso_load(), at the end: the function symbols (.symtab, the separate
 *    debug file found by build-id or .gnu_debuglink when the binary has no
 *    .symtab, and .dynsym) into one sorted table, from the file kept open.
 *    Two files with the same build-id share one table (symsrc).
 */
struct dso_seg {
	uint64_t off, filesz; /* file range */
	uint64_t vaddr;	      /* ELF address of off */
};

struct dso {
	uint32_t id;	  /* index in dsos->v */
	char *path;	  /* as the process mapped it */
	const char *base; /* basename of path */
	uint64_t dev, ino;
	uint32_t next_same_ino; /* chain in dsos->by_ino, UINT32_MAX = end */
	int pid;	  /* a process that maps it (its /proc/PID/root), 0 */
	/*
	 * JIT code: anonymous executable memory of process pid, named by
	 * its /tmp/perf-PID.map ("START SIZE name" a line, hex), as perf
	 * reads it. path is that file; dev and jit_base the region's start,
	 * which tells the regions of one process apart; file offsets are
	 * from jit_base.
	 */
	bool perfmap;
	uint64_t jit_base;

	/* what dso_symbolize() says where no symbol covers (NULL: nothing,
	 * the caller names the frame "[base]"); not owned */
	const char *nosym;

	bool opened;	  /* dso_open() ran (whatever the outcome) */
	bool loaded;	  /* dso_load() ran (whatever the outcome) */
	bool is_elf;	  /* dso_open() found an ELF file */
	int fd;		  /* the file, kept open until dso_load(); -1 */
	unsigned char build_id[20];
	unsigned int build_id_len;
	struct dso_seg *segs;
	unsigned int nr_segs;
	struct symtab syms;
	struct dso *symsrc; /* whose syms to use: itself or a same build-id */

	/* for the unwinder (keep_image) */
	const unsigned char *image; /* owned: file bytes from image_off */
	uint64_t image_off;
	size_t image_len;
	uint64_t eh_frame_hdr_vaddr, eh_frame_hdr_len; /* 0 = none */
};

#define DSOS_MAX_FDS 512

struct dsos {
	struct dso **v;
	unsigned long nr, alloc;
	struct hmap by_ino;   /* ino -> first dso id with it */
	bool keep_image;      /* read unwind tables for DWARF unwinding */
	bool no_demangle;     /* build.c: keep C++/Rust names mangled */
	unsigned int nr_fds;  /* files kept open */
	const char *debug_dir; /* "/usr/lib/debug" */
	/*
	 * Name frames as perf does (perf.data; record leaves it off):
	 * untyped symbols of text sections name frames too, one symbol
	 * table (.symtab, else .dynsym, not both) and "name@plt" for PLT
	 * entries (dso.c).
	 */
	bool as_perf;
};

void dsos_init(struct dsos *d, bool keep_image);
void dsos_release(struct dsos *d);

/* The dso of (dev, ino, path), created (not loaded) when new. */
struct dso *dsos_get(struct dsos *d, uint64_t dev, uint64_t ino,
		     const char *path);

/*
 * Open the dso's file (once). open_path is where to open it from (NULL:
 * dso->path; e.g. /proc/PID/root/... for another mount namespace). Never
 * fails: a dso that cannot be read resolves every address to "[base]".
 */
void dso_open(struct dsos *d, struct dso *dso, const char *open_path);
/* Read its symbols (once; opens it first if needed). */
void dso_load(struct dsos *d, struct dso *dso);

/* ELF address of a file offset (PT_LOAD), false when no segment holds it. */
bool dso_off_to_vaddr(const struct dso *dso, uint64_t off, uint64_t *vaddr);

/* The function at file offset off, dso->nosym when no symbol covers it. */
const char *dso_symbolize(const struct dso *dso, uint64_t off);

#endif
