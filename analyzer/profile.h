/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_PROFILE_H
#define FLAMEDIFF_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/strtab.h"
#include "analyzer/metric-set.h"

/*
 * The profile: the one data model that the collector writes, the analyzer
 * computes on and the renderers draw.
 *
 * A profile is a call tree, root first. Node 0 is an unnamed root; its
 * children are normally process names (FRAME_PROCESS), their children the
 * outermost functions, and so on towards the leaves. Every node carries the
 * weight of the samples whose stack ends exactly there (self); its total is
 * self plus the totals of its children, worked out when first read
 * (node_total(), profile_total()). Weight is the sum of sample periods
 * (events, or nanoseconds for the clock events), so profiles taken at
 * different rates still add up correctly.
 *
 * Invariants, kept by every function here:
 *  - nodes[0] is the root, parent NODE_NONE, name 0 ("");
 *  - a child's index is larger than its parent's, so one backwards pass
 *    over nodes[] visits every child before its parent;
 *  - no two children of a node have the same (name, kind);
 *  - a node's children are listed newest (largest index) first: a walk
 *    down the lists adds them up in the order the backwards pass does.
 *
 * Names are interned in p->names: two frames are the same function exactly
 * when their (name, kind) pairs are equal. Fields are public for reading;
 * change the tree only through the functions below.
 */

enum frame_kind {
	FRAME_USER = 0,	 /* plain user space function (no suffix) */
	FRAME_KERNEL,	 /* "_[k]" */
	FRAME_JIT,	 /* "_[j]" */
	FRAME_INLINE,	 /* "_[i]" */
	FRAME_WAKER,	 /* "_[w]" */
	FRAME_PROCESS,	 /* the process name at the root, never a function */
	FRAME_KIND_MAX
};

/*
 * The deepest stack any reader takes, in frames: twice the 65535 frames
 * perf can record in one call chain (perf_event_attr.sample_max_stack is
 * 16 bits; the default kernel.perf_event_max_stack is 127), which leaves
 * room for inlined frames. Deeper is bad input, refused with a message:
 * it bounds the memory one sample or line can take.
 */
#define PROFILE_MAX_DEPTH (1UL << 17)

#define NODE_NONE UINT32_MAX
#define NODE_ROOT 0U

struct frame {
	uint32_t name; /* id in profile->names */
	uint8_t kind;  /* enum frame_kind */
};

/*
 * A frame packed into one 64-bit key, for hash maps and stacks of frames:
 * the name id above, the kind in the low byte. The one place that knows
 * the packing.
 */
static inline uint64_t frame_key(uint32_t name, unsigned int kind)
{
	return (uint64_t)name << 8 | (kind & 0xff);
}

static inline uint32_t frame_key_name(uint64_t key)
{
	return (uint32_t)(key >> 8);
}

static inline unsigned int frame_key_kind(uint64_t key)
{
	return (unsigned int)(key & 0xff);
}

/*
 * 32 bytes: a distinct frame node is most of what every command holds on
 * inputs of many distinct stacks, so the node keeps only what cannot be
 * worked out cheaply. The kind shares a word with the name id (names are
 * limited to PROFILE_MAX_NAMES, which no table of names that fits in
 * memory reaches), and a node's depth is not kept: it is its distance from
 * the root, which a walk down the tree counts as it goes and a single
 * node finds by walking up (profile_path(), profile_depth()). The
 * weights stay doubles: every output must stay exact.
 */
#define PROFILE_NAME_BITS 29
#define PROFILE_MAX_NAMES (1UL << PROFILE_NAME_BITS)

struct node {
	uint32_t parent;
	uint32_t first_child; /* NODE_NONE when a leaf */
	uint32_t next_sibling; /* NODE_NONE when last; in insertion order */
	uint32_t name : PROFILE_NAME_BITS;
	uint32_t kind : 3;
	double self;
};

_Static_assert(FRAME_KIND_MAX <= 8, "a kind fits its 3 bits");
_Static_assert(sizeof(struct node) == 24, "struct node packs to 24 bytes");

/* What the recording was. Strings are owned (NULL = unknown). */
struct profile_meta {
	char *event;	/* as recorded: "cycles:pp", "cpu-clock" */
	char *unit;	/* what one unit of weight is: "events", "ns" */
	uint64_t samples; /* samples kept in the tree */
	uint64_t lost;	/* samples the kernel dropped */
	double duration; /* seconds of recording, 0 = unknown */
	char *host;
	char *kernel;	/* kernel release (uname -r) */
	char *cmdline;	/* what was recorded */
	/* What record counted: "system-wide" (-a), "process" (-p) or
	 * "command" (the command and its children); NULL: not said (perf
	 * script text, perf.data, profiles written before it was kept). */
	char *target;
	char *cpus;	/* "2 online, 4 available" (perf.data's NRCPUS) */
	char *date;	/* when, ISO 8601 */
	char *label;	/* free-form, e.g. the build's name */
	/* The recording was stopped by a signal before its end ("#
	 * interrupted after N s of M s"): after duration s of asked s
	 * (asked 0: until a command's end). */
	bool interrupted;
	double asked;
	/*
	 * Off-CPU (profile->offcpu) only: how many switches span lost
	 * records or had no traced switch-in, and the perf-sched keys they
	 * are in, "KEY (N of M), ..." (sched_agg_unreliable()): those rows
	 * may be wrong. NULL when there are none.
	 */
	char *unreliable;
	/*
	 * The run's other LKP stats (benchmark figures, time, perf-stat:
	 * analyzer/benchmark.h), whole keys ("stress-ng.mremap.ops"). One
	 * run's own: profile_merge() leaves dst's as they are, since adding
	 * up two runs' ops_per_sec means nothing; comparisons take them run
	 * by run (diff_side_measure()).
	 */
	struct metric_set stats;
	/*
	 * The binaries record named frames from, each "BUILDID PATH" (hex,
	 * the path as mapped): which build the names are of, so that a
	 * later look at the same profile can tell a rebuilt binary. Written
	 * as "# build-id:" lines; one run's own, as stats.
	 */
	char **build_ids;
	size_t nr_build_ids, alloc_build_ids;
};

struct node_index; /* (parent, name, kind) -> child, private */

struct profile {
	struct strtab *names;
	struct node *nodes;
	uint32_t nr_nodes;
	unsigned long alloc_nodes;
	/*
	 * The totals are not in the nodes: a command that only writes the
	 * stacks out (fold) never reads them, and they were a quarter of a
	 * 32-byte node. They are a cache, worked out when first read after
	 * the tree changed: every node's into sums.node[] (node_total()), or
	 * the root's alone into sums.root (profile_total(): by a walk down
	 * the child lists, the same bits, when there is no sums.node[]).
	 * Every change of the tree or of a self weight clears the two
	 * flags; code that writes nodes[].self itself calls
	 * profile_changed() after.
	 */
	struct profile_sums {
		double *node;	/* every node's, valid when node_ok */
		unsigned long alloc;
		double root;	/* valid when root_ok (or node_ok) */
		bool node_ok, root_ok;
	} sums;
	struct profile_meta meta;
	struct node_index *index;
	/*
	 * Off-CPU time, kept apart from the samples above (analyzer/sched.h):
	 * each switch-out stack weighted by the nanoseconds the task then
	 * spent off the CPU until it next ran (its sleep and its scheduling
	 * delay: timehist's WAIT of its next switch); NULL when none.
	 * Owned: profile__delete() frees it. Its meta.event is "offcpu".
	 */
	struct profile *offcpu;
};

struct profile *profile__new(void);
void profile__delete(struct profile *p);

/*
 * Check every invariant above on p and, when it has one, on p->offcpu:
 * the root, children after their parents one row deeper, the child lists
 * (each node listed once, under its parent, newest first), no two
 * children of one (name, kind), names that exist, finite non-negative
 * weights, finite totals, and the root's total the same bits walked down
 * as summed up. 0 when they hold;
 * -1 with err naming the first node that breaks one. For tests and the
 * fuzz harnesses: O(nodes log nodes), never called on the hot path.
 */
struct fd_err;
int profile_check(const struct profile *p, struct fd_err *err);

/* Free what m holds; m is left empty (all NULL, 0). */
void profile_meta_release(struct profile_meta *m);

static inline uint32_t profile_intern(struct profile *p, const char *s,
				      size_t len)
{
	return strtab_intern(p->names, s, len);
}

static inline const char *profile_str(const struct profile *p, uint32_t name)
{
	return strtab_str(p->names, name);
}

static inline const char *node_name(const struct profile *p, uint32_t node)
{
	return strtab_str(p->names, p->nodes[node].name);
}

/*
 * The totals: self plus the children's totals, worked out on first read
 * after a change (the struct profile comment). They take a const profile
 * because they only fill its cache; no two threads may read one profile's
 * totals at once.
 */
double profile_total_slow(const struct profile *p);
const double *profile_totals_slow(const struct profile *p);

/*
 * profile_total(p) > 0, without working the total out: some node weighs
 * something (weights are never negative, so a sum of them is 0 only
 * when each is). Stops at the first; a tree's first sample is near its
 * start.
 */
bool profile_weighs(const struct profile *p);

/* profile_total() by the walk alone, cached or not: for profile_check(). */
double profile_root_walk(const struct profile *p);

/*
 * Every node's total, as node_total() has them, in an array of the
 * caller's (free() it): for a few nodes of a tree whose other totals
 * nobody reads (the processes of a run, say), without keeping sums.node[].
 * The root's is kept, as profile_total() keeps it.
 */
double *profile_totals_new(const struct profile *p);

/* The root's total: the weight of the whole tree. */
static inline double profile_total(const struct profile *p)
{
	if (p->sums.node_ok)
		return p->sums.node[NODE_ROOT];
	if (p->sums.root_ok)
		return p->sums.root;
	return profile_total_slow(p);
}

/* Node's total; the first after a change costs a pass over the tree. */
static inline double node_total(const struct profile *p, uint32_t node)
{
	if (p->sums.node_ok)
		return p->sums.node[node];
	return profile_totals_slow(p)[node];
}

/* The tree or a self weight changed: the totals are to be worked out. */
static inline void profile_changed(struct profile *p)
{
	p->sums.node_ok = false;
	p->sums.root_ok = false;
}

/* The child of parent with this (name, kind), created (weight 0) if new. */
uint32_t profile_child(struct profile *p, uint32_t parent, uint32_t name,
		       unsigned int kind);

/* Add weight as self of node (and so to the totals of it and its
 * ancestors, when next read). */
static inline void profile_add_self(struct profile *p, uint32_t node,
				    double weight)
{
	p->nodes[node].self += weight;
	profile_changed(p);
}

/*
 * Free the index that finds the children of wide nodes (8 to 16 bytes a
 * node of a large tree) when p is only to be read from now on; a later
 * profile_child() builds it again, all at once.
 */
void profile_drop_index(struct profile *p);

/*
 * p's tree kept, its weights (self and total of every node), metadata and
 * off-CPU profile gone: an input read into it then weighs it as if read
 * into an empty profile, with the nodes it shares with the tree reused.
 */
void profile_reuse(struct profile *p);

/*
 * p as profile__new() makes it (no node but the root, new empty names, no
 * metadata, no off-CPU profile), but for the room its nodes and index
 * already take: a tree as large read into it again costs no new pages
 * and no growing of its index.
 */
void profile_clear(struct profile *p);

/*
 * Remove the nodes from nr on (those made after the tree had nr nodes),
 * as if never made. The names interned meanwhile stay.
 */
void profile_truncate(struct profile *p, uint32_t nr);

/* Add one stack (frames[0] outermost) of the given weight; returns its leaf.
 * An empty stack adds to the root's self. */
uint32_t profile_add_stack(struct profile *p, const struct frame *frames,
			   size_t n, double weight);

/* Add every stack of src to dst (runs of the same side); sample and lost
 * counts and durations add up, dst keeps its strings where it has them. */
void profile_merge(struct profile *dst, const struct profile *src);

/*
 * profile_merge(dst, src), then src deleted (profile__delete()); the
 * memory of src's nodes goes back as they are added, so that the two
 * trees are not both whole at once.
 */
void profile_merge_free(struct profile *dst, struct profile *src);

/*
 * A new profile of p's stacks each reversed (merged from the leaves, as
 * --reverse draws them); metadata is not copied. To profile__delete().
 */
struct profile *profile__new_reversed(const struct profile *p);

/*
 * The frames from the root's child down to node, into out[0..depth):
 * returns depth, or 0 when it is over max (out[0..max) is then spoilt).
 */
size_t profile_path(const struct profile *p, uint32_t node, uint32_t *out,
		    size_t max);

/* profile_path() into *out, grown to fit (*alloc its room, ALLOC_GROW). */
size_t profile_path_grow(const struct profile *p, uint32_t node,
			 uint32_t **out, unsigned long *alloc);

/* A node's depth: 0 for the root, 1 for its children, ... (a walk up). */
uint32_t profile_depth(const struct profile *p, uint32_t node);

/* Add a "BUILDID PATH" to m->build_ids (a copy is kept). */
void meta_add_build_id(struct profile_meta *m, const char *bid_path);

/* Set a metadata string (a copy is kept; NULL clears). */
void meta_set(char **field, const char *value);

/*
 * Whether two event names are different events, whose weights must not
 * add up: "cycles" and "instructions" are, "cycles" and "cycles:pp" (the
 * same event, other modifiers) are not.
 */
bool meta_event_conflict(const char *a, const char *b);

/* "_[k]" and friends, "" for FRAME_USER and FRAME_PROCESS. */
const char *frame_kind_suffix(unsigned int kind);

/*
 * Split a folded frame "name_[k]" into name length and kind: returns the
 * kind and sets *len to the length without the suffix.
 */
unsigned int frame_kind_parse(const char *s, size_t *len);

/*
 * Whether a frame name stands for an address no symbol covers: perf prints
 * "[unknown]", folding turns it into "[dso]" or "[unknown]" (and, as
 * stackcollapse-perf.pl cuts "[unknown] (/memfd:x (deleted))" at its '(',
 * into "[unknown] " with a blank). LKP hides such frames (perf report -U).
 */
static inline bool frame_unresolved(const char *name, size_t len)
{
	while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	return len >= 2 && name[0] == '[' && name[len - 1] == ']';
}

/*
 * Whether node id's own samples count in LKP's figures (struct metrics
 * keeps them; the comparison and the focus view alike): not the root's,
 * not a process frame's, not an unresolved leaf's (perf report -U).
 */
static inline bool profile_self_kept(const struct profile *p, uint32_t id)
{
	const struct node *n = &p->nodes[id];

	if (id == NODE_ROOT || n->kind == FRAME_PROCESS)
		return false;
	return !frame_unresolved(strtab_str(p->names, n->name),
				 strtab_len(p->names, n->name));
}

/*
 * Swap the trees (names, nodes and their index) of a and b, each keeping
 * its metadata and off-CPU part (analyzer/profile-walk.c): a comparison
 * takes a run's tree as the start of its union tree instead of copying
 * it node by node.
 */
void profile_swap_trees(struct profile *a, struct profile *b);

/*
 * A profile read with perf_script_opts.dso_names (analyzer/names.h) has
 * "name NUL DSO" names, which only LKP's metrics may see. This gives p
 * the same tree with plain names (the frames of two DSOs under one
 * parent merged) and returns a new profile holding the DSO-named tree,
 * with p's event, unit and samples: the one to measure (to
 * profile__delete()). NULL, p untouched, when no name of p has a DSO.
 */
struct profile *profile_split_dso_names(struct profile *p);

#endif
