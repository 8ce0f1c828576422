/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_INPUT_H
#define FLAMEDIFF_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/error.h"
#include "lib/linereader.h"
#include "analyzer/filter.h"
#include "analyzer/profile.h"

/*
 * Reading any input into a profile. Unless a format is named, it is told
 * from the content (gzip is undone first), never from the file name, by
 * the first line that is neither blank nor a '#' comment, however long:
 *  - "# flamediff-profile N" on the first line: a flamediff profile;
 *  - perf sched timehist's header or one of its switch lines
 *    ("12.345678 [0001] ..."): off-CPU data (analyzer/timehist.h);
 *  - "key: NUMBER", the key blank-free and without ';': LKP stats (only
 *    `diff` compares those; see analyzer/lkp-stats.h);
 *  - a line that ends in a count (digits, or a nan/inf that the reader
 *    then refuses by name): folded stacks, "frame;frame;... COUNT [COUNT2]";
 *  - anything else (a sample header, an indented frame): perf script text.
 * Before all of these, the bytes "PERFILE2" at the very start: what perf
 * record writes (a file or its pipe stream), read by the reader registered
 * for INPUT_PERF_DATA (input_register_reader()).
 */
enum input_format {
	INPUT_AUTO = 0,
	INPUT_PROFILE,
	INPUT_FOLDED,
	INPUT_PERF_SCRIPT,
	INPUT_LKP_STATS,
	INPUT_PERF_DATA,
	INPUT_SCHED_TIMEHIST, /* perf sched timehist text (timehist.h) */
	INPUT_NR_FORMATS,
};

/* How perf script samples are folded; the options of stackcollapse-perf. */
struct perf_script_opts {
	bool pid;	   /* root "comm-PID" */
	bool tid;	   /* root "comm-PID/TID" */
	bool addrs;	   /* "[dso <addr>]" for unresolved frames */
	bool no_comm;	   /* no process-name root at all */
	/* --inline: inlined functions are FRAME_INLINE. perf script text:
	 * the frames perf prints "(inlined)" at the address of the frame
	 * below them; perf.data: the functions inlined at each user frame,
	 * from the binaries' DWARF, as perf's DWARF-unwound frames give
	 * them, on every stack */
	bool inlines;
	const char *event; /* keep samples of this event; NULL: the first */
	/* --only-pid, --only-tid: keep the samples of these processes or
	 * threads, one id a value (split once by the option parser,
	 * PO_WORDLIST; a value with commas is a list too); none: all. */
	struct po_list only_pid, only_tid;
	/* Parse every line, never taking a sample from the cache of those
	 * seen before (perfscript.c): for tests that compare the two. */
	bool every_line;
	/* Every resolved frame's name carries its DSO (analyzer/names.h,
	 * name_join_dso()): for LKP's metrics, which perf keeps per DSO.
	 * The perf script and perf.data readers; others ignore it. */
	bool dso_names;
};

/*
 * Which of a profile's two kinds of data a command reads: its samples
 * (on-CPU) or its off-CPU time (profile->offcpu, from perf sched timehist
 * or record --sched). Bits, as the options set them; both set is refused.
 */
#define CPU_VIEW_ON 1U
#define CPU_VIEW_OFF 2U

struct proc_match;

#define INPUT_MAX_JOBS 256U
#define INPUT_PART_MIN (4UL << 20)

struct input_opts {
	/* INPUT_AUTO detects; any other value skips detection. */
	enum input_format format;
	/*
	 * 0 (the default): each input's samples when it has some, else its
	 * off-CPU time. The view chosen becomes the profile's tree: off-CPU
	 * time is read into it as its stacks, with meta.event "offcpu" and
	 * meta.unit "ns" (profile_is_offcpu()); with the on-CPU view the
	 * off-CPU data stays apart in p->offcpu.
	 */
	unsigned int cpu_view;
	struct perf_script_opts ps;
	/* --comm, --exclude-comm: applied to every input as it is read,
	 * before any number is computed (filter.h). */
	struct comm_filter comm;
	/* perf.data: kernel symbols of the kernel that recorded it (NULL:
	 * /proc/kallsyms when that kernel is the running one) */
	const char *kallsyms;
	const char *vmlinux;
	/* perf.data: --symfs, a directory that holds the recorded machine's
	 * binaries and debug files at their paths (collector/dso.h) */
	const char *symfs;
	/* --strict: an odd line of perf script, folded or timehist text
	 * fails the read, where it is otherwise skipped and counted (one
	 * warning through input_register_warn()'s function). */
	bool strict;
	/* A comparison's matching of differently named processes and
	 * testcases (match.h), applied to each input read as a run of
	 * side match_side (0 base, 1 new); NULL: none. Not owned. */
	struct proc_match *match;
	int match_side;
	/* -j: threads a large perf script file is read on (and, above 1,
	 * a perf.data reads the kernel's symbols ahead) (0: one per
	 * online CPU; 1: one stream); part_min: the fewest bytes worth a
	 * thread of their own (0: INPUT_PART_MIN) */
	unsigned int jobs;
	size_t part_min;
	/* --complete-only: the runs of a side leave out profiles marked
	 * interrupted (side_list_runs()). */
	bool complete_only;
	/* -q: the front end shows no progress meter (readers ignore it) */
	bool quiet;
};

/* Free what the options hold (the filter's lists). */
void input_opts_release(struct input_opts *o);

/* The threads -j gives a reader: o->jobs, or one per online CPU for 0;
 * from 1 to INPUT_MAX_JOBS. */
unsigned int input_jobs(const struct input_opts *o);

/*
 * A reader of a binary format the analyzer does not decode itself: perf.data
 * is decoded by the collector, which the analyzer may not call (layers:
 * cli -> collector -> analyzer). The front end registers the collector's
 * reader at startup; until then such an input is refused with a message.
 * The reader gets lr positioned at the start of the input (nothing
 * consumed), reads it to its end and adds to p as input_read_lr() does.
 */
void input_register_reader(enum input_format f,
			   int (*fn)(struct linereader *lr,
				     const struct input_opts *o,
				     struct profile *p, struct fd_err *err));

/*
 * Where a read's one warning goes: the lines of perf script, folded or
 * timehist text it skipped, how many and the first (FILE:LINE), a message
 * without a newline. The library prints nothing; the front end registers
 * its printer at startup. None registered: no warning.
 */
void input_register_warn(void (*fn)(const char *msg));

/* input_read()'s return when the input holds no samples (empty, or every
 * sample filtered out): bad input still, but some callers draw it. */
#define INPUT_NO_SAMPLES (-2)

/*
 * Read the opened stream lr (to its end) and add its stacks to p. A
 * differential folded file (two counts a line) puts its second counts into
 * p2; when p2 is NULL such a file is an error. Metadata found in the input
 * is stored in p->meta (fields already set are kept); an input of another
 * event than p already holds is refused (runs of different events do not
 * add up). On bad input: -1 (or INPUT_NO_SAMPLES), err says FILE:LINE.
 * The caller keeps lr and releases it.
 */
int input_read_lr(struct linereader *lr, const struct input_opts *o,
		  struct profile *p, struct profile *p2, struct fd_err *err);

/* input_read_lr() of the file path ("-" for stdin), opened and closed. */
int input_read(const char *path, const struct input_opts *o,
	       struct profile *p, struct profile *p2, struct fd_err *err);

/*
 * The format of lr's input, peeking as far as its first decisive line (up
 * to LR_MAX_LINE) without consuming anything; never INPUT_AUTO. -1 on a
 * read error.
 */
int input_detect_lr(struct linereader *lr, enum input_format *fmt,
		    struct fd_err *err);

/* The format of an input that starts with head[0..len) (all of it, or
 * at least its first decisive line); never INPUT_AUTO, and only the text
 * formats: input_detect_lr() also tells INPUT_PERF_DATA. */
enum input_format input_detect(const char *head, size_t len);

/*
 * The readers, one table (input.c): a format's name as --input-format takes
 * it, how its input is told from its content (magic bytes at the start, or
 * a test of the first line that is neither blank nor a comment; detection
 * asks them by rank), and its reader, which reads the stream
 * lr to its end into p (p2: a differential folded file's second counts).
 * input_read_lr() hands a reader a fresh profile unless p holds nothing
 * yet, and merges it into p as the view wants: a reader never sees an
 * earlier input's data but the event perf script filters on.
 */
struct input_reader {
	const char *name;
	enum input_format format;
	const char *magic;
	unsigned int rank; /* detect's turn: 1 first; 0 no detect */
	bool (*detect)(const char *line, size_t len);
	/* sk: where a text reader counts the odd lines it skips (NULL:
	 * --strict, they fail the read) */
	int (*read)(struct linereader *lr, const struct input_opts *o,
		    struct profile *p, struct profile *p2, struct lr_skips *sk,
		    struct fd_err *err);
};

/* The table's entry for f; NULL for INPUT_AUTO (and a value beyond). */
const struct input_reader *input_reader_of(enum input_format f);

/* "auto" and the table's names, in its order, NULL-terminated: the words
 * of --input-format (its check, help, listing and completion). */
extern const char *const input_format_words[];

/* The name of a format as options name it (input_format_words), and back:
 * INPUT_AUTO for "auto", -1 for a name that is none of these. */
const char *input_format_name(enum input_format f);
int input_format_parse(const char *name);

#endif
