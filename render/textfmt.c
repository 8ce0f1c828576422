// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/textfmt.h"

void json_string(struct outfile *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;

	outfile_write(o, "\"", 1);
	for (; *s; s++) {
		unsigned char c = *s;
		char esc[7];

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		outfile_write(o, run, s - run);
		run = s + 1;
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = c;
			outfile_write(o, esc, 2);
			continue;
		}
		memcpy(esc, "\\u00", 4);
		esc[4] = hex[c >> 4];
		esc[5] = hex[c & 15];
		outfile_write(o, esc, 6);
	}
	outfile_write(o, run, s - run);
	outfile_write(o, "\"", 1);
}

void json_number(struct outfile *o, double v)
{
	json_number_fmt(o, "%.10g", v);
}

void json_number_fmt(struct outfile *o, const char *fmt, double v)
{
	if (!isfinite(v))
		outfile_puts(o, "null");
	else
		outfile_printf(o, fmt, v);
}

void csv_number_fmt(struct outfile *o, const char *fmt, double v)
{
	if (isfinite(v))
		outfile_printf(o, fmt, v);
}

const char *fmt_double(char *buf, size_t cap, const char *fmt, double v)
{
	int w;

	if (isfinite(v)) {
		snprintf(buf, cap, fmt, v);
		return buf;
	}
	/* The width of a finite number in this format, for the columns. */
	w = snprintf(buf, cap, fmt, 0.0);
	snprintf(buf, cap, "%*s", w > 0 ? w : 0, TEXT_NOT_A_NUMBER);
	return buf;
}

void csv_field(struct outfile *o, const char *s)
{
	const char *q;

	if (!strpbrk(s, ",\"\n\r")) {
		outfile_puts(o, s);
		return;
	}
	outfile_write(o, "\"", 1);
	while ((q = strchr(s, '"'))) {
		outfile_write(o, s, q + 1 - s);
		outfile_write(o, "\"", 1);
		s = q + 1;
	}
	outfile_puts(o, s);
	outfile_write(o, "\"", 1);
}
