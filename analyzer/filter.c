// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/filter.h"

#define TASK_COMM_LEN 16

/* s without a trailing "-PID" or "-PID/TID". */
static size_t strip_pid(const char *s, size_t len)
{
	size_t i = len;

	while (i && isdigit((unsigned char)s[i - 1]))
		i--;
	if (i < len && i && s[i - 1] == '/') {
		size_t j = i - 1;

		while (j && isdigit((unsigned char)s[j - 1]))
			j--;
		if (j < i - 1)
			i = j;
		else
			return len;
	}
	if (i < len && i > 1 && s[i - 1] == '-')
		return i - 1;
	return len;
}

/* Whether the process name s[0..len) matches NAME, name[0..n) (filter.h). */
static bool name_matches(const char *name, size_t n, const char *s,
			 size_t len)
{
	if (len == n && !memcmp(s, name, n))
		return true;
	if (len > n && s[n] == '-' && !memcmp(s, name, n))
		return true;
	/* the kernel keeps TASK_COMM_LEN - 1 bytes of a name */
	return len == TASK_COMM_LEN - 1 && n > len && !memcmp(s, name, len);
}

/*
 * Whether s[0..len) is one of the names of l: its words, as the option
 * parser split them (PO_WORDLIST), compared in place; a word that still
 * holds commas is read as a list, without copying its parts.
 */
static bool in_list(const struct po_list *l, const char *s, size_t len)
{
	size_t i, n;

	for (i = 0; i < l->nr; i++) {
		const char *w = l->v[i];

		for (; *w; w += n + (w[n] == ',')) {
			n = strcspn(w, ",");
			if (n && name_matches(w, n, s, len))
				return true;
		}
	}
	return false;
}

bool comm_filter_match(const struct comm_filter *f, const char *s,
		       size_t len)
{
	len = strip_pid(s, len);
	if (f->keep.nr && !in_list(&f->keep, s, len))
		return false;
	return !in_list(&f->drop, s, len);
}

int profile_filter_comm(struct profile *p, const struct comm_filter *f,
			const char *path, struct fd_err *err)
{
	uint8_t *drop;
	bool any_process = false, dropped = false;
	uint32_t id, c;

	if (!comm_filter_active(f))
		return 0;
	drop = xcalloc(p->nr_nodes, 1);
	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling) {
		const struct node *n = &p->nodes[c];

		if (n->kind != FRAME_PROCESS)
			continue;
		any_process = true;
		if (!comm_filter_match(f, profile_str(p, n->name),
				       strtab_len(p->names, n->name)))
			drop[c] = 1;
	}
	if (!any_process && p->nodes[NODE_ROOT].first_child != NODE_NONE) {
		free(drop);
		return fd_err_at(err, path, 0,
				 "no process names to filter on (--comm, "
				 "--exclude-comm): the stacks do not start "
				 "with one");
	}
	/* Children have larger ids than their parents. */
	for (id = 1; id < p->nr_nodes; id++) {
		if (drop[p->nodes[id].parent])
			drop[id] = 1;
		if (drop[id] && p->nodes[id].self) {
			p->nodes[id].self = 0;
			dropped = true;
		}
	}
	free(drop);
	if (dropped) {
		profile_changed(p);
		p->meta.samples = 0;
	}
	return 0;
}

void comm_filter_release(struct comm_filter *f)
{
	po_list_release(&f->keep);
	po_list_release(&f->drop);
}
