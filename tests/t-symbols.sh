#!/bin/sh
# Symbol names as perf shows them, from a real recording: C++ demangled
# (and kept with --no-demangle), binaries of a process in another mount
# namespace read through /proc/PID/root. Versions and Rust: tests/demangle.c.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

if ! "$FLAMEDIFF" record -q -o "$T/probe" -- true 2>"$T/probe.err"; then
	echo "1..0 # SKIP cannot record here: $(head -1 "$T/probe.err")"
	exit 0
fi

# 1. C++: ns::f(int) is where the time goes, shown demangled.
"$FLAMEDIFF" record -q -o "$T/cxx.profile" -- "$PROGS/cxx" 1 2>"$T/err"
ok $? "record -- cxx exits 0"
"$FLAMEDIFF" report --format csv "$T/cxx.profile" >"$T/cxx.csv"
ok $? "report of the C++ program"
grep '^self,[^,]*,ns::f(int),' "$T/cxx.csv" >"$T/row" &&
	awk -F, '{ exit !($4 > 80) }' "$T/row"
ok $? "ns::f(int), demangled, has most of the self time" ||
	head -5 "$T/cxx.csv" | sed 's/^/#   /'
nonempty "$T/cxx.csv" && ! grep -q ',_Z' "$T/cxx.csv"
ok $? "no mangled C++ name is left"

"$FLAMEDIFF" record -q --no-demangle -o "$T/raw.profile" -- "$PROGS/cxx" 0.5 \
	2>"$T/err"
ok $? "record --no-demangle exits 0"
grep -q ';_ZN2ns1fEi ' "$T/raw.profile"
ok $? "--no-demangle keeps _ZN2ns1fEi"

# 2. Another mount namespace: the binary exists only in the process's own
# view (a tmpfs mounted over an empty directory there), so only
# /proc/PID/root finds it.
mkdir -p "$T/ns"
if command -v unshare >/dev/null 2>&1 &&
	unshare -m mount -t tmpfs none "$T/ns" 2>/dev/null; then
	"$FLAMEDIFF" record -q -o "$T/ns.profile" -- unshare -m sh -c "
		mount -t tmpfs none '$T/ns' && cp '$PROGS/cxx' '$T/ns/cxx' &&
		exec '$T/ns/cxx' 1" 2>"$T/err"
	ok $? "record of a program in its own mount namespace exits 0"
	[ ! -e "$T/ns/cxx" ] && grep -q '^cxx;.*;ns::f(int) ' "$T/ns.profile"
	ok $? "its binary, absent here, is read through /proc/PID/root" ||
		grep '^cxx' "$T/ns.profile" | head -3 | sed 's/^/#   /'
else
	ok 0 "# SKIP unshare -m is not permitted here"
fi

done_testing
