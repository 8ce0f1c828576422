// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "lib/error.h"
#include "analyzer/comparison.h"

void comparison_opts_init(struct comparison_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->diff.min_change = -1;
	o->strip_clones = true;
}

int comparison_load(struct comparison *c, char *const *const paths[2],
		    const size_t nr[2], const struct input_opts *io,
		    struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	struct fd_err e;
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < 2; i++) {
		if (diff_side_load(&c->sides[i], paths[i], nr[i], io, &e)) {
			fd_err_set(err, "%s: %s", what[i], e.msg);
			return -1;
		}
	}
	return 0;
}

void comparison_init_profiles(struct comparison *c, struct profile *base,
			      struct profile *new, const char *name)
{
	struct profile *p[2] = { base, new };
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < 2; i++) {
		struct diff_side *s = &c->sides[i];

		s->nr_runs = 1;
		s->files = xcalloc(1, sizeof(*s->files));
		s->files[0] = xstrdup(name);
		s->name = xstrdup(i ? "new" : "base");
		s->side.name = xstrdup(s->name);
		s->side.nr_runs = 1;
		s->side.runs = xcalloc(1, sizeof(*s->side.runs));
		/* One run is its own sum: the merged profile is a copy so
		 * that side_release() frees each once. */
		s->side.runs[0] = p[i];
		s->side.merged = profile__new();
		profile_merge(s->side.merged, p[i]);
	}
}

static struct profile **reverse_runs(const struct side *s)
{
	struct profile **r = xcalloc(s->nr_runs, sizeof(*r));
	size_t i;

	for (i = 0; i < s->nr_runs; i++)
		r[i] = profile__new_reversed(s->runs[i]);
	return r;
}

int comparison_compute(struct comparison *c, const struct comparison_opts *o,
		       struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	struct diff_side *s = c->sides;
	struct fd_err e;
	int i;

	/* Truly different events do not compare; one spelled two ways
	 * does, said once in c->note. */
	if (diff_sides_event(s, o->event, &c->event, &c->note, err))
		return -1;
	for (i = 0; i < 2; i++) {
		if (diff_side_measure(&s[i], c->event, o->full_precision,
				      &e)) {
			fd_err_set(err, "%s: %s", what[i], e.msg);
			return -1;
		}
	}
	diff_compare(s[0].sets, s[0].nr_runs, s[1].sets, s[1].nr_runs,
		     &o->diff, &c->table);
	if (o->tree && comparison_profiles(c)) {
		struct cmp_opts co = {
			.diff = o->diff,
			.full_precision = o->full_precision,
			.strip_clones = o->strip_clones,
		};
		struct profile *const *runs[2] = { s[0].side.runs,
						   s[1].side.runs };

		if (o->reverse) {
			for (i = 0; i < 2; i++)
				runs[i] = c->reversed[i] =
					reverse_runs(&s[i].side);
		}
		c->tree = cmp_tree__new(runs[0], s[0].side.nr_runs, runs[1],
					s[1].side.nr_runs, &co);
	}
	return 0;
}

void comparison_release(struct comparison *c)
{
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		if (c->reversed[k]) {
			for (i = 0; i < c->sides[k].side.nr_runs; i++)
				profile__delete(c->reversed[k][i]);
			free(c->reversed[k]);
		}
		diff_side_release(&c->sides[k]);
	}
	cmp_tree__delete(c->tree);
	diff_release(&c->table);
	free(c->event);
	free(c->note);
	memset(c, 0, sizeof(*c));
}
