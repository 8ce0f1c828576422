#!/bin/sh
# bench: compares with the baseline itself
# The comparison side of issue 12 ("Scale"). Targets, as ratios in one run:
#  - svg --diff and png --diff of two N-stack inputs: at most 2x the time
#    and peak memory of a plain svg of one of them;
#  - diff of R runs a side: at most 3x the memory of 1 run a side, time
#    linear in the input;
#  - nothing slower than the baseline (a flamediff built from fb667e9,
#    issue 12's starting point) by more than 10%.
# Prints figures only; nothing here fails on speed (see bench/run.sh).
# N (default 1000000), R (default 100), S (stacks a run, default 4900) and
# RUNS (each figure the best of, default 3) are variables: N=200000
# RUNS=1 sh bench/diff-scale.sh for a quicker look.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${N:=1000000}"
: "${R:=100}"
: "${S:=4900}"
: "${RUNS:=3}"
out=bench/out/diff-scale
mkdir -p "$out"
rusage=$BUILD/bench/rusage
gen=$BUILD/bench/gen-stacks

# The baseline binary (bench/baseline.sh builds it once).
BASELINE=$(sh bench/baseline.sh) || exit 1

# measure BIN ARGS...: "seconds kilobytes", the best of RUNS runs: CPU
# time (user + sys: what one core spent, however busy the machine) and
# peak RSS.
measure() {
	: >"$out/best"
	i=0
	while [ $i -lt "$RUNS" ]; do
		"$rusage" "$@" 2>"$out/rusage" >/dev/null ||
			{ echo "failed: $*" >&2; cat "$out/rusage" >&2; exit 1; }
		awk '/^rusage:/ { print $5 + $7, $9 }' "$out/rusage" >>"$out/best"
		i=$((i + 1))
	done
	awk '!n++ || $1 < t { t = $1 } $2 > k { k = $2 } END { print t, k }' \
		"$out/best"
}

fmt() { # seconds kb
	awk -v s="$1" -v k="$2" 'BEGIN {
		if (k >= 1048576) printf "%.2f s %.2f GB", s, k / 1048576
		else printf "%.2f s %.0f MB", s, k / 1024 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }

# Two N-stack inputs, the same stacks, other weights.
big_b=$out/big-base.folded
big_n=$out/big-new.folded
if [ ! -s "$big_n" ] || [ "$(cat "$out/big.n" 2>/dev/null)" != "$N 2" ]; then
	"$gen" "$N" 1 >"$big_b"
	"$gen" "$N" 2 >"$big_n"
	echo "$N 2" >"$out/big.n"
fi

for fmt_ in svg png; do
	set -- $(measure "$FLAMEDIFF" $fmt_ "$big_b" -o "$out/plain.$fmt_")
	pt=$1 pk=$2
	set -- $(measure "$FLAMEDIFF" $fmt_ --diff "$big_b" "$big_n" -o "$out/diff.$fmt_")
	dt=$1 dk=$2
	set -- $(measure "$BASELINE" $fmt_ --diff "$big_b" "$big_n" -o "$out/diff-baseline.$fmt_")
	bt=$1 bk=$2
	echo "$fmt_ --diff 2x$N stacks: $(fmt $dt $dk); plain $fmt_ $N: $(fmt $pt $pk);" \
		"ratio $(ratio $dt $pt) time $(ratio $dk $pk) memory (target <= 2x);" \
		"baseline $(fmt $bt $bk) (now/baseline $(ratio $dt $bt) time $(ratio $dk $bk) memory)"
done

# R runs a side of about S stacks each, weights and stacks varying by run.
runs() { # dir nruns seed0
	if [ "$(cat "$1/.n" 2>/dev/null)" = "$2 $S 2" ]; then
		return
	fi
	rm -rf "$1"
	mkdir -p "$1"
	i=0
	while [ $i -lt "$2" ]; do
		"$gen" $((S * 105 / 100)) $(($3 + i)) 5 >"$1/run-$(printf %04d $i).folded"
		i=$((i + 1))
	done
	echo "$2 $S 2" >"$1/.n"
}
runs "$out/r1-base" 1 1000
runs "$out/r1-new" 1 2000
runs "$out/rR-base" "$R" 1000
runs "$out/rR-new" "$R" 2000
for b in "$FLAMEDIFF" "$BASELINE"; do
	set -- $(measure "$b" diff "$out/r1-base" "$out/r1-new")
	t1=$1 k1=$2
	set -- $(measure "$b" diff "$out/rR-base" "$out/rR-new")
	tr=$1 kr=$2
	if [ "$b" = "$FLAMEDIFF" ]; then
		nt1=$t1 nk1=$k1 ntr=$tr nkr=$kr
	else
		bt1=$t1 bk1=$k1 btr=$tr bkr=$kr
	fi
done
echo "diff $R+$R runs of ~$S stacks: $(fmt $ntr $nkr); 1+1 run: $(fmt $nt1 $nk1);" \
	"ratio $(ratio $ntr $nt1) time (input ${R}x) $(ratio $nkr $nk1) memory (target <= 3x);" \
	"baseline $(fmt $btr $bkr), 1+1 $(fmt $bt1 $bk1) (now/baseline $(ratio $ntr $btr) time $(ratio $nkr $bkr) memory)"
