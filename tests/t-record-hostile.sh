#!/bin/sh
# record against what the recorded processes control: registers and stacks
# built to wrap range checks, the files record leaves open to them, names
# with control characters. Needs perf_event_open (skips otherwise).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording --call-graph dwarf -- true

# 1. %rbp = 2^64 - 9 in a frame-pointer function: the unwinder is asked
# for the 8 bytes at 2^64 - 1, which a wrapping bounds check let it read
# from far outside the copied stack (SIGSEGV in the recorder).
"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/evil.profile" \
	-- "$PROGS/evilrbp" 1 2>"$T/evil.err"
ok $? "record --call-graph dwarf of a process with an evil %rbp exits 0"
"$FLAMEDIFF" report "$T/evil.profile" >"$T/evil.report" 2>&1 &&
	nonempty "$T/evil.report"
ok $? "and its profile reads back"
grep -q '^evilrbp;.*evil_spin' "$T/evil.profile"
ok $? "the hot function is in it"
! ls "$T" | grep -q "\.tmp\."
ok $? "no temporary file left beside it"

# 2. the profile's file is not open in the recorded command: it could
# write stacks of its own into it. The command must see the fds it sees
# without record, no more.
fds='ls /proc/$$/fd >"$0"; echo "x;y 999999999999" >&3; exit 0'
sh -c "$fds" "$T/fds-alone" 2>/dev/null
"$FLAMEDIFF" record -q -o "$T/fd.profile" -- sh -c "$fds" "$T/fds" \
	2>"$T/fd.err"
ok $? "record of a command writing to fd 3 exits 0"
cmp -s "$T/fds-alone" "$T/fds"
ok $? "the command sees the fds it has without record (saw: $(tr '\n' ' ' \
	<"$T/fds"); alone: $(tr '\n' ' ' <"$T/fds-alone"))"
# (report --lkp: its time rows print even when the short command was
# never sampled)
"$FLAMEDIFF" report --lkp "$T/fd.profile" >"$T/fd.report" &&
	nonempty "$T/fd.report" && ! grep -q '^x;y ' "$T/fd.profile"
ok $? "the profile reads back, nothing injected"

# 3. record killed by SIGKILL: no temporary beside the output (it has no
# name until committed), and the command dies with it instead of running
# on unrecorded.
mkdir "$T/k"
"$FLAMEDIFF" record -q -o "$T/k/out.profile" -- \
	sh -c 'echo $$ >"$0"; exec sleep 30' "$T/k.pid" &
rec=$!
for i in 1 2 3 4 5 6 7 8 9 10; do [ -s "$T/k.pid" ] && break; sleep 0.2; done
[ -z "$(ls "$T/k")" ]
ok $? "while recording, nothing in the output directory"
kill -9 $rec
wait $rec 2>/dev/null
sleep 0.2
[ -z "$(ls "$T/k")" ]
ok $? "after SIGKILL, nothing left behind"
cmd=$(cat "$T/k.pid")
# gone, or a zombie waiting for a reaper
state=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' /proc/$cmd/status \
	2>/dev/null)
[ -n "$cmd" ] && { [ -z "$state" ] || [ "$state" = Z ]; }
ok $? "the recorded command died with the recorder (state '$state')"
kill -9 "$cmd" 2>/dev/null

# 3b. SIGHUP (the terminal closed): the recording ends and is written,
# as after SIGINT.
"$FLAMEDIFF" record -q -o "$T/hup.profile" -- sleep 30 &
rec=$!
sleep 1
kill -HUP $rec
wait $rec
rc=$?
[ -s "$T/hup.profile" ] && head -1 "$T/hup.profile" | grep -q '^# flamediff-profile'
ok $? "SIGHUP ends the recording and the profile is written (exit $rc)"

# 4. newlines in what the profile stores: a multi-line sh -c script, a
# label, a program's own name. One line per header, one per stack.
"$FLAMEDIFF" record -q --label "$(printf 'v1\ninjected;fake 99999999999')" \
	-o "$T/nl.profile" -- sh -c 'i=0
while [ $i -lt 20000 ]; do i=$((i+1)); done'
ok $? "record of a multi-line command with a multi-line label exits 0"
"$FLAMEDIFF" report --lkp "$T/nl.profile" >"$T/nl.report" &&
	nonempty "$T/nl.report"
ok $? "its profile reads back"
grep -q "^# cmdline: .*sh -c i=0 while \[" "$T/nl.profile" &&
	grep -q '^# label: "v1 injected;fake 99999999999"$' "$T/nl.profile"
ok $? "cmdline and label on one line each, newlines as spaces"
nonempty "$T/nl.profile" && ! grep -q '^injected;fake' "$T/nl.profile" &&
	! grep -q '^while' "$T/nl.profile"
ok $? "nothing injected as a stack"

n="$(printf 'x 99999999999\ny')"
cp "$PROGS/shares" "$T/$n"
"$FLAMEDIFF" record -q -o "$T/name.profile" -- "$T/$n" 0.5
ok $? "record of a program named 'x 99999999999<LF>y' exits 0"
"$FLAMEDIFF" report "$T/name.profile" >"$T/name.report" &&
	nonempty "$T/name.report"
ok $? "its profile reads back"
grep -q '^x 99999999999?y;' "$T/name.profile" && ! grep -q '^y;' "$T/name.profile"
ok $? "the name is one frame, its newline a '?'"

done_testing
