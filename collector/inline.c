// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/alloc.h"
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

/*
 * A function's name as perf's inline frames give it: the linkage name
 * (mangled; demangled later, as perf demangles what addr2line gives it)
 * where there is one, else DW_AT_name, following DW_AT_abstract_origin
 * and DW_AT_specification (a concrete copy such as work.constprop.0 is
 * named by its origin: "work").
 */
static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *s;

	if (dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) &&
	    (s = dwarf_formstring(&attr)))
		return s;
	if (!dwarf_attr_integrate(die, DW_AT_name, &attr))
		return NULL;
	return dwarf_formstring(&attr);
}

/* Whether the CU's language mangles its names (binutils' rule). */
static bool mangles(Dwarf_Die *cu)
{
	switch (dwarf_srclang(cu)) {
	case DW_LANG_C_plus_plus:
	case DW_LANG_C_plus_plus_03:
	case DW_LANG_C_plus_plus_11:
	case DW_LANG_C_plus_plus_14:
	case DW_LANG_ObjC_plus_plus:
	case DW_LANG_D:
	case DW_LANG_Rust:
	case DW_LANG_Java:
		return true;
	default:
		return false;
	}
}

/* A DIE that may hold a function's code: the scopes between a CU and
 * its functions (C++ namespaces and classes). */
static bool holds_functions(int tag)
{
	return tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
	       tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_module;
}

/* The length of the range of die that holds vaddr; 0 if none does. */
static uint64_t range_at(Dwarf_Die *die, uint64_t vaddr)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		if (vaddr >= start && vaddr < end)
			return end - start;
	return 0;
}

/*
 * The function whose code holds vaddr, under die (a CU): as binutils'
 * addr2line (perf's source of these names) picks it, the one whose range
 * there is the smallest, the later one of equal ranges (an assembler's
 * aliases: __memmove_x and __memcpy_x, __munmap and __GI_munmap). depth
 * bounds what a hostile file can nest.
 */
static void find_function(Dwarf_Die *die, uint64_t vaddr, Dwarf_Die *fn,
			  uint64_t *best, int depth)
{
	Dwarf_Die child;

	if (depth > 16 || dwarf_child(die, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		uint64_t len;

		if (tag == DW_TAG_subprogram) {
			len = range_at(&child, vaddr);
			if (len && len <= *best) {
				*fn = child;
				*best = len;
			}
		} else if (holds_functions(tag)) {
			find_function(&child, vaddr, fn, best, depth + 1);
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * The subroutines inlined at vaddr under die, outermost first, into
 * names[*n..max); lexical blocks are looked through. Past max, the
 * innermost go.
 */
static void find_inlined(Dwarf_Die *die, uint64_t vaddr, const char **names,
			 size_t *n, size_t max, Dwarf_Die *inner, int depth)
{
	Dwarf_Die child;

	if (depth > 64 || dwarf_child(die, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		const char *name;

		if (tag != DW_TAG_inlined_subroutine &&
		    tag != DW_TAG_lexical_block)
			continue;
		if (dwarf_haspc(&child, vaddr) <= 0)
			continue;
		if (tag == DW_TAG_inlined_subroutine && *n < max) {
			name = die_name(&child);
			names[(*n)++] = name ? name : "[unknown]";
			*inner = child;
		}
		find_inlined(&child, vaddr, names, n, max, inner, depth + 1);
		return;
	} while (dwarf_siblingof(&child, &child) == 0);
}

size_t inliner_at(struct inliner *in, const struct dso *dso, uint64_t off,
		  const char **names, size_t max)
{
	uint64_t best = UINT64_MAX;
	Dwarf_Die cu, fn, inner;
	Dwarf_Attribute attr;
	const char *name;
	uint64_t vaddr;
	Dwarf *dbg;
	size_t n = 1;

	if (!max || !dso_off_to_vaddr(dso, off, &vaddr))
		return 0;
	dbg = dwarf_of(in, dso);
	if (!dbg || !dwarf_addrdie(dbg, vaddr, &cu))
		return 0;
	find_function(&cu, vaddr, &fn, &best, 0);
	if (best == UINT64_MAX)
		return 0; /* no function known there: the symbol names it */
	name = die_name(&fn);
	if (!name)
		return 0;
	names[0] = name;
	inner = fn;
	find_inlined(&fn, vaddr, names, &n, max, &inner, 0);
	/*
	 * addr2line names the function the address is in by the symbol
	 * table where the DWARF has no linkage name in a language that
	 * mangles: a C++ static function inlined into main is "main".
	 */
	if (mangles(&cu) &&
	    !dwarf_attr_integrate(&inner, DW_AT_linkage_name, &attr) &&
	    (name = dso_symbolize(dso, off)))
		names[n - 1] = name;
	return n;
}
