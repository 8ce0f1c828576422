// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "collector/demangle.h"

/*
 * The end of a demangled name proper, for DEMANGLE_PERF: before GCC's
 * clone notes ("f [clone .part.0] [clone .cold]") and a top-level
 * "(params)" [ const], which libiberty may still print for some names.
 */
static size_t name_proper(const char *d, size_t len)
{
	size_t end = len, i;
	int depth = 0;

	while (end && d[end - 1] == ']') {
		const char *c = NULL;

		for (i = end; i-- > 0;)
			if (!strncmp(d + i, " [clone ", 8)) {
				c = d + i;
				break;
			}
		if (!c)
			break;
		end = c - d;
	}
	len = end;
	if (end >= 6 && !memcmp(d + end - 6, " const", 6))
		end -= 6;
	if (!end || d[end - 1] != ')')
		return len;
	for (i = end; i-- > 0;) {
		if (d[i] == ')')
			depth++;
		else if (d[i] == '(' && --depth == 0)
			return i ? i : len;
	}
	return len;
}

const char *symbol_name(const char *name, enum demangle_style style,
			struct strbuf *sb)
{
	const char *at = strchr(name, '@');
	const char *mangled = name;
	char *out;
	int flags = DMGL_ANSI | DMGL_AUTO; /* Rust's schemes, then C++'s */

	/* "name@VERSION" or "name@@VERSION" (the default version): perf
	 * shows it, and "name@plt" */
	if (at && at > name && style != DEMANGLE_PERF) {
		strbuf_reset(sb);
		strbuf_add(sb, name, (size_t)(at - name));
		mangled = sb->buf;
	}
	if (style == DEMANGLE_NONE || mangled[0] != '_' ||
	    (mangled[1] != 'Z' && mangled[1] != 'R'))
		return mangled;
	if (style == DEMANGLE_FULL)
		flags |= DMGL_PARAMS;
	out = cplus_demangle(mangled, flags);
	if (!out)
		return mangled;
	strbuf_reset(sb);
	if (style == DEMANGLE_PERF)
		strbuf_add(sb, out, name_proper(out, strlen(out)));
	else
		strbuf_addstr(sb, out);
	free(out);
	return sb->buf;
}
