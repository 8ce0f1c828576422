// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/safe-open.h"
#include "collector/kallsyms.h"

/* A sizeless kernel symbol ends at the next one, within reason: past the
 * last symbol of a module, nothing of ours lies within 1 MiB. */
#define KALLSYMS_MAX_GAP (1ULL << 20)

static long read_sysctl(const char *path)
{
	FILE *fp = safe_fopen(path, 0, NULL);
	long v = -999;

	if (!fp)
		return v;
	if (fscanf(fp, "%ld", &v) != 1)
		v = -999;
	fclose(fp);
	return v;
}

/* What reading one kallsyms file gathers besides its symbols. */
struct kparse {
	struct kallsyms *k;
	unsigned long lines, zero;
	const char *const *stale;
	const struct kmod_map *maps;
	unsigned long nr_maps;
	/* per recorded module: its text symbols in its range, and outside */
	unsigned long *own, *away;
};

/* Count a text symbol at addr of module mod (len bytes) for the
 * recorded module of that name: in its recorded range or away from it. */
static void count_placed(struct kparse *c, uint64_t addr, const char *mod,
			 size_t len)
{
	unsigned long i;

	for (i = 0; i < c->nr_maps; i++) {
		const struct kmod_map *m = &c->maps[i];

		if (strlen(m->name) != len || memcmp(m->name, mod, len))
			continue;
		if (addr >= m->start && addr < m->end)
			c->own[i]++;
		else
			c->away[i]++;
	}
}

/* One "ADDR TYPE NAME[\t[module]]" line (NUL-terminated, no newline). */
static void parse_line(struct kparse *c, char *line)
{
	const char *mod = NULL;
	size_t modlen = 0;
	char buf[80];
	char *end, *name, *tab;
	uint64_t addr;
	char type;

	addr = strtoull(line, &end, 16);
	if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
		return;
	c->lines++;
	if (!addr) {
		c->zero++;
		return;
	}
	type = end[1];
	if (type != 't' && type != 'T' && type != 'w' && type != 'W')
		return;
	name = end + 3;
	tab = name + strcspn(name, "\t");
	if (tab[0] == '\t' && tab[1] == '[') {
		mod = tab + 2;
		modlen = strcspn(mod, "]");
	}
	*tab = '\0';
	if (mod)
		count_placed(c, addr, mod, modlen);
	if (mod && c->stale) {
		/* a stale module's symbols are "[module]" */
		size_t i;

		for (i = 0; c->stale[i]; i++)
			if (strlen(c->stale[i]) == modlen &&
			    !memcmp(mod, c->stale[i], modlen))
				break;
		if (c->stale[i]) {
			snprintf(buf, sizeof(buf), "[%s]", c->stale[i]);
			name = buf;
		}
	}
	symtab_add(&c->k->tab, addr, 0, name,
		   type == 'T' ? SYM_GLOBAL :
		   type == 'W' || type == 'w' ? SYM_WEAK : SYM_LOCAL);
}

/* A module of that name is loaded now (whether it has text or not). */
static bool kmod_loaded(const char *name)
{
	char path[128];

	if (strchr(name, '/'))
		return false;
	snprintf(path, sizeof(path), "/sys/module/%s/initstate", name);
	return !access(path, F_OK);
}

/*
 * The recorded modules kallsyms shows elsewhere (moved) or that are not
 * loaded now: none of their text symbols in their range. Others' symbols
 * there do not count: since 6.4 a module's text and data are allocated
 * apart, and the range perf records (/proc/modules' text address and
 * whole size) runs past the text into what may be another module's; nor
 * does a module loaded where it was with no text left (its init code is
 * freed), whose range would hide the next module's.
 */
static void find_gone(struct kparse *c)
{
	struct kallsyms *k = c->k;
	struct kmod_gone *g;
	unsigned long i;

	for (i = 0; i < c->nr_maps; i++) {
		if (c->own[i] ||
		    (!c->away[i] && kmod_loaded(c->maps[i].name)))
			continue;
		ALLOC_GROW(k->gone, k->nr_gone + 1, k->alloc_gone);
		g = &k->gone[k->nr_gone++];
		g->map = c->maps[i];
		snprintf(g->label, sizeof(g->label), "[%s]", g->map.name);
	}
}

bool kmod_name(const char *path, char *name, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t k, len;

	base = base ? base + 1 : path;
	if (base[0] == '[') {
		/* "[x]" when perf found no file; never the kernel's own */
		if (!strncmp(base, "[kernel.", 8) ||
		    !strncmp(base, "[guest.", 7))
			return false;
		base++;
		len = strcspn(base, "]");
		if (base[len] != ']' || base[len + 1])
			return false;
	} else {
		const char *ko = strstr(base, ".ko");

		if (!ko || (ko[3] && ko[3] != '.'))
			return false;
		len = (size_t)(ko - base);
	}
	if (!len || len >= size)
		return false;
	/* kallsyms and /sys/module spell '-' as '_' */
	for (k = 0; k < len; k++)
		name[k] = base[k] == '-' ? '_' : base[k];
	name[len] = '\0';
	return true;
}

/*
 * Read in large blocks and cut the lines here: /proc/kallsyms has some
 * 100,000 lines, and stdio's line reading was a fifth of reading a
 * perf.data file.
 */
int kallsyms_load(struct kallsyms *k, const char *path, struct fd_err *err)
{
	return kallsyms_load_recorded(k, path, NULL, NULL, 0, err);
}

unsigned int kmod_build_id(const char *name, unsigned char bid[20])
{
	unsigned char buf[4096];
	char path[256];
	size_t n, off = 0;
	ssize_t got;
	int fd;

	if (strchr(name, '/') || strlen(name) > 128)
		return 0;
	snprintf(path, sizeof(path), "/sys/module/%s/notes/.note.gnu.build-id",
		 name);
	fd = safe_open(path, 0, NULL, NULL, NULL);
	if (fd < 0)
		return 0;
	got = pread(fd, buf, sizeof(buf), 0);
	close(fd);
	if (got <= 0)
		return 0;
	n = (size_t)got;
	/* ELF notes: namesz, descsz, type, name and desc 4-byte aligned */
	while (n - off >= 12) {
		uint32_t namesz, descsz, type;
		size_t nm, desc;

		memcpy(&namesz, buf + off, 4);
		memcpy(&descsz, buf + off + 4, 4);
		memcpy(&type, buf + off + 8, 4);
		nm = off + 12;
		if (namesz > n || descsz > n)
			break;
		desc = nm + ((namesz + 3) & ~3U);
		if (desc + descsz > n)
			break;
		if (type == 3 && namesz == 4 && !memcmp(buf + nm, "GNU", 4)) {
			unsigned int len = descsz > 20 ? 20 : descsz;

			memcpy(bid, buf + desc, len);
			return len;
		}
		off = desc + ((descsz + 3) & ~3U);
	}
	return 0;
}

/* Every line of fd into c; -1 (errno set) when a read fails. */
static int read_lines(struct kparse *c, int fd)
{
	enum { BLOCK = 1 << 18, LINE_MAX_LEN = 1024 };
	char *buf = xmalloc(BLOCK + 1);
	size_t have = 0;

	for (;;) {
		ssize_t got = read(fd, buf + have, BLOCK - have);
		char *p, *nl;

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;

			free(buf);
			errno = e;
			return -1;
		}
		have += (size_t)got;
		buf[have] = '\0';
		p = buf;
		while ((nl = memchr(p, '\n', have - (size_t)(p - buf)))) {
			*nl = '\0';
			parse_line(c, p);
			p = nl + 1;
		}
		have -= (size_t)(p - buf);
		memmove(buf, p, have);
		if (!got || have >= LINE_MAX_LEN) {
			/* the last line without its newline; a line too long
			 * to be a symbol's is dropped, as fgets() cut it */
			if (have) {
				buf[have] = '\0';
				parse_line(c, buf);
				have = 0;
			}
			if (!got)
				break;
		}
	}
	free(buf);
	return 0;
}

int kallsyms_load_recorded(struct kallsyms *k, const char *path,
			   const char *const *stale,
			   const struct kmod_map *maps, unsigned long nr,
			   struct fd_err *err)
{
	struct kparse c = { .k = k, .stale = stale, .maps = maps,
			    .nr_maps = nr };
	int fd, rc = -1;

	memset(k, 0, sizeof(*k));
	symtab_init(&k->tab);
	/* /proc/kallsyms, or a file (or FIFO) the user named */
	fd = safe_open(path, SAFE_ALLOW_FIFO, NULL, NULL, NULL);
	if (fd < 0)
		return fd_err_set(err, "cannot read %s: %s (kernel frames "
				  "cannot be named)", path, safe_strerror(errno));
	c.own = xcalloc(nr + 1, sizeof(*c.own));
	c.away = xcalloc(nr + 1, sizeof(*c.away));
	if (read_lines(&c, fd)) {
		fd_err_set(err, "cannot read %s: %s", path, strerror(errno));
		goto out;
	}
	if (c.lines && c.zero == c.lines) {
		long kr = read_sysctl("/proc/sys/kernel/kptr_restrict");
		long pr = read_sysctl("/proc/sys/kernel/perf_event_paranoid");

		fd_err_set(err,
			"%s hides kernel addresses (kernel.kptr_restrict = %ld, "
			"kernel.perf_event_paranoid = %ld): run as root or with "
			"CAP_SYSLOG, or 'sysctl kernel.kptr_restrict=0'",
			path, kr, pr);
		goto out;
	}
	if (!k->tab.nr) {
		fd_err_set(err, "%s: no kernel text symbols", path);
		goto out;
	}
	symtab_finish(&k->tab, KALLSYMS_MAX_GAP);
	find_gone(&c);
	rc = 0;
out:
	if (rc)
		kallsyms_release(k);
	free(c.own);
	free(c.away);
	close(fd);
	return rc;
}

void kallsyms_release(struct kallsyms *k)
{
	symtab_release(&k->tab);
	free(k->gone);
	k->gone = NULL;
	k->nr_gone = k->alloc_gone = 0;
}

const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr)
{
	const struct sym *s;
	unsigned long i;

	for (i = 0; i < k->nr_gone; i++)
		if (addr >= k->gone[i].map.start && addr < k->gone[i].map.end)
			return k->gone[i].label;
	s = symtab_lookup(&k->tab, addr);
	return s ? s->name : NULL;
}
