#!/bin/sh
# record --sched: the scheduler tracepoints folded while recording into
# LKP's perf-sched rows (as perf sched timehist and LKP's parse would give
# them) and into the off-CPU tree, beside the usual on-CPU samples. The
# program (tests/progs/sleepspin) sleeps 100 times 10 ms in sleeper(),
# then spins in spinner().
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs
PROG=$PROGS/sleepspin
# The program runs on CPU 0. The kernels of the machines this was written
# on (6.18, Firecracker) never trace a switch from CPU 1's idle task:
# `perf sched record -a` sees none there either. Without the switch-in,
# timehist's rules give a task waking on CPU 1 a WAIT of 0 and count its
# sleep as run time -- perf sched timehist prints the same -- and the
# checks of 10 ms waits below would measure that machine, not flamediff.
PIN=
command -v taskset >/dev/null && PIN="taskset -c 0"

# tracefs: the tracepoints' ids and formats are read from it. As root,
# mount it where it belongs when nobody did.
have_tracefs() {
	[ -r /sys/kernel/tracing/events/sched/sched_switch/format ] ||
		[ -r /sys/kernel/debug/tracing/events/sched/sched_switch/format ]
}
if ! have_tracefs && [ "$(id -u)" = 0 ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
fi
if ! have_tracefs; then
	echo "1..0 # SKIP no readable tracefs (mount -t tracefs nodev /sys/kernel/tracing, as root)"
	exit 0
fi
skip_unless_recording --sched -- true

# row KEY FILE: the value of the stat row KEY in a profile (nothing, and a
# failure, when absent)
row() {
	sed -n "s/^# stat: $1 = \([^ ]*\) ;\$/\1/p" "$2" | grep .
}

# --- a command: its switches, its on-CPU samples ---------------------------
"$FLAMEDIFF" record -q --sched -o "$T/s.prof" -- $PIN "$PROG" 2>"$T/s.err"
ok $? "record --sched -- sleepspin exits 0" ||
	sed 's/^/#   /' "$T/s.err"
# the nanosleep chain: whatever the kernel calls it, do_nanosleep is in it
key=$(sed -n 's/^# stat: perf-sched\.wait_and_delay\.count\.\([^ ]*do_nanosleep[^ ]*\) = .*/\1/p' \
	"$T/s.prof" | head -1)
[ -n "$key" ]
ok $? "a perf-sched row for the nanosleep chain ($key)"
n=$(row "perf-sched.wait_and_delay.count.$key" "$T/s.prof")
awk -v n="$n" 'BEGIN { exit !(n >= 90 && n <= 110) }'
ok $? "about 100 switches in nanosleep ($n)"
avg=$(row "perf-sched.wait_time.avg.ms.$key" "$T/s.prof")
awk -v v="$avg" 'BEGIN { exit !(v >= 10 && v <= 13) }'
ok $? "waiting about 10 ms each (wait_time.avg.ms $avg)"
# timehist names no user frame: sleepspin's preemptions in spinner() are
# "irqentry_exit_to_user_mode <- ... <- [unknown] <- [unknown]" there
grep '^# stat: perf-sched\.' "$T/s.prof" >"$T/rows"
ok $? "the profile holds perf-sched rows"
! grep -Eq '\.(spinner|main|sleeper|nap|__libc_start_call_main)[. ]' "$T/rows"
ok $? "user frames in chains are [unknown], as timehist prints them"
for k in total_wait_time.max.ms total_wait_time.average.ms \
	total_sch_delay.max.ms total_sch_delay.average.ms \
	total_wait_and_delay.count.ms total_wait_and_delay.max.ms \
	total_wait_and_delay.average.ms; do
	row "perf-sched.$k" "$T/s.prof" >/dev/null
	ok $? "the total row perf-sched.$k"
done
"$FLAMEDIFF" fold "$T/s.prof" >"$T/on.folded" 2>"$T/on.err"
ok $? "fold of the profile exits 0"
grep -q ';spinner' "$T/on.folded"
ok $? "the on-CPU samples hold spinner()"

# --- the off-CPU tree ---------------------------------------------------
"$FLAMEDIFF" fold --off-cpu "$T/s.prof" >"$T/off.folded" \
	2>"$T/off.err"
ok $? "fold --off-cpu exits 0"
# sleeper's stacks, in nanoseconds: about 100 x 10 ms
awk '/;sleeper;/ { s += $NF } END { exit !(s > 0.9e9 && s < 1.5e9) }' \
	"$T/off.folded"
ok $? "sleeper() is off the CPU about 1 s ($(awk '/;sleeper;/ { s += $NF } END { print s }' "$T/off.folded") ns)"
grep ';sleeper;' "$T/off.folded" |
	grep -Eq ';do_nanosleep(_\[k\])?(;| )'
ok $? "its off-CPU stack goes down to do_nanosleep"

# --- -p: a running process, its sleeps counted from its first switch -----
$PIN "$PROG" 300 0 &
spid=$!
sleep 0.3
"$FLAMEDIFF" record -q --sched -p $spid -d 1 -o "$T/p.prof" 2>"$T/p.err"
ok $? "record --sched -p PID -d 1 exits 0" || sed 's/^/#   /' "$T/p.err"
kill $spid 2>/dev/null
wait $spid 2>/dev/null
n=$(row "perf-sched.wait_and_delay.count.$key" "$T/p.prof")
awk -v n="$n" 'BEGIN { exit !(n >= 70 && n <= 110) }'
ok $? "about 100 nanosleep switches in its 1 s ($n)"
avg=$(row "perf-sched.wait_time.avg.ms.$key" "$T/p.prof")
awk -v v="$avg" 'BEGIN { exit !(v >= 9 && v <= 13) }'
ok $? "waiting about 10 ms each ($avg)"

# --- system-wide -----------------------------------------------------------
"$FLAMEDIFF" record -q --sched -a -d 0.5 -o "$T/a.prof" 2>"$T/a.err"
ok $? "record --sched -a -d 0.5 exits 0"
n=$(row "perf-sched.total_wait_and_delay.count.ms" "$T/a.prof")
[ "${n:-0}" -gt 0 ]
ok $? "system-wide, some switches are counted ($n)"

# --- no tracefs: a clear error, exit 2, no profile ------------------------
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null &&
	unshare -m true 2>/dev/null; then
	unshare -m sh -c 'umount /sys/kernel/tracing 2>/dev/null;
		umount /sys/kernel/debug/tracing 2>/dev/null;
		umount /sys/kernel/debug 2>/dev/null;
		exec "$0" record -q --sched -a -d 0.1 -o "$1"' \
		"$FLAMEDIFF" "$T/none.prof" 2>"$T/none.err"
	rc=$?
	[ $rc -eq 2 ]
	ok $? "without tracefs, record --sched exits 2 ($rc)"
	grep -q 'mount -t tracefs' "$T/none.err"
	ok $? "and says how to mount it: $(head -1 "$T/none.err")"
	[ ! -e "$T/none.prof" ]
	ok $? "and writes no profile"
else
	ok 0 "# SKIP cannot hide tracefs here (needs root and unshare -m)"
fi

# --- against perf sched timehist ------------------------------------------
if command -v perf >/dev/null &&
	perf sched record -g -o "$T/perf.data" -- $PIN "$PROG" \
		>"$T/perf.out" 2>"$T/perf.err"; then
	perf sched timehist -i "$T/perf.data" >"$T/timehist" 2>"$T/th.err"
	ok $? "perf sched timehist exits 0"
	theirs=$(grep -c 'sleepspin\[.*do_nanosleep <- ' "$T/timehist")
	ours=$(row "perf-sched.wait_and_delay.count.$key" "$T/s.prof")
	awk -v a="$ours" -v b="$theirs" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
	ok $? "nanosleep switches within 5% of perf's (ours $ours, perf $theirs)"
else
	ok 0 "# SKIP perf sched record cannot run here: $(head -1 "$T/perf.err" 2>/dev/null)"
fi

done_testing
