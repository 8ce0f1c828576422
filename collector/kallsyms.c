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

/* One "ADDR TYPE NAME[\t[module]]" line (NUL-terminated, no newline). */
static void parse_line(struct kallsyms *k, char *line, unsigned long *lines,
		       unsigned long *zero, const char *const *stale)
{
	char mod[80];
	char *end, *name;
	uint64_t addr;
	char type;

	addr = strtoull(line, &end, 16);
	if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
		return;
	(*lines)++;
	if (!addr) {
		(*zero)++;
		return;
	}
	type = end[1];
	if (type != 't' && type != 'T' && type != 'w' && type != 'W')
		return;
	name = end + 3;
	if (stale && name[strcspn(name, "\t")] == '\t') {
		/* "name\t[module]": a stale module's are "[module]" */
		const char *m = name + strcspn(name, "\t") + 1;
		size_t i;

		for (i = 0; stale[i]; i++)
			if (m[0] == '[' && !strncmp(m + 1, stale[i],
						    strlen(stale[i])) &&
			    m[1 + strlen(stale[i])] == ']')
				break;
		if (stale[i]) {
			snprintf(mod, sizeof(mod), "[%s]", stale[i]);
			name = mod;
		}
	}
	name[strcspn(name, "\t")] = '\0';
	symtab_add(&k->tab, addr, 0, name,
		   type == 'T' ? SYM_GLOBAL :
		   type == 'W' || type == 'w' ? SYM_WEAK : SYM_LOCAL);
}

/*
 * Read in large blocks and cut the lines here: /proc/kallsyms has some
 * 100,000 lines, and stdio's line reading was a fifth of reading a
 * perf.data file.
 */
int kallsyms_load(struct kallsyms *k, const char *path, struct fd_err *err)
{
	return kallsyms_load_stale(k, path, NULL, err);
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

int kallsyms_load_stale(struct kallsyms *k, const char *path,
			const char *const *stale, struct fd_err *err)
{
	enum { BLOCK = 1 << 18, LINE_MAX_LEN = 1024 };
	unsigned long lines = 0, zero = 0;
	size_t have = 0;
	char *buf;
	int fd;

	symtab_init(&k->tab);
	/* /proc/kallsyms, or a file (or FIFO) the user named */
	fd = safe_open(path, SAFE_ALLOW_FIFO, NULL, NULL, NULL);
	if (fd < 0)
		return fd_err_set(err, "cannot read %s: %s (kernel frames "
				  "cannot be named)", path, safe_strerror(errno));
	buf = xmalloc(BLOCK + 1);
	for (;;) {
		ssize_t got = read(fd, buf + have, BLOCK - have);
		char *p, *nl;

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;

			free(buf);
			close(fd);
			kallsyms_release(k);
			return fd_err_set(err, "cannot read %s: %s", path,
					  strerror(e));
		}
		have += (size_t)got;
		buf[have] = '\0';
		p = buf;
		while ((nl = memchr(p, '\n', have - (size_t)(p - buf)))) {
			*nl = '\0';
			parse_line(k, p, &lines, &zero, stale);
			p = nl + 1;
		}
		have -= (size_t)(p - buf);
		memmove(buf, p, have);
		if (!got || have >= LINE_MAX_LEN) {
			/* the last line without its newline; a line too long
			 * to be a symbol's is dropped, as fgets() cut it */
			if (have) {
				buf[have] = '\0';
				parse_line(k, buf, &lines, &zero, stale);
				have = 0;
			}
			if (!got)
				break;
		}
	}
	free(buf);
	close(fd);
	if (lines && zero == lines) {
		long kr = read_sysctl("/proc/sys/kernel/kptr_restrict");
		long pr = read_sysctl("/proc/sys/kernel/perf_event_paranoid");

		kallsyms_release(k);
		return fd_err_set(err,
			"%s hides kernel addresses (kernel.kptr_restrict = %ld, "
			"kernel.perf_event_paranoid = %ld): run as root or with "
			"CAP_SYSLOG, or 'sysctl kernel.kptr_restrict=0'",
			path, kr, pr);
	}
	if (!k->tab.nr) {
		kallsyms_release(k);
		return fd_err_set(err, "%s: no kernel text symbols", path);
	}
	symtab_finish(&k->tab, KALLSYMS_MAX_GAP);
	return 0;
}

void kallsyms_release(struct kallsyms *k)
{
	symtab_release(&k->tab);
}

const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr)
{
	const struct sym *s = symtab_lookup(&k->tab, addr);

	return s ? s->name : NULL;
}
