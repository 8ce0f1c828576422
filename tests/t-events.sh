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
# perf script text of two events: the first event of the file (its first
# sample's) is shown, and a note names the other with its samples, as on
# perf.data (t-perfdata-opts.sh); --event picks one, with no note.
ev_sample() { # ev_sample EVENT PERIOD LEAF
	n=$((n + 1))
	printf 'prog    10 100.%06d: %8d %s: \n' "$n" "$2" "$1"
	printf '\t4005%02x %s+0x10 (/opt/prog)\n' "$n" "$3"
	printf '\t400500 main+0x20 (/opt/prog)\n\n'
}
n=0
{
	ev_sample instructions 1000 f
	ev_sample cycles 2000 g
	ev_sample cycles 2000 g
	ev_sample instructions 1000 f
	ev_sample cycles 2000 h
} >"$T/two.txt"
for j in 1 4; do
	FLAMEDIFF_PART_MIN=64 "$FLAMEDIFF" fold -j $j "$T/two.txt" \
		>"$T/two.out" 2>"$T/two.err"
	rc=$?
	[ $rc -eq 0 ] && grep -qx 'prog;main;f 2000' "$T/two.out" &&
		[ "$(wc -l <"$T/two.out")" -eq 1 ] &&
		grep -q "two.txt: event 'instructions' (2 samples) shown; the file also has 'cycles' (3 samples): choose one with --event" \
			"$T/two.err"
	ok $? "perf script text of two events (-j $j): the first shown, a note names the other with its samples" ||
		sed 's/^/#   /' "$T/two.err" "$T/two.out"
done
"$FLAMEDIFF" fold --event cycles "$T/two.txt" >"$T/two.out" 2>"$T/two.err"
rc=$?
[ $rc -eq 0 ] && grep -qx 'prog;main;g 4000' "$T/two.out" &&
	[ ! -s "$T/two.err" ]
ok $? "--event cycles: its stacks, no note" || sed 's/^/#   /' "$T/two.err"
done_testing
