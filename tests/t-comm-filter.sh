#!/bin/sh
# --comm / --exclude-comm keep the processes asked for, before any number
# is computed, in every reading command; a system-wide diff filtered to
# the stressor shows only the stressor's rows.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

# Two processes; perl's functions must vanish under --comm stress-ng.
cat >"$T/b.folded" <<'EOF'
stress-ng-mrema;main;mremap_loop;do_mremap 700
stress-ng;main;stress_run 100
perl;main;Perl_runops 200
EOF
cat >"$T/n.folded" <<'EOF'
stress-ng-mrema;main;mremap_loop;do_mremap 300
stress-ng;main;stress_run 100
perl;main;Perl_runops 600
EOF

"$FLAMEDIFF" diff --all --comm stress-ng "$T/b.folded" "$T/n.folded" \
	>"$T/diff" 2>"$T/err"
ok $? "diff --comm stress-ng exits 0"
! grep -q Perl_runops "$T/diff" && grep -q 'children.*do_mremap$' "$T/diff"
ok $? "only stress-ng's rows (its workers' too), none of perl's"
# 700 of 800 in base, 300 of 400 in new: do_mremap is 87.50 and 75.00.
grep -Eq '^ +87\.50 +-12\.5 +75\.00 +perf-profile\.children\.[^.]*\.do_mremap$' "$T/diff"
ok $? "shares are of the kept processes' samples (87.50 -> 75.00)"

"$FLAMEDIFF" diff --all --exclude-comm perl "$T/b.folded" "$T/n.folded" \
	>"$T/diff2" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/diff2" && cmp -s "$T/diff" "$T/diff2"
ok $? "--exclude-comm perl gives the same table"

"$FLAMEDIFF" diff "$T/b.folded" "$T/n.folded" >"$T/explain" 2>"$T/err"
[ $? -eq 0 ] && grep -A3 '^Processes whose share moved' "$T/explain" |
	grep -q 'perl$'
ok $? "unfiltered, the explanation opens with the processes that moved"

"$FLAMEDIFF" report --lkp --comm perl "$T/b.folded" >"$T/rep" 2>"$T/err"
[ $? -eq 0 ] && grep -q 'children.*Perl_runops: 100.00' "$T/rep" &&
	! grep -q do_mremap "$T/rep"
ok $? "report --comm perl: perl alone, 100%"

"$FLAMEDIFF" fold --comm perl "$T/b.folded" >"$T/fold" 2>"$T/err"
[ $? -eq 0 ] && [ "$(cat "$T/fold")" = "perl;main;Perl_runops 200" ]
ok $? "fold --comm perl keeps perl's stacks only"

"$FLAMEDIFF" svg --comm nosuch "$T/b.folded" -o "$T/none.svg" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no samples' "$T/err"
ok $? "a filter that keeps nothing: no samples (exit 2)"

printf 'main;a 5\n' >"$T/noroot.folded"
"$FLAMEDIFF" report --no-comm --comm x "$T/noroot.folded" >"$T/o" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no process names to filter on' "$T/err"
ok $? "stacks without process names cannot be filtered (exit 2, says why)"

# --only-pid / --only-tid, where the input carries ids (perf script).
ps=tests/data/mremap.perf-script.gz
"$FLAMEDIFF" fold --tid --only-tid 10678 $ps >"$T/tid" 2>"$T/err"
[ $? -eq 0 ] && [ "$(cut -d';' -f1 "$T/tid" | sort -u)" = "stress-ng-mrema-?/10678" ] &&
	[ "$(wc -l <"$T/tid")" -eq 504 ]
ok $? "--only-tid 10678: that thread's 504 stacks alone"
"$FLAMEDIFF" report --lkp --only-pid 10677,10678 $ps >"$T/two" 2>"$T/err"
ok $? "report --only-pid with a list exits 0"
"$FLAMEDIFF" fold --only-pid 1 "$T/b.folded" >"$T/o" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no process ids' "$T/err"
ok $? "--only-pid on folded stacks: no ids to filter on (exit 2)"

# Two system-wide recordings with other load beside the stressor.
# perf-stat rows are not filtered by --comm: under it they are marked
stat_profile() { # FILE PAGE-FAULTS: a system-wide recording's profile
	{
		echo '# flamediff-profile 3 folded'
		echo '# root: process'
		echo '# cmdline: "flamediff record -a -d 1"'
		echo "# stat: perf-stat.ps.page-faults = $2 ;"
		echo "# stat: stress-ng.mremap.ops_per_sec = 100 ;"
		echo 'stress-ng;main;work 80'
		echo 'perl;main;other 20'
	} >"$1"
}
stat_profile "$T/s1.prof" 1000
stat_profile "$T/s2.prof" 1430
"$FLAMEDIFF" diff --all --comm stress-ng "$T/s1.prof" "$T/s2.prof" \
	>"$T/stat.diff" 2>"$T/stat.err"
ok $? "diff --comm of profiles with perf-stat rows exits 0"
grep -q 'perf-stat\.ps\.page-faults (system-wide)$' "$T/stat.diff"
ok $? "--comm: the perf-stat row is marked system-wide in the table" ||
	sed 's/^/#   /' "$T/stat.diff" "$T/stat.err"
grep -q 'stress-ng\.mremap\.ops_per_sec$' "$T/stat.diff"
ok $? "the benchmark's own row is not marked"
grep -q 'note: 1 perf-stat row counts the whole system, not only the processes --comm or --exclude-comm keep: marked (system-wide)$' "$T/stat.err"
ok $? "and a note says why, once"
"$FLAMEDIFF" diff --format json --all --comm stress-ng "$T/s1.prof" "$T/s2.prof" \
	>"$T/stat.json" 2>/dev/null
[ $? -eq 0 ] && grep -q '"perf-stat.ps.page-faults (system-wide)"' "$T/stat.json"
ok $? "the JSON's key too"
"$FLAMEDIFF" diff --all "$T/s1.prof" "$T/s2.prof" >"$T/nostat.diff" 2>/dev/null
[ $? -eq 0 ] && grep -q 'perf-stat\.ps\.page-faults$' "$T/nostat.diff"
ok $? "without --comm the row is as LKP names it"

# The monitors' rows are /proc's figures, the whole system's whatever
# was recorded: marked (system-wide) even in a recording of a command
mon_profile() { # FILE CS
	{
		echo '# flamediff-profile 3 folded'
		echo '# root: process'
		echo '# cmdline: "flamediff record -- stress-ng -a 1"'
		echo '# target: "command"'
		echo "# stat: interrupts.LOC:Local_timer_interrupts = $2 ;"
		echo "# stat: meminfo.SUnreclaim = $2 ;"
		echo "# stat: perf-stat.ps.page-faults = $2 ;"
		echo "# stat: stress-ng.mremap.ops_per_sec = 100 ;"
		echo "# stat: vmstat.system.cs = $2 ;"
		echo 'stress-ng;main;work 80'
		echo 'perl;main;other 20'
	} >"$1"
}
mon_profile "$T/m1.prof" 1000
mon_profile "$T/m2.prof" 2000
"$FLAMEDIFF" diff --all --comm stress-ng "$T/m1.prof" "$T/m2.prof" \
	>"$T/mon.diff" 2>"$T/mon.err"
ok $? "diff --comm of profiles with monitor rows exits 0"
grep -q 'vmstat\.system\.cs (system-wide)$' "$T/mon.diff" &&
	grep -q 'meminfo\.SUnreclaim (system-wide)$' "$T/mon.diff" &&
	grep -q 'interrupts\.LOC:Local_timer_interrupts (system-wide)$' "$T/mon.diff"
ok $? "--comm: the monitor rows are marked system-wide in the table" ||
	sed 's/^/#   /' "$T/mon.diff" "$T/mon.err"
grep -q 'note: 3 monitor rows (vmstat, meminfo, interrupts...) count the whole system, not only the processes --comm or --exclude-comm keep: marked (system-wide)$' "$T/mon.err" &&
	[ "$(grep -c 'monitor row' "$T/mon.err")" = 1 ]
ok $? "and a note says why, once" || sed 's/^/#   /' "$T/mon.err"
# "target: command" although the command's own arguments hold "-a"
grep -q 'perf-stat\.ps\.page-faults (every process recorded)$' "$T/mon.diff"
ok $? "perf-stat of a command's recording: every process recorded (the target said, not the command line)" ||
	sed 's/^/#   /' "$T/mon.diff"
"$FLAMEDIFF" diff --all --format json --comm stress-ng "$T/m1.prof" \
	"$T/m2.prof" >"$T/mon.json" 2>/dev/null
[ $? -eq 0 ] && grep -q '"vmstat.system.cs (system-wide)"' "$T/mon.json"
ok $? "the JSON's monitor key too"

# Profiles that do not say their target (perf.data, older profiles): -a
# read from the command line, also in a bundle of flags (-ad, -ga)
for c in 'flamediff record -ad 1' 'perf record -ga -- sleep 1' \
	'flamediff record -q --all-cpus -d 1'; do
	sed "s/^# cmdline: .*/# cmdline: \"$c\"/; /^# target: /d" \
		"$T/m1.prof" >"$T/c1.prof"
	sed "s/^# cmdline: .*/# cmdline: \"$c\"/; /^# target: /d" \
		"$T/m2.prof" >"$T/c2.prof"
	"$FLAMEDIFF" diff --all --comm stress-ng "$T/c1.prof" "$T/c2.prof" \
		>"$T/c.diff" 2>"$T/c.err"
	[ $? -eq 0 ] && grep -q 'perf-stat\.ps\.page-faults (system-wide)$' "$T/c.diff"
	ok $? "no target, cmdline '$c': perf-stat marked system-wide" ||
		sed 's/^/#   /' "$T/c.diff" "$T/c.err"
done
c='perf record -e a -g -- tool -a'
sed "s/^# cmdline: .*/# cmdline: \"$c\"/; /^# target: /d" "$T/m1.prof" >"$T/c1.prof"
sed "s/^# cmdline: .*/# cmdline: \"$c\"/; /^# target: /d" "$T/m2.prof" >"$T/c2.prof"
"$FLAMEDIFF" diff --all --comm stress-ng "$T/c1.prof" "$T/c2.prof" \
	>"$T/c.diff" 2>"$T/c.err"
[ $? -eq 0 ] && grep -q 'perf-stat\.ps\.page-faults (every process recorded)$' "$T/c.diff"
ok $? "no target, cmdline '$c': not system-wide (-e's argument, the command's -a)" ||
	sed 's/^/#   /' "$T/c.diff" "$T/c.err"
sed 's/^# target: .*/# target: "system-wide"/; s/^# cmdline: .*/# cmdline: "x"/' \
	"$T/m1.prof" >"$T/t1.prof"
sed 's/^# target: .*/# target: "system-wide"/; s/^# cmdline: .*/# cmdline: "x"/' \
	"$T/m2.prof" >"$T/t2.prof"
"$FLAMEDIFF" diff --all --comm stress-ng "$T/t1.prof" "$T/t2.prof" \
	>"$T/t.diff" 2>"$T/t.err"
[ $? -eq 0 ] && grep -q 'perf-stat\.ps\.page-faults (system-wide)$' "$T/t.diff"
ok $? "target system-wide, no -a in the cmdline: perf-stat marked system-wide" ||
	sed 's/^/#   /' "$T/t.diff" "$T/t.err"

if ! "$FLAMEDIFF" record -q -ad 0.1 -o "$T/probe" 2>"$T/probe.err"; then
	echo "# SKIP recordings: cannot record system-wide here: $(head -1 "$T/probe.err")"
	done_testing
	exit $?
fi
grep -q '^# target: "system-wide"$' "$T/probe"
ok $? "record -ad: the profile says its target, system-wide"
"$FLAMEDIFF" record -q -o "$T/cmd.prof" -- sh -c 'exit 0' -a \
	>/dev/null 2>"$T/err"
[ $? -eq 0 ] && grep -q '^# target: "command"$' "$T/cmd.prof"
ok $? "record -- CMD -a: the target is the command" || sed 's/^/#   /' "$T/err"
if ! command -v stress-ng >/dev/null; then
	echo "# SKIP recordings: stress-ng is not installed"
	done_testing
	exit $?
fi
for side in base new; do
	# both run until the recording is done, however late it starts
	"$PROGS/shares" 60 >/dev/null 2>&1 &
	other=$!
	stress-ng --mremap 1 -t 60 >/dev/null 2>&1 &
	stressor=$!
	sleep 0.3
	"$FLAMEDIFF" record -q -a -d 1.2 -o "$T/$side.prof" 2>"$T/rec.err"
	ok $? "record -a with stress-ng and another load ($side)"
	kill $stressor $other
	wait $stressor $other 2>/dev/null
done
"$FLAMEDIFF" report --lkp "$T/base.prof" >"$T/all.lkp" 2>"$T/err"
ok $? "report of the whole system exits 0"
grep -q 'children\.[^.]*\.work_' "$T/all.lkp"
ok $? "... and shows the other load's functions"
"$FLAMEDIFF" diff --all --comm stress-ng "$T/base.prof" "$T/new.prof" \
	>"$T/sys.diff" 2>"$T/err"
ok $? "diff --comm stress-ng of the two recordings exits 0"
! grep -q 'work_one_third\|work_two_thirds\|children\.[^.]*\.run$' "$T/sys.diff" &&
	grep -q 'perf-profile.children' "$T/sys.diff"
ok $? "--comm stress-ng: only stress-ng's rows"

done_testing
