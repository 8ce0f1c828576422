#!/bin/sh
# The runs of a side: directories holding other files (a README), runs one
# directory each (LKP's base/1/, base/2/), and interrupted runs (record's
# "# interrupted after" marker, diff's note, --complete-only).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs
SEED=tests/data/seed

# 1. a README beside the runs: left out, named once, the diff compares
mkdir "$T/b" "$T/n"
cp $SEED/base/run-1.folded $SEED/base/run-2.folded "$T/b/"
cp $SEED/new/run-1.folded $SEED/new/run-2.folded "$T/n/"
write_file "$T/b/README" 'Runs of build A, recorded on monday.\nSee the job file.\n'
write_file "$T/n/job.yaml" 'testcase: stress-ng\nnr_threads: 100%%\n'
"$FLAMEDIFF" diff --format csv "$T/b" "$T/n" >"$T/readme.csv" 2>"$T/readme.err"
ok $? "a side directory with a README compares (exit 0)" ||
	sed 's/^/#   /' "$T/readme.err"
head -1 "$T/readme.csv" | grep -q ',base_run_2,new_run_1,new_run_2$'
ok $? "the README is no run: two runs a side"
[ "$(grep -c 'no run' "$T/readme.err")" -eq 2 ] &&
	grep -q "note: base: left out 1 file that is no run: $T/b/README\$" "$T/readme.err" &&
	grep -q "note: new: .*$T/n/job.yaml" "$T/readme.err"
ok $? "one note a side names the files left out" || sed 's/^/#   /' "$T/readme.err"
"$FLAMEDIFF" diff --format csv --base $SEED/base/run-1.folded \
	--base $SEED/base/run-2.folded --new $SEED/new/run-1.folded \
	--new $SEED/new/run-2.folded >"$T/files.csv"
[ $? -eq 0 ] && nonempty "$T/files.csv" && cmp -s "$T/readme.csv" "$T/files.csv"
ok $? "the same figures as the runs given one by one"

# 2. runs in subdirectories, one level deep
mkdir -p "$T/lb/1" "$T/lb/2" "$T/ln/1" "$T/ln/2"
cp $SEED/base/run-1.folded "$T/lb/1/"
cp $SEED/base/run-2.folded "$T/lb/2/"
cp $SEED/new/run-1.folded "$T/ln/1/"
cp $SEED/new/run-2.folded "$T/ln/2/"
"$FLAMEDIFF" diff --format csv "$T/lb" "$T/ln" >"$T/lkp.csv" 2>"$T/lkp.err"
ok $? "runs in subdirectories (base/1/, base/2/) compare (exit 0)" ||
	sed 's/^/#   /' "$T/lkp.err"
[ $? -eq 0 ] && nonempty "$T/lkp.csv" && cmp -s "$T/lkp.csv" "$T/files.csv"
ok $? "each subdirectory's run is a run of the side"
mkdir "$T/empty"
"$FLAMEDIFF" diff "$T/empty" "$T/ln" >/dev/null 2>"$T/empty.err"
[ $? -eq 2 ] && grep -q 'no runs in this directory' "$T/empty.err"
ok $? "a directory without runs is still bad input (exit 2)"

# 3. an interrupted run, as record marks it
interrupted() { # FILE: seed run 1 marked as stopped after 1 s of 5
	{
		echo '# flamediff-profile 3 folded'
		echo '# root: process'
		echo '# duration: 1.002 s'
		echo '# interrupted after 1.002 s of 5 s'
		cat $SEED/base/run-3.folded
	} >"$1"
}
mkdir "$T/ib" "$T/in"
for i in 1 2; do
	{ echo '# flamediff-profile 3 folded'; echo '# root: process'
	  echo '# duration: 5.001 s'; cat $SEED/base/run-$i.folded; } >"$T/ib/run-$i.prof"
	{ echo '# flamediff-profile 3 folded'; echo '# root: process'
	  echo '# duration: 5.001 s'; cat $SEED/new/run-$i.folded; } >"$T/in/run-$i.prof"
done
interrupted "$T/ib/run-3.prof"
"$FLAMEDIFF" diff --format csv "$T/ib" "$T/in" >"$T/int.csv" 2>"$T/int.err"
ok $? "a side with an interrupted run compares (exit 0)"
grep -q "note: base: $T/ib/run-3.prof was interrupted after 1.0 s of 5.0 s (1.0 s; the runs' median 5.0 s)" "$T/int.err"
ok $? "diff names the interrupted run and how short it is" ||
	sed 's/^/#   /' "$T/int.err"
# svg --diff and png --diff say what diff says of the runs (issue 28)
cp "$T/b/README" "$T/in/README"
for g in svg png; do
	"$FLAMEDIFF" $g --diff "$T/ib" "$T/in" -o "$T/int.$g" 2>"$T/int-$g.err"
	[ $? -eq 0 ] && nonempty "$T/int.$g" &&
		grep -q "note: base: $T/ib/run-3.prof was interrupted after 1.0 s of 5.0 s" "$T/int-$g.err" &&
		grep -q "note: new: left out 1 file that is no run: $T/in/README\$" "$T/int-$g.err"
	ok $? "$g --diff names the interrupted run and the file that is no run" ||
		sed 's/^/#   /' "$T/int-$g.err"
done
rm "$T/in/README"
head -1 "$T/int.csv" | grep -q ',base_run_3,new_run_1'
ok $? "without --complete-only it is one of the runs"
"$FLAMEDIFF" diff --complete-only --format csv "$T/ib" "$T/in" >"$T/co.csv" 2>"$T/co.err"
ok $? "diff --complete-only exits 0"
head -1 "$T/co.csv" | grep -q ',base_run_2,new_run_1,new_run_2$'
ok $? "--complete-only leaves the interrupted run out"
grep -q "note: base: left out 1 interrupted run (--complete-only): $T/ib/run-3.prof" "$T/co.err"
ok $? "and says so" || sed 's/^/#   /' "$T/co.err"
"$FLAMEDIFF" fold -o "$T/r3.prof" "$T/ib/run-3.prof" &&
	grep -q '^# interrupted after 1.002 s of 5 s$' "$T/r3.prof"
ok $? "the marker survives a profile written again"

# 4. record: SIGINT during -d 5 marks the profile; diff flags the run
if ! "$FLAMEDIFF" record -q -o "$T/probe.prof" -- true 2>"$T/probe.err"; then
	ok 0 "# SKIP cannot record here: $(head -1 "$T/probe.err")"
	done_testing
	exit
fi
mkdir "$T/rb" "$T/rn"
"$FLAMEDIFF" record -q -d 5 -o "$T/rb/run-3.prof" -- "$PROGS/shares" 10 &
rpid=$!
"$FLAMEDIFF" record -q -d 1.5 -o "$T/rb/run-1.prof" -- "$PROGS/shares" 10
c1=$?
kill -INT $rpid
wait $rpid
ok $? "record stopped by SIGINT exits 0"
[ $c1 -eq 0 ] && "$FLAMEDIFF" record -q -d 1.5 -o "$T/rb/run-2.prof" -- "$PROGS/shares" 10
ok $? "two complete runs recorded"
grep -q '^# interrupted after [0-9.]* s of 5 s$' "$T/rb/run-3.prof"
ok $? "the interrupted profile is marked" || grep '^#' "$T/rb/run-3.prof" | sed 's/^/#   /'
! grep -q '^# interrupted' "$T/rb/run-1.prof" && grep -q '^# duration' "$T/rb/run-1.prof"
ok $? "a complete one is not"
cp "$T/rb/run-1.prof" "$T/rb/run-2.prof" "$T/rn/"
"$FLAMEDIFF" diff --no-explain "$T/rb" "$T/rn" >"$T/rec.out" 2>"$T/rec.err"
ok $? "diff of the recorded runs exits 0"
grep -q "note: base: $T/rb/run-3.prof was interrupted after [0-9.]* s of 5.0 s" "$T/rec.err"
ok $? "diff flags the interrupted run" || sed 's/^/#   /' "$T/rec.err"

done_testing
