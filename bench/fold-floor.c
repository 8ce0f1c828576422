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

/* A name (its bytes) or a stack (its name ids), copied to the arena. */
struct key {
	uint64_t hash;
	const void *p;
	uint32_t len;
	uint64_t count;
};

/*
 * Open addressing, slots of (hash tag << 32 | index + 1) into keys[]:
 * a probe compares the tag before it touches a key.
 */
struct table {
	uint64_t *slots;
	uint64_t mask, nr, alloc;
	struct key *keys;
};

struct fold {
	struct table names, stacks;
	uint32_t cur[MAX_DEPTH];
	unsigned int depth;
	uint64_t frames;
};

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xff51afd7ed558ccdULL;
	return h ^ (h >> 32);
}

static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = n * 0x9e3779b97f4a7c15ULL, w = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = mix(h, w);
	}
	for (w = 0; i < n; i++)
		w = w << 8 | s[i];
	return mix(h, w);
}

static void *xalloc(void *p, size_t n, int zero)
{
	p = zero ? calloc(1, n) : realloc(p, n);
	if (!p) {
		perror("fold-floor");
		exit(1);
	}
	return p;
}

/* Keys outlive the buffer they were read into. */
static void *arena_copy(const void *s, size_t n)
{
	static char *a;
	static size_t left;
	char *r;

	if (left < n) {
		left = n > CHUNK ? n : CHUNK;
		a = xalloc(NULL, left, 0);
	}
	r = memcpy(a, s, n);
	a += n;
	left -= n;
	return r;
}

/* Twice the slots, at most half full after. */
static void table_grow(struct table *t)
{
	uint64_t *old = t->slots, omask = t->mask, i, s;

	t->mask = t->mask ? t->mask * 2 + 1 : 4095;
	t->slots = xalloc(NULL, (t->mask + 1) * sizeof(*t->slots), 1);
	for (i = 0; old && i <= omask; i++) {
		if (!old[i])
			continue;
		s = t->keys[(uint32_t)old[i] - 1].hash & t->mask;
		while (t->slots[s])
			s = (s + 1) & t->mask;
		t->slots[s] = old[i];
	}
	free(old);
}

/* The index of key p[0..len) in t, added (copied) when new. */
static uint32_t table_id(struct table *t, const void *p, size_t len)
{
	uint64_t h = hash_bytes(p, len), tag = h >> 32 << 32, s;
	struct key *k;

	if ((t->nr + 1) * 2 > t->mask)
		table_grow(t);
	for (s = h & t->mask; t->slots[s]; s = (s + 1) & t->mask) {
		if ((t->slots[s] & ~0xffffffffULL) != tag)
			continue;
		k = &t->keys[(uint32_t)t->slots[s] - 1];
		if (k->len == len && !memcmp(k->p, p, len))
			return (uint32_t)t->slots[s] - 1;
	}
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? t->alloc * 2 : 1024;
		t->keys = xalloc(t->keys, t->alloc * sizeof(*t->keys), 0);
	}
	k = &t->keys[t->nr];
	*k = (struct key){ h, arena_copy(p, len), len, 0 };
	t->slots[s] = tag | ++t->nr;
	return t->nr - 1;
}

/* A frame: blanks, address, blanks, symbol "+0x..." " (dso)". */
static void frame(struct fold *f, const char *p, const char *nl)
{
	const char *sym, *se, *q;
	uint32_t id;

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
	id = table_id(&f->names, sym, se - sym);
	if (f->depth < MAX_DEPTH)
		f->cur[f->depth++] = id;
	f->frames++;
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
	while ((n = read(fd, buf + have, size - have)) > 0) {
		const char *p = buf, *end = buf + have + n, *nl;

		for (; (nl = memchr(p, '\n', end - p)); p = nl + 1) {
			if (*p == '\t' || *p == ' ') {
				frame(&f, p, nl);
			} else if (nl == p && f.depth) {
				/* The blank line after a sample. */
				uint32_t id = table_id(&f.stacks, f.cur,
						       f.depth * sizeof(*f.cur));

				f.stacks.keys[id].count++;
				f.depth = 0;
			}
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
