#!/bin/sh
# Hostile input to the readers (lib/linereader, analyzer/input and the
# format readers): each case is a defect once found, with its input in
# tests/data/hardening/ or made here when large. Bad input must give a clear
# message and exit 2 in bounded time and memory; valid input must read.
. tests/tap-lib.sh

H=tests/data/hardening

# expect_fail DESCRIPTION STATUS PATTERN CMD...: CMD exits STATUS, stderr
# has PATTERN.
expect_fail() {
	d=$1 want=$2 pat=$3
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq "$want" ] && grep -q -- "$pat" "$T/err"
	ok $? "$d"
	[ $rc -eq "$want" ] || echo "#   exit $rc, want $want"
	grep -q -- "$pat" "$T/err" || sed 's/^/#   /' "$T/err" | head -5
}

# limit_mem KB CMD...: CMD under a virtual memory limit (a regression to
# unbounded growth aborts instead of eating the machine).
limit_mem() {
	kb=$1
	shift
	(ulimit -v "$kb" && exec "$@")
}

# --- #6: binary input is refused at once, memory stays bounded ---------
expect_fail "report /dev/zero: binary data, at once, in 200 MB" 2 \
	"/dev/zero:1: binary data" limit_mem 200000 "$FLAMEDIFF" report /dev/zero
head -c 50000000 /dev/zero | gzip >"$T/zeros.gz"
expect_fail "a gzip of 50 MB of zeros: refused in 200 MB" 2 \
	"zeros.gz:1: binary data" limit_mem 200000 "$FLAMEDIFF" report "$T/zeros.gz"
printf 'p;a 1\np;b 2\np;c\000 3\n' >"$T/nul3"
expect_fail "a NUL byte is reported on its own line" 2 \
	"nul3:3: binary data" "$FLAMEDIFF" fold "$T/nul3"
# A line past the 16 MiB limit, with no NUL in it.
awk 'BEGIN { s = "x"; while (length(s) < 17000000) s = s s; print s " 1" }' \
	>"$T/longline"
expect_fail "a line over 16 MiB is refused, in 200 MB" 2 \
	"longline:1: a line longer than 16 MiB" \
	limit_mem 200000 "$FLAMEDIFF" report "$T/longline"

# --- #3: every run is opened once: a pipe loses nothing ---------------
"$FLAMEDIFF" diff --all --format csv tests/data/seed/base/run-1.folded \
	tests/data/seed/new/run-1.folded >"$T/files.csv" 2>"$T/err"
ok $? "diff of two files (the reference)"
"$FLAMEDIFF" diff --all --format csv \
	/dev/fd/3 /dev/fd/4 >"$T/pipes.csv" 2>"$T/err" \
	3<<EOF3 4<<EOF4
$(cat tests/data/seed/base/run-1.folded)
EOF3
$(cat tests/data/seed/new/run-1.folded)
EOF4
rc=$?
[ $rc -eq 0 ] && cmp -s "$T/files.csv" "$T/pipes.csv"
ok $? "diff of the same runs through here-documents: the same table"
zcat tests/data/session.perf-script.gz >"$T/session.ps"
"$FLAMEDIFF" diff --all --format csv "$T/session.ps" "$T/session.ps" \
	>"$T/same.csv" 2>"$T/err"
ok $? "diff of a large perf script with itself"
mkfifo "$T/fifo"
cat "$T/session.ps" >"$T/fifo" &
"$FLAMEDIFF" diff --all --format csv "$T/fifo" "$T/session.ps" \
	>"$T/fifo.csv" 2>"$T/err"
rc=$?
wait
[ $rc -eq 0 ] && cmp -s "$T/same.csv" "$T/fifo.csv"
ok $? "... and through a FIFO (over 1 MiB): the same table, nothing lost"
cp tests/data/mremap.lkp-stats.txt "$T/stats"
cat "$T/stats" | "$FLAMEDIFF" diff --all - "$T/stats" >"$T/stats.out" 2>"$T/err"
ok $? "an LKP stats file on standard input is told by its content"

# --- #7: detection reads the whole first line; a named format skips it -
{
	printf 'proc;'
	awk 'BEGIN { s = "f"; while (length(s) < 1500000) s = s s; printf "%s", s }'
	echo ' 7'
	echo 'proc;g 3'
} >"$T/longfirst.folded"
"$FLAMEDIFF" report --lkp "$T/longfirst.folded" >"$T/out" 2>"$T/err"
ok $? "a folded file whose first line is 1.5 MB is read as folded"
grep -q '^perf-profile.self.cycles-pp.g: 30' "$T/out"
ok $? "... with its weights"

# --- #16: runs of different events never add up ----------------------
printf 'a 1 [000] 1.0: 5 cycles:\n\tffff f+0x1 ([kernel.kallsyms])\n\n' \
	>"$T/cycles.ps"
printf 'a 1 [000] 1.0: 5 instructions:\n\tffff g+0x1 ([kernel.kallsyms])\n\n' \
	>"$T/insns.ps"
for cmd in fold svg; do
	expect_fail "$cmd of a cycles and an instructions file: refused" 2 \
		"insns.ps: samples of event 'instructions' where the inputs before it have 'cycles'.*--event-filter" \
		"$FLAMEDIFF" $cmd "$T/cycles.ps" "$T/insns.ps"
done
"$FLAMEDIFF" fold -o "$T/c.prof" "$T/cycles.ps" &&
	"$FLAMEDIFF" fold -o "$T/i.prof" "$T/insns.ps"
ok $? "profiles of each event"
expect_fail "fold of two profiles of different events: refused" 2 \
	"i.prof: samples of event 'instructions'" \
	"$FLAMEDIFF" fold "$T/c.prof" "$T/i.prof"
mkdir "$T/runs" && cp "$T/c.prof" "$T/runs/1.prof" &&
	cp "$T/i.prof" "$T/runs/2.prof"
expect_fail "diff with a side of runs of different events: refused" 2 \
	"2.prof: samples of event 'instructions' where the runs before it have 'cycles'" \
	"$FLAMEDIFF" diff "$T/runs" "$T/c.prof"

done_testing
