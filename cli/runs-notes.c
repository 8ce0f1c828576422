// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>

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
