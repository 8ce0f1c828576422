// SPDX-License-Identifier: GPL-2.0
#include <libunwind.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "collector/perf.h"
#include "collector/range.h"
#include "collector/unwind.h"
#include "lib/compiler.h"

/* Not in libunwind's public headers, but exported: the binary search of
 * an .eh_frame_hdr table, reading the table through our accessors. */
extern int UNW_OBJ(dwarf_search_unwind_table)(unw_addr_space_t as,
					       unw_word_t ip,
					       unw_dyn_info_t *di,
					       unw_proc_info_t *pi,
					       int need_unwind_info, void *arg);

/* .eh_frame_hdr encodings (DWARF pointer encodings, LSB) */
#define EH_PE_udata4 0x03
#define EH_PE_sdata4 0x0b
#define EH_PE_datarel 0x30
#define EH_PE_pcrel 0x10

struct unwinder {
	unw_addr_space_t as;
};

/* What one unwind reads from: the sample and the process's maps. */
struct ctx {
	struct machine *m;
	struct proc *p;
	const uint64_t *regs;
	const unsigned char *stack;
	uint64_t sp, len;
};

/* The load bias of the file a map shows: runtime = ELF address + bias. */
static bool map_bias(const struct map *mp, uint64_t *bias)
{
	uint64_t vaddr;

	if (!mp->dso || !mp->dso->is_elf ||
	    !dso_off_to_vaddr(mp->dso, mp->pgoff, &vaddr))
		return false;
	*bias = mp->start - vaddr;
	return true;
}

/* The file bytes at ELF address vaddr of dso, NULL when not in the file. */
static const unsigned char *dso_bytes(const struct dso *dso, uint64_t vaddr,
				      size_t n)
{
	unsigned int i;

	if (!dso->image)
		return NULL;
	for (i = 0; i < dso->nr_segs; i++) {
		const struct dso_seg *s = &dso->segs[i];

		uint64_t off;

		if (!range_has_span(s->vaddr, s->filesz, vaddr, n))
			continue;
		/* the image holds one segment's file range, not the file */
		off = s->off + (vaddr - s->vaddr);
		if (off < dso->image_off ||
		    !range_has_span(0, dso->image_len, off - dso->image_off, n))
			continue;
		return dso->image + (off - dso->image_off);
	}
	return NULL;
}

/*
 * Runtime address -> file bytes. Only executable maps are tracked, but the
 * unwind tables sit in the read-only segment next to the code: use the
 * bias of the code map just below (or above) the address.
 */
static const unsigned char *code_bytes(struct ctx *c, uint64_t addr,
				       size_t n)
{
	const struct maps *ms = c->p->maps;
	unsigned long lo = 0, hi = ms->nr;
	int k;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ms->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = -1; k <= 0; k++) {
		long i = (long)lo + k;
		const struct map *mp;
		const unsigned char *b;
		uint64_t bias;

		if (i < 0 || i >= (long)ms->nr)
			continue;
		mp = &ms->v[i];
		if (!map_bias(mp, &bias) || addr < bias)
			continue;
		b = dso_bytes(mp->dso, addr - bias, n);
		if (b)
			return b;
	}
	return NULL;
}

/*
 * Whether perf finds no unwind table for a file mapped with this bias.
 * perf takes the lowest of the file's mappings it holds for the process
 * for where the file was loaded, and it holds those of the program before
 * an exec until new ones cover them (the perf.data reader keeps them too,
 * machine_comm()): where the old program had the library lower (libc of
 * the shell that forked), the table is looked up at the wrong place, the
 * lookup fails and libunwind falls back to the frame pointer. Followed,
 * so that fold of a perf.data agrees with perf script of it.
 */
static bool perf_misses_table(const struct proc *p, const struct dso *dso,
			      uint64_t bias)
{
	const struct maps *ms = p->maps;
	unsigned long i;
	uint64_t b;

	for (i = 0; i < ms->nr; i++)
		if (ms->v[i].dso == dso && map_bias(&ms->v[i], &b) &&
		    b < bias)
			return true;
	return false;
}

static int find_proc_info(unw_addr_space_t as, unw_word_t ip,
			  unw_proc_info_t *pi, int need_unwind_info,
			  void *arg)
{
	struct ctx *c = arg;
	const struct map *mp = proc_find_map(c->p, ip);
	const unsigned char *h;
	unw_dyn_info_t di;
	uint64_t bias, hdr;
	uint32_t count;

	/* as perf's: no file or no table ends the walk (an error other
	 * than "no info", which has libunwind try the frame pointer) */
	if (!mp || !mp->dso)
		return -UNW_EINVAL;
	if (!mp->dso->opened)
		dso_open(c->m->dsos, mp->dso, NULL);
	if (!mp->dso->eh_frame_hdr_vaddr || !map_bias(mp, &bias))
		return -UNW_EINVAL;
	if (perf_misses_table(c->p, mp->dso, bias))
		return -UNW_ENOINFO;
	h = dso_bytes(mp->dso, mp->dso->eh_frame_hdr_vaddr, 12);
	/* version 1, eh_frame_ptr sdata4 (pcrel), count udata4, table of
	 * datarel sdata4 pairs: the layout the binary search expects */
	if (!h || h[0] != 1 || (h[1] & 0x0f) != EH_PE_sdata4 ||
	    h[2] != EH_PE_udata4 || h[3] != (EH_PE_datarel | EH_PE_sdata4))
		return -UNW_EINVAL;
	memcpy(&count, h + 8, 4);
	hdr = mp->dso->eh_frame_hdr_vaddr + bias;
	memset(&di, 0, sizeof(di));
	di.format = UNW_INFO_FORMAT_REMOTE_TABLE;
	di.start_ip = mp->start;
	di.end_ip = mp->end;
	di.u.rti.segbase = hdr;
	di.u.rti.table_data = hdr + 12;
	di.u.rti.table_len = count * 8 / sizeof(unw_word_t);
	return UNW_OBJ(dwarf_search_unwind_table)(as, ip, &di, pi,
						  need_unwind_info, arg);
}

static void put_unwind_info(unw_addr_space_t as UNUSED,
			    unw_proc_info_t *pi UNUSED,
			    void *arg UNUSED)
{
	/* libunwind frees what dwarf_search_unwind_table allocated */
}

static int get_dyn_info_list_addr(unw_addr_space_t as UNUSED,
				  unw_word_t *addr UNUSED,
				  void *arg UNUSED)
{
	return -UNW_ENOINFO;
}

static int access_mem(unw_addr_space_t as UNUSED, unw_word_t addr,
		      unw_word_t *valp, int write, void *arg)
{
	struct ctx *c = arg;
	const unsigned char *b;

	if (write)
		return -UNW_EINVAL;
	/* addr is whatever the sampled process had in a register or on
	 * its stack: near 2^64, "addr + 8 <= sp + len" would wrap. The
	 * copy's last word is not used, as perf does not: where the copy
	 * ends, both unwinders then see the same return address (0) */
	if (c->len > sizeof(*valp) &&
	    range_has_span(c->sp, c->len - 1, addr, sizeof(*valp))) {
		memcpy(valp, c->stack + (addr - c->sp), sizeof(*valp));
		return 0;
	}
	b = code_bytes(c, addr, sizeof(*valp));
	if (!b) {
		*valp = 0;
		/* as perf's: memory of a map whose file cannot give it (the
		 * stack beyond the copy, anonymous memory) reads as 0, a
		 * last frame "[unknown]" at 0 - 1 (see unwinder_run());
		 * memory of no map fails the step */
		return proc_find_map(c->p, addr) ? 0 : -UNW_EINVAL;
	}
	memcpy(valp, b, sizeof(*valp));
	return 0;
}

/* libunwind's x86_64 register numbers -> index in the sampled regs */
static int reg_index(unw_regnum_t r)
{
	static const int map[] = {
		[UNW_X86_64_RAX] = 0, [UNW_X86_64_RDX] = 3,
		[UNW_X86_64_RCX] = 2, [UNW_X86_64_RBX] = 1,
		[UNW_X86_64_RSI] = 4, [UNW_X86_64_RDI] = 5,
		[UNW_X86_64_RBP] = 6, [UNW_X86_64_RSP] = 7,
		[UNW_X86_64_R8] = 9,  [UNW_X86_64_R9] = 10,
		[UNW_X86_64_R10] = 11, [UNW_X86_64_R11] = 12,
		[UNW_X86_64_R12] = 13, [UNW_X86_64_R13] = 14,
		[UNW_X86_64_R14] = 15, [UNW_X86_64_R15] = 16,
		[UNW_X86_64_RIP] = 8,
	};

	if (r < 0 || r > UNW_X86_64_RIP)
		return -1;
	return map[r];
}

static int access_reg(unw_addr_space_t as UNUSED, unw_regnum_t regnum,
		      unw_word_t *valp, int write, void *arg)
{
	struct ctx *c = arg;
	int i = reg_index(regnum);

	if (write || i < 0)
		return -UNW_EBADREG;
	*valp = c->regs[i];
	return 0;
}

static int access_fpreg(unw_addr_space_t as UNUSED, unw_regnum_t num UNUSED,
			unw_fpreg_t *val UNUSED, int write UNUSED,
			void *arg UNUSED)
{
	return -UNW_EBADREG;
}

static int resume(unw_addr_space_t as UNUSED, unw_cursor_t *cu UNUSED,
		  void *arg UNUSED)
{
	return -UNW_EINVAL;
}

static int get_proc_name(unw_addr_space_t as UNUSED, unw_word_t addr UNUSED,
			 char *buf UNUSED,
			 size_t len UNUSED, unw_word_t *offp UNUSED,
			 void *arg UNUSED)
{
	return -UNW_EINVAL;
}

static unw_accessors_t accessors = {
	.find_proc_info = find_proc_info,
	.put_unwind_info = put_unwind_info,
	.get_dyn_info_list_addr = get_dyn_info_list_addr,
	.access_mem = access_mem,
	.access_reg = access_reg,
	.access_fpreg = access_fpreg,
	.resume = resume,
	.get_proc_name = get_proc_name,
};

struct unwinder *unwinder__new(void)
{
	struct unwinder *u = xcalloc(1, sizeof(*u));

	u->as = unw_create_addr_space(&accessors, 0);
	/* one address space serves every process: a cache keyed by
	 * address alone would mix them up */
	if (u->as)
		unw_set_caching_policy(u->as, UNW_CACHE_NONE);
	return u;
}

void unwinder__delete(struct unwinder *u)
{
	if (u && u->as)
		unw_destroy_addr_space(u->as);
	free(u);
}

int unwinder_run(struct unwinder *u, struct machine *m, struct proc *p,
		 const uint64_t *regs, const unsigned char *stack,
		 uint64_t len, uint64_t *ips, int max)
{
	struct ctx c = { m, p, regs, stack, regs[REG_X86_SP], len };
	unw_cursor_t cur;
	int n = 0;

	if (max < 1 || !regs[REG_X86_IP])
		return 0;
	ips[n++] = regs[REG_X86_IP];
	if (!u->as || unw_init_remote(&cur, u->as, &c))
		return n;
	/* as perf's unwinder: every step libunwind takes is a frame, one
	 * whose return address read as 0 too (the end of the copied stack,
	 * mostly): perf shows it, at 0 - 1, as "[unknown]" */
	while (n < max && unw_step(&cur) > 0) {
		unw_word_t ip;

		if (unw_get_reg(&cur, UNW_REG_IP, &ip))
			break;
		ips[n++] = ip;
	}
	return n;
}
