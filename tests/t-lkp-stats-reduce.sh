#!/bin/sh
# LKP stats files through the commands: a file repeating its keys (a
# monitor's samples) is reduced as LKP reduces a run, and a row that is 0
# on both sides is no change (tests/lkp-reduce.c has the rules one by one).
. tests/tap-lib.sh

# mpstat's samples, the reference's worked example (lkp-monitors.md)
write_file "$T/mpstat.yaml" 'time: 1700000001\ncpu.all.usr%%: 45.73\ncpu.all.idle%%: 48.74\ncpu.all.guest%%: 0.00\ntime: 1700000002\ncpu.all.usr%%: 95.96\ncpu.all.idle%%: 0.00\ncpu.all.guest%%: 0.00\n'
"$FLAMEDIFF" diff --all --no-explain --format csv "$T/mpstat.yaml" \
	"$T/mpstat.yaml" >"$T/mp.csv" 2>"$T/err"
ok $? "diff of two mpstat sample files exits 0"
grep '^cpu.all.usr%,' "$T/mp.csv" >"$T/usr" &&
	awk -F, '{ exit !($0 ~ /70\.845/) }' "$T/usr"
ok $? "cpu.all.usr% is the mean of its samples (70.845), not their sum" ||
	sed 's/^/#   /' "$T/mp.csv"
nonempty "$T/mp.csv" && ! grep -q 'guest%' "$T/mp.csv" &&
	! grep -q '^time,' "$T/mp.csv"
ok $? "an all-zero series makes no row, time is no row"

# 0 on both sides: no -100%
write_file "$T/z.yaml" 'stress-ng.x.ops: 0\nstress-ng.x.ops_per_sec: 5\n'
"$FLAMEDIFF" diff --all --no-explain "$T/z.yaml" "$T/z.yaml" >"$T/z.txt" \
	2>"$T/err"
ok $? "diff --all A A exits 0"
grep 'stress-ng.x.ops$' "$T/z.txt" >"$T/row"
ok $? "the row of 0 is shown with --all"
nonempty "$T/row" && ! grep -q -- '-100' "$T/row" && grep -q '+0.0%' "$T/row"
ok $? "a row 0 on both sides shows +0.0%, not -100.0%" ||
	sed 's/^/#   /' "$T/z.txt"

done_testing
