// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 23, item 3: a perf.data truncated by its owner while we read it is
 * an error naming the file and the offset, never a SIGBUS (the reader no
 * longer maps its input). The truncation comes between the open and the
 * reads, where a mapping of the old size would have faulted.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/profile.h"
#include "collector/perfdata.h"
#include "lib/linereader.h"
#include "lib/strbuf.h"
#include "tap.h"

static int read_truncated(const char *path, off_t to, struct fd_err *err)
{
	struct input_opts io = { .format = INPUT_AUTO };
	struct strbuf warn = STRBUF_INIT;
	struct profile *p = profile__new();
	struct linereader lr;
	int r = -1;

	if (lr_init_path(&lr, path, err) == 0) {
		if (truncate(path, to) == 0)
			r = perf_data_read(&lr, &io, p, &warn, err);
		lr_release(&lr);
	}
	strbuf_release(&warn);
	profile__delete(p);
	return r;
}

int main(void)
{
	const char *src = "tests/fuzz/corpus/perfdata/file.data";
	char path[] = "/tmp/perfdata-trunc-XXXXXX";
	struct fd_err err = { { 0 } };
	FILE *in, *out;
	char buf[4096];
	size_t n;
	int fd, r;

	fd = mkstemp(path);
	in = fopen(src, "rb");
	out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!in || !out) {
		diag("cannot copy %s", src);
		return 1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	fclose(out);

	r = read_truncated(path, 3000, &err);
	ok(r == -1, "a perf.data truncated after the open is an error");
	ok(strstr(err.msg, path) != NULL, "the message names the file: %s",
	   err.msg);
	ok(strstr(err.msg, "offset") != NULL, "and the offset");
	unlink(path);
	return done_testing();
}
