#!/bin/sh
# Issue 23, item 3: the recorder must not keep a recorded process's files
# mapped. A process loads a copy of libc from a directory of its own (as
# any user may), and the file is truncated while record --call-graph dwarf
# unwinds through it: a mapping would kill the recorder with SIGBUS and
# lose the whole recording. Needs perf_event_open (skips otherwise).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording --call-graph dwarf -- true

libc=$(ldd "$PROGS/nofp" 2>/dev/null | awk '/libc\.so/ { print $3 }')
if [ -z "$libc" ] || [ ! -f "$libc" ]; then
	echo "1..0 # SKIP cannot find the libc nofp links (ldd)"
	exit 0
fi
mkdir "$T/lib"
cp "$libc" "$T/lib/"
lib=$T/lib/${libc##*/}

# nofp spins 2 s under main;level1..level4;spin, its stack through the
# copy of libc; 0.7 s in, the copy is cut to one page (nofp itself may
# die of it: the shell's status is record's command's)
(sleep 0.7; truncate -s 4096 "$lib") &
cut=$!
"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/trunc.profile" -- \
	sh -c 'LD_LIBRARY_PATH="$0" "$1" 2; exit 0' "$T/lib" "$PROGS/nofp" \
	2>"$T/err"
rc=$?
wait $cut
ok $rc "record --call-graph dwarf exits 0 when a mapped library is truncated (rc $rc)" ||
	sed 's/^/#   /' "$T/err"
[ "$(wc -c <"$lib")" -eq 4096 ]
ok $? "the library was truncated during the recording"
"$FLAMEDIFF" report "$T/trunc.profile" >"$T/report" 2>"$T/rerr" &&
	nonempty "$T/report"
ok $? "the profile is complete (report reads it)"
grep -q '^nofp;.*main;level1;level2;level3;level4;spin ' "$T/trunc.profile"
ok $? "nofp's DWARF-unwound stack is in it"

done_testing
