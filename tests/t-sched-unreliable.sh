#!/bin/sh
# record --sched's note of lost records in the profile (its off-CPU
# section's "# lost:" and "# unreliable:" lines): read back, and said by
# report --lkp, whose perf-sched rows it concerns.
. tests/tap-lib.sh

key=do_nanosleep.hrtimer_nanosleep.common_nsleep.__x64_sys_clock_nanosleep.do_syscall_64
write_file "$T/s.prof" "# flamediff-profile 4 folded
# root: process
# event: \"task-clock\"
# unit: \"ns\"
# samples: 1 samples
# lost: 0 samples
# stat: perf-sched.wait_and_delay.count.$key = 100 ;
sleepspin;main;spinner 1000000
# off-cpu
# event: \"offcpu\"
# unit: \"ns\"
# samples: 100 switches
# lost: 12 records
# unreliable: \"3 of 100 switches (12 records lost, 0 switch-ins not traced): $key (3 of 100)\"
sleepspin;main;sleeper;nap;do_nanosleep_[k] 990000000
"
"$FLAMEDIFF" report --lkp "$T/s.prof" >"$T/rows" 2>"$T/err"
ok $? "report --lkp of a profile with lost sched records exits 0"
grep -q "^perf-sched.wait_and_delay.count.$key: 100" "$T/rows"
ok $? "its perf-sched rows are there"
grep -q "note: perf-sched rows may be wrong: 3 of 100 switches (12 records lost.*$key (3 of 100)" \
	"$T/err"
ok $? "and a note names the key whose switches span the lost records"
"$FLAMEDIFF" fold --off-cpu "$T/s.prof" >"$T/off" 2>/dev/null &&
	grep -q ';do_nanosleep 990000000$' "$T/off"
ok $? "the off-CPU section still reads"
done_testing
