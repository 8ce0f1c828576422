// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/error.h"
#include "collector/dso.h"
#include "collector/range.h"

void dsos_init(struct dsos *d, bool keep_image)
{
	memset(d, 0, sizeof(*d));
	d->keep_image = keep_image;
	d->debug_dir = "/usr/lib/debug";
	elf_version(EV_CURRENT);
}

static void dso_release(struct dso *dso)
{
	if (dso->fd >= 0)
		close(dso->fd);
	if (dso->image && dso->image_mapped)
		munmap((void *)dso->image, dso->image_len);
	else
		free((void *)dso->image);
	symtab_release(&dso->syms);
	free(dso->segs);
	free(dso->path);
	free(dso);
}

void dsos_release(struct dsos *d)
{
	unsigned long i;

	for (i = 0; i < d->nr; i++)
		dso_release(d->v[i]);
	free(d->v);
	hmap_release(&d->by_ino);
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

/*
 * Add the function symbols of every section of type sh_type; with labels,
 * also the named untyped symbols of code sections (ld.so's _start and
 * _dl_start_user), which perf names frames by.
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

static void read_build_id(Elf *elf, struct dso *dso)
{
	Elf_Scn *scn = NULL;

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
			if (nh.n_descsz > sizeof(dso->build_id))
				continue;
			memcpy(dso->build_id, (char *)data->d_buf + desc_off,
			       nh.n_descsz);
			dso->build_id_len = nh.n_descsz;
			return;
		}
	}
}

/* The name and directory part of .gnu_debuglink, NULL when none. */
static const char *debuglink(Elf *elf)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".gnu_debuglink"))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !data->d_size ||
		    !memchr(data->d_buf, '\0', data->d_size))
			return NULL;
		return data->d_buf;
	}
	return NULL;
}

/* Symbols of the separate debug file, by build-id then by debuglink. */
static int read_debug_file(struct dsos *d, struct dso *dso, Elf *elf,
			   const char *path)
{
	char cand[4][4096];
	const char *link = debuglink(elf);
	int n = 0, i;

	if (dso->build_id_len >= 2) {
		char hex[41];
		unsigned int k;

		for (k = 0; k < dso->build_id_len; k++)
			sprintf(hex + 2 * k, "%02x", dso->build_id[k]);
		snprintf(cand[n++], sizeof(cand[0]), "%s/.build-id/%.2s/%s.debug",
			 d->debug_dir, hex, hex + 2);
	}
	if (link && !strchr(link, '/')) {
		const char *slash = strrchr(path, '/');
		int dirlen = slash ? (int)(slash - path) : 0;

		snprintf(cand[n++], sizeof(cand[0]), "%.*s/%s", dirlen, path,
			 link);
		snprintf(cand[n++], sizeof(cand[0]), "%.*s/.debug/%s", dirlen,
			 path, link);
		snprintf(cand[n++], sizeof(cand[0]), "%s%.*s/%s", d->debug_dir,
			 dirlen, path, link);
	}
	for (i = 0; i < n; i++) {
		int fd = open(cand[i], O_RDONLY | O_CLOEXEC);
		Elf *dbg;
		int found = 0;

		if (fd < 0)
			continue;
		dbg = elf_begin(fd, ELF_C_READ_MMAP, NULL);
		if (dbg && elf_kind(dbg) == ELF_K_ELF)
			found = read_symbols(dbg, SHT_SYMTAB, &dso->syms,
					     d->as_perf);
		if (dbg)
			elf_end(dbg);
		close(fd);
		if (found)
			return 1;
	}
	return 0;
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
		dso->segs[dso->nr_segs].off = ph.p_offset;
		dso->segs[dso->nr_segs].filesz = ph.p_filesz;
		dso->segs[dso->nr_segs].vaddr = ph.p_vaddr;
		dso->nr_segs++;
	}
}

/* Share the symbols of an already loaded file with the same build-id. */
static struct dso *same_build_id(struct dsos *d, struct dso *dso)
{
	unsigned long i;

	if (!dso->build_id_len)
		return NULL;
	for (i = 0; i < d->nr; i++) {
		struct dso *o = d->v[i];

		if (o != dso && o->loaded && o->is_elf && o->symsrc == o &&
		    o->build_id_len == dso->build_id_len &&
		    !memcmp(o->build_id, dso->build_id, dso->build_id_len))
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

/*
 * "name@plt" symbols for the PLT's entries, which no symbol table names,
 * as perf makes them: the relocations of .rela.plt (or .rel.plt) in
 * order, one .plt entry each (sh_entsize bytes) after the first entry,
 * which is the PLT's header; each named by the .dynsym symbol its
 * relocation refers to. perf places them by the section's file offset;
 * so do we, turned into an ELF address by the segments.
 */
static void read_plt(Elf *elf, struct dso *dso, struct symtab *t)
{
	GElf_Shdr rel_sh, plt_sh, sym_sh;
	Elf_Scn *rel, *syms;
	Elf_Data *rel_data, *sym_data;
	uint64_t entry, addr, i, n;
	bool rela = true;
	char name[512];

	rel = section_named(elf, ".rela.plt", &rel_sh);
	if (!rel) {
		rel = section_named(elf, ".rel.plt", &rel_sh);
		rela = false;
	}
	if (!rel || !rel_sh.sh_entsize ||
	    !section_named(elf, ".plt", &plt_sh) || !plt_sh.sh_entsize)
		return;
	syms = elf_getscn(elf, rel_sh.sh_link);
	if (!syms || !gelf_getshdr(syms, &sym_sh) ||
	    sym_sh.sh_type != SHT_DYNSYM)
		return;
	rel_data = elf_getdata(rel, NULL);
	sym_data = elf_getdata(syms, NULL);
	if (!rel_data || !sym_data)
		return;
	entry = plt_sh.sh_entsize;
	n = rel_sh.sh_size / rel_sh.sh_entsize;
	if (n > plt_sh.sh_size / entry)
		n = plt_sh.sh_size / entry; /* no more entries than room */
	for (i = 0; i < n; i++) {
		const char *sname = NULL;
		uint64_t info, off;
		GElf_Sym sym;

		if (rela) {
			GElf_Rela r;

			if (!gelf_getrela(rel_data, (int)i, &r))
				break;
			info = r.r_info;
		} else {
			GElf_Rel r;

			if (!gelf_getrel(rel_data, (int)i, &r))
				break;
			info = r.r_info;
		}
		if (gelf_getsym(sym_data, (int)GELF_R_SYM(info), &sym))
			sname = elf_strptr(elf, sym_sh.sh_link, sym.st_name);
		off = plt_sh.sh_offset + entry * (i + 1);
		if (!dso_off_to_vaddr(dso, off, &addr))
			continue;
		snprintf(name, sizeof(name), "%s@plt", sname ? sname : "");
		symtab_add(t, addr, entry, name, SYM_GLOBAL);
	}
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
	fp = fopen("/proc/self/maps", "re");
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
		read_build_id(elf, dso);
		read_segments(elf, dso);
		load_symbols(d, dso, elf, NULL);
	}
	elf_end(elf);
	dso->loaded = true;
}

/*
 * The file the process mapped. A process in another mount namespace (a
 * container) maps paths of its own root: when the path here is missing or
 * another file (device and inode differ from the mapping's), look through
 * /proc/PID/root of a process that maps it, as perf does.
 */
static int dso_open_file(const struct dso *dso, const char *open_path,
			 struct stat *st)
{
	char alt[PATH_MAX + 32];
	struct stat ast;
	int fd, afd;

	fd = open(open_path ? open_path : dso->path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && fstat(fd, st)) {
		close(fd);
		fd = -1;
	}
	/* the inode only: how perf encodes the device is not st_dev's */
	if ((fd >= 0 && (!dso->ino || st->st_ino == dso->ino)) ||
	    dso->pid <= 0 || strlen(dso->path) >= PATH_MAX)
		return fd;
	snprintf(alt, sizeof(alt), "/proc/%d/root%s", dso->pid, dso->path);
	afd = open(alt, O_RDONLY | O_CLOEXEC);
	if (afd < 0)
		return fd;
	if (fstat(afd, &ast) || ast.st_ino != dso->ino) {
		close(afd);
		return fd;
	}
	if (fd >= 0)
		close(fd);
	*st = ast;
	return afd;
}

void dso_open(struct dsos *d, struct dso *dso, const char *open_path)
{
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
	fd = dso_open_file(dso, open_path, &st);
	if (fd < 0)
		return;
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		dso->is_elf = true;
		read_build_id(elf, dso);
		read_segments(elf, dso);
	}
	if (elf)
		elf_end(elf);
	if (d->keep_image && dso->is_elf && st.st_size > 0) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ,
			       MAP_PRIVATE, fd, 0);

		if (p != MAP_FAILED) {
			dso->image = p;
			dso->image_len = (size_t)st.st_size;
			dso->image_mapped = true;
		}
	}
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
	struct stat st;
	unsigned long i;
	FILE *fp;
	int fd;

	for (i = 0; i < d->nr; i++) {
		struct dso *o = d->v[i];

		if (o != dso && o->perfmap && o->loaded && o->symsrc == o &&
		    !strcmp(o->path, dso->path)) {
			dso->symsrc = o;
			return;
		}
	}
	fd = open(dso->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (st.st_uid != geteuid() && st.st_uid != 0)) {
		close(fd);
		return;
	}
	fp = fdopen(fd, "r");
	if (!fp) {
		close(fd);
		return;
	}
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
	if (!dso->is_elf)
		return;
	fd = dso->fd >= 0 ? dso->fd : open(dso->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		load_symbols(d, dso, elf, dso->path);
	if (elf)
		elf_end(elf);
	close(fd);
	if (dso->fd >= 0) {
		dso->fd = -1;
		d->nr_fds--;
	}
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
		s = symtab_lookup(&dso->symsrc->syms, dso->jit_base + off);
		return s ? s->name : dso->nosym;
	}
	if (!dso->is_elf || !dso_off_to_vaddr(dso, off, &vaddr))
		return dso->nosym;
	s = symtab_lookup(&dso->symsrc->syms, vaddr);
	return s ? s->name : dso->nosym;
}
