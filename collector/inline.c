// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/error.h"
#include "lib/hmap.h"
#include "lib/safe-open.h"
#include "collector/inline.h"

/* One file's DWARF; dbg NULL when it has none (not asked again). */
struct dwfile {
	Dwarf *dbg;
	Elf *elf;
	int fd;
};

struct inliner {
	struct hmap by_dso; /* dso id -> index in files + 1 */
	struct dwfile *files;
	unsigned long nr, alloc;
};

struct inliner *inliner__new(void)
{
	return xcalloc(1, sizeof(struct inliner));
}

void inliner__delete(struct inliner *in)
{
	unsigned long i;

	if (!in)
		return;
	for (i = 0; i < in->nr; i++) {
		if (in->files[i].dbg)
			dwarf_end(in->files[i].dbg);
		if (in->files[i].elf)
			elf_end(in->files[i].elf);
		if (in->files[i].fd >= 0)
			close(in->files[i].fd);
	}
	free(in->files);
	hmap_release(&in->by_dso);
	free(in);
}

/*
 * The DWARF of path, or NULL (closing what it opened). Read with pread
 * (ELF_C_READ), not mapped as dwarf_begin() would: a file truncated by
 * its owner under a mapping would kill us with SIGBUS.
 */
static Dwarf *try_open(const char *path, struct dwfile *f)
{
	int fd = safe_open(path, 0, NULL, NULL, NULL);
	Dwarf *dbg;
	Elf *elf;

	if (fd < 0)
		return NULL;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	dbg = elf ? dwarf_begin_elf(elf, DWARF_C_READ, NULL) : NULL;
	if (!dbg) {
		if (elf)
			elf_end(elf);
		close(fd);
		return NULL;
	}
	f->elf = elf;
	f->fd = fd;
	return dbg;
}

/*
 * The file with the DWARF: the binary itself when it has any, else its
 * debug file under /usr/lib/debug by build-id (where the distributions
 * put them).
 */
static void open_dwarf(const struct dso *dso, struct dwfile *f)
{
	char path[4096];
	unsigned int k;

	f->dbg = NULL;
	f->elf = NULL;
	f->fd = -1;
	/* only a file that names the dso's frames (dso.h) */
	if (!dso->is_elf || !dso->verified || dso->perfmap ||
	    dso->path[0] != '/')
		return;
	f->dbg = try_open(dso->from ? dso->from : dso->path, f);
	if (f->dbg || dso->build_id_len < 2)
		return;
	k = (unsigned int)snprintf(path, sizeof(path),
				   "/usr/lib/debug/.build-id/%02x/",
				   dso->build_id[0]);
	for (unsigned int i = 1; i < dso->build_id_len && k + 3 < sizeof(path);
	     i++)
		k += (unsigned int)snprintf(path + k, sizeof(path) - k, "%02x",
					    dso->build_id[i]);
	snprintf(path + k, sizeof(path) - k, ".debug");
	f->dbg = try_open(path, f);
}

static Dwarf *dwarf_of(struct inliner *in, const struct dso *dso)
{
	bool is_new;
	uint64_t *v = hmap_insert(&in->by_dso, dso->id, &is_new);

	if (is_new) {
		ALLOC_GROW(in->files, in->nr + 1, in->alloc);
		open_dwarf(dso, &in->files[in->nr]);
		*v = ++in->nr;
	}
	return in->files[*v - 1].dbg;
}

/* An inlined subroutine's name: its abstract origin's DW_AT_name. */
static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	if (!dwarf_attr_integrate(die, DW_AT_name, &attr))
		return NULL;
	return dwarf_formstring(&attr);
}

size_t inliner_at(struct inliner *in, const struct dso *dso, uint64_t off,
		  const char **names, size_t max)
{
	Dwarf_Die cu, *scopes = NULL;
	size_t total = 0, keep, k;
	uint64_t vaddr;
	Dwarf *dbg;
	int nr, i;

	if (!max || !dso_off_to_vaddr(dso, off, &vaddr))
		return 0;
	dbg = dwarf_of(in, dso);
	if (!dbg || !dwarf_addrdie(dbg, vaddr, &cu))
		return 0;
	nr = dwarf_getscopes(&cu, vaddr, &scopes);
	/* innermost first: the inlined subroutines up to their function */
	for (i = 0; i < nr; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (tag == DW_TAG_subprogram)
			break;
		total += tag == DW_TAG_inlined_subroutine;
	}
	/* names[0] the outermost; past max, the innermost go */
	keep = total < max ? total : max;
	for (i = 0, k = total; i < nr && k; i++) {
		int tag = dwarf_tag(&scopes[i]);
		const char *name;

		if (tag == DW_TAG_subprogram)
			break;
		if (tag != DW_TAG_inlined_subroutine)
			continue;
		k--;
		if (k >= keep)
			continue;
		name = die_name(&scopes[i]);
		names[k] = name ? name : "[unknown]";
	}
	free(scopes);
	return keep;
}
