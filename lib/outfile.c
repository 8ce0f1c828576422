// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <zlib.h>

#include "lib/alloc.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"

int has_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);

	return n >= m && !strcmp(path + n - m, suffix);
}

static bool shared_dir(const struct stat *dir)
{
	return (dir->st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH);
}

/* Whatever readlinkat() of the link fd says, however long. */
static char *read_link(int fd)
{
	size_t size = 256;

	for (;;) {
		char *buf = xmalloc(size);
		ssize_t n = readlinkat(fd, "", buf, size);

		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
		size *= 2;
	}
}

struct walk {
	struct strbuf rest; /* what is left of the path */
	int dfd;	    /* the directory it is walked from */
	int hops;	    /* links followed, 40 at most as in the kernel */
	/* a link was followed that may only name a file that exists */
	bool dangling_risky;
};

/*
 * Follow the link fd (lstat st), the component that ends at end of
 * w->rest: only where fs.protected_symlinks would, and never a /proc
 * link. Its text replaces it in w->rest.
 */
static int follow(struct walk *w, const char *path, const char *comp,
		  int fd, const struct stat *st, size_t end,
		  struct fd_err *err)
{
	struct strbuf next = STRBUF_INIT;
	struct statfs sfs;
	struct stat dir;
	char *target;

	if (++w->hops > 40)
		return fd_err_set(err, "%s: %s", path, strerror(ELOOP));
	if (fstat(w->dfd, &dir) || fstatfs(w->dfd, &sfs))
		return fd_err_set(err, "%s: %s", path, strerror(errno));
	if (shared_dir(&dir) && st->st_uid != geteuid() &&
	    st->st_uid != dir.st_uid)
		return fd_err_set(err, "%s: not following the symbolic link "
				  "'%s' (uid %u) in a sticky world-writable "
				  "directory (the fs.protected_symlinks rule)",
				  path, comp, (unsigned int)st->st_uid);
	/* /dev/stdout and the like: their text is no path */
	if (sfs.f_type == PROC_SUPER_MAGIC)
		return fd_err_set(err, "%s: a link in /proc is no file to "
				  "write ('-' is standard output)", path);
	/* kept, conservatively, for the rest of the walk */
	w->dangling_risky = shared_dir(&dir) && st->st_uid != geteuid();
	target = read_link(fd);
	if (!target)
		return fd_err_set(err, "%s: %s", path, strerror(errno));
	if (target[0] == '/') {
		close(w->dfd);
		w->dfd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (w->dfd < 0) {
			free(target);
			return fd_err_set(err, "%s: %s", path,
					  strerror(errno));
		}
	}
	strbuf_addstr(&next, target);
	strbuf_addstr(&next, w->rest.buf + end);
	strbuf_release(&w->rest);
	w->rest = next;
	free(target);
	return 0;
}

/*
 * The component of w->rest at *pos: 0 to go on, 1 when it ends the walk
 * (*name, and st when *exists), -1 on error.
 */
static int step(struct walk *w, size_t *pos, const char *path, char **name,
		struct stat *st, bool *exists, struct fd_err *err)
{
	const char *r = w->rest.buf;
	size_t end;
	bool last, slash;
	char *comp;
	int fd, ret = -1;

	while (r[*pos] == '/')
		(*pos)++;
	if (!r[*pos]) /* "/", or a link to "dir/": no name to write */
		return fd_err_set(err, "%s: is a directory", path);
	end = *pos + strcspn(r + *pos, "/");
	slash = r[end] == '/';
	last = !r[end + strspn(r + end, "/")];
	comp = xstrndup(r + *pos, end - *pos);
	fd = openat(w->dfd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && last && !slash) {
		if (w->dangling_risky) {
			fd_err_set(err, "%s: not creating what a symbolic link "
				   "in a sticky world-writable directory "
				   "names: the link is not yours", path);
			goto out;
		}
		*name = comp; /* a new file */
		return 1;
	}
	if (fd < 0) {
		fd_err_set(err, "%s: cannot create: %s", path, strerror(errno));
		goto out;
	}
	if (fstat(fd, st)) {
		fd_err_set(err, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (S_ISLNK(st->st_mode)) {
		ret = follow(w, path, comp, fd, st, end, err);
		*pos = 0;
	} else if (!last && S_ISDIR(st->st_mode)) {
		close(w->dfd);
		w->dfd = fd;
		fd = -1;
		*pos = end;
		ret = 0;
	} else if (!last || (slash && !S_ISDIR(st->st_mode))) {
		fd_err_set(err, "%s: %s", path, strerror(ENOTDIR));
	} else {
		*exists = true;
		*name = comp;
		comp = NULL;
		ret = 1;
	}
out:
	if (fd >= 0)
		close(fd);
	free(comp);
	return ret;
}

/*
 * Where path goes (see outfile.h): on success *dirfd is the directory,
 * *name the last component in it, st its lstat when *exists. Every link
 * on the way is held to fs.protected_symlinks' rule here; the kernel only
 * ever looks up one name, unfollowed, in a directory held by descriptor.
 */
static int walk(const char *path, int *dirfd, char **name, struct stat *st,
		bool *exists, struct fd_err *err)
{
	struct walk w = { .rest = STRBUF_INIT };
	size_t pos = 0;
	int ret;

	*dirfd = -1;
	*name = NULL;
	*exists = false;
	if (!*path)
		return fd_err_set(err, "an empty output path");
	w.dfd = open(path[0] == '/' ? "/" : ".",
		     O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (w.dfd < 0)
		return fd_err_set(err, "%s: %s", path, strerror(errno));
	strbuf_addstr(&w.rest, path);
	do
		ret = step(&w, &pos, path, name, st, exists, err);
	while (!ret);
	if (ret > 0) {
		*dirfd = w.dfd;
		w.dfd = -1;
	}
	if (w.dfd >= 0)
		close(w.dfd);
	strbuf_release(&w.rest);
	return ret > 0 ? 0 : -1;
}

/* /dev/null and /dev/full: writing changes nothing, renaming would. */
static bool sink_device(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 &&
	       (minor(st->st_rdev) == 3 || minor(st->st_rdev) == 7);
}

/* The sink at name, checked again once open: the name may be another
 * node by now, but O_NONBLOCK keeps a FIFO from blocking. */
static int open_sink(struct outfile *o, struct fd_err *err)
{
	struct stat st;
	int fd;

	fd = openat(o->dirfd, o->name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK |
		    O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return fd_err_set(err, "%s: %s", o->path, strerror(errno));
	if (fstat(fd, &st) || !sink_device(&st)) {
		close(fd);
		return fd_err_set(err, "%s: changed while opened", o->path);
	}
	o->sink = true;
	return fd;
}

static const char *node_kind(const struct stat *st)
{
	if (S_ISFIFO(st->st_mode))
		return "a FIFO";
	if (S_ISSOCK(st->st_mode))
		return "a socket";
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return "a device";
	return "not a regular file";
}

static mode_t file_mode(unsigned int flags)
{
	return flags & OUTFILE_PRIVATE ? 0600 : 0666;
}

/*
 * An unnamed file in the directory, to be linked in at the end: a crash
 * leaves nothing. -1 when the file system (or the kernel) has no
 * O_TMPFILE.
 */
static int open_anon(struct outfile *o, unsigned int flags)
{
	/* the mode is the one any new file gets, less the umask */
	return openat(o->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC,
		      file_mode(flags));
}

/*
 * A name for the temporary beside the target, "NAME.tmp.PID.N"; try(o)
 * makes it: 0, or -1 with errno (EEXIST: the next N).
 */
static int pick_tmp(struct outfile *o, int (*try)(struct outfile *, void *),
		    void *arg)
{
	unsigned int n;

	for (n = 0; n < 1000; n++) {
		free(o->tmp);
		o->tmp = xstrfmt("%s.tmp.%ld.%u", o->name, (long)getpid(), n);
		if (!try(o, arg))
			return 0;
		if (errno != EEXIST)
			break;
	}
	free(o->tmp);
	o->tmp = NULL;
	return -1;
}

static int try_create(struct outfile *o, void *arg)
{
	int *fd = arg;

	*fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL |
		     O_NOFOLLOW | O_CLOEXEC, 0600);
	return *fd < 0 ? -1 : 0;
}

/* A named temporary, for file systems without O_TMPFILE. */
static int open_named(struct outfile *o, unsigned int flags,
		      struct fd_err *err)
{
	mode_t mask;
	int fd = -1;

	if (pick_tmp(o, try_create, &fd))
		return fd_err_set(err, "%s: cannot create: %s", o->path,
				  strerror(errno));
	/* what open() would give it: the mode less the umask */
	mask = umask(0);
	umask(mask);
	fchmod(fd, file_mode(flags) & ~mask);
	return fd;
}

static void release(struct outfile *o)
{
	free(o->name);
	free(o->tmp);
	/* only a file has descriptors: a struct never opened has zeros */
	if (o->path && o->dirfd >= 0)
		close(o->dirfd);
	if (o->path && o->anon_fd >= 0)
		close(o->anon_fd);
	free(o->path);
	memset(o, 0, sizeof(*o));
	o->dirfd = -1;
	o->anon_fd = -1;
}

int outfile_open_flags(struct outfile *o, const char *path,
		       unsigned int flags, struct fd_err *err)
{
	struct stat st;
	bool exists;
	int fd;

	memset(o, 0, sizeof(*o));
	o->dirfd = -1;
	o->anon_fd = -1;
	/* the names standard output has: /proc's links are refused */
	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout") ||
	    !strcmp(path, "/dev/fd/1") || !strcmp(path, "/proc/self/fd/1")) {
		o->fp = stdout;
		return 0;
	}
	if (walk(path, &o->dirfd, &o->name, &st, &exists, err))
		return -1;
	o->path = xstrdup(path);
	if (exists && S_ISDIR(st.st_mode)) {
		fd_err_set(err, "%s: is a directory", path);
		goto fail;
	}
	if (exists && sink_device(&st)) {
		fd = open_sink(o, err);
		if (fd < 0)
			goto fail;
		goto opened;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		fd_err_set(err, "%s: is %s: an output is a regular file "
			   "('-' is standard output)", path, node_kind(&st));
		goto fail;
	}
	fd = -1;
	if (!access("/proc/self/fd", X_OK) || !geteuid())
		fd = open_anon(o, flags);
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
		fd = open_named(o, flags, err);
	if (fd < 0)
		goto fail;
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
fail:
	release(o);
	return -1;
}

int outfile_open(struct outfile *o, const char *path, struct fd_err *err)
{
	return outfile_open_flags(o, path, 0, err);
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

static int try_link(struct outfile *o, void *arg)
{
	char proc[64];

	(void)arg;
	/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc does not */
	if (!linkat(o->anon_fd, "", o->dirfd, o->tmp, AT_EMPTY_PATH))
		return 0;
	if (errno == EEXIST)
		return -1;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", o->anon_fd);
	return linkat(AT_FDCWD, proc, o->dirfd, o->tmp, AT_SYMLINK_FOLLOW);
}

/*
 * Everything but the rename: the stream closed, its errors known, the
 * unnamed file given its temporary name (linkat() cannot replace an
 * existing target itself). On failure o is aborted.
 */
static int finish(struct outfile *o, struct fd_err *err)
{
	if (!o->path) {
		if (fflush(o->fp) || o->failed) {
			fd_err_set(err, "<stdout>: write error%s%s",
				   o->failed ? ": " : "",
				   o->failed ? strerror(o->failed) : "");
			release(o);
			return -1;
		}
		o->ready = true;
		return 0;
	}
	close_stream(o);
	if (o->failed) {
		fd_err_set(err, "%s: write error: %s", o->path,
			   strerror(o->failed));
		outfile_abort(o);
		return -1;
	}
	if (o->anon_fd >= 0) {
		if (pick_tmp(o, try_link, NULL)) {
			fd_err_set(err, "%s: cannot link the output in: %s",
				   o->path, strerror(errno));
			outfile_abort(o);
			return -1;
		}
		close(o->anon_fd);
		o->anon_fd = -1;
	}
	o->ready = true;
	return 0;
}

int outfile_commit(struct outfile *o, struct fd_err *err)
{
	int ret = 0;

	if (finish(o, err))
		return -1;
	if (o->tmp && renameat(o->dirfd, o->tmp, o->dirfd, o->name))
		ret = fd_err_set(err, "%s: %s", o->path, strerror(errno));
	if (ret)
		unlinkat(o->dirfd, o->tmp, 0);
	release(o);
	return ret;
}

/* Undo a rename of outfile_commit_all(). */
static void unrename(struct outfile *o)
{
	if (!o->tmp)
		return;
	if (o->swapped) {
		/* the old file back, ours to tmp (removed by release) */
		if (!renameat2(o->dirfd, o->tmp, o->dirfd, o->name,
			       RENAME_EXCHANGE))
			unlinkat(o->dirfd, o->tmp, 0);
	} else {
		unlinkat(o->dirfd, o->name, 0);
		free(o->tmp);
		o->tmp = NULL;
	}
}

int outfile_commit_all(struct outfile *v, size_t nr, struct fd_err *err)
{
	size_t i, j;

	if (nr == 1)
		return outfile_commit(v, err);
	for (i = 0; i < nr; i++)
		if (finish(&v[i], err))
			goto abort;
	for (i = 0; i < nr; i++) {
		struct outfile *o = &v[i];

		if (!o->tmp)
			continue;
		/* with the old file at tmp, a later failure can put it
		 * back */
		if (!renameat2(o->dirfd, o->tmp, o->dirfd, o->name,
			       RENAME_EXCHANGE)) {
			o->swapped = true;
			continue;
		}
		if (errno == ENOENT &&
		    !renameat2(o->dirfd, o->tmp, o->dirfd, o->name,
			       RENAME_NOREPLACE))
			continue;
		/* no RENAME_EXCHANGE here: no way back for this one */
		if (errno == EINVAL &&
		    !renameat(o->dirfd, o->tmp, o->dirfd, o->name)) {
			free(o->tmp);
			o->tmp = NULL;
			continue;
		}
		fd_err_set(err, "%s: %s", o->path, strerror(errno));
		unlinkat(o->dirfd, o->tmp, 0);
		free(o->tmp);
		o->tmp = NULL;
		for (j = 0; j < i; j++)
			unrename(&v[j]);
		goto abort;
	}
	for (i = 0; i < nr; i++) {
		/* the old files, swapped out */
		if (v[i].swapped)
			unlinkat(v[i].dirfd, v[i].tmp, 0);
		release(&v[i]);
	}
	return 0;
abort:
	for (i = 0; i < nr; i++)
		outfile_abort(&v[i]);
	return -1;
}

void outfile_abort(struct outfile *o)
{
	if (!o->path) {
		release(o);
		return;
	}
	close_stream(o);
	if (o->tmp && o->dirfd >= 0 && !o->swapped)
		unlinkat(o->dirfd, o->tmp, 0);
	release(o);
}
