/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LINEREADER_H
#define FLAMEDIFF_LINEREADER_H

#include <stddef.h>

#include "lib/error.h"

/*
 * Reads a text file line by line, gzip or not (zlib tells by the magic),
 * "-" meaning standard input. Memory is one buffer that grows to the
 * longest line, never to the file. Lines are handed out NUL-terminated
 * without their newline (a trailing "\r" is kept); a NUL byte inside a line
 * is reported as binary input, since no text format we read has one.
 */
struct linereader {
	const char *path;     /* for messages; not owned */
	unsigned long lineno; /* of the line last returned */
	void *gz;	      /* gzFile */
	char *buf;
	size_t size;	      /* allocated */
	size_t start, end;    /* unread bytes are buf[start..end) */
	size_t nul;	      /* offset in buf of the first NUL, or -1 */
	int eof;
};

int lr_open(struct linereader *lr, const char *path, struct fd_err *err);
void lr_close(struct linereader *lr);

/* 1 and a line, 0 at end of input, -1 on error (err says FILE:LINE). */
int lr_next(struct linereader *lr, char **line, size_t *len,
	    struct fd_err *err);

/*
 * Make at least want bytes (or the whole input, if shorter) readable
 * without consuming them, for format detection: *head points to them.
 */
int lr_peek(struct linereader *lr, size_t want, const char **head,
	    size_t *len, struct fd_err *err);

#endif
