#!/bin/sh
# LKP's perf-profile result file (perf report --children --header -U -g
# folded,0.5,callee --sort=dso,symbol), read as LKP's parse reads it:
# report --lkp of it equals LKP's stats of it, row for row, on the two
# real captures of tests/data; the name rules on a small hand-made one;
# and diff compares two such files.
. tests/tap-lib.sh

d=tests/data
for n in mremap session; do
	"$FLAMEDIFF" report --lkp "$d/$n.perf-report.txt.gz" >"$T/$n.got" \
		2>"$T/err"
	ok $? "report --lkp of $n's perf report text exits 0" ||
		sed 's/^/#   /' "$T/err"
	nonempty "$T/$n.got" && cmp -s "$T/$n.got" "$d/$n.lkp-stats.txt"
	ok $? "... equals LKP's stats of it, row for row ($(grep -c '' "$d/$n.lkp-stats.txt") rows)" ||
		diff "$T/$n.got" "$d/$n.lkp-stats.txt" | head -5 | sed 's/^/#   /'
done

# The rules, by hand: the event of the header (':' made '-'), .isra.N
# .constprop.N .part.N removed and the rows that then meet summed, a chain
# cut to five names, only values of 0.05 or more.
cat >"$T/r.txt" <<'EOS'
# Samples: 1K of event 'cycles:pp'
# Children      Self  Shared Object         Symbol
#
    60.00%    10.00%  [kernel.kallsyms]     [k] foo.isra.0          -      -
40.00% foo.isra.0;a;b;c;d;e
20.00% foo.isra.0;a;b;c;d;f
    20.00%     0.04%  [kernel.kallsyms]     [k] foo.constprop.1     -      -
20.00% foo.constprop.1;g
     5.00%     5.00%  libc.so.6             [.] bar.cold            -      -
EOS
"$FLAMEDIFF" report --lkp "$T/r.txt" >"$T/r.got" 2>"$T/err"
ok $? "report --lkp of a hand-made report exits 0" || sed 's/^/#   /' "$T/err"
cat >"$T/r.want" <<'EOS'
perf-profile.calltrace.cycles-pp.foo.a.b.c.d: 60.00
perf-profile.calltrace.cycles-pp.foo.g: 20.00
perf-profile.children.cycles-pp.bar.cold: 5.00
perf-profile.children.cycles-pp.foo: 80.00
perf-profile.self.cycles-pp.bar.cold: 5.00
perf-profile.self.cycles-pp.foo: 10.04
EOS
nonempty "$T/r.got" && cmp -s "$T/r.got" "$T/r.want"
ok $? "LKP's name rules, five-name chains, sums" ||
	diff "$T/r.got" "$T/r.want" | sed 's/^/#   /'

# diff of two result files: the perf-profile rows in points
"$FLAMEDIFF" diff --no-explain "$d/mremap.perf-report.txt.gz" \
	"$d/session.perf-report.txt.gz" >"$T/diff" 2>"$T/err"
ok $? "diff of two perf-profile result files exits 0" ||
	sed 's/^/#   /' "$T/err"
grep -Eq '^ +21\.07 +-21\.1 +0\.00 +perf-profile\.calltrace\.cpu-clock\.__GI___mremap$' "$T/diff"
ok $? "... with LKP's rows (mremap's __GI___mremap calltrace gone: -21.1)" ||
	grep __GI___mremap "$T/diff" | head -3 | sed 's/^/#   /'

# perf-stat's raw output and stress-ng's, LKP's other result files
cat >"$T/a.perf-stat" <<'EOS'
perf stat -a --scale -I 1000 -x , -e context-switches --log-fd 1 -D 0 -- wait
     1.000100000,10,,context-switches,1000100000,100.00,10.000,/sec
     2.000200000,20,,context-switches,1000100000,100.00,20.000,/sec
     2.500300000,999,,context-switches,500100000,100.00,1998.000,/sec
EOS
sed 's/,20,,/,40,,/' "$T/a.perf-stat" >"$T/b.perf-stat"
"$FLAMEDIFF" diff --all --no-explain --format csv "$T/a.perf-stat" \
	"$T/b.perf-stat" >"$T/ps.csv" 2>"$T/err"
ok $? "diff of two perf stat -x , outputs exits 0" || sed 's/^/#   /' "$T/err"
grep '^perf-stat.ps.context-switches,' "$T/ps.csv" >"$T/row" &&
	grep -q ',11.99856017,' "$T/row"
ok $? "ps.context-switches: the kept counts over the last timestamp (30 / 2.5003)" ||
	sed 's/^/#   /' "$T/ps.csv"
cat >"$T/a.stress-ng" <<'EOS'
stress-ng: info:  [2721] dispatching hogs: 2 mremap
stress-ng: metrc: [2721] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max
stress-ng: metrc: [2721]                           (secs)    (secs)    (secs)   (real time) (usr+sys time) instance (%)          (KB)
stress-ng: metrc: [2721] mremap               43      5.08      0.01      4.39         8.46           9.79        43.19        133300
stress-ng: info:  [2721] successful run completed in 5.08s
EOS
sed 's/ 43  / 86  /; s/8\.46/16.92/' "$T/a.stress-ng" >"$T/b.stress-ng"
"$FLAMEDIFF" diff --no-explain "$T/a.stress-ng" "$T/b.stress-ng" \
	>"$T/sng" 2>"$T/err"
ok $? "diff of two stress-ng outputs exits 0" || sed 's/^/#   /' "$T/err"
grep -Eq '^ +8\.46 +\+100\.0% +16\.92 +stress-ng\.mremap\.ops_per_sec$' "$T/sng"
ok $? "... opens with stress-ng.mremap.ops_per_sec, +100.0%" ||
	sed 's/^/#   /' "$T/sng"

# A monitor's raw file: "time:" then the /proc file, the monitor told by
# its text (the reference's worked examples of proc-vmstat and meminfo)
printf 'time: 1700000001\nnr_free_pages 2193415\npgfault 1000000\nworkingset_refault_file 5000\ntime: 1700000002\nnr_free_pages 2193411\npgfault 1000500\nworkingset_refault_file 5010\ntime: 1700000003\nnr_free_pages 2193407\npgfault 1001000\nworkingset_refault_file 5020\n' >"$T/proc-vmstat"
printf 'time: 1700000001\nMemTotal:       24683568 kB\nMemFree:        17081723 kB\nHugePages_Total:       0\ntime: 1700000002\nMemTotal:       24683568 kB\nMemFree:        17071723 kB\nHugePages_Total:       0\ntime: 1700000003\nMemTotal:       24683568 kB\nMemFree:        17091723 kB\nHugePages_Total:       0\n' >"$T/meminfo"
for m in proc-vmstat meminfo; do
	"$FLAMEDIFF" diff --all --no-explain --format csv "$T/$m" "$T/$m" \
		>"$T/$m.csv" 2>"$T/err"
	ok $? "diff of two raw $m files exits 0" || sed 's/^/#   /' "$T/err"
done
cut -d, -f1,4 "$T/proc-vmstat.csv" | sort >"$T/pv.got"
printf 'key,base_mean\nproc-vmstat.nr_free_pages,2193411\nproc-vmstat.pgfault,1000\nproc-vmstat.workingset_refault_file,5010\n' | sort >"$T/pv.want"
nonempty "$T/pv.got" && cmp -s "$T/pv.got" "$T/pv.want"
ok $? "raw proc-vmstat: gauges averaged, listed counters last - first" ||
	diff "$T/pv.got" "$T/pv.want" | sed 's/^/#   /'
cut -d, -f1,4 "$T/meminfo.csv" | sort >"$T/mi.got"
printf 'key,base_mean\nmeminfo.MemFree,17081723\nmeminfo.MemTotal,24683568\nmeminfo.Memused,7601845\nmeminfo.max_used_kB,7608511.667\n' | sort >"$T/mi.want"
nonempty "$T/mi.got" && cmp -s "$T/mi.got" "$T/mi.want"
ok $? "raw meminfo: Memused, max_used_kB, no HugePages_Total row" ||
	diff "$T/mi.got" "$T/mi.want" | sed 's/^/#   /'
printf 'time: 1700000001\nsomething else entirely\n' >"$T/bad"
"$FLAMEDIFF" diff "$T/bad" "$T/bad" >"$T/bad.out" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q 'no monitor LKP runs' "$T/bad.err"
ok $? "a raw file of no known monitor is bad input (exit 2), said so"

done_testing
