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
# its task's next line, in ns; the last switch-out of a task weighs nothing.
offcpu_want() {
	perl -ne '
		next unless /^\s*\d+\.\d+\s+\[\d+\]\s+(.*?)\[(-?\d+)[^\]]*\]\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s*(.*?)\s*$/;
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

done_testing
