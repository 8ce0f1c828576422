/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DEMANGLE_H
#define FLAMEDIFF_COLLECTOR_DEMANGLE_H

#include "lib/strbuf.h"

/* How a symbol's name is shown. */
enum demangle_style {
	DEMANGLE_NONE = 0, /* as in the symbol table, version cut */
	DEMANGLE_FULL,	   /* demangled with parameters: "ns::f(int)" */
	DEMANGLE_PERF,	   /* as perf script prints it: "ns::f", no
			    * parameters, no GCC "[clone .part.0]" */
};

/*
 * A symbol's name as shown: the ELF symbol version cut
 * ("__libc_start_main@@GLIBC_2.34" and "memcpy@GLIBC_2.2.5" are
 * "__libc_start_main" and "memcpy") but in DEMANGLE_PERF, where it stays
 * as perf (6.1) prints it, then C++ ("_Z...") and Rust (legacy
 * "_ZN...h<hash>E" and v0 "_R...") names demangled by libiberty in the
 * given style. A name that is neither stays as it is.
 *
 * Returns name itself when nothing changes, else sb's buffer (sb is reset
 * first): valid until sb changes.
 */
const char *symbol_name(const char *name, enum demangle_style style,
			struct strbuf *sb);

#endif
