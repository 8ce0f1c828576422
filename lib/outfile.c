// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
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
#include "lib/strbuf.h"

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

/*
 * The file path names once its symbolic links are followed, even when the
 * last one dangles (realpath() fails there): the link is kept and what it
 * names is created. A relative link is relative to its own directory.
 * Gives up after 40 links, as the kernel does (ELOOP).
 */
static char *follow_links(const char *path, struct fd_err *err)
{
	struct strbuf cur = STRBUF_INIT, target = STRBUF_INIT;
	int hops;

	strbuf_addstr(&cur, path);
	for (hops = 0; hops < 40; hops++) {
		struct stat st;
		ssize_t n;
		char *slash;

		if (lstat(cur.buf, &st) || !S_ISLNK(st.st_mode)) {
			strbuf_release(&target);
			return strbuf_detach(&cur, NULL);
		}
		strbuf_reset(&target);
		strbuf_grow(&target, (size_t)st.st_size + 1);
		n = readlink(cur.buf, target.buf, target.alloc - 1);
		if (n < 0 || (size_t)n >= target.alloc - 1)
			break; /* changed meanwhile: let the caller fail */
		/* readlink() wrote past len: strbuf_setlen() only cuts */
		target.len = (size_t)n;
		target.buf[n] = '\0';
		slash = strrchr(cur.buf, '/');
		if (target.buf[0] == '/' || !slash)
			strbuf_reset(&cur);
		else
			strbuf_setlen(&cur, (size_t)(slash - cur.buf) + 1);
		strbuf_add(&cur, target.buf, target.len);
	}
	fd_err_set(err, "%s: %s", path, strerror(hops < 40 ? errno : ELOOP));
	strbuf_release(&cur);
	strbuf_release(&target);
	return NULL;
}

/*
 * An unnamed file in path's directory, to be linked in at the end: a
 * crash leaves nothing. -1 when the file system (or the kernel) has no
 * O_TMPFILE, or when there is no /proc/self/fd to link it through.
 */
static int open_anon(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (access("/proc/self/fd", X_OK))
		return -1;
	if (!slash)
		dir = xstrdup(".");
	else if (slash == path)
		dir = xstrdup("/");
	else
		dir = xstrndup(path, (size_t)(slash - path));
	/* the mode is the one any new file gets: 0666 less the umask */
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	free(dir);
	return fd;
}

/* A named temporary beside path, for file systems without O_TMPFILE. */
static int open_named(struct outfile *o, struct fd_err *err)
{
	mode_t mask;
	int fd;

	o->tmp = xstrfmt("%s.tmp.XXXXXX", o->path);
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd < 0) {
		fd_err_set(err, "%s: cannot create: %s", o->path,
			   strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	/* mkstemp gives 0600; an output file should look like any other. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return fd;
}

int outfile_open(struct outfile *o, const char *path, struct fd_err *err)
{
	int fd;

	memset(o, 0, sizeof(*o));
	o->anon_fd = -1;
	if (!strcmp(path, "-")) {
		o->fp = stdout;
		return 0;
	}
	if (open_direct(o, path, err, &fd))
		return -1;
	if (fd >= 0)
		goto opened;
	o->path = follow_links(path, err);
	if (!o->path)
		return -1;
	fd = open_anon(o->path);
	if (fd >= 0) {
		/* the stream closes fd before the link is made: keep a
		 * second one */
		o->anon_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		if (o->anon_fd < 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0)
		fd = open_named(o, err);
	if (fd < 0) {
		free(o->path);
		o->path = NULL;
		return -1;
	}
opened:
	if (has_suffix(path, ".gz")) {
		o->gz = gzdopen(fd, "wb6");
		if (!o->gz) {
			close(fd);
			outfile_abort(o);
			return fd_err_set(err, "%s: cannot compress", path);
		}
		return 0;
	}
	o->fp = fdopen(fd, "w");
	if (!o->fp) {
		int e = errno;

		close(fd);
		outfile_abort(o);
		return fd_err_set(err, "%s: %s", path, strerror(e));
	}
	return 0;
}

/* The errno behind a zlib failure: zlib keeps it in errno (Z_ERRNO). */
static int gz_errno(void *gz, int zret)
{
	int zerr = zret;

	if (gz)
		gzerror(gz, &zerr);
	if ((zret == Z_ERRNO || zerr == Z_ERRNO) && errno)
		return errno;
	return EIO;
}

void outfile_write(struct outfile *o, const void *buf, size_t len)
{
	if (o->failed || !len)
		return;
	if (o->gz) {
		errno = 0;
		if (gzwrite(o->gz, buf, len) != (int)len)
			o->failed = gz_errno(o->gz, Z_ERRNO);
		return;
	}
	errno = 0;
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
	o->anon_fd = -1;
}

/* Close the stream, keeping the first write error. */
static void close_stream(struct outfile *o)
{
	int zret;

	if (o->gz) {
		errno = 0;
		zret = gzclose(o->gz);
		if (zret != Z_OK && !o->failed)
			o->failed = gz_errno(NULL, zret);
	} else if (o->fp) {
		errno = 0;
		if (fclose(o->fp) && !o->failed)
			o->failed = errno ? errno : EIO;
	}
	o->gz = NULL;
	o->fp = NULL;
}

/*
 * Give the unnamed file a name beside the target, "TARGET.tmp.PID.N", for
 * the rename: linkat() cannot replace an existing target itself.
 */
static int link_anon(struct outfile *o)
{
	char proc[64];
	unsigned int n;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", o->anon_fd);
	for (n = 0; n < 1000; n++) {
		free(o->tmp);
		o->tmp = xstrfmt("%s.tmp.%ld.%u", o->path, (long)getpid(), n);
		if (!linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp,
			    AT_SYMLINK_FOLLOW))
			return 0;
		if (errno != EEXIST)
			break;
	}
	free(o->tmp);
	o->tmp = NULL;
	return -1;
}

int outfile_commit(struct outfile *o, struct fd_err *err)
{
	int ret = 0;

	if (!o->path) {
		if (fflush(o->fp) || o->failed)
			ret = fd_err_set(err, "<stdout>: write error%s%s",
					 o->failed ? ": " : "",
					 o->failed ? strerror(o->failed) : "");
		release(o);
		return ret;
	}
	close_stream(o);
	if (o->failed) {
		ret = fd_err_set(err, "%s: write error: %s", o->path,
				 strerror(o->failed));
		goto out;
	}
	if (o->anon_fd >= 0 && link_anon(o)) {
		ret = fd_err_set(err, "%s: cannot link the output in: %s",
				 o->path, strerror(errno));
		goto out;
	}
	if (o->tmp && rename(o->tmp, o->path))
		ret = fd_err_set(err, "%s: %s", o->path, strerror(errno));
out:
	if (ret && o->tmp)
		unlink(o->tmp);
	if (o->anon_fd >= 0)
		close(o->anon_fd);
	release(o);
	return ret;
}

void outfile_abort(struct outfile *o)
{
	if (!o->path) {
		release(o);
		return;
	}
	close_stream(o);
	if (o->tmp)
		unlink(o->tmp);
	if (o->anon_fd >= 0)
		close(o->anon_fd);
	release(o);
}
