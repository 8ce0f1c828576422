/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_UTF8_H
#define FLAMEDIFF_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length (2 to 4) of the well-formed UTF-8 sequence for a character
 * above U+007F that starts at p, with avail bytes readable, and the code
 * point in *cp; 0 when the bytes are not one (a stray or truncated byte,
 * an overlong form, a surrogate, beyond U+10FFFF) or are U+FFFE/U+FFFF,
 * which XML forbids and cairo refuses. Names come from binaries and perf
 * output: both backends must check them before drawing.
 */
static inline size_t utf8_char(const unsigned char *p, size_t avail,
			       uint32_t *cp)
{
	size_t len, i;
	uint32_t c;

	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		c = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		c = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		c = p[0] & 0x07;
	} else {
		return 0;
	}
	if (avail < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe ||
	    c == 0xffff)
		return 0;
	*cp = c;
	return len;
}

#endif
