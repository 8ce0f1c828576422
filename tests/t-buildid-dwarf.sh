#!/bin/sh
# A perf record --call-graph dwarf recording of a binary rebuilt since is
# unwound with the recorded build's unwind tables (collector/unwind.c reads
# .eh_frame while the records are decoded): perf.data's build-id table,
# after the data, is read first (perfdata-header.c), so the unwinder opens
# the old build from perf's build-id cache, not the rebuild at the path.
# The program is built without frame pointers, so only its .eh_frame can
# walk its stacks; the rebuild adds a function in front and grows every
# frame, so the new tables misread the old stacks. perf script is the
# oracle; HOME is the test's own (tap-lib.sh), so is perf's ~/.debug.
. tests/tap-lib.sh
. tests/fold-cmp.sh
skip_without perf cc readelf

if ! perf record -q --call-graph dwarf -o "$T/probe.data" -e task-clock \
	-- true >/dev/null 2>"$T/probe.err"; then
	echo "1..0 # SKIP perf record --call-graph dwarf cannot sample here: $(head -1 "$T/probe.err")"
	exit 0
fi

# The program (tests/data/buildid/prog.c, -DDEEP): spins for $1 seconds
# in hot_leaf, four calls below main, each with a stack frame of its own
# (PAD words more in the rebuild).
cp tests/data/buildid/prog.c "$T/prog.c"
CCF="-O2 -fomit-frame-pointer -fno-inline -fno-optimize-sibling-calls"
cc $CCF -DDEEP -o "$T/old" "$T/prog.c" &&
	cc $CCF -DDEEP -DADDED -DPAD=16 -o "$T/new" "$T/prog.c"
ok $? "the builds compile"
[ -n "$(bid_of "$T/old")" ] && [ "$(bid_of "$T/old")" != "$(bid_of "$T/new")" ]
ok $? "the two builds have build-ids, not the same"

# perf record files the old build in ~/.debug (the test's HOME) at its end
cp "$T/old" "$T/prog"
perf record -q --call-graph dwarf,8192 -F 499 -e task-clock \
	-o "$T/x.data" -- "$T/prog" 1 >/dev/null 2>&1
ok $? "perf record --call-graph dwarf of the program"
[ -f "$HOME/.debug/.build-id/$(bid_of "$T/old" | cut -c1-2)/$(bid_of "$T/old" | cut -c3-)/elf" ]
ok $? "perf filed the recorded build in the test's ~/.debug"
cp "$T/new" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"

"$FLAMEDIFF" fold "$T/x.data" >"$T/x.a" 2>"$T/x.err"
rc=$?
perf script -i "$T/x.data" 2>/dev/null >"$T/x.txt"
"$FLAMEDIFF" fold "$T/x.txt" >"$T/x.b" 2>/dev/null
o=$(overlap "$T/x.a" "$T/x.b")
[ $rc -eq 0 ] && nonempty "$T/x.a" && atleast "$o" 0.99
ok $? "rebuilt, old build cached: fold X.data and perf script | fold agree (overlap $o)" ||
	{ sed 's/^/#   /' "$T/x.err"; head -3 "$T/x.a" | sed 's/^/#   /'; }
[ $rc -eq 0 ] && grep -q ';main;lv1;lv2;lv3;lv4;hot_leaf' "$T/x.a" &&
	! grep -q 'NEWFN\|\[prog\]' "$T/x.a"
ok $? "the old build's unwind: main;lv1;lv2;lv3;lv4;hot_leaf, nothing of the new" ||
	{ sed 's/^/#   /' "$T/x.err"; sort -t' ' -k2 -rn "$T/x.a" | head -3 |
		sed 's/^/#   /'; }
w=$(awk '{ t += $NF; if (/;main;lv1;lv2;lv3;lv4;hot_leaf( |;)/) s += $NF }
	END { if (t) printf "%.0f", 100 * s / t; else print 0 }' "$T/x.a")
[ $rc -eq 0 ] && [ "$w" -ge 80 ]
ok $? "the whole chain in $w% of the weight"

# the same from stdin (read in order: the table comes after the data, the
# frames are named at the end, as ever): it folds, and names nothing new
"$FLAMEDIFF" fold - <"$T/x.data" >"$T/s.a" 2>"$T/s.err"
rc=$?
[ $rc -eq 0 ] && nonempty "$T/s.a" && ! grep -q 'NEWFN' "$T/s.a"
ok $? "from stdin it folds and names nothing of the new build" ||
	sed 's/^/#   /' "$T/s.err"

# gzip: read in order too (its offsets are not the file's)
gzip -c "$T/x.data" >"$T/x.data.gz"
"$FLAMEDIFF" fold "$T/x.data.gz" >"$T/z.a" 2>"$T/z.err"
rc=$?
[ $rc -eq 0 ] && nonempty "$T/z.a" && ! grep -q 'NEWFN' "$T/z.a"
ok $? "a gzipped copy folds and names nothing of the new build" ||
	sed 's/^/#   /' "$T/z.err"

# --symfs DIR with the old build at DIR/PATH, no cache: unwound from it
mkdir -p "$T/symfs$T" && cp "$T/old" "$T/symfs$T/prog" && rm -rf "$HOME/.debug"
"$FLAMEDIFF" fold --symfs "$T/symfs" "$T/x.data" >"$T/f.a" 2>"$T/f.err"
rc=$?
w=$(awk '{ t += $NF; if (/;main;lv1;lv2;lv3;lv4;hot_leaf( |;)/) s += $NF }
	END { if (t) printf "%.0f", 100 * s / t; else print 0 }' "$T/f.a")
[ $rc -eq 0 ] && [ "$w" -ge 80 ] && ! grep -q 'NEWFN\|\[prog\]' "$T/f.a"
ok $? "--symfs with the old build: the whole chain in $w% of the weight" ||
	{ sed 's/^/#   /' "$T/f.err"; sort -t' ' -k2 -rn "$T/f.a" | head -3 |
		sed 's/^/#   /'; }

done_testing
