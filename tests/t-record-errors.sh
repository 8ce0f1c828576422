#!/bin/sh
# flamediff record's errors say what is missing: the sysctl or capability,
# the event, the file limit; exit 2, and no profile (not even a partial one).
# An idle target only gets a warning; a failing command's status is passed on.
. tests/tap-lib.sh

skip_unless_recording -- true

# expect_error DESCRIPTION PATTERN COMMAND...: exit 2, PATTERN on stderr,
# no $T/out.prof
expect_error() {
	d=$1 pat=$2
	shift 2
	rm -f "$T/out.prof"
	"$@" >"$T/stdout" 2>"$T/stderr"
	rc=$?
	[ $rc -eq 2 ]
	ok $? "$d: exit 2 (got $rc)"
	grep -q -- "$pat" "$T/stderr"
	ok $? "$d: says '$pat'"
	[ $? -eq 0 ] || sed 's/^/#   /' "$T/stderr"
	ls "$T" | grep -q '^out\.prof' && left=1 || left=0
	ok $left "$d: no profile left behind"
}

expect_error "an event flamediff does not know" "unknown event 'nosuch'" \
	"$FLAMEDIFF" record -e nosuch -o "$T/out.prof" -- true
if "$FLAMEDIFF" record -q -e cycles -o "$T/cyc.prof" -- true 2>/dev/null; then
	echo "ok $((tap_n = tap_n + 1)) # SKIP this machine has cycles"
else
	expect_error "an event the machine lacks" "this machine has no event 'cycles'" \
		"$FLAMEDIFF" record -e cycles -o "$T/out.prof" -- true
fi
expect_error "a directory that does not exist" "cannot create" \
	"$FLAMEDIFF" record -o "$T/no/such/dir.prof" -- true

# Too few file descriptors for one event per CPU: the limit is named.
expect_error "too many open files" "raise 'ulimit -n'" \
	sh -c 'ulimit -n 5; exec "$0" record -a -d 0.1 -o "$1"' \
	"$FLAMEDIFF" "$T/out.prof"

# An idle target is not an error, but the user hears of it.
sleep 5 &
spid=$!
"$FLAMEDIFF" record -p $spid -d 0.3 -o "$T/idle.prof" 2>"$T/stderr"
ok $? "an idle process: exit 0"
grep -q '^# samples: 0 samples$' "$T/idle.prof" && grep -q 'warning: no samples' "$T/stderr"
ok $? "an idle process: empty profile written, and a warning"
kill $spid 2>/dev/null

# A command that fails passes its status on, as perf record does, and its
# profile is still written.
"$FLAMEDIFF" record -q -o "$T/fail.prof" -- sh -c 'exit 3' 2>"$T/stderr"
rc=$?
[ $rc -eq 3 ] && grep -q '^# flamediff-profile' "$T/fail.prof"
ok $? "a failing command: its exit status (got $rc), and the profile"
"$FLAMEDIFF" record -q -d 0.3 -o "$T/stopped.prof" -- sleep 5 2>"$T/stderr"
ok $? "a command stopped by -d is no failure: exit 0"

# Without privileges, system-wide recording names the sysctl and the
# capability that would allow it.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null ||
	[ "$paranoid" -lt 1 ]; then
	echo "ok $((tap_n = tap_n + 1)) # SKIP needs root, setpriv and perf_event_paranoid >= 1"
else
	chmod 777 "$T"
	expect_error "system-wide as an unprivileged user" \
		"kernel.perf_event_paranoid is $paranoid; system-wide recording needs CAP_PERFMON" \
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$FLAMEDIFF" record -a -d 0.1 -o "$T/out.prof"
fi

done_testing
