#!/bin/sh
# Runs of different events do not add up: every command that adds inputs
# (report, fold, svg) refuses cycles beside instructions with the same
# message, exit 2; the same event under two spellings adds up.
. "$(dirname "$0")/tap-lib.sh"

profile() { # profile EVENT FILE
	printf '# flamediff-profile 2\n# root: process\n# event: %s\np;main;f 10\n' \
		"$1" >"$2"
}
profile cycles "$T/c.prof"
profile instructions "$T/i.prof"
profile cycles:pp "$T/cpp.prof"

for cmd in report fold svg; do
	"$FLAMEDIFF" $cmd "$T/c.prof" "$T/i.prof" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q "different events do not add up" "$T/err" &&
		grep -q -- --event-filter "$T/err"
	ok $? "$cmd of cycles and instructions: refused, exit 2 (got $rc)"
done
"$FLAMEDIFF" report --lkp "$T/c.prof" "$T/cpp.prof" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && grep -q 'children\..*\.f: 100.00' "$T/out"
ok $? "cycles and cycles:pp are one event: they add up"
done_testing
