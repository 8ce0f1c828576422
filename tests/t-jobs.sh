#!/bin/sh
# fold -j N reads a large perf script file on N threads, cut at sample
# boundaries: the output, the warnings (counted once over all parts) and
# the errors (the file's line numbers) are -j 1's, byte for byte.
# FLAMEDIFF_PART_MIN=1 lets these small files be cut into N parts.
. tests/tap-lib.sh

FLAMEDIFF_PART_MIN=1
export FLAMEDIFF_PART_MIN

gzip -dc tests/data/mremap.perf-script.gz >"$T/mremap.ps"
gzip -dc tests/data/session.perf-script.gz >"$T/session.ps"
cp tests/data/fold/gotchas.perf-script "$T/gotchas.ps"

# same_jobs NAME FILE ARGS...: -j 2 and -j 4 print -j 1's bytes, exit 0
same_jobs() {
	name=$1 f=$2
	shift 2
	"$FLAMEDIFF" fold -j 1 "$@" "$f" >"$T/j1" 2>"$T/e1"
	rc1=$?
	for j in 2 4; do
		"$FLAMEDIFF" fold -j $j "$@" "$f" >"$T/j$j" 2>"$T/e$j"
		rc=$?
		[ $rc1 -eq 0 ] && [ $rc -eq 0 ] && nonempty "$T/j1" &&
			cmp -s "$T/j1" "$T/j$j" && cmp -s "$T/e1" "$T/e$j"
		ok $? "$name $*: -j $j gives -j 1's output"
	done
}

for n in mremap session gotchas; do
	same_jobs $n "$T/$n.ps"
	same_jobs $n "$T/$n.ps" --tid --addrs
done
same_jobs mremap "$T/mremap.ps" --format pprof
same_jobs session "$T/session.ps" --format speedscope
same_jobs gotchas "$T/gotchas.ps" --event instructions

# Two events, the second in the later parts: the first event seen is the
# one kept, whichever part the other starts in (read again as one stream).
sed 's/ cpu-clock: / instructions: /' "$T/session.ps" >"$T/instr.ps"
cat "$T/mremap.ps" "$T/instr.ps" >"$T/mix.ps"
cat "$T/instr.ps" "$T/mremap.ps" >"$T/mix2.ps"
same_jobs mixed "$T/mix.ps"
same_jobs mixed "$T/mix2.ps"

# Two files: the second read into a profile that has the first's tree.
"$FLAMEDIFF" fold -j 1 "$T/mremap.ps" "$T/session.ps" >"$T/two1"
rc1=$?
"$FLAMEDIFF" fold -j 4 "$T/mremap.ps" "$T/session.ps" >"$T/two4"
[ $rc1 -eq 0 ] && [ $? -eq 0 ] && nonempty "$T/two1" &&
	cmp -s "$T/two1" "$T/two4"
ok $? "two files: -j 4 gives -j 1's output"

# Odd lines spread over the file: one warning, the same count and first.
n=$(wc -l <"$T/mremap.ps")
awk -v n="$n" 'NR == int(n * 0.3) { print "odd line one" }
	NR == int(n * 0.6) { print "odd line two" }
	NR == int(n * 0.9) { print "odd line three" } { print }' \
	"$T/mremap.ps" >"$T/odd.ps"
same_jobs odd "$T/odd.ps"
grep -q 'skipped 3 odd lines' "$T/e4"
ok $? "odd lines: -j 4 counts the three odd lines once"

# An error late in the file: the same message, the file's line number.
late=$(awk -v n="$n" 'BEGIN { print int(n * 0.9) }')
awk -v n="$n" 'NR == int(n * 0.9) { print "\tnot a frame at all" }
	{ print }' "$T/mremap.ps" >"$T/late.ps"
for j in 1 2 4; do
	"$FLAMEDIFF" fold --strict -j $j "$T/late.ps" >"$T/out$j" 2>"$T/err$j"
	echo $? >"$T/rc$j"
done
[ "$(cat "$T/rc1")" = 2 ] && grep -q "late.ps:$late: " "$T/err1"
ok $? "late error: -j 1 names line $late"
for j in 2 4; do
	[ "$(cat "$T/rc$j")" = 2 ] && cmp -s "$T/err1" "$T/err$j"
	ok $? "late error: -j $j says what -j 1 says"
done

# The file cut into parts really is read on threads (strace sees them).
if command -v strace >/dev/null 2>&1; then
	# LeakSanitizer cannot run under ptrace (make asan-check)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -qq -e trace=clone,clone3 -o "$T/trace" \
		"$FLAMEDIFF" fold -j 4 "$T/mremap.ps" >"$T/traced"
	[ $? -eq 0 ] && nonempty "$T/traced" &&
		[ "$(grep -c 'clone' "$T/trace")" -ge 3 ]
	ok $? "-j 4 reads the file on threads"
else
	ok 0 "# SKIP strace not installed"
fi

# gzip input is read as one stream, with the same result.
"$FLAMEDIFF" fold -j 1 "$T/mremap.ps" >"$T/plain"
rc1=$?
"$FLAMEDIFF" fold -j 4 tests/data/mremap.perf-script.gz >"$T/gz4"
[ $rc1 -eq 0 ] && [ $? -eq 0 ] && nonempty "$T/plain" &&
	cmp -s "$T/gz4" "$T/plain"
ok $? "gzip input with -j 4 gives the plain file's output"

# -j wants a number of threads.
for bad in 0 x -3 ''; do
	"$FLAMEDIFF" fold -j "$bad" "$T/gotchas.ps" >"$T/bad" 2>"$T/bad.err"
	rc=$?
	[ $rc -eq 1 ] && grep -q 'number of threads' "$T/bad.err"
	ok $? "-j '$bad' is a usage error"
done

done_testing
