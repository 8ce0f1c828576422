/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_OUTFILE_H
#define FLAMEDIFF_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/error.h"

/*
 * An output file that is complete or absent: everything goes to a file
 * beside the target that has no name yet (O_TMPFILE), given one and
 * renamed over the target by outfile_commit(). outfile_abort(), a crash
 * or SIGKILL leave the target untouched and nothing beside it. Where the
 * file system has no O_TMPFILE (or /proc is not mounted to link it), a
 * named temporary "TARGET.tmp.XXXXXX" is used instead, which only a crash
 * or SIGKILL can leave behind.
 *
 * "-" writes to standard output directly, and so does an existing device
 * or FIFO (/dev/null) to itself: renaming over it would replace the node.
 * A symbolic link is followed, even a dangling one: the file it names is
 * created (in the link's directory when the link is relative), the link
 * stays. A path ending in ".gz" is gzip-compressed. Every descriptor is
 * close-on-exec: a command run meanwhile cannot write into the output.
 *
 * Errors name the path and the system's own reason (ENOSPC is "No space
 * left on device", compressed or not).
 */
struct outfile {
	char *path; /* target; NULL for stdout */
	char *tmp;  /* named temporary; NULL when in place or unnamed */
	int anon_fd; /* the unnamed file, kept to link it; -1 when none */
	FILE *fp;
	void *gz; /* gzFile, when compressing */
	int failed; /* errno of the first failed write, 0 */
};

int outfile_open(struct outfile *o, const char *path, struct fd_err *err);
void outfile_write(struct outfile *o, const void *buf, size_t len);
void outfile_printf(struct outfile *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int outfile_commit(struct outfile *o, struct fd_err *err);
void outfile_abort(struct outfile *o);

/* True when path ends with suffix (".svg", ".png", ".gz"...). */
int has_suffix(const char *path, const char *suffix);

static inline void outfile_puts(struct outfile *o, const char *s)
{
	outfile_write(o, s, strlen(s));
}

#endif
