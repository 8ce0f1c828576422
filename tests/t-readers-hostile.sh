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
# unbounded growth aborts instead of eating the machine). AddressSanitizer
# reserves terabytes of address space up front: no limit for its builds.
asan=0
grep -q __asan_init "$FLAMEDIFF" 2>/dev/null && asan=1
limit_mem() {
	kb=$1
	shift
	if [ $asan -eq 1 ]; then
		"$@"
	else
		(ulimit -v "$kb" && exec "$@")
	fi
}

# --- #6: binary input is refused at once, memory stays bounded ---------
# (a device is not even opened: issue 23, lib/safe-open.h)
expect_fail "report /dev/zero: a device is refused, exit 2" 2 \
	"/dev/zero: not a regular file" "$FLAMEDIFF" report /dev/zero
mkfifo "$T/zeros.fifo"
head -c 50000000 /dev/zero >"$T/zeros.fifo" 2>/dev/null &
writer=$!
expect_fail "report of a FIFO of zeros: binary data, at once, in 200 MB" 2 \
	"zeros.fifo:1: binary data" limit_mem 200000 "$FLAMEDIFF" report \
	"$T/zeros.fifo"
# The writer gets SIGPIPE once we stop reading, but a null tool never
# opens the FIFO: the writer would block in open() for ever.
kill $writer 2>/dev/null
wait $writer 2>/dev/null
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
	tests/data/seed/new/run-1.folded >"$T/files.csv" 2>"$T/err" &&
	nonempty "$T/files.csv"
ok $? "diff of two files (the reference)"
"$FLAMEDIFF" diff --all --format csv \
	/dev/fd/3 /dev/fd/4 >"$T/pipes.csv" 2>"$T/err" \
	3<<EOF3 4<<EOF4
$(cat tests/data/seed/base/run-1.folded)
EOF3
$(cat tests/data/seed/new/run-1.folded)
EOF4
rc=$?
[ $rc -eq 0 ] && nonempty "$T/files.csv" && cmp -s "$T/files.csv" "$T/pipes.csv"
ok $? "diff of the same runs through here-documents: the same table"
zcat tests/data/session.perf-script.gz >"$T/session.ps"
"$FLAMEDIFF" diff --all --format csv "$T/session.ps" "$T/session.ps" \
	>"$T/same.csv" 2>"$T/err" && nonempty "$T/same.csv"
ok $? "diff of a large perf script with itself"
mkfifo "$T/fifo"
cat "$T/session.ps" >"$T/fifo" &
writer=$!
"$FLAMEDIFF" diff --all --format csv "$T/fifo" "$T/session.ps" \
	>"$T/fifo.csv" 2>"$T/err"
rc=$?
# A tool that never opened the FIFO leaves its writer blocked: end it.
kill $writer 2>/dev/null
wait
[ $rc -eq 0 ] && nonempty "$T/same.csv" && cmp -s "$T/same.csv" "$T/fifo.csv"
ok $? "... and through a FIFO (over 1 MiB): the same table, nothing lost"
# a run directory (maybe another user's) with a FIFO and a link to a
# device among its runs: neither is opened, the regular runs are read
# (issue 23: a FIFO nobody writes would hang root's diff)
mkdir "$T/runs-b" "$T/runs-n"
cp tests/data/seed/base/run-1.folded tests/data/seed/base/run-2.folded "$T/runs-b/"
cp tests/data/seed/new/run-1.folded tests/data/seed/new/run-2.folded "$T/runs-n/"
mkfifo "$T/runs-b/run-3.folded"
ln -s /dev/zero "$T/runs-n/run-3.folded"
timeout 20 "$FLAMEDIFF" diff --all --format csv "$T/runs-b" "$T/runs-n" \
	>"$T/runs.csv" 2>"$T/err"
rc=$?
"$FLAMEDIFF" diff --all --format csv --base tests/data/seed/base/run-1.folded \
	--base tests/data/seed/base/run-2.folded \
	--new tests/data/seed/new/run-1.folded --new tests/data/seed/new/run-2.folded \
	>"$T/runs-want.csv" 2>>"$T/err"
[ $rc -eq 0 ] && nonempty "$T/runs.csv" && cmp -s "$T/runs-want.csv" "$T/runs.csv"
ok $? "a run directory with a FIFO and a device link: not opened, the files read (rc $rc)" ||
	sed 's/^/#   /' "$T/err" | head -5
cp tests/data/mremap.lkp-stats.txt "$T/stats"
cat "$T/stats" | "$FLAMEDIFF" diff --all - "$T/stats" >"$T/stats.out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && grep -q 'perf-profile.calltrace' "$T/stats.out"
ok $? "an LKP stats file on standard input is told by its content"

# --- #7: detection reads the whole first line; a named format skips it -
{
	printf 'proc;'
	awk 'BEGIN { s = "f"; while (length(s) < 1500000) s = s s; printf "%s", s }'
	echo ' 7'
	echo 'proc;g 3'
} >"$T/longfirst.folded"
"$FLAMEDIFF" report --lkp "$T/longfirst.folded" >"$T/out" 2>"$T/err" &&
	nonempty "$T/out"
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
	"$FLAMEDIFF" fold -o "$T/i.prof" "$T/insns.ps" &&
	grep -q '^# event: "instructions"' "$T/i.prof"
ok $? "profiles of each event"
expect_fail "fold of two profiles of different events: refused" 2 \
	"i.prof: samples of event 'instructions'" \
	"$FLAMEDIFF" fold "$T/c.prof" "$T/i.prof"
mkdir "$T/runs" && cp "$T/c.prof" "$T/runs/1.prof" &&
	cp "$T/i.prof" "$T/runs/2.prof"
expect_fail "diff with a side of runs of different events: refused" 2 \
	"2.prof: samples of event 'instructions' where the runs before it have 'cycles'" \
	"$FLAMEDIFF" diff "$T/runs" "$T/c.prof"

# --- #8a: the header parser is linear -----------------------------------
awk 'BEGIN { printf "a 1    "; for (i = 0; i < 500000; i++) printf ": 0 ";
	print "x)"; print "\tffff f (x)"; print "" }' >"$T/quadratic"
start=$(date +%s)
"$FLAMEDIFF" report "$T/quadratic" >"$T/out" 2>"$T/err"
rc=$? end=$(date +%s)
[ $rc -eq 0 ] && nonempty "$T/out" && [ $((end - start)) -lt 5 ]
ok $? "a 2 MB header of ': 0 ' pieces reads in seconds (exit $rc, $((end - start)) s)"

# --- #9: no inf or NaN enters a profile ---------------------------------
expect_fail "an infinite perf script period is refused by line" 2 \
	"perfscript-inf-period.txt:1: the period '9999" \
	"$FLAMEDIFF" fold "$H/perfscript-inf-period.txt"
expect_fail "folded counts adding up past the largest number" 2 \
	"report-inf-total.folded:2: the counts add up past the largest number" \
	"$FLAMEDIFF" report --format json "$H/report-inf-total.folded"
for c in inf nan -inf 1e999; do
	printf 'p;f %s\n' $c >"$T/count"
	expect_fail "a count of $c is refused as a count, not as perf script" 2 \
		"count:1: the count '$c' is not a finite number" \
		"$FLAMEDIFF" report "$T/count"
done

# --- #10: a profile reads back as it was written ------------------------
# roundtrip NAME FILE: fold to a profile and back to folded stacks give
# the same tree as folding FILE directly (with kinds marked).
roundtrip() {
	"$FLAMEDIFF" fold --annotate-all "$2" >"$T/direct" 2>"$T/err" ||
		"$FLAMEDIFF" fold "$2" >"$T/direct" 2>"$T/err"
	"$FLAMEDIFF" fold -o "$T/rt.prof" "$2" 2>>"$T/err" &&
		"$FLAMEDIFF" fold -o "$T/rt2.prof" "$T/rt.prof" 2>>"$T/err" &&
		cmp -s "$T/rt.prof" "$T/rt2.prof" &&
		"$FLAMEDIFF" report "$T/rt.prof" >/dev/null 2>>"$T/err"
	ok $? "$1: profile -> profile is the same bytes, and reads"
}
roundtrip "a leaf name ending in ' 12'" "$H/fold-profile-name-ending-in-number.ps"
roundtrip "a ';' in a comm" "$H/fold-profile-comm-with-semicolon.ps"
"$FLAMEDIFF" fold -o "$T/semi.prof" "$H/fold-profile-comm-with-semicolon.ps" &&
	"$FLAMEDIFF" report --lkp "$T/semi.prof" >"$T/out" 2>"$T/err" &&
	nonempty "$T/out"
ok $? "report of the profile with a ';' in a comm"
nonempty "$T/out" && ! grep -q 'proc' "$T/out"
ok $? "... makes no function of the comm's second half"
"$FLAMEDIFF" report --lkp "$T/rt.prof" >/dev/null 2>&1
"$FLAMEDIFF" fold -o "$T/num.prof" "$H/fold-profile-name-ending-in-number.ps" &&
	"$FLAMEDIFF" report "$T/num.prof" >"$T/out" 2>"$T/err" &&
	nonempty "$T/out"
ok $? "report of the profile whose leaf ends in a number"
grep -q 'operator new 12 <- main' "$T/out"
ok $? "... keeps the whole name"
"$FLAMEDIFF" fold -o "$T/empty.prof" "$H/roundtrip-empty-frame.folded" &&
	"$FLAMEDIFF" fold -o "$T/empty2.prof" "$T/empty.prof" &&
	cmp -s "$T/empty.prof" "$T/empty2.prof"
ok $? "an empty frame name survives a round trip"
# Every byte but NUL, newline and ';' in a name (a folded line holds
# no others), a name with a leading blank.
awk 'BEGIN { s = ""; for (i = 1; i < 256; i++) if (i != 10 && i != 59)
	s = s sprintf("%c", i); print "proc;" s "_[k] 3";
	print "p; lead 2" }' >"$T/bytes.folded"
"$FLAMEDIFF" fold -o "$T/bytes.prof" "$T/bytes.folded" 2>"$T/err" &&
	"$FLAMEDIFF" fold -o "$T/bytes2.prof" "$T/bytes.prof" 2>>"$T/err" &&
	cmp -s "$T/bytes.prof" "$T/bytes2.prof"
ok $? "names of every byte: profile -> profile is the same bytes"
[ "$(grep -vc '^#' "$T/bytes.prof")" -eq 2 ]
ok $? "... one line a stack"

# --- #11: no NULL + 0 on a dropped first frame ---------------------------
"$FLAMEDIFF" fold "$H/input-nullptr-offset-add_frame.txt" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && [ "$(cat "$T/out")" = "i 1" ]
ok $? "input-nullptr-offset-add_frame: its last sample, its frames dropped"

# --- #12: a stack deeper than the limit is refused, memory bounded -------
awk 'BEGIN { printf "p"; for (i = 0; i < 140000; i++) printf ";f"; print " 1" }' \
	>"$T/deep.folded"
expect_fail "a folded stack of 140,000 frames is refused, in 300 MB" 2 \
	"deep.folded:1: a stack of more than 131072 frames" \
	limit_mem 300000 "$FLAMEDIFF" report "$T/deep.folded"
awk 'BEGIN { print "p 1 [000] 1.0: 5 cycles:";
	for (i = 0; i < 140000; i++) print "\t1 f (/x)"; print "" }' >"$T/deep.ps"
expect_fail "a perf script sample of 140,000 frames is refused" 2 \
	"deep.ps:140002: the sample of line 1 has more than 131072 frames" \
	limit_mem 300000 "$FLAMEDIFF" report "$T/deep.ps"

# --- #14: the last sample without a blank line ---------------------------
"$FLAMEDIFF" fold "$H/fold-last-sample-no-blank-line.ps" >"$T/out" 2>"$T/err" &&
	nonempty "$T/out"
ok $? "a perf script file ending without a blank line is read"
[ "$(wc -l <"$T/out")" -eq 3 ] &&
	grep -qx 'stress-ng;\[unknown\];\[unknown\];_dl_map_object;memset;asm_exc_page_fault;exc_page_fault;__raw_callee_save_pvm_irq_enable;pvm_irq_enable 1000003' "$T/out"
ok $? "... its last sample kept, as inferno keeps it"

# --- #15: perf script -F+srcline, and a recording without -g -------------
"$FLAMEDIFF" fold "$H/perfscript-srcline.ps" >"$T/out" 2>"$T/err" &&
	[ "$(cat "$T/out")" = "sh;[unknown];entry_SYSCALL_64_after_hwframe;do_syscall_64;__x64_sys_execve;do_execveat_common.isra.0;bprm_execve;load_elf_binary;elf_load 400000" ]
ok $? "perf script -F+srcline: source lines skipped"
printf 'sh;clear_page_erms 200000\nsh;elf_load 400000\n' >"$T/want"
"$FLAMEDIFF" fold "$H/perfscript-no-callchain.ps" >"$T/out" 2>"$T/err" &&
	cmp -s "$T/want" "$T/out"
ok $? "perf script of a recording without -g: one frame a sample"

done_testing
