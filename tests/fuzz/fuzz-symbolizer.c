// SPDX-License-Identifier: GPL-2.0
/*
 * The ELF/DWARF symbolizer (collector/dso.c, symtab.c, inline.c,
 * unwind.c) over any bytes taken as a binary a process maps: the file is
 * opened, its build-id, segments and unwind image read (dso_open), its
 * symbols loaded (dso_load: .symtab, .dynsym, the PLT, a debuglink
 * candidate), a few file offsets symbolized and looked up for inlined
 * functions, and one DWARF unwind run from an address in each segment
 * over a stack made of the input's first bytes. A recorded process
 * controls its binaries: bad ELF must come to "[base]" frames, never a
 * crash or a hang.
 *
 * The file is a memfd named by its /proc/self/fd path; the separate
 * debug files are looked for under a directory that does not exist, so a
 * run does not depend on this machine's /usr/lib/debug.
 */
#include "tests/fuzz/fuzz-util.h"

#include "collector/dso.h"
#include "collector/inline.h"
#include "collector/machine.h"
#include "collector/perf.h"
#include "collector/unwind.h"

#define MAP_START 0x400000ULL
#define STACK_AT 0x7ff000000000ULL

/* what the names add up to: read whole, so that ASan sees each byte */
volatile size_t fuzz_symbolizer_sink;

static void symbolize(struct inliner *in, const struct dso *dso,
		      uint64_t off)
{
	const char *names[8];
	const char *s = dso_symbolize(dso, off);
	size_t n, i;

	if (s)
		fuzz_symbolizer_sink += strlen(s); /* a name, NUL-terminated, ours */
	n = inliner_at(in, dso, off, names, 8);
	if (n > 8) {
		fprintf(stderr, "inliner_at returned %zu > 8 names\n", n);
		abort();
	}
	for (i = 0; i < n; i++)
		if (!names[i]) {
			fprintf(stderr, "inliner_at left name %zu NULL\n", i);
			abort();
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t regs[REG_X86_NR] = { 0 }, ips[32];
	struct fuzz_input in;
	struct unwinder *u;
	struct inliner *inl;
	struct machine m;
	struct dsos d;
	struct proc *p;
	struct dso *dso;
	unsigned int i;
	int n;

	fuzz_input_open(&in, data, size);
	dsos_init(&d, true);
	d.debug_dir = "/nonexistent-debug-dir";
	d.as_perf = size && (data[size - 1] & 1);
	machine_init(&m, &d);
	m.read_proc = false;
	machine_mmap(&m, 1, MAP_START, 1ULL << 24, 0, 0, 0, in.path);
	machine_comm(&m, 1, 1, "fuzz", false);
	p = machine_proc(&m, 1);
	dso = dsos_get(&d, 0, 0, in.path); /* the map's */
	dso_open(&d, dso, NULL);

	/* an unwind from inside each segment, before the symbols: the
	 * recorder unwinds while it records, and loads at the end */
	u = unwinder__new();
	for (i = 0; p && i < dso->nr_segs && i < 4; i++) {
		const struct dso_seg *s = &dso->segs[i];

		regs[REG_X86_IP] = MAP_START + s->off + s->filesz / 2;
		regs[REG_X86_SP] = STACK_AT;
		regs[REG_X86_BP] = STACK_AT + 64;
		n = unwinder_run(u, &m, p, regs, data, size < 512 ? size : 512,
				 ips, 32);
		if (n < 0 || n > 32)
			abort();
	}
	unwinder__delete(u);

	dso_load(&d, dso);
	inl = inliner__new();
	for (i = 0; i < dso->nr_segs && i < 4; i++) {
		const struct dso_seg *s = &dso->segs[i];

		symbolize(inl, dso, s->off);
		symbolize(inl, dso, s->off + s->filesz / 3);
		symbolize(inl, dso, s->off + s->filesz - 1);
	}
	/* the symbols' own addresses, through the offsets that map there */
	for (i = 0; i < dso->symsrc->syms.nr && i < 16; i++) {
		const struct sym *sy = &dso->symsrc->syms.syms[i];
		unsigned int k;

		for (k = 0; k < dso->nr_segs; k++) {
			const struct dso_seg *s = &dso->segs[k];

			if (sy->start >= s->vaddr &&
			    sy->start - s->vaddr < s->filesz)
				symbolize(inl, dso, s->off + sy->start -
							    s->vaddr);
		}
	}
	inliner__delete(inl);
	machine_release(&m);
	dsos_release(&d);
	fuzz_input_close(&in);
	return 0;
}
