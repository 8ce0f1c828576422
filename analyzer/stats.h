/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_STATS_H
#define FLAMEDIFF_STATS_H

#include <stddef.h>

/* Statistics over repeated runs, as LKP computes them (lib/statistics.rb). */

double stats_mean(const double *x, size_t n);

/* Population standard deviation: sqrt(sum((x - mean)^2) / n). */
double stats_pstddev(const double *x, size_t n);

/* Upper median: the element at n/2 of the sorted values (LKP's "mid"). */
double stats_upper_median(const double *x, size_t n);

double stats_min(const double *x, size_t n);
double stats_max(const double *x, size_t n);

/*
 * Two-sided p-value of Welch's t-test for a difference of means. Needs at
 * least two values a side; returns -1 otherwise. Equal constant samples give
 * 1 when the means are equal and 0 when they differ.
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
