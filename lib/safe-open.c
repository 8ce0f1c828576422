// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/alloc.h"
#include "lib/safe-open.h"

const char *safe_strerror(int errnum)
{
	switch (errnum) {
	case ESAFE_NOT_REGULAR:
		return "not a regular file";
	case ESAFE_OTHER_FILE:
		return "not the file that was mapped";
	case ESAFE_UNTRUSTED_OWNER:
		return "owned by another user";
	case ESAFE_TOO_LARGE:
		return "too large";
	case ESAFE_SHRUNK:
		return "truncated while read";
	}
	return strerror(errnum);
}

static int refuse(int fd, int errnum, const char *path, struct fd_err *err)
{
	if (fd >= 0)
		close(fd);
	if (err)
		fd_err_set(err, "%s: %s", path, safe_strerror(errnum));
	errno = errnum;
	return -1;
}

static int check(const struct stat *st, unsigned int flags,
		 const struct safe_want *want)
{
	if (!S_ISREG(st->st_mode) &&
	    !((flags & SAFE_ALLOW_FIFO) && S_ISFIFO(st->st_mode)))
		return ESAFE_NOT_REGULAR;
	if (want && want->ino && st->st_ino != want->ino)
		return ESAFE_OTHER_FILE;
	if (want && want->dev && st->st_dev != want->dev)
		return ESAFE_OTHER_FILE;
	if ((flags & SAFE_OWNER_TRUSTED) && st->st_uid != 0 &&
	    st->st_uid != geteuid())
		return ESAFE_UNTRUSTED_OWNER;
	return 0;
}

int safe_openat(int dirfd, const char *path, unsigned int flags,
		const struct safe_want *want, struct stat *st,
		struct fd_err *err)
{
	int oflags = O_PATH | O_CLOEXEC;
	char self[64];
	struct stat pst, rst;
	int pfd, fd, e;

	if (flags & SAFE_NOFOLLOW)
		oflags |= O_NOFOLLOW;
	/* O_PATH runs no driver's open() and does not block on a FIFO */
	pfd = openat(dirfd, path, oflags);
	if (pfd < 0)
		return refuse(-1, errno, path, err);
	if (fstat(pfd, &pst))
		return refuse(pfd, errno, path, err);
	/* O_NOFOLLOW with O_PATH opens the link itself: refuse it */
	if (S_ISLNK(pst.st_mode))
		return refuse(pfd, ELOOP, path, err);
	e = check(&pst, flags, want);
	if (e)
		return refuse(pfd, e, path, err);
	snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
	fd = open(self, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 && errno == ENOENT) {
		/*
		 * No /proc: open the path again, without blocking and
		 * without following a link this time, and make sure it is
		 * still the inode checked above.
		 */
		fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY |
						 O_NONBLOCK | O_NOFOLLOW);
		/* a FIFO the user named: its reads wait for the writer */
		if (fd >= 0 && S_ISFIFO(pst.st_mode))
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	}
	e = errno;
	close(pfd);
	if (fd < 0)
		return refuse(-1, e, path, err);
	if (fstat(fd, &rst))
		return refuse(fd, errno, path, err);
	if (rst.st_dev != pst.st_dev || rst.st_ino != pst.st_ino)
		return refuse(fd, ESAFE_OTHER_FILE, path, err);
	if (st)
		*st = rst;
	return fd;
}

int safe_open(const char *path, unsigned int flags,
	      const struct safe_want *want, struct stat *st,
	      struct fd_err *err)
{
	return safe_openat(AT_FDCWD, path, flags, want, st, err);
}

FILE *safe_fopen(const char *path, unsigned int flags, struct fd_err *err)
{
	FILE *fp;
	int fd, e;

	fd = safe_open(path, flags, NULL, NULL, err);
	if (fd < 0)
		return NULL;
	fp = fdopen(fd, "r");
	if (!fp) {
		e = errno;
		close(fd);
		if (err)
			fd_err_set(err, "%s: %s", path, strerror(e));
		errno = e;
	}
	return fp;
}

int safe_read_all(int fd, const char *name, size_t max, char **buf,
		  size_t *len, struct fd_err *err)
{
	struct stat st;
	size_t size, got = 0;
	char *b;

	*buf = NULL;
	*len = 0;
	if (fstat(fd, &st))
		return refuse(-1, errno, name, err);
	if (!S_ISREG(st.st_mode))
		return refuse(-1, ESAFE_NOT_REGULAR, name, err);
	if ((unsigned long long)st.st_size > max)
		return refuse(-1, ESAFE_TOO_LARGE, name, err);
	size = (size_t)st.st_size;
	b = xmalloc(size_add(size, 1));
	while (got < size) {
		ssize_t n = pread(fd, b + got, size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			free(b);
			return refuse(-1, e, name, err);
		}
		if (n == 0) {
			free(b);
			return refuse(-1, ESAFE_SHRUNK, name, err);
		}
		got += (size_t)n;
	}
	b[size] = '\0';
	*buf = b;
	*len = size;
	return 0;
}
