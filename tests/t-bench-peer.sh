#!/bin/sh
# make bench's perf.data route against a peer (bench/perfdata.sh) when the
# peer dies: perf 6.1's perf script is killed by SIGFPE on some recordings.
# The failed route is reported as failed with why, the other figures are
# still printed, no ratio is computed from the failure (no inf, no nan),
# and the bench goes on (exit 0). On a tiny input with a fake perf: fast.
. tests/tap-lib.sh
BUILD=$(dirname "$FLAMEDIFF")
[ -x "$BUILD/bench/rusage" ] || {
	echo "1..0 # SKIP $BUILD/bench/rusage not built (make $BUILD/bench/rusage)"
	exit 0
}

cat >"$T/perf" <<'EOS'
#!/bin/sh
case $1 in
--version) echo "perf version 6.1 (fake: perf script dies of SIGFPE)" ;;
script) kill -FPE $$ ;;
*) exit 1 ;;
esac
EOS
chmod +x "$T/perf"

PERF=$T/perf PERFDATA_INPUT=tests/data/fold/gotchas.perf-script \
	PERFDATA_OUT=$T/out RUNS=1 BUILD=$BUILD FLAMEDIFF=$FLAMEDIFF \
	sh bench/perfdata.sh >"$T/bench.out" 2>"$T/bench.err"
ok $? "the bench exits 0 when its peer dies" || sed 's/^/#   /' "$T/bench.out" "$T/bench.err"
grep -q '^    perf-script|flamediff-fold  *failed (perf script: killed by SIGFPE)$' "$T/bench.out"
ok $? "the peer is reported as failed, killed by SIGFPE" || sed 's/^/#   /' "$T/bench.out"
grep -q '^    flamediff-fold-X.data  *wall  *[0-9.]*s  cpu  *[0-9.]*s.*max RSS' "$T/bench.out"
ok $? "flamediff's own figures are still printed"
grep -q 'speed-up (peer / flamediff): none, a route failed' "$T/bench.out"
ok $? "no ratio is computed from the failure"
nonempty "$T/bench.out" && ! grep -Eiq 'inf|nan' "$T/bench.out"
ok $? "no inf or nan anywhere"
[ "$(grep -c 'failed (perf script: killed by SIGFPE)' "$T/bench.out")" -eq 2 ]
ok $? "the --inline pair too"
grep -q '^  fold -j 2 vs -j 1: [0-9.]*x faster (wall; target 1.7x), output the same$' \
	"$T/bench.out" && ! [ -s "$T/bench.err" ]
ok $? "-j 2 against -j 1: a ratio, the same output, nothing on stderr" ||
	sed 's/^/#   /' "$T/bench.out" "$T/bench.err"

done_testing
