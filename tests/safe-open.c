// SPDX-License-Identifier: GPL-2.0
/* lib/safe-open: what its header promises, on files made here. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/safe-open.h"
#include "tap.h"

static void write_text(const char *path, const char *s)
{
	FILE *fp = fopen(path, "w");

	if (!fp || fputs(s, fp) < 0 || fclose(fp)) {
		perror(path);
		exit(1);
	}
}

int main(void)
{
	char dir[] = "/tmp/safe-open-XXXXXX";
	char reg[64], fifo[64], lnk[64], other[64];
	struct safe_want want = { 0 };
	struct fd_err err;
	struct stat st, ost;
	char *buf;
	size_t len;
	int fd;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(reg, sizeof(reg), "%s/reg", dir);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	snprintf(lnk, sizeof(lnk), "%s/lnk", dir);
	snprintf(other, sizeof(other), "%s/other", dir);
	write_text(reg, "hello\n");
	write_text(other, "other\n");
	if (mkfifo(fifo, 0600) || symlink(reg, lnk)) {
		perror("mkfifo/symlink");
		return 1;
	}
	/* a FIFO nobody writes would block a plain open() for ever */
	alarm(10);

	fd = safe_open(reg, 0, NULL, &st, &err);
	ok(fd >= 0 && S_ISREG(st.st_mode), "a regular file opens");
	ok(safe_read_all(fd, reg, 1024, &buf, &len, &err) == 0 && len == 6 &&
		   !strcmp(buf, "hello\n"),
	   "safe_read_all reads it whole, NUL-terminated");
	free(buf);
	ok(safe_read_all(fd, reg, 5, &buf, &len, &err) == -1 &&
		   errno == ESAFE_TOO_LARGE && !buf,
	   "past the cap: ESAFE_TOO_LARGE, no buffer");
	close(fd);

	fd = safe_open(fifo, 0, NULL, NULL, &err);
	ok(fd == -1 && errno == ESAFE_NOT_REGULAR && strstr(err.msg, fifo),
	   "a FIFO is refused at once, the message names it (%s)", err.msg);
	fd = safe_open("/dev/zero", 0, NULL, NULL, &err);
	ok(fd == -1 && errno == ESAFE_NOT_REGULAR, "a device is refused");
	fd = safe_open(dir, 0, NULL, NULL, &err);
	ok(fd == -1 && errno == ESAFE_NOT_REGULAR, "a directory is refused");

	fd = safe_open(lnk, 0, NULL, NULL, &err);
	ok(fd >= 0, "a link is followed by default");
	if (fd >= 0)
		close(fd);
	fd = safe_open(lnk, SAFE_NOFOLLOW, NULL, NULL, &err);
	ok(fd == -1 && errno == ELOOP, "SAFE_NOFOLLOW refuses a link");

	if (stat(other, &ost))
		return 1;
	want.ino = ost.st_ino;
	fd = safe_open(reg, 0, &want, NULL, &err);
	ok(fd == -1 && errno == ESAFE_OTHER_FILE,
	   "another inode than the one asked for is refused");
	fd = safe_open(other, 0, &want, NULL, &err);
	ok(fd >= 0, "the inode asked for opens");
	if (fd >= 0)
		close(fd);

	if (geteuid() == 0 && chown(other, 65534, 65534) == 0) {
		fd = safe_open(other, SAFE_OWNER_TRUSTED, NULL, NULL, &err);
		ok(fd == -1 && errno == ESAFE_UNTRUSTED_OWNER,
		   "SAFE_OWNER_TRUSTED refuses another user's file");
	} else {
		ok(1, "# SKIP not root: cannot give a file to another user");
	}

	fd = safe_open(reg, 0, NULL, NULL, &err);
	if (fd >= 0 && truncate(reg, 2) == 0) {
		char *b2;
		size_t l2;

		ok(safe_read_all(fd, reg, 1024, &b2, &l2, &err) == 0 &&
			   l2 == 2,
		   "a file truncated before the read reads as it is now");
		free(b2);
	}
	if (fd >= 0)
		close(fd);

	fd = safe_open(dir, 0, NULL, NULL, NULL);
	ok(fd == -1, "err may be NULL");

	/* an input the user named may be a FIFO: it waits for its writer */
	if (fork() == 0) {
		int w = open(fifo, O_WRONLY | O_CLOEXEC);

		_exit(w < 0 || write(w, "fifo\n", 5) != 5);
	}
	fd = safe_open(fifo, SAFE_ALLOW_FIFO, NULL, &st, &err);
	{
		char b[8] = "";

		ok(fd >= 0 && S_ISFIFO(st.st_mode) && read(fd, b, 8) == 5 &&
			   !memcmp(b, "fifo\n", 5),
		   "SAFE_ALLOW_FIFO reads a FIFO from its writer");
	}
	if (fd >= 0)
		close(fd);
	wait(NULL);
	fd = safe_open("/dev/zero", SAFE_ALLOW_FIFO, NULL, NULL, &err);
	ok(fd == -1 && errno == ESAFE_NOT_REGULAR,
	   "SAFE_ALLOW_FIFO still refuses a device");

	unlink(reg);
	unlink(other);
	unlink(fifo);
	unlink(lnk);
	rmdir(dir);
	return done_testing();
}
