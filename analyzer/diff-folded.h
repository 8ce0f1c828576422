/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_DIFF_FOLDED_H
#define FLAMEDIFF_DIFF_FOLDED_H

#include <stdbool.h>

#include "analyzer/profile.h"
#include "lib/outfile.h"

/*
 * The differential folded stacks of two profiles for the renderers,
 * "stack base new" a line, sorted bytewise by stack. Names are matched
 * across builds without GCC clone suffixes (".isra.N", ".constprop.N",
 * ".part.N"); frames keep their kind suffix ("_[k]"). With normalize, the
 * new counts are scaled so that both sides have the base's total, as the
 * differential flame graphs scale them. A
 * "# root: function" line comes first when the stacks do not start with a
 * process name (the folded default).
 */
void diff_folded_write(const struct profile *base, const struct profile *new,
		       bool normalize, struct outfile *o);

#endif
