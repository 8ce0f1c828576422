/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_OUTFILE_H
#define FLAMEDIFF_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/error.h"

/*
 * An output file that is complete or absent, which root can write into a
 * directory it shares with other users (/tmp) without writing where they
 * point it (SECURITY.md).
 *
 * Where: the path is walked here one component at a time, every lookup
 * with O_PATH | O_NOFOLLOW, so the kernel never follows a link by name
 * and nothing can be swapped between a check and its use. A symbolic link
 * is followed as fs.protected_symlinks=1 would, whatever that sysctl is
 * set to: when the link's owner is the caller (euid), or its directory is
 * not both sticky and world-writable, or the link's owner owns that
 * directory; otherwise the output is refused ("not following ..."). A
 * link that names nothing yet (dangling) in a sticky world-writable
 * directory is followed only when the caller owns it. A link in /proc
 * (/dev/stdout) is refused: "-" is standard output. The walk ends in a
 * directory held open by descriptor and a name in it; everything after
 * (the temporary, the rename) is relative to that descriptor, so the file
 * lands where the walk found it even if the path changes meanwhile.
 *
 * How: everything goes to a file in that directory that has no name yet
 * (O_TMPFILE), given one and renamed over the name by outfile_commit().
 * outfile_abort(), a crash or SIGKILL leave the target untouched and
 * nothing beside it. Where the file system has no O_TMPFILE (or neither
 * CAP_DAC_READ_SEARCH nor /proc allows linking it), a named temporary
 * "NAME.tmp.PID.N" is used instead, which only a crash or SIGKILL can
 * leave behind. The rename replaces a link put at the name meanwhile, never
 * what it points to, and an existing file is never written into: a hard
 * link to another file is replaced, not written through.
 *
 * What: only regular files are written. "-" writes to standard output
 * (whatever it is: the caller chose it). A FIFO, a socket or a device is
 * refused, except the character devices 1:3 and 1:7 (/dev/null,
 * /dev/full), which are written in place: renaming over them would replace
 * the node, and writing to them changes nothing. They are recognised by
 * device number, not owner: only CAP_MKNOD creates a device node, and its
 * number, not its name, is what a write reaches. A FIFO is never opened,
 * so it cannot block: the walk sees its type first, and the sink devices
 * are opened O_NONBLOCK and checked again by fstat().
 *
 * Mode: 0666 less the umask, as any new file; OUTFILE_PRIVATE gives 0600
 * less the umask, as perf gives perf.data: profiles name other users'
 * processes and functions. A replaced file gets the new mode, not its old.
 *
 * A path ending in ".gz" is gzip-compressed. Every descriptor is
 * close-on-exec: a command run meanwhile cannot write into the output.
 * Errors name the path and the system's own reason (ENOSPC is "No space
 * left on device", compressed or not).
 */
enum {
	OUTFILE_PRIVATE = 1 << 0, /* 0600: a profile */
};

struct outfile {
	char *path;  /* as given, for messages; NULL for stdout */
	char *name;  /* the name in dirfd the output gets */
	char *tmp;   /* the temporary's name in dirfd, once it has one */
	int dirfd;   /* the directory the walk ended in; -1 */
	int anon_fd; /* the unnamed file, kept to link it; -1 when none */
	bool sink;   /* /dev/null or /dev/full, written in place */
	bool ready;  /* written, closed and named: only the rename is left */
	bool swapped; /* in a group: the old file is at tmp now */
	FILE *fp;
	void *gz; /* gzFile, when compressing */
	int failed; /* errno of the first failed write, 0 */
};

int outfile_open(struct outfile *o, const char *path, struct fd_err *err);
int outfile_open_flags(struct outfile *o, const char *path,
		       unsigned int flags, struct fd_err *err);
void outfile_write(struct outfile *o, const void *buf, size_t len);
void outfile_printf(struct outfile *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int outfile_commit(struct outfile *o, struct fd_err *err);
void outfile_abort(struct outfile *o);

/*
 * Several outputs of one command that appear all or none: each is written
 * and closed, and only when every one succeeded are they renamed in. A
 * rename that fails then undoes the ones before it (an existing file is
 * swapped with RENAME_EXCHANGE and swapped back; a new one is removed),
 * except on a file system without RENAME_EXCHANGE, where a replaced file
 * stays replaced. A member that is standard output was written as it went
 * and cannot be taken back, but its write error still keeps the files
 * out. Every member is released, committed or aborted.
 */
int outfile_commit_all(struct outfile *v, size_t nr, struct fd_err *err);

/* True when path ends with suffix (".svg", ".png", ".gz"...). */
int has_suffix(const char *path, const char *suffix);

static inline void outfile_puts(struct outfile *o, const char *s)
{
	outfile_write(o, s, strlen(s));
}

#endif
