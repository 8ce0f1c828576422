/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_VERDICT_H
#define FLAMEDIFF_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer/diff.h"
#include "lib/error.h"

/*
 * diff's verdict for git bisect run and CI (--exit-code, --fail-on): did
 * the comparison change? A row counts as changed only by the table's own
 * rule (diff_row.changed, from diff_changed()): the verdict adds no rule
 * of its own, a --fail-on threshold only narrows which changed rows count.
 *
 * A --fail-on rule is "KEY<N" or "KEY>N", N a signed number, with "%" a
 * change in percent of the base mean, without it the row's own change
 * (points for perf-profile rows, new - base in the stat's unit for other
 * stats):
 *
 *   stress-ng.mremap.ops_per_sec<-5%    the ops dropped by more than 5%
 *   children.populate_vma_page_range>+2 its children share grew > 2 points
 *
 * KEY is a full key as the table prints it, or "GROUP.NAME" (GROUP one of
 * children, self, calltrace) matched against
 * perf-profile.GROUP.EVENT.NAME whatever the event.
 */

enum verdict_op { VERDICT_LT, VERDICT_GT };

struct verdict_rule {
	char *key;
	enum verdict_op op;
	double value;
	bool percent;	/* "%": percent of the base mean */
};

/*
 * One rule from text into r (r->key to free with verdict_rules_release);
 * -1 with err naming what is wrong.
 */
int verdict_rule_parse(const char *expr, struct verdict_rule *r,
		       struct fd_err *err);

/* Whether row r is one that key names (see above). */
bool verdict_key_matches(const char *key, const struct diff_row *r);

/*
 * The verdict. Without rules (nr == 0): the rows the table shows
 * (diff_row.shown) that are changed. With rules: the changed rows,
 * shown or not, that some rule names and whose change passes its
 * threshold. first: the first such row in table order (NULL: none);
 * unmatched[i]: rule i named no row at all (may be NULL).
 */
struct verdict {
	size_t nr_changed;
	const struct diff_row *first;
};

void verdict_compute(const struct diff *d, const struct verdict_rule *rules,
		     size_t nr, bool *unmatched, struct verdict *v);

/* A row's change as a rule measures it: percent of base, or its own. */
double verdict_change(const struct diff_row *r, bool percent);

void verdict_rules_release(struct verdict_rule *rules, size_t nr);

#endif
