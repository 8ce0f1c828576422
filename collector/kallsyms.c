// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/kallsyms.h"

/* A sizeless kernel symbol ends at the next one, within reason: past the
 * last symbol of a module, nothing of ours lies within 1 MiB. */
#define KALLSYMS_MAX_GAP (1ULL << 20)

static long read_sysctl(const char *path)
{
	FILE *fp = fopen(path, "re");
	long v = -999;

	if (!fp)
		return v;
	if (fscanf(fp, "%ld", &v) != 1)
		v = -999;
	fclose(fp);
	return v;
}

int kallsyms_load(struct kallsyms *k, const char *path, struct fd_err *err)
{
	char line[1024];
	unsigned long lines = 0, zero = 0;
	FILE *fp;

	symtab_init(&k->tab);
	fp = fopen(path, "re");
	if (!fp)
		return fd_err_set(err, "cannot read %s: %s (kernel frames "
				  "cannot be named)", path, strerror(errno));
	while (fgets(line, sizeof(line), fp)) {
		char *end, *name, *nl;
		uint64_t addr;
		char type;

		addr = strtoull(line, &end, 16);
		if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		lines++;
		if (!addr) {
			zero++;
			continue;
		}
		type = end[1];
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		name = end + 3;
		nl = strpbrk(name, "\t\n");
		if (nl)
			*nl = '\0';
		symtab_add(&k->tab, addr, 0, name,
			   type == 'T' ? SYM_GLOBAL :
			   type == 'W' || type == 'w' ? SYM_WEAK : SYM_LOCAL);
	}
	fclose(fp);
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
