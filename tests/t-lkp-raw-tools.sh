#!/bin/sh
# LKP's raw files of vmstat, mpstat and iostat (the tools' own output), of
# numa-numastat, numa-vmstat, numa-meminfo and cpuidle ("time:" then the
# node's file or the CPUs' lines): each read by content and reduced as LKP
# reduces a run, equal to the expected stats of the worked examples of
# ../shared/reference/lkp-monitors.md (our own copies in tests/data/lkp-raw).
. tests/tap-lib.sh

d=tests/data/lkp-raw

# name, then the expected key,base_mean lines
expect() {
	m=$1
	shift
	"$FLAMEDIFF" diff --all --no-explain --format csv "$d/$m" "$d/$m" \
		>"$T/$m.csv" 2>"$T/err"
	ok $? "diff of two raw $m files exits 0" || sed 's/^/#   /' "$T/err"
	cut -d, -f1,4 "$T/$m.csv" | sort >"$T/$m.got"
	printf 'key,base_mean\n' >"$T/$m.want"
	for kv in "$@"; do
		printf '%s\n' "$kv" >>"$T/$m.want"
	done
	sort -o "$T/$m.want" "$T/$m.want"
	nonempty "$T/$m.got" && cmp -s "$T/$m.got" "$T/$m.want"
	ok $? "raw $m: the reference's expected stats" ||
		diff "$T/$m.got" "$T/$m.want" | sed 's/^/#   /'
}

# vmstat: all means, the first row (since boot) kept, no all-zero rows
# (procs.b, memory.swpd, cpu.wa), --timestamp's date and time not fields
expect vmstat vmstat.cpu.id,69 vmstat.cpu.st,0.3333333333 \
	vmstat.cpu.sy,5.666666667 vmstat.cpu.us,25 vmstat.io.bi,4 \
	vmstat.io.bo,10 vmstat.memory.buff,10000 vmstat.memory.cache,200100 \
	vmstat.memory.free,7990000 vmstat.procs.r,2 vmstat.system.cs,721 \
	vmstat.system.in,557.6666667

# mpstat -o JSON: means of the all row, the peak utilisation and its second
expect mpstat mpstat.cpu.all.idle%,24.37 mpstat.cpu.all.iowait%,0.25 \
	mpstat.cpu.all.sys%,4.535 mpstat.cpu.all.usr%,70.845 \
	mpstat.max_utilization.seconds,2 mpstat.max_utilization_pct,100

# numa-numastat: every key a counter, last - first
expect numa-numastat numa-numastat.node0.interleave_hit,0 \
	numa-numastat.node0.local_node,0 numa-numastat.node0.numa_hit,0 \
	numa-numastat.node1.interleave_hit,0 \
	numa-numastat.node1.local_node,90 numa-numastat.node1.numa_hit,100 \
	numa-numastat.node1.other_node,10

# numa-vmstat: numa_* deltas, other nr_* means
expect numa-vmstat numa-vmstat.node0.nr_active_anon,450 \
	numa-vmstat.node0.nr_free_pages,100 numa-vmstat.node0.numa_hit,1000

# numa-meminfo: means, plus AnonPages.max
expect numa-meminfo numa-meminfo.node0.AnonPages,225000 \
	numa-meminfo.node0.AnonPages.max,226000 \
	numa-meminfo.node0.MemTotal,16000000 \
	numa-meminfo.node1.MemTotal,16000000

# cpuidle: summed over CPUs at each snapshot, end - start
expect cpuidle cpuidle..time,3816145 cpuidle..usage,462

# iostat -tkx: each report a sample (its ISO time line), the avg-cpu
# line's cpu.*, the table under "Device:" DEV.COLUMN ('%' dropped):
# means, .max of the await columns, a row 0 throughout (rrqm/s) none
expect iostat iostat.cpu.idle,32.58 iostat.cpu.iowait,0.14 \
	iostat.cpu.nice,6.205 iostat.cpu.steal,0.145 iostat.cpu.system,16.72 \
	iostat.cpu.user,44.215 iostat.sda.avgqu-sz,0.02 \
	iostat.sda.avgqu-sz.max,0.03 iostat.sda.avgrq-sz,24.47 \
	iostat.sda.await,4 iostat.sda.await.max,5 iostat.sda.r/s,0.25 \
	iostat.sda.r_await,1 iostat.sda.r_await.max,2 iostat.sda.rkB/s,4 \
	iostat.sda.svctm,0.75 iostat.sda.svctm.max,1 iostat.sda.util,0.14 \
	iostat.sda.w/s,1.6 iostat.sda.w_await,4.21 iostat.sda.w_await.max,5 \
	iostat.sda.wkB/s,18 iostat.sda.wrqm/s,0.05
# a third report with %util 400, out of LKP's range [0, 300]: that whole
# sample is dropped, so the figures stay; sysstat 12's "Device" header
# (no colon): LKP reads no device, only cpu.*
{ cat "$d/iostat"; sed -n '10,15p' "$d/iostat" | sed 's/ 0\.20$/ 400.00/'; } \
	>"$T/io.range"
"$FLAMEDIFF" diff --all --no-explain --format csv "$T/io.range" \
	"$T/io.range" >"$T/io.range.csv" 2>"$T/err"
ok $? "diff of iostat with a %util out of range exits 0" ||
	sed 's/^/#   /' "$T/err"
cut -d, -f1,4 "$T/io.range.csv" | sort >"$T/io.range.got"
nonempty "$T/io.range.got" && cmp -s "$T/io.range.got" "$T/iostat.got"
ok $? "... that report dropped whole (the same rows)" ||
	diff "$T/io.range.got" "$T/iostat.got" | sed 's/^/#   /'
sed 's/^Device:  /Device   /' "$d/iostat" >"$T/io.12"
"$FLAMEDIFF" diff --all --no-explain --format csv "$T/io.12" "$T/io.12" \
	>"$T/io.12.csv" 2>"$T/err"
ok $? "diff of sysstat 12's iostat exits 0" || sed 's/^/#   /' "$T/err"
cut -d, -f1 "$T/io.12.csv" | sed 1d | sort >"$T/io.12.got"
grep -o '^iostat\.cpu\.[a-z]*' "$T/iostat.want" >"$T/io.12.want"
nonempty "$T/io.12.got" && cmp -s "$T/io.12.got" "$T/io.12.want"
ok $? "... its 'Device' table without a colon: cpu.* rows only, as LKP's parse" ||
	diff "$T/io.12.got" "$T/io.12.want" | sed 's/^/#   /'
head -2 "$d/iostat" >"$T/io.bad"
echo 'nothing iostat prints' >>"$T/io.bad"
"$FLAMEDIFF" diff "$T/io.bad" "$T/io.bad" >"$T/bad.out" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q "no 'avg-cpu:' report" "$T/bad.err"
ok $? "sysstat's banner without an avg-cpu report: bad input (exit 2), said so" ||
	sed 's/^/#   /' "$T/bad.err"

# a second build's vmstat: the change is LKP's
sed 's/ 1774 / 3548 /; s/  176 /  352 /; s/  213 /  426 /' "$d/vmstat" \
	>"$T/vmstat.b"
"$FLAMEDIFF" diff --all --no-explain --format csv "$d/vmstat" "$T/vmstat.b" \
	>"$T/ab.csv" 2>"$T/err"
ok $? "diff of two builds' vmstat exits 0" || sed 's/^/#   /' "$T/err"
grep '^vmstat.system.cs,' "$T/ab.csv" >"$T/row" && grep -q ',1442,' "$T/row"
ok $? "... vmstat.system.cs doubles (721 -> 1442)" || sed 's/^/#   /' "$T/ab.csv"

# LKP's change rules: a row of a percentage (mpstat's, perf-stat's
# miss-rate%) changes in points, a counter in percent of base
for r in 1 2 3; do
	printf 'mpstat.cpu.all.sys%%: 2.8%s\nvmstat.system.cs: 100%s\n' $r $r \
		>"$T/pa$r"
	printf 'mpstat.cpu.all.sys%%: 3.3%s\nvmstat.system.cs: 200%s\n' $r $r \
		>"$T/pb$r"
done
"$FLAMEDIFF" diff --no-explain --base "$T/pa1" --base "$T/pa2" \
	--base "$T/pa3" --new "$T/pb1" --new "$T/pb2" --new "$T/pb3" \
	>"$T/pts" 2>"$T/err"
ok $? "diff of 3 + 3 stats files with a % row exits 0" ||
	sed 's/^/#   /' "$T/err"
grep -Eq '^ +2\.82 +\+0\.5 +3\.32 +mpstat\.cpu\.all\.sys%$' "$T/pts"
ok $? "... mpstat.cpu.all.sys% changes in points (+0.5), as LKP's report" ||
	sed 's/^/#   /' "$T/pts"
grep -Eq '^ +1002 +\+99\.8% +2002 +vmstat\.system\.cs$' "$T/pts"
ok $? "... vmstat.system.cs in percent (+99.8%)" || sed 's/^/#   /' "$T/pts"

# mpstat's JSON without a cpu-load item is bad input, said so
printf '{"sysstat": {\n"hosts": []\n}}\n' >"$T/mp.bad"
"$FLAMEDIFF" diff "$T/mp.bad" "$T/mp.bad" >"$T/bad.out" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q 'no cpu-load item' "$T/bad.err"
ok $? "mpstat JSON with no cpu-load item: bad input (exit 2), said so" ||
	sed 's/^/#   /' "$T/bad.err"
# a truncated mpstat document: an item cut short
head -c 450 "$d/mpstat" >"$T/mp.cut"
"$FLAMEDIFF" diff "$T/mp.cut" "$T/mp.cut" >"$T/cut.out" 2>"$T/cut.err"
[ $? -eq 2 ] && grep -q 'mpstat' "$T/cut.err"
ok $? "a truncated mpstat document: bad input (exit 2)" ||
	sed 's/^/#   /' "$T/cut.err"

done_testing
