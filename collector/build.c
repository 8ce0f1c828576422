// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "collector/build.h"
#include "collector/demangle.h"
#include "collector/sanitize.h"
#include "lib/hmap.h"
#include "lib/strbuf.h"

struct namer {
	struct profile *p;
	struct dsos *dsos;
	const struct kallsyms *ksyms;
	struct hmap cache; /* frame code -> frame_key() */
	struct strbuf sb;  /* the name being cleaned */
	struct strbuf dm;  /* the name demangled, its version cut */
	uint32_t unknown;
	enum demangle_style style;
};

/* Intern a name the recorded machine chose, made safe first. */
static uint32_t intern_clean(struct namer *nm, const char *s, size_t len)
{
	strbuf_reset(&nm->sb);
	sanitize_name(&nm->sb, s, len);
	return profile_intern(nm->p, nm->sb.buf, nm->sb.len);
}

static uint32_t name_of(struct namer *nm, uint64_t f, unsigned int *kind)
{
	bool is_new;
	uint64_t *v = hmap_insert(&nm->cache, f, &is_new);
	const char *s = NULL;
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

		dso_load(nm->dsos, dso);
		s = dso_symbolize(dso, fr_dso_off(f));
		if (s)
			s = symbol_name(s, nm->style, &nm->dm);
		if (!s) {
			/* "[file]": the file's name is the process's choice */
			struct strbuf b = STRBUF_INIT;

			strbuf_addch(&b, '[');
			strbuf_addstr(&b, dso->base);
			strbuf_addch(&b, ']');
			id = intern_clean(nm, b.buf, b.len);
			strbuf_release(&b);
			goto out;
		}
	}
	id = s ? intern_clean(nm, s, strlen(s)) : nm->unknown;
out:
	*v = frame_key(id, *kind);
	return id;
}

void build_stacks(struct profile *p, const struct stacks *st,
		  const struct strtab *comms, struct dsos *dsos,
		  const struct kallsyms *ksyms)
{
	build_stacks_opts(p, st, comms, dsos, ksyms, false);
}

void build_stacks_opts(struct profile *p, const struct stacks *st,
		       const struct strtab *comms, struct dsos *dsos,
		       const struct kallsyms *ksyms, bool perf_names)
{
	struct namer nm = {
		p, dsos, ksyms, { 0 }, STRBUF_INIT, STRBUF_INIT, 0,
		perf_names	     ? DEMANGLE_PERF :
		dsos->no_demangle ? DEMANGLE_NONE :
				     DEMANGLE_FULL,
	};
	struct frame *fr;
	unsigned long i;
	size_t most = 0;

	for (i = 0; i < st->nr; i++)
		if (st->v[i].len > most)
			most = st->v[i].len;
	/* the process name, then the frames */
	fr = xmalloc(size_mul(size_add(most, 1), sizeof(*fr)));
	nm.unknown = profile_intern(p, "[unknown]", 9);
	for (i = 0; i < st->nr; i++) {
		const struct stack *s = &st->v[i];
		/* NULL + 0 is undefined: frames is NULL while all stacks
		 * are empty */
		const uint64_t *f = s->len ? &st->frames[s->first] : NULL;
		const char *comm = strtab_str(comms, s->comm);
		uint32_t k, n = 0;

		fr[n].name = intern_clean(&nm, comm, strlen(comm));
		fr[n++].kind = FRAME_PROCESS;
		for (k = s->len; k-- > 0;) {
			unsigned int kind;

			fr[n].name = name_of(&nm, f[k], &kind);
			fr[n++].kind = (uint8_t)kind;
		}
		profile_add_stack(p, fr, n, (double)s->weight);
	}
	free(fr);
	strbuf_release(&nm.sb);
	strbuf_release(&nm.dm);
	hmap_release(&nm.cache);
}
