// SPDX-License-Identifier: GPL-2.0
/*
 * The runs a side's paths stand for (runs-list.h), and what a front
 * end says of them: the files of a directory that are no runs, and the
 * runs cut short (side_runs_note()).
 *
 * A directory of runs is what people keep beside their runs: a README, a
 * job file, the kernel's config; or the runs one directory each, as LKP
 * lays out its results (base/1/, base/2/). So its files are the runs that
 * look like one, and those of its subdirectories, one level deep; a file
 * that looks like none is left out and named in a note rather than read
 * as perf script text and refused.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/input.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/runs-list.h"
#include "analyzer/side.h"
#include "lib/alloc.h"
#include "lib/linereader.h"
#include "lib/strbuf.h"

/* How much of a file is looked at to tell a run from another file. */
#define RUNS_PEEK (64 * 1024)

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void push(struct side_runs *r, const char *path)
{
	ALLOC_GROW(r->paths, r->nr + 1, r->alloc);
	r->paths[r->nr++] = xstrdup(path);
}

static void name_add(char **list, size_t *nr, const char *path)
{
	char *old = *list;

	*list = old ? xstrfmt("%s, %s", old, path) : xstrdup(path);
	free(old);
	(*nr)++;
}

/*
 * Whether text the detector calls perf script is some: a frame line
 * (blank, then a hex address and a blank) or a sample header's
 * timestamp (" SECONDS.MICROS:"). A README has neither.
 */
static bool looks_like_perf_script(const char *s, size_t len)
{
	const char *end = s + len, *p = s;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *q = p;

		if (!eol)
			eol = end;
		if (*q == '\t' || *q == ' ') {
			while (q < eol && (*q == '\t' || *q == ' '))
				q++;
			if (q < eol && isxdigit((unsigned char)*q)) {
				while (q < eol && isxdigit((unsigned char)*q))
					q++;
				if (q < eol && *q == ' ')
					return true;
			}
		}
		for (q = p; q + 1 < eol; q++) {
			const char *d = q + 1;

			if (*q != ' ' || !isdigit((unsigned char)*d))
				continue;
			while (d < eol && isdigit((unsigned char)*d))
				d++;
			if (d < eol && *d++ == '.' && d < eol &&
			    isdigit((unsigned char)*d)) {
				while (d < eol && isdigit((unsigned char)*d))
					d++;
				if (d < eol && *d == ':')
					return true;
			}
		}
		p = eol + 1;
	}
	return false;
}

/* The lines of a profile's header hold "# interrupted after". */
static bool head_interrupted(const char *s, size_t len)
{
	const char *end = s + len, *p = s;
	static const char mark[] = "# interrupted after";

	while (p < end && (*p == '#' || p == s)) {
		const char *eol = memchr(p, '\n', end - p);

		if ((size_t)(end - p) >= sizeof(mark) - 1 &&
		    !memcmp(p, mark, sizeof(mark) - 1))
			return true;
		if (!eol)
			break;
		p = eol + 1;
	}
	return false;
}

/*
 * What path is, peeking at its start: 1 a run, 0 not one (nothing in it,
 * or text of no format), 2 a run that was interrupted. A file that
 * cannot be read counts as a run, so that reading it says why.
 */
static int probe_run(const char *path)
{
	struct linereader lr;
	enum input_format fmt;
	struct fd_err err;
	const char *head;
	size_t len;
	int ret = 1;

	/* a file found in a directory (maybe another user's): regular
	 * only, so that a FIFO put there cannot block the probe */
	if (lr_init_safe(&lr, path, 0, &err))
		return 1;
	if (input_detect_lr(&lr, &fmt, &err) ||
	    lr_peek(&lr, RUNS_PEEK, &head, &len, &err))
		goto out;
	if (!len)
		ret = 0;
	else if (fmt == INPUT_PERF_SCRIPT && !looks_like_perf_script(head, len))
		ret = 0;
	else if (fmt == INPUT_PROFILE && head_interrupted(head, len))
		ret = 2;
out:
	lr_release(&lr);
	return ret;
}

/* A file found in a directory: a run, or a name in the notes. */
static void push_found(struct side_runs *r, const char *path,
		       const struct input_opts *o)
{
	switch (probe_run(path)) {
	case 0:
		name_add(&r->skipped, &r->nr_skipped, path);
		break;
	case 2:
		if (o && o->complete_only) {
			name_add(&r->incomplete, &r->nr_incomplete, path);
			break;
		}
		/* fallthrough */
	default:
		push(r, path);
	}
}

/*
 * The LKP kind of path (lkp_stats_kind()); "" for a file that is no run
 * (a README), NULL for one that is a run of another format or unreadable.
 */
static const char *result_file_kind(const char *path)
{
	struct linereader lr;
	enum input_format fmt;
	struct fd_err err;
	const char *head, *kind = NULL;
	size_t len;

	if (lr_init_safe(&lr, path, 0, &err))
		return NULL;
	if (!input_detect_lr(&lr, &fmt, &err) &&
	    !lr_peek(&lr, RUNS_PEEK, &head, &len, &err)) {
		if (!len)
			kind = "";
		else if (fmt == INPUT_LKP_STATS)
			kind = lkp_stats_kind(head, len);
		else if (fmt == INPUT_PERF_SCRIPT &&
			 !looks_like_perf_script(head, len))
			kind = "";
	}
	lr_release(&lr);
	return kind;
}

/* The regular files of dir, sorted by name (dot files skipped). */
static int dir_files(const char *dir, struct side_runs *f,
		     struct fd_err *err)
{
	struct dirent *de;
	DIR *d;

	memset(f, 0, sizeof(*f));
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
			push(f, path);
		free(path);
	}
	closedir(d);
	sane_qsort(f->paths, f->nr, sizeof(*f->paths), cmp_str);
	return 0;
}

bool side_result_dir(const char *dir)
{
	const char *kinds[64];
	struct side_runs f;
	struct fd_err err;
	size_t i, j, n = 0;
	bool ok = true;

	if (dir_files(dir, &f, &err))
		return false;
	for (i = 0; ok && i < f.nr; i++) {
		const char *k = result_file_kind(f.paths[i]);

		if (!k || n == sizeof(kinds) / sizeof(kinds[0])) {
			ok = false;
			break;
		}
		if (!*k)
			continue;
		for (j = 0; j < n; j++)
			if (!strcmp(kinds[j], k))
				ok = false;
		kinds[n++] = k;
	}
	side_runs_release(&f);
	return ok && n >= 2;
}

int side_result_dir_read(const char *dir, struct metric_set *s,
			 struct fd_err *err)
{
	struct metric_set one = { 0 };
	struct side_runs f;
	size_t i, j;
	int ret = 0;

	if (dir_files(dir, &f, err))
		return -1;
	for (i = 0; !ret && i < f.nr; i++) {
		struct linereader lr;
		const char *k = result_file_kind(f.paths[i]);

		if (!k || !*k)
			continue;
		if (lr_init_safe(&lr, f.paths[i], 0, err)) {
			ret = -1;
			break;
		}
		ret = lkp_stats_read(&lr, &one, err);
		lr_release(&lr);
		for (j = 0; !ret && j < one.nr; j++)
			if (!metric_set_find(s, one.v[j].key))
				metric_set_add(s, one.v[j].key,
					       one.v[j].value);
		metric_set_release(&one);
		memset(&one, 0, sizeof(one));
	}
	side_runs_release(&f);
	if (!ret && !s->nr)
		ret = fd_err_set(err, "%s: an LKP result directory with no "
				 "rows", dir);
	metric_set_sort(s);
	return ret ? -1 : 0;
}

/*
 * The regular files of dir that are runs, and (depth 0) those of its
 * subdirectories; dot files and dot directories skipped.
 */
static int push_dir_files(struct side_runs *r, const char *dir, int depth,
			  const struct input_opts *o, struct fd_err *err)
{
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
		if (stat(path, &st)) {
			free(path);
			continue;
		}
		if (S_ISREG(st.st_mode)) {
			push_found(r, path, o);
		} else if (S_ISDIR(st.st_mode) && !depth &&
			   side_result_dir(path)) {
			push(r, path);
		} else if (S_ISDIR(st.st_mode) && !depth &&
			   push_dir_files(r, path, depth + 1, o, err)) {
			free(path);
			closedir(d);
			return -1;
		}
		free(path);
	}
	closedir(d);
	return 0;
}

static int push_dir(struct side_runs *r, const char *dir,
		    const struct input_opts *o, struct fd_err *err)
{
	size_t first = r->nr;

	if (side_result_dir(dir)) {
		push(r, dir);
		return 0;
	}
	if (push_dir_files(r, dir, 0, o, err))
		return -1;
	if (r->nr == first) {
		if (r->nr_incomplete)
			return fd_err_set(err, "%s: no complete runs in this "
					  "directory (--complete-only left "
					  "out %s)", dir, r->incomplete);
		if (r->nr_skipped)
			return fd_err_set(err, "%s: no runs in this directory "
					  "(no profile, perf script, folded "
					  "or stats file in %s)", dir,
					  r->skipped);
		return fd_err_set(err, "%s: no runs in this directory", dir);
	}
	sane_qsort(r->paths + first, r->nr - first, sizeof(*r->paths), cmp_str);
	return 0;
}

int side_list_runs(struct side_runs *r, char *const *paths, size_t nr_paths,
		   const struct input_opts *o, struct fd_err *err)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < nr_paths; i++) {
		struct stat st;

		if (strcmp(paths[i], "-") && !stat(paths[i], &st) &&
		    S_ISDIR(st.st_mode)) {
			if (push_dir(r, paths[i], o, err)) {
				side_runs_release(r);
				return -1;
			}
		} else if (o && o->complete_only && strcmp(paths[i], "-") &&
			   probe_run(paths[i]) == 2) {
			name_add(&r->incomplete, &r->nr_incomplete, paths[i]);
		} else {
			push(r, paths[i]);
		}
	}
	if (!r->nr) {
		if (r->nr_incomplete)
			fd_err_set(err, "no complete run for a side "
				   "(--complete-only left out %s)",
				   r->incomplete);
		else
			fd_err_set(err, "no input given for a side");
		side_runs_release(r);
		return -1;
	}
	return 0;
}

/*
 * The size of path: a regular file's, a directory's regular files' and
 * those of its subdirectories (one level), as side_list_runs() finds
 * runs; -1 when it cannot be known (standard input, a pipe).
 */
static long long path_bytes(const char *path, int depth)
{
	struct dirent *de;
	struct stat st;
	long long sum = 0, n;
	DIR *d;

	if (!strcmp(path, "-") || stat(path, &st))
		return -1;
	if (S_ISREG(st.st_mode))
		return st.st_size;
	if (!S_ISDIR(st.st_mode))
		return depth ? 0 : -1;
	if (depth > 1 || !(d = opendir(path)))
		return 0;
	while ((de = readdir(d))) {
		char *sub;

		if (de->d_name[0] == '.')
			continue;
		sub = xstrfmt("%s/%s", path, de->d_name);
		n = path_bytes(sub, depth + 1);
		free(sub);
		if (n > 0)
			sum += n;
	}
	closedir(d);
	return sum;
}

unsigned long long side_paths_bytes(char *const *paths, size_t nr_paths)
{
	unsigned long long sum = 0;
	size_t i;

	for (i = 0; i < nr_paths; i++) {
		long long n = path_bytes(paths[i], 0);

		if (n < 0)
			return 0;
		sum += n;
	}
	return sum;
}

char *side_runs_take_note(struct side_runs *r)
{
	struct strbuf sb = STRBUF_INIT;

	if (r->nr_skipped)
		strbuf_addf(&sb, "left out %zu file%s that %s no run: %s",
			    r->nr_skipped, r->nr_skipped > 1 ? "s" : "",
			    r->nr_skipped > 1 ? "are" : "is", r->skipped);
	if (r->nr_incomplete)
		strbuf_addf(&sb, "%sleft out %zu interrupted run%s "
			    "(--complete-only): %s", sb.len ? "; " : "",
			    r->nr_incomplete, r->nr_incomplete > 1 ? "s" : "",
			    r->incomplete);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

void side_runs_release(struct side_runs *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		free(r->paths[i]);
	free(r->paths);
	free(r->skipped);
	free(r->incomplete);
	memset(r, 0, sizeof(*r));
}

/* The median of the durations of s's runs that have one (0: none). */
static double median_duration(const struct side *s)
{
	double *d = xcalloc(s->nr_runs + 1, sizeof(*d)), m = 0;
	size_t i, n = 0;

	for (i = 0; i < s->nr_runs; i++)
		if (s->meta[i].duration > 0)
			d[n++] = s->meta[i].duration;
	for (i = 1; i < n; i++) { /* insertion sort: a side has few runs */
		double v = d[i];
		size_t j = i;

		for (; j > 0 && d[j - 1] > v; j--)
			d[j] = d[j - 1];
		d[j] = v;
	}
	if (n)
		m = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
	free(d);
	return m;
}

char *side_short_runs_note(const struct side *s, char *const *files)
{
	struct strbuf sb = STRBUF_INIT;
	double med = median_duration(s);
	size_t i;

	for (i = 0; i < s->nr_runs; i++) {
		const struct profile_meta *m = &s->meta[i];
		bool shorter = med > 0 && m->duration > 0 &&
			       m->duration < SIDE_SHORT_RUN * med;

		if (!m->interrupted && !shorter)
			continue;
		strbuf_addstr(&sb, sb.len ? "; " : "");
		strbuf_addf(&sb, "%s ", files[i]);
		if (m->interrupted && m->asked > 0)
			strbuf_addf(&sb, "was interrupted after %.1f s of "
				    "%.1f s", m->duration, m->asked);
		else if (m->interrupted)
			strbuf_addf(&sb, "was interrupted after %.1f s",
				    m->duration);
		else
			strbuf_addf(&sb, "is shorter than the others");
		if (shorter && med > 0)
			strbuf_addf(&sb, " (%.1f s; the runs' median "
				    "%.1f s)", m->duration, med);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_addstr(&sb, ": their time rows and counts are of a shorter "
		      "run (--complete-only leaves interrupted runs out)");
	return strbuf_detach(&sb, NULL);
}
