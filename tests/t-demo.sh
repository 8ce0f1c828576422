#!/bin/sh
# The demo's two builds: the diff shows the notify lock collapse, on the
# recorded runs shipped for machines without perf_event_open, and on a
# fresh recording where this machine allows one.
. tests/tap-lib.sh

# children CHANGE of a function in a diff table
change() {
	awk -v k="perf-profile.children.task-clock.$2" '$NF == k {
		sub(/\xc2\xb1 *[0-9]+%/, ""); print $2 }' "$1"
}
collapsed() { # FILE: notify and spin_lock fell by over 20 points
	n=$(change "$1" notify) s=$(change "$1" spin_lock)
	awk -v n="$n" -v s="$s" 'BEGIN { exit !(n != "" && s != "" && n < -20 && s < -20) }'
}

"$FLAMEDIFF" diff share/demo/recorded/build-A share/demo/recorded/build-B \
	>"$T/shipped" 2>"$T/err"
ok $? "diff of the shipped demo runs"
collapsed "$T/shipped"
ok $? "shipped runs: notify and spin_lock collapse (notify $(change "$T/shipped" notify), spin_lock $(change "$T/shipped" spin_lock))"
grep -q "spin_lock cooled down" "$T/shipped"
ok $? "the explanation says spin_lock cooled down"
awk 'found { print; exit } /\\ *\| *\\/ { found = 1 }' "$T/shipped" >"$T/first"
grep -q ' notify.ops_per_sec$' "$T/first"
ok $? "shipped runs: the table opens with the headline: $(cat "$T/first")"
grep -q '^notify\.ops_per_sec rose [0-9.]*% ([0-9]* -> [0-9]* ops/s, p = [0-9.e-]*); ' "$T/shipped"
ok $? "shipped runs: the explanation opens with a sentence on ops per second"

make -s -C share/demo O="$T/demo" >/dev/null 2>&1
ok $? "the demo's two builds compile"
if ! "$FLAMEDIFF" record -q -o "$T/probe.prof" -- true 2>"$T/err"; then
	echo "# recording not permitted here: $(head -1 "$T/err")"
	done_testing
	exit
fi
mkdir -p "$T/a" "$T/b"
for b in a b; do
	"$FLAMEDIFF" record -q --label "build-$b" -o "$T/$b/run1.profile" \
		-- "$T/demo/$b/notify" 2 >/dev/null 2>"$T/err"
	ok $? "record build $b"
done
"$FLAMEDIFF" diff "$T/a" "$T/b" >"$T/fresh" 2>"$T/err"
ok $? "diff of a fresh recording"
collapsed "$T/fresh"
ok $? "fresh runs: notify and spin_lock collapse (notify $(change "$T/fresh" notify), spin_lock $(change "$T/fresh" spin_lock))"
done_testing
