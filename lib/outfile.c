// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "lib/outfile.h"

int has_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);

	return n >= m && !strcmp(path + n - m, suffix);
}

/*
 * Where a rename must not go: the target is a device or a FIFO
 * (-o /dev/null, as root, would replace the device node with a file). Such
 * a target is written in place. A symbolic link is followed, so the file
 * it points to is replaced, not the link.
 */
static int open_direct(struct outfile *o, const char *path,
		       struct fd_err *err, int *fd)
{
	struct stat st;

	*fd = -1;
	if (stat(path, &st))
		return 0;
	if (S_ISDIR(st.st_mode))
		return fd_err_set(err, "%s: is a directory", path);
	if (S_ISREG(st.st_mode))
		return 0;
	*fd = open(path, O_WRONLY | O_CLOEXEC);
	if (*fd < 0)
		return fd_err_set(err, "%s: %s", path, strerror(errno));
	o->path = xstrdup(path);
	return 0;
}

int outfile_open(struct outfile *o, const char *path, struct fd_err *err)
{
	char real[PATH_MAX];
	struct stat st;
	int fd;

	memset(o, 0, sizeof(*o));
	if (!strcmp(path, "-")) {
		o->fp = stdout;
		return 0;
	}
	if (open_direct(o, path, err, &fd))
		return -1;
	if (fd >= 0)
		goto opened;
	if (!lstat(path, &st) && S_ISLNK(st.st_mode) && realpath(path, real))
		path = real;
	o->path = xstrdup(path);
	o->tmp = xstrfmt("%s.tmp.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		fd_err_set(err, "%s: cannot create: %s", path,
			   strerror(errno));
		free(o->tmp);
		free(o->path);
		o->tmp = o->path = NULL;
		return -1;
	}
	/* mkstemp gives 0600; an output file should look like any other. */
	{
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
opened:
	if (has_suffix(path, ".gz")) {
		o->gz = gzdopen(fd, "wb6");
		if (!o->gz) {
			close(fd);
			if (o->tmp)
				unlink(o->tmp);
			return fd_err_set(err, "%s: cannot compress", path);
		}
		return 0;
	}
	o->fp = fdopen(fd, "w");
	return 0;
}

void outfile_write(struct outfile *o, const void *buf, size_t len)
{
	if (o->failed || !len)
		return;
	if (o->gz) {
		if (gzwrite(o->gz, buf, len) != (int)len)
			o->failed = EIO;
		return;
	}
	if (fwrite(buf, 1, len, o->fp) != len)
		o->failed = errno ? errno : EIO;
}

void outfile_printf(struct outfile *o, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		outfile_write(o, small, n);
		return;
	}
	char *big = xmalloc(n + 1);

	va_start(ap, fmt);
	vsnprintf(big, n + 1, fmt, ap);
	va_end(ap);
	outfile_write(o, big, n);
	free(big);
}

static void release(struct outfile *o)
{
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

int outfile_commit(struct outfile *o, struct fd_err *err)
{
	int ret = 0;

	if (!o->path) {
		if (fflush(o->fp) || o->failed)
			ret = fd_err_set(err, "<stdout>: write error");
		release(o);
		return ret;
	}
	if (o->gz) {
		if (gzclose(o->gz) != Z_OK && !o->failed)
			o->failed = EIO;
	} else if (fclose(o->fp) && !o->failed) {
		o->failed = errno ? errno : EIO;
	}
	if (o->failed) {
		ret = fd_err_set(err, "%s: write error: %s", o->path,
				 strerror(o->failed));
		if (o->tmp)
			unlink(o->tmp);
	} else if (o->tmp && rename(o->tmp, o->path)) {
		ret = fd_err_set(err, "%s: %s", o->path, strerror(errno));
		unlink(o->tmp);
	}
	release(o);
	return ret;
}

void outfile_abort(struct outfile *o)
{
	if (!o->path) {
		release(o);
		return;
	}
	if (o->gz)
		gzclose(o->gz);
	else if (o->fp)
		fclose(o->fp);
	if (o->tmp)
		unlink(o->tmp);
	release(o);
}
