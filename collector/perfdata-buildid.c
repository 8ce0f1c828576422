// SPDX-License-Identifier: GPL-2.0
/*
 * The build-id table of a perf.data (BUILD_ID feature, HEADER_BUILD_ID
 * records) and the files it names (perfdata-int.h): the one place where
 * a recorded build-id chooses the file a DSO's frames are named from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collector/dso.h"
#include "collector/perfdata-int.h"

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

static bool dso_has_bid(const struct dso *dso, const struct bid_entry *b)
{
	return dso->is_elf && dso->build_id_len == b->len &&
	       !memcmp(dso->build_id, b->bid, b->len);
}

/* Open dso again, from path: back to what dsos_get() made, then open. */
static void reopen(struct dsos *d, struct dso *dso, const char *path)
{
	if (dso->fd >= 0) {
		close(dso->fd);
		d->nr_fds--;
	}
	dso->fd = -1;
	free(dso->segs);
	dso->segs = NULL;
	dso->nr_segs = 0;
	dso->is_elf = false;
	dso->build_id_len = 0;
	dso->opened = false;
	dso_open(d, dso, path);
}

/*
 * A binary rebuilt or removed since the recording: its symbols are in
 * perf's build-id cache (~/.debug, where perf record copies what it
 * sampled) or the distribution's debug files, by the build-id the file
 * recorded. Frames are file offsets, so the copy names them as well. Not
 * with DWARF unwinding: the unwinder already read the file it had.
 */
void pd_build_id_fixup(struct pd *pd)
{
	const char *home = getenv("HOME");
	unsigned long i, k;

	if (pd->dsos.keep_image)
		return;
	for (i = 0; i < pd->nr_bids; i++) {
		const struct bid_entry *b = &pd->bids[i];
		char hex[41], cand[3][4096];
		struct dso *dso = NULL;
		unsigned long j;
		bool tried = false;

		for (j = 0; j < pd->dsos.nr && !dso; j++)
			if (!strcmp(pd->dsos.v[j]->path, b->path))
				dso = pd->dsos.v[j];
		/* not sampled, not loaded yet, or the right file */
		if (!dso || !dso->opened || dso->loaded || dso_has_bid(dso, b))
			continue;
		for (k = 0; k < b->len; k++)
			snprintf(hex + 2 * k, 3, "%02x", b->bid[k]);
		snprintf(cand[0], sizeof(cand[0]), "%s/.debug%s/%s/elf",
			 home ? home : "/root", b->path, hex);
		snprintf(cand[1], sizeof(cand[1]),
			 "%s/.debug/.build-id/%.2s/%s/elf",
			 home ? home : "/root", hex, hex + 2);
		snprintf(cand[2], sizeof(cand[2]),
			 "/usr/lib/debug/.build-id/%.2s/%s.debug", hex,
			 hex + 2);
		for (k = 0; k < 3; k++) {
			struct stat st;

			if (stat(cand[k], &st) || !S_ISREG(st.st_mode))
				continue;
			reopen(&pd->dsos, dso, cand[k]);
			tried = true;
			if (dso_has_bid(dso, b))
				break;
		}
		if (k == 3 && tried)
			reopen(&pd->dsos, dso, NULL); /* back to the path */
	}
}
