#!/bin/sh
# record against what the recorded processes control: registers and stacks
# built to wrap range checks, the files record leaves open to them, names
# with control characters. Needs perf_event_open (skips otherwise).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

if ! "$FLAMEDIFF" record -q -g dwarf -o "$T/probe" -- true 2>"$T/probe.err"
then
	echo "1..0 # SKIP cannot record here: $(head -1 "$T/probe.err")"
	exit 0
fi

# 1. %rbp = 2^64 - 9 in a frame-pointer function: the unwinder is asked
# for the 8 bytes at 2^64 - 1, which a wrapping bounds check let it read
# from far outside the copied stack (SIGSEGV in the recorder).
"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/evil.profile" \
	-- "$PROGS/evilrbp" 1 2>"$T/evil.err"
ok $? "record --call-graph dwarf of a process with an evil %rbp exits 0"
"$FLAMEDIFF" report "$T/evil.profile" >"$T/evil.report" 2>&1
ok $? "and its profile reads back"
grep -q '^evilrbp;.*evil_spin' "$T/evil.profile"
ok $? "the hot function is in it"
! ls "$T" | grep -q "\.tmp\."
ok $? "no temporary file left beside it"

done_testing
