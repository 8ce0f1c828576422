#!/bin/sh
# --input-format names the format instead of detection; a folded file
# whose first line is over 1 MiB is folded either way.
. "$(dirname "$0")/tap-lib.sh"

printf 'a;b 5\n' >"$T/x.folded"
"$FLAMEDIFF" report --lkp --input-format folded "$T/x.folded" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && grep -q 'children\..*\.b: 100.00' "$T/out"
ok $? "--input-format folded reads folded stacks"
"$FLAMEDIFF" report --lkp --input-format perf-script "$T/x.folded" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'not perf script output' "$T/err"
ok $? "--input-format perf-script refuses folded stacks (exit 2)"
"$FLAMEDIFF" report --input-format bogus "$T/x.folded" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q 'want auto, profile, folded' "$T/err"
ok $? "an unknown format is a usage error"

# A first line of 1.5 MiB (one frame name that long) before a short one.
awk 'BEGIN { s = "x"; while (length(s) < 1572864) s = s s;
	printf "p;%s 3\np;main 1\n", substr(s, 1, 1572864) }' >"$T/long.folded"
for fmt in auto folded; do
	"$FLAMEDIFF" fold --input-format $fmt "$T/long.folded" >"$T/long.out" 2>"$T/err"
	[ $? -eq 0 ] && [ "$(wc -l <"$T/long.out")" -eq 2 ]
	ok $? "a 1.5 MiB first line folds ($fmt)"
done
done_testing
