// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "collector/demangle.h"
#include "lib/alloc.h"

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
			/* "ns::Worker::operator()": the name's own "()" */
			return i >= 8 && !memcmp(d + i - 8, "operator", 8) ?
				       len : i ? i : len;
	}
	return len;
}

const char *symbol_name(const char *name, enum demangle_style style,
			struct strbuf *sb)
{
	const char *at = strchr(name, '@');
	bool plt = at && at > name && !strcmp(at, "@plt");
	int flags = DMGL_ANSI | DMGL_AUTO; /* Rust's schemes, then C++'s */
	char *base, *out;
	size_t len;

	/*
	 * "name@plt": a PLT stub, named as perf report names it in every
	 * style, its target demangled. "name@VERSION", "name@@VERSION" (the
	 * default version): perf shows it, the others cut it.
	 */
	len = at && at > name && (plt || style != DEMANGLE_PERF) ?
		      (size_t)(at - name) : strlen(name);
	if (style == DEMANGLE_NONE || name[0] != '_' ||
	    (name[1] != 'Z' && name[1] != 'R')) {
		if (len == strlen(name) || plt)
			return name;
		strbuf_reset(sb);
		strbuf_add(sb, name, len);
		return sb->buf;
	}
	if (style == DEMANGLE_FULL)
		flags |= DMGL_PARAMS;
	base = xstrndup(name, len);
	out = cplus_demangle(base, flags);
	strbuf_reset(sb);
	if (!out)
		strbuf_addstr(sb, base);
	else if (style == DEMANGLE_PERF)
		strbuf_add(sb, out, name_proper(out, strlen(out)));
	else
		strbuf_addstr(sb, out);
	if (plt)
		strbuf_addstr(sb, "@plt");
	free(out);
	free(base);
	return sb->buf;
}
