/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_FOLDED_H
#define FLAMEDIFF_FOLDED_H

#include "lib/linereader.h"
#include "lib/outfile.h"
#include "analyzer/profile.h"

/*
 * Folded stacks and the flamediff profile, which is folded stacks with a
 * metadata header (share/doc/profile-format.md).
 */

#define PROFILE_MAGIC "# flamediff-profile"
/*
 * 2: names and header values escaped (profile-format.md). 3: no header
 * line ends in a digit (text values quoted, numbers followed by a unit),
 * so that tools reading folded stacks skip the header. 4: may end in an
 * off-CPU section (PROFILE_OFFCPU_MARKER, then its own header lines and
 * stacks: profile->offcpu). A profile without one is written as version 3,
 * which older readers take; 1 to 4 are read.
 */
#define PROFILE_VERSION 4
#define PROFILE_OFFCPU_MARKER "# off-cpu"

/*
 * Read folded lines (or a profile: the header is parsed) from lr. The first
 * frame of each stack is a process name when process_root is set, as in
 * what stackcollapse-perf.pl writes; a profile's "# root:" line overrides.
 * Two counts on a line put the second into p2 (an error if p2 is NULL).
 * In plain folded text (not a profile, which flamediff wrote), a line
 * with no count, or a count and no stack, is skipped and counted in sk;
 * with sk NULL it fails the read. A count that is not a finite number
 * >= 0 always does. A file of nothing but such lines fails as the first.
 */
int folded_read(struct linereader *lr, int process_root, struct profile *p,
		struct profile *p2, struct lr_skips *sk, struct fd_err *err);

/* Which frame kinds get their "_[x]" suffix in folded output. */
#define ANNOTATE_KERNEL (1U << FRAME_KERNEL)
#define ANNOTATE_JIT (1U << FRAME_JIT)
#define ANNOTATE_INLINE (1U << FRAME_INLINE)
#define ANNOTATE_WAKER (1U << FRAME_WAKER)
#define ANNOTATE_ALL                                                       \
	(ANNOTATE_KERNEL | ANNOTATE_JIT | ANNOTATE_INLINE | ANNOTATE_WAKER)

/*
 * One line per node with self weight: "frame;frame;... weight", sorted
 * bytewise as stackcollapse-perf.pl sorts them. Weights print as Perl
 * prints numbers (%.15g).
 */
void folded_write(const struct profile *p, struct outfile *o,
		  unsigned int annotate);

/*
 * The lines of folded_write(), in its order, for a writer of other
 * figures (diff-folded.c): one for each node of p whose self weight is
 * not 0, the path to it, each frame its name (name(), or the node's own
 * name when NULL) and the suffix of its kind when in annotate, joined by
 * ';'. The lines come sorted as byte strings (strcmp()); lines that print
 * alike come once, with all their nodes. line() gets each, its text not
 * NUL-terminated and good until it returns. Memory: the path and the
 * siblings still to write, unless a name holds a ';' or a NUL (then
 * every line's text at once).
 */
struct folded_lines {
	const struct profile *p;
	unsigned int annotate;
	const char *(*name)(void *ctx, uint32_t node, size_t *len);
	void (*line)(void *ctx, const char *text, size_t len,
		     const uint32_t *nodes, size_t nr);
	void *ctx;
};

void folded_lines_walk(const struct folded_lines *l);

/* The profile: header lines, then folded_write(.., ANNOTATE_ALL). */
void profile_write(const struct profile *p, struct outfile *o);

/*
 * Whether an output path asks for a flamediff profile rather than plain
 * folded stacks: it ends in ".prof" or ".profile", then maybe ".gz".
 */
int profile_path_wanted(const char *path);

/* profile_write() into path, atomically (".gz": compressed). */
int profile_save(const struct profile *p, const char *path,
		 struct fd_err *err);

#endif
