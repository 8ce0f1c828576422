// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strtab.h"
#include "analyzer/focus.h"
#include "analyzer/names.h"

void focus_spec_init(struct focus_spec *f, const char *func,
		     bool strip_clones)
{
	size_t len = strlen(func);
	unsigned int kind = frame_kind_parse(func, &len);

	memset(f, 0, sizeof(*f));
	/* No suffix: any kind, as the table's rows merge the kinds. */
	f->kind = len == strlen(func) ? -1 : (int)kind;
	f->name = xmalloc(len + 1);
	memcpy(f->name, func, len);
	f->name[len] = '\0';
	f->len = len;
	f->strip_clones = strip_clones;
}

void focus_spec_release(struct focus_spec *f)
{
	free(f->name);
	memset(f, 0, sizeof(*f));
}

/* Per name id of the run: 0 not asked yet, 1 F, 2 not F. */
static bool is_focus(const struct profile *p, const struct focus_spec *f,
		     uint8_t *seen, uint32_t id, char **tmp, size_t *alloc)
{
	const struct node *n = &p->nodes[id];
	const char *s;
	size_t len;

	if (n->kind == FRAME_PROCESS ||
	    (f->kind >= 0 && n->kind != (unsigned int)f->kind))
		return false;
	if (seen[n->name])
		return seen[n->name] == 1;
	s = strtab_str(p->names, n->name);
	len = strtab_len(p->names, n->name);
	if (f->strip_clones) {
		ALLOC_GROW(*tmp, len + 1, *alloc);
		len = name_strip_clones(s, len, *tmp);
		s = *tmp;
	}
	seen[n->name] = len == f->len && !memcmp(s, f->name, len) ? 1 : 2;
	return seen[n->name] == 1;
}

/* Run name id -> q's name id, interned once. */
static uint32_t copy_name(struct profile *q, const struct profile *p,
			  uint32_t *cache, uint32_t name)
{
	if (cache[name] == UINT32_MAX)
		cache[name] = profile_intern(q, strtab_str(p->names, name),
					     strtab_len(p->names, name));
	return cache[name];
}

/* The callers tree's path of F's outermost frame at node o: F, then
 * o's ancestors from its parent up to the root's child. */
static uint32_t callers_path(struct focus_run *r, const struct profile *p,
			     uint32_t *cache, uint32_t o)
{
	struct profile *q = r->callers;
	uint32_t at = NODE_ROOT, id;

	for (id = o; id != NODE_ROOT; id = p->nodes[id].parent)
		at = profile_child(q, at,
				   copy_name(q, p, cache, p->nodes[id].name),
				   p->nodes[id].kind);
	return at;
}

void focus_run_build(const struct profile *run, const struct focus_spec *f,
		     struct focus_run *out)
{
	uint32_t nr = run->nr_nodes, nr_names = strtab_count(run->names);
	uint32_t *first = xmalloc(sizeof(*first) * nr);
	uint32_t *cmap = xmalloc(sizeof(*cmap) * nr);
	uint32_t *cache_e = xmalloc(sizeof(*cache_e) * (nr_names + 1));
	uint32_t *cache_r = xmalloc(sizeof(*cache_r) * (nr_names + 1));
	double *under = xcalloc(nr, sizeof(*under));
	uint8_t *seen = xcalloc(nr_names + 1, 1);
	char *tmp = NULL;
	size_t alloc = 0;
	uint32_t id;

	memset(out, 0, sizeof(*out));
	out->callers = profile__new();
	out->callees = profile__new();
	/* What the weights are, for a graph's unit and colours. */
	meta_set(&out->callers->meta.event, run->meta.event);
	meta_set(&out->callers->meta.unit, run->meta.unit);
	meta_set(&out->callees->meta.event, run->meta.event);
	meta_set(&out->callees->meta.unit, run->meta.unit);
	memset(cache_e, 0xff, sizeof(*cache_e) * (nr_names + 1));
	memset(cache_r, 0xff, sizeof(*cache_r) * (nr_names + 1));
	/*
	 * Parents before children: first[id] is the outermost frame of F
	 * on the path to id, and the callees tree's node of id below it.
	 */
	first[NODE_ROOT] = cmap[NODE_ROOT] = NODE_NONE;
	for (id = 1; id < nr; id++) {
		const struct node *n = &run->nodes[id];
		uint32_t at;

		first[id] = first[n->parent];
		if (first[id] == NODE_NONE &&
		    is_focus(run, f, seen, id, &tmp, &alloc))
			first[id] = id;
		cmap[id] = NODE_NONE;
		if (first[id] == NODE_NONE)
			continue;
		at = first[id] == id ? NODE_ROOT : cmap[n->parent];
		cmap[id] = profile_child(out->callees, at,
					 copy_name(out->callees, run, cache_e,
						   n->name),
					 n->kind);
		if (run->nodes[id].self && profile_self_kept(run, id))
			profile_add_self(out->callees, cmap[id], n->self);
	}
	/* Children after parents: the kept weight under each node. */
	for (id = nr - 1; id > 0; id--) {
		if (profile_self_kept(run, id))
			under[id] += run->nodes[id].self;
		out->kept += profile_self_kept(run, id) ? run->nodes[id].self : 0;
		under[run->nodes[id].parent] += under[id];
	}
	for (id = 1; id < nr; id++) {
		if (first[id] != id || !(under[id] > 0))
			continue;
		profile_add_self(out->callers,
				 callers_path(out, run, cache_r, id),
				 under[id]);
	}
	out->weight = profile_total(out->callees);
	free(first);
	free(cmap);
	free(cache_e);
	free(cache_r);
	free(under);
	free(seen);
	free(tmp);
}

void focus_run_release(struct focus_run *r)
{
	profile__delete(r->callers);
	profile__delete(r->callees);
	memset(r, 0, sizeof(*r));
}
