#!/bin/sh
# An LKP result directory as a run: its files (stress-ng's output, the
# monitors' raw files, stats) told by content and read as one run; several
# result directories a side for several runs; a directory of stats files
# of one kind stays a directory of runs.
. tests/tap-lib.sh

d=tests/data/lkp-raw
for r in 1 2; do
	mkdir -p "$T/A/$r" "$T/B/$r"
	cp "$d/vmstat" "$d/mpstat" "$d/cpuidle" "$d/stress-ng" "$T/A/$r/"
	printf 'job: a hand-made result\n' >"$T/A/$r/README"
	cp "$T/A/$r/"* "$T/B/$r/"
	sed -i "s/ 43  / $((80 + r))  /" "$T/B/$r/stress-ng"
	sed -i 's/ 1774 / 3548 /' "$T/B/$r/vmstat"
done

"$FLAMEDIFF" diff --all --no-explain --format csv "$T/A/1" "$T/B/1" \
	>"$T/one.csv" 2>"$T/err"
ok $? "diff RESULT_A RESULT_B exits 0" || sed 's/^/#   /' "$T/err"
grep -c ',base_run_1,new_run_1$' "$T/one.csv" >"$T/n" && ! grep -q base_run_2 "$T/one.csv"
ok $? "... each result directory is one run" || head -1 "$T/one.csv" | sed 's/^/#   /'
for kv in stress-ng.mremap.ops,43,81 vmstat.system.cs,721,1312.333333 \
	mpstat.cpu.all.usr%,70.845,70.845 cpuidle..time,3816145,3816145; do
	k=${kv%%,*}
	grep "^$k," "$T/one.csv" | cut -d, -f1,4,7 >"$T/row" &&
		[ "$(cat "$T/row")" = "$kv" ]
	ok $? "... $k from its file: $kv" || sed 's/^/#   /' "$T/row"
done

"$FLAMEDIFF" diff --all --no-explain --format csv "$T/A" "$T/B" \
	>"$T/two.csv" 2>"$T/err"
ok $? "diff of two sides of two result directories each exits 0" ||
	sed 's/^/#   /' "$T/err"
grep '^stress-ng.mremap.ops,' "$T/two.csv" >"$T/row" &&
	grep -q ',base_run_1,base_run_2,new_run_1,new_run_2$' "$T/two.csv" &&
	grep -q ',43,43,81,82$' "$T/row"
ok $? "... two runs a side, each run its directory's" ||
	sed 's/^/#   /' "$T/two.csv"

# a directory of runs' stats files (one kind) stays a directory of runs
mkdir "$T/S"
printf 'x.a: 1\n' >"$T/S/r1"
printf 'x.a: 3\n' >"$T/S/r2"
"$FLAMEDIFF" diff --all --no-explain --format csv "$T/S" "$T/S" \
	>"$T/s.csv" 2>"$T/err"
ok $? "diff of a directory of two stats files exits 0" ||
	sed 's/^/#   /' "$T/err"
grep -q '^x.a,.*,2,.*,1,3,1,3$' "$T/s.csv"
ok $? "... two runs, not one result directory" || sed 's/^/#   /' "$T/s.csv"

done_testing
