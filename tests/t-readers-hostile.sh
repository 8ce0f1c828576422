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

done_testing
