#!/bin/sh
# flamediff diff on hostile numbers (reproducers of /work/shared/hardening,
# copied into tests/data/hardening): weights up to DBL_MAX, totals that
# overflow a double, LKP stats whose runs give huge or undefined figures.
# Every output is whole, and holds no inf or nan.
. tests/tap-lib.sh

h=tests/data/hardening

# no_inf_nan FILE: no "inf" or "nan" figure (a token of its own, as printf
# writes them: "-nan%", "inf,", ": inf}") anywhere in FILE
no_inf_nan() {
	# on a file that holds something: a missing or empty one is no proof
	nonempty "$1" && ! grep -Eiq '(^|[][ ,:(])[-+]?(inf|nan)(ity)?([]%, })]|$)' "$1"
}

# --- diff --folded: weights of 1e63 and more (put_weight's buffer) ---
"$FLAMEDIFF" diff --folded --no-normalize $h/diff-folded-put_weight-base.folded \
	$h/diff-folded-put_weight-new.folded >"$T/fw" 2>"$T/err"
ok $? "diff --folded of a 1e70 weight exits 0"
cat >"$T/want" <<'EOF2'
proc;main;bar 5 5
proc;main;foo 10000000000000000725314363815292351261583744096465219555182101554790400 3
EOF2
cmp -s "$T/want" "$T/fw"
ok $? "1e70 is written with all its 71 digits, nothing after them"
[ $? -eq 0 ] || od -c "$T/fw" | head -20 | sed 's/^/#   /'

"$FLAMEDIFF" diff --folded $h/diff-folded-put_weight-base.folded \
	$h/diff-folded-put_weight-new.folded >"$T/fwn" 2>"$T/err"
ok $? "diff --folded (normalized) of a 1e70 weight exits 0"
n=$(grep -Ecv '^proc;main;(foo|bar) [0-9]+ [0-9]+$' "$T/fwn")
[ "$n" -eq 0 ] && [ "$(wc -l <"$T/fwn")" -eq 2 ]
ok $? "normalized: two lines 'stack base new' of plain digits ($n bad)"
[ $? -eq 0 ] || od -c "$T/fwn" | head -20 | sed 's/^/#   /'

# DBL_MAX without an exponent is 309 digits.
"$FLAMEDIFF" diff --folded --no-normalize $h/diff-folded-dbl-max.folded \
	$h/diff-folded-put_weight-new.folded >"$T/fmax" 2>"$T/err"
ok $? "diff --folded of a DBL_MAX weight exits 0"
w=$(awk '$1 == "p;main;huge" { print $2 }' "$T/fmax")
[ ${#w} -eq 309 ] && [ "${w#17976931348623157}" != "$w" ]
ok $? "DBL_MAX is written whole: 309 digits (got ${#w})"

# Totals beyond DBL_MAX (two weights of 1e308) are refused by the reader
# (no inf may enter a profile): bad input, exit 2, with the reason.
for order in "report-inf-total.folded diff-folded-put_weight-new.folded" \
	"diff-folded-put_weight-new.folded report-inf-total.folded"; do
	set -- $order
	"$FLAMEDIFF" diff --folded "$h/$1" "$h/$2" >"$T/finf" 2>"$T/err"
	[ $? -eq 2 ] && grep -q 'add up past the largest number' "$T/err" &&
		[ ! -s "$T/finf" ]
	ok $? "diff --folded $1 $2: a total beyond DBL_MAX is bad input (2)"
done
no_inf_nan "$T/fmax"
ok $? "no inf or nan in the differential folded output"

# --- LKP calltrace keys of 64 KB: the explanation splits them in linear
# time (it was cubic: 34 s for 32 KB). A children key nearly as long
# tries the known-name lookup too. Made here, not stored.
mkdir "$T/cb" "$T/cn"
key=$(awk 'BEGIN { s = "a"; for (i = 0; i < 15; i++) s = s "." s; print s }')
printf 'perf-profile.calltrace.cycles-pp.%s: 10\n' "$key" >"$T/cb/1"
printf 'perf-profile.calltrace.cycles-pp.%s: 20\n' "$key" >"$T/cn/1"
printf 'perf-profile.children.cycles-pp.%s.b: 5\n' "${key%????}" >>"$T/cn/1"
printf 'perf-profile.children.cycles-pp.a.a: 5\n' >>"$T/cn/1"
timeout 20 "$FLAMEDIFF" diff "$T/cb/1" "$T/cn/1" >"$T/ct" 2>"$T/err"
ok $? "diff of 64 KB calltrace keys ends in time and exits 0"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err" | head -5
grep -q '^What moved' "$T/ct"
ok $? "... with its explanation"

# --- No inf or nan figure in any format, from runs whose figures overflow
# (LKP stats of +-DBL_MAX (repeated keys are averaged now, not added up), a mean near
# 0 with a stddev of 1, profiles whose totals pass DBL_MAX).
for c in "lkp-nan-mean/b lkp-nan-mean/n" "lkp-stddev-intovf/b lkp-stddev-intovf/n"; do
	set -- $c
	for fmt in table json csv; do
		"$FLAMEDIFF" diff --all --format $fmt "$h/$1" "$h/$2" \
			>"$T/out" 2>"$T/err"
		ok $? "diff --all --format $fmt $1 $2 exits 0"
		[ -s "$T/out" ] && no_inf_nan "$T/out"
		ok $? "... and writes figures, none inf or nan"
		[ $? -eq 0 ] || grep -Ei 'inf|nan' "$T/out" | head -3 | sed 's/^/#   /'
	done
done

# The JSON of the +-1e308 runs: a mean of 0, a finite stddev, p in [0, 1].
"$FLAMEDIFF" diff --all --format json $h/lkp-nan-mean/b $h/lkp-nan-mean/n \
	>"$T/j" 2>"$T/err"
ok $? "diff --format json of +-1e308 runs exits 0"
grep -q '"base": {"mean": 0, "stddev": 1.797693135e+308' "$T/j"
ok $? "base: mean 0 (DBL_MAX, -DBL_MAX), stddev held at DBL_MAX"
grep -q '"p": 1,' "$T/j"
ok $? "Welch's p of runs that far apart in spread is 1"

# Two profiles whose total is 2e308: refused, whatever the format.
for fmt in table json csv; do
	"$FLAMEDIFF" diff --all --format $fmt $h/report-inf-total.folded \
		$h/report-inf-total.folded >"$T/t" 2>"$T/err"
	[ $? -eq 2 ] && grep -q 'add up past the largest number' "$T/err"
	ok $? "diff --format $fmt of profiles with a total past DBL_MAX: exit 2"
done

done_testing
