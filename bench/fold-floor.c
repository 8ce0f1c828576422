// SPDX-License-Identifier: GPL-2.0
/*
 * fold-floor FILE: the least work a one-thread fold of perf script text
 * does that looks up each frame, timed by bench/scale.sh beside `flamediff
 * fold` to show how far a speed target is from what the machine can do.
 *
 * It reads the file a megabyte at a time (read(2) beats mmap(2) here: a
 * page fault costs more than a copy), splits it into lines, takes each
 * frame line's symbol (between the address and the last " (", "+0x..."
 * cut), finds its id in a table of names, and at each blank line finds the
 * sample's sequence of ids in a table of stacks, adding one to its count.
 * What it leaves out, and `flamediff fold` does: the process name,
 * periods, events, kernel and JIT marks, names tidied the way
 * stackcollapse-perf.pl tidies them, inlined frames, sorting the stacks,
 * writing them out, every check on the input.
 *
 * When every stack is new, every frame has to be looked up, so no fold on
 * one core gets under this time; a speed ratio to stackcollapse-perf.pl
 * above the floor's cannot be met there. When stacks repeat, a fold could
 * hash each sample's text whole and skip the lookups: there the floor only
 * bounds folds that work frame by frame (as flamediff and the script do).
 *
 * Prints "names N frames N stacks N" (to check it read what fold read).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DEPTH 1024
#define CHUNK (1UL << 20)

struct name {
	const char *s; /* in the arena */
	uint32_t len;
};

struct stack {
	uint64_t hash;
	uint32_t first; /* in ids[] */
	uint32_t nr;
	uint64_t count;
};

/* Open addressing, slots of (hash tag << 32 | index + 1). */
struct table {
	uint64_t *slots;
	uint64_t mask;
	uint64_t nr;
};

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xff51afd7ed558ccdULL;
	return h ^ (h >> 32);
}

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = n * 0x9e3779b97f4a7c15ULL, w = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = mix(h, w);
	}
	for (w = 0; i < n; i++)
		w = w << 8 | (unsigned char)s[i];
	return mix(h, w);
}

static void *zalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		perror("fold-floor");
		exit(1);
	}
	return p;
}

static void grow(void **p, uint64_t *alloc, uint64_t need, size_t size)
{
	uint64_t n = *alloc ? *alloc : 1024;

	if (need <= *alloc)
		return;
	while (n < need)
		n *= 2;
	*p = realloc(*p, n * size);
	if (!*p) {
		perror("fold-floor");
		exit(1);
	}
	*alloc = n;
}

static void table_init(struct table *t)
{
	t->mask = 4095;
	t->slots = zalloc((t->mask + 1) * sizeof(*t->slots));
}

/* Make room for one more, keeping the table at most half full. */
static void table_reserve(struct table *t, const uint64_t *hashes)
{
	uint64_t *old = t->slots, omask = t->mask, i, s;

	if ((t->nr + 1) * 2 <= t->mask)
		return;
	t->mask = t->mask * 2 + 1;
	t->slots = zalloc((t->mask + 1) * sizeof(*t->slots));
	for (i = 0; i <= omask; i++) {
		if (!old[i])
			continue;
		s = hashes[(uint32_t)old[i] - 1] & t->mask;
		while (t->slots[s])
			s = (s + 1) & t->mask;
		t->slots[s] = old[i];
	}
	free(old);
}

/* Names outlive the buffer they were read into. */
static char *arena_copy(const char *s, size_t n)
{
	static char *a;
	static size_t left;
	char *r;

	if (left < n) {
		left = n > CHUNK ? n : CHUNK;
		a = malloc(left);
		if (!a) {
			perror("fold-floor");
			exit(1);
		}
	}
	r = memcpy(a, s, n);
	a += n;
	left -= n;
	return r;
}

struct fold {
	struct table names, stacks;
	struct name *nv;
	struct stack *sv;
	uint64_t *nh, *sh, alloc_n, alloc_nh, alloc_s, alloc_sh;
	uint32_t *ids;
	uint64_t alloc_ids, nr_ids, frames;
	uint32_t cur[MAX_DEPTH];
	unsigned int depth;
};

static void frame(struct fold *f, const char *p, const char *nl)
{
	const char *sym, *se, *q;
	uint64_t h, s, tag;
	uint32_t id;

	/* Blanks, address, blanks, symbol "+0x..." " (dso)". */
	for (sym = p; sym < nl && (*sym == ' ' || *sym == '\t');)
		sym++;
	while (sym < nl && *sym != ' ')
		sym++;
	while (sym < nl && *sym == ' ')
		sym++;
	se = nl;
	for (q = nl; q > sym + 1; q--) {
		if (q[-1] == '(' && q[-2] == ' ') {
			se = q - 2;
			break;
		}
	}
	for (q = se; q > sym && *q != '+'; q--)
		;
	if (q > sym)
		se = q;
	h = hash_bytes(sym, se - sym);
	tag = h >> 32 << 32;
	for (s = h & f->names.mask; f->names.slots[s];
	     s = (s + 1) & f->names.mask) {
		const struct name *e;

		if ((f->names.slots[s] & ~0xffffffffULL) != tag)
			continue;
		e = &f->nv[(uint32_t)f->names.slots[s] - 1];
		if (e->len == se - sym && !memcmp(e->s, sym, se - sym))
			break;
	}
	if (f->names.slots[s]) {
		id = (uint32_t)f->names.slots[s] - 1;
	} else {
		id = f->names.nr;
		grow((void **)&f->nv, &f->alloc_n, id + 1, sizeof(*f->nv));
		grow((void **)&f->nh, &f->alloc_nh, id + 1, sizeof(*f->nh));
		f->nv[id].s = arena_copy(sym, se - sym);
		f->nv[id].len = se - sym;
		f->nh[id] = h;
		f->names.slots[s] = tag | (id + 1);
		f->names.nr++;
		table_reserve(&f->names, f->nh);
	}
	if (f->depth < MAX_DEPTH)
		f->cur[f->depth++] = id;
	f->frames++;
}

/* The blank line after a sample. */
static void end_sample(struct fold *f)
{
	uint64_t h, s, tag;
	unsigned int i;
	uint32_t id;

	for (h = f->depth, i = 0; i < f->depth; i++)
		h = mix(h, f->cur[i]);
	tag = h >> 32 << 32;
	for (s = h & f->stacks.mask; f->stacks.slots[s];
	     s = (s + 1) & f->stacks.mask) {
		const struct stack *e;

		if ((f->stacks.slots[s] & ~0xffffffffULL) != tag)
			continue;
		e = &f->sv[(uint32_t)f->stacks.slots[s] - 1];
		if (e->nr == f->depth &&
		    !memcmp(f->ids + e->first, f->cur,
			    f->depth * sizeof(*f->cur)))
			break;
	}
	if (f->stacks.slots[s]) {
		f->sv[(uint32_t)f->stacks.slots[s] - 1].count++;
	} else {
		id = f->stacks.nr;
		grow((void **)&f->sv, &f->alloc_s, id + 1, sizeof(*f->sv));
		grow((void **)&f->sh, &f->alloc_sh, id + 1, sizeof(*f->sh));
		grow((void **)&f->ids, &f->alloc_ids, f->nr_ids + f->depth,
		     sizeof(*f->ids));
		memcpy(f->ids + f->nr_ids, f->cur, f->depth * sizeof(*f->cur));
		f->sv[id] = (struct stack){ h, f->nr_ids, f->depth, 1 };
		f->sh[id] = h;
		f->nr_ids += f->depth;
		f->stacks.slots[s] = tag | (id + 1);
		f->stacks.nr++;
		table_reserve(&f->stacks, f->sh);
	}
	f->depth = 0;
}

int main(int argc, char **argv)
{
	static struct fold f;
	size_t have = 0, size = 2 * CHUNK;
	char *buf = malloc(size);
	ssize_t n;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: fold-floor FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || !buf) {
		perror(argv[1]);
		return 2;
	}
	table_init(&f.names);
	table_init(&f.stacks);
	while ((n = read(fd, buf + have, size - have)) > 0) {
		const char *p = buf, *end = buf + have + n, *nl;

		for (; (nl = memchr(p, '\n', end - p)); p = nl + 1) {
			if (*p == '\t' || *p == ' ')
				frame(&f, p, nl);
			else if (nl == p && f.depth)
				end_sample(&f);
		}
		have = end - p;
		memmove(buf, p, have);
		if (have == size) { /* a line longer than the buffer */
			fprintf(stderr, "fold-floor: line too long\n");
			return 2;
		}
	}
	if (n < 0) {
		perror(argv[1]);
		return 2;
	}
	printf("names %llu frames %llu stacks %llu\n",
	       (unsigned long long)f.names.nr, (unsigned long long)f.frames,
	       (unsigned long long)f.stacks.nr);
	return 0;
}
