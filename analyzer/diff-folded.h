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

/*
 * The same, built one run at a time (diff --format folded): a run's tree
 * can be freed once added, or read straight into the joint tree, so that
 * what is kept is one tree for both sides and the weight of each stack on
 * each side. joint_stacks_add() adds run to the base's stacks, or with
 * new to the new side's (the runs of a side add up); any order. A run may
 * be read into joint_stacks_target() (the joint tree without weights)
 * and then added: it is then taken as it is, not copied. Cannot fail.
 * joint_stacks_write() writes what diff_folded_write() writes of the
 * sides' sums (its joint tree's weights are then the writer's, until the
 * next target); it may write them again.
 */
struct joint_stacks;
struct joint_stacks *joint_stacks__new(void);
struct profile *joint_stacks_target(struct joint_stacks *j);
void joint_stacks_add(struct joint_stacks *j, const struct profile *run,
		      bool new);
void joint_stacks_write(struct joint_stacks *j, bool normalize,
			struct outfile *o);
void joint_stacks__delete(struct joint_stacks *j);

#endif
