// SPDX-License-Identifier: GPL-2.0
/* collector/demangle: names as perf shows them. */
#include <string.h>

#include "collector/demangle.h"
#include "tap.h"

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	const char *plain = "do_work";

	ok(symbol_name(plain, DEMANGLE_FULL, &sb) == plain,
	   "a C name is returned as it is, not copied");
	is_str(symbol_name("__libc_start_main@@GLIBC_2.34", DEMANGLE_FULL, &sb),
	       "__libc_start_main", "the default version '@@GLIBC_2.34' is cut");
	is_str(symbol_name("memcpy@GLIBC_2.2.5", DEMANGLE_FULL, &sb), "memcpy",
	       "a version '@GLIBC_2.2.5' is cut");
	is_str(symbol_name("_ZN2ns1fEi", DEMANGLE_FULL, &sb), "ns::f(int)",
	       "C++: ns::f(int)");
	is_str(symbol_name("_ZN2ns5OuterIlE3runEi", DEMANGLE_FULL, &sb),
	       "ns::Outer<long>::run(int)", "C++ templates");
	is_str(symbol_name("_ZN2ns1fEi@@V1", DEMANGLE_FULL, &sb), "ns::f(int)",
	       "a versioned C++ symbol: cut, then demangled");
	is_str(symbol_name("_RNvCs1234_7mycrate3foo", DEMANGLE_FULL, &sb),
	       "mycrate::foo", "Rust v0");
	is_str(symbol_name("_ZN4core3fmt5write17h1234567890abcdefE", DEMANGLE_FULL, &sb),
	       "core::fmt::write", "Rust legacy: the hash is left out");
	is_str(symbol_name("_ZN2ns1fEi", DEMANGLE_NONE, &sb), "_ZN2ns1fEi",
	       "without demangling the mangled name stays");
	is_str(symbol_name("_Znot_mangled_at_all(", DEMANGLE_FULL, &sb),
	       "_Znot_mangled_at_all(", "what does not demangle stays");
	is_str(symbol_name("@odd", DEMANGLE_FULL, &sb), "@odd",
	       "a name that starts with '@' is no version");
	is_str(symbol_name("_ZN2ns1fEi", DEMANGLE_PERF, &sb), "ns::f",
	       "as perf script: no parameters");
	is_str(symbol_name("_ZN2ns1fEi.part.0", DEMANGLE_PERF, &sb),
	       "ns::f", "as perf script: no GCC clone note");
	is_str(symbol_name("_ZN2ns6WorkerclEm", DEMANGLE_PERF, &sb),
	       "ns::Worker::operator()", "operator() keeps its ()");
	is_str(symbol_name("_ZN2ns6WorkerclEm.isra.0", DEMANGLE_PERF, &sb),
	       "ns::Worker::operator()", "... also as a clone");
	is_str(symbol_name("_ZN2ns5twiceImEET_S1_", DEMANGLE_PERF, &sb),
	       "ns::twice<unsigned long>", "a template keeps its arguments");
	is_str(symbol_name("_ZNSo5flushEv@plt", DEMANGLE_PERF, &sb),
	       "std::ostream::flush@plt", "a C++ PLT stub: demangled, @plt kept");
	is_str(symbol_name("_ZNSo5flushEv@plt", DEMANGLE_FULL, &sb),
	       "std::ostream::flush()@plt", "... in every style");
	is_str(symbol_name("getpagesize@plt", DEMANGLE_FULL, &sb),
	       "getpagesize@plt", "a C PLT stub keeps @plt");
	strbuf_release(&sb);
	return done_testing();
}
