#!/bin/sh
# Exports read by the viewers themselves: `go tool pprof` (Debian's
# golang-go) for --format pprof; speedscope's published file-format schema,
# validated with ajv under Node, for --format speedscope (its npm package
# ships a browser bundle whose importer Node cannot call:
# tests/speedscope-check.js). Both must show what `flamediff report` shows:
# the same total, the same top functions by self weight.
. tests/tap-lib.sh

in=tests/data/mremap.perf-script.gz

# flamediff's own figures: total (kept + hidden as unresolved) and the top
# five functions by self weight.
"$FLAMEDIFF" report --format csv $in >"$T/report.csv"
ok $? "report --format csv of $in"
awk -F, '$1 == "total" || $1 == "hidden" { s += $6 } END { printf "%.0f\n", s }' \
	"$T/report.csv" >"$T/want.total"
grep '^self,' "$T/report.csv" | sort -t, -k6,6gr | head -5 | cut -d, -f3 \
	>"$T/want.top"
[ "$(wc -l <"$T/want.top")" -eq 5 ]
ok $? "report names five functions with self weight"

# close A B: A and B within one part in a million (rounding to integers).
close() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
		exit !(a > 0 && d <= a * 1e-6) }'
}

# --- pprof ----------------------------------------------------------------
if command -v go >/dev/null 2>&1 && go tool pprof -h >/dev/null 2>&1; then
	export HOME="$T" PPROF_TMPDIR="$T"
	"$FLAMEDIFF" fold --format pprof -o "$T/m.pb.gz" $in &&
		nonempty "$T/m.pb.gz"
	ok $? "fold --format pprof -o FILE.pb.gz"
	gzip -t "$T/m.pb.gz"
	ok $? "the file is gzipped"
	go tool pprof -top -unit=ns -nodecount=5 "$T/m.pb.gz" \
		>"$T/pprof.top" 2>"$T/pprof.err"
	ok $? "go tool pprof -top reads it" || sed 's/^/#   /' "$T/pprof.err"
	total=$(sed -n 's/.* of \([0-9]*\)ns total$/\1/p' "$T/pprof.top")
	close "${total:-0}" "$(cat "$T/want.total")"
	ok $? "pprof's total ($total) is report's ($(cat "$T/want.total"))"
	awk '/^ *flat/ { on = 1; next } on { print $6 }' "$T/pprof.top" \
		>"$T/pprof.names"
	nonempty "$T/pprof.names" && cmp -s "$T/want.top" "$T/pprof.names"
	ok $? "pprof's top 5 by flat are report's top 5 by self" ||
		paste "$T/want.top" "$T/pprof.names" | sed 's/^/#   /'
	grep -q '^Type: cpu-clock$' "$T/pprof.top"
	ok $? "the sample type is the event"

	# stdout is gzipped too; -raw shows the process label of samples
	"$FLAMEDIFF" fold --format pprof $in >"$T/stdout.pb" &&
		gzip -t "$T/stdout.pb" &&
		go tool pprof -raw "$T/stdout.pb" >"$T/raw" 2>/dev/null &&
		grep -q 'process:\[stress-ng\]' "$T/raw"
	ok $? "on standard output: gzipped, with process labels (pprof -raw)"

	# diff: each side into PREFIX.base.pb.gz and PREFIX.new.pb.gz
	"$FLAMEDIFF" diff --format pprof -o "$T/d" tests/data/seed/base \
		tests/data/seed/new 2>"$T/err"
	rc=$?
	[ $rc -eq 0 ] &&
		go tool pprof -top "$T/d.base.pb.gz" >"$T/b.top" 2>/dev/null &&
		go tool pprof -top "$T/d.new.pb.gz" >"$T/n.top" 2>/dev/null &&
		grep -q 'native_queued_spin_lock_slowpath' "$T/b.top" &&
		! cmp -s "$T/b.top" "$T/n.top"
	ok $? "diff --format pprof -o PREFIX: both sides, read by pprof"
else
	ok 0 "# SKIP go tool pprof is not installed (golang-go, make deps)"
fi

# --- speedscope -------------------------------------------------------------
if command -v node >/dev/null 2>&1 && [ -d node_modules/ajv ] &&
	[ -d node_modules/speedscope ]; then
	"$FLAMEDIFF" fold --format speedscope -o "$T/m.speedscope.json" $in &&
		nonempty "$T/m.speedscope.json"
	ok $? "fold --format speedscope -o FILE"
	node tests/speedscope-check.js "$T/m.speedscope.json" >"$T/ss" \
		2>"$T/ss.err"
	ok $? "the file matches speedscope's schema" ||
		sed 's/^/#   /' "$T/ss.err"
	total=$(sed -n 's/^total //p' "$T/ss")
	close "${total:-0}" "$(cat "$T/want.total")"
	ok $? "speedscope's total ($total) is report's"
	grep '^self ' "$T/ss" | head -5 | cut -d' ' -f3- >"$T/ss.names"
	nonempty "$T/ss.names" && cmp -s "$T/want.top" "$T/ss.names"
	ok $? "speedscope's top 5 by self are report's" ||
		paste "$T/want.top" "$T/ss.names" | sed 's/^/#   /'

	"$FLAMEDIFF" diff --format speedscope -o "$T/d" tests/data/seed/base \
		tests/data/seed/new 2>"$T/err"
	rc=$?
	[ $rc -eq 0 ] &&
		node tests/speedscope-check.js "$T/d.base.speedscope.json" \
			>/dev/null &&
		node tests/speedscope-check.js "$T/d.new.speedscope.json" \
			>/dev/null
	ok $? "diff --format speedscope -o PREFIX: both sides valid"

	# A name that JSON must escape stays one frame.
	printf 'proc;a"b\\\\c;d\tx 7\n' >"$T/q.folded"
	"$FLAMEDIFF" fold --format speedscope -o "$T/q.json" "$T/q.folded" &&
		node tests/speedscope-check.js "$T/q.json" >"$T/q.ss" &&
		grep -q "^self 7 d	x$" "$T/q.ss"
	ok $? "names with quotes, backslashes and tabs: valid, one frame"
else
	ok 0 "# SKIP node, or ajv and speedscope in node_modules, missing (make deps)"
fi

# Usage errors: two files need a prefix.
"$FLAMEDIFF" diff --format pprof tests/data/seed/base tests/data/seed/new \
	>"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q 'PREFIX' "$T/err" && [ ! -s "$T/out" ]
ok $? "diff --format pprof without -o: usage error (exit $rc)"

done_testing
