#!/bin/sh
# --call-graph dwarf walks user stacks that frame pointers cannot: nofp is
# built with -fomit-frame-pointer, its hot loop five calls below main.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording --call-graph dwarf -- true

# weighted mean number of user frames (after the process name, without
# kernel frames) of the stacks whose user leaf is spin
depth() {
	awk '!/^#/ { n = split($0, f, ";"); sub(/ [0-9.e+]+$/, "", f[n]);
		d = 0; leaf = "";
		for (i = 2; i <= n; i++) if (f[i] !~ /_\[k\]$/) { d++; leaf = f[i] }
		if (leaf ~ /^spin( |$)/) { s += d * $NF; t += $NF } }
		END { if (t) printf "%.1f\n", s / t; else print 0 }' "$1"
}

"$FLAMEDIFF" record -q --call-graph fp -o "$T/fp.profile" -- "$PROGS/nofp" 1
ok $? "record --call-graph fp"
"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/dwarf.profile" \
	-- "$PROGS/nofp" 1
ok $? "record --call-graph dwarf"
fp=$(depth "$T/fp.profile")
dw=$(depth "$T/dwarf.profile")
awk -v a="$dw" -v b="$fp" 'BEGIN { exit !(a >= b + 4) }'
ok $? "dwarf user stacks are deeper: $dw frames against $fp with fp"
w=$(awk '!/^#/ { t += $NF; if (/;main;level1;level2;level3;level4;spin( |;)/) s += $NF }
	END { if (t) printf "%.0f", 100 * s / t; else print 0 }' "$T/dwarf.profile")
[ "$w" -ge 90 ]
ok $? "main;level1;level2;level3;level4;spin in $w% of the dwarf samples"
nonempty "$T/fp.profile" && ! grep -q ';level1;' "$T/fp.profile"
ok $? "frame pointers alone cannot see level1 (the test means something)"
"$FLAMEDIFF" record -q --call-graph dwarf,4096 -o "$T/d4k.profile" \
	-- "$PROGS/nofp" 0.3
ok $? "--call-graph dwarf,4096"
"$FLAMEDIFF" record --call-graph dwarf,abc -o "$T/x" -- true 2>/dev/null
[ $? -eq 1 ]
ok $? "bad --call-graph size is a usage error"

done_testing
