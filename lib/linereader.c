// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "lib/alloc.h"
#include "lib/linereader.h"
#include "lib/safe-open.h"

#define READ_SIZE (1UL << 20)

/* Bytes of files and pipes read by every reader: lr_bytes_read(). */
static atomic_ullong bytes_read;

unsigned long long lr_bytes_read(void)
{
	return atomic_load_explicit(&bytes_read, memory_order_relaxed);
}

static void count_read(unsigned long long n)
{
	atomic_fetch_add_explicit(&bytes_read, n, memory_order_relaxed);
}

static void init_buf(struct linereader *lr)
{
	lr->nul = (size_t)-1;
	lr->size = 2 * READ_SIZE;
	lr->buf = xmalloc(lr->size + 1);
}

int lr_init_fd(struct linereader *lr, int fd, const char *name,
	       struct fd_err *err)
{
	struct stat st;

	memset(lr, 0, sizeof(*lr));
	lr->path = name;
	/*
	 * A pipe holds 64 KiB by default: the writer and we would take turns
	 * a few times per read of ours, each turn a wakeup and a context
	 * switch. A pipe as large as one read lets both run a whole read
	 * ahead. Best effort: the size is capped by fs.pipe-max-size.
	 */
	if (!fstat(fd, &st) && S_ISFIFO(st.st_mode))
		fcntl(fd, F_SETPIPE_SZ, (int)READ_SIZE);
	lr->gz = gzdopen(fd, "rb");
	if (!lr->gz) {
		close(fd);
		return fd_err_set(err, "%s: cannot read", name);
	}
	gzbuffer(lr->gz, 256 * 1024);
	lr->raw_fd = fd + 1; /* still gz's: only looked at, never closed */
	init_buf(lr);
	return 0;
}

int lr_file(const struct linereader *lr, int *fd, size_t *size)
{
	struct stat st;

	if (!lr->raw_fd || !lr->gz || lr->lineno || lr->start ||
	    !gzdirect(lr->gz) || lr->nul != (size_t)-1)
		return 0;
	if (fstat(lr->raw_fd - 1, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size <= 0 || (uint64_t)st.st_size > SIZE_MAX)
		return 0;
	*fd = lr->raw_fd - 1;
	*size = st.st_size;
	return 1;
}

void lr_init_range(struct linereader *lr, int fd, size_t off, size_t len,
		   unsigned long lineno, const char *name)
{
	memset(lr, 0, sizeof(*lr));
	lr->path = name;
	lr->lineno = lineno;
	lr->range_fd = fd + 1;
	lr->range_off = off;
	lr->range_end = off + len;
	init_buf(lr);
}

int lr_init_safe(struct linereader *lr, const char *path,
		 unsigned int safe_flags, struct fd_err *err)
{
	int fd;

	if (!strcmp(path, "-")) {
		fd = dup(0);
		if (fd < 0) {
			memset(lr, 0, sizeof(*lr));
			return fd_err_set(err, "<stdin>: %s", strerror(errno));
		}
		return lr_init_fd(lr, fd, "<stdin>", err);
	}
	fd = safe_open(path, safe_flags, NULL, NULL, err);
	if (fd < 0) {
		memset(lr, 0, sizeof(*lr));
		return -1;
	}
	return lr_init_fd(lr, fd, path, err);
}

int lr_init_path(struct linereader *lr, const char *path,
		 struct fd_err *err)
{
	return lr_init_safe(lr, path, SAFE_ALLOW_FIFO, err);
}

void lr_init_mem(struct linereader *lr, const void *data, size_t len,
		 const char *name)
{
	memset(lr, 0, sizeof(*lr));
	lr->path = name;
	lr->mem = data;
	lr->mem_len = len;
	/* Inflated from the first read, which can report a failure. */
	if (len >= 2 && lr->mem[0] == 0x1f && lr->mem[1] == 0x8b)
		lr->zs = xcalloc(1, sizeof(z_stream));
	init_buf(lr);
}

void lr_release(struct linereader *lr)
{
	if (lr->gz)
		gzclose(lr->gz);
	if (lr->zs) {
		if (((z_stream *)lr->zs)->state)
			inflateEnd(lr->zs);
		free(lr->zs);
	}
	free(lr->buf);
	memset(lr, 0, sizeof(*lr));
}

/* Inflate memory input into dst[0..n): bytes made, 0 at the end, -1. */
static long read_zmem(struct linereader *lr, char *dst, size_t n,
		      struct fd_err *err)
{
	z_stream *zs = lr->zs;

	/* 16 + 15: gzip framing, the largest window. */
	if (!zs->state && inflateInit2(zs, 16 + 15) != Z_OK)
		return fd_err_at(err, lr->path, lr->lineno + 1,
				 "cannot inflate: %s",
				 zs->msg ? zs->msg : "out of memory");
	zs->next_out = (unsigned char *)dst;
	zs->avail_out = n;
	while (zs->avail_out == n) {
		int r;

		if (!zs->avail_in) {
			if (lr->mem_off == lr->mem_len)
				break;
			zs->next_in = (unsigned char *)lr->mem + lr->mem_off;
			zs->avail_in = lr->mem_len - lr->mem_off > 1U << 30 ?
					       1U << 30 :
					       lr->mem_len - lr->mem_off;
			lr->mem_off += zs->avail_in;
		}
		r = inflate(zs, Z_NO_FLUSH);
		if (r == Z_STREAM_END) {
			/* Members of a gzip file may follow one another. */
			if (!zs->avail_in && lr->mem_off == lr->mem_len)
				return n - zs->avail_out;
			inflateReset(zs);
			continue;
		}
		if (r != Z_OK && r != Z_BUF_ERROR)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "bad gzip data: %s",
					 zs->msg ? zs->msg : "inflate failed");
		if (r == Z_BUF_ERROR && !zs->avail_in &&
		    lr->mem_off == lr->mem_len)
			break;
	}
	if (zs->avail_out == n && lr->mem_off == lr->mem_len &&
	    !zs->avail_in) {
		/* All input used up without the end of a stream. */
		if (zs->total_in || zs->total_out)
			if (inflate(zs, Z_FINISH) != Z_STREAM_END)
				return fd_err_at(err, lr->path,
						 lr->lineno + 1,
						 "truncated gzip data");
		return 0;
	}
	return n - zs->avail_out;
}

/* Read at most n bytes into dst: how many, 0 at the end, -1 on error. */
static long read_some(struct linereader *lr, char *dst, size_t n,
		      struct fd_err *err)
{
	int got, zerr;

	if (lr->zs)
		return read_zmem(lr, dst, n, err);
	if (lr->range_fd) {
		ssize_t r;

		if (n > lr->range_end - lr->range_off)
			n = lr->range_end - lr->range_off;
		if (!n)
			return 0;
		do
			r = pread(lr->range_fd - 1, dst, n, lr->range_off);
		while (r < 0 && errno == EINTR);
		if (r < 0)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "cannot read: %s", strerror(errno));
		if (r == 0)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "cannot read: the file got shorter");
		lr->range_off += r;
		count_read(r);
		return r;
	}
	if (lr->mem) {
		if (n > lr->mem_len - lr->mem_off)
			n = lr->mem_len - lr->mem_off;
		memcpy(dst, lr->mem + lr->mem_off, n);
		lr->mem_off += n;
		return n;
	}
	if (!lr->gz)
		return 0; /* an empty memory input */
	got = gzread(lr->gz, dst, n);
	if (got > 0) {
		/* what gz took from the file: compressed bytes, as its size */
		z_off_t off = gzoffset(lr->gz);

		if (off > lr->counted) {
			count_read(off - lr->counted);
			lr->counted = off;
		}
	}
	if (got < 0) {
		const char *msg = gzerror(lr->gz, &zerr);

		return fd_err_at(err, lr->path, lr->lineno + 1,
				 "cannot read: %s",
				 zerr == Z_ERRNO ? strerror(errno) : msg);
	}
	if (got == 0) {
		/* A gzip stream cut short reads as a clean EOF otherwise. */
		gzerror(lr->gz, &zerr);
		if (zerr == Z_BUF_ERROR)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "truncated gzip data");
	}
	return got;
}

/* The line number of buf[off], counting from the last line returned. */
static unsigned long line_of(const struct linereader *lr, size_t off)
{
	unsigned long n = lr->lineno + 1;
	const char *p = lr->buf + lr->start, *end = lr->buf + off;

	while ((p = memchr(p, '\n', end - p))) {
		n++;
		p++;
	}
	return n;
}

/* Read more input after buf[end]; 0 at EOF. */
static long fill(struct linereader *lr, struct fd_err *err)
{
	const char *z;
	long n;

	if (lr->eof)
		return 0;
	if (lr->start > 0) {
		memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
		lr->end -= lr->start;
		if (lr->nul != (size_t)-1)
			lr->nul -= lr->start;
		lr->start = 0;
	}
	if (lr->size - lr->end < READ_SIZE) {
		/* Bounded: lr_next() refuses a line past LR_MAX_LINE. */
		lr->size = size_mul(lr->size, 2);
		lr->buf = xrealloc(lr->buf, lr->size + 1);
	}
	n = read_some(lr, lr->buf + lr->end, READ_SIZE, err);
	if (n < 0)
		return -1;
	if (n == 0) {
		lr->eof = 1;
		return 0;
	}
	/* One search per read, not one per line: lines are short. */
	if (lr->nul == (size_t)-1) {
		z = memchr(lr->buf + lr->end, '\0', n);
		if (z)
			lr->nul = z - lr->buf;
	}
	lr->end += n;
	return n;
}

int lr_peek(struct linereader *lr, size_t want, const char **head,
	    size_t *len, struct fd_err *err)
{
	if (want > LR_MAX_LINE)
		want = LR_MAX_LINE;
	while (lr->end - lr->start < want) {
		long n = fill(lr, err);

		if (n < 0)
			return -1;
		if (n == 0)
			break;
	}
	*head = lr->buf + lr->start;
	*len = lr->end - lr->start;
	return 0;
}

/*
 * Binary input is refused as soon as the line being read reaches it:
 * waiting for the end of that line would buffer all of /dev/zero. Peeking
 * does not refuse it, so that detection can name a perf.data file.
 */
static int binary(struct linereader *lr, struct fd_err *err)
{
	return fd_err_at(err, lr->path, line_of(lr, lr->nul),
			 "binary data (a NUL byte): not a text profile, perf "
			 "script output or folded stacks");
}

int lr_next(struct linereader *lr, char **line, size_t *len,
	    struct fd_err *err)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		char *p = lr->buf + lr->start;
		size_t avail = lr->end - lr->start;
		long n;

		nl = memchr(p + scanned, '\n', avail - scanned);
		if (nl)
			break;
		scanned = avail;
		if (lr->nul != (size_t)-1)
			return binary(lr, err);
		if (avail > LR_MAX_LINE)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "a line longer than %lu MiB: not "
					 "a profile, perf script output or "
					 "folded stacks",
					 LR_MAX_LINE >> 20);
		n = fill(lr, err);
		if (n < 0)
			return -1;
		if (n == 0) {
			if (avail == 0)
				return 0;
			/* Last line without a newline. */
			nl = lr->buf + lr->end;
			break;
		}
	}

	if (lr->nul < (size_t)(nl - lr->buf))
		return binary(lr, err);
	*line = lr->buf + lr->start;
	*len = nl - *line;
	if (*len > LR_MAX_LINE)
		return fd_err_at(err, lr->path, lr->lineno + 1,
				 "a line longer than %lu MiB: not a "
				 "profile, perf script output or folded "
				 "stacks",
				 LR_MAX_LINE >> 20);
	lr->lineno++;
	lr->start = (nl - lr->buf) + (nl < lr->buf + lr->end);
	*nl = '\0';
	return 1;
}

size_t lr_buffered(const struct linereader *lr, const char **head)
{
	*head = lr->buf + lr->start;
	if (lr->nul != (size_t)-1)
		return lr->nul > lr->start ? lr->nul - lr->start : 0;
	return lr->end - lr->start;
}

void lr_skip(struct linereader *lr, size_t len, unsigned long lines)
{
	lr->start += len;
	lr->lineno += lines;
}

int lr_skip_note(struct lr_skips *sk, const struct linereader *lr,
		 const char *fmt, ...)
{
	char msg[sizeof(sk->first.msg)];
	va_list ap;

	if (sk->nr++)
		return 0;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fd_err_at(&sk->first, lr->path, lr->lineno, "%s", msg);
	return 0;
}
