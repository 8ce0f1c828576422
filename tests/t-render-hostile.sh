#!/bin/sh
# Hostile numbers and names against the renderers (hardening #8c, #9, #11):
# every output stays valid and finite (no "nan", "inf", no integer that a
# UB cast produced), a graph that cannot be drawn to scale is refused with
# no file written, and a 100 KB function name is cut in linear-ish time.
. tests/tap-lib.sh

H=tests/data/hardening

# valid_json FILE: parses as JSON (jq or python3, whichever exists).
valid_json() {
	nonempty "$1" || return 1
	if command -v jq >/dev/null 2>&1; then
		jq -e . "$1" >/dev/null 2>&1
	else
		python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1"
	fi
}

# no_bad_numbers FILE: none of what printf makes of a non-finite double
# ("nan", "-inf" standing as a value, not inside a word such as a file
# name), nor what an overflowing cast prints. An SVG's script is skipped.
# A missing or empty FILE fails: it proves nothing.
no_bad_numbers() {
	nonempty "$1" || return 1
	sed '/<script/,/<\/script>/d' "$1" |
		grep -Eiq '(^|[][ :,(="+>\t-])-?(nan|inf)([] ,%)}"<\t]|$)|-2147483648|9223372036854775808'
	[ $? -eq 1 ]
}

# LKP stats whose stddev is 1e12 % of the mean: the int cast overflowed.
"$FLAMEDIFF" diff "$H/lkp-stddev-intovf/b" "$H/lkp-stddev-intovf/n" \
	>"$T/intovf.txt" 2>"$T/err"
ok $? "diff of LKP stats with a huge stddev succeeds"
no_bad_numbers "$T/intovf.txt"
ok $? "its table holds no overflowed integer"
grep -q '±>99999%' "$T/intovf.txt"
ok $? "the stddev is shown clamped"

# Means of +-1e308 runs: NaN; the long long cast was undefined.
"$FLAMEDIFF" diff --all "$H/lkp-nan-mean/b" "$H/lkp-nan-mean/n" \
	>"$T/nan.txt" 2>"$T/err"
ok $? "diff of LKP stats whose mean is NaN succeeds"
no_bad_numbers "$T/nan.txt"
ok $? "its table shows no nan or cast garbage"
grep -Eq '^ +[-+0-9. ]+[0-9] .*x\.y$' "$T/nan.txt"
ok $? "the row of x.y is there, with figures"
for f in json csv; do
	"$FLAMEDIFF" diff --all --format $f "$H/lkp-nan-mean/b" \
		"$H/lkp-nan-mean/n" >"$T/nan.$f" 2>"$T/err"
	ok $? "diff --format $f of a NaN mean succeeds"
	no_bad_numbers "$T/nan.$f"
	ok $? "diff --format $f writes no nan or inf"
done
valid_json "$T/nan.json"
ok $? "diff --format json of a NaN mean is valid JSON"

# A profile whose total overflows to infinity: the reader refuses it
# (exit 2, the reason, no output), so no printer ever sees the inf.
for f in json table csv; do
	"$FLAMEDIFF" report --format $f "$H/report-inf-total.folded" \
		>"$T/inf.$f" 2>"$T/err"
	[ $? -eq 2 ] && [ ! -s "$T/inf.$f" ] &&
		grep -q 'add up past the largest number' "$T/err"
	ok $? "report --format $f of an infinite total: bad input (2)"
done
"$FLAMEDIFF" svg "$H/report-inf-total.folded" -o "$T/inf.svg" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$T/inf.svg" ] &&
	grep -q 'add up past the largest number' "$T/err"
ok $? "svg of an infinite total is refused, no file (exit $rc)"

# --factor that makes the total overflow: no width="nan".
printf 'main;foo 10000000000\nmain;bar 1\n' >"$T/big.folded"
"$FLAMEDIFF" svg --factor 1e300 "$T/big.folded" -o "$T/big.svg" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && [ ! -e "$T/big.svg" ] && grep -q -- '--factor' "$T/err"
ok $? "svg --factor 1e300 overflowing the total: usage error, no file"
"$FLAMEDIFF" svg --factor 1e290 "$T/big.folded" -o "$T/big.svg" 2>"$T/err"
ok $? "svg --factor 1e290 (a finite total) is drawn"
no_bad_numbers "$T/big.svg"
ok $? "every number in it is finite"

# The explanation's JSON names every frame of a chain (#11: the walk
# stepped past the last one to NULL + 1).
"$FLAMEDIFF" diff --format json tests/data/seed/base tests/data/seed/new \
	>"$T/seed.json" 2>"$T/err"
ok $? "diff --format json of the seed corpus"
valid_json "$T/seed.json"
ok $? "it is valid JSON"
if command -v jq >/dev/null 2>&1; then
	nonempty "$T/seed.json" && jq -e '[.explain.hot[].lost[], .explain.hot[].gained[] |
		.chain | length > 0 and all(length > 0)] | all' \
		"$T/seed.json" >/dev/null
	ok $? "every chain lists its frames, none empty"
fi

# A 100 KB function name in the movers table: it was cut one character at
# a time, each cut measuring the whole name again (minutes).
awk 'BEGIN { s = "p;main;"; for (i = 0; i < 100000; i++) s = s "x";
	print s " 10"; print "p;main;y 10" }' >"$T/long-base.folded"
awk 'BEGIN { s = "p;main;"; for (i = 0; i < 100000; i++) s = s "x";
	print s " 30"; print "p;main;y 10" }' >"$T/long-new.folded"
start=$(date +%s)
timeout 60 "$FLAMEDIFF" png --diff "$T/long-base.folded" \
	"$T/long-new.folded" --table 5 -o "$T/long.png" 2>"$T/err"
long_rc=$?
ok $long_rc "png --table with a 100 KB name"
elapsed=$(($(date +%s) - start))
[ $long_rc -eq 0 ] && nonempty "$T/long.png" && [ "$elapsed" -le 10 ]
ok $? "in seconds, not minutes (${elapsed} s)"
[ "$(od -An -tx1 -N8 "$T/long.png" | tr -d ' \n')" = 89504e470d0a1a0a ]
ok $? "the PNG is written"

done_testing
