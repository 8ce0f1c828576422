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

done_testing
