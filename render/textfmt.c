// SPDX-License-Identifier: GPL-2.0
#include <math.h>
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
	if (!isfinite(v))
		outfile_puts(o, "null");
	else
		outfile_printf(o, "%.10g", v);
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
