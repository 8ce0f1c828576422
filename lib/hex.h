/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_HEX_H
#define FLAMEDIFF_HEX_H

/* The value of one hexadecimal digit, either case; -1 for anything else. */
static inline int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
