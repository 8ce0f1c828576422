#!/bin/sh
# Off-CPU data: perf sched timehist text (tests/data/sched, recorded here),
# LKP's perf-sched.* rows byte for byte as the rules give them
# (tests/sched-rows.pl computes them apart from the C code), the off-CPU
# tree each switch-out stack weighted by its task's next wait, and the
# --on-cpu / --off-cpu views.
. tests/tap-lib.sh

d=tests/data/sched
skip_without perl gzip

# --- LKP's rows ------------------------------------------------------------
for f in stress-mix sleep-dd; do
	"$FLAMEDIFF" report --lkp $d/$f.timehist.gz >"$T/$f.lkp" 2>"$T/err"
	ok $? "$f: report --lkp of a gzipped timehist exits 0" ||
		sed 's/^/#   /' "$T/err"
	grep '^perf-sched\.' "$T/$f.lkp" >"$T/$f.got"
	gzip -dc $d/$f.timehist.gz | perl tests/sched-rows.pl >"$T/$f.want"
	[ $(wc -l <"$T/$f.want") -gt 100 ] && cmp -s "$T/$f.want" "$T/$f.got"
	ok $? "$f: the perf-sched rows are LKP's, byte for byte" ||
		diff "$T/$f.want" "$T/$f.got" | head -5 | sed 's/^/#   /'
done
grep -qx 'perf-sched.total_wait_and_delay.count.ms: 1816' "$T/stress-mix.lkp"
ok $? "the count is an integer: 1816 switches with a chain"
grep -q '^perf-sched.sch_delay.avg.ms.[^ ]*: 0\.0$' "$T/stress-mix.lkp"
ok $? "a zero prints as Ruby prints it (0.0)"

# The small-key rule and the five-part key on a few lines made by hand.
cat >"$T/small.th" <<'EOF'
           time    cpu  task name                       wait time  sch delay   run time
                        [tid/pid]                          (msec)     (msec)     (msec)
--------------- ------  ------------------------------  ---------  ---------  ---------
   100.000001 [0000]  a[10]         0.000      0.000      0.010    poll_schedule_timeout.constprop.0 <- do_poll.constprop.0 <- do_sys_poll
   100.000002 [0000]  <idle>        0.010      0.000      0.001 
   100.000003 [0001]  b x[11/10]    2.500      0.250      0.100    do_nanosleep <- hrtimer_nanosleep
   100.000004 [0001]  a[10]         4.000      0.125      1.000    worker_thread
   100.000005 [0001]  :-1[-1/12]    1.000      0.000      1.000    do_task_dead <- do_exit
   100.000006 lost 12 events on cpu 1
EOF
"$FLAMEDIFF" report --lkp "$T/small.th" >"$T/small.lkp" 2>"$T/err"
ok $? "report --lkp of a hand-made timehist exits 0" ||
	sed 's/^/#   /' "$T/err"
grep '^perf-sched\.' "$T/small.lkp" >"$T/small.got"
perl tests/sched-rows.pl <"$T/small.th" >"$T/small.want"
cat >"$T/small.exact" <<'EOF'
perf-sched.sch_delay.avg.ms.do_nanosleep.hrtimer_nanosleep: 0.25
perf-sched.sch_delay.avg.ms.do_task_dead.do_exit: 0.0
perf-sched.sch_delay.avg.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
perf-sched.sch_delay.max.ms.do_nanosleep.hrtimer_nanosleep: 0.25
perf-sched.sch_delay.max.ms.do_task_dead.do_exit: 0.0
perf-sched.sch_delay.max.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
perf-sched.total_sch_delay.average.ms: 0.083
perf-sched.total_sch_delay.max.ms: 0.25
perf-sched.total_wait_and_delay.average.ms: 1.25
perf-sched.total_wait_and_delay.count.ms: 3
perf-sched.total_wait_and_delay.max.ms: 2.75
perf-sched.total_wait_time.average.ms: 1.167
perf-sched.total_wait_time.max.ms: 2.5
perf-sched.wait_and_delay.avg.ms.do_nanosleep.hrtimer_nanosleep: 2.75
perf-sched.wait_and_delay.avg.ms.do_task_dead.do_exit: 1.0
perf-sched.wait_and_delay.avg.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
perf-sched.wait_and_delay.count.do_nanosleep.hrtimer_nanosleep: 1
perf-sched.wait_and_delay.count.do_task_dead.do_exit: 1
perf-sched.wait_and_delay.count.poll_schedule_timeout.constprop.0.do_poll.constprop: 1
perf-sched.wait_and_delay.max.ms.do_nanosleep.hrtimer_nanosleep: 2.75
perf-sched.wait_and_delay.max.ms.do_task_dead.do_exit: 1.0
perf-sched.wait_and_delay.max.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
perf-sched.wait_time.avg.ms.do_nanosleep.hrtimer_nanosleep: 2.5
perf-sched.wait_time.avg.ms.do_task_dead.do_exit: 1.0
perf-sched.wait_time.avg.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
perf-sched.wait_time.max.ms.do_nanosleep.hrtimer_nanosleep: 2.5
perf-sched.wait_time.max.ms.do_task_dead.do_exit: 1.0
perf-sched.wait_time.max.ms.poll_schedule_timeout.constprop.0.do_poll.constprop: 0.0
EOF
cmp -s "$T/small.exact" "$T/small.got" && cmp -s "$T/small.exact" "$T/small.want"
ok $? "hand-made: the rows worked out by hand, the script's and the tool's agree" ||
	diff "$T/small.exact" "$T/small.got" | sed 's/^/#   /'

# --- the off-CPU tree ------------------------------------------------------
# Each switch-out's chain (root first under the comm) weighs the wait on
# its task's next line (a task: its whole [tid/pid]), in ns; the last
# switch-out of a task weighs nothing.
offcpu_want() {
	perl -ne '
		next unless /^\s*\d+\.\d+\s+\[\d+\]\s+(.*?)\[(-?\d+(?:\/\d+)?)\]\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s*(.*?)\s*$/;
		my ($comm, $tid, $wait, $chain) = ($1, $2, $3, $4);
		if (exists $pend{$tid}) {
			$w{$pend{$tid}} += int($wait * 1e6 + 0.5);
		}
		$pend{$tid} = join(";", $comm, reverse split(/ <- /, $chain));
		END { print "$_ $w{$_}\n" for sort grep { $w{$_} } keys %w }'
}
for f in stress-mix sleep-dd; do
	"$FLAMEDIFF" fold $d/$f.timehist.gz >"$T/$f.fold" 2>"$T/err"
	ok $? "$f: fold of a timehist exits 0 (its off-CPU time)"
	gzip -dc $d/$f.timehist.gz | offcpu_want >"$T/$f.fwant"
	nonempty "$T/$f.fold" && cmp -s "$T/$f.fwant" "$T/$f.fold"
	ok $? "$f: each switch-out stack weighs its task's next wait (ns)" ||
		diff "$T/$f.fwant" "$T/$f.fold" | head -5 | sed 's/^/#   /'
done
printf 'a;do_sys_poll;do_poll.constprop.0;poll_schedule_timeout.constprop.0 4000000\n' >"$T/small.fwant"
"$FLAMEDIFF" fold "$T/small.th" >"$T/small.fold" 2>"$T/err"
ok $? "fold of the hand-made timehist exits 0"
cmp -s "$T/small.fwant" "$T/small.fold"
ok $? "hand-made: only a's first switch-out has a next line; idle gives nothing" ||
	sed 's/^/#   /' "$T/small.fold"

# --- a profile holding both: the views and the format's off-CPU section ----
cat >"$T/both.prof" <<'EOF'
# flamediff-profile 4 folded
# root: process
# event: "cycles"
# unit: "events"
# samples: 4 samples
# stat: perf-sched.total_wait_and_delay.count.ms = 2 ;
app;main;work 300
app;main;spin 100
# off-cpu
# event: "offcpu"
# unit: "ns"
# samples: 2 switches
app;main;read;vfs_read_[k];schedule_[k] 5000000
app;main;nanosleep;do_nanosleep_[k] 2000000
EOF
printf 'app;main;spin 100\napp;main;work 300\n' >"$T/on.want"
printf 'app;main;nanosleep;do_nanosleep 2000000\napp;main;read;vfs_read;schedule 5000000\n' >"$T/off.want"
for v in "" --on-cpu; do
	"$FLAMEDIFF" fold $v "$T/both.prof" >"$T/on.got" 2>"$T/err"
	ok $? "fold ${v:-(no view)} of a profile holding both exits 0"
	cmp -s "$T/on.want" "$T/on.got"
	ok $? "fold ${v:-(no view)}: the samples (on-CPU is the default when there are some)"
done
"$FLAMEDIFF" fold --off-cpu "$T/both.prof" >"$T/off.got" 2>"$T/err"
ok $? "fold --off-cpu of a profile holding both exits 0"
cmp -s "$T/off.want" "$T/off.got"
ok $? "fold --off-cpu: the off-CPU section's stacks, not the samples"
"$FLAMEDIFF" fold --on-cpu --off-cpu "$T/both.prof" >"$T/x" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'one view at a time' "$T/err"
ok $? "--on-cpu with --off-cpu is refused (exit 2, says why)"

# Round trip: a profile written from one holding both keeps both.
"$FLAMEDIFF" fold -o "$T/rt.prof" "$T/both.prof" 2>"$T/err"
ok $? "fold -o x.prof of a profile holding both exits 0"
head -1 "$T/rt.prof" | grep -qx '# flamediff-profile 4 folded' &&
	grep -qx '# off-cpu' "$T/rt.prof" &&
	grep -qx '# weight: 7000000 ns' "$T/rt.prof"
ok $? "it is version 4 with its off-CPU section and that section's weight"
"$FLAMEDIFF" fold --off-cpu "$T/rt.prof" >"$T/rt.off" 2>"$T/err" &&
	"$FLAMEDIFF" fold --on-cpu "$T/rt.prof" >"$T/rt.on" 2>>"$T/err" &&
	nonempty "$T/rt.off" && nonempty "$T/rt.on"
ok $? "the written profile reads back in both views"
cmp -s "$T/off.want" "$T/rt.off" && cmp -s "$T/on.want" "$T/rt.on"
ok $? "both views read back unchanged"
# Two runs holding both: their off-CPU time adds up as their samples do.
"$FLAMEDIFF" fold -o "$T/two.prof" "$T/both.prof" "$T/both.prof" 2>"$T/err"
ok $? "fold -o of two runs holding both exits 0"
grep -qx '# weight: 14000000 ns' "$T/two.prof"
ok $? "both runs' off-CPU time is kept, not the first run's alone"
"$FLAMEDIFF" fold -o "$T/plain.prof" $d/sleep-dd.timehist.gz 2>"$T/err"
ok $? "fold -o x.prof of a timehist exits 0"
head -1 "$T/plain.prof" | grep -qx '# flamediff-profile 3 folded' &&
	grep -qx '# event: "offcpu"' "$T/plain.prof" &&
	! grep -q '^# off-cpu' "$T/plain.prof"
ok $? "a timehist's profile is version 3, its stacks the off-CPU time (event offcpu)"
"$FLAMEDIFF" fold "$T/plain.prof" >"$T/plain.fold" 2>"$T/err" &&
	nonempty "$T/plain.fold"
ok $? "that profile reads back"
nonempty "$T/plain.fold" && cmp -s "$T/sleep-dd.fold" "$T/plain.fold"
ok $? "... with the same stacks and weights"
"$FLAMEDIFF" report --lkp "$T/plain.prof" >"$T/plain.lkp" 2>"$T/err"
ok $? "report --lkp of it exits 0"
grep '^perf-sched\.' "$T/plain.lkp" >"$T/plain.rows"
cmp -s "$T/sleep-dd.want" "$T/plain.rows"
ok $? "its perf-sched rows survive the profile, byte for byte"
"$FLAMEDIFF" fold --on-cpu "$T/plain.prof" >"$T/x" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'only off-CPU time' "$T/err"
ok $? "--on-cpu on off-CPU stacks alone: exit 2, pointing at --off-cpu"
"$FLAMEDIFF" fold --on-cpu $d/sleep-dd.timehist.gz >"$T/x" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'only off-CPU time' "$T/err"
ok $? "--on-cpu on a timehist: exit 2, pointing at --off-cpu"
printf 'app;main;work 300\n' >"$T/on.folded"
"$FLAMEDIFF" fold --off-cpu "$T/on.folded" >"$T/x" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no off-CPU time' "$T/err"
ok $? "--off-cpu on samples alone: exit 2, says there is no off-CPU time"

# --- off-CPU graphs (tests/offcpu-graph.c checks colours and widths) --------
"$FLAMEDIFF" svg -o "$T/off.svg" $d/sleep-dd.timehist.gz 2>"$T/err"
ok $? "svg of a timehist exits 0"
grep -q '<text id="subtitle"[^>]*>Off-CPU time: ' "$T/off.svg"
ok $? "its subtitle says it is off-CPU time"
svg_frame "$T/off.svg" do_wait >"$T/frame" &&
	grep -q '<title>do_wait (1,183,432,000 ns' "$T/frame" &&
	perl -ne 'exit !(/fill="rgb\((\d+),(\d+),(\d+)\)"/ && $3 >= $2 && $3 > $1 + 40)' "$T/frame"
ok $? "bash's do_wait: as wide as its waits (ns) and blue" ||
	sed 's/^/#   /' "$T/frame"
"$FLAMEDIFF" svg -o "$T/on.svg" "$T/both.prof" 2>"$T/err"
ok $? "svg of a profile holding both exits 0"
[ -s "$T/on.svg" ] && ! grep -q 'Off-CPU time' "$T/on.svg"
ok $? "... showing its samples, without the off-CPU subtitle"
"$FLAMEDIFF" png -o "$T/off.png" --off-cpu "$T/both.prof" 2>"$T/err"
ok $? "png --off-cpu of a profile holding both exits 0"
nonempty "$T/off.png"
ok $? "... and writes the PNG"
"$FLAMEDIFF" svg -o "$T/x.svg" --on-cpu $d/sleep-dd.timehist.gz 2>"$T/err"
[ $? -ne 0 ] && grep -q 'only off-CPU time' "$T/err"
ok $? "svg --on-cpu of a timehist fails, pointing at --off-cpu"

# --- diff of two timehists: LKP's rows compared, the chains that moved -----
"$FLAMEDIFF" diff $d/stress-mix.timehist.gz $d/sleep-dd.timehist.gz \
	>"$T/diff" 2>"$T/err"
ok $? "diff of two timehists exits 0" || sed 's/^/#   /' "$T/err"
grep -q ' perf-sched\.total_wait_time\.average\.ms$' "$T/diff"
ok $? "the table compares the perf-sched rows (total average wait)"
awk '/ perf-sched\./ { s = NR } / perf-profile\./ && !p { p = NR }
	END { exit !(s && p && s < p) }' "$T/diff"
ok $? "perf-sched rows come before the perf-profile rows, as LKP orders them"
grep -q '^Switch-out chains whose wait or delay moved' "$T/diff" &&
	grep -A1 '^  wait  lost   -190\.073   190\.073 ->    0\.000$' "$T/diff" |
	grep -qx '      virtballoon_free_page_report.page_reporting_process.process_one_work.worker_thread.kthread'
ok $? "the explanation names the chain that lost the most wait" ||
	sed -n '/^Switch-out/,/^$/p' "$T/diff" | sed 's/^/#   /'
grep -A1 '^  wait  gained' "$T/diff" | grep -q '__cond_resched\.smpboot_thread_fn\.kthread'
ok $? "... and one that gained"
"$FLAMEDIFF" diff --format json $d/stress-mix.timehist.gz \
	$d/sleep-dd.timehist.gz >"$T/diff.json" 2>"$T/err"
ok $? "diff --format json exits 0"
grep -q '"switch_chains": \[{"chain": "virtballoon_free_page_report' "$T/diff.json"
ok $? "the JSON explanation lists the switch-out chains"
"$FLAMEDIFF" svg --diff $d/stress-mix.timehist.gz $d/sleep-dd.timehist.gz \
	-o "$T/diff.svg" 2>"$T/err"
ok $? "svg --diff of two timehists exits 0"
grep -q '<text id="subtitle"[^>]*>Off-CPU time: ' "$T/diff.svg" &&
	svg_frame "$T/diff.svg" futex_do_wait >"$T/frame" &&
	grep -q 'fill="rgb(255,' "$T/frame"
ok $? "the off-CPU diff: subtitle, and the futex wait that grew in red"

# --- every command says which data it shows --------------------------------
"$FLAMEDIFF" report $d/sleep-dd.timehist.gz >"$T/rep" 2>"$T/err"
ok $? "report of a timehist exits 0"
head -1 "$T/rep" | grep -q '^off-CPU time ' &&
	grep -q '^event offcpu: 1.3k switch-outs, total weight 23.8G ns' "$T/rep"
ok $? "report says it shows off-CPU time, in switch-outs and ns"
"$FLAMEDIFF" report "$T/both.prof" >"$T/rep" 2>"$T/err"
ok $? "report of a profile holding both exits 0"
head -1 "$T/rep" | grep -q '^on-CPU samples (the profile also holds off-CPU time: --off-cpu)'
ok $? "report says it shows the samples and that off-CPU time is there too"
"$FLAMEDIFF" fold $d/sleep-dd.timehist.gz >"$T/x" 2>"$T/err"
ok $? "fold of a timehist exits 0"
nonempty "$T/x" && grep -q 'note: off-CPU time' "$T/err"
ok $? "fold notes on stderr that its weights are off-CPU ns"
grep -q '("1 run, offcpu")' "$T/diff"
ok $? "diff's header names the event of each side (offcpu)"

# --- every line format of perf sched timehist (perf 6.1) -------------------
# One recording printed with each option (tests/data/sched/README): the
# rows of each are LKP's rules on the plain text, and so is the off-CPU
# tree; --strict: no line of any is skipped.
gzip -dc $d/opt-plain.timehist.gz | perl tests/sched-rows.pl >"$T/opt.want"
"$FLAMEDIFF" fold --off-cpu $d/opt-plain.timehist.gz >"$T/opt.fold" 2>"$T/err"
ok $? "timehist: the plain text folds (off-CPU)" || sed 's/^/#   /' "$T/err"
for o in w M V S wMV n state VnstatewM; do
	"$FLAMEDIFF" report --lkp --strict $d/opt-$o.timehist.gz >"$T/opt-$o.lkp" \
		2>"$T/err"
	rc=$?
	grep '^perf-sched\.' "$T/opt-$o.lkp" >"$T/opt-$o.got"
	[ $rc -eq 0 ] && [ $(wc -l <"$T/opt.want") -gt 50 ] &&
		cmp -s "$T/opt.want" "$T/opt-$o.got"
	ok $? "timehist -$o: every line read (--strict), LKP's rows" ||
		{ sed 's/^/#   /' "$T/err"; diff "$T/opt.want" "$T/opt-$o.got" |
			head -5 | sed 's/^/#   /'; }
	"$FLAMEDIFF" fold --off-cpu $d/opt-$o.timehist.gz >"$T/opt-$o.fold" 2>"$T/err"
	[ $? -eq 0 ] && nonempty "$T/opt.fold" && cmp -s "$T/opt.fold" "$T/opt-$o.fold"
	ok $? "timehist -$o: the off-CPU tree of the plain text"
done
# timehist -s (a summary alone) holds no switch: read, said once, exit 0;
# no perf-sched row, an empty off-CPU tree, and a diff against a file
# that has switches shows its rows with no inf or NaN
s_warn='opt-s.timehist.gz: a perf sched timehist summary (-s) and no switch line'
"$FLAMEDIFF" report --lkp $d/opt-s.timehist.gz >"$T/opt-s.lkp" 2>"$T/err"
[ $? -eq 0 ] && [ "$(grep -c "$s_warn" "$T/err")" = 1 ] &&
	! grep -q '^perf-sched\.' "$T/opt-s.lkp" &&
	! grep -Eqi '(^|[ +-])(inf|nan)([ %]|$)' "$T/opt-s.lkp"
ok $? "timehist -s: report --lkp exits 0, says once it holds no switch, no perf-sched row" ||
	sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" fold $d/opt-s.timehist.gz >"$T/opt-s.fold" 2>"$T/err"
[ $? -eq 0 ] && [ "$(grep -c "$s_warn" "$T/err")" = 1 ] &&
	[ ! -s "$T/opt-s.fold" ]
ok $? "timehist -s: fold exits 0, folds nothing, says why once" ||
	sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" diff $d/opt-s.timehist.gz $d/opt-plain.timehist.gz \
	>"$T/opt-s.diff" 2>"$T/err"
[ $? -eq 0 ] && [ "$(grep -c "$s_warn" "$T/err")" = 1 ] &&
	grep -q ' perf-sched\.total_wait_and_delay\.count\.ms$' "$T/opt-s.diff" &&
	! grep -Eqi '(^|[ +-])(inf|nan)([ %]|$)' "$T/opt-s.diff"
ok $? "timehist -s against a timehist: diff exits 0, says so once, the rows, no inf/NaN" ||
	sed 's/^/#   /' "$T/err"

# A task perf prints without [tid] (pid 0), <idle>, and odd lines.
cat >"$T/bare.th" <<'EOF'
           time    cpu  task name                       wait time  sch delay   run time
                        [tid/pid]                          (msec)     (msec)     (msec)
--------------- ------  ------------------------------  ---------  ---------  ---------
     785.872610 [0000]  a[10]                               0.000      0.000      0.010    do_nanosleep <- hrtimer_nanosleep
     785.872619 [0000]  sh                                  0.500      0.250      0.100    do_wait <- kernel_wait4 <- do_syscall_64
     785.872620 [0000]  <idle>                              0.010      0.000      0.001 
     785.872630 [0001]  a[10]                               2.000      0.125      1.000    do_nanosleep <- hrtimer_nanosleep
EOF
"$FLAMEDIFF" report --lkp --strict "$T/bare.th" >"$T/bare.lkp" 2>"$T/err"
rc=$?
grep '^perf-sched\.' "$T/bare.lkp" >"$T/bare.got"
perl tests/sched-rows.pl <"$T/bare.th" >"$T/bare.want"
[ $rc -eq 0 ] && grep -q 'do_wait.kernel_wait4.do_syscall_64' "$T/bare.got" &&
	cmp -s "$T/bare.want" "$T/bare.got"
ok $? "a task without [tid]: read, in LKP's rows" || sed 's/^/#   /' "$T/err"
printf 'a;hrtimer_nanosleep;do_nanosleep 2000000\n' >"$T/bare.fwant"
"$FLAMEDIFF" fold --off-cpu "$T/bare.th" >"$T/bare.fold" 2>"$T/err"
[ $? -eq 0 ] && cmp -s "$T/bare.fwant" "$T/bare.fold"
ok $? "... it weighs no off-CPU time, as <idle>" ||
	sed 's/^/#   /' "$T/bare.fold"
{ cat "$T/bare.th"; echo 'this is not a timehist line'; } >"$T/odd.th"
"$FLAMEDIFF" report --lkp "$T/odd.th" >"$T/odd.lkp" 2>"$T/err"
rc=$?
grep '^perf-sched\.' "$T/odd.lkp" >"$T/odd.got"
[ $rc -eq 0 ] && cmp -s "$T/bare.want" "$T/odd.got" &&
	grep -q 'warning: skipped 1 odd line of .*odd.th:8: not a perf sched timehist line' "$T/err"
ok $? "an odd line: skipped with one warning, every switch read" ||
	sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" report --lkp --strict "$T/odd.th" >"$T/odd.lkp" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'odd.th:8: not a perf sched timehist line' "$T/err"
ok $? "... --strict refuses it (exit 2, FILE:LINE)"

done_testing
