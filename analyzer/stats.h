/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_STATS_H
#define FLAMEDIFF_STATS_H

#include <stddef.h>

/*
 * Statistics over repeated runs, as LKP computes them (lib/statistics.rb).
 *
 * Inputs are finite doubles (any, up to +-DBL_MAX); results are finite:
 * where a sum or a square passes DBL_MAX the figure is computed on scaled
 * values. Nothing here returns inf or nan.
 */

/* The mean (0 for no values); within [min, max] of the values. */
double stats_mean(const double *x, size_t n);

/* Population standard deviation: sqrt(sum((x - mean)^2) / n), in
 * [0, DBL_MAX] (held at DBL_MAX past it); 0 for no values. */
double stats_pstddev(const double *x, size_t n);

/*
 * The stddev in percent of |mean| (LKP's "+-NN%"), in [0, DBL_MAX]; -1
 * when undefined: a mean of 0 (or arguments that are not finite).
 */
double stats_rel_stddev(double mean, double stddev);

/* Upper median: the element at n/2 of the sorted values (LKP's "mid"). */
double stats_upper_median(const double *x, size_t n);

double stats_min(const double *x, size_t n);
double stats_max(const double *x, size_t n);

/*
 * Two-sided p-value of Welch's t-test for a difference of means over two
 * arrays of per-run values, in [0, 1]. Needs at least two values a side;
 * returns -1 otherwise. Equal constant samples give 1 when the means are
 * equal and 0 when they differ.
 */
double stats_welch_p(const double *a, size_t na, const double *b, size_t nb);

/*
 * LKP's separation rule: the sides are "changed" when every run of one is
 * beyond the other's upper median and its upper median beyond the other's
 * extreme: (min_b > mid_a && mid_b > max_a) || (min_a > mid_b && mid_a >
 * max_b).
 */
int stats_separated(const double *a, size_t na, const double *b, size_t nb);

#endif
