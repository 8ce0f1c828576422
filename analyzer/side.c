// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/side.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void push(struct side_runs *r, const char *path)
{
	ALLOC_GROW(r->paths, r->nr + 1, r->alloc);
	r->paths[r->nr++] = xstrdup(path);
}

/* The regular files of a directory, sorted by name, dot files skipped. */
static int push_dir(struct side_runs *r, const char *dir, struct fd_err *err)
{
	size_t first = r->nr;
	struct dirent *de;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return fd_err_set(err, "%s: %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		struct stat st;
		char *path;

		if (de->d_name[0] == '.')
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			push(r, path);
		free(path);
	}
	closedir(d);
	if (r->nr == first)
		return fd_err_set(err, "%s: no runs in this directory", dir);
	sane_qsort(r->paths + first, r->nr - first, sizeof(*r->paths), cmp_str);
	return 0;
}

int side_list_runs(struct side_runs *r, char *const *paths, size_t nr_paths,
		   struct fd_err *err)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < nr_paths; i++) {
		struct stat st;

		if (strcmp(paths[i], "-") && !stat(paths[i], &st) &&
		    S_ISDIR(st.st_mode)) {
			if (push_dir(r, paths[i], err)) {
				side_runs_free(r);
				return -1;
			}
		} else {
			push(r, paths[i]);
		}
	}
	if (!r->nr)
		return fd_err_set(err, "no input given for a side");
	return 0;
}

void side_runs_free(struct side_runs *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		free(r->paths[i]);
	free(r->paths);
	memset(r, 0, sizeof(*r));
}

char *side_name_from_path(const char *path)
{
	static const char *const exts[] = { ".gz",	   ".prof",
					    ".profile",	   ".folded",
					    ".txt",	   ".perf-script",
					    ".data",	   ".stats" };
	size_t len = strlen(path), i;
	const char *base;
	char *name;
	int again = 1;

	while (len > 1 && path[len - 1] == '/')
		len--;
	for (base = path + len; base > path && base[-1] != '/'; base--)
		;
	name = xstrndup(base, path + len - base);
	len = strlen(name);
	while (again) {
		again = 0;
		for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
			size_t n = strlen(exts[i]);

			if (len > n && !strcmp(name + len - n, exts[i])) {
				len -= n;
				name[len] = '\0';
				again = 1;
			}
		}
	}
	return name;
}

int side_load(struct side *s, char *const *paths, size_t nr_paths,
	      const struct input_opts *o, struct fd_err *err)
{
	struct side_runs r;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (side_list_runs(&r, paths, nr_paths, err))
		return -1;
	s->runs = xcalloc(r.nr, sizeof(*s->runs));
	for (i = 0; i < r.nr; i++) {
		struct profile *p = profile_new();

		if (input_read(r.paths[i], o, p, NULL, err)) {
			profile_free(p);
			side_runs_free(&r);
			side_free(s);
			return -1;
		}
		s->runs[s->nr_runs++] = p;
	}
	side_runs_free(&r);
	s->merged = profile_new();
	for (i = 0; i < s->nr_runs; i++)
		profile_merge(s->merged, s->runs[i]);
	if (s->runs[0]->meta.label)
		s->name = xstrdup(s->runs[0]->meta.label);
	else
		s->name = side_name_from_path(paths[0]);
	return 0;
}

void side_free(struct side *s)
{
	size_t i;

	for (i = 0; i < s->nr_runs; i++)
		profile_free(s->runs[i]);
	free(s->runs);
	profile_free(s->merged);
	free(s->name);
	memset(s, 0, sizeof(*s));
}
