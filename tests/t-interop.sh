#!/bin/sh
# A flamediff profile is folded stacks with a header: tools that read
# folded stacks must draw exactly what they draw for the stack lines alone.
# The oracles are the real flamegraph.pl and difffolded.pl, unmodified,
# beside the project (../shared/oracles/README.md); never copied in here.
. tests/tap-lib.sh

top=$(pwd)
oracles="$top/../shared/oracles"
skip_without perl
if [ ! -f "$oracles/flamegraph.pl" ] || [ ! -f "$oracles/difffolded.pl" ]; then
	echo "1..0 # SKIP no flamegraph.pl/difffolded.pl in $oracles"
	exit 0
fi

# titles SVG: every frame title flamegraph.pl drew, sorted.
titles() {
	grep -o '<title>[^<]*</title>' "$1" | sort
}

# Profiles whose headers have values ending in digits: the kernel release
# and a command line ending in a number ("notify 3"), a label in quotes.
"$FLAMEDIFF" fold -o "$T/mremap.profile" tests/data/mremap.perf-script.gz
ok $? "fold -o mremap.profile"
"$FLAMEDIFF" fold -o "$T/a.profile" share/demo/recorded/build-A/run1.profile &&
	head -1 "$T/a.profile" | grep -q '^# flamediff-profile [0-9]'
ok $? "a version 2 profile folds into the current version"
"$FLAMEDIFF" fold -o "$T/b.profile" share/demo/recorded/build-B/run1.profile &&
	head -1 "$T/b.profile" | grep -q '^# flamediff-profile [0-9]'
ok $? "and another"
grep -q '^# cmdline: ".* 3"$' "$T/a.profile"
ok $? "the header holds a value that ends in a digit"

for p in mremap a b; do
	grep -v '^#' "$T/$p.profile" >"$T/$p.stacks"
	nonempty "$T/$p.stacks" && nonempty "$T/$p.profile" &&
		perl "$oracles/flamegraph.pl" "$T/$p.profile" >"$T/$p.svg" \
			2>"$T/$p.err" &&
		perl "$oracles/flamegraph.pl" "$T/$p.stacks" >"$T/$p.ref.svg" \
			2>/dev/null
	ok $? "flamegraph.pl draws $p.profile and its stack lines"
	titles "$T/$p.svg" >"$T/$p.titles"
	titles "$T/$p.ref.svg" >"$T/$p.ref.titles"
	[ "$(wc -l <"$T/$p.titles")" -gt 10 ] &&
		cmp -s "$T/$p.titles" "$T/$p.ref.titles"
	ok $? "$p: the same frame titles as for the stack lines alone" ||
		diff "$T/$p.ref.titles" "$T/$p.titles" | head -5 | sed 's/^/#   /'
done

# The check above would catch the old header: before version 3, "#
# kernel: 6.18.44-fc-v782" and "# weight: N" were frames to flamegraph.pl.
v2=$T/v2.profile
printf '# flamediff-profile 2\n# root: process\n# event: cpu-clock\n# weight: 30\np;main;f 10\np;main;g 20\n' >$v2
"$FLAMEDIFF" report --lkp $v2 >"$T/v2.lkp" && nonempty "$T/v2.lkp" &&
	perl "$oracles/flamegraph.pl" $v2 >"$T/v2.svg" 2>/dev/null &&
	grep -q '<title># weight:' "$T/v2.svg"
ok $? "the check is sensitive: a version 1 header drew '# weight:' frames"

# difffolded.pl on two profiles: the same lines as on their stacks alone.
# It prints in hash order (sorted here), and it turns every line that is
# not a stack, any comment, into one empty stack " 0 0" (it never skips a
# line): that one line is no frame, and is left out.
nonempty "$T/a.stacks" && nonempty "$T/b.stacks" &&
	perl "$oracles/difffolded.pl" "$T/a.profile" "$T/b.profile" \
		>"$T/ab.raw" 2>/dev/null &&
	perl "$oracles/difffolded.pl" "$T/a.stacks" "$T/b.stacks" \
		>"$T/ab.ref.raw" 2>/dev/null &&
	grep -v '^ 0 0$' "$T/ab.raw" | sort >"$T/ab.diff" &&
	sort "$T/ab.ref.raw" >"$T/ab.ref.diff" &&
	[ "$(wc -l <"$T/ab.ref.diff")" -gt 10 ] &&
	cmp -s "$T/ab.diff" "$T/ab.ref.diff"
ok $? "difffolded.pl: two profiles give what their stack lines give"

# And flamediff reads back the quoted values the others ignore.
"$FLAMEDIFF" diff "$T/a.profile" "$T/b.profile" >"$T/ab.txt" 2>"$T/ab.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^  build-A ("1 run, task-clock, kernel 6\.' "$T/ab.txt"
ok $? "flamediff reads the quoted label, event and kernel back" ||
	head -5 "$T/ab.txt" | sed 's/^/#   /'

# LKP stats files: their rows are figures, there is no call tree in them.
stats=tests/data/mremap.lkp-stats.txt
for cmd in svg png; do
	"$FLAMEDIFF" $cmd $stats -o "$T/stats.$cmd" 2>"$T/stats.err"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'no call tree' "$T/stats.err" &&
		[ ! -e "$T/stats.$cmd" ]
	ok $? "$cmd refuses LKP stats: no call tree (exit $rc), no file"
done
"$FLAMEDIFF" report --lkp $stats >"$T/stats.lkp" 2>"$T/stats.err"
ok $? "report --lkp of a stats file exits 0"
grep '^perf-profile\.' $stats | sort >"$T/stats.want"
nonempty "$T/stats.lkp" && cmp -s "$T/stats.want" "$T/stats.lkp"
ok $? "... and prints its perf-profile rows as they are"
"$FLAMEDIFF" report --lkp <$stats >"$T/stdin.lkp" 2>"$T/stats.err"
rc=$?
[ $rc -eq 0 ] && nonempty "$T/stdin.lkp" && cmp -s "$T/stats.want" "$T/stdin.lkp"
ok $? "... from standard input too (exit $rc)"
# two runs: the mean of each key, a missing key counting as 0
printf 'perf-profile.self.cycles-pp.f: 10.00\nperf-profile.self.cycles-pp.g: 3.00\nother.metric: 7\n' \
	>"$T/run1.stats"
printf 'perf-profile.self.cycles-pp.f: 20.00\n' >"$T/run2.stats"
"$FLAMEDIFF" report "$T/run1.stats" "$T/run2.stats" >"$T/mean" 2>"$T/stats.err"
rc=$?
printf 'perf-profile.self.cycles-pp.f: 15.00\nperf-profile.self.cycles-pp.g: 1.50\n' \
	>"$T/mean.want"
[ $rc -eq 0 ] && cmp -s "$T/mean.want" "$T/mean"
ok $? "report of two stats runs: the mean of each perf-profile row"

# Event names: perf script prints "cpu-clock:pppH" for what was recorded
# as cpu-clock ("ppp" and "H" are perf's own modifiers): one event, whose
# rows match; LKP names it "cpu-clock". The same samples a side.
I=tests/data/interop
"$FLAMEDIFF" diff --all $I/small.pppH.perf-script $I/small.cpu-clock.profile \
	>"$T/ev.txt" 2>"$T/ev.err"
rc=$?
[ $rc -eq 0 ] && grep -q 'perf-profile\.children\.cpu-clock\.' "$T/ev.txt" &&
	! grep -q 'pppH-\|cpu-clock-' "$T/ev.txt"
ok $? "cpu-clock:pppH against cpu-clock: keys named cpu-clock (exit $rc)"
grep 'perf-profile\.' "$T/ev.txt" >"$T/ev.rows"
[ $rc -eq 0 ] && [ "$(wc -l <"$T/ev.rows")" -gt 20 ] &&
	awk '{ if ($1 != $3 || $2 != "+0.0") bad = 1 } END { exit bad }' \
		"$T/ev.rows"
ok $? "every row matched: the same value on both sides, no spurious row" ||
	grep -v '+0.0' "$T/ev.rows" | head -3 | sed 's/^/#   /'
[ "$(grep -c 'same event' "$T/ev.err")" -eq 1 ] &&
	grep -q 'cpu-clock:pppH' "$T/ev.err"
ok $? "stderr says once that the spellings differ"
"$FLAMEDIFF" report --lkp $I/small.pppH.perf-script >"$T/ev.lkp" 2>/dev/null
rc=$?
[ $rc -eq 0 ] && grep -q '^perf-profile\.self\.cpu-clock\.' "$T/ev.lkp" &&
	! grep -q 'pppH' "$T/ev.lkp"
ok $? "report --lkp names cpu-clock:pppH as LKP does: cpu-clock"

# Different events are refused, unless --event-name says to go on.
"$FLAMEDIFF" diff $I/small.pppH.perf-script $I/small.instructions.perf-script \
	>"$T/ev2.txt" 2>"$T/ev2.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'different events' "$T/ev2.err" &&
	grep -q 'instructions' "$T/ev2.err"
ok $? "cpu-clock against instructions: refused (exit $rc), both named"
"$FLAMEDIFF" diff --all --event-name cpu-clock $I/small.pppH.perf-script \
	$I/small.instructions.perf-script >"$T/ev3.txt" 2>"$T/ev3.err"
rc=$?
[ $rc -eq 0 ] && grep -q 'perf-profile\.' "$T/ev3.txt"
ok $? "... and compared with --event-name (exit $rc)"

# Odd lines of folded text: flamegraph.pl ignores a line without a count
# ("Ignored N lines with invalid format"); fold skips the same lines, so
# flamegraph.pl draws fold's output as it draws the raw file.
printf 'p;main;f 10\nthis line has no count\np;main;g 20\nq;x\np;main;f 5\n' \
	>"$T/odd.folded"
"$FLAMEDIFF" fold "$T/odd.folded" >"$T/odd.out" 2>"$T/odd.err"
rc=$?
perl "$oracles/flamegraph.pl" "$T/odd.folded" >"$T/odd.ref.svg" 2>"$T/odd.ref.err"
perl "$oracles/flamegraph.pl" "$T/odd.out" >"$T/odd.svg" 2>/dev/null
titles "$T/odd.svg" >"$T/odd.titles"
titles "$T/odd.ref.svg" >"$T/odd.ref.titles"
[ $rc -eq 0 ] && grep -q 'Ignored 2 lines' "$T/odd.ref.err" &&
	grep -q 'skipped 2 odd lines of .*odd.folded:2:' "$T/odd.err" &&
	[ "$(wc -l <"$T/odd.titles")" -eq 5 ] &&
	cmp -s "$T/odd.titles" "$T/odd.ref.titles"
ok $? "odd folded lines: fold skips what flamegraph.pl ignores" ||
	{ sed 's/^/#   /' "$T/odd.err"; diff "$T/odd.ref.titles" "$T/odd.titles" |
		head -5 | sed 's/^/#   /'; }

done_testing
