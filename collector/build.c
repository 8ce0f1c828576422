// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include <stdio.h>
#include <stdlib.h>

#include "analyzer/names.h"
#include "collector/build.h"
#include "collector/demangle.h"
#include "collector/sanitize.h"
#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/strbuf.h"

struct namer {
	struct profile *p;
	const struct stacks *st;
	struct dsos *dsos;
	const struct kallsyms *ksyms;
	struct hmap cache; /* frame code -> frame_key() */
	struct strbuf sb;  /* the name being cleaned */
	struct strbuf dm;  /* the name demangled, its version cut */
	uint32_t unknown;
	bool addrs;
	bool dso_names; /* build_opts.dso_names */
	enum demangle_style style;
	/* --inline: frame code -> first + 1 in inl_names, count << 32 */
	struct inliner *inl;
	struct hmap inl_cache;
	uint32_t *inl_names;
	unsigned long nr_inl, alloc_inl;
};

/*
 * Interned names[k] of an inlined_at() frame: made safe and, with
 * dso_names, joined to its DSO, which is NAME_DSO_INLINED where the name
 * is not the symbol's (perf's fake symbol of an inline frame).
 */
static uint32_t intern_inlined(struct namer *nm, const char *name,
			       const char *sym, const char *mod)
{
	const char *s = symbol_name(name, nm->style, &nm->dm);

	strbuf_reset(&nm->sb);
	sanitize_name(&nm->sb, s, strlen(s));
	if (nm->dso_names) {
		if (strcmp(nm->sb.buf, sym))
			mod = NAME_DSO_INLINED;
		strbuf_addch(&nm->sb, NAME_DSO_SEP);
		strbuf_addstr(&nm->sb, mod);
	}
	return profile_intern(nm->p, nm->sb.buf, nm->sb.len);
}

/*
 * Frame f as perf's inline frames name it: the function's DWARF name,
 * then the functions inlined there, outermost first (inline.h); *n = 0
 * when the DWARF does not know the address or no symbol names it (perf
 * only expands a frame it has a symbol for).
 */
static const uint32_t *inlined_at(struct namer *nm, uint64_t f, uint32_t *n)
{
	bool is_new;
	uint64_t *v = hmap_insert(&nm->inl_cache, f, &is_new);

	if (is_new) {
		const char *names[64], *s = NULL, *mod = NULL;
		struct strbuf sym = STRBUF_INIT;
		size_t k, got = 0;

		if (FR_TAG(f) == FR_TAG_DSO) {
			struct dso *dso = nm->dsos->v[fr_dso_id(f)];

			s = dso_symbolize(dso, fr_dso_off(f));
			mod = dso->path;
			if (s)
				got = inliner_at(nm->inl, dso, fr_dso_off(f),
						 names, 64);
		}
		if (got && nm->dso_names) {
			/* the symbol's name, as name_of() makes it */
			s = symbol_name(s, nm->style, &nm->dm);
			sanitize_name(&sym, s, strlen(s));
		}
		ALLOC_GROW(nm->inl_names, nm->nr_inl + got, nm->alloc_inl);
		for (k = 0; k < got; k++)
			nm->inl_names[nm->nr_inl + k] =
				intern_inlined(nm, names[k],
					       sym.buf, mod);
		strbuf_release(&sym);
		*v = ((uint64_t)got << 32) | nm->nr_inl;
		nm->nr_inl += got;
	}
	*n = (uint32_t)(*v >> 32);
	return nm->inl_names ? nm->inl_names + (uint32_t)*v : NULL;
}

/* Intern a name the recorded machine chose, made safe first. */
/*
 * A symbol's name into nm->sb, made safe and, as perf names it, tidied
 * as the perf script reader tidies perf's text (name_tidy(): argument
 * lists cut, "operator()" and "(anonymous namespace)" kept): one name
 * for one frame whichever route read it, C++ lambdas
 * ("f()::{lambda(int)#2}::_FUN") included.
 */
static void clean_name(struct namer *nm, const char *s, size_t len)
{
	strbuf_reset(&nm->sb);
	sanitize_name(&nm->sb, s, len);
	if (nm->style == DEMANGLE_PERF)
		strbuf_setlen(&nm->sb, name_tidy(nm->sb.buf, nm->sb.len));
}

static uint32_t intern_clean(struct namer *nm, const char *s, size_t len)
{
	clean_name(nm, s, len);
	return profile_intern(nm->p, nm->sb.buf, nm->sb.len);
}

/* A symbol's name made safe, joined to its DSO's (name_join_dso()). */
static uint32_t intern_with_dso(struct namer *nm, const char *s,
				const char *mod)
{
	clean_name(nm, s, strlen(s));
	if (!frame_unresolved(nm->sb.buf, nm->sb.len)) {
		strbuf_addch(&nm->sb, NAME_DSO_SEP);
		strbuf_addstr(&nm->sb, mod);
	}
	return profile_intern(nm->p, nm->sb.buf, nm->sb.len);
}

/* "[file]" or, with addrs, "[file <addr>]": the file's name is the
 * process's choice, so made safe. */
static uint32_t unknown_frame(struct namer *nm, const char *mod,
			      uint64_t addr)
{
	char hex[20], *buf;
	size_t len = strlen(mod), n;
	int hl = snprintf(hex, sizeof(hex), "%llx", (unsigned long long)addr);
	uint32_t id;

	buf = xmalloc(len + sizeof(hex) + 8);
	n = name_unknown_frame(buf, mod, len, nm->addrs ? hex : NULL,
			       (size_t)hl);
	id = intern_clean(nm, buf, n);
	free(buf);
	return id;
}

static uint32_t name_of(struct namer *nm, uint64_t f, unsigned int *kind)
{
	bool is_new;
	uint64_t *v = hmap_insert(&nm->cache, f, &is_new);
	const char *s = NULL, *mod = "[kernel.kallsyms]";
	uint32_t id;

	if (!is_new) {
		*kind = frame_key_kind(*v);
		return frame_key_name(*v);
	}
	*kind = FRAME_USER;
	if (FR_TAG(f) == FR_TAG_KERNEL) {
		*kind = FRAME_KERNEL;
		if (nm->ksyms)
			s = kallsyms_lookup(nm->ksyms, f);
	} else if (FR_TAG(f) == FR_TAG_DSO) {
		struct dso *dso = nm->dsos->v[fr_dso_id(f)];

		if (dso->perfmap)
			*kind = FRAME_JIT;
		else if (name_kernel_dso(dso->path, strlen(dso->path)))
			*kind = FRAME_KERNEL; /* "[vdso]", as perf script's */
		dso_load(nm->dsos, dso);
		mod = dso->path;
		s = dso_symbolize(dso, fr_dso_off(f));
		if (s)
			s = symbol_name(s, nm->style, &nm->dm);
		/* perf script prints JIT code's address, the file offset
		 * elsewhere */
		if (!s) {
			id = unknown_frame(nm, dso->path,
					   dso_jit_addr(dso, fr_dso_off(f)));
			goto out;
		}
	} else if (nm->addrs) {
		id = unknown_frame(nm, "[unknown]",
				   stacks_raw_addr(nm->st, f));
		goto out;
	}
	if (s && nm->dso_names)
		id = intern_with_dso(nm, s, mod);
	else
		id = s ? intern_clean(nm, s, strlen(s)) : nm->unknown;
out:
	*v = frame_key(id, *kind);
	return id;
}

/*
 * perf report's entry of a sample is its address's symbol, which takes
 * the sample's self; the frames of its call chain, the DWARF's names, are
 * entries of their own. Where the sampled frame's innermost name is not
 * its symbol's (NAME_DSO_INLINED), the DSO-named tree gets that entry as
 * one more frame below it (name_is_sample_entry()), which metrics count
 * and profile_split_dso_names() drops. Returns the frames added to *fr.
 */
static uint32_t sampled_entry(struct namer *nm, struct frame *fr,
			      uint32_t sym, uint32_t inner)
{
	const char *s = profile_str(nm->p, inner);

	if (!name_dso_inlined(s, strtab_len(nm->p->names, inner)))
		return 0;
	strbuf_reset(&nm->sb);
	strbuf_add(&nm->sb, profile_str(nm->p, sym),
		   strtab_len(nm->p->names, sym));
	strbuf_addch(&nm->sb, NAME_DSO_SEP);
	strbuf_addstr(&nm->sb, NAME_SAMPLE_ENTRY);
	fr->name = profile_intern(nm->p, nm->sb.buf, nm->sb.len);
	fr->kind = FRAME_USER;
	return 1;
}

void build_stacks(struct profile *p, const struct stacks *st,
		  const struct strtab *comms, struct dsos *dsos,
		  const struct kallsyms *ksyms)
{
	static const struct build_opts none;

	build_stacks_with(p, st, comms, dsos, ksyms, &none);
}

void build_stacks_with(struct profile *p, const struct stacks *st,
		       const struct strtab *comms, struct dsos *dsos,
		       const struct kallsyms *ksyms,
		       const struct build_opts *o)
{
	struct inliner *inl = o->inl;
	struct namer nm = {
		p, st, dsos, ksyms, { 0 }, STRBUF_INIT, STRBUF_INIT, 0, o->addrs,
		o->dso_names,
		dsos->no_demangle && !o->perf_names ? DEMANGLE_NONE :
						      DEMANGLE_PERF,
		inl, { 0 }, NULL, 0, 0,
	};
	struct frame *fr;
	unsigned long i, alloc_fr = 0;
	size_t most = 0;

	for (i = 0; i < st->nr; i++)
		if (st->v[i].len > most)
			most = st->v[i].len;
	/* the process name, then the frames (inlined ones: grown below) */
	alloc_fr = size_add(most, 1);
	fr = xmalloc(size_mul(alloc_fr, sizeof(*fr)));
	nm.unknown = profile_intern(p, "[unknown]", 9);
	for (i = 0; i < st->nr; i++) {
		const struct stack *s = &st->v[i];
		/* NULL + 0 is undefined: frames is NULL while all stacks
		 * are empty */
		const uint64_t *f = s->len ? &st->frames[s->first] : NULL;
		const char *comm = strtab_str(comms, s->comm);
		uint32_t k, n = 0, leaf = 0;

		fr[n].name = intern_clean(&nm, comm, strlen(comm));
		fr[n++].kind = FRAME_PROCESS;
		/* the user frame sampled; those above it are callers */
		while (leaf < s->len && FR_TAG(f[leaf]) == FR_TAG_KERNEL)
			leaf++;
		for (k = s->len; k-- > 0;) {
			unsigned int kind;
			uint32_t sym;

			fr[n].name = name_of(&nm, f[k], &kind);
			fr[n++].kind = (uint8_t)kind;
			if (inl && kind == FRAME_USER) {
				uint32_t m, j;
				uint64_t at = f[k];
				const uint32_t *in;

				if (o->ret_addrs && k > leaf &&
				    FR_TAG(at) == FR_TAG_DSO && fr_dso_off(at))
					at--; /* the call, in the same file */
				in = inlined_at(&nm, at, &m);

				if (!m)
					continue;
				ALLOC_GROW(fr, n + m + k + 1, alloc_fr);
				sym = fr[n - 1].name;
				fr[n - 1].name = in[0];
				for (j = 1; j < m; j++) {
					fr[n].name = in[j];
					fr[n++].kind = o->mark_inline ?
						FRAME_INLINE : FRAME_USER;
				}
				if (!k && nm.dso_names)
					n += sampled_entry(&nm, &fr[n], sym,
							   in[m - 1]);
			}
		}
		profile_add_stack(p, fr, n, (double)s->weight);
	}
	free(fr);
	strbuf_release(&nm.sb);
	strbuf_release(&nm.dm);
	hmap_release(&nm.cache);
	hmap_release(&nm.inl_cache);
	free(nm.inl_names);
}
