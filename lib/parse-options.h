/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_PARSE_OPTIONS_H
#define FLAMEDIFF_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

/*
 * Command-line options declared once, in a table. From the table come the
 * parsing, the --help text, the usage errors and a machine-readable
 * listing (for checking a manual page and generating shell completion).
 *
 * Where a value goes is an offset into a struct the caller passes to
 * parse_options() ("base"), not a pointer: tables are then static const
 * and can be listed without running the command, and one table (say the
 * input options) can be included into several commands' tables at the
 * offset of its struct (PO_INCLUDE). The PO_* macros check at compile time
 * that the member has the type the option kind stores.
 *
 * Parsing: "--name", "--name=value", "--name value", "-x", "-xvalue",
 * "-x value", bundled flags ("-aq"), "--" ends the options and "-" is an
 * operand. Unless PO_STOP_AT_NON_OPTION, options and operands may mix, as
 * getopt_long() permutes them. "-h" and "--help" are always options (unless
 * the table takes -h itself) and make parse_options() return PO_HELP.
 *
 * The library never prints or exits: errors are a message in a strbuf,
 * which names the option ("--width 'abc': not a number").
 */

enum po_type {
	PO_T_END = 0,
	PO_T_GROUP,	/* a heading in --help: help is its text */
	PO_T_INCLUDE,	/* another table, its values at base + off */
	PO_T_BOOL,	/* bool = defval (true, or false for --no-X) */
	PO_T_BIT,	/* unsigned int |= defval */
	PO_T_NOOP,	/* accepted and ignored (compatibility) */
	PO_T_U64,	/* uint64_t, decimal, optional range */
	PO_T_DOUBLE,	/* double, finite, optional range */
	PO_T_STRING,	/* const char *, pointing into argv */
	PO_T_LIST,	/* struct po_list: a repeatable string */
	PO_T_CHOICE,	/* int = index of the word in words */
	PO_T_CALLBACK,	/* cb does all the work */
};

/* Option flags. */
#define PO_OPTARG	(1u << 0) /* the argument is optional: --x[=VAL] */
#define PO_RANGE	(1u << 1) /* U64/DOUBLE: lo <= value <= hi */
#define PO_LO_OPEN	(1u << 2) /* ... and lo < value */
#define PO_HIDDEN	(1u << 3) /* not in --help nor the listing */
#define PO_SPLIT	(1u << 4) /* LIST: "a,b" adds "a" and "b" */

struct po_option;

/*
 * Validator (PO_T_STRING, run before the value is stored) or handler
 * (PO_T_CALLBACK). value is base + off; arg is NULL for an option without
 * an argument (or an optional one not given). Returns 0, or -1 with the
 * reason in err (without the option's name: the caller adds it).
 */
typedef int (*po_cb)(const struct po_option *opt, const char *arg,
		     void *value, struct strbuf *err);

/*
 * One option, or a group heading, an included table, or the end. Tables
 * end with PO_END. Either name may be absent (0 / NULL), not both.
 */
struct po_option {
	enum po_type type;
	int short_name;		/* 'o', or 0 */
	const char *long_name;	/* "output", or NULL */
	size_t off;		/* where the value goes, from base */
	const char *argh;	/* argument in --help ("FILE"); NULL: none */
	const char *help;	/* may hold '\n' for more lines */
	unsigned int flags;	/* PO_OPTARG ... */
	double lo, hi;		/* PO_RANGE */
	/* CHOICE: the words taken; NULL-terminated. Any other option
	 * with words (a callback's) offers them to completion only. */
	const char *const *words;
	po_cb cb;
	intptr_t defval;	/* BOOL: the value; BIT: the mask */
	const struct po_option *sub; /* INCLUDE */
	/* Completion of the argument: "file", "dir", "command", "events"
	 * (those this machine opens), or NULL (nothing to offer; an
	 * option with words offers them). */
	const char *complete;
};

/* A repeatable string option's values, in order; the strings point into
 * argv, or with PO_SPLIT are the comma-separated words of its values,
 * split once as they are parsed (owned: readers that test every sample
 * against the list then never split it again). po_list_release() frees
 * the array (and the words). */
struct po_list {
	char **v;
	size_t nr;
	unsigned long alloc;
	bool owned; /* v[i] are allocated (PO_SPLIT) */
};

void po_list_release(struct po_list *l);

/* Compile-time check that member m of T has type want (0 when it has). */
#define PO_TYPE_CHECK(T, m, want)                                          \
	(0 * sizeof(char[1 - 2 * !__builtin_types_compatible_p(            \
				  __typeof__(((T *)0)->m), want)]))
#define PO_OFF(T, m, want) (offsetof(T, m) + PO_TYPE_CHECK(T, m, want))

/*
 * The macros whose last parameter is "..." take more fields after the
 * help, as designated initializers: .words = w (a callback's or a
 * STRING's words), .cb = f (a STRING's check), .complete = "events", a
 * CALLBACK's .flags = PO_RANGE, .lo, .hi.
 */
#define PO_END { .type = PO_T_END }
#define PO_GROUP(h) { .type = PO_T_GROUP, .help = (h) }
#define PO_INCLUDE(T, m, table)                                            \
	{ .type = PO_T_INCLUDE, .off = offsetof(T, m), .sub = (table) }
/* table's options on the whole base (a table of the same struct). */
#define PO_INCLUDE_BASE(table)                                             \
	{ .type = PO_T_INCLUDE, .off = 0, .sub = (table) }
#define PO_BOOL(s, l, T, m, h)                                             \
	{ .type = PO_T_BOOL, .short_name = (s), .long_name = (l),         \
	  .off = PO_OFF(T, m, bool), .help = (h), .defval = 1 }
#define PO_CLEAR(s, l, T, m, h)                                            \
	{ .type = PO_T_BOOL, .short_name = (s), .long_name = (l),         \
	  .off = PO_OFF(T, m, bool), .help = (h), .defval = 0 }
#define PO_BIT(s, l, T, m, mask, h)                                        \
	{ .type = PO_T_BIT, .short_name = (s), .long_name = (l),          \
	  .off = PO_OFF(T, m, unsigned int), .help = (h),                 \
	  .defval = (mask) }
#define PO_NOOP(s, l, h)                                                   \
	{ .type = PO_T_NOOP, .short_name = (s), .long_name = (l),         \
	  .help = (h) }
#define PO_U64(s, l, T, m, a, lo_, hi_, h)                                 \
	{ .type = PO_T_U64, .short_name = (s), .long_name = (l),          \
	  .off = PO_OFF(T, m, uint64_t), .argh = (a), .help = (h),        \
	  .flags = PO_RANGE, .lo = (lo_), .hi = (hi_) }
#define PO_DOUBLE(s, l, T, m, a, lo_, hi_, h)                              \
	{ .type = PO_T_DOUBLE, .short_name = (s), .long_name = (l),       \
	  .off = PO_OFF(T, m, double), .argh = (a), .help = (h),          \
	  .flags = PO_RANGE, .lo = (lo_), .hi = (hi_) }
/* As PO_DOUBLE, with lo < value <= hi. */
#define PO_DOUBLE_GT(s, l, T, m, a, lo_, hi_, h)                           \
	{ .type = PO_T_DOUBLE, .short_name = (s), .long_name = (l),       \
	  .off = PO_OFF(T, m, double), .argh = (a), .help = (h),          \
	  .flags = PO_RANGE | PO_LO_OPEN, .lo = (lo_), .hi = (hi_) }
#define PO_STRING(s, l, T, m, a, h, ...)                                   \
	{ .type = PO_T_STRING, .short_name = (s), .long_name = (l),       \
	  .off = PO_OFF(T, m, const char *), .argh = (a), .help = (h),    \
	  ##__VA_ARGS__ }
#define PO_FILENAME(s, l, T, m, a, h)                                      \
	{ .type = PO_T_STRING, .short_name = (s), .long_name = (l),       \
	  .off = PO_OFF(T, m, const char *), .argh = (a), .help = (h),    \
	  .complete = "file" }
#define PO_LIST(s, l, T, m, a, h)                                          \
	{ .type = PO_T_LIST, .short_name = (s), .long_name = (l),         \
	  .off = PO_OFF(T, m, struct po_list), .argh = (a), .help = (h),  \
	  .complete = "file" }
/* A repeatable string option whose values are not files. */
#define PO_STRINGS(s, l, T, m, a, h)                                       \
	{ .type = PO_T_LIST, .short_name = (s), .long_name = (l),         \
	  .off = PO_OFF(T, m, struct po_list), .argh = (a), .help = (h) }
#define PO_CHOICE(s, l, T, m, a, w, h)                                     \
	{ .type = PO_T_CHOICE, .short_name = (s), .long_name = (l),       \
	  .off = PO_OFF(T, m, int), .argh = (a), .words = (w), .help = (h) }
/* A repeatable list whose values are comma-separated words, split once. */
#define PO_WORDLIST(s, l, T, m, a, h)                                      \
	{ .type = PO_T_LIST, .short_name = (s), .long_name = (l),         \
	  .off = PO_OFF(T, m, struct po_list), .argh = (a), .help = (h),  \
	  .flags = PO_SPLIT }
/* The callback gets base + offsetof(T, m), of whatever type m has. */
#define PO_CALLBACK(s, l, T, m, a, f, h, ...)                              \
	{ .type = PO_T_CALLBACK, .short_name = (s), .long_name = (l),     \
	  .off = offsetof(T, m), .argh = (a), .help = (h), .cb = (f),     \
	  ##__VA_ARGS__ }
/* ... and one that gets the whole base (the table's struct). */
#define PO_CALLBACK_BASE(s, l, a, f, h, ...)                               \
	{ .type = PO_T_CALLBACK, .short_name = (s), .long_name = (l),     \
	  .off = 0, .argh = (a), .help = (h), .cb = (f), ##__VA_ARGS__ }

/*
 * In a help text, where the option's words go ("a, b or c"): a table
 * that lists its words elsewhere (a CHOICE's, or a callback's .words) has
 * them in its help without writing them twice.
 */
#define PO_HELP_WORDS "%WORDS%"

/* Append words (NULL-terminated) as "a, b or c". */
void po_add_words(struct strbuf *sb, const char *const *words);

/* parse_options() flags. */
#define PO_STOP_AT_NON_OPTION (1u << 0) /* the first operand ends options */

/* parse_options() results besides the number of operands. */
#define PO_ERROR (-1)
#define PO_HELP (-2)

/*
 * Parse argv[1..argc) (argv[0] is the command's name) against opts,
 * storing into base. Returns the number of operands, which are moved to
 * argv[0..n) in their order (argv[n] is NULL); PO_HELP when -h or --help
 * was given (parsing stops there); PO_ERROR with the message in err.
 * Values already in base are defaults: an option not given leaves its
 * value alone.
 */
int parse_options(int argc, char **argv, const struct po_option *opts,
		  void *base, unsigned int flags, struct strbuf *err);

/*
 * The number in arg as opt (PO_T_U64 or PO_T_DOUBLE, or a callback with
 * PO_RANGE) parses it: 0, or -1 with the reason in err. For callbacks that
 * do more than store a number.
 */
int po_get_u64(const struct po_option *opt, const char *arg, uint64_t *out,
	       struct strbuf *err);
int po_get_double(const struct po_option *opt, const char *arg, double *out,
		  struct strbuf *err);

/*
 * Append the --help text: usage (the command's usage lines and
 * description, as given, then a blank line), then every option and group
 * heading, the option names in a column of 22, their help beside or, when
 * the names are longer, under them. Ends with "-h, --help".
 */
void po_help(struct strbuf *out, const char *usage,
	     const struct po_option *opts);

/*
 * Append the machine-readable listing, one option a line, in table order,
 * fields separated by a tab:
 *
 *   LONG SHORT ARG COMPLETE
 *
 * LONG "--name" or "-" if none; SHORT "-x" or "-"; ARG "none", "required"
 * or "optional"; COMPLETE "-", "file", "dir", "command", or "words:" and
 * the allowed words separated by commas. The built-in --help is listed.
 */
void po_list_options(struct strbuf *out, const struct po_option *opts);

#endif
