/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TESTFILE_H
#define FLAMEDIFF_TESTFILE_H

/*
 * What the C tests share besides TAP (tap.h): write some bytes, read a
 * whole file back, a profile from text (through the readers, as the
 * commands get one, or stack by stack), a frame of a layout by name.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/input.h"
#include "analyzer/profile.h"
#include "render/layout.h"

static inline void write_file(const char *path, const char *data, size_t len)
{
	FILE *fp = fopen(path, "wb");

	if (!fp)
		return;
	fwrite(data, 1, len, fp);
	fclose(fp);
}

static inline void write_text(const char *path, const char *text)
{
	write_file(path, text, strlen(text));
}

/* The whole file NUL-terminated (to free), or NULL if it cannot be read. */
static inline char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	long n;
	char *s;

	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	s = malloc(n + 1);
	n = fread(s, 1, n, fp);
	s[n] = '\0';
	fclose(fp);
	return s;
}

/*
 * The profile input_read() makes of text (any format it reads; the file
 * goes away again), or NULL with the reader's message as a TAP comment.
 */
static inline struct profile *profile_of_text(const char *text)
{
	char path[] = "/tmp/flamediff-test.XXXXXX";
	struct profile *p = profile__new();
	struct fd_err err;
	int fd = mkstemp(path);

	if (fd < 0) {
		perror("mkstemp");
		exit(1);
	}
	close(fd);
	write_text(path, text);
	if (input_read(path, NULL, p, NULL, &err)) {
		printf("# input_read: %s\n", err.msg);
		profile__delete(p);
		p = NULL;
	}
	unlink(path);
	return p;
}

/* The profile in path as input_read() reads it in that CPU view; NULL,
 * with a diagnostic, when it fails. */
static inline struct profile *read_profile_view(const char *path,
						unsigned int view)
{
	struct input_opts io = { .cpu_view = view };
	struct profile *p = profile__new();
	struct fd_err err;

	if (input_read(path, &io, p, NULL, &err)) {
		printf("# %s\n", err.msg);
		profile__delete(p);
		return NULL;
	}
	return p;
}

/*
 * Add one folded stack ("proc;f_[k];g", at most 64 frames) with weight w,
 * straight into the tree: the first frame is a process name when
 * process_root, and each other frame's kind is its suffix.
 */
static inline void add_folded_stack(struct profile *p, const char *stack,
				    double w, bool process_root)
{
	struct frame fr[64];
	size_t n = 0, len;
	const char *s = stack, *e;

	while (*s && n < 64) {
		e = strchr(s, ';');
		len = e ? (size_t)(e - s) : strlen(s);
		if (n == 0 && process_root)
			fr[n].kind = FRAME_PROCESS;
		else
			fr[n].kind = frame_kind_parse(s, &len);
		fr[n].name = profile_intern(p, s, len);
		n++;
		if (!e)
			break;
		s = e + 1;
	}
	profile_add_stack(p, fr, n, w);
}

/* The first frame of l called name (under a frame called parent, if not
 * NULL), or NULL. */
static inline const struct layout_frame *
layout_find(const struct layout *l, const char *name, const char *parent)
{
	size_t i;

	for (i = 0; i < l->nr_frames; i++) {
		const struct layout_frame *f = &l->frames[i];

		if (strcmp(f->name, name))
			continue;
		if (parent && (f->parent == NODE_NONE ||
			       strcmp(l->frames[f->parent].name, parent)))
			continue;
		return f;
	}
	return NULL;
}

/*
 * A differential layout of runs as svg --diff lays them out: the
 * comparison tree (to cmp_tree__delete() after layout__delete()) and the
 * layout over it. --reverse is the caller's (reverse the runs first).
 */
static inline int test_layout_diff(struct layout **l, struct cmp_tree **t,
				   struct profile *const *b, size_t nb,
				   const struct profile *bm,
				   struct profile *const *n, size_t nn,
				   const struct profile *nm,
				   const struct flame_opts *fo,
				   struct fd_err *err)
{
	struct cmp_opts co = { .strip_clones = fo->strip_clones };

	co.diff.min_change = fo->min_delta;
	*t = cmp_tree__new(b, nb, n, nn, &co);
	return layout_build_diff(l, *t, bm, nm, fo, err);
}

#endif
