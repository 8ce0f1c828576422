// SPDX-License-Identifier: GPL-2.0
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/safe-open.h"
#include "collector/dso.h"
#include "collector/range.h"
#include "collector/sanitize.h"

/* Why a dso's frames are "[base]" (dso->why), for its warning. */
static const char WHY_OTHER_FILE[] =
	"not the file that was mapped (replaced since, or another file)";
static const char WHY_BUILD_ID[] = "build-id";
static const char WHY_GONE[] =
	"replaced since it was first seen, and not kept open";
static const char WHY_CHANGED[] =
	"rewritten in place since it was first seen (another build-id)";

void dsos_init(struct dsos *d, bool keep_image)
{
	memset(d, 0, sizeof(*d));
	d->keep_image = keep_image;
	d->debug_dir = "/usr/lib/debug";
	d->symfs = "";
	d->home = getenv("HOME");
	strbuf_init(&d->warn, 0);
	elf_version(EV_CURRENT);
}

static void dso_release(struct dso *dso)
{
	if (dso->fd >= 0)
		close(dso->fd);
	free((void *)dso->image);
	symtab_release(&dso->syms);
	free(dso->segs);
	free(dso->path);
	free(dso->from);
	free(dso);
}

void dsos_release(struct dsos *d)
{
	unsigned long i;

	for (i = 0; i < d->nr; i++)
		dso_release(d->v[i]);
	free(d->v);
	hmap_release(&d->by_ino);
	strbuf_release(&d->warn);
	memset(d, 0, sizeof(*d));
}

struct dso *dsos_get(struct dsos *d, uint64_t dev, uint64_t ino,
		     const char *path)
{
	uint64_t *first = hmap_find(&d->by_ino, ino);
	uint32_t i = first ? (uint32_t)*first : UINT32_MAX;
	struct dso *dso;
	const char *slash;
	bool is_new;

	/* Files without an inode (vdso, anonymous) are told by their name;
	 * real files by device and inode, whatever path reached them. */
	for (; i != UINT32_MAX; i = d->v[i]->next_same_ino) {
		dso = d->v[i];
		if (dso->dev == dev && (ino || !strcmp(dso->path, path)))
			return dso;
	}
	dso = xcalloc(1, sizeof(*dso));
	dso->id = (uint32_t)d->nr;
	dso->path = xstrdup(path);
	slash = strrchr(dso->path, '/');
	dso->base = slash ? slash + 1 : dso->path;
	dso->dev = dev;
	dso->ino = ino;
	dso->symsrc = dso;
	dso->fd = -1;
	symtab_init(&dso->syms);
	first = hmap_insert(&d->by_ino, ino, &is_new);
	dso->next_same_ino = is_new ? UINT32_MAX : (uint32_t)*first;
	*first = dso->id;
	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	d->v[d->nr++] = dso;
	return dso;
}

/*
 * A label in section ndx names code: as perf decides it, the section's
 * name says "text" (.text, .text.unlikely...), not .plt nor .init.
 */
static bool is_code_section(Elf *elf, size_t ndx)
{
	size_t shstrndx;
	const char *name;
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (ndx == SHN_UNDEF || ndx >= SHN_LORESERVE ||
	    elf_getshdrstrndx(elf, &shstrndx))
		return false;
	scn = elf_getscn(elf, ndx);
	if (!scn || !gelf_getshdr(scn, &sh))
		return false;
	name = elf_strptr(elf, shstrndx, sh.sh_name);
	return name && strstr(name, "text");
}

static enum sym_bind bind_of(unsigned char info)
{
	switch (GELF_ST_BIND(info)) {
	case STB_GLOBAL:
		return SYM_GLOBAL;
	case STB_WEAK:
		return SYM_WEAK;
	default:
		return SYM_LOCAL;
	}
}

/* Section ndx is loaded (SHF_ALLOC): its symbols have addresses. */
static bool is_alloc_section(Elf *elf, size_t ndx)
{
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (ndx == SHN_UNDEF || ndx >= SHN_LORESERVE)
		return false;
	scn = elf_getscn(elf, ndx);
	return scn && gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC);
}

/*
 * Add the function symbols of every section of type sh_type; with labels,
 * also the named untyped symbols of code sections (ld.so's _start and
 * _dl_start_user), which perf names frames by. Data objects too, as perf
 * keeps them in the same tree: they shape it, and so which of two
 * overlapping symbols names an address (symtab.h).
 */
static int read_symbols(Elf *elf, Elf64_Word sh_type, struct symtab *t,
			bool labels)
{
	Elf_Scn *scn = NULL;
	int found = 0;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != sh_type ||
		    !sh.sh_entsize)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Sym sym;
			const char *name;
			int type;

			if (!gelf_getsym(data, (int)i, &sym))
				break;
			type = GELF_ST_TYPE(sym.st_info);
			if (type == STT_NOTYPE && labels &&
			    is_code_section(elf, sym.st_shndx))
				type = STT_FUNC;
			if (type == STT_OBJECT &&
			    is_alloc_section(elf, sym.st_shndx))
				type = STT_FUNC;
			if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
			    sym.st_shndx == SHN_UNDEF || !sym.st_value)
				continue;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (!name)
				continue;
			symtab_add(t, sym.st_value, sym.st_size, name,
				   bind_of(sym.st_info));
			found = 1;
		}
	}
	return found;
}

void build_id_hex(const unsigned char *bid, unsigned int len, char *out)
{
	unsigned int k;

	for (k = 0; k < len; k++)
		snprintf(out + 2 * k, 3, "%02x", bid[k]);
	out[2 * len] = '\0';
}

static void elf_build_id(Elf *elf, unsigned char *bid, unsigned int *len);

static void read_build_id(Elf *elf, struct dso *dso)
{
	elf_build_id(elf, dso->build_id, &dso->build_id_len);
}

/* The GNU build-id note of elf into bid (20 bytes), *len 0 when none. */
static void elf_build_id(Elf *elf, unsigned char *bid, unsigned int *len)
{
	Elf_Scn *scn = NULL;

	*len = 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		while ((off = gelf_getnote(data, off, &nh, &name_off,
					   &desc_off)) > 0) {
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((char *)data->d_buf + name_off, "GNU", 4))
				continue;
			if (nh.n_descsz > 20)
				continue;
			memcpy(bid, (char *)data->d_buf + desc_off,
			       nh.n_descsz);
			*len = nh.n_descsz;
			return;
		}
	}
}

/*
 * The file name of .gnu_debuglink, NULL when none; *crc the CRC32 that
 * follows it (after the name's NUL, 4-byte aligned), which the debug file
 * must have, as gdb checks it.
 */
static const char *debuglink(Elf *elf, uint32_t *crc, bool *has_crc)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	*has_crc = false;
	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name, *nul;
		Elf_Data *data;
		size_t at;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".gnu_debuglink"))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !data->d_size || !data->d_buf)
			return NULL;
		nul = memchr(data->d_buf, '\0', data->d_size);
		if (!nul)
			return NULL;
		at = ((size_t)(nul - (const char *)data->d_buf) + 4) & ~(size_t)3;
		if (data->d_size >= 4 && at <= data->d_size - 4) {
			GElf_Ehdr eh;
			const unsigned char *c =
				(const unsigned char *)data->d_buf + at;

			/* in the file's byte order */
			if (gelf_getehdr(elf, &eh) &&
			    eh.e_ident[EI_DATA] == ELFDATA2MSB)
				*crc = (uint32_t)c[0] << 24 | (uint32_t)c[1] << 16 |
				       (uint32_t)c[2] << 8 | c[3];
			else
				*crc = (uint32_t)c[3] << 24 | (uint32_t)c[2] << 16 |
				       (uint32_t)c[1] << 8 | c[0];
			*has_crc = true;
		}
		return data->d_buf;
	}
	return NULL;
}

/* zlib's CRC32 of the whole file at fd, read with pread(). */
static bool file_crc32(int fd, uint32_t *crc)
{
	unsigned char buf[65536];
	uLong c = crc32(0L, Z_NULL, 0);
	off_t off = 0;

	for (;;) {
		ssize_t n = pread(fd, buf, sizeof(buf), off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (!n)
			break;
		c = crc32(c, buf, (uInt)n);
		off += n;
	}
	*crc = (uint32_t)c;
	return true;
}

static bool same_bid(const unsigned char *a, unsigned int alen,
		     const unsigned char *b, unsigned int blen)
{
	return alen && alen == blen && !memcmp(a, b, alen);
}

/*
 * Symbols of the separate debug file, by build-id then by debuglink. A
 * candidate is the binary's only when it carries the binary's build-id
 * (or, a debuglink one, the CRC the debuglink names): the directories may
 * hold anything, a link to a file only root may read included.
 */
static int read_debug_file(struct dsos *d, struct dso *dso, Elf *elf,
			   const char *path)
{
	char cand[4][4096];
	uint32_t crc = 0;
	bool has_crc;
	const char *link = debuglink(elf, &crc, &has_crc);
	int n = 0, nbid = 0, i;

	if (dso->build_id_len >= 2) {
		char hex[41];

		build_id_hex(dso->build_id, dso->build_id_len, hex);
		snprintf(cand[n++], sizeof(cand[0]),
			 "%s%s/.build-id/%.2s/%s.debug", d->symfs,
			 d->debug_dir, hex, hex + 2);
		nbid = n;
	}
	if (link && !strchr(link, '/')) {
		const char *slash = strrchr(path, '/');
		int dirlen = slash ? (int)(slash - path) : 0;

		snprintf(cand[n++], sizeof(cand[0]), "%.*s/%s", dirlen, path,
			 link);
		snprintf(cand[n++], sizeof(cand[0]), "%.*s/.debug/%s", dirlen,
			 path, link);
		snprintf(cand[n++], sizeof(cand[0]), "%s%s%.*s/%s", d->symfs,
			 d->debug_dir, dirlen, path, link);
	}
	for (i = 0; i < n; i++) {
		int fd = safe_open(cand[i], 0, NULL, NULL, NULL);
		unsigned char bid[20];
		unsigned int blen = 0;
		uint32_t c;
		bool ok;
		Elf *dbg;
		int found = 0;

		if (fd < 0)
			continue;
		dbg = elf_begin(fd, ELF_C_READ, NULL);
		if (!dbg || elf_kind(dbg) != ELF_K_ELF)
			goto next;
		elf_build_id(dbg, bid, &blen);
		ok = same_bid(bid, blen, dso->build_id, dso->build_id_len);
		/* by debuglink: the build-id, else the CRC, as gdb does */
		if (!ok && i >= nbid && has_crc)
			ok = file_crc32(fd, &c) && c == crc;
		if (ok)
			found = read_symbols(dbg, SHT_SYMTAB, &dso->syms,
					     d->as_perf);
next:
		if (dbg)
			elf_end(dbg);
		close(fd);
		if (found)
			return 1;
	}
	return 0;
}

/*
 * A separate debug file's executable segment holds no code (p_filesz 0,
 * p_offset lost): it is where the mapping that first showed the file put
 * it. The loader maps a segment from its offset's page, which starts at
 * the same offset in the page as its address (page size: this machine's).
 */
static bool debug_file_segment(const struct dso *dso, const GElf_Phdr *ph,
			       struct dso_seg *seg)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), len;

	if (!(ph->p_flags & PF_X) || ph->p_filesz || !ph->p_memsz ||
	    dso->map_end <= dso->map_start || (page & (page - 1)) ||
	    dso->map_pgoff & (page - 1))
		return false;
	len = dso->map_end - dso->map_start;
	seg->off = dso->map_pgoff + (ph->p_vaddr & (page - 1));
	seg->filesz = ph->p_memsz < len ? ph->p_memsz : len;
	seg->vaddr = ph->p_vaddr;
	return true;
}

static void read_segments(Elf *elf, struct dso *dso)
{
	size_t i, n;

	if (elf_getphdrnum(elf, &n))
		return;
	dso->segs = xcalloc(n ? n : 1, sizeof(*dso->segs));
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph))
			continue;
		if (ph.p_type == PT_GNU_EH_FRAME) {
			dso->eh_frame_hdr_vaddr = ph.p_vaddr;
			dso->eh_frame_hdr_len = ph.p_memsz;
		}
		if (ph.p_type != PT_LOAD)
			continue;
		if (debug_file_segment(dso, &ph, &dso->segs[dso->nr_segs])) {
			dso->nr_segs++;
			continue;
		}
		dso->segs[dso->nr_segs].off = ph.p_offset;
		dso->segs[dso->nr_segs].filesz = ph.p_filesz;
		dso->segs[dso->nr_segs].vaddr = ph.p_vaddr;
		dso->nr_segs++;
	}
}

/*
 * Share the symbols of an already loaded dso that read the very same file:
 * the same build-id and the same inode. A build-id is only what a file
 * says of itself: a user's copy of root's binary with its symbols renamed
 * keeps the note, and must not name root's frames.
 */
static struct dso *same_build_id(struct dsos *d, struct dso *dso)
{
	unsigned long i;

	if (!dso->build_id_len || !dso->file_ino)
		return NULL;
	for (i = 0; i < d->nr; i++) {
		struct dso *o = d->v[i];

		if (o != dso && o->loaded && o->is_elf && o->verified &&
		    o->symsrc == o && o->file_ino == dso->file_ino &&
		    o->file_dev == dso->file_dev &&
		    same_bid(o->build_id, o->build_id_len, dso->build_id,
			     dso->build_id_len))
			return o;
	}
	return NULL;
}

/* The section called name, NULL when none. */
static Elf_Scn *section_named(Elf *elf, const char *name, GElf_Shdr *sh)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/* The name of relocation i of rel (RELA when rela), "" when none. */
static const char *reloc_sym(Elf *elf, Elf_Data *rel, bool rela, int i,
			     Elf_Data *syms, size_t strndx, uint64_t *where)
{
	const char *name = NULL;
	uint64_t info;
	GElf_Sym sym;

	if (rela) {
		GElf_Rela r;

		if (!gelf_getrela(rel, i, &r))
			return NULL;
		info = r.r_info;
		*where = r.r_offset;
	} else {
		GElf_Rel r;

		if (!gelf_getrel(rel, i, &r))
			return NULL;
		info = r.r_info;
		*where = r.r_offset;
	}
	if (gelf_getsym(syms, (int)GELF_R_SYM(info), &sym))
		name = elf_strptr(elf, strndx, sym.st_name);
	return name ? name : "";
}

/* A relocation section and the .dynsym its entries name. */
struct plt_rel {
	Elf_Data *rel, *syms;
	size_t strndx;
	uint64_t nr;
	bool rela;
};

static bool plt_rel_open(Elf *elf, const char *name, bool rela,
			 struct plt_rel *pr)
{
	GElf_Shdr sh, sym_sh;
	Elf_Scn *rel = section_named(elf, name, &sh), *syms;

	if (!rel || !sh.sh_entsize)
		return false;
	syms = elf_getscn(elf, sh.sh_link);
	if (!syms || !gelf_getshdr(syms, &sym_sh) ||
	    sym_sh.sh_type != SHT_DYNSYM)
		return false;
	pr->rel = elf_getdata(rel, NULL);
	pr->syms = elf_getdata(syms, NULL);
	pr->strndx = sym_sh.sh_link;
	pr->nr = sh.sh_size / sh.sh_entsize;
	pr->rela = rela;
	return pr->rel && pr->syms;
}

/* Add "name@plt" for the entry at file offset off, entry bytes long. */
static void add_stub(struct dso *dso, struct symtab *t, uint64_t off,
		     uint64_t entry, const char *name)
{
	char buf[512];
	uint64_t addr;

	if (!dso_off_to_vaddr(dso, off, &addr))
		return;
	snprintf(buf, sizeof(buf), "%s@plt", name);
	symtab_add(t, addr, entry, buf, SYM_GLOBAL);
}

/*
 * Entries named in the order of the PLT's relocations, one entry each
 * after skip bytes (.plt: its header; .plt.sec, IBT's stubs: none).
 */
static void plt_by_order(Elf *elf, struct dso *dso, struct symtab *t,
			 const struct plt_rel *pr, const GElf_Shdr *sh,
			 uint64_t skip)
{
	uint64_t entry = sh->sh_entsize, i, n = pr->nr, where;

	if (sh->sh_size < skip || n > (sh->sh_size - skip) / entry)
		n = (sh->sh_size - skip) / entry; /* no more than room */
	for (i = 0; i < n; i++) {
		const char *name = reloc_sym(elf, pr->rel, pr->rela, (int)i,
					     pr->syms, pr->strndx, &where);

		if (!name)
			break;
		add_stub(dso, t, sh->sh_offset + skip + entry * i, entry,
			 name);
	}
}

/* A GOT slot and the relocation (its index) that fills it. */
struct got_slot {
	uint64_t where;
	int idx;
};

static int cmp_slot(const void *pa, const void *pb)
{
	const struct got_slot *a = pa, *b = pb;

	return a->where < b->where ? -1 : a->where > b->where;
}

/* The index of the relocation of slot in v (sorted), -1 when none. */
static int slot_reloc(const struct got_slot *v, size_t n, uint64_t slot)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].where == slot)
			return v[mid].idx;
		if (v[mid].where < slot)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * .plt.got on x86-64: stubs of functions whose GOT slot is bound at load
 * (a GLOB_DAT of .rela.dyn, in no order), each "jmp *SLOT(%rip)" behind
 * an optional endbr64; named by the relocation of the slot it jumps by.
 */
static void plt_got(Elf *elf, struct dso *dso, struct symtab *t,
		    Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *code = elf_getdata(scn, NULL);
	uint64_t e, k, entry = sh->sh_entsize, where;
	struct got_slot *v = NULL;
	const unsigned char *b;
	struct plt_rel dyn;
	size_t n = 0, alloc = 0, i;

	if (!code || !code->d_buf || code->d_size < sh->sh_size ||
	    !plt_rel_open(elf, ".rela.dyn", true, &dyn))
		return;
	/* sorted by slot: a hostile file's sizes cost n log n, not n^2 */
	for (i = 0; i < dyn.nr && i < INT_MAX; i++) {
		if (!reloc_sym(elf, dyn.rel, true, (int)i, dyn.syms,
			       dyn.strndx, &where))
			break;
		ALLOC_GROW(v, n + 1, alloc);
		v[n].where = where;
		v[n++].idx = (int)i;
	}
	sane_qsort(v, n, sizeof(*v), cmp_slot);
	b = code->d_buf;
	for (e = 0; e + entry <= sh->sh_size && e + entry > e; e += entry) {
		const char *name;
		int32_t disp;
		int r;

		for (k = e; k + 6 <= e + entry; k++)
			if (b[k] == 0xff && b[k + 1] == 0x25)
				break;
		if (k + 6 > e + entry)
			continue;
		memcpy(&disp, b + k + 2, 4); /* x86 is little-endian */
		r = slot_reloc(v, n, sh->sh_addr + k + 6 +
					     (uint64_t)(int64_t)disp);
		name = r < 0 ? NULL :
			       reloc_sym(elf, dyn.rel, true, r, dyn.syms,
					 dyn.strndx, &where);
		if (name && *name)
			add_stub(dso, t, sh->sh_offset + e, entry, name);
	}
	free(v);
}

/*
 * "name@plt" symbols for the PLT's stubs, which no symbol table names:
 * .plt's entries after its header (named ".plt"), one per relocation of
 * .rela.plt (or .rel.plt), in order, each named by the .dynsym symbol its
 * relocation refers to, as perf makes them; with IBT (-fcf-protection
 * linked -z ibtplt), the stubs called are in .plt.sec, in the same order,
 * .plt holding the lazy binding's trampolines; and .plt.got's. Placed by
 * the sections' file offsets, as perf does, turned into ELF addresses by
 * the segments. perf 6.1 only makes .plt's, and not always (see
 * tests/t-plt.sh): where a sizeless symbol before the PLT (_init) covers
 * it, it names every stub "_init+0x..".
 */
static void read_plt(Elf *elf, struct dso *dso, struct symtab *t)
{
	GElf_Shdr plt_sh, sec_sh, got_sh;
	struct plt_rel pr;
	GElf_Ehdr eh;
	Elf_Scn *got;

	if (!plt_rel_open(elf, ".rela.plt", true, &pr) &&
	    !plt_rel_open(elf, ".rel.plt", false, &pr))
		pr.nr = 0;
	if (section_named(elf, ".plt", &plt_sh) && plt_sh.sh_entsize &&
	    plt_sh.sh_size >= plt_sh.sh_entsize) {
		uint64_t addr;

		if (dso_off_to_vaddr(dso, plt_sh.sh_offset, &addr))
			symtab_add(t, addr, plt_sh.sh_entsize, ".plt",
				   SYM_GLOBAL);
		if (pr.nr)
			plt_by_order(elf, dso, t, &pr, &plt_sh,
				     plt_sh.sh_entsize);
	}
	if (pr.nr && section_named(elf, ".plt.sec", &sec_sh) &&
	    sec_sh.sh_entsize)
		plt_by_order(elf, dso, t, &pr, &sec_sh, 0);
	got = section_named(elf, ".plt.got", &got_sh);
	if (got && got_sh.sh_entsize && gelf_getehdr(elf, &eh) &&
	    eh.e_machine == EM_X86_64 && got_sh.sh_type == SHT_PROGBITS)
		plt_got(elf, dso, t, got, &got_sh);
}

/*
 * The symbols of a file. perf's way (as_perf): one symbol table, the
 * first of the file's own .symtab and the separate debug file's, else
 * .dynsym; then the PLT's entries. Otherwise .dynsym is added to the
 * .symtab, for the names only it has; the PLT entries in both ways.
 */
static void load_symbols(struct dsos *d, struct dso *dso, Elf *elf,
			 const char *path)
{
	struct dso *twin = same_build_id(d, dso);
	int found;

	if (twin) {
		dso->symsrc = twin;
		return;
	}
	found = read_symbols(elf, SHT_SYMTAB, &dso->syms, d->as_perf);
	if (!found && path)
		found = read_debug_file(d, dso, elf, path);
	if (!found || !d->as_perf)
		read_symbols(elf, SHT_DYNSYM, &dso->syms, d->as_perf);
	/* both routes: a PLT stub is "name@plt", as perf report says */
	read_plt(elf, dso, &dso->syms);
	symtab_finish(&dso->syms, 0);
}

/* The vDSO is the same in every process of this kernel: read our own. */
static void load_vdso(struct dsos *d, struct dso *dso)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);
	char line[512];
	size_t len = 0;
	FILE *fp;
	Elf *elf;

	if (!base)
		return;
	fp = safe_fopen("/proc/self/maps", 0, NULL);
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long s, e;

		if (strstr(line, "[vdso]") &&
		    sscanf(line, "%lx-%lx", &s, &e) == 2 && s == base) {
			len = e - s;
			break;
		}
	}
	fclose(fp);
	if (!len)
		return;
	dso->image = xmalloc(len);
	memcpy((void *)dso->image, (const void *)base, len);
	dso->image_len = len;
	elf = elf_memory((char *)dso->image, len);
	if (!elf)
		return;
	if (elf_kind(elf) == ELF_K_ELF) {
		dso->is_elf = true;
		dso->verified = true; /* our own */
		read_build_id(elf, dso);
		read_segments(elf, dso);
		load_symbols(d, dso, elf, NULL);
	}
	elf_end(elf);
	dso->loaded = true;
}

/* What dso_open_file() found. */
enum file_is {
	FILE_MAPPED,	/* the mapping's inode */
	FILE_UNCHECKED, /* the mapping named no inode: the path's file */
	FILE_OTHER,	/* another file (open_path, or open_unverified) */
};

static int open_ino(const char *path, uint64_t ino, struct stat *st)
{
	struct safe_want w = { 0, (ino_t)ino };

	return safe_open(path, 0, ino ? &w : NULL, st, NULL);
}

/*
 * The file the process mapped, and no other (dso.h): the mapping itself
 * through /proc/PID/map_files while the process lives (root only), then
 * /proc/PID/root/PATH (a process in another mount namespace, a container,
 * maps paths of its own root, as perf looks there), then PATH, each only
 * with the mapping's inode (the inode only: how perf encodes the device is
 * not st_dev's). open_path: a file chosen by its build-id.
 */
static int dso_open_file(struct dsos *d, struct dso *dso,
			 const char *open_path, struct stat *st,
			 enum file_is *is)
{
	char alt[PATH_MAX + 64];
	bool alt_ok = dso->pid > 0 && strlen(dso->path) < PATH_MAX;
	int fd;

	*is = FILE_OTHER;
	if (open_path)
		return open_ino(open_path, 0, st);
	*is = dso->ino ? FILE_MAPPED : FILE_UNCHECKED;
	if (dso->ino && dso->pid > 0 && dso->map_end > dso->map_start) {
		snprintf(alt, sizeof(alt), "/proc/%d/map_files/%" PRIx64
			 "-%" PRIx64, dso->pid, dso->map_start, dso->map_end);
		fd = open_ino(alt, dso->ino, st);
		if (fd >= 0)
			return fd;
	}
	if (alt_ok) {
		snprintf(alt, sizeof(alt), "/proc/%d/root%s", dso->pid,
			 dso->path);
		fd = open_ino(alt, dso->ino, st);
		if (fd >= 0)
			return fd;
	}
	fd = open_ino(dso->path, dso->ino, st);
	if (fd >= 0 || !dso->ino)
		return fd;
	/* gone (a deleted binary): "[file]", as ever, without a word */
	if (errno != ESAFE_OTHER_FILE)
		return -1;
	/* the path is another file now */
	dso->why = WHY_OTHER_FILE;
	*is = FILE_OTHER;
	if (!d->open_unverified)
		return -1;
	return open_ino(dso->path, 0, st);
}

/*
 * Whether the file dso_open() read names the dso's frames: it carries the
 * build-id the recording saw when that is known, else it is the mapped
 * inode. Record knows a build-id from here on: the mapped file's.
 */
static void dso_verify(struct dso *dso, enum file_is is)
{
	if (dso->want_bid_len) {
		dso->verified = dso->is_elf &&
				same_bid(dso->build_id, dso->build_id_len,
					 dso->want_bid, dso->want_bid_len);
		if (!dso->verified)
			dso->why = WHY_BUILD_ID;
		return;
	}
	dso->verified = is != FILE_OTHER;
	if (dso->verified && is == FILE_MAPPED && dso->build_id_len) {
		memcpy(dso->want_bid, dso->build_id, dso->build_id_len);
		dso->want_bid_len = dso->build_id_len;
	}
}

/*
 * For the unwinder: .eh_frame_hdr and .eh_frame, read into memory of
 * ours. Not mapped: the file's owner may truncate it while we record, and
 * a mapping would then kill the recorder with SIGBUS. Linkers put
 * .eh_frame right after .eh_frame_hdr, in the same PT_LOAD segment, after
 * .rodata: from the lower of the two to the segment's end is enough, and
 * leaves out what may be most of the segment. A file shorter than that
 * has no image: its frames are not unwound.
 */
#define DSO_MAX_IMAGE (1ULL << 30)
#define EH_PE_PCREL_SDATA4 0x1b

static bool pread_full(int fd, unsigned char *b, uint64_t n, uint64_t off)
{
	uint64_t got = 0;

	while (got < n) {
		ssize_t r = pread(fd, b + got, (size_t)(n - got),
				  (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (uint64_t)r;
	}
	return true;
}

static void read_image(struct dso *dso, int fd, uint64_t size)
{
	uint64_t hdr = dso->eh_frame_hdr_vaddr, from;
	const struct dso_seg *s = NULL;
	unsigned char h[8], *b;
	unsigned int i;

	if (!hdr)
		return;
	for (i = 0; i < dso->nr_segs && !s; i++)
		if (range_has(dso->segs[i].vaddr, dso->segs[i].filesz, hdr))
			s = &dso->segs[i];
	if (!s || s->off > size || s->filesz > size - s->off)
		return;
	from = hdr;
	/* eh_frame_ptr, pcrel sdata4 as linkers write it: .eh_frame */
	if (pread_full(fd, h, 8, s->off + (hdr - s->vaddr)) &&
	    h[1] == EH_PE_PCREL_SDATA4) {
		int32_t rel;
		uint64_t eh;

		memcpy(&rel, h + 4, 4);
		eh = hdr + 4 + (uint64_t)(int64_t)rel;
		if (eh < from)
			from = eh >= s->vaddr ? eh : s->vaddr;
	}
	if (s->filesz - (from - s->vaddr) > DSO_MAX_IMAGE)
		return;
	dso->image_len = (size_t)(s->filesz - (from - s->vaddr));
	dso->image_off = s->off + (from - s->vaddr);
	b = xmalloc(dso->image_len ? dso->image_len : 1);
	if (!pread_full(fd, b, dso->image_len, dso->image_off)) {
		free(b);
		dso->image_len = 0;
		dso->image_off = 0;
		return;
	}
	dso->image = b;
}

static bool find_by_build_id(struct dsos *d, const struct dso *dso,
			     char *cand, size_t size);
static void dso_reopen(struct dsos *d, struct dso *dso, const char *path);

/*
 * The build-id wanted is known before the first open (perf.data reads its
 * table first, --buildid-mmap records carry it) and the path is another
 * build: the file that has it, before anything (the unwinder) reads the
 * wrong one. True when found (fd closed, dso opened from there).
 */
static bool reopen_wanted(struct dsos *d, struct dso *dso, int fd)
{
	char cand[PATH_MAX + 64];

	if (!find_by_build_id(d, dso, cand, sizeof(cand)))
		return false;
	close(fd);
	dso_reopen(d, dso, cand);
	return true;
}

void dso_open(struct dsos *d, struct dso *dso, const char *open_path)
{
	enum file_is is;
	struct stat st;
	Elf *elf;
	int fd;

	if (dso->opened)
		return;
	dso->opened = true;
	/* a perf map is read at the end, by dso_load() */
	if (dso->perfmap)
		return;
	if (!strcmp(dso->path, "[vdso]")) {
		load_vdso(d, dso);
		return;
	}
	if (dso->path[0] != '/')
		return;
	fd = dso_open_file(d, dso, open_path, &st, &is);
	if (fd < 0)
		return;
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
	dso->file_dev = st.st_dev;
	dso->file_ino = st.st_ino;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		dso->is_elf = true;
		read_build_id(elf, dso);
		read_segments(elf, dso);
	}
	if (elf)
		elf_end(elf);
	dso_verify(dso, is);
	if (!dso->verified && dso->want_bid_len && !open_path &&
	    reopen_wanted(d, dso, fd))
		return;
	if (!dso->verified && !d->open_unverified) {
		close(fd);
		return;
	}
	if (d->keep_image && dso->is_elf)
		read_image(dso, fd, (uint64_t)st.st_size);
	/* keep the file: it may be deleted or replaced before the end */
	if (dso->is_elf && d->nr_fds < DSOS_MAX_FDS) {
		dso->fd = fd;
		d->nr_fds++;
	} else {
		close(fd);
	}
}

/*
 * The symbols of a JIT region from /tmp/perf-PID.map, which the process
 * (a JVM, node, LuaJIT...) writes. As perf does, a file owned by neither
 * us nor root is not trusted, nor is anything but a regular file. One
 * process's regions share the table: the first region to load it.
 */
static void load_perfmap(struct dsos *d, struct dso *dso)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long i;
	FILE *fp;

	for (i = 0; i < d->nr; i++) {
		struct dso *o = d->v[i];

		if (o != dso && o->perfmap && o->loaded && o->symsrc == o &&
		    !strcmp(o->path, dso->path)) {
			dso->symsrc = o;
			return;
		}
	}
	fp = safe_fopen(dso->path, SAFE_NOFOLLOW | SAFE_OWNER_TRUSTED, NULL);
	if (!fp)
		return;
	while (getline(&line, &cap, fp) > 0) {
		char *p = line, *end;
		uint64_t start, size;

		start = strtoull(p, &end, 16);
		if (end == p || *end != ' ')
			continue;
		p = end + 1;
		size = strtoull(p, &end, 16);
		if (end == p || *end != ' ')
			continue;
		p = end + 1;
		p[strcspn(p, "\n")] = '\0';
		symtab_add(&dso->syms, start, size, p, SYM_GLOBAL);
	}
	free(line);
	fclose(fp);
	symtab_finish(&dso->syms, 0);
}

/*
 * The file dso_open() read, opened again when it was not kept (more than
 * DSOS_MAX_FDS files): the same inode (through the mapping while the
 * process lives) with the same build-id, or nothing.
 */
static int reopen_same(struct dso *dso)
{
	const char *path = dso->from ? dso->from : dso->path;
	char alt[PATH_MAX + 64];
	unsigned char bid[20];
	unsigned int blen = 0;
	struct stat st;
	Elf *elf;
	int fd = -1;

	if (!dso->file_ino)
		return -1;
	if (!dso->from && dso->pid > 0 && dso->map_end > dso->map_start) {
		snprintf(alt, sizeof(alt), "/proc/%d/map_files/%" PRIx64
			 "-%" PRIx64, dso->pid, dso->map_start, dso->map_end);
		fd = open_ino(alt, dso->file_ino, &st);
	}
	if (fd < 0)
		fd = open_ino(path, dso->file_ino, &st);
	if (fd < 0)
		return -1;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		elf_build_id(elf, bid, &blen);
	if (elf)
		elf_end(elf);
	if ((blen || dso->build_id_len) &&
	    !same_bid(bid, blen, dso->build_id, dso->build_id_len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The one line of dsos->warn for a dso whose frames are "[base]". */
static void warn_unverified(struct dsos *d, struct dso *dso)
{
	char want[41], have[41];
	struct strbuf sb = STRBUF_INIT;

	if (dso->warned || !dso->why)
		return;
	dso->warned = true;
	/* the path is the traced process's choice: one clean line */
	sanitize_value(&sb, dso->path, strlen(dso->path));
	strbuf_addstr(&d->warn, sb.buf);
	strbuf_addstr(&d->warn, ": ");
	if (dso->why == WHY_BUILD_ID) {
		build_id_hex(dso->want_bid, dso->want_bid_len, want);
		build_id_hex(dso->build_id, dso->build_id_len, have);
		strbuf_addf(&d->warn, "build-id %s was recorded, ", want);
		if (dso->is_elf)
			strbuf_addf(&d->warn, "the file has %s", have[0] ?
				    have : "none");
		else
			strbuf_addstr(&d->warn, "no ELF file is there");
		strbuf_addstr(&d->warn, " and no build-id cache has it "
			      "(perf buildid-cache -a the old binary)");
	} else {
		strbuf_addstr(&d->warn, dso->why);
	}
	strbuf_addstr(&d->warn, ": its frames are [");
	strbuf_setlen(&sb, 0);
	sanitize_value(&sb, dso->base, strlen(dso->base));
	strbuf_addstr(&d->warn, sb.buf);
	strbuf_addstr(&d->warn, "]\n");
	strbuf_release(&sb);
}

void dso_load(struct dsos *d, struct dso *dso)
{
	Elf *elf;
	int fd;

	dso_open(d, dso, NULL);
	if (dso->loaded)
		return;
	dso->loaded = true;
	if (dso->perfmap) {
		load_perfmap(d, dso);
		return;
	}
	if (!dso->verified)
		warn_unverified(d, dso);
	if (!dso->is_elf || !dso->verified)
		goto out;
	fd = dso->fd >= 0 ? dso->fd : reopen_same(dso);
	if (fd < 0) {
		dso->verified = false;
		dso->why = WHY_GONE;
		warn_unverified(d, dso);
		return;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		unsigned char bid[20];
		unsigned int blen;

		/* the file kept open may have been rewritten in place */
		elf_build_id(elf, bid, &blen);
		if ((blen || dso->build_id_len) &&
		    !same_bid(bid, blen, dso->build_id, dso->build_id_len)) {
			dso->verified = false;
			dso->why = WHY_CHANGED;
			warn_unverified(d, dso);
		} else {
			load_symbols(d, dso, elf, dso->path);
		}
	}
	if (elf)
		elf_end(elf);
	if (fd != dso->fd)
		close(fd);
out:
	if (dso->fd >= 0) {
		close(dso->fd);
		dso->fd = -1;
		d->nr_fds--;
	}
}

/* Back to what dsos_get() made, then open from path. */
static void dso_reopen(struct dsos *d, struct dso *dso, const char *path)
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
	dso->eh_frame_hdr_vaddr = 0;
	dso->eh_frame_hdr_len = 0;
	dso->opened = false;
	free(dso->from);
	dso->from = xstrdup(path);
	dso_open(d, dso, path);
}

/* Whether the file at path is an ELF file with build-id bid. */
static bool has_build_id(const char *path, const unsigned char *bid,
			 unsigned int len)
{
	unsigned char b[20];
	unsigned int blen = 0;
	int fd = safe_open(path, 0, NULL, NULL, NULL);
	Elf *elf;

	if (fd < 0)
		return false;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		elf_build_id(elf, b, &blen);
	if (elf)
		elf_end(elf);
	close(fd);
	return same_bid(b, blen, bid, len);
}

/*
 * elfutils' debuginfod client, as perf uses it: only where DEBUGINFOD_URLS
 * is set, and only when libdebuginfod.so.1 is installed (loaded then, so
 * that nothing else depends on it). The file it fetched, into path.
 *
 * The library is loaded once and never closed, as cairo is
 * (render/cairo-dl.c): libcurl, which it brings, keeps its global state
 * to the end of the process, and a closed module would leave that memory
 * to LeakSanitizer as "<unknown module>", beyond any suppression
 * (tests/lsan-fontconfig.supp names both libraries).
 */
static bool debuginfod_fetch(const unsigned char *bid, unsigned int len,
			     char *path, size_t size)
{
	static void *lib;
	const char *urls = getenv("DEBUGINFOD_URLS");
	void *(*begin)(void);
	int (*find)(void *, const unsigned char *, int, char **);
	void (*end)(void *);
	void *client;
	char *got = NULL;
	int fd;

	if (!urls || !*urls)
		return false;
	if (!lib)
		lib = dlopen("libdebuginfod.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		return false;
	*(void **)&begin = dlsym(lib, "debuginfod_begin");
	*(void **)&find = dlsym(lib, "debuginfod_find_executable");
	*(void **)&end = dlsym(lib, "debuginfod_end");
	client = begin && find && end ? begin() : NULL;
	fd = client ? find(client, bid, (int)len, &got) : -1;
	if (fd >= 0)
		close(fd);
	if (fd >= 0 && got)
		snprintf(path, size, "%s", got);
	free(got);
	if (client)
		end(client);
	return fd >= 0 && path[0];
}

/*
 * A file with the build-id the recording saw, into cand: perf's build-id
 * cache (perf 6.1: ~/.debug/.build-id/xx/yyy is a link to the directory
 * ~/.debug/PATH/BUILDID, which holds the binary as "elf"), the
 * distribution's debug files, the path, SYMFS/PATH, /proc/PID/root/PATH,
 * debuginfod.
 */
static bool find_by_build_id(struct dsos *d, const struct dso *dso,
			     char *cand, size_t size)
{
	char hex[41];
	int i;

	build_id_hex(dso->want_bid, dso->want_bid_len, hex);
	for (i = 0; i < 7; i++) {
		cand[0] = '\0';
		if (i == 0 && d->home)
			snprintf(cand, size, "%s/.debug/.build-id/%.2s/%s/elf",
				 d->home, hex, hex + 2);
		else if (i == 1 && d->home)
			snprintf(cand, size, "%s/.debug%s/%s/elf", d->home,
				 dso->path, hex);
		else if (i == 2)
			snprintf(cand, size, "%s%s/.build-id/%.2s/%s.debug",
				 d->symfs, d->debug_dir, hex, hex + 2);
		else if (i == 3)
			snprintf(cand, size, "%s", dso->path);
		else if (i == 4 && d->symfs[0])
			snprintf(cand, size, "%s%s", d->symfs, dso->path);
		else if (i == 5 && dso->pid > 0)
			snprintf(cand, size, "/proc/%d/root%s", dso->pid,
				 dso->path);
		else if (i == 6 && !debuginfod_fetch(dso->want_bid,
						     dso->want_bid_len, cand,
						     size))
			cand[0] = '\0';
		if (cand[0] && has_build_id(cand, dso->want_bid,
					    dso->want_bid_len))
			return true;
	}
	return false;
}

void dso_want_build_id(struct dsos *d, struct dso *dso,
		       const unsigned char *bid, unsigned int len)
{
	char cand[PATH_MAX + 64];

	if (!len || len > sizeof(dso->want_bid) || dso->loaded ||
	    dso->perfmap || dso->path[0] != '/')
		return;
	memcpy(dso->want_bid, bid, len);
	dso->want_bid_len = len;
	if (!dso->opened)
		return; /* dso_open() checks it */
	if (dso->is_elf && same_bid(dso->build_id, dso->build_id_len, bid,
				    len)) {
		dso->verified = true;
		return;
	}
	dso->verified = false;
	dso->why = WHY_BUILD_ID;
	if (d->keep_image || !find_by_build_id(d, dso, cand, sizeof(cand)))
		return;
	dso_reopen(d, dso, cand);
}

bool dso_off_to_vaddr(const struct dso *dso, uint64_t off, uint64_t *vaddr)
{
	unsigned int i;

	for (i = 0; i < dso->nr_segs; i++) {
		const struct dso_seg *s = &dso->segs[i];

		if (range_has(s->off, s->filesz, off)) {
			*vaddr = off - s->off + s->vaddr;
			return true;
		}
	}
	return false;
}

const char *dso_symbolize(const struct dso *dso, uint64_t off)
{
	const struct sym *s;
	uint64_t vaddr;

	if (dso->perfmap) {
		s = symtab_lookup(&dso->symsrc->syms, dso_jit_addr(dso, off));
		return s ? s->name : dso->nosym;
	}
	if (!dso->is_elf || !dso_off_to_vaddr(dso, off, &vaddr))
		return dso->nosym;
	s = symtab_lookup(&dso->symsrc->syms, vaddr);
	return s ? s->name : dso->nosym;
}
