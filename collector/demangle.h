/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_DEMANGLE_H
#define FLAMEDIFF_COLLECTOR_DEMANGLE_H

#include "lib/strbuf.h"

/*
 * C++ symbol names as perf script prints them: demangled, without the
 * parameter list ("_ZN2ns3fooEi" -> "ns::foo"). The demangler is the C++
 * runtime's (__cxa_demangle of libstdc++), looked up at run time: a
 * machine without libstdc++ has no C++ programs to name either.
 *
 * Appends the demangled name of s to out and returns 1; returns 0 (out
 * untouched) when s is not a mangled C++ name or cannot be demangled.
 */
int demangle_cxx(struct strbuf *out, const char *s);

#endif
