/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TEXTFMT_H
#define FLAMEDIFF_TEXTFMT_H

#include <stddef.h>

#include "lib/outfile.h"

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

#endif
