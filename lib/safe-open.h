/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_SAFE_OPEN_H
#define FLAMEDIFF_SAFE_OPEN_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "lib/error.h"

/*
 * Opening a path that another user may control: a traced process's
 * binary, anything under /proc/PID/root, /tmp/perf-PID.map, a debuglink
 * or build-id candidate, a perf.data or profile somebody else wrote. Root
 * runs flamediff on shared machines (SECURITY.md), so every such open in
 * collector/ and in the readers goes through safe_open() (or safe_fopen(),
 * lr_init_path(), lr_init_safe()), and nowhere else: tests/t-safe-open.sh
 * greps for stray open()/fopen()/opendir()/mmap()... calls, with an
 * allow-list that says why each exception is one.
 *
 * What safe_open() promises, whatever the path names when it is called:
 *
 *  - Nothing but a regular file is ever opened for reading. The path is
 *    first opened with O_PATH, which opens no device, FIFO or socket (no
 *    driver's open() runs, no FIFO blocks), its type is checked with
 *    fstat(), and only then is that very inode opened for reading through
 *    /proc/self/fd. A FIFO, a device, a directory or a socket is refused
 *    with ESAFE_NOT_REGULAR and never blocks. The one exception is
 *    SAFE_ALLOW_FIFO, for an input the user named: a FIFO is opened then
 *    (and waits for its writer, as asked); a device still is not.
 *  - Symbolic links are resolved by the kernel, never by us, so
 *    fs.protected_symlinks refuses what it refuses for root too; with
 *    SAFE_NOFOLLOW a link in the last component is refused outright.
 *  - With want->ino (and want->dev when non-zero) the file must be that
 *    inode: the one that was mapped, or the one a build-id names.
 *  - With SAFE_OWNER_TRUSTED the file must belong to root or to the
 *    caller's effective user (what perf asks of /tmp/perf-PID.map).
 *  - The descriptor is close-on-exec and blocking reads of it never wait
 *    (a regular file; a FIFO only with SAFE_ALLOW_FIFO).
 *
 * A file that is then read must be read with pread() into memory of ours
 * (safe_read_all()), not mapped: another user may truncate a file we map
 * and the next access of the mapping would kill the process with SIGBUS.
 *
 * Errors: -1 with errno set (ENOENT, EACCES, ELOOP for a refused link,
 * ESAFE_* below for our own refusals) and err filled with "PATH: reason".
 * err may be NULL where the caller only wants the status (a candidate
 * among several).
 */

/* Our own refusals, as errno values outside the kernel's range. */
enum {
	ESAFE_NOT_REGULAR = 10001, /* a FIFO, device, directory or socket */
	ESAFE_OTHER_FILE,	   /* not the inode that was asked for */
	ESAFE_UNTRUSTED_OWNER,	   /* SAFE_OWNER_TRUSTED and another owner */
	ESAFE_TOO_LARGE,	   /* safe_read_all() past its cap */
	ESAFE_SHRUNK,		   /* the file got shorter while read */
};

enum safe_open_flags {
	SAFE_NOFOLLOW = 1 << 0,	     /* the last component must not be a link */
	SAFE_OWNER_TRUSTED = 1 << 1, /* owned by root or by us */
	/*
	 * A FIFO or a pipe (/dev/fd/N) is read too: for an input the user
	 * named on the command line (`report <(perf script)`), where waiting
	 * for the writer is what was asked for. Never for a path found in a
	 * process, a directory listing or a file's contents.
	 */
	SAFE_ALLOW_FIFO = 1 << 2,
};

/* What the opened file must be; all-zero (or a NULL pointer): anything
 * regular. */
struct safe_want {
	dev_t dev; /* 0: any device */
	ino_t ino; /* 0: any inode */
};

int safe_open(const char *path, unsigned int flags,
	      const struct safe_want *want, struct stat *st,
	      struct fd_err *err);

/* As safe_open(), relative to the directory dirfd (openat(2)'s rules). */
int safe_openat(int dirfd, const char *path, unsigned int flags,
		const struct safe_want *want, struct stat *st,
		struct fd_err *err);

/* A stdio stream on safe_open(path, flags, NULL, ...), for line-oriented
 * files of /proc and /sys and the like; NULL with errno on failure. */
FILE *safe_fopen(const char *path, unsigned int flags, struct fd_err *err);

/*
 * The whole of the regular file open at fd, read with pread() into a
 * buffer of ours (NUL-terminated one byte past *len, for text). At most
 * max bytes: a larger file is ESAFE_TOO_LARGE. A file that shrinks while
 * it is read (truncated by its owner) is ESAFE_SHRUNK, an error for that
 * file only. name is for the message.
 */
int safe_read_all(int fd, const char *name, size_t max, char **buf,
		  size_t *len, struct fd_err *err);

/* The message for one of the ESAFE_* values or a kernel errno. */
const char *safe_strerror(int errnum);

#endif
