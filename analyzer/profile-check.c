// SPDX-License-Identifier: GPL-2.0
/* profile_check(): the tree invariants of profile.h, checked (for tests
 * and the fuzz harnesses). */
#include <math.h>
#include <string.h>
#include <stdlib.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/profile.h"

/* A child's place for the duplicate check: (parent, name, kind), node. */
struct child_key {
	uint32_t parent;
	uint64_t key;
	uint32_t id;
};

static int cmp_child_key(const void *a, const void *b)
{
	const struct child_key *x = a, *y = b;

	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return 0;
}

static int bad(struct fd_err *err, const char *what, uint32_t id,
	       const char *why)
{
	return fd_err_set(err, "%s: node %u: %s", what, id, why);
}

/* The nodes' own fields. */
static int check_nodes(const struct profile *p, const char *what,
		       struct fd_err *err)
{
	uint32_t id, names = strtab_count(p->names);

	for (id = 0; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];

		if (id && n->parent >= id)
			return bad(err, what, id, "parent not before it");
		if (n->name >= names || n->kind >= FRAME_KIND_MAX)
			return bad(err, what, id, "no such name or kind");
		if (!isfinite(n->self) || n->self < 0)
			return bad(err, what, id, "weight not finite or negative");
	}
	return 0;
}

/*
 * The totals, worked out both ways (on a tree whose lists hold): finite,
 * and the walk down to the root's total the same bits as the pass up.
 */
static int check_totals(const struct profile *p, const char *what,
			struct fd_err *err)
{
	double *t = profile_totals_new(p), root = profile_root_walk(p);
	uint32_t id;
	int ret = 0;

	for (id = 0; id < p->nr_nodes && !ret; id++)
		if (!isfinite(t[id]))
			ret = bad(err, what, id, "total not finite");
	if (!ret && memcmp(&root, &t[NODE_ROOT], sizeof(root)))
		ret = bad(err, what, 0,
			  "the walk down and the pass up make two totals");
	free(t);
	return ret;
}

/* Each node but the root in exactly one child list: its parent's. */
static int check_lists(const struct profile *p, const char *what,
		       struct fd_err *err)
{
	uint32_t id, c, listed = 0;

	for (id = 0; id < p->nr_nodes; id++) {
		uint32_t prev = NODE_NONE;

		for (c = p->nodes[id].first_child; c != NODE_NONE;
		     prev = c, c = p->nodes[c].next_sibling) {
			if (c >= p->nr_nodes || c <= id ||
			    p->nodes[c].parent != id)
				return bad(err, what, id,
					   "a child list holds a node of "
					   "another parent");
			if (c >= prev)
				return bad(err, what, id,
					   "a child list not newest first");
			if (++listed >= p->nr_nodes)
				return bad(err, what, id,
					   "a child list loops");
		}
	}
	if (listed != p->nr_nodes - 1)
		return bad(err, what, 0, "a node is in no child list");
	return 0;
}

static int check_unique(const struct profile *p, const char *what,
			struct fd_err *err)
{
	struct child_key *k;
	uint32_t i, n = p->nr_nodes - 1;
	int ret = 0;

	if (n < 2)
		return 0;
	k = xcalloc(n, sizeof(*k));
	for (i = 0; i < n; i++) {
		const struct node *nd = &p->nodes[i + 1];

		k[i].parent = nd->parent;
		k[i].key = frame_key(nd->name, nd->kind);
		k[i].id = i + 1;
	}
	qsort(k, n, sizeof(*k), cmp_child_key);
	for (i = 1; i < n && !ret; i++)
		if (!cmp_child_key(&k[i - 1], &k[i]))
			ret = bad(err, what, k[i].id,
				  "two children of one (name, kind)");
	free(k);
	return ret;
}

static int check_one(const struct profile *p, const char *what,
		     struct fd_err *err)
{
	const struct node *root = &p->nodes[NODE_ROOT];
	int ret;

	if (!p->nr_nodes || !p->nodes)
		return fd_err_set(err, "%s: no root", what);
	if (root->parent != NODE_NONE || root->name != 0)
		return bad(err, what, 0, "the root is not the root");
	ret = check_nodes(p, what, err);
	if (!ret)
		ret = check_lists(p, what, err);
	if (!ret)
		ret = check_totals(p, what, err);
	if (!ret)
		ret = check_unique(p, what, err);
	return ret;
}

int profile_check(const struct profile *p, struct fd_err *err)
{
	if (check_one(p, "profile", err))
		return -1;
	if (p->offcpu && p->offcpu->offcpu)
		return fd_err_set(err, "off-CPU profile: has one of its own");
	return p->offcpu ? check_one(p->offcpu, "off-CPU profile", err) : 0;
}
