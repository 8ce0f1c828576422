#!/bin/sh
# Bad input through the front end: every reading command says which file
# and line, exits 2, and leaves no output file behind.
. tests/tap-lib.sh

printf 'a;b 1\na;c\n' >"$T/nocount.folded"
printf 'a;b 1\nx\000y 2\n' >"$T/binary"
: >"$T/empty"
printf 'stress-ng 1 [000] 1.0: 1 cpu-clock:\n\tffff sym ([kernel.kallsyms])\n' | gzip >"$T/full.gz"
head -c 20 "$T/full.gz" >"$T/cut.gz"
printf 'proc;f 1\n' >"$T/good.folded"
printf 'PERFILE2\150\000\000\000\000\000\000\000' >"$T/perf.data"

# expect_bad CMD FILE WHERE [OPTION]: exit 2, message with WHERE, no -o
# file left.
expect_bad() {
	cmd=$1 file=$2 where=$3 out=$T/out.$cmd
	rm -f "$out"
	"$FLAMEDIFF" $cmd ${4:+"$4"} -o "$out" "$file" >"$T/stdout" 2>"$T/stderr"
	rc=$?
	ok $([ $rc -eq 2 ] && echo 0 || echo 1) "$cmd $(basename "$file"): exit 2 (got $rc)"
	grep -q -- "$where" "$T/stderr"
	ok $? "$cmd $(basename "$file"): message names '$where'"
	[ $? -eq 0 ] || sed 's/^/#   /' "$T/stderr"
	ls "$T" | grep -q "^out\.$cmd" && left=1 || left=0
	ok $left "$cmd $(basename "$file"): no output file, not even a temporary one"
}

for cmd in fold report; do
	# an odd line: refused under --strict (skipped otherwise: t-fold.sh)
	expect_bad $cmd "$T/nocount.folded" "nocount.folded:2:" --strict
	expect_bad $cmd "$T/binary" "binary:2: binary data"
	expect_bad $cmd "$T/empty" "empty: empty input"
	expect_bad $cmd "$T/cut.gz" "truncated gzip"
	expect_bad $cmd "$T/does-not-exist" "does-not-exist: No such file"
	expect_bad $cmd "$T/perf.data" "perf.data: perf.data offset 16: truncated"
done

# A good input still works and writes its file.
"$FLAMEDIFF" fold -o "$T/good.out" "$T/good.folded" 2>"$T/stderr"
ok $? "fold of a good folded file succeeds"

# Huge but valid input is data: a 10,000-frame stack and a 1 MB name.
{
	awk 'BEGIN { s = "proc"; for (i = 0; i < 10000; i++) s = s ";f" i % 9;
		print s " 3" }'
	printf 'proc;'
	printf '%1048576s' '' | tr ' ' x
	echo ' 4'
} >"$T/big.folded"
"$FLAMEDIFF" report --lkp "$T/big.folded" >"$T/big.out" 2>"$T/stderr"
ok $? "report of a 10,000-frame stack and a 1 MB name succeeds"
grep -q '^perf-profile.self.cycles-pp.f0: ' "$T/big.out"
ok $? "the deepest frame of the long stack is reported"

done_testing
