#!/bin/sh
# diff of 3 + 3 recorded runs of two stress-ng settings reads like a robot
# report: the benchmark's rows, then time, the monitors, perf-stat,
# perf-sched and perf-profile, in that order (LKP's families).
. tests/tap-lib.sh
skip_without stress-ng
skip_unless_recording --sched -- true

mkdir "$T/a" "$T/b"
for i in 1 2 3; do
	"$FLAMEDIFF" record -q --sched -o "$T/a/$i.prof" -- \
		stress-ng --mremap 1 -t 2 --metrics >/dev/null 2>"$T/err.a$i"
	ok $? "record a/$i: stress-ng --mremap 1" || sed 's/^/#   /' "$T/err.a$i"
	"$FLAMEDIFF" record -q --sched -o "$T/b/$i.prof" -- \
		stress-ng --mremap 2 -t 2 --metrics >/dev/null 2>"$T/err.b$i"
	ok $? "record b/$i: stress-ng --mremap 2" || sed 's/^/#   /' "$T/err.b$i"
done
"$FLAMEDIFF" diff --all --no-explain "$T/a" "$T/b" >"$T/diff" 2>"$T/err"
ok $? "diff --all of the 3 + 3 runs exits 0" || sed 's/^/#   /' "$T/err"

# The family of each row of the table, in the table's order.
awk '$NF ~ /^[A-Za-z_-]+\.[^ ]/ && $1 ~ /^[0-9]/ { print $NF }' "$T/diff" |
	awk '{
		f = "benchmark"
		if ($0 ~ /^perf-profile\./) f = "6 perf-profile"
		else if ($0 ~ /^perf-sched\./) f = "5 perf-sched"
		else if ($0 ~ /^perf-stat\./) f = "4 perf-stat"
		else if ($0 ~ /^(vmstat|mpstat|meminfo|proc-vmstat|interrupts|softirqs|slabinfo|cpuidle|diskstats|numa-[a-z]+|sched_debug)\./) f = "3 monitors"
		else if ($0 ~ /^[^.]+\.time\./) f = "2 time"
		else f = "1 benchmark"
		print f
	}' >"$T/families"
uniq "$T/families" >"$T/order"
printf '1 benchmark\n2 time\n3 monitors\n4 perf-stat\n5 perf-sched\n6 perf-profile\n' >"$T/want"
nonempty "$T/order" && cmp -s "$T/order" "$T/want"
ok $? "every family is there, each in one block, in LKP's order" ||
	sed 's/^/#   /' "$T/order"
head -1 "$T/families" >"$T/first"
grep -q benchmark "$T/first" &&
	awk '$NF ~ /^[A-Za-z_-]+\.[^ ]/ && $1 ~ /^[0-9]/ { print $NF; exit }' "$T/diff" >"$T/head" &&
	grep -qx 'stress-ng.mremap.ops_per_sec' "$T/head"
ok $? "the table opens with stress-ng.mremap.ops_per_sec" ||
	sed 's/^/#   /' "$T/head"
for k in vmstat.system.cs mpstat.cpu.all.sys% meminfo.SUnreclaim \
	proc-vmstat.pgfault interrupts.LOC:Local_timer_interrupts; do
	grep -qE " $(printf '%s' "$k" | sed 's/[.%]/\\&/g')\$" "$T/diff"
	ok $? "the table has $k"
done

done_testing
