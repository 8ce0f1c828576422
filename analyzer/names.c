// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "analyzer/names.h"

static const char *const clone_tags[] = { ".isra.", ".constprop.", ".part." };

/*
 * If s[i..len) starts with a clone piece ".tag.DIGITS" ending at len or at
 * a '.', return the piece's length, else 0.
 */
static size_t clone_piece(const char *s, size_t len, size_t i)
{
	size_t t, n, j;

	for (t = 0; t < sizeof(clone_tags) / sizeof(clone_tags[0]); t++) {
		n = strlen(clone_tags[t]);
		if (len - i <= n || memcmp(s + i, clone_tags[t], n))
			continue;
		for (j = i + n; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			;
		if (j > i + n && (j == len || s[j] == '.'))
			return j - i;
	}
	return 0;
}

size_t name_strip_clone_suffix(const char *s, size_t len)
{
	size_t i, piece;

	/* The first piece from which only pieces follow to the end; a name
	 * never loses its first character (".part.0" stays whole). */
	for (i = 1; i < len; i++) {
		size_t j = i;

		if (s[i] != '.')
			continue;
		while (j < len && (piece = clone_piece(s, len, j)))
			j += piece;
		if (j == len && j > i)
			return i;
	}
	return len;
}

size_t name_strip_clones(const char *s, size_t len, char *out)
{
	size_t i = 0, o = 0, piece;

	while (i < len) {
		if (i > 0 && s[i] == '.' && (piece = clone_piece(s, len, i))) {
			i += piece;
			continue;
		}
		out[o++] = s[i++];
	}
	return o;
}
