/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_BUILD_H
#define FLAMEDIFF_COLLECTOR_BUILD_H

#include <stdbool.h>

#include "analyzer/profile.h"
#include "collector/dso.h"
#include "collector/inline.h"
#include "collector/kallsyms.h"
#include "collector/stacks.h"
#include "lib/strtab.h"

/*
 * From a session's aggregated stacks to a profile: every distinct frame
 * code symbolized once (kernel addresses from the kallsyms snapshot, file
 * offsets from the dsos' symbol tables, loading each dso on first use),
 * every stack added root first under its process name. Names are as
 * perf report prints them (DEMANGLE_PERF, collector/demangle.h: "ns::f",
 * "ns::Worker::operator()", "name@plt"), unless dsos->no_demangle.
 *
 * Every name (comm, symbol, "[file]") passes through sanitize_name()
 * (collector/sanitize.h) on its way into the profile. Cannot fail: what
 * cannot be named is "[unknown]" or "[file]".
 *
 * ksyms may be NULL (no kernel frames were sampled). The profile owns
 * what is added; stacks, comms, dsos and ksyms are only read (dsos load
 * their symbols).
 */
void build_stacks(struct profile *p, const struct stacks *st,
		  const struct strtab *comms, struct dsos *dsos,
		  const struct kallsyms *ksyms);

/* How build_stacks_with() names frames. */
struct build_opts {
	/* demangle even under dsos->no_demangle: the perf.data reader's
	 * names must be perf's */
	bool perf_names;
	/* an unnamed frame is "[file <offset>]" / "[unknown <address>]", as
	 * the perf script reader's --addrs (analyzer/names.h) */
	bool addrs;
	/* every named frame's name carries its DSO, "[kernel.kallsyms]"
	 * for the kernel's (analyzer/names.h, name_join_dso()) */
	bool dso_names;
	/* not NULL: user frames named as perf names the frames its DWARF
	 * unwinder gives (perf script's default there): the function by
	 * its DWARF name, the functions inlined at it as frames of their own
	 * above it (inline.h) */
	struct inliner *inl;
	/* and those inlined frames are FRAME_INLINE ("_[i]"): --inline */
	bool mark_inline;
	/* the callers' frames hold return addresses (perf.data's frame
	 * pointer chains, kept as perf keeps them): the functions inlined
	 * are looked up at the call, the address before */
	bool ret_addrs;
};

/* build_stacks() with these options. Frame kinds and the names of
 * unnamed frames follow analyzer/names.h, as the perf script reader's. */
void build_stacks_with(struct profile *p, const struct stacks *st,
		       const struct strtab *comms, struct dsos *dsos,
		       const struct kallsyms *ksyms,
		       const struct build_opts *o);

#endif
