// SPDX-License-Identifier: GPL-2.0
/*
 * analyzer/focus.c: the callers and callees trees of one function, and
 * their comparison through cmp_build_add_part() (shares of the whole
 * run, so the root's is the function's children share).
 */
#include <string.h>

#include "tap.h"
#include "analyzer/compare.h"
#include "analyzer/focus.h"
#include "analyzer/metrics.h"
#include "lib/error.h"

/* Add "a;b;c" (the first frame a process) of weight w to p. */
static void add(struct profile *p, const char *stack, double w)
{
	struct frame f[16];
	char buf[256], *s, *save = NULL;
	size_t n = 0;

	snprintf(buf, sizeof(buf), "%s", stack);
	for (s = strtok_r(buf, ";", &save); s && n < 16;
	     s = strtok_r(NULL, ";", &save)) {
		size_t len = strlen(s);
		unsigned int kind = n ? frame_kind_parse(s, &len)
				      : FRAME_PROCESS;

		f[n].name = profile_intern(p, s, len);
		f[n].kind = kind;
		n++;
	}
	profile_add_stack(p, f, n, w);
}

/* The node of path "a;b_[k]" below the root of p, or NODE_NONE: names
 * and kinds, a process matched by name. */
static uint32_t find(const struct profile *p, const char *path)
{
	char buf[256], *s, *save = NULL;
	uint32_t at = NODE_ROOT;

	snprintf(buf, sizeof(buf), "%s", path);
	for (s = strtok_r(buf, ";", &save); s; s = strtok_r(NULL, ";", &save)) {
		size_t len = strlen(s);
		unsigned int kind = frame_kind_parse(s, &len);
		uint32_t k;

		for (k = p->nodes[at].first_child; k != NODE_NONE;
		     k = p->nodes[k].next_sibling)
			if (strlen(node_name(p, k)) == len &&
			    !strncmp(node_name(p, k), s, len) &&
			    (p->nodes[k].kind == kind ||
			     p->nodes[k].kind == FRAME_PROCESS))
				break;
		if (k == NODE_NONE)
			return NODE_NONE;
		at = k;
	}
	return at;
}

static double total_of(const struct profile *p, const char *path)
{
	uint32_t id = find(p, path);

	return id == NODE_NONE ? -1 : node_total(p, id);
}

static struct profile *sample(double scale)
{
	struct profile *p = profile__new();

	add(p, "app;main;a;f;x", 10 * scale);
	add(p, "app;main;b;f.isra.0;x", 20 * scale);
	add(p, "app;main;c;f;g;f;y", 30);	/* recursion */
	add(p, "app;main;c;f", 5);		/* f's own time */
	add(p, "app;main;f;[unknown]", 7);	/* left out, as metrics do */
	add(p, "app;main;other", 28);
	add(p, "sys;f_[k];z_[k]", 4);		/* another kind, process */
	return p;
}

static void test_trees(void)
{
	struct profile *p = sample(1);
	struct focus_spec f;
	struct focus_run r;
	struct metrics m;
	const struct fn_metric *fm;

	focus_spec_init(&f, "f", true);
	focus_run_build(p, &f, &r);
	is_near(r.kept, 97, 1e-9, "the run's kept weight: all but [unknown]'s");
	is_near(r.weight, 69, 1e-9, "f's weight: every kept stack holding it "
		"once (10+20+30+5+4)");
	is_near(profile_total(r.callers), r.weight, 1e-9,
		"the callers tree weighs as much");
	is_near(total_of(r.callees, "f"), 45, 1e-9,
		"callees: f (user), its own stacks");
	is_near(total_of(r.callees, "f.isra.0"), 20, 1e-9,
		"callees: f.isra.0 is f, its name kept (the comparison "
		"strips it)");
	is_near(total_of(r.callees, "f_[k];z_[k]"), 4, 1e-9,
		"callees: the kernel's f apart");
	is_near(total_of(r.callees, "f;g;f;y"), 30, 1e-9,
		"callees: the inner f stays below g, counted once");
	is_near(total_of(r.callers, "f;a;main;app"), 10, 1e-9,
		"callers: f <- a <- main <- app");
	is_near(total_of(r.callers, "f.isra.0;b;main;app"), 20, 1e-9,
		"callers: f.isra.0's call site under f");
	is_near(total_of(r.callers, "f;c;main;app"), 35, 1e-9,
		"callers: c's stacks, the recursive one once");
	is_near(total_of(r.callers, "f_[k];sys"), 4, 1e-9,
		"callers: the kernel's f, its process right above");
	ok(profile_check(r.callers, NULL) == 0 &&
	   profile_check(r.callees, NULL) == 0,
	   "both trees keep profile.h's invariants");
	metrics_compute(p, &(struct metrics_opts){ 0 }, &m);
	fm = metrics_fn(&m, "f");
	ok(fm, "metrics has f");
	if (fm)
		is_near(100 * r.weight / r.kept, fm->children, 1e-9,
			"f's share of the kept weight is metrics' children");
	metrics_release(&m);
	focus_run_release(&r);
	focus_spec_release(&f);

	focus_spec_init(&f, "f_[k]", true);
	focus_run_build(p, &f, &r);
	is_near(r.weight, 4, 1e-9, "f_[k]: the kernel's f only");
	focus_run_release(&r);
	focus_spec_release(&f);

	focus_spec_init(&f, "f", false);
	focus_run_build(p, &f, &r);
	is_near(r.weight, 49, 1e-9, "without clone stripping f.isra.0 is not f");
	focus_run_release(&r);
	focus_spec_release(&f);

	focus_spec_init(&f, "nosuch", true);
	focus_run_build(p, &f, &r);
	ok(r.weight == 0 && r.callers->nr_nodes == 1 &&
	   r.callees->nr_nodes == 1, "a function in no stack: empty trees");
	focus_run_release(&r);
	focus_spec_release(&f);
	profile__delete(p);
}

/* Two runs a side through cmp_build_add_part(): shares of the whole. */
static void test_compare(void)
{
	struct cmp_opts o = { .diff.min_change = -1, .strip_clones = true };
	struct cmp_build *b[2] = { cmp_build__new(&o), cmp_build__new(&o) };
	struct focus_spec f;
	struct cmp_tree *t[2];
	int i, side;

	focus_spec_init(&f, "f", true);
	for (side = 0; side < 2; side++) {
		for (i = 0; i < 2; i++) {
			struct profile *p = sample(side ? 2 + i : 1);
			struct focus_run r;

			focus_run_build(p, &f, &r);
			cmp_build_add_part(b[0], r.callers, side, r.kept);
			cmp_build_add_part(b[1], r.callees, side, r.kept);
			focus_run_release(&r);
			profile__delete(p);
		}
	}
	t[0] = cmp_build_finish(b[0]);
	t[1] = cmp_build_finish(b[1]);
	/* base: 69/97 each run; new: 99/127 and 129/157 */
	for (i = 0; i < 2; i++) {
		is_near(cmp_mean(t[i], NODE_ROOT, false, false),
			100.0 * 69 / 97, 1e-9, "%s: the base root is f's share",
			i ? "callees" : "callers");
		is_near(cmp_mean(t[i], NODE_ROOT, true, false),
			(100.0 * 99 / 127 + 100.0 * 129 / 157) / 2, 1e-9,
			"%s: the new root, the mean of the runs' shares",
			i ? "callees" : "callers");
		is_near(t[i]->base_kept[0], 97, 1e-9,
			"%s: a run's 100%% is its kept weight",
			i ? "callees" : "callers");
	}
	is_near(cmp_mean(t[1], find(t[1]->shape, "f"), false, false),
		100.0 * 65 / 97, 1e-9,
		"the comparison merges f.isra.0 into f, as the table");
	focus_spec_release(&f);
	cmp_tree__delete(t[0]);
	cmp_tree__delete(t[1]);
}

int main(void)
{
	test_trees();
	test_compare();
	return done_testing();
}
