/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_OUTFILE_H
#define FLAMEDIFF_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/error.h"

/*
 * An output file that is complete or absent: everything goes to a
 * temporary file beside the target, renamed over it by outfile_commit().
 * outfile_abort() (or a crash) leaves the target untouched. "-" writes to
 * standard output directly, and so does an existing device or FIFO
 * (/dev/null) to itself: renaming over it would replace the node. A
 * symbolic link is followed. A path ending in ".gz" is gzip-compressed.
 */
struct outfile {
	char *path; /* target; NULL for stdout */
	char *tmp;  /* NULL when the target is written in place */
	FILE *fp;
	void *gz; /* gzFile, when compressing */
	int failed;
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
