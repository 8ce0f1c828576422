#!/bin/sh
# record --sched: the scheduler tracepoints folded while recording into
# LKP's perf-sched rows (as perf sched timehist and LKP's parse would give
# them) and into the off-CPU tree, beside the usual on-CPU samples. The
# program (tests/progs/sleepspin) sleeps 100 times 10 ms in sleeper(),
# then spins in spinner().
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs
PROG=$PROGS/sleepspin
# Nothing is pinned: the sleeper migrates, wakes on idle CPUs, and the
# waits are checked against perf sched timehist recording the same run.
# (The kernel of the machine this was written on, 6.18 in Firecracker,
# never traces a switch out of CPU 1's idle task -- perf sees none there
# either -- so a sleep that wakes there has a WAIT of 0 in both: only
# perf, not a fixed 10 ms, can say what the right average is.)

# tracefs: the tracepoints' ids and formats are read from it. As root,
# record mounts it where it belongs when nobody did, as perf does: the
# first check unmounts it (where nothing holds it) to see that.
have_tracefs() {
	[ -r /sys/kernel/tracing/events/sched/sched_switch/format ] ||
		[ -r /sys/kernel/debug/tracing/events/sched/sched_switch/format ]
}
unmounted=
if [ "$(id -u)" = 0 ] && grep -q ' /sys/kernel/tracing tracefs ' /proc/mounts &&
	umount /sys/kernel/tracing 2>/dev/null; then
	unmounted=yes
fi
if [ -z "$unmounted" ] && ! have_tracefs; then
	echo "1..0 # SKIP no readable tracefs, and not root to mount it"
	exit 0
fi
# (a probe that bails out leaves tracefs as it found it)
[ "$unmounted" ] && trap 'rm -rf "$T"
	grep -q " /sys/kernel/tracing tracefs " /proc/mounts ||
		mount -t tracefs nodev /sys/kernel/tracing' EXIT
skip_unless_recording --sched -- true
if [ "$unmounted" ]; then
	grep -q ' /sys/kernel/tracing tracefs ' /proc/mounts
	ok $? "record --sched mounted tracefs where nobody had" ||
		mount -t tracefs nodev /sys/kernel/tracing # as it was
else
	ok 0 "# SKIP tracefs is in use or not ours to unmount: its mounting is not tried"
fi

# row KEY FILE: the value of the stat row KEY in a profile (nothing, and a
# failure, when absent)
row() {
	sed -n "s/^# stat: $1 = \([^ ]*\) ;\$/\1/p" "$2" | grep .
}

have_perf=
command -v perf >/dev/null &&
	perf sched record -o "$T/probe.data" -- true >"$T/probe.out" 2>&1 &&
	have_perf=1

# sched_run NAME: record --sched -- sleepspin (100 sleeps, 0.3 s of spin)
# into $T/NAME.prof,
# under perf sched record (into $T/NAME.data) when perf can: both see the
# same run. flamediff's exit status into $T/NAME.rc.
sched_run() {
	name=$1
	if [ -n "$have_perf" ]; then
		perf sched record -g -o "$T/$name.data" -- sh -c \
			'"$0" record -q --sched -o "$1.prof" -- "$2" 100 0.3 \
			2>"$1.err"; echo $? >"$1.rc"' "$FLAMEDIFF" "$T/$name" \
			"$PROG" >"$T/$name.perf.out" 2>&1
		perf sched timehist -i "$T/$name.data" >"$T/$name.th" \
			2>"$T/$name.th.err" || rm -f "$T/$name.th"
	else
		"$FLAMEDIFF" record -q --sched -o "$T/$name.prof" -- "$PROG" \
			100 0.3 2>"$T/$name.err"
		echo $? >"$T/$name.rc"
	fi
}

# perf_waits NAME: "COUNT AVERAGE" of sleepspin's nanosleep switches in
# perf's timehist of the run. The first line after its exec gets WAIT 0,
# as ours does: perf saw the task before its exec (flamediff's child
# waiting to exec), record --sched counts it from its exec. The task ends
# at its do_task_dead switch: after it, its pid may be another's that
# perf still calls sleepspin (a fork storm reuses pids at once).
perf_waits() {
	awk '/ sleepspin\[/ && !dead {
		dead = index($0, "do_task_dead")
		w = first++ ? $4 : 0
		if (index($0, "do_nanosleep <- ")) { s += w; n++ }
	} END { if (n) printf "%d %.3f\n", n, s / n }' "$T/$1.th"
}

# compare NAME CONDITION: our nanosleep rows against perf's
compare() {
	[ "$(cat "$T/$1.rc" 2>/dev/null)" = 0 ]
	ok $? "$2: record --sched -- sleepspin (unpinned) exits 0" ||
		sed 's/^/#   /' "$T/$1.err"
	if [ -z "$have_perf" ] || [ ! -s "$T/$1.th" ]; then
		ok 0 "# SKIP $2: no perf sched to compare with"
		ok 0 "# SKIP $2: no perf sched to compare with"
		return
	fi
	k=$(sed -n 's/^# stat: perf-sched\.wait_and_delay\.count\.\([^ ]*do_nanosleep[^ ]*\) = .*/\1/p' \
		"$T/$1.prof" | head -1)
	n=$(row "perf-sched.wait_and_delay.count.$k" "$T/$1.prof")
	avg=$(row "perf-sched.wait_time.avg.ms.$k" "$T/$1.prof")
	perf_waits "$1" >"$T/$1.theirs"
	read -r pn pavg <"$T/$1.theirs"
	awk -v a="$n" -v b="$pn" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
	ok $? "$2: nanosleep switches within 5% of perf's (ours $n, perf $pn)"
	awk -v a="$avg" -v b="$pavg" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.1 * b) }'
	ok $? "$2: average wait within 10% of perf sched timehist's (ours $avg ms, perf $pavg ms)"
	grep '^# unreliable:' "$T/$1.prof" | cut -c1-200
}

# --- a command on idle CPUs, beside two busy loops, beside a fork storm ----
sched_run s
compare s "idle CPUs"

sh -c 'while :; do :; done' &
busy1=$!
sh -c 'while :; do :; done' &
busy2=$!
sched_run busy
kill $busy1 $busy2
wait $busy1 $busy2 2>/dev/null
compare busy "beside two busy loops"

if command -v stress-ng >/dev/null; then
	stress-ng --fork 2 --timeout 60 >/dev/null 2>&1 &
	storm=$!
	sleep 0.3
	sched_run fork
	kill $storm
	wait $storm 2>/dev/null
	compare fork "beside stress-ng --fork 2"
else
	for i in 1 2 3; do
		ok 0 "# SKIP no stress-ng for the fork storm"
	done
fi

# --- the idle run's rows and trees -------------------------------------------
# the nanosleep chain: whatever the kernel calls it, do_nanosleep is in it
key=$(sed -n 's/^# stat: perf-sched\.wait_and_delay\.count\.\([^ ]*do_nanosleep[^ ]*\) = .*/\1/p' \
	"$T/s.prof" | head -1)
[ -n "$key" ]
ok $? "a perf-sched row for the nanosleep chain ($key)"
n=$(row "perf-sched.wait_and_delay.count.$key" "$T/s.prof")
awk -v n="$n" 'BEGIN { exit !(n >= 90 && n <= 110) }'
ok $? "about 100 switches in nanosleep ($n)"
avg=$(row "perf-sched.wait_time.avg.ms.$key" "$T/s.prof")
awk -v v="$avg" 'BEGIN { exit !(v > 0 && v <= 13) }'
ok $? "waiting at most about 10 ms each (wait_time.avg.ms $avg)"
# timehist names no user frame: sleepspin's preemptions in spinner() are
# "irqentry_exit_to_user_mode <- ... <- [unknown] <- [unknown]" there
grep '^# stat: perf-sched\.' "$T/s.prof" >"$T/rows"
ok $? "the profile holds perf-sched rows"
[ -s "$T/rows" ] &&
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
# sleeper's stacks, in nanoseconds: what perf's WAITs after its nanosleep
# switch-outs add up to (about 100 x 10 ms where every switch-in is traced)
awk '/;sleeper;/ { s += $NF } END { printf "%.0f\n", s }' "$T/off.folded" \
	>"$T/off.ours"
if [ -s "$T/s.th" ]; then
	awk '/ sleepspin\[/ && !dead {
		dead = index($0, "do_task_dead")
		if (prev && first) s += $4 * 1e6
		first = 1; prev = index($0, "do_nanosleep <- ")
	} END { printf "%.0f\n", s }' "$T/s.th" >"$T/off.perf"
	awk -v a="$(cat "$T/off.ours")" -v b="$(cat "$T/off.perf")" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.1 * b) }'
	ok $? "sleeper() is off the CPU as long as perf's waits say ($(cat "$T/off.ours") ns, perf $(cat "$T/off.perf") ns)"
else
	awk -v a="$(cat "$T/off.ours")" 'BEGIN { exit !(a > 0 && a < 1.5e9) }'
	ok $? "sleeper() is off the CPU at most about 1 s ($(cat "$T/off.ours") ns)"
fi
grep ';sleeper;' "$T/off.folded" |
	grep -Eq ';do_nanosleep(_\[k\])?(;| )'
ok $? "its off-CPU stack goes down to do_nanosleep"

# --- -p: a running process, its sleeps counted from its first switch -----
"$PROG" 300 0 &
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
awk -v v="$avg" 'BEGIN { exit !(v > 0 && v <= 13) }'
ok $? "waiting at most about 10 ms each ($avg)"

# --- system-wide -----------------------------------------------------------
"$FLAMEDIFF" record -q --sched -a -d 0.5 -o "$T/a.prof" 2>"$T/a.err"
ok $? "record --sched -a -d 0.5 exits 0"
n=$(row "perf-sched.total_wait_and_delay.count.ms" "$T/a.prof")
[ "${n:-0}" -gt 0 ]
ok $? "system-wide, some switches are counted ($n)"

# --- no tracefs: a clear error, exit 2, no profile ------------------------
# (root without CAP_SYS_ADMIN, which record would need to mount it)
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null &&
	command -v setpriv >/dev/null && unshare -m true 2>/dev/null; then
	unshare -m sh -c 'umount /sys/kernel/tracing 2>/dev/null;
		umount /sys/kernel/debug/tracing 2>/dev/null;
		umount /sys/kernel/debug 2>/dev/null;
		exec setpriv --bounding-set -sys_admin "$0" record -q \
			--sched -a -d 0.1 -o "$1"' \
		"$FLAMEDIFF" "$T/none.prof" 2>"$T/none.err"
	rc=$?
	[ $rc -eq 2 ]
	ok $? "without tracefs, record --sched exits 2 ($rc)"
	grep -q 'mount -t tracefs' "$T/none.err"
	ok $? "and says how to mount it: $(head -1 "$T/none.err")"
	[ ! -e "$T/none.prof" ]
	ok $? "and writes no profile"
else
	ok 0 "# SKIP cannot hide tracefs here (needs root, unshare -m, setpriv)"
fi

done_testing
