// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/verdict.h"
#include "cli/builtin.h"
#include "cli/diff-verdict.h"
#include "render/textfmt.h"
#include "lib/alloc.h"

bool diff_verdict_wanted(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return false;
		if (!strcmp(argv[i], "--exit-code") ||
		    !strncmp(argv[i], "--fail-on", 9))
			return true;
	}
	return false;
}

int diff_verdict_rules(const struct po_list *l, struct verdict_rule **out,
		       size_t *nr)
{
	size_t i, alloc = 0;
	struct fd_err err;

	*out = NULL;
	*nr = 0;
	for (i = 0; i < l->nr; i++) {
		char *words = xstrdup(l->v[i]), *w, *save = NULL;

		for (w = strtok_r(words, ",", &save); w;
		     w = strtok_r(NULL, ",", &save)) {
			ALLOC_GROW(*out, *nr + 1, alloc);
			if (verdict_rule_parse(w, &(*out)[*nr], &err)) {
				free(words);
				usage_error("diff", "%s", err.msg);
				return EXIT_INPUT;
			}
			(*nr)++;
		}
		free(words);
	}
	return 0;
}

int diff_verdict(const struct diff *d, const struct verdict_rule *rules,
		 size_t nr)
{
	struct verdict v;
	bool *unmatched;
	char c[32];
	size_t i;

	unmatched = xcalloc(nr + 1, sizeof(*unmatched));
	verdict_compute(d, rules, nr, unmatched, &v);
	for (i = 0; i < nr; i++)
		if (unmatched[i])
			fprintf(stderr, "flamediff: note: --fail-on '%s': no "
				"row has that key\n", rules[i].key);
	if (!v.nr_changed) {
		fprintf(stderr, "flamediff: no row changed%s\n",
			nr ? " past --fail-on" : "");
	} else {
		fprintf(stderr, "flamediff: %zu row%s changed%s (first: %s "
			"%s%s)\n", v.nr_changed, v.nr_changed == 1 ? "" : "s",
			nr ? " past --fail-on" : "", v.first->key,
			fmt_double(c, sizeof(c), "%+.1f", v.first->change),
			v.first->points ? " points" : "%");
	}
	free(unmatched);
	return v.nr_changed ? 1 : 0;
}
