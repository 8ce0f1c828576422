// SPDX-License-Identifier: GPL-2.0
/*
 * `perf script` text to a profile, folded the way stackcollapse-perf.pl
 * folds it, so that `flamediff fold` is a drop-in for that script.
 *
 * The script is a handful of Perl regular expressions; what follows matches
 * what those expressions match, quirks included, because users compare the
 * bytes. Where the Perl script misreads valid perf output we do better and
 * say so:
 *  - a one-character comm ("a 123 [000] ...") is the comm, where the Perl
 *    pattern needs two characters and swallows the whole header;
 *  - a sample printed on its header line ("... cycles:  ffff sym (dso)",
 *    perf script without call chains) keeps that frame, where Perl drops
 *    it (and, with no blank lines between such samples, everything);
 *  - lines of white space count as blank lines (CRLF files);
 *  - as inferno: the last sample needs no blank line after it (Perl
 *    drops it); an odd line is skipped and counted for one warning, or,
 *    with --strict, an error naming the line (Perl warns, or takes it);
 *    .ko and jitted-*.so frames are kernel and JIT; the modifiers of an
 *    event do not split a file's samples ("cycles:u", "cycles").
 *
 * Speed (bench/fold.sh): almost every line is a frame, and most samples
 * repeat an earlier one byte for byte. So a sample's frame lines, seen
 * whole in the reader's buffer after its header, are first looked up as
 * one block of text: a block seen before costs one hash and one compare,
 * and its lines are skipped. Otherwise each line is read: a frame's result
 * depends only on its symbol (offset stripped) and its DSO, so results are
 * cached by that text: a frame line costs a scan to its last " (", one
 * hash and one compare. A whole stack seen before under the same root
 * costs one lookup more; a new one reuses the nodes of the last path under
 * its root as far as they match. Weight goes to the leaf's self; totals
 * are summed once at the end of the read. The caches are bounded (each
 * starts over, or takes no more, when it grows large), so memory follows
 * the number of distinct stacks, not the input.
 */
#define _GNU_SOURCE /* memmem, memrchr, strptime */
#include <math.h>
#include <pthread.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/id-set.h"
#include "analyzer/event.h"
#include "analyzer/names.h"
#include "analyzer/perfscript.h"

/* Perl's \s (space, \t, \n, \v, \f, \r) and \w (ASCII word characters),
 * as they apply to byte strings; hex is lowercase, as in the offsets. */
#define C_SPACE 1
#define C_WORD 2
#define C_DIGIT 4
#define C_HEX 8

static const unsigned char cls[256] = {
	[' '] = C_SPACE, ['\t'] = C_SPACE, ['\n'] = C_SPACE,
	['\v'] = C_SPACE, ['\f'] = C_SPACE, ['\r'] = C_SPACE,
	['0' ... '9'] = C_WORD | C_DIGIT | C_HEX,
	['a' ... 'f'] = C_WORD | C_HEX,
	['g' ... 'z'] = C_WORD,
	['A' ... 'Z'] = C_WORD,
	['_'] = C_WORD,
};

#define is_space(c) (cls[(unsigned char)(c)] & C_SPACE)
#define is_word(c) (cls[(unsigned char)(c)] & C_WORD)
#define is_digit(c) (cls[(unsigned char)(c)] & C_DIGIT)
#define is_hex(c) (cls[(unsigned char)(c)] & C_HEX)

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xff51afd7ed558ccdULL;
	return h ^ (h >> 32);
}

/*
 * One cached frame result: the frames (root first) a symbol+DSO folds to.
 * A record in fcache.rec: this, then the nr frames, then the key (the
 * symbol bytes, then the DSO bytes), padded to 8 bytes. A hit reads one
 * place, where an entry, its key and its frames apart were three cache
 * misses, one after the other, on a profile of many names.
 */
struct fentry {
	uint64_t hash;
	uint32_t symlen, dsolen;
	uint32_t nr;	/* frames; 0 when the frame is dropped */
	uint32_t java;	/* folded for a "java..." process */
};

static inline struct frame *fentry_frames(struct fentry *e)
{
	return (struct frame *)(e + 1);
}

static inline char *fentry_key(struct fentry *e)
{
	return (char *)(fentry_frames(e) + e->nr);
}

static inline size_t fentry_size(uint32_t nr, size_t keylen)
{
	return (sizeof(struct fentry) + nr * sizeof(struct frame) + keylen +
		7) & ~(size_t)7;
}

/* Chunks of bytes handed out in order; emptied at once, kept or freed. */
struct arena {
	struct arena *next;
	size_t used, size;
	char data[];
};

struct arenas {
	struct arena *head;	/* the newest chunk */
	struct arena *cur;	/* being filled; after it, older ones */
	size_t bytes;		/* handed out */
};

/*
 * Slots hold the top half of the entry's hash above its record's offset in
 * rec / 8 + 1 (0 = empty): a probe that meets another key mostly tells by
 * the slot alone, without loading the record.
 */
struct fcache {
	char *rec;	/* the records, one after the other */
	size_t used, alloc;
	unsigned long nr;
	uint64_t *slots;
	uint64_t mask;
};

/* Past this the cache is emptied: it is a cache, not the profile. */
#define FCACHE_MAX_ENTRIES (1UL << 20)
#define FCACHE_MAX_BYTES (64UL << 20)
#define ARENA_SIZE (1UL << 20)

static void arenas_release(struct arenas *as)
{
	struct arena *a, *next;

	for (a = as->head; a; a = next) {
		next = a->next;
		free(a);
	}
	memset(as, 0, sizeof(*as));
}

static void fcache_release(struct fcache *c)
{
	free(c->rec);
	free(c->slots);
	memset(c, 0, sizeof(*c));
}

static inline uint64_t fcache_slot(uint64_t hash, size_t off)
{
	return (hash >> 32 << 32) | (off / 8 + 1);
}

static void fcache_rehash(struct fcache *c)
{
	uint64_t mask = c->mask ? c->mask * 2 + 1 : 4095;
	size_t off;

	free(c->slots);
	c->slots = xcalloc(mask + 1, sizeof(*c->slots));
	c->mask = mask;
	for (off = 0; off < c->used;) {
		struct fentry *e = (struct fentry *)(c->rec + off);
		uint64_t s = e->hash & mask;

		while (c->slots[s])
			s = (s + 1) & mask;
		c->slots[s] = fcache_slot(e->hash, off);
		off += fentry_size(e->nr, e->symlen + e->dsolen);
	}
}

static char *arena_alloc(struct arenas *as, size_t len)
{
	struct arena *a = as->cur;

	while (a && a->size - a->used < len)
		a = a->next;
	if (!a) {
		size_t size = len > ARENA_SIZE ? len : ARENA_SIZE;

		a = xmalloc(sizeof(*a) + size);
		a->size = size;
		a->used = 0;
		a->next = as->head;
		as->head = a;
	}
	as->cur = a;
	a->used += len;
	as->bytes += len;
	return a->data + a->used - len;
}

/* Empty, keeping the chunks: pages already touched cost nothing again. */
static void arenas_rewind(struct arenas *as)
{
	struct arena *a;

	for (a = as->head; a; a = a->next)
		a->used = 0;
	as->cur = as->head;
	as->bytes = 0;
}

/*
 * The key of a frame: the symbol hashed in full; of the DSO, a handful of
 * DSOs make up a whole profile, so its length and ends suffice (the key
 * compare that follows settles the rest).
 */
static inline uint64_t frame_hash(const char *sym, size_t symlen,
				  const char *dso, size_t dsolen, int java)
{
	uint64_t h = symlen * 0x9e3779b97f4a7c15ULL, a = dsolen, b = java, w;
	size_t i;

	/* Words; the last one overlaps the one before rather than being
	 * read a byte at a time. */
	if (symlen >= 8) {
		for (i = 0; i + 8 < symlen; i += 8) {
			memcpy(&w, sym + i, 8);
			h = mix(h, w);
		}
		memcpy(&w, sym + symlen - 8, 8);
		h = mix(h, w);
	} else {
		for (w = 0, i = 0; i < symlen; i++)
			w = w << 8 | (unsigned char)sym[i];
		h = mix(h, w);
	}

	if (dsolen >= 8) {
		memcpy(&a, dso, 8);
		memcpy(&b, dso + dsolen - 8, 8);
		a ^= dsolen;
		b += java;
	} else {
		while (dsolen--)
			a = a << 8 | (unsigned char)dso[dsolen];
	}
	a = (a ^ (b * 0xff51afd7ed558ccdULL)) * 0x9e3779b97f4a7c15ULL;
	return h ^ a ^ (a >> 29);
}

struct lastpath;

/*
 * A stack seen before: its root, its depth and its leaf. Its frames are
 * the path from the leaf up in the tree, so they are not kept twice: on
 * input where every stack is new they were a third of the memory.
 */
struct sentry {
	uint32_t top, nr, leaf;
};

/*
 * Past this the stack cache starts over (memory, not correctness). It
 * starts at the smaller size and doubles, up to the larger, each time it
 * fills having hit at least one lookup in 16: on input whose stacks do
 * not repeat (every stack distinct) it stays small, 14 MB less in a fold
 * of 400k stacks, where the tree takes 190 MB.
 */
#define SCACHE_MIN_ENTRIES (1UL << 16)
#define SCACHE_MAX_ENTRIES (1UL << 18)

/* The state of one read. */
/*
 * The samples of the events a read does not keep, in the order of their
 * first samples: the note that names them (finish_note()). A file holds
 * a few events, so a list.
 */
struct ev_tally {
	char **name;
	uint64_t *n;
	unsigned long nr, alloc_name, alloc_n;
};

static void tally_add(struct ev_tally *t, const char *ev, size_t len,
		      uint64_t n)
{
	unsigned long i;

	for (i = 0; i < t->nr; i++)
		if (event_base_same(t->name[i], ev, len)) {
			t->n[i] += n;
			return;
		}
	ALLOC_GROW(t->name, t->nr + 1, t->alloc_name);
	ALLOC_GROW(t->n, t->nr + 1, t->alloc_n);
	t->name[t->nr] = xstrndup(ev, len);
	t->n[t->nr++] = n;
}

static void tally_release(struct ev_tally *t)
{
	unsigned long i;

	for (i = 0; i < t->nr; i++)
		free(t->name[i]);
	free(t->name);
	free(t->n);
	memset(t, 0, sizeof(*t));
}

struct ps {
	struct linereader *lr;
	const struct perf_script_opts *o;
	/* --pid, --tid: o's lists as sets, made once for the read */
	struct id_set only_pid, only_tid;
	struct profile *p;
	struct fd_err *err;
	struct lr_skips *sk; /* NULL: an odd line fails the read */
	struct fcache fc;

	/* The sample being read; frames leaf first, as perf prints them. */
	uint64_t *stack; /* frame_key()s */
	unsigned long nr_stack, alloc_stack;
	uint64_t stack_hash;
	/* the frame line before, for --inline: its address, whether perf
	 * printed it "(inlined)", where its frames start in stack and the
	 * hash before them */
	char prev_pc[32];
	size_t prev_pclen;
	bool prev_inlined;
	unsigned long prev_nr;
	uint64_t prev_hash;
	int in_sample;	 /* a kept header was seen: "$pname" is set */
	int skipping;	 /* a header of another event: drop its frames */
	int one_line;	 /* its frame came on the header line */
	int java;	 /* the process name starts with "java" */
	int seen_header;
	bool too_deep;	 /* the sample has more than PROFILE_MAX_DEPTH frames */
	bool failed;	 /* err is set: stop reading */
	double sum;	 /* of all weights in p, to catch an overflow */
	unsigned long sample_line;
	uint32_t pname;	 /* interned root name */
	double period;

	char *filter;	 /* the event kept; NULL until the first is seen */
	char *other;	 /* the first event not kept, for messages */
	uint64_t kept;
	uint64_t shown;	 /* samples of the event kept, filters aside */
	struct ev_tally others; /* of the events not kept */
	double duration; /* from the header, seconds */

	/* Stacks seen: (root, frames) -> leaf node (struct sentry). */
	struct sentry *sc;
	unsigned long nr_sc, alloc_sc;
	unsigned long sc_cap, sc_hits; /* its size now, hits since it began */
	struct hmap sc_of; /* stack hash -> index in sc */

	/* Samples seen before, text for text (struct bcache). */
	struct bcache *bc;

	/* The last path under each root (struct lastpath). */
	struct lastpath *lp;
	unsigned long nr_lp, alloc_lp;
	struct hmap lp_of; /* root node -> index in lp */

	/* Scratch: names being built, frames being folded. */
	struct frame *tmp;
	unsigned long alloc_tmp;
	char *buf;
	unsigned long alloc_buf;
	char *pbuf;
	unsigned long alloc_pbuf;
};

/* Record an error at the current line; the read stops after it. */
__attribute__((format(printf, 2, 3))) static void fail(struct ps *ps,
							const char *fmt, ...)
{
	char msg[sizeof(ps->err->msg)];
	va_list ap;

	if (ps->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fd_err_at(ps->err, ps->lr->path, ps->lr->lineno, "%s", msg);
	ps->failed = true;
}

static void push_frame(struct ps *ps, uint32_t name, unsigned int kind)
{
	uint64_t v = frame_key(name, kind);

	/* Memory follows distinct stacks, not one endless sample. */
	if (ps->nr_stack >= PROFILE_MAX_DEPTH) {
		ps->too_deep = true;
		return;
	}
	ALLOC_GROW(ps->stack, ps->nr_stack + 1, ps->alloc_stack);
	ps->stack[ps->nr_stack++] = v;
	ps->stack_hash = mix(ps->stack_hash, v);
}

static const char *find(const char *s, size_t len, const char *what)
{
	return memmem(s, len, what, strlen(what));
}

/*
 * The kind of the n-th piece b[0..len) of a frame of DSO mod. Only the
 * first piece can be kernel or JIT; the others are inlined into it. A
 * name already carrying the suffix does not get it twice.
 */
static unsigned int piece_kind(size_t n, const char *b, size_t len,
			       const char *mod, size_t modlen)
{
	if (n > 0)
		return find(b, len, "_[i]") ? FRAME_USER : FRAME_INLINE;
	if (name_kernel_dso(mod, modlen))
		return FRAME_KERNEL;
	if (name_jit_dso(mod, modlen) && !find(b, len, "_[j]"))
		return FRAME_JIT;
	return FRAME_USER;
}

/*
 * Fold one frame: raw is the symbol with its offset already stripped, mod
 * the text between the DSO's parentheses, pc the address. Puts the
 * frames, root first, in ps->tmp; returns how many, and sets *uses_pc
 * when the result depends on pc (then it is not cached).
 */
static size_t fold_frame(struct ps *ps, const char *raw, size_t rawlen,
			 const char *mod, size_t modlen, const char *pc,
			 size_t pclen, int java, int *uses_pc)
{
	size_t n = 0, start = 0;

	*uses_pc = 0;
	if (rawlen && raw[0] == '(')
		return 0; /* the script skips these ("process names") */

	/* split /->/: trailing empty fields go, leading ones stay */
	while (rawlen >= 2 && raw[rawlen - 2] == '-' && raw[rawlen - 1] == '>')
		rawlen -= 2;
	if (!rawlen)
		return 0;
	for (;;) {
		const char *arrow = find(raw + start, rawlen - start, "->");
		size_t end = arrow ? (size_t)(arrow - raw) : rawlen;
		size_t plen = end - start, len;
		char *b;

		/* room for "[" mod " <" pc ">]", or the piece itself and
		 * its DSO (name_join_dso()) */
		ALLOC_GROW(ps->buf, plen + modlen + pclen + 8, ps->alloc_buf);
		b = ps->buf;
		if (plen == 9 && !memcmp(raw + start, "[unknown]", 9)) {
			len = name_unknown_frame(b, mod, modlen,
						 ps->o->addrs ? pc : NULL,
						 pclen);
			*uses_pc = ps->o->addrs;
		} else {
			memcpy(b, raw + start, plen);
			len = plen;
		}
		len = name_tidy(b, len);
		if (java && len && b[0] == 'L' && memchr(b, '/', len)) {
			b++;
			len--;
		}
		ALLOC_GROW(ps->tmp, n + 1, ps->alloc_tmp);
		ps->tmp[n].kind = piece_kind(n, b, len, mod, modlen);
		if (ps->o->dso_names && !frame_unresolved(b, len))
			len = name_join_dso(b, b, len, mod, modlen);
		ps->tmp[n].name = profile_intern(ps->p, b, len);
		n++;
		if (!arrow)
			return n;
		start = end + 2;
	}
}

/* Push the folded frames of one call-chain entry (leaf first). */
static void push_folded(struct ps *ps, const struct frame *f, size_t n)
{
	/* The pieces are root first; the stack is leaf first. */
	while (n--)
		push_frame(ps, f[n].name, f[n].kind);
}

/*
 * The frame pattern of the script, /^\s*(\w+)\s*(.+) \((.*)\)/, on
 * line[0..len): the address, the symbol as far as the last " (" that has a
 * ')' after it, the DSO to the last ')'. Returns 0 if it does not match.
 */
struct rawframe {
	const char *pc, *sym, *mod;
	size_t pclen, symlen, modlen;
};

/*
 * The DSO part of the pattern, found from the end of line[0..len): rp, the
 * last ')', and open, the last " (" before it. The same for every suffix
 * of the line that still holds them, so a caller trying several starts
 * finds them once.
 */
static int find_dso(const char *line, size_t len, const char **open,
		    const char **rp)
{
	const char *lp;

	*open = NULL;
	*rp = memrchr(line, ')', len);
	if (!*rp)
		return 0;
	/* the last '(' before rp with a space before it */
	for (lp = *rp; (lp = memrchr(line, '(', lp - line));) {
		if (lp > line && lp[-1] == ' ') {
			*open = lp - 1;
			return 1;
		}
	}
	return 0;
}

/* The rest of the pattern on line[0..len), given find_dso()'s result
 * (open >= line). Costs the length of the address and the blanks only. */
static int match_frame_dso(const char *line, size_t len, const char *open,
			   const char *rp, struct rawframe *rf)
{
	const char *end = line + len, *s = line, *w0, *we, *send;

	while (s < end && is_space(*s))
		s++;
	w0 = s;
	while (s < end && is_word(*s))
		s++;
	we = s;
	if (we == w0)
		return 0;
	while (s < end && is_space(*s))
		s++;
	send = s;
	rf->mod = open + 2;
	rf->modlen = rp - rf->mod;
	rf->pc = w0;
	rf->pclen = we - w0;
	if (open >= send + 1) {
		rf->sym = send;
		rf->symlen = open - send;
	} else if (open >= we + 1) {
		/* no symbol: Perl gives up a space of the gap */
		rf->sym = open - 1;
		rf->symlen = 1;
	} else if (open == we && we - w0 >= 2) {
		/* ... or the last character of the address */
		rf->sym = we - 1;
		rf->symlen = 1;
		rf->pclen--;
	} else {
		return 0;
	}
	return 1;
}

static int match_frame(const char *line, size_t len, struct rawframe *rf)
{
	const char *open, *rp;

	if (!find_dso(line, len, &open, &rp))
		return 0;
	return match_frame_dso(line, len, open, rp, rf);
}

/* $rawfunc =~ s/\+0x[\da-f]+$// */
static size_t strip_offset(const char *sym, size_t len)
{
	size_t i = len;

	while (i > 0 && is_hex(sym[i - 1]))
		i--;
	if (i < len && i >= 3 && sym[i - 3] == '+' && sym[i - 2] == '0' &&
	    sym[i - 1] == 'x')
		return i - 3;
	return len;
}

static void fcache_insert(struct ps *ps, const struct rawframe *rf,
			  size_t symlen, uint64_t h, const struct frame *f,
			  size_t n)
{
	struct fcache *c = &ps->fc;
	size_t size = fentry_size(n, symlen + rf->modlen);
	struct fentry *e;
	char *key;
	uint64_t s;

	if (c->nr >= FCACHE_MAX_ENTRIES || c->used >= FCACHE_MAX_BYTES)
		fcache_release(c);
	if (!c->slots)
		fcache_rehash(c);
	ALLOC_GROW(c->rec, c->used + size, c->alloc);
	e = (struct fentry *)(c->rec + c->used);
	e->hash = h;
	e->symlen = symlen;
	e->dsolen = rf->modlen;
	e->nr = n;
	e->java = ps->java;
	if (n) /* a dropped frame folds to nothing */
		memcpy(fentry_frames(e), f, n * sizeof(*f));
	key = fentry_key(e);
	memcpy(key, rf->sym, symlen);
	memcpy(key + symlen, rf->mod, rf->modlen);
	for (s = h & c->mask; c->slots[s]; s = (s + 1) & c->mask)
		;
	c->slots[s] = fcache_slot(h, c->used);
	c->used += size;
	c->nr++;
	if (c->nr * 2 > c->mask)
		fcache_rehash(c);
}

/* The cached entry of a frame, NULL when not cached. */
static struct fentry *fcache_find(struct fcache *c, const struct rawframe *rf,
				  size_t symlen, uint64_t h, int java)
{
	uint64_t s, v, tag = h >> 32;

	if (!c->slots)
		return NULL;
	for (s = h & c->mask; (v = c->slots[s]); s = (s + 1) & c->mask) {
		struct fentry *e;
		const char *key;

		if (v >> 32 != tag)
			continue;
		e = (struct fentry *)(c->rec + ((uint32_t)v - 1) * 8);
		key = fentry_key(e);
		if (e->hash == h && e->symlen == symlen &&
		    e->dsolen == rf->modlen && e->java == (uint32_t)java &&
		    !memcmp(key, rf->sym, symlen) &&
		    !memcmp(key + symlen, rf->mod, rf->modlen))
			return e;
	}
	return NULL;
}

/* Fold the frame rf into the current sample. */
static void add_rawframe(struct ps *ps, const struct rawframe *rf)
{
	struct fentry *e;
	size_t symlen, n;
	int uses_pc;
	uint64_t h;

	symlen = strip_offset(rf->sym, rf->symlen);
	h = frame_hash(rf->sym, symlen, rf->mod, rf->modlen, ps->java);
	e = fcache_find(&ps->fc, rf, symlen, h, ps->java);
	if (e) {
		push_folded(ps, fentry_frames(e), e->nr);
		return;
	}
	n = fold_frame(ps, rf->sym, symlen, rf->mod, rf->modlen, rf->pc,
		       rf->pclen, ps->java, &uses_pc);
	push_folded(ps, ps->tmp, n);
	if (!uses_pc)
		fcache_insert(ps, rf, symlen, h, ps->tmp, n);
}

/*
 * --inline: perf prints the functions inlined at an address as frames
 * "(inlined)" at the address of the frame below them, the function they
 * are inlined into. When this line's address is the one of the line
 * before and that one was "(inlined)", the frames of the line before
 * become FRAME_INLINE, as the perf.data reader marks them. This line's
 * frames start at stack[nr], h the hash of those before; then it is the
 * line before.
 */
static void mark_inlined(struct ps *ps, const struct rawframe *rf,
			 unsigned long nr, uint64_t h)
{
	unsigned long j;

	if (ps->prev_pclen && ps->prev_pclen == rf->pclen &&
	    ps->prev_inlined && !memcmp(ps->prev_pc, rf->pc, rf->pclen) &&
	    ps->prev_nr <= nr && nr <= ps->nr_stack) {
		uint64_t g = ps->prev_hash;

		for (j = ps->prev_nr; j < nr; j++) {
			if (frame_key_kind(ps->stack[j]) == FRAME_USER)
				ps->stack[j] = frame_key(
					frame_key_name(ps->stack[j]),
					FRAME_INLINE);
			g = mix(g, ps->stack[j]);
		}
		h = g;
		for (; j < ps->nr_stack; j++)
			g = mix(g, ps->stack[j]);
		ps->stack_hash = g;
	}
	ps->prev_hash = h;
	ps->prev_pclen = rf->pclen <= sizeof(ps->prev_pc) ? rf->pclen : 0;
	memcpy(ps->prev_pc, rf->pc, ps->prev_pclen);
	ps->prev_inlined = rf->modlen == 7 && !memcmp(rf->mod, "inlined", 7);
	ps->prev_nr = nr;
}

/* Fold the frame of line[0..len) into the current sample; -1 if none. */
static int add_frame(struct ps *ps, const char *line, size_t len)
{
	unsigned long nr = ps->nr_stack;
	uint64_t h = ps->stack_hash;
	struct rawframe rf;

	if (!match_frame(line, len, &rf))
		return -1;
	add_rawframe(ps, &rf);
	if (ps->o->inlines)
		mark_inlined(ps, &rf, nr, h);
	return 0;
}

/* The last path added under one root (a process, or a thread). */
struct lastpath {
	uint32_t top;
	uint32_t nr;
	unsigned long alloc_f, alloc_n;
	uint64_t *f;	  /* root first, frame_key()s */
	uint32_t *node;	  /* the node of each frame */
};

static struct lastpath *lastpath_of(struct ps *ps, uint32_t top)
{
	struct lastpath *lp;
	uint64_t *idx;
	bool is_new;

	idx = hmap_insert(&ps->lp_of, top, &is_new);
	if (!is_new)
		return &ps->lp[*idx];
	*idx = ps->nr_lp;
	ALLOC_GROW(ps->lp, ps->nr_lp + 1, ps->alloc_lp);
	lp = &ps->lp[ps->nr_lp++];
	memset(lp, 0, sizeof(*lp));
	lp->top = top;
	return lp;
}

/* The leaf of a stack seen before under top, or NODE_NONE. h covers top
 * and the frames; a stack whose hash another took is just not cached. */
static uint32_t scache_find(struct ps *ps, uint32_t top, uint64_t h)
{
	const uint64_t *idx = hmap_find(&ps->sc_of, h);
	const struct node *nodes = ps->p->nodes;
	unsigned long n = ps->nr_stack, d;
	const struct sentry *e;
	uint32_t node;

	if (!idx)
		return NODE_NONE;
	e = &ps->sc[*idx];
	if (e->top != top || e->nr != n)
		return NODE_NONE;
	/* The frames, leaf first, are the path up from the leaf. */
	for (node = e->leaf, d = 0; d < n; d++, node = nodes[node].parent)
		if (frame_key(nodes[node].name, nodes[node].kind) !=
		    ps->stack[d])
			return NODE_NONE;
	return node == top ? e->leaf : NODE_NONE;
}

static void scache_add(struct ps *ps, uint32_t top, uint64_t h,
		       uint32_t leaf)
{
	struct sentry *e;

	if (!ps->sc_cap)
		ps->sc_cap = SCACHE_MIN_ENTRIES;
	if (ps->nr_sc >= ps->sc_cap) {
		if (ps->sc_hits >= ps->nr_sc / 16 &&
		    ps->sc_cap < SCACHE_MAX_ENTRIES)
			ps->sc_cap *= 2;
		ps->sc_hits = 0;
		/* Start over: the tree keeps everything that matters. */
		ps->nr_sc = 0;
		hmap_release(&ps->sc_of);
	}
	ALLOC_GROW(ps->sc, ps->nr_sc + 1, ps->alloc_sc);
	e = &ps->sc[ps->nr_sc];
	e->top = top;
	e->nr = ps->nr_stack;
	e->leaf = leaf;
	hmap_put(&ps->sc_of, h, ps->nr_sc++);
}

/*
 * The block cache: the frame lines of a sample, byte for byte, and the
 * leaf they folded to under the same process name. In real recordings
 * most samples repeat an earlier one exactly (the corpus: 87% of them;
 * the same return addresses, the same leaf instruction): one hash over
 * the block, looked at in the reader's buffer before its lines are read,
 * replaces the parsing of every line. What a block folds to depends on
 * its text and the process name alone (and the options, fixed for the
 * read), so a hit is exactly what reading the lines would have made.
 *
 * A block is the run of tab-indented lines after a header that started a
 * sample, up to the blank line; it is kept when the sample ends at that
 * blank line. Most distinct blocks come once
 * (the corpus: 58%), so the first sighting keeps only the hash, and the
 * text is copied at the second.
 *
 * Memory is bounded: when full, the cache keeps what it has and takes no
 * more (emptying it would throw away a working set that is merely larger
 * than the cache, and copy it in again for nothing). Lookups are judged a
 * window at a time: a window with under 1/16 hits empties a full cache,
 * whose blocks have gone out of use, and pauses the lookups on input
 * whose samples do not repeat. Text lives in chunks that are reused when
 * the cache starts over (page faults are what memory costs most).
 */
#define BCACHE_MAX_BYTES (1UL << 20) /* of text */
#define BCACHE_MAX_ENTRIES 8192UL /* blocks kept, hashes seen once */
#define BCACHE_MAX_BLOCK (64UL << 10) /* deeper stacks: the long way */
#define BCACHE_WINDOW 1024	/* lookups judged together */
#define BCACHE_PAUSE 65536	/* samples without lookups after a bad window */

struct bentry {
	const char *text;
	uint32_t len, lines;
	uint32_t pname;
	uint32_t leaf;
};

struct bcache {
	struct bentry *ent;
	unsigned long nr, alloc;
	struct hmap index;	/* hash -> entry (one block a hash) */
	struct hmap seen;	/* hashes of blocks seen once */
	struct arenas text;	/* of the blocks kept */
	bool full;		/* keeps what it has, takes no more */
	unsigned long lookups, hits, pause;

	/* The block of the sample being read, when it missed the second
	 * time it was seen; its text still in the reader's buffer. */
	bool pending;
	struct bentry want;
	uint64_t want_hash;
	unsigned long first_line; /* the line after its header */
	uint32_t hit_leaf;	  /* NODE_NONE, or the leaf of a hit */
};

/* Four words at a time in four lanes: a block is a kilobyte or so, and
 * one chain of multiplies over it would cost more than parsing it. */
static uint64_t block_hash(const char *s, size_t len, uint32_t pname)
{
	uint64_t a = len * 0x9e3779b97f4a7c15ULL ^ pname, b = ~a, c = a + 1,
		 d = b - 1, w[4];
	size_t i;

	for (i = 0; i + 32 <= len; i += 32) {
		memcpy(w, s + i, 32);
		a = mix(a, w[0]);
		b = mix(b, w[1]);
		c = mix(c, w[2]);
		d = mix(d, w[3]);
	}
	for (; i + 8 <= len; i += 8) {
		memcpy(w, s + i, 8);
		a = mix(a, w[0]);
	}
	for (w[0] = 0; i < len; i++)
		w[0] = w[0] << 8 | (unsigned char)s[i];
	a = mix(a, w[0]);
	return mix(mix(a, b), mix(c, d));
}

/* Start over, keeping the chunks to fill again. */
static void bcache_clear(struct bcache *bc)
{
	bc->nr = 0;
	bc->full = false;
	hmap_release(&bc->index);
	hmap_release(&bc->seen);
	arenas_rewind(&bc->text);
}

static void bcache_release(struct bcache *bc)
{
	if (!bc)
		return;
	arenas_release(&bc->text);
	free(bc->ent);
	hmap_release(&bc->index);
	hmap_release(&bc->seen);
	free(bc);
}

/*
 * At a header that starts a sample: if the block that follows is in the
 * reader's buffer and was seen before under the same name, skip its lines
 * and note the leaf for end_sample(); if it was seen once, note it, so
 * that end_sample() can keep it.
 */
static void bcache_lookup(struct ps *ps)
{
	struct bcache *bc = ps->bc;
	const struct bentry *e;
	const char *head, *nn;
	unsigned long lines;
	const uint64_t *v;
	size_t n, len;
	bool is_new;
	uint64_t h;

	if (!bc) {
		bc = ps->bc = xcalloc(1, sizeof(*bc));
		bc->hit_leaf = NODE_NONE;
	}
	if (bc->pause) {
		bc->pause--;
		return;
	}
	n = lr_buffered(ps->lr, &head);
	if (n > BCACHE_MAX_BLOCK + 1)
		n = BCACHE_MAX_BLOCK + 1;
	if (!n || head[0] != '\t')
		return;
	/* Tab lines up to a blank line, all in view; or the long way. */
	for (lines = 1, nn = head;; lines++) {
		nn = memchr(nn, '\n', head + n - nn);
		if (!nn || nn + 1 == head + n)
			return;
		if (*++nn != '\t')
			break;
	}
	if (*nn != '\n')
		return;
	len = nn - head;
	h = block_hash(head, len, ps->pname);
	if (++bc->lookups == BCACHE_WINDOW) {
		if (bc->hits < BCACHE_WINDOW / 16 && bc->full)
			bcache_clear(bc);
		else if (bc->hits < BCACHE_WINDOW / 16)
			bc->pause = BCACHE_PAUSE;
		bc->lookups = bc->hits = 0;
	}
	v = hmap_find(&bc->index, h);
	if (v) {
		e = &bc->ent[*v];
		if (e->len == len && e->pname == ps->pname &&
		    !memcmp(e->text, head, len)) {
			bc->hits++;
			bc->hit_leaf = e->leaf;
			lr_skip(ps->lr, len, e->lines);
		}
		return; /* or another block has its hash: never kept */
	}
	if (bc->full)
		return;
	if (bc->seen.nr >= BCACHE_MAX_ENTRIES) {
		/* Blocks that never came back: forget them. */
		hmap_release(&bc->seen);
	}
	hmap_insert(&bc->seen, h, &is_new);
	if (is_new)
		return;
	bc->pending = true;
	bc->want_hash = h;
	bc->want.text = head;
	bc->want.len = len;
	bc->want.lines = lines;
	bc->want.pname = ps->pname;
	bc->first_line = ps->lr->lineno + 1;
}

/*
 * At the end of a sample whose block is pending: keep it if the sample
 * ended at the blank line after the block. Every line of the block then
 * folded as a frame: a tab line in a sample either does, or fails the
 * read. The block's text is still in the reader's buffer: the lines were
 * NUL-terminated in place, each newline now a NUL, and nothing was read
 * over them (no line of the block reached past what lr_buffered() showed).
 */
static void bcache_keep(struct ps *ps, uint32_t leaf)
{
	struct bcache *bc = ps->bc;
	char *text, *p;

	if (ps->lr->lineno != bc->first_line + bc->want.lines)
		return;
	if (bc->text.bytes + bc->want.len > BCACHE_MAX_BYTES ||
	    bc->nr >= BCACHE_MAX_ENTRIES) {
		bc->full = true;
		return;
	}
	text = arena_alloc(&bc->text, bc->want.len);
	memcpy(text, bc->want.text, bc->want.len);
	for (p = text; (p = memchr(p, '\0', text + bc->want.len - p)); p++)
		*p = '\n';
	bc->want.text = text;
	bc->want.leaf = leaf;
	ALLOC_GROW(bc->ent, bc->nr + 1, bc->alloc);
	bc->ent[bc->nr] = bc->want;
	hmap_put(&bc->index, bc->want_hash, bc->nr++);
}

/*
 * Add the sample to the tree. A stack seen before under the same root
 * costs one hash lookup. Otherwise samples of one process (or thread)
 * mostly share their outer frames: the nodes of the last path under the
 * same root are reused as long as the frames match, and looked up only
 * from where they differ. The weight goes to the leaf's self only; the
 * totals are worked out when something reads them (profile.h).
 */
/* The leaf of the sample's stack, added to the tree if new. */
static uint32_t stack_leaf(struct ps *ps)
{
	struct profile *p = ps->p;
	unsigned long n = ps->nr_stack, d = 0;
	uint32_t top = NODE_ROOT, node;
	struct lastpath *lp;
	uint64_t h;

	if (!ps->o->no_comm)
		top = profile_child(p, NODE_ROOT, ps->pname, FRAME_PROCESS);
	h = mix(ps->stack_hash ^ n, top);
	node = scache_find(ps, top, h);
	if (node != NODE_NONE) {
		ps->sc_hits++;
		return node;
	}
	node = top;
	lp = lastpath_of(ps, top);
	ALLOC_GROW(lp->f, n, lp->alloc_f);
	ALLOC_GROW(lp->node, n, lp->alloc_n);
	while (d < n && d < lp->nr && lp->f[d] == ps->stack[n - 1 - d])
		node = lp->node[d++];
	for (; d < n; d++) {
		uint64_t f = ps->stack[n - 1 - d];

		node = profile_child(p, node, frame_key_name(f),
				     frame_key_kind(f));
		lp->f[d] = f;
		lp->node[d] = node;
	}
	lp->nr = n;
	scache_add(ps, top, h, node);
	return node;
}

static void end_sample(struct ps *ps)
{
	struct bcache *bc = ps->bc;
	uint32_t node = NODE_NONE;

	if (bc && bc->hit_leaf != NODE_NONE) {
		/* The block cache had it: its lines were never read. */
		node = bc->hit_leaf;
		bc->hit_leaf = NODE_NONE;
	} else if (ps->in_sample && (!ps->o->no_comm || ps->nr_stack)) {
		node = stack_leaf(ps);
		if (bc && bc->pending && ps->nr_stack && !ps->too_deep)
			bcache_keep(ps, node);
	}
	if (node != NODE_NONE) {
		profile_add_self(ps->p, node, ps->period);
		ps->sum += ps->period;
		if (!isfinite(ps->sum))
			fail(ps, "the weights add up past the largest number");
		if (ps->too_deep)
			fail(ps, "the sample of line %lu has more than %lu "
				 "frames (the limit)",
			     ps->sample_line, (unsigned long)PROFILE_MAX_DEPTH);
		ps->kept++;
	}
	if (bc)
		bc->pending = false;
	ps->nr_stack = 0;
	ps->too_deep = false;
	ps->stack_hash = 0;
	ps->prev_pclen = 0;
	ps->in_sample = 0;
	ps->one_line = 0;
	ps->skipping = 0;
}

/* The event of a header, as the script finds it with
 * /:\s*(\d+)*\s+(\S+):\s*$/; returns 0 if the line has none. */
static int header_event(const char *line, size_t len, const char **ev,
			size_t *evlen, const char **per, size_t *perlen)
{
	const char *b = line, *e = line + len, *t, *d;

	while (e > b && is_space(e[-1]))
		e--;
	if (e - b < 2 || e[-1] != ':')
		return 0;
	for (t = e; t > b && !is_space(t[-1]); t--)
		;
	if (e - t < 2 || t == b)
		return 0;
	*ev = t;
	*evlen = e - 1 - t;
	/* \s+ */
	while (t > b && is_space(t[-1]))
		t--;
	/* (\d+)* */
	for (d = t; d > b && is_digit(d[-1]); d--)
		;
	*per = d;
	*perlen = t - d;
	/* \s* then ':' */
	while (d > b && is_space(d[-1]))
		d--;
	if (d == b || d[-1] != ':')
		return 0;
	return 1;
}

/*
 * A frame printed on the header line (perf script without call chains):
 * "... TIME: [PERIOD] EVENT:  ADDR SYM+OFF (DSO)". Finds the colon after
 * the event, the last one followed by white space and an address; the
 * frame text starts after it. Not something the script reads; returns 0
 * when the line has no such frame.
 */
static int header_frame(const char *line, size_t len, size_t from,
			const char **ev, size_t *evlen, const char **per,
			size_t *perlen, const char **frame)
{
	const char *end = line + len, *c, *s, *t, *d, *open, *rp;
	struct rawframe rf;

	while (end > line && is_space(end[-1]))
		end--;
	if (end == line || end[-1] != ')')
		return 0;
	/*
	 * The DSO is found once: trying each colon with a whole
	 * match_frame() was quadratic in a line of many ": 0 " pieces.
	 */
	if (end - line <= (ptrdiff_t)from ||
	    !find_dso(line + from, end - line - from, &open, &rp))
		return 0;
	c = end;
	while ((c = memrchr(line + from, ':', c - (line + from)))) {
		if (open < c + 1)
			continue; /* no " (" after this colon */
		s = c + 1;
		while (s < end && is_space(*s))
			s++;
		for (t = s; t < end && is_hex(*t); t++)
			;
		if (s > c + 1 && t > s && t < end && is_space(*t) &&
		    match_frame_dso(c + 1, end - c - 1, open, rp, &rf))
			break;
	}
	if (!c)
		return 0;
	*frame = c + 1;
	/* the token ending at the colon: an event, unless it is a time */
	for (t = c; t > line && !is_space(t[-1]); t--)
		;
	*ev = NULL;
	*evlen = 0;
	*per = NULL;
	*perlen = 0;
	for (s = t; s < c && (is_digit(*s) || *s == '.'); s++)
		;
	if (s == c)
		return 1;
	*ev = t;
	*evlen = c - t;
	while (t > line && is_space(t[-1]))
		t--;
	for (d = t; d > line && is_digit(d[-1]); d--)
		;
	if (d < t) {
		*per = d;
		*perlen = t - d;
	}
	return 1;
}

static double parse_period(const char *s, size_t len)
{
	double v = 0;
	size_t i;

	/* "if (not $period) { $period = 1 }": "" and "0" are false. */
	if (!s || !len || (len == 1 && s[0] == '0'))
		return 1;
	for (i = 0; i < len; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* What a header line names: its comm, pid and tid, its event, period. */
struct hdr {
	size_t commlen;
	const char *pid, *tid, *ev, *per, *frame;
	size_t pidlen, tidlen, evlen, perlen;
	size_t rest; /* offset of what follows the ids */
};

/* The end of a number at s: digits, after a '-' for perf's "-1". */
static const char *id_end(const char *s, const char *end)
{
	if (end - s > 1 && *s == '-' && is_digit(s[1]))
		s++;
	while (s < end && is_digit(*s))
		s++;
	return s;
}

/*
 * The ids of a header: /^(\S.+?)\s+(-?\d+)\/ *(-?\d+)*\s+/ (without
 * the space after the slash) gives comm, pid, tid; 0 if line is not one.
 * (We let the comm be one character.) The '-' is ours: perf prints a
 * sample no task was found for as ":-1    -1 [001] ...", which
 * stackcollapse-perf.pl folds under a root holding the whole header,
 * time and all, one root per sample; perf.data gives it ":-1".
 */
static int header_ids(const char *line, size_t len, struct hdr *h)
{
	const char *end = line + len, *k, *s;

	if (!len || is_space(line[0]))
		return 0;
	/* The shortest comm followed by the pattern; a try that fails
	 * fails for the whole run of white space it started in. */
	for (k = line + 1;; k = s) {
		while (k < end && !is_space(*k))
			k++;
		if (k >= end)
			return 0;
		s = k;
		while (s < end && is_space(*s))
			s++;
		h->pid = s;
		s = id_end(s, end);
		if (s == h->pid)
			continue;
		h->pidlen = s - h->pid;
		while (s < end && *s == '/')
			s++;
		h->tid = s;
		s = id_end(s, end);
		h->tidlen = s - h->tid;
		if (s < end && is_space(*s))
			break;
	}
	h->commlen = k - line;
	h->rest = s - line;
	return 1;
}

/* The event and period of a header, or its frame (no call chains). */
static bool header_what(const char *line, size_t len, struct hdr *h)
{
	h->frame = NULL;
	if (header_event(line, len, &h->ev, &h->evlen, &h->per, &h->perlen))
		return true;
	h->per = NULL;
	h->perlen = 0;
	h->ev = NULL;
	return header_frame(line, len, h->rest, &h->ev, &h->evlen, &h->per,
			    &h->perlen, &h->frame) && h->ev;
}

/*
 * Whether the sample of h is kept: of the event kept (the first seen
 * unless one is asked for) and, with --only-pid or --only-tid, of those
 * processes or threads. Samples not kept go nowhere: the script leaves
 * its state as it is, so their frames are dropped.
 */
static bool header_kept(struct ps *ps, const struct hdr *h, bool has_event)
{
	if (has_event) {
		if (!ps->filter) {
			ps->filter = xstrndup(h->ev, h->evlen);
		} else if ((strlen(ps->filter) != h->evlen ||
			    memcmp(ps->filter, h->ev, h->evlen)) &&
			   !event_base_same(ps->filter, h->ev, h->evlen)) {
			if (!ps->other)
				ps->other = xstrndup(h->ev, h->evlen);
			tally_add(&ps->others, h->ev, h->evlen, 1);
			return false;
		}
		ps->shown++;
	}
	/* Without a TID perf prints the PID alone. */
	if (!id_set_passes_text(&ps->only_pid, h->pid, h->pidlen) ||
	    !id_set_passes_text(&ps->only_tid, h->tidlen ? h->tid : h->pid,
				h->tidlen ? h->tidlen : h->pidlen))
		return false;
	return true;
}

/* The root: "$comm-$pid/$tid" with spaces made '_'; no TID: pid is "?". */
static void header_root(struct ps *ps, const char *line, const struct hdr *h)
{
	size_t n = h->commlen + h->pidlen + h->tidlen + 4;

	ALLOC_GROW(ps->pbuf, n, ps->alloc_pbuf);
	n = name_task_root(ps->pbuf, line, h->commlen, h->pid, h->pidlen,
			   h->tid, h->tidlen, ps->o->pid, ps->o->tid);
	ps->pname = profile_intern(ps->p, ps->pbuf, n);
	ps->java = n >= 4 && !memcmp(ps->pbuf, "java", 4);
}

/* A sample header; returns 0 if line is not one. */
static int header(struct ps *ps, char *line, size_t len, bool padded)
{
	struct hdr h;
	bool has_event;

	/* Without call chains perf right-aligns the comm in 16 columns. */
	while (padded && len && line[0] == ' ') {
		line++;
		len--;
	}
	if (!header_ids(line, len, &h))
		return 0;
	has_event = header_what(line, len, &h);

	/* A one-line sample before this one is complete. */
	if (ps->in_sample && ps->one_line)
		end_sample(ps);
	ps->seen_header = 1;

	if (!header_kept(ps, &h, has_event)) {
		if (!ps->in_sample)
			ps->skipping = 1;
		return 1;
	}
	ps->period = parse_period(h.per, h.perlen);
	if (!isfinite(ps->period)) {
		fail(ps, "the period '%.*s%s' is past the largest number",
		     (int)(h.perlen > 40 ? 40 : h.perlen), h.per,
		     h.perlen > 40 ? "..." : "");
		return 1;
	}
	header_root(ps, line, &h);
	if (!ps->in_sample)
		ps->sample_line = ps->lr->lineno;
	ps->in_sample = 1;
	ps->skipping = 0;
	if (h.frame) {
		add_frame(ps, h.frame, line + len - h.frame);
		ps->one_line = 1;
	}
	return 1;
}

/*
 * The header of `perf script --header`: "# hostname : box", "# os release
 * : 6.8.0", "# cmdline : ...", "# captured on : Sat Nov 29 10:00:00 2025",
 * "# sample duration :   1003.171 ms". Fills what p->meta does not have.
 */
static void header_comment(struct ps *ps, char *line, size_t len)
{
	struct profile_meta *m = &ps->p->meta;
	char *key = line + 1, *colon, *val, *e = line + len, *k;

	while (key < e && *key == ' ')
		key++;
	colon = memchr(key, ':', e - key);
	if (!colon)
		return;
	for (k = colon; k > key && k[-1] == ' ';)
		k--;
	for (val = colon + 1; val < e && is_space(*val);)
		val++;
	while (e > val && is_space(e[-1]))
		e--;
	*e = '\0';
	*k = '\0';
	if (!strcmp(key, "hostname") && !m->host) {
		meta_set(&m->host, val);
	} else if (!strcmp(key, "os release") && !m->kernel) {
		meta_set(&m->kernel, val);
	} else if (!strcmp(key, "cmdline") && !m->cmdline) {
		meta_set(&m->cmdline, val);
	} else if (!strcmp(key, "captured on") && !m->date) {
		struct tm tm = { 0 };
		char iso[32];
		const char *end = strptime(val, "%a %b %d %H:%M:%S %Y", &tm);

		if (end && !*end &&
		    strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%S", &tm))
			meta_set(&m->date, iso);
	} else if (!strcmp(key, "sample duration")) {
		char *unit;
		double ms = strtod(val, &unit);

		if (unit != val && !strcmp(unit, " ms") && ms > 0)
			ps->duration = ms / 1000;
	}
}

/*
 * A line that is neither header, frame nor blank: skipped and counted
 * (ps->sk), or the end of the read. A sample whose block is in the block
 * cache's hands is then not kept there: its lines did not all fold.
 */
static void bad_line(struct ps *ps, const char *line, size_t len,
		     const char *why)
{
	if (!ps->sk) {
		fail(ps, "%s: '%.60s%s'", why, line, len > 60 ? "..." : "");
		return;
	}
	lr_skip_note(ps->sk, ps->lr, "%s: '%.60s%s'", why, line,
		     len > 60 ? "..." : "");
	if (ps->bc)
		ps->bc->pending = false;
}

/*
 * Whether an indented line that is not a frame is the source line that
 * `perf script -F+srcline` prints under a frame ("  file.c:123", or
 * "  [dso][addr]" without debug info): indented with spaces, where frames
 * have a tab. The script warns and skips those; so do we, quietly.
 */
static bool srcline(const char *line, size_t len)
{
	return len > 2 && line[0] == ' ' && line[1] == ' ';
}

/* One line of perf script text. */
static void read_line(struct ps *ps, char *line, size_t len)
{
	bool was_in = ps->in_sample;
	unsigned char c = line[0];
	const char *s, *end;
	struct rawframe rf;

	/*
	 * The hot path: a frame of a sample being kept. After a sample on
	 * its header line, a line indented with spaces is the next padded
	 * header rather than a frame.
	 */
	if ((c == '\t' || (c == ' ' && !ps->one_line)) && ps->in_sample &&
	    !add_frame(ps, line, len))
		return;
	if (c == '#') {
		header_comment(ps, line, len);
		return;
	}
	for (s = line, end = line + len; s < end && is_space(*s); s++)
		;
	if (s == end) {
		end_sample(ps);
		return;
	}
	if (header(ps, line, len, !ps->in_sample || ps->one_line)) {
		/* A sample of its own, its frames on the lines below. */
		if (!was_in && ps->in_sample && !ps->one_line && !ps->failed &&
		    !ps->nr_stack && !ps->o->every_line)
			bcache_lookup(ps);
		return;
	}
	if (ps->in_sample) {
		/* The script takes frames that are not indented. */
		if ((!is_space(c) || ps->one_line) &&
		    !add_frame(ps, line, len))
			return;
		if (!ps->one_line && srcline(line, len))
			return;
	} else if (ps->seen_header && match_frame(line, len, &rf)) {
		if (ps->skipping) /* of another event */
			return;
		bad_line(ps, line, len,
			 "a stack frame outside a sample (no header line "
			 "before it)");
		return;
	}
	if (!ps->seen_header)
		bad_line(ps, line, len,
			 "not perf script output (expected a sample header "
			 "'COMM PID ... EVENT:' first)");
	else
		bad_line(ps, line, len,
			 "neither a sample header nor a stack frame 'ADDR "
			 "SYMBOL (DSO)'");
}

static void ps_init(struct ps *ps, struct linereader *lr,
		    const struct perf_script_opts *o, struct profile *p,
		    struct lr_skips *sk, struct fd_err *err)
{
	memset(ps, 0, sizeof(*ps));
	ps->lr = lr;
	ps->sk = sk;
	ps->o = o;
	ps->p = p;
	ps->err = err;
	id_set_init(&ps->only_pid, &o->only_pid);
	id_set_init(&ps->only_tid, &o->only_tid);
	ps->sum = profile_total(p); /* totals are current between reads */
	if (o->event)
		ps->filter = xstrdup(o->event);
	else if (p->meta.event)
		ps->filter = xstrdup(p->meta.event); /* an earlier file's */
}

static void ps_release(struct ps *ps)
{
	unsigned long i;

	id_set_release(&ps->only_pid);
	id_set_release(&ps->only_tid);
	free(ps->stack);
	free(ps->buf);
	free(ps->tmp);
	for (i = 0; i < ps->nr_lp; i++) {
		free(ps->lp[i].f);
		free(ps->lp[i].node);
	}
	free(ps->lp);
	hmap_release(&ps->lp_of);
	free(ps->sc);
	hmap_release(&ps->sc_of);
	free(ps->pbuf);
	free(ps->filter);
	free(ps->other);
	tally_release(&ps->others);
	fcache_release(&ps->fc);
	bcache_release(ps->bc);
}

/*
 * The note of a file of several events when none was asked for, as the
 * perf.data reader's: "PATH: event 'E' (N samples) shown; the file also
 * has 'F' (M samples): choose one with --event". NULL when none.
 */
static char *finish_note(const char *path, const char *filter,
			 uint64_t shown, const struct ev_tally *others)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned long i;

	strbuf_addf(&sb, "%s: event '%s' (%llu samples) shown; the file also "
			 "has ", path, filter, (unsigned long long)shown);
	for (i = 0; i < others->nr; i++)
		strbuf_addf(&sb, "%s'%s' (%llu samples)", i ? ", " : "",
			    others->name[i], (unsigned long long)others->n[i]);
	strbuf_addstr(&sb, ": choose one with --event");
	return strbuf_detach(&sb, NULL);
}

/* What one read, or its parts added up, tells finish_meta(). */
struct ps_end {
	uint64_t kept, shown;
	const char *filter, *other;
	const struct ev_tally *others;
	double duration;
};

/*
 * What p->meta learns at the end of a read, from what it kept (kept
 * samples of event filter, the first other event, the duration of the
 * header), or why the read fails: one read, or its parts added up. With
 * note, the note naming the events not kept (finish_note()).
 */
static int finish_meta(struct profile *p, const struct perf_script_opts *o,
		       const char *path, struct lr_skips *sk,
		       const struct ps_end *e, char **note,
		       struct fd_err *err)
{
	uint64_t kept = e->kept;
	const char *filter = e->filter, *other = e->other;
	double duration = e->duration;

	/* Nothing but odd lines: not perf script text, as the first said. */
	if (!kept && sk && sk->nr && !other) {
		*err = sk->first;
		return -1;
	}
	if (!kept && other && !o->event && p->meta.event)
		return fd_err_at(err, path, 0,
				 "samples of event '%s' where the inputs "
				 "before it have '%s': weights of different "
				 "events do not add up (keep one with "
				 "--event-filter)",
				 other, p->meta.event);
	p->meta.samples += kept;
	p->meta.duration += duration;
	if (filter && !p->meta.event && kept)
		meta_set(&p->meta.event, filter);
	if (!p->meta.unit && kept)
		meta_set(&p->meta.unit,
			 p->meta.event ? event_unit(p->meta.event) : "events");
	if (note && !o->event && kept && filter && e->others->nr)
		*note = finish_note(path, filter, e->shown, e->others);
	return 0;
}

/* The end of the input: the last sample, and what p->meta learns. */
static int finish(struct ps *ps, char **note)
{
	struct ps_end e;

	/*
	 * The last sample, with no blank line after it, is whole: its last
	 * line was read as a frame (the script drops it, inferno keeps it;
	 * so do we, a capture of one sample is that sample).
	 */
	if (ps->in_sample)
		end_sample(ps);
	if (ps->failed)
		return -1;
	e.kept = ps->kept;
	e.shown = ps->shown;
	e.filter = ps->filter;
	e.other = ps->other;
	e.others = &ps->others;
	e.duration = ps->duration;
	return finish_meta(ps->p, ps->o, ps->lr->path, ps->sk, &e, note,
			   ps->err);
}

/* perf_script_read(), and the note of the events not kept into *note. */
static int read_one(struct linereader *lr, const struct perf_script_opts *o,
		    struct profile *p, struct lr_skips *sk, char **note,
		    struct fd_err *err)
{
	struct ps ps;
	char *line;
	size_t len;
	int r = 0; /* set before read, which gcc -O1 cannot tell */

	ps_init(&ps, lr, o, p, sk, err);
	while (!ps.failed && (r = lr_next(lr, &line, &len, err)) > 0)
		read_line(&ps, line, len);
	if (!ps.failed && r == 0)
		r = finish(&ps, note);
	else
		r = -1;
	ps_release(&ps);
	return r;
}

int perf_script_read(struct linereader *lr, const struct perf_script_opts *o,
		     struct profile *p, struct lr_skips *sk,
		     struct fd_err *err)
{
	return read_one(lr, o, p, sk, NULL, err);
}

int perf_script_events(struct linereader *lr, char ***names, size_t *nr,
		       struct fd_err *err)
{
	unsigned long alloc = 0;
	bool in_sample = false;
	char *line;
	size_t len, i;
	int r;

	*names = NULL;
	*nr = 0;
	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		struct hdr h;

		if (!len) {
			in_sample = false;
			continue;
		}
		if (in_sample)
			continue;
		in_sample = true;
		if (!header_ids(line, len, &h) || !header_what(line, len, &h))
			continue;
		/* one event as header_kept() tells them apart */
		for (i = 0; i < *nr; i++)
			if ((strlen((*names)[i]) == h.evlen &&
			     !memcmp((*names)[i], h.ev, h.evlen)) ||
			    event_base_same((*names)[i], h.ev, h.evlen))
				break;
		if (i < *nr)
			continue;
		ALLOC_GROW(*names, *nr + 1, alloc);
		(*names)[(*nr)++] = xstrndup(h.ev, h.evlen);
	}
	if (r < 0) {
		perf_script_events_free(*names, *nr);
		*names = NULL;
		*nr = 0;
	}
	return r < 0 ? -1 : 0;
}

void perf_script_events_free(char **names, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

/*
 * Reading one file on several threads. The file is cut into parts at
 * sample boundaries: the start of a header line right after a blank line,
 * where one read's state is what a fresh read's is (the blank line ended
 * the sample before). Each part is read (pread(), no copy of the file)
 * into a profile of its own, and those are merged into p in the file's
 * order: a node first seen in part k comes after its siblings of the
 * parts before, as in one read, so the tree's order is the same.
 *
 * What one read carries over a boundary is the line number, the event
 * kept (the first one seen) and the running sum of weights. A part reads
 * its lines numbered from 0; the one part whose message is shown (the
 * first to fail, or the first to skip an odd line) is read again once the
 * lines before it are counted, for the file's line number. A part that
 * starts keeping another event than the first part to name one, or a sum
 * past the largest number, sends the file back to one stream.
 */
struct ps_part {
	const char *path;
	int fd;
	size_t off, len;
	unsigned long lines; /* in the part */
	unsigned long base;  /* of the lines before it */
	const struct perf_script_opts *o;
	const char *seed;    /* the event kept before this read */
	struct profile *p;
	struct lr_skips sk, *skp;
	struct fd_err err;
	int ret;
	char *filter, *other;
	uint64_t kept, shown;
	struct ev_tally others;
	double duration;
	double sum; /* its weights, added up as its read went */
};

static void part_clear(struct ps_part *pt)
{
	profile__delete(pt->p);
	free(pt->filter);
	free(pt->other);
	tally_release(&pt->others);
	pt->p = NULL;
	pt->filter = pt->other = NULL;
}

static void *part_read(void *arg)
{
	struct ps_part *pt = arg;
	struct linereader lr;
	struct ps ps;
	char *line;
	size_t len;
	int r = 0;

	pt->p = profile__new();
	memset(&pt->sk, 0, sizeof(pt->sk));
	lr_init_range(&lr, pt->fd, pt->off, pt->len, pt->base, pt->path);
	ps_init(&ps, &lr, pt->o, pt->p, pt->skp, &pt->err);
	if (!ps.filter && pt->seed)
		ps.filter = xstrdup(pt->seed);
	while (!ps.failed && (r = lr_next(&lr, &line, &len, &pt->err)) > 0)
		read_line(&ps, line, len);
	if (!ps.failed && r == 0 && ps.in_sample)
		end_sample(&ps);
	pt->ret = ps.failed || r < 0 ? -1 : 0;
	pt->lines = lr.lineno - pt->base;
	pt->filter = ps.filter;
	pt->other = ps.other;
	ps.filter = ps.other = NULL;
	pt->kept = ps.kept;
	pt->shown = ps.shown;
	pt->others = ps.others;
	memset(&ps.others, 0, sizeof(ps.others));
	pt->duration = ps.duration;
	pt->sum = ps.sum;
	ps_release(&ps);
	lr_release(&lr);
	return NULL;
}

/* Where a part may start at or after from (before to): a header line,
 * not padded, right after a blank line; to when there is none. */
static size_t next_boundary(int fd, size_t from, size_t to)
{
	size_t win = 256 * 1024, got, at = from;
	char *buf = xmalloc(win + 1);

	while (at + 2 < to) {
		ssize_t r = pread(fd, buf, to - at < win ? to - at : win, at);
		const char *s = buf, *end;

		if (r <= 2)
			break;
		got = r;
		end = buf + got;
		while (s + 2 < end && (s = memmem(s, end - s, "\n\n", 2))) {
			const char *line = s + 2, *eol;
			struct hdr h;

			s++;
			if (line >= end || is_space(*line) || *line == '#')
				continue;
			eol = memchr(line, '\n', end - line);
			if (!eol)
				break;
			if (header_ids(line, eol - line, &h)) {
				size_t found = at + (line - buf);

				free(buf);
				return found;
			}
		}
		/* the next window overlaps this one by a line or so */
		at += got > 4096 ? got - 4096 : got;
	}
	free(buf);
	return to;
}

static void run_parts(struct ps_part *pt, unsigned int n)
{
	pthread_t *tid = xcalloc(n, sizeof(*tid));
	unsigned int i, started;

	for (started = 1; started < n; started++)
		if (pthread_create(&tid[started], NULL, part_read, &pt[started]))
			break;
	part_read(&pt[0]);
	for (i = 1; i < started; i++)
		pthread_join(tid[i], NULL);
	/* A thread not started: its part on this one. */
	for (i = started; i < n; i++)
		part_read(&pt[i]);
	free(tid);
}

static void parts_release(struct ps_part *pt, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		part_clear(&pt[i]);
	free(pt);
}

/* 1: the parts read as one stream would; 0: read it as one stream. */
static int parts_agree(const struct ps_part *pt, unsigned int n)
{
	const char *first = NULL;
	double sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		sum += pt[i].sum;
		if (!pt[i].filter)
			continue;
		if (first && strcmp(first, pt[i].filter))
			return 0;
		if (!first)
			first = pt[i].filter;
	}
	/* past the largest number: one stream says at which line */
	return isfinite(sum);
}

/* The parts added up into p as one read's finish() does. */
static int parts_finish(struct ps_part *pt, unsigned int n,
			struct profile *p, struct lr_skips *sk, char **note,
			struct fd_err *err)
{
	struct ev_tally others = { 0 };
	struct ps_end e = { 0 };
	bool noted = sk && sk->nr;
	unsigned long base = 0, k;
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		/* The message shown: read again with the file's numbers. */
		if (i && (pt[i].ret || (!noted && pt[i].sk.nr))) {
			part_clear(&pt[i]);
			pt[i].base = base;
			part_read(&pt[i]);
		}
		base += pt[i].lines;
		if (sk && pt[i].sk.nr) {
			if (!sk->nr)
				sk->first = pt[i].sk.first;
			sk->nr += pt[i].sk.nr;
			noted = true;
		}
		if (pt[i].ret) {
			*err = pt[i].err;
			tally_release(&others);
			return -1;
		}
		/* The first part's tree as it is, not a copy (none of p's
		 * names to keep): memory is the parts and what the others
		 * add. Its root and metadata still go through the merge. */
		if (!i && p->nr_nodes == 1 && strtab_count(p->names) == 1)
			profile_swap_trees(p, pt[i].p);
		profile_merge_free(p, pt[i].p);
		pt[i].p = NULL;
		e.kept += pt[i].kept;
		e.shown += pt[i].shown;
		e.duration += pt[i].duration;
		if (!e.filter)
			e.filter = pt[i].filter;
		if (!e.other)
			e.other = pt[i].other;
		for (k = 0; k < pt[i].others.nr; k++)
			tally_add(&others, pt[i].others.name[k],
				  strlen(pt[i].others.name[k]),
				  pt[i].others.n[k]);
	}
	e.others = &others;
	ret = finish_meta(p, pt[0].o, pt[0].path, sk, &e, note, err);
	tally_release(&others);
	return ret;
}

int perf_script_read_jobs(struct linereader *lr,
			  const struct perf_script_opts *o, unsigned int jobs,
			  size_t part_min, struct profile *p,
			  struct lr_skips *sk, char **note, struct fd_err *err)
{
	struct ps_part *pt;
	size_t len, at;
	unsigned int n, i;
	int fd;

	if (jobs < 2 || p->nr_nodes > 1 || !lr_file(lr, &fd, &len))
		return read_one(lr, o, p, sk, note, err);
	if (part_min < 1)
		part_min = 1;
	n = len / part_min < jobs ? len / part_min : jobs;
	if (n < 2)
		return read_one(lr, o, p, sk, note, err);
	pt = xcalloc(n, sizeof(*pt));
	/* The parts: about len / n bytes each, cut at sample boundaries. */
	for (i = 0, at = 0; i < n && at < len; i++) {
		size_t want = (len / n) * (i + 1), to;

		to = i + 1 == n ? len : next_boundary(fd, want > at ? want : at,
						      len);
		pt[i].off = at;
		pt[i].len = to - at;
		at = to;
	}
	n = i;
	for (i = 0; i < n; i++) {
		pt[i].path = lr->path;
		pt[i].fd = fd;
		pt[i].o = o;
		pt[i].seed = p->meta.event;
		pt[i].skp = sk ? &pt[i].sk : NULL;
	}
	if (n < 2 || (run_parts(pt, n), !parts_agree(pt, n))) {
		parts_release(pt, n);
		return read_one(lr, o, p, sk, note, err);
	}
	i = parts_finish(pt, n, p, sk, note, err);
	parts_release(pt, n);
	return (int)i;
}
