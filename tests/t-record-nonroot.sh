#!/bin/sh
# record as a user without privileges (nobody, at kernel.perf_event_paranoid
# 2): the hint names an event this machine has, and following it records;
# the perf-stat counters the user may not have are said once, not warned
# about one by one.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

[ "$(id -u)" -eq 0 ] || { echo "1..0 # SKIP needs root, to run as nobody"; exit 0; }
id nobody >/dev/null 2>&1 || { echo "1..0 # SKIP no user nobody"; exit 0; }
command -v su >/dev/null 2>&1 || { echo "1..0 # SKIP no su"; exit 0; }
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)
# At 2 a user samples its own user space only: the case of the hint. (The
# test does not change the sysctl: other programs on the machine read it.)
[ "$paranoid" = 2 ] || {
	echo "1..0 # SKIP kernel.perf_event_paranoid is '$paranoid', not 2"
	exit 0
}
skip_unless_recording -- true

chmod 711 "$T"
mkdir "$T/nb" && chown nobody "$T/nb"
as_nobody() { # as_nobody CMD...: run as nobody, in $T/nb
	for a in "$@"; do printf "'%s' " "$a"; done >"$T/nb/cmd"
	chmod 644 "$T/nb/cmd"
	su -s /bin/sh -c "cd '$T/nb' && . ./cmd" nobody
}
as_nobody "$FLAMEDIFF" record -o "$T/nb/k.prof" -- "$PROGS/shares" 0.3 2>"$T/k.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'no permission to open' "$T/k.err"
ok $? "kernel sampling as nobody is refused with a reason (exit 2)" ||
	sed 's/^/#   /' "$T/k.err"
hint=$(sed -n 's/.*user space only is allowed: -e \([^ ;]*\)$/\1/p' "$T/k.err")
[ -n "$hint" ]
ok $? "the message names an event to use instead ('$hint')"

as_nobody "$FLAMEDIFF" record -o "$T/nb/u.prof" -e "$hint" -- "$PROGS/shares" 0.5 2>"$T/u.err"
urc=$?
ok $urc "record -e $hint, as the hint says, exits 0" || sed 's/^/#   /' "$T/u.err"
[ $urc -eq 0 ] && grep -qx "# event: \"$hint\"" "$T/nb/u.prof"
ok $? "and records that event"
[ $urc -eq 0 ] && nonempty "$T/u.err" && ! grep -q 'cannot count' "$T/u.err"
ok $? "no warning per counter the user may not have"
[ $urc -eq 0 ] && nonempty "$T/u.err" && [ "$(grep -c 'perf-stat' "$T/u.err")" -le 1 ]
ok $? "the counters left out are said once at most"
if grep -q 'perf-stat' "$T/u.err"; then
	grep -q 'perf-stat: rows left out, this user may not count them (kernel.perf_event_paranoid is 2; .*): task-clock' "$T/u.err"
	ok $? "naming the rows and why" || sed 's/^/#   /' "$T/u.err"
fi

done_testing
