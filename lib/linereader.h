/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_LINEREADER_H
#define FLAMEDIFF_LINEREADER_H

#include <stddef.h>

#include "lib/error.h"

/*
 * Reads a text stream line by line, gzip or not (told by the magic), from
 * a path ("-" meaning standard input), an open file descriptor or a buffer
 * in memory. A stream is opened once: format detection peeks at the same
 * buffer the readers then consume, so a pipe loses nothing.
 *
 * Lines are handed out NUL-terminated without their newline (a trailing
 * "\r" is kept). Memory is bounded whatever the input:
 *  - a NUL byte is reported as binary input as soon as lr_next() reads
 *    it, not at the end of its line (no text format we read has one, and
 *    /dev/zero has no line end); lr_peek() shows it, for detection;
 *  - a line longer than LR_MAX_LINE bytes is an error.
 * So the buffer never grows past LR_MAX_LINE plus one read.
 */

/* The longest line any reader takes (share/doc/profile-format.md). */
#define LR_MAX_LINE (16UL << 20)

struct linereader {
	const char *path;     /* for messages; not owned */
	unsigned long lineno; /* of the line last returned */
	void *gz;	      /* gzFile, for a path or an fd */
	void *zs;	      /* z_stream, for gzip data in memory */
	const unsigned char *mem; /* memory input, not owned */
	size_t mem_len, mem_off;
	char *buf;
	size_t size;	      /* allocated */
	size_t start, end;    /* unread bytes are buf[start..end) */
	size_t nul;	      /* offset in buf of the first NUL, or -1 */
	int eof;
	int raw_fd;	      /* fd + 1 of the file gz reads; 0: none */
	int range_fd;	      /* fd + 1 of lr_init_range(); 0: none */
	size_t range_off, range_end;
	long long counted;    /* of gz's input, in lr_bytes_read() */
};

/*
 * Open path for reading; "-" is standard input (a dup of fd 0, named
 * "<stdin>"). path must outlive the reader. lr_release() after success
 * only; on failure nothing is left to release. The path is an input the
 * user named: a regular file, or a FIFO or pipe (waited for); never a
 * device (lib/safe-open.h).
 */
int lr_init_path(struct linereader *lr, const char *path,
		 struct fd_err *err);

/* The same with safe_open()'s flags (lib/safe-open.h): 0 for a path the
 * user did not name (a file found in a directory), regular files only. */
int lr_init_safe(struct linereader *lr, const char *path,
		 unsigned int safe_flags, struct fd_err *err);

/* Read the open fd, which the reader owns from now on (closed by
 * lr_release(), or here on failure). name is for messages. */
int lr_init_fd(struct linereader *lr, int fd, const char *name,
	       struct fd_err *err);

/* Read data[0..len), which must outlive the reader (not copied). Gzip data
 * is inflated, as from a file. Cannot fail. */
void lr_init_mem(struct linereader *lr, const void *data, size_t len,
		 const char *name);

void lr_release(struct linereader *lr);

/*
 * Bytes that every line reader of the process has read from its files or
 * pipes so far, as they are on disk (gzip: compressed): for a progress
 * meter, which compares them with the inputs' sizes. Read from any
 * thread; the readers on -j's threads add to it too.
 */
unsigned long long lr_bytes_read(void);


/* 1 and a line, 0 at end of input, -1 on error (err says FILE:LINE). */
int lr_next(struct linereader *lr, char **line, size_t *len,
	    struct fd_err *err);

/*
 * Make at least want bytes (or the whole input, if shorter) readable
 * without consuming them, for format detection: *head points to them,
 * valid until the next call. want is capped at LR_MAX_LINE.
 */
int lr_peek(struct linereader *lr, size_t want, const char **head,
	    size_t *len, struct fd_err *err);

/*
 * The unread bytes already in the buffer, without reading more: a reader
 * may look ahead at the lines to come and lr_skip() those it knows. The
 * view stops before a NUL byte (lr_next() reports it when it gets there)
 * and is valid until the next call.
 */
size_t lr_buffered(const struct linereader *lr, const char **head);

/*
 * Consume the first len bytes of lr_buffered()'s view: whole lines, the
 * last one ending with its newline, lines of them, as if lr_next() had
 * returned each.
 */
void lr_skip(struct linereader *lr, size_t len, unsigned long lines);

/*
 * The lines a text reader skipped. Isolated odd lines in text that real
 * tools write (an empty line inside a perf script sample, a line that is
 * no frame) are skipped, as inferno skips them, and counted for one
 * warning the front end prints; a reader given no lr_skips refuses them
 * (--strict). first: what refusing the first would have said
 * ("FILE:LINE: why: 'text'").
 */
struct lr_skips {
	unsigned long nr;
	struct fd_err first;
};

/* Count the current line of lr as skipped; the first one's message is
 * kept. Returns 0. */
int lr_skip_note(struct lr_skips *sk, const struct linereader *lr,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * For a reader that splits its input over threads: 1 with the file's
 * descriptor (still lr's) and size when lr reads a regular file that is
 * not compressed and has consumed none of it yet (peeking is fine); 0
 * when it cannot be split (a pipe, stdin, gzip, memory input, a read
 * begun), and the caller reads lr as usual.
 */
int lr_file(const struct linereader *lr, int *fd, size_t *size);

/*
 * Read bytes [off, off + len) of the plain file fd with pread() (fd is
 * not owned, and may be read by other readers at once), lines numbered
 * from lineno + 1. Cannot fail; a read error is reported by lr_next().
 */
void lr_init_range(struct linereader *lr, int fd, size_t off, size_t len,
		   unsigned long lineno, const char *name);

/* Whether the whole input has been read into the buffer (after lr_peek(),
 * a *len shorter than asked means the input ends there). */
static inline int lr_at_eof(const struct linereader *lr)
{
	return lr->eof;
}

#endif
