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
# copy of libc; 0.5 s after it started, the copy is cut to one page (nofp
# itself may die of it: the shell's status is record's command's)
"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/trunc.profile" -- \
	sh -c 'LD_LIBRARY_PATH="$0" "$1" 2 & echo $! >"$2"; wait; exit 0' \
	"$T/lib" "$PROGS/nofp" "$T/pid" 2>"$T/err" &
rec=$!
for i in $(seq 100); do [ -s "$T/pid" ] && break; sleep 0.1; done
sleep 0.5
truncate -s 4096 "$lib"
wait $rec
rc=$?
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
