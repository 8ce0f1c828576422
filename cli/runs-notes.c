// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/filter.h"
#include "lib/error.h"

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

/* Whether the first run of a side was recorded system-wide (record -a). */
static bool recorded_system_wide(const struct diff_side *s)
{
	const char *cmd;

	if (s->stats || !s->side.nr_runs || !s->side.meta[0].cmdline)
		return false;
	cmd = s->side.meta[0].cmdline;
	return strstr(cmd, " -a ") || strstr(cmd, " --all-cpus") ||
	       (strlen(cmd) > 3 && !strcmp(cmd + strlen(cmd) - 3, " -a"));
}

void mark_unfiltered_stats(const char *cmd, struct comparison *c,
			   const struct input_opts *io)
{
	bool system;
	const char *label;
	size_t i, n = 0;

	if (!comm_filter_active(&io->comm))
		return;
	system = recorded_system_wide(&c->sides[0]) ||
		 recorded_system_wide(&c->sides[1]);
	label = system ? " (system-wide)" : " (every process recorded)";
	for (i = 0; i < c->table.nr_rows; i++) {
		struct diff_row *r = &c->table.rows[i];
		char *key;

		if (strncmp(r->key, "perf-stat.", 10))
			continue;
		key = xstrfmt("%s%s", r->key, label);
		free((char *)r->key);
		r->key = key;
		n++;
	}
	if (n)
		fprintf(stderr, "flamediff %s: note: %zu perf-stat row%s "
			"count%s %s, not only the processes --comm or "
			"--exclude-comm keep: marked%s\n", cmd, n,
			n > 1 ? "s" : "", n > 1 ? "" : "s",
			system ? "the whole system" : "every process recorded",
			label);
}
