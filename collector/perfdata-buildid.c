// SPDX-License-Identifier: GPL-2.0
/*
 * The build-id table of a perf.data (BUILD_ID feature, HEADER_BUILD_ID
 * records) and the files it names (perfdata-int.h): the one place where
 * a recorded build-id chooses the file a DSO's frames are named from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/dso.h"
#include "collector/perfdata-int.h"
#include "lib/alloc.h"

/* A build-id record (BUILD_ID feature, HEADER_BUILD_ID): the kernel's
 * is kept apart, the others by path for pd_build_id_fixup(). */
void pd_build_id_event(struct pd *pd, const unsigned char *b,
			   size_t len)
{
	/* header, pid, build_id[20], size, 3 reserved, file name */
	const char *name;
	struct bid_entry *e;
	unsigned int n;

	if (len < 8 + 4 + 24 + 1)
		return;
	name = (const char *)b + 36;
	if (!memchr(name, '\0', len - 36))
		return;
	n = b[8 + 4 + 20];
	if (!n || n > 20)
		n = 20;
	if (!strcmp(name, "[kernel.kallsyms]")) {
		memcpy(pd->kernel_bid, b + 12, n);
		pd->kernel_bid_len = n;
		return;
	}
	if (name[0] != '/' || pd->nr_bids >= 1UL << 20)
		return;
	ALLOC_GROW(pd->bids, pd->nr_bids + 1, pd->alloc_bids);
	e = &pd->bids[pd->nr_bids++];
	e->path = xstrdup(name);
	memcpy(e->bid, b + 12, n);
	e->len = n;
}

/*
 * File mode reads the table before the data (pd_read_file()), so a dso
 * knows the build-id it wants before the unwinder opens it: its file is
 * then the recorded build (the path's when it carries it, else the
 * cache's...), not whatever is at the path now. Only a path with one
 * entry: with two builds of it, which one a mapping is is known from its
 * file, after it is opened (pd_build_id_fixup()).
 */
void pd_build_id_early(struct pd *pd, struct dso *dso)
{
	const struct bid_entry *b = NULL;
	unsigned long i;

	if (dso->opened || dso->want_bid_len || dso->path[0] != '/')
		return;
	for (i = 0; i < pd->nr_bids; i++) {
		if (strcmp(pd->bids[i].path, dso->path))
			continue;
		if (b)
			return;
		b = &pd->bids[i];
	}
	if (b)
		dso_want_build_id(&pd->dsos, dso, b->bid, b->len);
}

/*
 * A frame is named from a file only when it carries the build-id the
 * recording saw (dso.h): each sampled binary is given its entry of the
 * table; one rebuilt or removed since is then read from perf's build-id
 * cache (~/.debug, where perf record copies what it sampled) or the
 * distribution's debug files, else its frames are "[base]" with a warning.
 * A path may have several entries (two builds): a dso takes the one its
 * file has, else the first.
 */
void pd_build_id_fixup(struct pd *pd)
{
	unsigned long i, j;

	for (j = 0; j < pd->dsos.nr; j++) {
		struct dso *dso = pd->dsos.v[j];
		const struct bid_entry *b = NULL;

		for (i = 0; i < pd->nr_bids; i++) {
			const struct bid_entry *e = &pd->bids[i];

			if (strcmp(e->path, dso->path))
				continue;
			if (!b)
				b = e;
			if (dso->build_id_len == e->len &&
			    !memcmp(dso->build_id, e->bid, e->len)) {
				b = e;
				break;
			}
		}
		if (b) {
			dso_want_build_id(&pd->dsos, dso, b->bid, b->len);
		} else if (dso->want_bid_len && dso->opened && !dso->verified) {
			/* an MMAP2's build-id: look for it now */
			unsigned char bid[20];

			memcpy(bid, dso->want_bid, dso->want_bid_len);
			dso_want_build_id(&pd->dsos, dso, bid,
					  dso->want_bid_len);
		}
	}
}
