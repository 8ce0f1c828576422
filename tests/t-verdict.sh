#!/bin/sh
# diff --exit-code and --fail-on: a verdict for git bisect run and CI, by
# the table's own rule (diff_changed()), on the demo's shipped runs; and
# share/bisect-step.sh under a real `git bisect run`.
. tests/tap-lib.sh

A=share/demo/recorded/build-A
B=share/demo/recorded/build-B

# --- --exit-code ----------------------------------------------------------
"$FLAMEDIFF" diff --exit-code "$A" "$B" >"$T/ab.txt" 2>"$T/ab.err"
[ $? -eq 1 ]
ok $? "diff --exit-code of the demo's builds A and B exits 1"
nonempty "$T/ab.txt" && grep -q 'perf-profile.children.task-clock.spin_lock' "$T/ab.txt"
ok $? "and still prints the table"

# the oracle: the rows the CSV marks changed (it lists the shown rows)
"$FLAMEDIFF" diff --format csv "$A" "$B" >"$T/ab.csv"
ok $? "diff --format csv exits 0"
awk -F, 'NR > 1 && $13 == 1' "$T/ab.csv" >"$T/changed"
first=$(head -1 "$T/changed" | cut -d, -f1)
n=$(wc -l <"$T/changed")
[ "$n" -gt 0 ] && grep -qx "flamediff: $n rows changed (first: $first [-+][0-9.]*%*.*)" "$T/ab.err"
ok $? "the summary counts the rows the table marks changed ($n) and names the first"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/ab.err"
[ "$(wc -l <"$T/ab.err")" -eq 1 ]
ok $? "the summary is one line on stderr"

"$FLAMEDIFF" diff --exit-code "$A" "$A" >"$T/aa.txt" 2>"$T/aa.err"
[ $? -eq 0 ] && grep -qx 'flamediff: no row changed' "$T/aa.err"
ok $? "a build against itself: exit 0, 'no row changed'"

"$FLAMEDIFF" diff --exit-code --rows stats --top 1 "$A" "$B" \
	>"$T/top.txt" 2>"$T/top.err"
[ $? -eq 1 ] && grep -q '^flamediff: 1 row changed' "$T/top.err"
ok $? "--rows and --top narrow what --exit-code counts to the rows shown"

# --- --fail-on -------------------------------------------------------------
fail_on() {	# WANT-STATUS WHAT RULE...
	want=$1 what=$2
	shift 2
	"$FLAMEDIFF" diff "$@" "$A" "$B" >"$T/f.txt" 2>"$T/f.err"
	rc=$?
	[ $rc -eq "$want" ] && nonempty "$T/f.txt" && nonempty "$T/f.err"
	ok $? "$what (exit $want)"
	[ $rc -eq "$want" ] || sed 's/^/#   /' "$T/f.err"
}
fail_on 1 "--fail-on a changed row past its threshold" \
	--fail-on 'children.spin_lock<-5'
fail_on 0 "--fail-on a changed row short of its threshold" \
	--fail-on 'children.spin_lock<-50'
fail_on 1 "--fail-on in percent of the base (do_operation +76%)" \
	--fail-on 'perf-profile.children.task-clock.do_operation>+50%'
fail_on 0 "... and not past +80%" \
	--fail-on 'children.do_operation>+80%'
fail_on 0 "--fail-on the headline, shown but not changed by the rule" \
	--fail-on 'notify.ops_per_sec>+5%'
fail_on 1 "a comma list: any rule may fire" \
	--fail-on 'notify.ops_per_sec>+5%,self.spin_lock<-10'
fail_on 1 "repeated: any rule may fire" \
	--fail-on 'notify.ops_per_sec>+5%' --fail-on 'self.spin_lock<-10'
fail_on 1 "--fail-on counts a row --rows does not show" \
	--rows stats --fail-on 'self.spin_lock<-10'
grep -qx 'flamediff: 1 row changed past --fail-on (first: perf-profile.self.task-clock.spin_lock -41.9 points)' "$T/f.err"
ok $? "the summary names the row and its change"
fail_on 0 "--fail-on a key no row has" --fail-on 'children.no_such_fn>1'
grep -q "no row has that key" "$T/f.err"
ok $? "... says so on stderr"

"$FLAMEDIFF" diff --fail-on 'children.spin_lock' "$A" "$B" >"$T/bad.txt" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q 'want KEY<N or KEY>N' "$T/bad.err"
ok $? "a rule without a threshold: exit 2 and why"
"$FLAMEDIFF" diff --fail-on 'x<5points' "$A" "$B" >"$T/bad.txt" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q "after the number" "$T/bad.err"
ok $? "a threshold with junk after it: exit 2"
"$FLAMEDIFF" diff --exit-code --no-such-option "$A" "$B" >"$T/bad.txt" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q 'unknown option' "$T/bad.err"
ok $? "with --exit-code a usage error exits 2, not 1 (changed)"
"$FLAMEDIFF" diff --exit-code "$A" "$T/none" >"$T/bad.txt" 2>"$T/bad.err"
[ $? -eq 2 ] && nonempty "$T/bad.err"
ok $? "a side that does not exist: exit 2"

# --- share/bisect-step.sh -------------------------------------------------
step=share/bisect-step.sh
FLAMEDIFF="$FLAMEDIFF" sh $step "$A" --side "$B" >"$T/s.out" 2>"$T/s.err"
[ $? -eq 1 ] && grep -q '^flamediff: [0-9]* rows changed' "$T/s.err"
ok $? "bisect-step.sh --side B against good A: 1 (bad)"
FLAMEDIFF="$FLAMEDIFF" sh $step "$A" --side "$A" >"$T/s.out" 2>"$T/s.err"
[ $? -eq 0 ] && grep -q '^flamediff: no row changed' "$T/s.err"
ok $? "bisect-step.sh --side A against good A: 0 (good)"
FLAMEDIFF="$FLAMEDIFF" sh $step --fail-on 'children.spin_lock>+5' "$A" \
	--side "$B" >"$T/s.out" 2>"$T/s.err"
[ $? -eq 0 ] && grep -q 'no row changed past --fail-on' "$T/s.err"
ok $? "bisect-step.sh passes --fail-on to diff"
FLAMEDIFF="$FLAMEDIFF" sh $step --build false "$A" --side "$A" \
	>"$T/s.out" 2>"$T/s.err"
[ $? -eq 125 ]
ok $? "a failing build: 125 (skip)"
FLAMEDIFF="$FLAMEDIFF" sh $step "$A" -- "$T/no-such-command" \
	>"$T/s.out" 2>"$T/s.err"
[ $? -eq 125 ] && grep -q 'recording run 1 failed' "$T/s.err"
ok $? "a failing recording: 125 (skip)"
FLAMEDIFF="$FLAMEDIFF" sh $step "$A" --side "$T/none" >"$T/s.out" 2>"$T/s.err"
[ $? -eq 128 ]
ok $? "diff cannot compare: 128 (git bisect stops)"

# The README's recipe under git bisect run, the build's side shipped: six
# commits, the fourth turns build A into build B.
skip_without git
mkdir "$T/repo" && cd "$T/repo" || exit 1
top=$OLDPWD
git init -q . && git config user.email t@example.org &&
	git config user.name t || exit 1
for i in 1 2 3 4 5 6; do
	if [ $i -lt 4 ]; then echo "$top/$A"; else echo "$top/$B"; fi >side
	echo $i >n
	git add side n && git commit -q -m "commit $i" || exit 1
done
good=$(git rev-list --max-parents=0 HEAD)
bad4=$(git rev-list HEAD~2 -1)
git bisect start HEAD "$good" >/dev/null 2>&1
FLAMEDIFF="$FLAMEDIFF" git bisect run sh -c \
	'exec sh "$0" "$1" --side "$(cat side)"' "$top/$step" "$top/$A" \
	>"$T/bisect.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "^$bad4 is the first bad commit" "$T/bisect.out"
ok $? "git bisect run with bisect-step.sh finds the commit that moved"
[ $? -eq 0 ] || tail -5 "$T/bisect.out" | sed 's/^/#   /'
git bisect reset -q >/dev/null 2>&1
cd "$top" || exit 1

done_testing
