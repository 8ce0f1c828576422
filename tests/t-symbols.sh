#!/bin/sh
# Recording with perf's habits, from real recordings: symbol names as perf
# shows them (C++ demangled, kept with --no-demangle; binaries of a process
# in another mount namespace read through /proc/PID/root; versions and
# Rust: tests/demangle.c), and the :u/:k event modifiers, user-only
# recording as an unprivileged user included.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording -- true

# 1. C++: ns::f is where the time goes, demangled as perf report names it.
"$FLAMEDIFF" record -q -o "$T/cxx.profile" -- "$PROGS/cxx" 1 2>"$T/err"
ok $? "record -- cxx exits 0"
"$FLAMEDIFF" report --format csv "$T/cxx.profile" >"$T/cxx.csv"
ok $? "report of the C++ program"
grep '^self,[^,]*,ns::f,' "$T/cxx.csv" >"$T/row" &&
	awk -F, '{ exit !($4 > 80) }' "$T/row"
ok $? "ns::f, demangled, has most of the self time" ||
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
	[ ! -e "$T/ns/cxx" ] && grep -q '^cxx;.*;ns::f ' "$T/ns.profile"
	ok $? "its binary, absent here, is read through /proc/PID/root" ||
		grep '^cxx' "$T/ns.profile" | head -3 | sed 's/^/#   /'
else
	ok 0 "# SKIP unshare -m is not permitted here"
fi

# 3. JIT code: anonymous executable memory named by /tmp/perf-PID.map.
if [ "$(uname -m)" = x86_64 ]; then
	"$FLAMEDIFF" record -q -o "$T/jit.profile" -- "$PROGS/jit" 1 keep \
		>"$T/jit.map" 2>"$T/err"
	rc=$?
	map=$(cat "$T/jit.map")
	case $map in /tmp/perf-*.map) ;; *) map= ;; esac
	[ $rc -eq 0 ] && grep -q ';jit_spin_\[j\] ' "$T/jit.profile" &&
		awk '!/^#/ { t += $NF; if ($0 ~ /;jit_spin_\[j\]( |;)/) s += $NF }
			END { exit !(t && s > 0.8 * t) }' "$T/jit.profile"
	ok $? "JIT code named from /tmp/perf-PID.map: jit_spin_[j] (exit $rc)" ||
		grep -v '^#' "$T/jit.profile" | head -3 | sed 's/^/#   /'
	[ -n "$map" ] && rm -f "$map"
else
	ok 0 "# SKIP the fake JIT writes x86-64 code"
fi

# 4. Modifiers: ":u" samples user space only, ":k" the kernel only.
"$FLAMEDIFF" record -q -e task-clock:u -o "$T/u.profile" -- \
	"$PROGS/syscalls" 0.5 2 2>"$T/err"
ok $? "record -e task-clock:u exits 0" || sed 's/^/#   /' "$T/err"
grep -v '^#' "$T/u.profile" >"$T/u.stacks"
# The vDSO runs in user mode but is marked as a kernel frame, as the perf
# script route marks its "[vdso]" DSO (stackcollapse-perf.pl's rule): every
# route names a frame alike. Its code outside an exported symbol (now()
# reads the clock there: clock_gettime's helpers) is "[[vdso]]_[k]". Any
# other kernel frame is a :u leak.
nonempty "$T/u.stacks" &&
	! sed 's/__vdso_[A-Za-z_0-9]*_\[k\]//g; s/\[\[vdso\]\]_\[k\]//g' \
		"$T/u.stacks" | grep -q '_\[k\]' &&
	grep -q '^# event: "task-clock:u"$' "$T/u.profile"
ok $? ":u: no kernel frame but the vDSO's, not even in call chains"
"$FLAMEDIFF" record -q -e task-clock:k -o "$T/k.profile" -- \
	"$PROGS/syscalls" 0.5 2 2>"$T/err"
ok $? "record -e task-clock:k exits 0" || sed 's/^/#   /' "$T/err"
grep -v '^#' "$T/k.profile" >"$T/k.stacks"
nonempty "$T/k.stacks" && awk '{ n = split($1, f, ";");
	if (f[n] !~ /_\[k\]$/) bad = 1 } END { exit bad }' "$T/k.stacks"
ok $? ":k: every sample's leaf is in the kernel"

# 5. As an unprivileged user: at perf_event_paranoid 2 user space only
# may be sampled, without kernel call chains; the kernel is refused with
# a message that says what is allowed.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 9)
if [ "$(id -u)" -ne 0 ] || ! command -v su >/dev/null 2>&1 ||
	! id nobody >/dev/null 2>&1; then
	ok 0 "# SKIP not root, or no su or user nobody, to record as nobody"
elif [ "$paranoid" -gt 2 ]; then
	ok 0 "# SKIP kernel.perf_event_paranoid is $paranoid: no unprivileged sampling"
elif ! su nobody -s /bin/sh -c "test -x '$FLAMEDIFF' && test -x '$PROGS/shares'"; then
	ok 0 "# SKIP nobody cannot run $FLAMEDIFF"
else
	U=$(mktemp -d) && chmod 777 "$U"
	su nobody -s /bin/sh -c "'$FLAMEDIFF' record -q -e task-clock:u \
		-o '$U/x.profile' -- '$PROGS/shares' 0.5" 2>"$T/nobody.err"
	rc=$?
	[ $rc -eq 0 ] && grep -q ';work_two_thirds ' "$U/x.profile"
	ok $? "nobody: record -e task-clock:u works (exit $rc)" ||
		sed 's/^/#   /' "$T/nobody.err"
	if [ "$paranoid" -eq 2 ]; then
		su nobody -s /bin/sh -c "'$FLAMEDIFF' record -q -e task-clock \
			-o '$U/y.profile' -- true" 2>"$T/nobody.err"
		rc=$?
		[ $rc -eq 2 ] && grep -q -- '-e task-clock:u' "$T/nobody.err" &&
			[ ! -e "$U/y.profile" ]
		ok $? "nobody: the kernel is refused, naming -e task-clock:u (exit $rc)"
	fi
	rm -rf "$U"
fi

done_testing
