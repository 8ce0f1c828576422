/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_METRICS_H
#define FLAMEDIFF_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "analyzer/metric-set.h"
#include "analyzer/profile.h"

/*
 * LKP's perf-profile metrics (children, self, calltrace) computed from a
 * profile, with the rules of `perf report --children -U -g folded,0.5,callee
 * --sort=dso,symbol` and of LKP's programs/perf-profile/parse:
 *
 *  - a sample whose leaf frame is unresolved ("[unknown]", "[libc.so.6]")
 *    is left out entirely, also from the total; unresolved frames are
 *    dropped from the chains of the other samples; process-name frames are
 *    never functions;
 *  - children(F): weight of the samples whose chain holds F, once per
 *    sample; self(F): weight of the samples whose leaf is F; in percent of
 *    the kept weight;
 *  - calltrace: per F, each distinct chain F;caller;...;root-most frame
 *    (from F's occurrence nearest the leaf) of at least 0.5% of the total
 *    (where weights are perf's periods, that product truncated to an
 *    integer, as perf's u64 min_callchain_hits: chain_cut()),
 *    cut to its first five names, joined with '.';
 *  - names lose every ".isra.N", ".constprop.N", ".part.N" piece; entries
 *    with the same resulting name are summed.
 *
 * A "function" before clean-up is a (name, kind) pair of the profile, as
 * perf's (dso, symbol) entry: counting once per sample, the 0.5% cut and
 * perf's two-decimal rounding apply to these, the sums to the cleaned names.
 * A profile read with perf_script_opts.dso_names has the DSO in each
 * resolved frame's name (analyzer/names.h, name_join_dso()), so that a
 * function of two DSOs is two functions here, each chain cut on its own
 * as perf cuts it, and one cleaned name (the DSO dropped) in the rows.
 * Without it (folded input, profiles: no DSO is kept there) the chains of
 * one name in two DSOs add up before the cut.
 */

struct metrics;

struct metrics_opts {
	/* The <event> part of the keys; NULL: from p->meta.event with ':'
	 * turned into '-' ("cycles:pp" -> "cycles-pp"), else "cycles-pp". */
	const char *event;
	/* Chains below this percent of the total are dropped before the
	 * five-name merge; 0 means perf's 0.5. Negative: keep every chain. */
	double chain_min_percent;
	/* Only total, hidden and the stack counts (whether a run has any
	 * sample with a symbol): no functions, no chains. */
	bool totals_only;
	/* Also fill metrics.fn_ids: which rows are named by a name of the
	 * profile, by its id (a caller keeping the profile's names then
	 * needs no copy of them). Those rows' names are then the profile's
	 * strings: valid while the profile is, not the metrics'. */
	bool fn_ids;
	/* Leave metrics.fns in no particular order (a caller that looks
	 * rows up by name: sorting a million is a good part of the time). */
	bool fns_unsorted;
	/*
	 * Instead of metrics.fns (left NULL; nr_fns counts the rows): each
	 * row given to fn_row() with the metrics computed so far (total,
	 * scale), in the order the array would have had unsorted: its name
	 * (the profile's string when id is the profile name's, else valid
	 * only during the call), its full-precision children and self. The
	 * lkp_* figures are not made. A million functions then cost 16
	 * bytes each instead of a 40-byte row.
	 */
	void (*fn_row)(void *ctx, const struct metrics *m, uint32_t id,
		       const char *name, double children, double self);
	void *fn_row_ctx;
};

/* One cleaned function name. Percentages of the kept weight. */
struct fn_metric {
	const char *name; /* cleaned, the metrics' (see metrics_opts.fn_ids) */
	double children;  /* full precision */
	double self;
	/* What LKP's stats file holds: the sum of the two-decimal figures
	 * perf prints for each (name, kind) entry merged into this one. */
	double lkp_children;
	double lkp_self;
};

#define CALLTRACE_DEPTH 5

/* One calltrace key: up to five cleaned names, callee first, '.'-joined. */
struct chain_metric {
	const char *name; /* "f0.f1.f2.f3.f4", owned by the struct metrics */
	/* The same names one by one (a name may hold a '.': "foo.cold"). */
	const char *frames[CALLTRACE_DEPTH];
	unsigned int nr_frames;
	double percent;	  /* full precision, of the chains kept */
	double lkp_percent; /* the sum of perf's two-decimal figures */
	uint32_t nr_chains; /* distinct full chains merged into this one */
};

struct metrics {
	char *event;	   /* the <event> part of the keys */
	/*
	 * Weights are the profile's times scale: 1, or a power of two below
	 * 1 when the profile's weights add up past DBL_MAX / 128 (their true
	 * sum may not be a double). total and hidden are then finite and
	 * total + hidden, times 100, is too. Percentages are of the scaled
	 * weights, so they do not change; every figure here is finite.
	 */
	double scale;
	double total;	   /* weight of the kept samples: 100% */
	double hidden;	   /* weight of the samples left out (unresolved) */
	uint64_t samples;  /* p->meta.samples (0 = unknown) */
	uint64_t stacks;   /* distinct stacks kept */
	uint64_t hidden_stacks; /* distinct stacks left out */
	/* Sorted by children, then self, descending, then by name (unless
	 * metrics_opts.fns_unsorted). */
	struct fn_metric *fns;
	size_t nr_fns;
	char *fn_names;	/* storage of their names */
	/* With metrics_opts.fn_ids, per row: the id of its name in the
	 * profile's names, or UINT32_MAX (a cleaned name the profile has
	 * not). Else NULL. */
	uint32_t *fn_ids;
	/* Sorted by percent descending, then by name. */
	struct chain_metric *chains;
	size_t nr_chains;
	struct strtab *names; /* storage of the chains' names */
};

/*
 * Compute the metrics of p into m (which the caller then metrics_release()s).
 * Linear in the number of nodes, apart from sorting the results. Cannot
 * fail: a profile whose samples are all left out gives total 0 and no
 * entries, which the caller may call an error.
 */
void metrics_compute(const struct profile *p, const struct metrics_opts *o,
		     struct metrics *m);
void metrics_release(struct metrics *m);

/* The cleaned function's entry, or NULL. */
const struct fn_metric *metrics_fn(const struct metrics *m, const char *name);

/* "cycles:pp" -> "cycles-pp" into a new string (NULL -> "cycles-pp"). */
char *metrics_event_name(const char *event);

/*
 * The LKP stats of m: "perf-profile.{calltrace,children,self}.EVENT.NAME"
 * with LKP's values (lkp_* fields), those >= min only (LKP prints >= 0.05;
 * pass 0 for every entry, or a negative min to keep zeros too). Sorted.
 */
void metrics_lkp_set(const struct metrics *m, double min,
		     struct metric_set *s);


#endif
