#!/bin/sh
# flamediff diff with LKP stats files as runs: the table is LKP's, character
# for character, on rows the robot mailed (with and without stddev, values
# below 1000, up to 1e8 and above, points and percent, a base of 0); LKP's
# row choice; and flamediff's own metrics against LKP's stats of the same
# capture.
. tests/tap-lib.sh

d=tests/data/diff

# The runs of tests/data/diff/stats-*/ are made so that every row is one
# mailed by the robot (tests/lkp-table.c has them one by one); here they go
# through the whole command: reading, missing = 0, means, stddev, order
# (LKP's families: the benchmark, time, other monitors, then perf-profile).
cat >"$T/want" <<'EOF'
=========================================================================================
commit: 
  05070cd654f38346c0ffee ("2 runs, LKP stats")
  4616120fca7f6d48b4c640e3975abcdef ("2 runs, LKP stats")

05070cd654f38346 4616120fca7f6d48b4c640e3975 
---------------- --------------------------- 
         %stddev     %change         %stddev
             \          |                \  
    670909 ±  2%     +48.3%     995054        stress-ng.mremap.ops
  83270128           +37.5%  1.145e+08        aim7.time.file_system_outputs
      3930            +7.8%       4235 ±  3%  vmstat.procs.r
      0.00       +3.2e+102%       3.20        meminfo.Active(file)
     92.04           -92.0        0.00        perf-profile.children.cycles-pp.cgroup_file_notify
      0.25 ± 13%     +43.6       43.88 ± 76%  perf-profile.children.cycles-pp._raw_spin_lock
      1.10 ±  9%      +0.1        1.20 ±  8%  perf-profile.self.cycles-pp.noisy_function

7 of 7 rows shown.
EOF
"$FLAMEDIFF" diff --all --no-explain --base-name 05070cd654f38346c0ffee \
	--new-name 4616120fca7f6d48b4c640e3975abcdef \
	$d/stats-base $d/stats-new >"$T/got" 2>"$T/err"
ok $? "diff --all of two directories of LKP stats files exits 0"
cmp -s "$T/want" "$T/got"
ok $? "the table is LKP's byte for byte (heads cut to 16 and 27, rows as mailed)"
[ $? -eq 0 ] || diff "$T/want" "$T/got" | sed 's/^/#   /'

# Without --all: the noisy row (runs overlap) goes, the rest stays.
"$FLAMEDIFF" diff --no-explain $d/stats-base $d/stats-new >"$T/sel" 2>&1
sel_rc=$?
ok $sel_rc "diff without --all exits 0"
[ $sel_rc -eq 0 ] && nonempty "$T/sel" && ! grep -q 'noisy_function' "$T/sel"
ok $? "a row whose runs overlap is not shown (LKP's separation rule)"
# The rows: from the line under the column heads to the blank line.
rows() { awk '/^ +\\ +\| +\\  $/ { on = 1; next } /^$/ { on = 0 } on' "$1"; }
n=$(rows "$T/sel" | wc -l)
[ "$n" -eq 6 ]
ok $? "the six separated rows are shown (got $n)"
grep -q '^6 of 7 rows shown (changed by LKP' "$T/sel"
ok $? "the note under the table counts them"
grep -qx "$(printf '%16s %27s ' stats-base stats-new)" "$T/sel"
ok $? "the sides are named after their directories"

"$FLAMEDIFF" diff --min-change 40 --no-explain $d/stats-base $d/stats-new >"$T/min" 2>&1
got=$(grep -o ' [a-zA-Z_().-]*$' "$T/min" | grep '\.' | tr -d ' ' | tr '\n' ' ')
[ "$got" = "stress-ng.mremap.ops meminfo.Active(file) perf-profile.children.cycles-pp.cgroup_file_notify perf-profile.children.cycles-pp._raw_spin_lock " ]
ok $? "--min-change 40 keeps the rows that moved by 40 points or percent ($got)"

# JSON and CSV carry every figure; two runs a side give a Welch p-value.
"$FLAMEDIFF" diff --format csv $d/stats-base $d/stats-new >"$T/csv"
ok $? "--format csv exits 0"
head -1 "$T/csv" | grep -q '^key,group,unit,base_mean,base_stddev,base_stddev_percent,new_mean,new_stddev,new_stddev_percent,change,p_value,separated,changed,base_run_1,base_run_2,new_run_1,new_run_2$'
ok $? "the CSV header names every figure and each run"
grep -q '^perf-profile.children.cycles-pp.cgroup_file_notify,children,points,92.04,0,0,0,0,0,-92.04,0,1,1,92.04,92.04,0,0$' "$T/csv"
ok $? "the CSV row of a metric missing on one side: zeros, p = 0"
grep -q '^"meminfo.Active(file)",\|^meminfo.Active(file),stat,percent,0,0,0,3.2,0,0,3.2e+102,' "$T/csv"
ok $? "a relative row against a base of 0 (LKP's 1e-100)"

if command -v python3 >/dev/null 2>&1; then
	"$FLAMEDIFF" diff --format json $d/stats-base $d/stats-new >"$T/json"
	python3 - "$T/json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
rows = {r["key"]: r for r in d["rows"]}
r = rows["perf-profile.children.cycles-pp._raw_spin_lock"]
assert d["base"]["runs"] == 2 and d["base"]["kind"] == "lkp-stats"
assert abs(r["base"]["mean"] - 0.25) < 1e-9
assert abs(r["new"]["stddev"] - 33.5682) < 1e-6
assert r["base"]["runs"] == [0.21625, 0.28375]
assert 0 < r["p"] < 1 and r["separated"] and r["unit"] == "points"
assert rows["vmstat.procs.r"]["unit"] == "percent"
assert "perf-profile.self.cycles-pp.noisy_function" not in rows
EOF
	ok $? "--format json: valid, means, stddev, runs, p-value per row"
else
	ok 0 "# SKIP python3 missing: JSON not checked"
fi

# flamediff's metrics of a capture against LKP's stats of the same capture:
# the keys get LKP's event name (cpu-clock) and no row moves by 0.1 point.
"$FLAMEDIFF" diff --min-change 0.1 tests/data/mremap.perf-script.gz \
	tests/data/mremap.lkp-stats.txt >"$T/same" 2>"$T/err"
ok $? "a perf script capture against LKP's stats file exits 0"
grep -q '^0 of [0-9]* rows shown' "$T/same"
ok $? "flamediff and LKP agree within 0.1 point on every row ($(grep 'rows shown' "$T/same" | cut -c1-24))"
n=$(sed -n 's/^0 of \([0-9]*\) rows.*/\1/p' "$T/same")
lkp=$(grep -c . tests/data/mremap.lkp-stats.txt)
[ "${n:-0}" -ge "$lkp" ] && [ "${n:-0}" -le $((lkp + 10)) ]
ok $? "over all the metrics of the capture ($n rows for LKP's $lkp: figures below 0.05 absent as in LKP's file)"

# A side is all profiles or all stats files.
mkdir "$T/mixed"
cp $d/stats-base/run-1.txt "$T/mixed/a.txt"
printf 'proc;f 1\n' >"$T/mixed/b.folded"
"$FLAMEDIFF" diff "$T/mixed" $d/stats-new >/dev/null 2>"$T/err"
[ $? -eq 2 ]
ok $? "a side mixing stats files and profiles is bad input (exit 2)"
grep -q 'a.txt: an LKP stats file among profiles' "$T/err"
ok $? "the message names the file"

"$FLAMEDIFF" diff --folded $d/stats-base $d/stats-new >/dev/null 2>"$T/err"
[ $? -eq 1 ]
ok $? "--folded with stats files is a usage error"

printf 'perf-profile.self.cycles-pp.f: 1.5\nnot a stats line\n' >"$T/bad.txt"
"$FLAMEDIFF" diff "$T/bad.txt" $d/stats-new >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'bad.txt:2: expected' "$T/err"
ok $? "a broken stats file: exit 2, FILE:LINE"

# LKP's floor, per run: tiny is 0.04% of the base (no figure in LKP's
# file) and 0.12% of the new run; --full-precision keeps it.
write_file "$T/fl1.folded" 'p;big 2499\np;tiny 1\n'
write_file "$T/fl2.folded" 'p;big 2497\np;tiny 3\n'
"$FLAMEDIFF" diff --all "$T/fl1.folded" "$T/fl2.folded" >"$T/fl" 2>"$T/err"
rc=$?
"$FLAMEDIFF" diff --all --full-precision "$T/fl1.folded" "$T/fl2.folded" \
	>"$T/flf" 2>>"$T/err"
rcf=$?
row() { awk -v k="perf-profile.$2.cycles-pp.tiny" '$NF == k { print $1 }' "$1"; }
[ $rc -eq 0 ] && [ $rcf -eq 0 ] && [ "$(row "$T/fl" self)" = 0.00 ] &&
	[ "$(row "$T/fl" children)" = 0.00 ] &&
	[ "$(row "$T/flf" self)" = 0.04 ] && [ "$(row "$T/flf" children)" = 0.04 ]
ok $? "a run's figure below 0.05 is left out, as LKP does; --full-precision keeps it" ||
	sed 's/^/#   /' "$T/err" "$T/fl" "$T/flf"

done_testing
