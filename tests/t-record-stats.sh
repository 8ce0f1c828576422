#!/bin/sh
# flamediff record keeps LKP's other rows in the profile: the benchmark's
# figures (stress-ng's metrics table, --metric rules), the time rows from
# the command's rusage, and perf-stat counts; the command's output still
# reaches the terminal unchanged. report --lkp prints them, diff opens with
# the benchmark's headline.
. tests/tap-lib.sh
skip_without stress-ng

skip_unless_recording -- true

# --- the output is copied byte for byte, stdout and stderr apart --------
"$FLAMEDIFF" record -q -o "$T/tee.prof" -- sh -c \
	'printf "one\ntwo\\\\ \001\377"; printf "err line\nno newline" >&2' \
	>"$T/tee.out" 2>"$T/tee.err"
ok $? "record of a command that prints exits 0"
printf 'one\ntwo\\ \001\377' >"$T/tee.want"
cmp -s "$T/tee.out" "$T/tee.want"
ok $? "its stdout reaches our stdout byte for byte"
printf 'err line\nno newline' >"$T/tee.ewant"
cmp -s "$T/tee.err" "$T/tee.ewant"
ok $? "its stderr reaches our stderr byte for byte (-q: nothing else)"
# without -q, our summary follows on a line of its own, not glued to the
# command's last line (which has no newline)
"$FLAMEDIFF" record -o "$T/tee2.prof" -- sh -c 'printf "no newline" >&2' \
	>/dev/null 2>"$T/tee2.err"
rc=$?
[ $rc -eq 0 ] && sed -n 2p "$T/tee2.err" >"$T/tee2.l2" &&
	head -1 "$T/tee2.err" | grep -qx 'no newline' &&
	grep -q '^flamediff record: ' "$T/tee2.l2"
ok $? "our own lines start on a line of their own" ||
	sed 's/^/#   /' "$T/tee2.err"

# A run that takes no sample (a period of 100 s of task-clock: none in a
# short command, whatever the machine) is a profile all the same: its
# stats read back, -q prints nothing of ours, and without -q the warning
# starts on a line of its own.
"$FLAMEDIFF" record -q -c 100000000000 --no-stat --testcase demo \
	--metric 'ops_per_sec=rate: ([0-9.]+) ops/s' -o "$T/none.prof" -- \
	sh -c 'echo "rate: 12.5 ops/s"; printf "no newline" >&2' \
	>/dev/null 2>"$T/none.err"
rc=$?
printf 'no newline' >"$T/none.ewant"
[ $rc -eq 0 ] && grep -qx '# samples: 0 samples' "$T/none.prof" &&
	cmp -s "$T/none.ewant" "$T/none.err"
ok $? "a run without samples: a profile, and -q prints no warning" ||
	sed 's/^/#   /' "$T/none.err"
"$FLAMEDIFF" report --lkp "$T/none.prof" >"$T/none.lkp" 2>"$T/err"
[ $? -eq 0 ] && grep -qx 'demo.ops_per_sec: 12.5' "$T/none.lkp" &&
	grep -q '^demo.time.elapsed_time: ' "$T/none.lkp"
ok $? "report --lkp of it prints its stats" || sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" record -c 100000000000 --no-stat -o "$T/none2.prof" -- \
	sh -c 'printf "no newline" >&2' >/dev/null 2>"$T/none2.err"
rc=$?
[ $rc -eq 0 ] && head -1 "$T/none2.err" | grep -qx 'no newline' &&
	grep -q '^flamediff record: warning: no samples' "$T/none2.err"
ok $? "without -q: the warning on a line of its own" ||
	sed 's/^/#   /' "$T/none2.err"

# --- stress-ng's metrics table, the time rows, perf-stat -----------------
"$FLAMEDIFF" record -o "$T/r.prof" -- stress-ng --mremap 2 -t 3 \
	--metrics-brief >"$T/r.out" 2>"$T/r.err"
ok $? "record -- stress-ng --mremap 2 -t 3 --metrics-brief exits 0"
grep -q 'metrc:.* mremap  *[0-9]' "$T/r.err"
ok $? "stress-ng's metrics table is on stderr as it printed it"
# the value as stress-ng printed it: field 9 of its mremap row
ops_ps=$(awk '$4 == "mremap" && (NF == 10 || NF == 12) && $5 ~ /^[0-9]+$/ \
	{ print $9 }' "$T/r.err")
ops=$(awk '$4 == "mremap" && (NF == 10 || NF == 12) && $5 ~ /^[0-9]+$/ \
	{ print $5 }' "$T/r.err")
"$FLAMEDIFF" report --lkp "$T/r.prof" >"$T/r.lkp" 2>"$T/r.lkp.err"
ok $? "report --lkp exits 0"
# as numbers: stress-ng prints "39.40", LKP's stats (and ours) "39.4"
same_number() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 == b + 0) }'
}
got=$(sed -n 's/^stress-ng\.mremap\.ops_per_sec: //p' "$T/r.lkp")
same_number "$got" "$ops_ps"
ok $? "stress-ng.mremap.ops_per_sec is what stress-ng printed ($ops_ps: $got)"
[ -n "$ops" ] && grep -qx "stress-ng.mremap.ops: $ops" "$T/r.lkp"
ok $? "stress-ng.mremap.ops is what stress-ng printed ($ops)"
grep -qx 'stress-ng.mremap.pass: 1' "$T/r.lkp"
ok $? "stress-ng.mremap.pass"
for k in user_time system_time elapsed_time percent_of_cpu_this_job_got \
	maximum_resident_set_size major_page_faults minor_page_faults \
	voluntary_context_switches involuntary_context_switches \
	file_system_inputs file_system_outputs; do
	grep -q "^stress-ng.time.$k: [0-9]" "$T/r.lkp"
	ok $? "stress-ng.time.$k"
done
grep '^stress-ng.time.elapsed_time: ' "$T/r.lkp" >"$T/el" &&
	awk '{ exit !($2 >= 2.9 && $2 < 6) }' "$T/el"
ok $? "elapsed_time is the 3 s run ($(cat "$T/el"))"
for k in context-switches cpu-migrations page-faults; do
	grep -q "^perf-stat.ps.$k: [0-9]" "$T/r.lkp"
	ok $? "perf-stat.ps.$k"
	grep -q "^perf-stat.i.$k: [0-9]" "$T/r.lkp"
	ok $? "perf-stat.i.$k"
done
# keys only: "a.call: 1" sorts after "a.call.pass: 1" as a line
nonempty "$T/r.lkp" && cut -d: -f1 "$T/r.lkp" >"$T/keys" &&
	LC_ALL=C sort -c "$T/keys"
ok $? "the stats lines are sorted bytewise, as LKP's stats files"
grep -q '^perf-profile.children.' "$T/r.lkp"
ok $? "the perf-profile rows are there too"

"$FLAMEDIFF" report "$T/r.prof" >"$T/r.table" 2>&1
ok $? "report exits 0"
got=$(head -1 "$T/r.table" |
	sed -n 's/^stress-ng\.mremap\.ops_per_sec \([0-9.]*\), elapsed [0-9.]* s$/\1/p')
same_number "$got" "$ops_ps"
ok $? "report's table opens with the headline: $(head -1 "$T/r.table")"

# flamegraph.pl reads the profile as folded stacks: no stat line drawn
if command -v perl >/dev/null && [ -f /work/shared/oracles/flamegraph.pl ]; then
	perl /work/shared/oracles/flamegraph.pl "$T/r.prof" >"$T/r.svg" 2>/dev/null
	fg=$?
	[ $fg -eq 0 ] && nonempty "$T/r.svg" && grep -q '<title>' "$T/r.svg" &&
		! grep -q '<title># stat' "$T/r.svg"
	ok $? "flamegraph.pl draws no '# stat:' frame"
else
	ok 0 "# SKIP flamegraph.pl oracle not here"
fi

# --- --metric, --testcase, --no-stat --------------------------------------
"$FLAMEDIFF" record -q --no-stat --testcase demo \
	--metric 'ops_per_sec=rate: ([0-9.]+) ops/s' --metric 'lat=^p99 ([0-9]+)' \
	-o "$T/m.prof" -- sh -c 'echo "rate: 12.5 ops/s"; echo "rate: 13.5 ops/s" >&2; echo "p99 x"' \
	>"$T/m.out" 2>"$T/m.err"
ok $? "record --metric exits 0"
"$FLAMEDIFF" report --lkp "$T/m.prof" >"$T/m.lkp" 2>&1
ok $? "report --lkp of it exits 0"
grep -qx 'demo.ops_per_sec: 13.5' "$T/m.lkp"
ok $? "--metric: the last matching line (stdout or stderr) gives the value"
[ -s "$T/m.lkp" ] && ! grep -q '^demo.lat' "$T/m.lkp"
ok $? "--metric: no row when no line gives a number"
grep -q '^demo.time.elapsed_time: ' "$T/m.lkp"
ok $? "--testcase names the time rows"
[ -s "$T/m.lkp" ] && ! grep -q '^perf-stat\.' "$T/m.lkp"
ok $? "--no-stat: no perf-stat rows"
"$FLAMEDIFF" record -q --metric 'x=(' -o "$T/bad.prof" -- true \
	>/dev/null 2>"$T/bad.err"
[ $? -eq 1 ] && grep -q 'metric' "$T/bad.err" && [ ! -e "$T/bad.prof" ]
ok $? "a bad --metric regex is a usage error (1), no profile"

# --- system-wide perf-stat agrees with perf stat -a ----------------------
if command -v perf >/dev/null &&
	perf stat -a -e context-switches -- true >/dev/null 2>&1; then
	# perf stat runs inside the recording, around the same stress-ng:
	# both count the same seconds of the same run.
	"$FLAMEDIFF" record -q -a --testcase stress-ng -o "$T/sw.prof" -- \
		perf stat -a -e context-switches -o "$T/perf.stat" -- \
		stress-ng --switch 1 -t 3 >/dev/null 2>&1
	ok $? "record -a -- perf stat -a -- stress-ng --switch 1 -t 3"
	"$FLAMEDIFF" report --lkp "$T/sw.prof" >"$T/sw.lkp" 2>&1
	ok $? "report --lkp of it"
	ours=$(sed -n 's/^perf-stat.ps.context-switches: //p' "$T/sw.lkp")
	cs=$(awk '/context-switches/ { gsub(",", "", $1); print $1 }' \
		"$T/perf.stat")
	secs=$(awk '/seconds time elapsed/ { print $1 }' "$T/perf.stat")
	# LKP's rule drops the last interval's counts (cut short by the end
	# of the run) but keeps its time: the rate may be up to one second's
	# worth of the run low, never higher than perf stat's (10% for noise).
	[ -n "$ours" ] && [ -n "$cs" ] && [ -n "$secs" ] &&
		awk -v a="$ours" -v c="$cs" -v s="$secs" 'BEGIN {
			b = c / s; lo = b * (1 - 1 / (s + 1)) * 0.9
			exit !(b > 0 && a >= lo && a <= 1.1 * b) }'
	ok $? "perf-stat.ps.context-switches $ours: perf stat's $cs / $secs s, less at most the last interval"
else
	ok 0 "# SKIP perf stat -a cannot count here"
fi

# --- diff of 3 runs a side opens with the headline ------------------------
mkdir -p "$T/base" "$T/new"
for i in 1 2 3; do
	for side in base new; do
		"$FLAMEDIFF" record -q -o "$T/$side/$i.prof" -- \
			stress-ng --mremap 2 -t 2 --metrics-brief \
			>/dev/null 2>&1 || echo "record $side $i failed" >>"$T/runs.err"
	done
done
[ ! -s "$T/runs.err" ]
ok $? "six runs recorded"
"$FLAMEDIFF" diff --no-explain "$T/base" "$T/new" >"$T/diff.txt" 2>"$T/diff.err"
ok $? "diff of 3 runs a side exits 0"
# the first row after the column heads: "   ...  \  " then the rows
awk 'found { print; exit } /\\ *\| *\\/ { found = 1 }' "$T/diff.txt" \
	>"$T/first"
grep -q ' stress-ng.mremap.ops_per_sec$' "$T/first"
ok $? "its first row is stress-ng.mremap.ops_per_sec: $(cat "$T/first")"
grep 'stress-ng.mremap.ops_per_sec$' "$T/diff.txt" >"$T/row" &&
	awk '{ exit !($2 ~ /%$/ || $3 ~ /%$/ || $4 ~ /%$/) }' "$T/row"
ok $? "with LKP's layout: base, change in %, new, key"
"$FLAMEDIFF" diff "$T/base" "$T/new" >"$T/explain.txt" 2>"$T/explain.err"
ok $? "diff with the explanation exits 0"
sed -n '/^stress-ng\.mremap\.ops_per_sec \(rose\|fell\|did not change\)/,$p' \
	"$T/explain.txt" >"$T/expl"
head -1 "$T/expl" | grep -q '^stress-ng.mremap.ops_per_sec [a-z ]*[0-9.]*%* *([0-9.]* [kMGT]* *-> [0-9.]* [kMGT]* *ops/s\(, p = [0-9.e-]*\)*)' &&
	sed -n 2,4p "$T/expl" | grep -q '^What moved'
ok $? "the explanation opens with the headline: $(head -1 "$T/expl")"
"$FLAMEDIFF" svg --diff "$T/base" "$T/new" -o "$T/d.svg" 2>"$T/svg.err"
ok $? "svg --diff exits 0"
grep -q 'stress-ng.mremap.ops_per_sec [-+][0-9.]*% ([0-9.e+]* -&gt; [0-9.e+]*)  |  base' "$T/d.svg"
ok $? "the SVG's info line opens with the headline change"

done_testing
