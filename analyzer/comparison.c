// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strtab.h"
#include "analyzer/comparison.h"
#include "lib/compiler.h"

void comparison_opts_init(struct comparison_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->diff.min_change = DIFF_NO_MIN_CHANGE;
	o->strip_clones = true;
}

/* Where each run of a side goes once read: into the union tree, the
 * focus trees and the joint stacks, as asked. */
struct run_ctx {
	struct comparison *c;
	bool reverse;
	bool new;	/* the new side's runs */
};

/* The run's focus trees, each a column of its comparison. */
static void focus_add(struct comparison *c, const struct profile *run,
		      bool new)
{
	struct focus_run fr;

	focus_run_build(run, &c->focus_spec, &fr);
	cmp_build_add_part(c->focus_build[FOCUS_CALLERS], fr.callers, new,
			   fr.kept);
	cmp_build_add_part(c->focus_build[FOCUS_CALLEES], fr.callees, new,
			   fr.kept);
	c->focus_weight += fr.weight;
	focus_run_release(&fr);
}

static int keep_run(void *ctx, struct profile *run, size_t i UNUSED,
		    const char *path UNUSED, struct fd_err *err UNUSED)
{
	struct run_ctx *tc = ctx;
	struct profile *r;

	/* Before the tree may take the run's nodes. */
	if (tc->c->focus_build[0])
		focus_add(tc->c, run, tc->new);
	if (tc->c->stacks)
		joint_stacks_add(tc->c->stacks, run, tc->new);
	if (!tc->c->build)
		return 0;
	/* The run's tree is not read after this: the tree may take it. */
	if (!tc->reverse) {
		cmp_build_add_take(tc->c->build, run, tc->new);
		return 0;
	}
	r = profile__new_reversed(run);
	cmp_build_add_take(tc->c->build, r, tc->new);
	profile__delete(r);
	return 0;
}

static struct profile *tree_target(void *ctx)
{
	struct run_ctx *tc = ctx;

	return cmp_build_target(tc->c->build);
}

static struct profile *stacks_target(void *ctx)
{
	struct run_ctx *tc = ctx;

	return joint_stacks_target(tc->c->stacks);
}

/* The comparison's loading options, and its tree's build when asked;
 * direct: runs may be read straight into the tree. */
static void load_begin(struct comparison *c, const struct comparison_opts *o,
		       struct run_ctx tc[2], struct diff_side_visit v[2],
		       bool direct)
{
	/*
	 * Runs read straight into the union tree or the joint stacks, when
	 * that is all that is kept of them: no rows measured (they want the
	 * run's own names), no merged tree, no chains, no focus.
	 */
	bool bare = o->no_rows && !o->merged && !o->chains && !o->focus &&
		    direct;
	int i;

	memset(c, 0, sizeof(*c));
	if (o->stacks)
		c->stacks = joint_stacks__new();
	if (o->tree) {
		struct cmp_opts co = {
			.diff = o->diff,
			.full_precision = o->full_precision,
			.strip_clones = o->strip_clones,
			.max_depth = o->tree_depth,
		};

		c->build = cmp_build__new(&co);
	}
	if (o->focus) {
		struct cmp_opts co = {
			.diff = o->diff,
			.full_precision = o->full_precision,
			.strip_clones = o->strip_clones,
		};

		focus_spec_init(&c->focus_spec, o->focus, o->strip_clones);
		for (i = 0; i < 2; i++)
			c->focus_build[i] = cmp_build__new(&co);
	}
	for (i = 0; i < 2; i++) {
		tc[i] = (struct run_ctx){ c, o->reverse, i == 1 };
		v[i] = (struct diff_side_visit){
			.run = o->tree || o->focus || o->stacks ? keep_run
								: NULL,
			/* into whichever of the two is built alone (the
			 * union tree only when not reversed) */
			.target = bare && o->tree && !o->reverse &&
						  !o->stacks
					  ? tree_target
				  : bare && o->stacks && !o->tree
					  ? stacks_target
					  : NULL,
			.ctx = &tc[i],
			.merged = o->merged,
			.chains = o->chains,
			.no_rows = o->no_rows,
			.floor = diff_lkp_floor(o->full_precision),
		};
	}
}

int comparison_load(struct comparison *c, char *const *const paths[2],
		    const size_t nr[2], const struct input_opts *io,
		    const struct comparison_opts *o, struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	struct comparison_opts defaults;
	struct diff_side_visit v[2];
	struct run_ctx tc[2];
	struct input_opts sio;
	struct profile *spare = NULL;
	struct proc_match *m;
	struct fd_err e;
	size_t j;
	int i;

	if (!o) {
		comparison_opts_init(&defaults);
		o = &defaults;
	}
	m = proc_match__new(o->match, err);
	if (!m)
		return -1;
	/* A run renamed or stripped is rebuilt: not read into the tree */
	if (io)
		sio = *io;
	else
		memset(&sio, 0, sizeof(sio));
	load_begin(c, o, tc, v,
		   !proc_match_renames_tree(m, 0) && !sio.ps.no_comm);
	/* The rows are LKP's, which perf keeps per DSO (side.c measures
	 * them on the DSO-named tree, profile_split_dso_names()). */
	sio.ps.dso_names = !o->no_rows;
	c->match = m;
	sio.match = m;
	proc_match_learn(m, true);
	/* The new side is read into the base's names (side.h): builds of
	 * one workload share most of theirs. */
	v[0].keep_index = true;
	for (i = 0; i < 2; i++) {
		v[i].spare = &spare;
		if (i && proc_match_renames_tree(m, 1))
			v[i].target = NULL;
		if (i && !c->sides[0].stats)
			v[i].names = c->sides[0].raw_names;
		sio.match_side = i;
		if (diff_side_load_visit(&c->sides[i], paths[i], nr[i], &sio,
					 &v[i], &e)) {
			fd_err_set(err, "%s: %s", what[i], e.msg);
			profile__delete(spare);
			return -1;
		}
		/* LKP stats files: their testcase, as a profile's */
		for (j = 0; c->sides[i].stats && j < c->sides[i].nr_runs; j++)
			proc_match_stats(m, i, &c->sides[i].sets[j]);
	}
	profile__delete(spare);
	/* read by id only from now on (the new side may have had none) */
	if (c->sides[0].raw_names)
		strtab_drop_index(c->sides[0].raw_names);
	proc_match_learn(m, false);
	c->match_note = proc_match_note(m);
	return 0;
}

int comparison_init_profiles(struct comparison *c, struct profile *base,
			     struct profile *new, const char *name,
			     const struct comparison_opts *o,
			     struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	struct profile *p[2] = { base, new };
	struct comparison_opts defaults;
	struct diff_side_visit v[2];
	struct run_ctx tc[2];
	struct fd_err e;
	int i;

	if (!o) {
		comparison_opts_init(&defaults);
		o = &defaults;
	}
	load_begin(c, o, tc, v, true);
	for (i = 0; i < 2; i++) {
		if (diff_side_init_profile(&c->sides[i], p[i], name,
					   what[i], &v[i], &e)) {
			if (!i)
				profile__delete(p[1]);
			fd_err_set(err, "%s: %s", what[i], e.msg);
			return -1;
		}
	}
	return 0;
}

/*
 * The table of two profile sides: each run's figures as values by key id,
 * the keys interned once for the comparison, so that many runs cost one
 * number a run a row (a metric set a run would hold every key's string
 * per run).
 */
static int compare_profiles(struct comparison *c,
			    const struct comparison_opts *o,
			    struct fd_err *err)
{
	static const char *const what[2] = { "base", "new" };
	size_t nb = c->sides[0].nr_runs, nn = c->sides[1].nr_runs;
	struct diff_vals *v = xcalloc(nb + nn + 1, sizeof(*v));
	struct strtab *keys = strtab__new();
	struct fd_err e;
	int i, ret = 0;

	for (i = 0; i < 2 && !ret; i++) {
		ret = diff_side_measure_vals(&c->sides[i], c->event,
					     o->full_precision, keys,
					     v + (i ? nb : 0), &e);
		if (ret)
			fd_err_set(err, "%s: %s", what[i], e.msg);
	}
	if (!ret)
		diff_compare_vals(keys, v, nb, v + nb, nn, &o->diff,
				  &c->table);
	diff_vals_release(v, nb + nn);
	free(v);
	strtab__delete(keys);
	return ret;
}

/* The focus trees' comparisons, when FUNC is in a sample at all. */
static int focus_finish(struct comparison *c, const struct comparison_opts *o,
			struct fd_err *err)
{
	int i;

	if (!comparison_profiles(c) || !c->focus_build[0])
		return fd_err_set(err, "--focus %s: profiles are needed on "
				  "both sides, not LKP stats files",
				  o->focus);
	if (!(c->focus_weight > 0))
		return fd_err_set(err, "--focus %s: no sample of either side "
				  "has this function in its stack",
				  o->focus);
	for (i = 0; i < 2; i++) {
		c->focus[i] = cmp_build_finish(c->focus_build[i]);
		c->focus_build[i] = NULL;
	}
	return 0;
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
	if (comparison_profiles(c)) {
		if (compare_profiles(c, o, err))
			return -1;
	} else {
		for (i = 0; i < 2; i++) {
			if (diff_side_measure(&s[i], c->event,
					      o->full_precision, &e)) {
				fd_err_set(err, "%s: %s", what[i], e.msg);
				return -1;
			}
		}
		diff_compare(s[0].sets, s[0].nr_runs, s[1].sets,
			     s[1].nr_runs, &o->diff, &c->table);
	}
	if (o->tree && comparison_profiles(c) && c->build) {
		c->tree = cmp_build_finish(c->build);
		c->build = NULL;
	}
	return o->focus ? focus_finish(c, o, err) : 0;
}

int comparison_run(struct comparison *c, char *const *const paths[2],
		   const size_t nr[2], const struct input_opts *io,
		   const struct comparison_opts *o, struct fd_err *err)
{
	/* The load starts c afresh: the options are kept after it. */
	if (comparison_load(c, paths, nr, io, o, err)) {
		c->failed = COMPARISON_LOAD;
		return -1;
	}
	return comparison_finish(c, o, err);
}

int comparison_finish(struct comparison *c, const struct comparison_opts *o,
		      struct fd_err *err)
{
	c->opts = *o;
	c->failed = COMPARISON_NOT_PROFILES;
	if (c->opts.profiles_only && !comparison_profiles(c))
		return fd_err_set(err, "profiles are needed on both sides, "
				  "not LKP stats files");
	if (c->opts.load_only)
		return 0;
	c->failed = COMPARISON_COMPUTE;
	if (comparison_compute(c, &c->opts, err))
		return -1;
	if (c->opts.computed)
		c->opts.computed(c, c->opts.computed_data);
	/* 0 and 0: every row as computed (a graph's table) */
	if (c->opts.groups || c->opts.top)
		diff_select(&c->table,
			    c->opts.groups ? c->opts.groups : DIFF_ROWS_ALL,
			    c->opts.top);
	if (!c->opts.explain || !c->opts.tree)
		return 0;
	explain_sides(&c->table, &c->sides[0], &c->sides[1], &c->opts.diff,
		      &c->explain);
	explain_processes(&c->explain, c->tree);
	return 0;
}

void side_summary_of(const struct diff_side *s, const char *name,
		     struct side_summary *out)
{
	const struct profile_meta *m = !s->stats && s->nr_runs ?
					       &s->side.meta[0] : NULL;

	out->name = name ? name : s->name;
	out->stats = s->stats;
	out->nr_runs = s->nr_runs;
	out->files = s->files;
	out->event = m ? m->event : NULL;
	out->kernel = m ? m->kernel : NULL;
}

void comparison_summary(const struct comparison *c, int i,
			struct side_summary *out)
{
	side_summary_of(&c->sides[i], c->opts.names[i], out);
}

void comparison_release(struct comparison *c)
{
	int k;

	explain_release(&c->explain);
	for (k = 0; k < 2; k++)
		diff_side_release(&c->sides[k]);
	cmp_build__delete(c->build);
	cmp_tree__delete(c->tree);
	joint_stacks__delete(c->stacks);
	for (k = 0; k < 2; k++) {
		cmp_build__delete(c->focus_build[k]);
		cmp_tree__delete(c->focus[k]);
	}
	focus_spec_release(&c->focus_spec);
	proc_match__delete(c->match);
	diff_release(&c->table);
	free(c->event);
	free(c->note);
	memset(c, 0, sizeof(*c));
}
