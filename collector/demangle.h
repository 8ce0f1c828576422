/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DEMANGLE_H
#define FLAMEDIFF_COLLECTOR_DEMANGLE_H

#include <stdbool.h>

#include "lib/strbuf.h"

/*
 * A symbol's name as perf shows it: the ELF symbol version cut
 * ("__libc_start_main@@GLIBC_2.34" and "memcpy@GLIBC_2.2.5" are
 * "__libc_start_main" and "memcpy"), then, with demangle, C++ ("_Z...")
 * and Rust (legacy "_ZN...h<hash>E" and v0 "_R...") names demangled by
 * libiberty ("ns::f(int)"). A name that is neither stays as it is.
 *
 * Returns name itself when nothing changes, else sb's buffer (sb is reset
 * first): valid until sb changes.
 */
const char *symbol_name(const char *name, bool demangle, struct strbuf *sb);

#endif
