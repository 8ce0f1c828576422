/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FUZZ_UTIL_H
#define FLAMEDIFF_FUZZ_UTIL_H

/*
 * What the harnesses under tests/fuzz/ share. Each harness is one
 * LLVMFuzzerTestOneInput(), linked either with libFuzzer (make fuzz) or
 * with tests/fuzz/replay-main.c (make check replays the corpus and the
 * regressions through it).
 *
 * The readers of the library take a path. fuzz_input_open() hands them
 * the bytes through a memfd named by "/proc/self/fd/N": no file system
 * writes, nothing left behind when a run dies. When the library grows a
 * reader of memory buffers, this is the one place to switch.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create() */
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/error.h"
#include "analyzer/profile.h"
#include "render/layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fuzz_input {
	int fd;
	char path[32]; /* "/proc/self/fd/N" */
};

/*
 * Put data into a memfd and name it in in->path. A failure here is the
 * harness's environment, not a finding: abort so that it is seen.
 */
static inline void fuzz_input_open(struct fuzz_input *in, const void *data,
				   size_t size)
{
	const char *p = data;

	in->fd = memfd_create("flamediff-fuzz", MFD_CLOEXEC);
	if (in->fd < 0) {
		perror("memfd_create");
		abort();
	}
	while (size) {
		ssize_t n = write(in->fd, p, size);

		if (n <= 0) {
			perror("write memfd");
			abort();
		}
		p += n;
		size -= n;
	}
	snprintf(in->path, sizeof(in->path), "/proc/self/fd/%d", in->fd);
}

static inline void fuzz_input_close(struct fuzz_input *in)
{
	if (in->fd >= 0)
		close(in->fd);
	in->fd = -1;
}

/*
 * Inputs of two sides (diff, differential graphs): a flags byte, then the
 * base, a line "=====", the new side. Without the separator both sides
 * are the same bytes (a build against itself, which must show no change).
 * The layout is that of the first fuzzing campaign's artifacts, which the
 * regression directories keep.
 */
#define FUZZ_SEP "=====\n"

struct fuzz_sides {
	uint8_t flags;
	const uint8_t *side[2];
	size_t len[2];
};

static inline void fuzz_split(const uint8_t *data, size_t size,
			      struct fuzz_sides *s)
{
	size_t seplen = strlen(FUZZ_SEP), i;

	s->flags = size ? data[0] : 0;
	if (size) {
		data++;
		size--;
	}
	s->side[0] = s->side[1] = data;
	s->len[0] = s->len[1] = size;
	for (i = 0; i + seplen <= size; i++) {
		if ((i && data[i - 1] != '\n') ||
		    memcmp(data + i, FUZZ_SEP, seplen))
			continue;
		s->len[0] = i;
		s->side[1] = data + i + seplen;
		s->len[1] = size - i - seplen;
		return;
	}
}

/*
 * The project's rule: no inf or NaN reaches a user. The harnesses check the
 * numbers the library hands to its writers, and abort() (a finding) on one.
 */
#define FUZZ_FINITE(x, what)                                               \
	do {                                                               \
		double v_ = (x);                                           \
		if (!isfinite(v_)) {                                       \
			fprintf(stderr, "%s:%d: %s is %g\n", __FILE__,     \
				__LINE__, (what), v_);                     \
			abort();                                           \
		}                                                          \
	} while (0)

/*
 * The invariants the libraries promise, on every profile a harness reads
 * (profile_check(), analyzer/profile.h) and on its flame graph's layout
 * with the default options (layout_check(), render/layout.h): a broken one
 * is a finding. fuzz_check_layout() for the layouts a harness builds.
 */
static inline void fuzz_check_layout(const struct layout *l)
{
	struct fd_err err = { { 0 } };

	if (layout_check(l, &err)) {
		fprintf(stderr, "layout_check: %s\n", err.msg);
		abort();
	}
}

static inline void fuzz_check_profile(const struct profile *p)
{
	struct fd_err err = { { 0 } };
	struct flame_opts fo;
	struct layout *l = NULL;

	if (!p)
		return;
	if (profile_check(p, &err)) {
		fprintf(stderr, "profile_check: %s\n", err.msg);
		abort();
	}
	flame_opts_init(&fo);
	if (!layout_build(&l, p, &fo, &err))
		fuzz_check_layout(l);
	layout__delete(l);
}

#endif
