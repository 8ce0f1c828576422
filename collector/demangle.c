// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "collector/demangle.h"

const char *symbol_name(const char *name, bool demangle, struct strbuf *sb)
{
	const char *at = strchr(name, '@');
	const char *mangled = name;
	char *out;

	/* "name@VERSION" or "name@@VERSION" (the default version) */
	if (at && at > name) {
		strbuf_reset(sb);
		strbuf_add(sb, name, (size_t)(at - name));
		mangled = sb->buf;
	}
	if (!demangle || mangled[0] != '_' ||
	    (mangled[1] != 'Z' && mangled[1] != 'R'))
		return mangled;
	/* DMGL_AUTO: Rust's schemes first, then the C++ ABI's */
	out = cplus_demangle(mangled, DMGL_PARAMS | DMGL_ANSI | DMGL_AUTO);
	if (!out)
		return mangled;
	strbuf_reset(sb);
	strbuf_addstr(sb, out);
	free(out);
	return sb->buf;
}
