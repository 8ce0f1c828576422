// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "side.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_run(struct side *s, const char *path,
		   const struct input_opts *o, struct fd_err *err)
{
	struct profile *p = profile_new();

	if (input_read(path, o, p, NULL, err)) {
		profile_free(p);
		return -1;
	}
	s->runs = xrealloc(s->runs, (s->nr_runs + 1) * sizeof(*s->runs));
	s->runs[s->nr_runs++] = p;
	return 0;
}

/* The regular files of a directory, sorted, as runs. */
static int add_dir(struct side *s, const char *dir,
		   const struct input_opts *o, struct fd_err *err)
{
	char **names = NULL;
	unsigned long nr = 0, alloc = 0, i;
	struct dirent *de;
	int ret = 0;
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
		if (stat(path, &st) || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = path;
	}
	closedir(d);
	if (!nr) {
		free(names);
		return fd_err_set(err, "%s: no runs in this directory", dir);
	}
	qsort(names, nr, sizeof(*names), cmp_str);
	for (i = 0; i < nr && !ret; i++)
		ret = add_run(s, names[i], o, err);
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	return ret;
}

/* "dir/base.prof.gz" -> "base": what a user would call that build. */
static char *name_from_path(const char *path)
{
	static const char *const exts[] = { ".gz", ".prof", ".folded",
					    ".txt", ".perf-script", ".data" };
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
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < nr_paths; i++) {
		struct stat st;
		int ret;

		if (strcmp(paths[i], "-") && !stat(paths[i], &st) &&
		    S_ISDIR(st.st_mode))
			ret = add_dir(s, paths[i], o, err);
		else
			ret = add_run(s, paths[i], o, err);
		if (ret) {
			side_free(s);
			return -1;
		}
	}
	if (!s->nr_runs)
		return fd_err_set(err, "no input given for a side");
	s->merged = profile_new();
	for (i = 0; i < s->nr_runs; i++)
		profile_merge(s->merged, s->runs[i]);
	if (s->runs[0]->meta.label)
		s->name = xstrdup(s->runs[0]->meta.label);
	else
		s->name = name_from_path(paths[0]);
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
