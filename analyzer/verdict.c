// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/verdict.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"

int verdict_rule_parse(const char *expr, struct verdict_rule *r,
		       struct fd_err *err)
{
	const char *op = strpbrk(expr, "<>");
	char *end;
	double v;

	memset(r, 0, sizeof(*r));
	if (!op || op == expr)
		return fd_err_set(err, "--fail-on '%s': want KEY<N or KEY>N "
				  "(N a number, '%%' for percent)", expr);
	errno = 0;
	v = strtod(op + 1, &end);
	if (end == op + 1 || errno || !isfinite(v))
		return fd_err_set(err, "--fail-on '%s': '%s' is not a number",
				  expr, op + 1);
	if (*end == '%') {
		r->percent = true;
		end++;
	}
	if (*end)
		return fd_err_set(err, "--fail-on '%s': '%s' after the number",
				  expr, end);
	r->key = xstrndup(expr, op - expr);
	r->op = *op == '<' ? VERDICT_LT : VERDICT_GT;
	r->value = v;
	return 0;
}

bool verdict_key_matches(const char *key, const struct diff_row *r)
{
	static const char *const groups[] = { "calltrace.", "children.",
					      "self." };
	static const enum diff_group gid[] = { DIFF_CALLTRACE, DIFF_CHILDREN,
					       DIFF_SELF };
	size_t i;

	if (!strcmp(key, r->key))
		return true;
	if (!r->name)
		return false;
	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		size_t n = strlen(groups[i]);

		if (!strncmp(key, groups[i], n))
			return r->group == gid[i] && !strcmp(key + n, r->name);
	}
	return false;
}

double verdict_change(const struct diff_row *r, bool percent)
{
	double c;

	if (!percent)
		return r->points ? r->change : r->new_mean - r->base_mean;
	if (!r->points)
		return r->change;
	/* a perf-profile share in percent of its base, as diff_change()
	 * takes a base of 0 */
	c = diff_change(r->base_mean, r->new_mean, false);
	return isfinite(c) ? c : copysign(DBL_MAX, c);
}

static bool passes(const struct verdict_rule *rule, const struct diff_row *r)
{
	double c = verdict_change(r, rule->percent);

	return rule->op == VERDICT_LT ? c < rule->value : c > rule->value;
}

void verdict_compute(const struct diff *d, const struct verdict_rule *rules,
		     size_t nr, bool *unmatched, struct verdict *v)
{
	size_t i, j;

	memset(v, 0, sizeof(*v));
	for (j = 0; unmatched && j < nr; j++)
		unmatched[j] = true;
	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];
		bool hit = !nr && r->shown && r->changed;

		for (j = 0; j < nr; j++) {
			if (!verdict_key_matches(rules[j].key, r))
				continue;
			if (unmatched)
				unmatched[j] = false;
			if (r->changed && passes(&rules[j], r))
				hit = true;
		}
		if (!hit)
			continue;
		if (!v->nr_changed++)
			v->first = r;
	}
}

void verdict_rules_release(struct verdict_rule *rules, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(rules[i].key);
}
