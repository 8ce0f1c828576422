/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_METRIC_SET_H
#define FLAMEDIFF_METRIC_SET_H

#include <stddef.h>

#include "lib/error.h"

/*
 * A set of (key, value) pairs, sorted by key (bytewise, as LKP sorts),
 * keys unique: the LKP stats of one run. A key missing from a run counts as
 * 0 in LKP's comparisons, hence metric_set_get().
 *
 * Invariants: values are finite; once sorted (after metric_set_sort() or
 * a lookup) keys are unique and in strcmp() order.
 * Lifetime: an embedded object; zero it ({ 0 }) to start, metric_set_release()
 * to end. The set owns its keys.
 */
struct metric {
	char *key;
	double value;
};

struct metric_set {
	struct metric *v;
	size_t nr;
	unsigned long alloc;
	int sorted; /* internal: v is sorted and unique */
};

/*
 * Add value (finite) to key (a new key starts at 0); the set copies key.
 * Sorting is deferred to the first lookup or metric_set_sort(), which adds
 * up repeated keys: a sum past DBL_MAX is held at +-DBL_MAX, so values
 * stay finite.
 */
void metric_set_add(struct metric_set *s, const char *key, double value);
void metric_set_sort(struct metric_set *s);
const struct metric *metric_set_find(struct metric_set *s, const char *key);
double metric_set_get(struct metric_set *s, const char *key);
/* Free the keys and the array; s is left empty, reusable. */
void metric_set_release(struct metric_set *s);

#endif
