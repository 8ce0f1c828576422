/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TEXTFMT_H
#define FLAMEDIFF_TEXTFMT_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer/diff.h"

#include "lib/outfile.h"
#include "lib/strbuf.h"

/*
 * The quoting every JSON and CSV writer shares (report's, diff's, the
 * explanation's), so that a name is quoted one way wherever it is written.
 * Names are bytes: anything the rules below do not mention (UTF-8 or not)
 * is written as it is.
 */

/*
 * A JSON string literal of s, quotes included: '"' and '\' get a
 * backslash, control characters (below 0x20) are written "\u00XX".
 */
void json_string(struct outfile *o, const char *s);

/* A JSON number ("%.10g"), or null when v is not finite. */
void json_number(struct outfile *o, double v);

/*
 * v by fmt, one printf conversion of a double ("%.17g" round-trips it,
 * "%.2f" is LKP's), or null when v is not finite: JSON has no inf or nan.
 */
void json_number_fmt(struct outfile *o, const char *fmt, double v)
	__attribute__((format(printf, 2, 0)));

/*
 * A CSV number by fmt as above, or an empty field when v is not finite:
 * "inf" and "nan" are no numbers to a spreadsheet.
 */
void csv_number_fmt(struct outfile *o, const char *fmt, double v)
	__attribute__((format(printf, 2, 0)));

/* What a text table shows for a number that is not one (NaN, infinity). */
#define TEXT_NOT_A_NUMBER "n/a"

/*
 * v formatted by fmt, one printf conversion of a double ("%+7.1f"), into
 * buf of cap bytes; returns buf. A NaN or an infinity is written as
 * TEXT_NOT_A_NUMBER right-aligned in as many columns as fmt gives 0, so
 * a table keeps its columns and never shows "inf" or "-nan".
 */
const char *fmt_double(char *buf, size_t cap, const char *fmt, double v)
	__attribute__((format(printf, 3, 0)));

/*
 * s as one CSV field (RFC 4180): as it is, unless it holds a comma, a
 * double quote, CR or LF; then in double quotes, each '"' doubled.
 */
void csv_field(struct outfile *o, const char *s);

/*
 * Names in text meant for a terminal or a mail (the table, the
 * explanation): what marks a name cut in its middle to fit, ASCII so that
 * it is one column wherever it is shown (U+2026 is two in some fonts).
 */
#define TEXT_ELISION ".."

/*
 * s as a text output shows it, into sb (reset first; returns sb->buf):
 * control characters (below 0x20, and 0x7f) as "\xNN", so that a name
 * made of them is seen and moves no cursor; then, when wider than cols
 * columns (0: no limit), its middle replaced by TEXT_ELISION so that it
 * is exactly cols wide, the end kept a column longer than the start. A
 * column is an ASCII byte, a whole UTF-8 character (cut only between
 * characters; an East Asian wide one is counted as one) or a byte of
 * invalid UTF-8.
 */
const char *text_name(struct strbuf *sb, const char *s, size_t cols);

/* The columns text_name() counts in s (escapes not applied). */
size_t text_columns(const char *s);

/*
 * text (words between blanks) on lines of at most width columns, the
 * first starting at column col (what is already on it), the others
 * indented by indent blanks; a word wider than a line is elided in its
 * middle. Ends without a newline; returns the column it ends at.
 */
size_t text_wrap(struct outfile *o, const char *text, size_t col,
		 size_t width, size_t indent);

/*
 * A benchmark's headline figure (ops per second and the like) the one
 * way every output prints it: as LKP's table does (lkp_format_value()),
 * two decimals below 1000, the integer part (truncated, not rounded) up
 * to 1e8, "%.4g" beyond; not a number as TEXT_NOT_A_NUMBER. No padding.
 * buf holds at least 32 bytes.
 */
const char *text_figure(char *buf, size_t cap, double v);

/*
 * The headline row of d (the first bench_headline_key() row, in table
 * order) as one line, "KEY +20.3% (6.33 -> 7.62)", the figures by
 * text_figure(), the change as the table rounds it: for a graph's info
 * line. false, sb untouched, when d has none.
 */
bool text_headline(const struct diff *d, struct strbuf *sb);

#endif
