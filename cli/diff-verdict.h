/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_DIFF_VERDICT_H
#define FLAMEDIFF_DIFF_VERDICT_H

#include <stdbool.h>

#include "analyzer/diff.h"
#include "analyzer/verdict.h"
#include "lib/parse-options.h"

/*
 * diff --exit-code and --fail-on (analyzer/verdict.h). The rules of the
 * --fail-on words (each a comma list) into *rules (release with
 * verdict_rules_release() and free(), also on failure): 0, or EXIT_INPUT
 * after the message of a rule that does not parse.
 */
int diff_verdict_rules(const struct po_list *l, struct verdict_rule **rules,
		       size_t *nr);

/*
 * The verdict of d and its one-line summary on stderr: returns 0 when no
 * row changed, 1 when one did.
 */
int diff_verdict(const struct diff *d, const struct verdict_rule *rules,
		 size_t nr);

/*
 * Whether argv asks for a verdict (--exit-code or --fail-on before any
 * "--"), so that an error found before the options are all read still
 * exits 2, not 1 (which would read as "changed").
 */
bool diff_verdict_wanted(int argc, char **argv);

#endif
