#!/bin/sh
# Builds whose binaries are named differently (build-a/notify,
# build-b/notify2): their process roots and benchmark rows (notify.*,
# notify2.*) are matched by --rename OLD=NEW, --testcase NAME, or by
# themselves when each side has one dominant process; diff, svg --diff and
# png --diff then give what they give when both are named notify. And
# --no-comm drops a profile's process frames.
. tests/tap-lib.sh

# as_named FROM TO IN OUT: a profile whose process FROM and testcase FROM
# are called TO, as if the binary had been named TO when recorded
as_named() {
	sed -e "s/^$1;/$2;/" -e "s/^# stat: $1\./# stat: $2./" "$3" >"$4"
}

# --- the demo's recorded runs, the new build renamed notify2 -------------
mkdir -p "$T/A" "$T/B" "$T/B2"
cp share/demo/recorded/build-A/*.profile "$T/A/"
cp share/demo/recorded/build-B/*.profile "$T/B/"
for f in "$T"/B/*.profile; do
	as_named notify notify2 "$f" "$T/B2/${f##*/}"
done
grep -q '^notify2;' "$T/B2/run1.profile" &&
	grep -q '^# stat: notify2\.ops_per_sec' "$T/B2/run1.profile"
ok $? "the new build's runs name the process and testcase notify2"

"$FLAMEDIFF" diff "$T/A" "$T/B" >"$T/same.txt" 2>"$T/same.err"
same_rc=$?
[ $same_rc -eq 0 ] && grep -q 'notify\.ops_per_sec' "$T/same.txt"
ok $? "diff of the builds both named notify: the benchmark's rows"

"$FLAMEDIFF" diff --no-rename "$T/A" "$T/B2" >"$T/apart.txt" \
	2>"$T/apart.err"
ok $? "diff --no-rename exits 0"
grep -q 'notify2\.ops_per_sec' "$T/apart.txt" &&
	grep -q -- '-100\.0%.*notify\.ops_per_sec' "$T/apart.txt"
ok $? "kept apart, every benchmark row is -100% on one side, new on the other"
grep -q "dominant process is 'notify', the new side's 'notify2'.*--rename notify=notify2" \
	"$T/apart.err"
ok $? "and a note says the dominant processes differ and how to match them"

"$FLAMEDIFF" diff "$T/A" "$T/B2" >"$T/auto.txt" 2>"$T/auto.err"
ok $? "diff (matching by itself) exits 0"
[ $same_rc -eq 0 ] && nonempty "$T/auto.txt" && cmp -s "$T/same.txt" "$T/auto.txt"
ok $? "each side has one dominant process: the same table and explanation as when both are named notify"
grep -q "compared as one process, 'notify'" "$T/auto.err" &&
	grep -q "rows compared as 'notify\.\*'" "$T/auto.err"
ok $? "and the note says what was matched"

"$FLAMEDIFF" diff --rename notify=notify2 "$T/A" "$T/B2" >"$T/ren.txt" \
	2>"$T/ren.err"
ok $? "diff --rename notify=notify2 exits 0"
[ $same_rc -eq 0 ] && nonempty "$T/ren.txt" && cmp -s "$T/same.txt" "$T/ren.txt"
ok $? "--rename: the same output as when both are named notify"
grep -q "'notify2' is compared as the base's 'notify' (--rename)" "$T/ren.err"
ok $? "and the note says so"

for f in csv json folded; do
	"$FLAMEDIFF" diff --format $f "$T/A" "$T/B" >"$T/same.$f" &&
		"$FLAMEDIFF" diff --format $f --rename notify=notify2 \
			"$T/A" "$T/B2" >"$T/ren.$f" 2>/dev/null &&
		nonempty "$T/ren.$f" && sed 's|/B2/|/B/|g' "$T/ren.$f" |
		cmp -s "$T/same.$f" -
	ok $? "--format $f: the same rows with --rename"
done

# the table only: the explanation wraps its lines by the names' lengths
"$FLAMEDIFF" diff --no-explain --testcase stressor "$T/A" "$T/B2" \
	>"$T/tc.txt" 2>"$T/tc.err"
ok $? "diff --testcase stressor exits 0"
"$FLAMEDIFF" diff --no-explain "$T/A" "$T/B" >"$T/same.table" 2>/dev/null
same_table_rc=$?
sed 's/stressor/notify/g' "$T/tc.txt" >"$T/tc.as"
[ $same_table_rc -eq 0 ] && nonempty "$T/tc.txt" &&
	grep -q 'stressor\.ops_per_sec' "$T/tc.txt" &&
	cmp -s "$T/same.table" "$T/tc.as"
ok $? "--testcase: both sides' rows called stressor.*, otherwise the same"

"$FLAMEDIFF" diff --rename notify=nothere "$T/A" "$T/B2" >"$T/none.txt" \
	2>"$T/none.err"
ok $? "--rename of a name the new side lacks exits 0"
grep -q "no process or testcase 'nothere'" "$T/none.err"
ok $? "and says the new side has no such process"

"$FLAMEDIFF" diff --rename notify "$T/A" "$T/B2" >"$T/bad.txt" \
	2>"$T/bad.err"
rc=$?
[ $rc -eq 1 ] && grep -q 'want OLD=NEW' "$T/bad.err"
ok $? "--rename without '=' is a usage error ($rc)"

# --- LKP stats files: the testcase's rows ------------------------------------
mkdir -p "$T/sA" "$T/sB" "$T/sB2"
for d in A B B2; do
	for f in "$T/$d"/*.profile; do
		"$FLAMEDIFF" report --lkp "$f" >"$T/s$d/$(basename "$f" .profile)" ||
			echo "report failed: $f" >>"$T/stats.err"
	done
done
[ ! -s "$T/stats.err" ] && grep -q '^notify2\.ops_per_sec:' "$T/sB2/run1"
ok $? "report --lkp writes each run's stats (notify2.* on the new side)"
"$FLAMEDIFF" diff --new-name B "$T/sA" "$T/sB" >"$T/ssame.txt" 2>/dev/null
ssame_rc=$?
"$FLAMEDIFF" diff --new-name B --rename notify=notify2 "$T/sA" "$T/sB2" >"$T/sren.txt" \
	2>/dev/null
ok $? "diff --rename of LKP stats files exits 0"
[ $ssame_rc -eq 0 ] && grep -q 'notify\.ops_per_sec' "$T/ssame.txt" &&
	cmp -s "$T/ssame.txt" "$T/sren.txt"
ok $? "stats files with --rename: the same rows as when both are named notify"
"$FLAMEDIFF" diff --new-name B "$T/sA" "$T/sB2" >"$T/sauto.txt" 2>"$T/sauto.err"
[ $ssame_rc -eq 0 ] && nonempty "$T/sauto.txt" &&
	cmp -s "$T/ssame.txt" "$T/sauto.txt" &&
	grep -q "rows compared as 'notify\.\*'" "$T/sauto.err"
ok $? "by itself (one testcase a side): the same rows, and a note"

# --- the graphs read the same comparison ----------------------------------
"$FLAMEDIFF" svg --diff "$T/A" "$T/B" -o "$T/same.svg" 2>/dev/null
svg_rc=$?
"$FLAMEDIFF" svg --diff "$T/A" "$T/B2" -o "$T/auto.svg" 2>"$T/svg.err"
ok $? "svg --diff of notify and notify2 exits 0"
[ $svg_rc -eq 0 ] && nonempty "$T/auto.svg" && cmp -s "$T/same.svg" "$T/auto.svg"
ok $? "svg --diff: the same graph as when both are named notify"
grep -q "compared as one process, 'notify'" "$T/svg.err"
ok $? "svg --diff says what was matched"
"$FLAMEDIFF" svg --diff --rename notify=notify2 "$T/A" "$T/B2" \
	-o "$T/ren.svg" 2>/dev/null &&
	nonempty "$T/ren.svg" && cmp -s "$T/same.svg" "$T/ren.svg"
ok $? "svg --diff --rename: the same graph"
"$FLAMEDIFF" svg --diff --no-rename "$T/A" "$T/B2" -o "$T/apart.svg" \
	2>/dev/null
[ $? -eq 0 ] && svg_frames "$T/apart.svg" >"$T/apart.frames" &&
	grep -q '<title>notify2 (' "$T/apart.frames"
ok $? "svg --diff --no-rename: two process towers"
if "$FLAMEDIFF" png --diff --table 8 "$T/A" "$T/B" -o "$T/same.png" \
	2>"$T/png.err"; then
	"$FLAMEDIFF" png --diff --table 8 --rename notify=notify2 "$T/A" \
		"$T/B2" -o "$T/ren.png" 2>/dev/null &&
		nonempty "$T/ren.png" && cmp -s "$T/same.png" "$T/ren.png"
	ok $? "png --diff --table --rename: the same image"
else
	ok 0 "# SKIP png cannot be drawn here: $(head -1 "$T/png.err")"
fi

# --- --no-comm on a profile -------------------------------------------------
"$FLAMEDIFF" fold --no-comm "$T/A/run1.profile" >"$T/nocomm.folded" \
	2>"$T/nocomm.err"
ok $? "fold --no-comm of a profile exits 0"
"$FLAMEDIFF" fold "$T/A/run1.profile" >"$T/comm.folded" 2>/dev/null
sed 's/^notify;//' "$T/comm.folded" | sort >"$T/comm.stripped"
sort "$T/nocomm.folded" >"$T/nocomm.sorted"
nonempty "$T/nocomm.folded" && ! grep -q '^notify;' "$T/nocomm.folded" &&
	awk '{ s += $NF } END { print s }' "$T/comm.folded" >"$T/w1" &&
	awk '{ s += $NF } END { print s }' "$T/nocomm.folded" >"$T/w2" &&
	cmp -s "$T/w1" "$T/w2"
ok $? "--no-comm drops the profile's process frames, the weight stays"

# --- recorded: build-a/notify against build-b/notify2 ------------------------
skip_unless_recording -- true
if ! make -s -C share/demo O="$T/demo" >"$T/make.out" 2>&1; then
	ok 0 "# SKIP cannot build the demo stressor: $(head -1 "$T/make.out")"
	done_testing
	exit
fi
mkdir -p "$T/build-a" "$T/build-b" "$T/ra" "$T/rb" "$T/rb-notify"
cp "$T/demo/a/notify" "$T/build-a/notify"
cp "$T/demo/b/notify" "$T/build-b/notify2"
"$FLAMEDIFF" record -q --metric 'ops_per_sec=^ops/s ([0-9.]+)' \
	-o "$T/ra/run1.profile" -- "$T/build-a/notify" 1 >/dev/null 2>"$T/ra.err"
ok $? "record build-a/notify" || sed 's/^/#   /' "$T/ra.err"
"$FLAMEDIFF" record -q --metric 'ops_per_sec=^ops/s ([0-9.]+)' \
	-o "$T/rb/run1.profile" -- "$T/build-b/notify2" 1 >/dev/null 2>"$T/rb.err"
ok $? "record build-b/notify2" || sed 's/^/#   /' "$T/rb.err"
grep -q '^notify2;' "$T/rb/run1.profile" &&
	grep -q '^# stat: notify2\.' "$T/rb/run1.profile"
ok $? "its process and testcase are notify2"
# the same recording as if the binary had been named notify
as_named notify2 notify "$T/rb/run1.profile" "$T/rb-notify/run1.profile"
names="--base-name build-a --new-name build-b"
"$FLAMEDIFF" diff $names "$T/ra" "$T/rb-notify" >"$T/rec.same" 2>/dev/null
same_rc=$?
"$FLAMEDIFF" diff $names --rename notify=notify2 "$T/ra" "$T/rb" >"$T/rec.ren" \
	2>/dev/null
ok $? "diff --rename notify=notify2 of the recordings exits 0"
[ $same_rc -eq 0 ] && grep -q 'notify\.' "$T/rec.same" &&
	cmp -s "$T/rec.same" "$T/rec.ren"
ok $? "--rename: the same rows as when both are named notify"
"$FLAMEDIFF" diff $names "$T/ra" "$T/rb" >"$T/rec.auto" 2>"$T/rec.auto.err"
[ $same_rc -eq 0 ] && nonempty "$T/rec.auto" && cmp -s "$T/rec.same" "$T/rec.auto"
ok $? "by itself: the same rows as when both are named notify"

done_testing
