#!/bin/sh
# --call-graph dwarf walks user stacks that frame pointers cannot: nofp is
# built with -fomit-frame-pointer, its hot loop five calls below main.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs
# a stand-in tool (FLAMEDIFF=/bin/true) still gets the programs to record
[ -d "$PROGS" ] || PROGS=build/tests/progs

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

# named as perf names what its DWARF unwinder gives: the same program
# under perf record --call-graph dwarf, perf script and fold, has the
# same user paths with the same shares: the functions by their DWARF
# names (__libc_start_main_impl, not the symbol __libc_start_main@@...;
# work, not the clone work.constprop.0), the inlined ones as frames of
# their own (hot_inner), C++ names demangled (ns::Worker::operator())
userpaths() { # userpaths FOLDED: each user-frame path's share, sorted
	awk '!/^#/ { n = $NF; $NF = ""; k = split($0, f, ";"); p = f[1]
		for (i = 2; i <= k; i++) { sub(/ $/, "", f[i])
			if (f[i] !~ /_\[k\]$/ && f[i] != "") p = p ";" f[i] }
		w[p] += n; t += n }
	END { for (p in w) printf "%s %.4f\n", p, t ? w[p] / t : 0 }' \
		"$1" | LC_ALL=C sort
}
shares_overlap() { # shares_overlap A B: sum of the smaller shares
	awk 'FNR == 1 { f++ } { s = $NF; $NF = ""
		if (f == 1) a[$0] = s; else b[$0] = s }
		END { for (k in a) if (k in b) o += a[k] < b[k] ? a[k] : b[k]
		      printf "%.4f\n", o }' "$1" "$2"
}
if ! command -v perf >/dev/null; then
	for i in 1 2 3; do ok 0 "# SKIP no perf"; done
elif ! perf record -q -o "$T/probe.data" --call-graph dwarf -e task-clock \
	-- true >/dev/null 2>"$T/probe.err"; then
	for i in 1 2 3; do
		ok 0 "# SKIP perf record cannot sample here: $(head -1 "$T/probe.err")"
	done
else
	for prog in nofp inline cxxnames; do
		if [ ! -x "$PROGS/$prog" ]; then
			ok 0 "# SKIP $PROGS/$prog not built"
			continue
		fi
		perf record -q -o "$T/$prog.data" -F 999 --call-graph dwarf \
			-e task-clock -- "$PROGS/$prog" 1 >/dev/null 2>&1
		perf script -i "$T/$prog.data" >"$T/$prog.txt" 2>/dev/null
		"$FLAMEDIFF" fold --kernel "$T/$prog.txt" >"$T/$prog.perf" \
			2>"$T/$prog.err"
		rc=$?
		"$FLAMEDIFF" record -q --call-graph dwarf -o "$T/$prog.own" \
			-- "$PROGS/$prog" 1 >/dev/null 2>>"$T/$prog.err"
		rc2=$?
		userpaths "$T/$prog.perf" >"$T/$prog.pp"
		userpaths "$T/$prog.own" >"$T/$prog.op"
		o=$(shares_overlap "$T/$prog.op" "$T/$prog.pp")
		[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && nonempty "$T/$prog.own" &&
			awk -v o="$o" 'BEGIN { exit !(o >= 0.9) }'
		ok $? "record --call-graph dwarf -- $prog: user paths as perf's (shares in common $o)" ||
			{ sed 's/^/#   /' "$T/$prog.err"
			  sort -k2nr "$T/$prog.op" | head -2 | sed 's/^/#   ours: /'
			  sort -k2nr "$T/$prog.pp" | head -2 | sed 's/^/#   perf: /'; }
	done
fi

done_testing
