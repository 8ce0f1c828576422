// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "lib/linereader.h"

#define READ_SIZE (1UL << 20)

int lr_open(struct linereader *lr, const char *path, struct fd_err *err)
{
	int fd;

	memset(lr, 0, sizeof(*lr));
	lr->path = path;
	if (!strcmp(path, "-")) {
		lr->path = "<stdin>";
		fd = dup(0);
	} else {
		fd = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (fd < 0)
		return fd_err_set(err, "%s: %s", lr->path, strerror(errno));
	lr->gz = gzdopen(fd, "rb");
	if (!lr->gz) {
		close(fd);
		return fd_err_set(err, "%s: cannot read", lr->path);
	}
	gzbuffer(lr->gz, 256 * 1024);
	lr->nul = (size_t)-1;
	lr->size = 2 * READ_SIZE;
	lr->buf = xmalloc(lr->size + 1);
	return 0;
}

void lr_close(struct linereader *lr)
{
	if (lr->gz)
		gzclose(lr->gz);
	free(lr->buf);
	memset(lr, 0, sizeof(*lr));
}

/* Read more input after buf[end]; 0 at EOF. */
static int fill(struct linereader *lr, struct fd_err *err)
{
	int n;

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
		lr->size = lr->size * 2;
		lr->buf = xrealloc(lr->buf, lr->size + 1);
	}
	n = gzread(lr->gz, lr->buf + lr->end, READ_SIZE);
	if (n < 0) {
		int zerr;
		const char *msg = gzerror(lr->gz, &zerr);

		return fd_err_at(err, lr->path, lr->lineno + 1,
				 "cannot read: %s",
				 zerr == Z_ERRNO ? strerror(errno) : msg);
	}
	if (n == 0) {
		int zerr;

		/* A gzip stream cut short reads as a clean EOF otherwise. */
		gzerror(lr->gz, &zerr);
		if (zerr == Z_BUF_ERROR)
			return fd_err_at(err, lr->path, lr->lineno + 1,
					 "truncated gzip data");
		lr->eof = 1;
		return 0;
	}
	/* One search per read, not one per line: lines are short. */
	if (lr->nul == (size_t)-1) {
		const char *z = memchr(lr->buf + lr->end, '\0', n);

		if (z)
			lr->nul = z - lr->buf;
	}
	lr->end += n;
	return n;
}

int lr_peek(struct linereader *lr, size_t want, const char **head,
	    size_t *len, struct fd_err *err)
{
	while (lr->end - lr->start < want) {
		int n = fill(lr, err);

		if (n < 0)
			return -1;
		if (n == 0)
			break;
	}
	*head = lr->buf + lr->start;
	*len = lr->end - lr->start;
	return 0;
}

int lr_next(struct linereader *lr, char **line, size_t *len,
	    struct fd_err *err)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		char *p = lr->buf + lr->start;
		size_t avail = lr->end - lr->start;

		nl = memchr(p + scanned, '\n', avail - scanned);
		if (nl)
			break;
		scanned = avail;
		int n = fill(lr, err);

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

	*line = lr->buf + lr->start;
	*len = nl - *line;
	lr->lineno++;
	lr->start = (nl - lr->buf) + (nl < lr->buf + lr->end);
	*nl = '\0';
	if (lr->nul < (size_t)(nl - lr->buf))
		return fd_err_at(err, lr->path, lr->lineno,
				 "binary data (a NUL byte): not a text "
				 "profile, perf script output or folded "
				 "stacks");
	return 1;
}
