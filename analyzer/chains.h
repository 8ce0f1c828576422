/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_CHAINS_H
#define FLAMEDIFF_CHAINS_H

#include <stdbool.h>

#include "analyzer/diff.h"
#include "analyzer/metric-set.h"
#include "analyzer/profile.h"

/*
 * The explanation's chain selection, below both the loading of a side
 * (analyzer/side.c, which keeps each run's chains as it reads it) and the
 * explanation (analyzer/explain.c, which reads them): what a hot function
 * is, and a run's self-time chains. Neither of those calls the other for
 * it, so the two files do not call each other in a circle.
 */
#define EXPLAIN_HOT 5.0		/* self percent of a hot function */
#define EXPLAIN_CHAIN_FRAMES 5	/* frames of a chain, as LKP's calltrace */

/* Whether a self share (percent of a side's samples) is hot: the one
 * place that decides it, for the analyzer (the writers read its verdict,
 * struct explain_hot's heat). */
static inline bool explain_is_hot(double self_percent)
{
	return self_percent >= EXPLAIN_HOT;
}

/* Whether row of a table is a function the explanation takes: a self
 * row hot on either side (its mean). */
static inline bool explain_row_hot(const struct diff_row *row)
{
	double most = row->base_mean > row->new_mean ? row->base_mean
						     : row->new_mean;

	return row->group == DIFF_SELF && row->name && explain_is_hot(most);
}

/*
 * The self-time chains of one profile run: key "f0;...;f4" (callee first)
 * -> percent of the weight metrics_compute() keeps for that run (samples
 * whose own IP has a symbol), finite however large the weights, equal
 * keys summed in node order. Each key is interned in names (p's own or
 * another table): (*ids)[k] -> (*vals)[k] for k below the number
 * returned, ids ascending. Time and memory are the run's chains', not
 * names'. Both arrays are new (NULL when there are none); free them.
 */
size_t explain_self_chain_ids(const struct profile *p, struct strtab *names,
			      uint32_t **ids, double **vals);

/*
 * The same chains keyed by their text into out, one string each, summed
 * by metric_set_sort(): the plain statement of the rule, which
 * tests/diff.c holds explain_self_chain_ids() to, double for double.
 * Nothing for a run that keeps no weight.
 */
void explain_self_chains(const struct profile *p, struct metric_set *out);

#endif
