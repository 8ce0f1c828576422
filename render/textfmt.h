/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TEXTFMT_H
#define FLAMEDIFF_TEXTFMT_H

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
 * s as one CSV field (RFC 4180): as it is, unless it holds a comma, a
 * double quote, CR or LF; then in double quotes, each '"' doubled.
 */
void csv_field(struct outfile *o, const char *s);

#endif
