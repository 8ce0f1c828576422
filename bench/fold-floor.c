// SPDX-License-Identifier: GPL-2.0
/*
 * fold-floor FILE: the least work any one-pass, one-thread fold of perf
 * script text must do, timed by bench/scale.sh beside `flamediff fold` to
 * show how far a speed target is from what the machine can do at all.
 *
 * It maps the file (no copy), splits it into lines, takes each frame
 * line's symbol (between the address and the last " (", "+0x..." cut),
 * finds its id in a table of names, and at each blank line finds the
 * sample's sequence of ids in a table of stacks, adding one to its count.
 * That is all a fold cannot skip. What it leaves out, and `flamediff fold`
 * does: the process name, periods, events, kernel and JIT marks, names
 * tidied the way stackcollapse-perf.pl tidies them, inlined frames,
 * sorting the stacks, writing them out, every check on the input. So its
 * time is below anything a fold on this machine can reach, and a target
 * below it cannot be met by folding faster, only by more cores.
 *
 * Prints "names N frames N stacks N" (to check it read what fold read).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_DEPTH 1024

struct name {
	const char *s; /* in the mapped file */
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

int main(int argc, char **argv)
{
	struct table names = { 0 }, stacks = { 0 };
	struct name *nv = NULL;
	struct stack *sv = NULL;
	uint64_t *nh = NULL, *sh = NULL, alloc_n = 0, alloc_nh = 0;
	uint64_t alloc_s = 0, alloc_sh = 0, alloc_ids = 0, nr_ids = 0;
	uint64_t frames = 0;
	uint32_t *ids = NULL, cur[MAX_DEPTH];
	unsigned int depth = 0;
	const char *p, *end;
	struct stat st;
	char *map;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: fold-floor FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st) || !st.st_size) {
		perror(argv[1]);
		return 2;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
		   fd, 0);
	if (map == MAP_FAILED) {
		perror(argv[1]);
		return 2;
	}
	table_init(&names);
	table_init(&stacks);

	for (p = map, end = map + st.st_size; p < end;) {
		const char *nl = memchr(p, '\n', end - p), *sym, *se, *q;
		uint64_t h, s, tag;
		uint32_t id;

		if (!nl)
			nl = end;
		if (*p == '\t' || *p == ' ') {
			/* A frame: blanks, address, blanks, symbol " (dso)". */
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
			for (s = h & names.mask; names.slots[s];
			     s = (s + 1) & names.mask) {
				const struct name *e;

				if ((names.slots[s] & ~0xffffffffULL) != tag)
					continue;
				e = &nv[(uint32_t)names.slots[s] - 1];
				if (e->len == se - sym &&
				    !memcmp(e->s, sym, se - sym))
					break;
			}
			if (names.slots[s]) {
				id = (uint32_t)names.slots[s] - 1;
			} else {
				id = names.nr;
				grow((void **)&nv, &alloc_n, id + 1, sizeof(*nv));
				grow((void **)&nh, &alloc_nh, id + 1, sizeof(*nh));
				nv[id].s = sym;
				nv[id].len = se - sym;
				nh[id] = h;
				names.slots[s] = tag | (id + 1);
				names.nr++;
				table_reserve(&names, nh);
			}
			if (depth < MAX_DEPTH)
				cur[depth++] = id;
			frames++;
		} else if (nl == p && depth) {
			/* The blank line after a sample. */
			unsigned int i;

			for (h = depth, i = 0; i < depth; i++)
				h = mix(h, cur[i]);
			tag = h >> 32 << 32;
			for (s = h & stacks.mask; stacks.slots[s];
			     s = (s + 1) & stacks.mask) {
				const struct stack *e;

				if ((stacks.slots[s] & ~0xffffffffULL) != tag)
					continue;
				e = &sv[(uint32_t)stacks.slots[s] - 1];
				if (e->nr == depth &&
				    !memcmp(ids + e->first, cur,
					    depth * sizeof(*cur)))
					break;
			}
			if (stacks.slots[s]) {
				sv[(uint32_t)stacks.slots[s] - 1].count++;
			} else {
				id = stacks.nr;
				grow((void **)&sv, &alloc_s, id + 1, sizeof(*sv));
				grow((void **)&sh, &alloc_sh, id + 1, sizeof(*sh));
				grow((void **)&ids, &alloc_ids, nr_ids + depth,
				     sizeof(*ids));
				memcpy(ids + nr_ids, cur, depth * sizeof(*cur));
				sv[id] = (struct stack){ h, nr_ids, depth, 1 };
				sh[id] = h;
				nr_ids += depth;
				stacks.slots[s] = tag | (id + 1);
				stacks.nr++;
				table_reserve(&stacks, sh);
			}
			depth = 0;
		}
		p = nl + 1;
	}
	printf("names %llu frames %llu stacks %llu\n",
	       (unsigned long long)names.nr, (unsigned long long)frames,
	       (unsigned long long)stacks.nr);
	return 0;
}
