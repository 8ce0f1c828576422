// SPDX-License-Identifier: GPL-2.0
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "analyzer/stats.h"

double stats_mean(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		s += x[i];
	if (isfinite(s))
		return s / n;
	/* The sum of finite values overflowed: the n-th parts add up to at
	 * most the largest |x|. */
	for (s = 0, i = 0; i < n; i++)
		s += x[i] / n;
	return s;
}

/* The largest |x|, for scaling values near DBL_MAX down. */
static double max_abs(const double *x, size_t n)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (fabs(x[i]) > m)
			m = fabs(x[i]);
	return m;
}

static double sum_sq_dev(const double *x, size_t n, double mean)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += (x[i] - mean) * (x[i] - mean);
	return s;
}

double stats_pstddev(const double *x, size_t n)
{
	double sd, m, *y;
	size_t i;

	if (!n)
		return 0;
	sd = sqrt(sum_sq_dev(x, n, stats_mean(x, n)) / n);
	if (isfinite(sd))
		return sd;
	/* Squares of deviations past 1e154 overflow: the same on the values
	 * divided by the largest |x| (a power of two, exact), scaled back. */
	m = ldexp(1, ilogb(max_abs(x, n)));
	y = xmalloc(size_mul(n, sizeof(*y)));
	for (i = 0; i < n; i++)
		y[i] = x[i] / m;
	sd = sqrt(sum_sq_dev(y, n, stats_mean(y, n)) / n) * m;
	free(y);
	return isfinite(sd) ? sd : DBL_MAX;
}

double stats_rel_stddev(double mean, double stddev)
{
	double r;

	if (mean == 0 || !isfinite(mean) || !isfinite(stddev))
		return -1;
	r = 100 * (stddev / fabs(mean));
	return isfinite(r) ? r : DBL_MAX;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double stats_upper_median(const double *x, size_t n)
{
	double *s, m;

	if (!n)
		return 0;
	s = xmalloc(n * sizeof(*s));
	memcpy(s, x, n * sizeof(*s));
	sane_qsort(s, n, sizeof(*s), cmp_double);
	m = s[n / 2];
	free(s);
	return m;
}

double stats_min(const double *x, size_t n)
{
	double m = n ? x[0] : 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (x[i] < m)
			m = x[i];
	return m;
}

double stats_max(const double *x, size_t n)
{
	double m = n ? x[0] : 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (x[i] > m)
			m = x[i];
	return m;
}

int stats_separated(const double *a, size_t na, const double *b, size_t nb)
{
	double min_a = stats_min(a, na), max_a = stats_max(a, na);
	double min_b = stats_min(b, nb), max_b = stats_max(b, nb);
	double mid_a = stats_upper_median(a, na);
	double mid_b = stats_upper_median(b, nb);

	return (min_b > mid_a && mid_b > max_a) ||
	       (min_a > mid_b && mid_a > max_b);
}

/*
 * Continued fraction for the regularized incomplete beta function
 * (modified Lentz's method), valid for x < (a + 1) / (a + b + 2).
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/*
 * Welch's p of the values times scale (a power of two: exact but for
 * underflow); NAN where an intermediate overflows or underflows away.
 */
static double welch_p(const double *a, size_t na, const double *b, size_t nb,
		      double scale)
{
	double ma, mb, va, vb, se2, t, df, p;
	double *x = xmalloc(size_mul(size_add(na, nb), sizeof(*x)));
	size_t i;

	for (i = 0; i < na + nb; i++)
		x[i] = (i < na ? a[i] : b[i - na]) * scale;
	ma = stats_mean(x, na);
	mb = stats_mean(x + na, nb);
	va = sum_sq_dev(x, na, ma) / (na - 1) / na;
	vb = sum_sq_dev(x + na, nb, mb) / (nb - 1) / nb;
	free(x);
	se2 = va + vb;
	if (!isfinite(se2))
		return NAN;
	if (se2 <= 0)
		return ma == mb ? 1 : 0;
	t = (ma - mb) / sqrt(se2);
	df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
	if (!isfinite(t) || !isfinite(df) || !(df > 0))
		return NAN;
	/* Two-sided: P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2). */
	p = inc_beta(df / 2, 0.5, df / (df + t * t));
	return p;
}

double stats_welch_p(const double *a, size_t na, const double *b, size_t nb)
{
	double p, m;

	if (na < 2 || nb < 2)
		return -1;
	p = welch_p(a, na, b, nb, 1);
	if (isnan(p)) {
		/* t and df do not change with the scale of the values: take
		 * them where the largest |value| is near 1. */
		m = max_abs(a, na);
		if (max_abs(b, nb) > m)
			m = max_abs(b, nb);
		if (m > 0)
			p = welch_p(a, na, b, nb, ldexp(1, -ilogb(m)));
	}
	if (isnan(p))
		return -1;
	return p < 0 ? 0 : p > 1 ? 1 : p;
}
