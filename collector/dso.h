/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DSO_H
#define FLAMEDIFF_COLLECTOR_DSO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/hmap.h"
#include "lib/strbuf.h"
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
 *    Two dsos share one table (symsrc) only when they read one file: the
 *    same build-id and the same inode (two paths of one file, or one copy
 *    in perf's build-id cache), never two files that merely claim one
 *    build-id (a user's copy of root's binary with its symbols renamed).
 *
 * Which file names a dso's frames (SECURITY.md): only the file that was
 * mapped, or a file with the build-id the recording saw. dso_open() looks
 * for the mapped inode at /proc/PID/map_files/START-END (the mapping
 * itself, while the process lives), /proc/PID/root/PATH and PATH; a file
 * at the path with another inode (a rebuild, a link to a file the
 * process's owner cannot read) is not it. When the build-id is known
 * (perf.data's table: dso_want_build_id(), before dso_open() when the
 * table could be read before the samples, else at the end; in record the
 * one read at first sight) the file must carry it, and perf's
 * build-id cache (~/.debug/.build-id/xx/yyy/elf, ~/.debug/PATH/BID/elf),
 * /usr/lib/debug/.build-id (under --symfs), the path (and SYMFS/PATH),
 * /proc/PID/root/PATH and, where DEBUGINFOD_URLS is set, debuginfod are
 * searched for it. A separate debug file found so (objcopy
 * --only-keep-debug) has no code, only the code's addresses: its
 * executable segment is placed at the file offset of the mapping that
 * holds it (map_pgoff), as the loader placed it. A dso that has
 * no such file is not "verified": its frames are "[base]", as perf names
 * a file without symbols, and dso_load() adds one line to dsos->warn that
 * says why. Separate debug files (build-id, .gnu_debuglink) must carry the
 * binary's build-id or, for a debuglink, its CRC32.
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
	uint64_t map_start, map_end; /* one mapping of it in pid, 0: none */
	uint64_t map_pgoff;	     /* and its file offset */
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
	/* the build-id the recording saw (0 bytes: not known) */
	unsigned char want_bid[20];
	unsigned int want_bid_len;
	/* the file read is the mapped one: its inode, or want_bid */
	bool verified;
	bool warned;	  /* its line in dsos->warn is written */
	const char *why;  /* why not verified (for the warning), static */
	uint64_t file_dev, file_ino; /* the file read, for sharing symbols */
	char *from;	  /* where it was read when not path (a cache), owned */
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
	 * perf.data's --symfs: where the recorded machine's files are, as
	 * perf's --symfs: the debug files under SYMFS/usr/lib/debug (not
	 * this machine's), the binaries also at SYMFS/PATH. "": none.
	 */
	const char *symfs;
	/*
	 * Name frames as perf does (perf.data; record leaves it off):
	 * untyped symbols of text sections name frames too, one symbol
	 * table (.symtab, else .dynsym, not both) and "name@plt" for PLT
	 * entries (dso.c).
	 */
	bool as_perf;
	/*
	 * perf.data: the build-ids may come after the samples (a pipe,
	 * stdin), so a file at the path whose inode is not the mapping's is
	 * opened all the same (for its segments and the unwinder),
	 * unverified until dso_want_build_id() says it carries the recorded
	 * build-id. A build-id known before dso_open() is searched for
	 * there, so that the unwinder reads the recorded build.
	 */
	bool open_unverified;
	const char *home;     /* where perf's ~/.debug is ($HOME), or NULL */
	struct strbuf warn;   /* a line per dso whose frames are "[base]" */
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

/*
 * The build-id the recording saw for dso (perf.data's build-id table).
 * An opened dso whose file does not carry it is opened again from a file
 * that does (the build-id cache...), before dso_load(); none found: its
 * frames are "[base]". Without keep_image only (the unwinder has read the
 * file it had), else the dso is only left unverified.
 */
void dso_want_build_id(struct dsos *d, struct dso *dso,
		       const unsigned char *bid, unsigned int len);

/* "hex" of a build-id, out must hold 2 * len + 1 bytes. */
void build_id_hex(const unsigned char *bid, unsigned int len, char *out);

/* ELF address of a file offset (PT_LOAD), false when no segment holds it. */
bool dso_off_to_vaddr(const struct dso *dso, uint64_t off, uint64_t *vaddr);

/* The function at file offset off, dso->nosym when no symbol covers it. */
const char *dso_symbolize(const struct dso *dso, uint64_t off);

/*
 * The address of offset off in JIT code (anonymous memory, whose offset
 * the kernel counts from the region's start): what perf map symbols and
 * perf script's "[unknown]" frames are keyed by. Elsewhere off itself.
 */
static inline uint64_t dso_jit_addr(const struct dso *dso, uint64_t off)
{
	return dso->perfmap ? dso->jit_base + off : off;
}

#endif
