// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/filter.h"
#include "lib/alloc.h"
#include "lib/error.h"

#include "analyzer/runs-list.h"
#include "analyzer/side.h"
#include "cli/runs-notes.h"

void say_runs_notes(const char *cmd, const struct comparison *c)
{
	static const char *const what[2] = { "base", "new" };
	int i;

	for (i = 0; i < 2; i++) {
		const struct diff_side *s = &c->sides[i];
		char *shorter;

		if (s->runs_note)
			fprintf(stderr, "flamediff %s: note: %s: %s\n", cmd,
				what[i], s->runs_note);
		if (s->stats || !s->side.nr_runs)
			continue;
		shorter = side_short_runs_note(&s->side, s->files);
		if (shorter)
			fprintf(stderr, "flamediff %s: note: %s: %s\n", cmd,
				what[i], shorter);
		free(shorter);
	}
}

/*
 * Whether a command line (perf's or flamediff's, from a profile that
 * does not say its target) asked for every CPU: -a, --all-cpus, or -a in
 * a bundle of short flags after only those that take no argument in both
 * perf record and flamediff record (-ga, -qa). Options end at "--".
 */
static bool cmdline_all_cpus(const char *cmd)
{
	const char *p = cmd, *e;

	for (; *p; p = e) {
		size_t n;

		while (*p == ' ')
			p++;
		e = strchrnul(p, ' ');
		n = (size_t)(e - p);
		if (n == 2 && !strncmp(p, "--", 2))
			return false;
		if (n == 10 && !strncmp(p, "--all-cpus", 10))
			return true;
		if (n < 2 || p[0] != '-' || p[1] == '-')
			continue;
		for (size_t i = 1; i < n; i++) {
			if (p[i] == 'a')
				return true;
			if (p[i] != 'g' && p[i] != 'q')
				break;
		}
	}
	return false;
}

/* Whether the first run of a side was recorded system-wide (record -a):
 * as the profile says, else as its command line reads. */
static bool recorded_system_wide(const struct diff_side *s)
{
	const struct profile_meta *m;

	if (s->stats || !s->side.nr_runs)
		return false;
	m = &s->side.meta[0];
	if (m->target)
		return !strcmp(m->target, "system-wide");
	return m->cmdline && cmdline_all_cpus(m->cmdline);
}

/* Rename the rows of family fam (perf-stat's, the monitors') key +
 * label; how many. */
static size_t mark_family(struct comparison *c, enum bench_family fam,
			  const char *label)
{
	size_t i, n = 0;

	for (i = 0; i < c->table.nr_rows; i++) {
		struct diff_row *r = &c->table.rows[i];
		char *key;

		if (r->group != DIFF_STAT || bench_key_family(r->key) != fam)
			continue;
		key = xstrfmt("%s%s", r->key, label);
		free((char *)r->key);
		r->key = key;
		n++;
	}
	return n;
}

void mark_unfiltered_stats(const char *cmd, struct comparison *c,
			   const struct input_opts *io)
{
	static const char *const why = "not only the processes --comm or "
				       "--exclude-comm keep";
	bool system;
	const char *label;
	size_t n;

	if (!comm_filter_active(&io->comm))
		return;
	system = recorded_system_wide(&c->sides[0]) ||
		 recorded_system_wide(&c->sides[1]);
	label = system ? " (system-wide)" : " (every process recorded)";
	n = mark_family(c, FAMILY_PERF_STAT, label);
	if (n)
		fprintf(stderr, "flamediff %s: note: %zu perf-stat row%s "
			"count%s %s, %s: marked%s\n", cmd, n,
			n > 1 ? "s" : "", n > 1 ? "" : "s",
			system ? "the whole system" : "every process recorded",
			why, label);
	/* vmstat, meminfo, interrupts...: /proc's figures, whatever was
	 * recorded */
	n = mark_family(c, FAMILY_OTHER, " (system-wide)");
	if (n)
		fprintf(stderr, "flamediff %s: note: %zu monitor row%s "
			"(vmstat, meminfo, interrupts...) count%s the whole "
			"system, %s: marked (system-wide)\n", cmd, n,
			n > 1 ? "s" : "", n > 1 ? "" : "s", why);
}
