// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/diff.h"
#include "analyzer/event.h"
#include "analyzer/lkp-stats.h"
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
				side_runs_release(r);
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

void side_runs_release(struct side_runs *r)
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

/*
 * Add run (read from path) to the runs of s, and to s->merged: the runs
 * of a side are one event, and their sum stays a number.
 */
static int add_run(struct side *s, struct profile *run, const char *path,
		   struct fd_err *err)
{
	const struct profile *first = s->nr_runs ? s->runs[0] : NULL;

	if (first && first->meta.event && run->meta.event &&
	    meta_event_conflict(first->meta.event, run->meta.event))
		return fd_err_at(err, path, 0,
				 "samples of event '%s' where the runs before "
				 "it have '%s': weights of different events "
				 "do not add up (keep one with --event-filter)",
				 run->meta.event, first->meta.event);
	if (!s->merged)
		s->merged = profile__new();
	profile_merge(s->merged, run);
	if (!isfinite(profile_total(s->merged)))
		return fd_err_at(err, path, 0,
				 "the weights of the runs add up past the "
				 "largest number");
	s->runs = xrealloc(s->runs, size_mul(s->nr_runs + 1,
					     sizeof(*s->runs)));
	s->runs[s->nr_runs++] = run;
	return 0;
}

static void side_name(struct side *s, const char *path)
{
	if (s->nr_runs && s->runs[0]->meta.label)
		s->name = xstrdup(s->runs[0]->meta.label);
	else
		s->name = side_name_from_path(path);
}

int side_load(struct side *s, char *const *paths, size_t nr_paths,
	      const struct input_opts *o, struct fd_err *err)
{
	struct side_runs r;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (side_list_runs(&r, paths, nr_paths, err))
		return -1;
	for (i = 0; i < r.nr; i++) {
		struct profile *p = profile__new();

		if (input_read(r.paths[i], o, p, NULL, err) ||
		    add_run(s, p, r.paths[i], err)) {
			profile__delete(p);
			side_runs_release(&r);
			side_release(s);
			return -1;
		}
	}
	side_runs_release(&r);
	side_name(s, paths[0]);
	return 0;
}

void diff_side_release(struct diff_side *s)
{
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		free(s->files[i]);
		if (s->sets)
			metric_set_release(&s->sets[i]);
	}
	free(s->files);
	free(s->sets);
	free(s->totals);
	free(s->name);
	side_release(&s->side);
	memset(s, 0, sizeof(*s));
}

/*
 * Read run i of a diff side from lr, as LKP stats into s->sets[i] or as a
 * profile into s->side; *stats says which it was.
 */
static int diff_side_read(struct diff_side *s, size_t i,
			  struct linereader *lr, const struct input_opts *io,
			  bool *stats, struct fd_err *err)
{
	enum input_format fmt = io ? io->format : INPUT_AUTO;
	struct profile *p;

	if (fmt == INPUT_AUTO && input_detect_lr(lr, &fmt, err))
		return -1;
	*stats = fmt == INPUT_LKP_STATS;
	if (*stats)
		return lkp_stats_read(lr, &s->sets[i], err);
	p = profile__new();
	if (input_read_lr(lr, io, p, NULL, err) ||
	    add_run(&s->side, p, lr->path, err)) {
		profile__delete(p);
		return -1;
	}
	return 0;
}

int diff_side_load(struct diff_side *s, char *const *paths, size_t nr_paths,
		   const struct input_opts *io, struct fd_err *err)
{
	size_t i, nr_stats = 0, first_stats = 0;
	struct side_runs r;

	memset(s, 0, sizeof(*s));
	if (side_list_runs(&r, paths, nr_paths, err))
		return -1;
	s->files = r.paths; /* owned by s from now on */
	s->nr_runs = r.nr;
	s->sets = xcalloc(s->nr_runs, sizeof(*s->sets));
	for (i = 0; i < s->nr_runs; i++) {
		struct linereader lr;
		bool stats;
		int ret;

		if (lr_init_path(&lr, s->files[i], err))
			goto fail;
		ret = diff_side_read(s, i, &lr, io, &stats, err);
		lr_release(&lr);
		if (ret)
			goto fail;
		if (stats && !nr_stats++)
			first_stats = i;
	}
	if (nr_stats && nr_stats != s->nr_runs) {
		fd_err_at(err, s->files[first_stats], 0,
			  "an LKP stats file among profiles: the runs of a "
			  "side are all profiles or all stats files");
		goto fail;
	}
	if (nr_stats) {
		s->stats = true;
		s->name = side_name_from_path(paths[0]);
		return 0;
	}
	/* diff_side_measure() fills the sets of profiles. */
	free(s->sets);
	s->sets = NULL;
	side_name(&s->side, paths[0]);
	s->name = xstrdup(s->side.name);
	return 0;
fail:
	diff_side_release(s);
	return -1;
}

char *diff_side_event(const struct diff_side *s)
{
	size_t i, j;

	if (!s->stats)
		return metrics_event_name(s->side.runs[0]->meta.event);
	for (i = 0; i < s->nr_runs; i++)
		for (j = 0; j < s->sets[i].nr; j++) {
			const char *key = s->sets[i].v[j].key, *name, *ev;

			if (diff_key_group(key, &name) == DIFF_STAT || !name)
				continue;
			/* "perf-profile.GROUP.EVENT.NAME" */
			ev = strchr(key + strlen("perf-profile."), '.') + 1;
			return xstrndup(ev, name - 1 - ev);
		}
	return NULL;
}

/* The event a profile side recorded, as perf spelled it; NULL unknown. */
static const char *side_raw_event(const struct diff_side *s)
{
	if (s->stats || !s->side.nr_runs)
		return NULL;
	return s->side.runs[0]->meta.event;
}

int diff_sides_event(const struct diff_side *s, const char *forced,
		     char **event, char **note, struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	const char *raw[2] = { side_raw_event(&s[0]), side_raw_event(&s[1]) };
	char *ev[2];
	int i;

	*event = NULL;
	*note = NULL;
	if (forced) {
		*event = xstrdup(forced);
		return 0;
	}
	if (raw[0] && raw[1] && !event_same(raw[0], raw[1]))
		return fd_err_set(err, "the base recorded %s, the new side %s: "
				  "different events, whose rows do not "
				  "compare (--event-name NAME compares them "
				  "anyway)", raw[0], raw[1]);
	for (i = 0; i < 2; i++)
		ev[i] = diff_side_event(&s[i]);
	/* Against LKP's stats, flamediff's keys must be named as LKP's. */
	i = s[0].stats != s[1].stats && s[1].stats ? 1 : 0;
	if (!ev[i])
		i = !i;
	if (raw[0] && raw[1] && strcmp(raw[0], raw[1]))
		*note = xstrfmt("base is %s, new is %s: the same event, "
				"rows matched as %s",
				raw[0], raw[1], ev[i] ? ev[i] : "cycles-pp");
	else if (ev[0] && ev[1] && strcmp(ev[0], ev[1]) &&
		 !(s[0].stats && s[1].stats))
		*note = xstrfmt("%s is %s, %s is %s; the keys use %s "
				"(--event-name to choose)", what[0], ev[0],
				what[1], ev[1], ev[i]);
	*event = ev[i] ? ev[i] : xstrdup("cycles-pp");
	free(ev[!i]);
	return 0;
}

void side_release(struct side *s)
{
	size_t i;

	for (i = 0; i < s->nr_runs; i++)
		profile__delete(s->runs[i]);
	free(s->runs);
	profile__delete(s->merged);
	free(s->name);
	memset(s, 0, sizeof(*s));
}
