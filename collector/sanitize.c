// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>

#include "collector/sanitize.h"

static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

void sanitize_name(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	strbuf_grow(out, len);
	for (i = 0; i < len; i++)
		strbuf_addch(out, is_control((unsigned char)s[i]) ? '?' : s[i]);
}

void sanitize_value(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	strbuf_grow(out, len);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= '\t' && c <= '\r')
			c = ' ';
		else if (is_control(c))
			c = '?';
		strbuf_addch(out, c);
	}
}
