#!/bin/sh
# make check's prove (tests/tools/prove-check.sh): the failed checks with
# their diagnostics and the skips by reason at the end, before prove's
# closing lines, which stay the last lines (CI reads them), and prove's
# exit status. A check of the tree's own tools:
# flamediff is not involved.
. tests/tap-lib.sh
skip_without prove

mkdir "$T/t"
cat >"$T/t/a.sh" <<'EOF'
echo "1..0 # SKIP node_modules/playwright-core missing (run make deps)"
EOF
cat >"$T/t/b.sh" <<'EOF'
echo "ok 1 - one"
echo "ok 2 - # SKIP cannot record here: perf_event_paranoid"
echo "ok 3 # skip cannot record here: perf_event_paranoid"
echo "1..3"
EOF
cat >"$T/t/c.sh" <<'EOF'
echo "ok 1 - fine"
echo "1..1"
EOF
cat >"$T/t/d.sh" <<'EOF'
echo "1..0 # SKIP node_modules/playwright-core missing (run make deps)"
EOF
cat >"$T/t/bad.sh" <<'EOF'
echo "not ok 1 - broken"
echo "#   key x: ours 0.16, perf 0"
echo "ok 2 - fine"
echo "# a note of a passing check"
echo "not ok 3 - known to fail # TODO not done yet"
echo "1..3"
EOF
cat >"$T/t/died.sh" <<'EOF'
echo "ok 1 - fine"
exit 3
EOF

sh tests/tools/prove-check.sh "$T/log" "$T/t/a.sh" "$T/t/b.sh" "$T/t/c.sh" \
	"$T/t/d.sh" >"$T/out" 2>"$T/err"
ok $? "a passing run exits 0" || sed 's/^/#   /' "$T/out" "$T/err"
[ "$(tail -1 "$T/out")" = "Result: PASS" ]
ok $? "prove's 'Result: PASS' is still the last line"
grep -q '^Files=' "$T/out" && grep -q '^All tests successful' "$T/out"
ok $? "and its other closing lines are there"
grep -qx 'Skipped: 2 tests and 2 checks, by reason:' "$T/out"
ok $? "the summary counts the skipped tests and checks"
grep -qx "  2 tests: node_modules/playwright-core missing (run make deps) ($T/t/a.sh $T/t/d.sh)" "$T/out"
ok $? "tests skipped for one reason are one line, naming them"
grep -qx "  2 checks: cannot record here: perf_event_paranoid ($T/t/b.sh)" "$T/out"
ok $? "so are checks (SKIP and skip directives)"
awk '/^Skipped:/ { s = NR } /^All tests successful/ { a = NR }
	END { exit !(s && a && s < a) }' "$T/out"
ok $? "the summary comes before prove's closing lines"
grep -q "^$T/t/b.sh \.*" "$T/out"
ok $? "prove's own lines per test are kept"

sh tests/tools/prove-check.sh "$T/log2" "$T/t/c.sh" "$T/t/bad.sh" \
	>"$T/out2" 2>"$T/err2"
[ $? -ne 0 ]
ok $? "a failing run keeps prove's failure status"
[ "$(tail -1 "$T/out2")" = "Result: FAIL" ] && grep -qx 'Skipped: nothing' "$T/out2"
ok $? "and its 'Result: FAIL' last, after 'Skipped: nothing'"
awk -v t="$T/t/bad.sh" '
	/^Failed checks, with what they printed:$/ { h = NR }
	$0 == t ": not ok 1 - broken" { f = NR }
	$0 == "  #   key x: ours 0.16, perf 0" { d = NR }
	/a note of a passing check|known to fail/ { p = 1 }
	/^Test Summary Report/ { s = NR }
	END { exit !(h && f == h + 1 && d == f + 1 && !p && s > d) }' "$T/out2"
ok $? "the failed check and its diagnostics are listed before prove's report, not a TODO one" ||
	sed 's/^/#   /' "$T/out2"
grep -q '^Failed checks' "$T/out"
[ $? -ne 0 ]
ok $? "a passing run lists none"

sh tests/tools/prove-check.sh "$T/log3" "$T/t/died.sh" >"$T/out3" 2>&1
grep -qx "$T/t/died.sh: exited 3 without a failed check" "$T/out3"
ok $? "a test that exits non-zero without a failed check is named" ||
	sed 's/^/#   /' "$T/out3"

done_testing
