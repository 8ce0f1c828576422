#!/bin/sh
# flamediff svg --diff: the differential flame graph on the seed scenario
# (tests/gen-seed.sh: six noisy runs a side of the cgroup_file_notify lock
# collapse), noise, clone suffixes and the diff options.
. tests/tap-lib.sh

skip_without xmllint rsvg-convert

seed=tests/data/seed
valid() {
	xmllint --noout "$1" && rsvg-convert "$1" -o "$1.png"
}
# frame FILE NAME: the <g> line of the first frame called NAME.
frame() {
	svg_frame "$1" "$2"
}
fill() {
	frame "$1" "$2" | sed 's/.*fill="\([^"]*\)".*/\1/'
}
# hue FILE NAME: red, blue or neutral, from the fill.
hue() {
	fill "$1" "$2" | awk -F'[(,)]' '{
		if ($2 > $4 + 60) print "red"
		else if ($4 > $2 + 60) print "blue"
		else if ($2 == $3 && $3 == $4) print "neutral"
		else print "faint" }'
}
count() { # count FILE NAME: frames called NAME
	grep -c "<title>$2 (" "$1"
}

# The checked-in seed is what the generator writes.
tests/gen-seed.sh "$T/seed"
diff -r "$T/seed" $seed >/dev/null
ok $? "tests/gen-seed.sh reproduces tests/data/seed byte for byte"

"$FLAMEDIFF" svg --diff $seed/base $seed/new -o "$T/diff.svg"
ok $? "svg --diff of two directories of runs exits 0"
check "diff SVG is valid and renders" valid "$T/diff.svg"
check "titled as a differential graph" grep -q '>Differential Flame Graph</text>' "$T/diff.svg"
check "it has a legend" grep -q '<g id="legend">' "$T/diff.svg"
check "the info line counts the runs" grep -q 'in 6 runs  |  new: [0-9]* samples in 6 runs' "$T/diff.svg"

[ "$(hue "$T/diff.svg" cgroup_file_notify)" = blue ]
ok $? "the cgroup_file_notify tower is blue ($(fill "$T/diff.svg" cgroup_file_notify))"
for f in __memcg_memory_event __mem_cgroup_try_charge_swap; do
	[ "$(hue "$T/diff.svg" $f)" = blue ]
	ok $? "$f (whose subtree moved) is blue"
done
frame "$T/diff.svg" cgroup_file_notify | grep -q 'class="ghost"'
ok $? "the vanished cgroup_file_notify path is drawn, as a ghost"
frame "$T/diff.svg" cgroup_file_notify | grep -q '(base 9[0-9]\.[0-9]*%, new 0.00%, -9[0-9]\.[0-9]* pts)'
ok $? "its tooltip: base ~92%, new 0%, change ~-92 pts"
[ "$(hue "$T/diff.svg" _raw_spin_lock)" = red ]
ok $? "_raw_spin_lock under folio_alloc_swap is red ($(fill "$T/diff.svg" _raw_spin_lock))"
frame "$T/diff.svg" _raw_spin_lock | grep -q '(base 0.00%, new [34][0-9]\.[0-9]*%, +[34][0-9]\.[0-9]* pts)'
ok $? "its tooltip: base 0%, new ~44%"
# The tower: _raw_spin_lock's parent is folio_alloc_swap (same x range).
awk '/<title>folio_alloc_swap \(/ { match($0, /x="[0-9.]*" y="[0-9.]*" width="[0-9.]*"/); fa = substr($0, RSTART, RLENGTH) }
     /<title>_raw_spin_lock \(/ { match($0, /x="[0-9.]*" y="[0-9.]*" width="[0-9.]*"/); sl = substr($0, RSTART, RLENGTH) }
     END { split(fa, a, "\""); split(sl, b, "\"")
	   exit !(b[2] >= a[2] && b[2] + b[6] <= a[2] + a[6] + 0.02 && b[4] + 16 == a[4]) }' "$T/diff.svg"
ok $? "_raw_spin_lock sits right above folio_alloc_swap"
[ "$(count "$T/diff.svg" native_queued_spin_lock_slowpath)" -ge 3 ]
ok $? "native_queued_spin_lock_slowpath appears under each lock"
# reclaim_folio_list is reclaim_folio_list.constprop.0 in the new build.
[ "$(count "$T/diff.svg" reclaim_folio_list)" = 1 ] && ! grep -q 'constprop' "$T/diff.svg"
ok $? "GCC clone suffixes are matched away: one reclaim_folio_list frame"
"$FLAMEDIFF" svg --diff --no-strip-clones $seed/base $seed/new -o "$T/nostrip.svg"
grep -q '<title>reclaim_folio_list.constprop.0 (base 0.00%' "$T/nostrip.svg"
ok $? "--no-strip-clones keeps them apart"

# --negate swaps the hues.
"$FLAMEDIFF" svg --diff --negate $seed/base $seed/new -o "$T/neg.svg"
[ "$(hue "$T/neg.svg" cgroup_file_notify)" = red ] && [ "$(hue "$T/neg.svg" _raw_spin_lock)" = blue ]
ok $? "--negate: cgroup_file_notify red, _raw_spin_lock blue"

# --color-by self: only frames whose own share moved.
"$FLAMEDIFF" svg --diff --color-by self $seed/base $seed/new -o "$T/self.svg"
check "--color-by self is valid" valid "$T/self.svg"
[ "$(hue "$T/self.svg" folio_alloc_swap)" = neutral ]
ok $? "--color-by self: folio_alloc_swap (no self time) is neutral"
grep '<title>native_queued_spin_lock_slowpath (' "$T/self.svg" | grep -q 'fill="rgb(255,'
ok $? "--color-by self: a slowpath leaf that gained is red"

# Noise stays neutral.
"$FLAMEDIFF" svg --diff --min-delta 100 $seed/base $seed/new -o "$T/big.svg"
svg_frames "$T/big.svg" >"$T/frames" &&
	! grep -o 'fill="rgb([0-9,]*)"' "$T/frames" | grep -v 'rgb(224,224,224)\|rgb(200,200,200)' | grep -q .
ok $? "--min-delta 100: no frame is coloured"
mkdir "$T/a" "$T/b"
cp $seed/base/run-1.folded $seed/base/run-2.folded $seed/base/run-3.folded "$T/a/"
cp $seed/base/run-4.folded $seed/base/run-5.folded $seed/base/run-6.folded "$T/b/"
coloured() { # frames with a red or blue fill; nothing without frames
	svg_frames "$1" >"$T/frames" &&
		grep -c 'fill="rgb(255,\|fill="rgb([0-9]*,[0-9]*,255)"' "$T/frames"
}
"$FLAMEDIFF" svg --diff "$T/a" "$T/b" -o "$T/noise.svg"
check "base against base: valid" valid "$T/noise.svg"
# LKP's separation rule calls a few tiny moves of 3 runs against 3 changed,
# as diff's table does: the graph colours exactly those (its verdicts).
n_col=$(coloured "$T/noise.svg")
n_ver=$(grep -c 'verdict: changed' "$T/noise.svg")
[ -n "$n_col" ] && [ "$n_col" = "$n_ver" ]
ok $? "runs of one build against each other: coloured = verdict changed ($n_col)"
"$FLAMEDIFF" svg --diff --min-delta 1 "$T/a" "$T/b" -o "$T/noise1.svg"
[ $? -eq 0 ] && [ "$(coloured "$T/noise1.svg")" = 0 ]
ok $? "--min-delta 1 (as diff --min-change 1): no noise is coloured"

# One run a side, and --base/--new lists.
"$FLAMEDIFF" svg --diff $seed/base/run-1.folded $seed/new/run-1.folded -o "$T/one.svg"
[ $? -eq 0 ] && [ "$(hue "$T/one.svg" cgroup_file_notify)" = blue ] && ! grep -q '&#10;p = ' "$T/one.svg"
ok $? "one run a side: coloured by the 1-point floor, no p-value"
"$FLAMEDIFF" svg --base $seed/base/run-1.folded --base $seed/base/run-2.folded \
	--new $seed/new/run-1.folded --new $seed/new/run-2.folded -o "$T/lists.svg"
[ $? -eq 0 ] && grep -q 'over 2 + 2 runs' "$T/lists.svg"
ok $? "--base/--new give a side's runs one by one"

# Normalisation: a run twice as long is not a regression.
awk '{ $NF = $NF * 2; print }' $seed/base/run-1.folded >"$T/double.folded"
"$FLAMEDIFF" svg --diff $seed/base/run-1.folded "$T/double.folded" -o "$T/norm.svg"
svg_frames "$T/norm.svg" >"$T/frames" &&
	! grep -v 'fill="rgb(224,224,224)"' "$T/frames" | grep -q .
ok $? "normalised: the same profile twice as long shows no change"
"$FLAMEDIFF" svg --diff --no-normalize $seed/base/run-1.folded "$T/double.folded" -o "$T/nonorm.svg"
[ $? -eq 0 ] && [ "$(hue "$T/nonorm.svg" cgroup_file_notify)" = neutral ]
ok $? "--no-normalize: no effect on graphs, shares are of each run's total"

# A differential folded file ("stack base new") is a diff by itself.
printf 'main;a 10 0\nmain;b 10 20\nmain;c 80 80\n' >"$T/two.folded"
"$FLAMEDIFF" svg "$T/two.folded" -o "$T/two.svg"
[ $? -eq 0 ] && [ "$(hue "$T/two.svg" a)" = blue ] && [ "$(hue "$T/two.svg" b)" = red ] &&
	[ "$(hue "$T/two.svg" c)" = neutral ]
ok $? "two-column folded input: a blue, b red, c neutral"

# Errors.
"$FLAMEDIFF" svg --diff $seed/base -o "$T/x.svg" 2>/dev/null
[ $? -eq 1 ] && [ ! -e "$T/x.svg" ]
ok $? "--diff with one input is a usage error"
: >"$T/empty.folded"
"$FLAMEDIFF" svg --diff $seed/base "$T/empty.folded" -o "$T/x.svg" 2>"$T/err"
[ $? -eq 2 ] && grep -q empty "$T/err"
ok $? "an empty side is a clear error (exit 2)"

done_testing
