#!/bin/sh
# bench: compares with the baseline itself
# Issue 27's targets, each a ratio measured in this one run (the machine
# is shared and noisy: only ratios of one run mean anything). Every line
# ends PASS or FAIL; nothing exits non-zero on speed.
#
#  - fold of RATIO_DISTINCT (400k) distinct perf script stacks
#    (bench/gen-distinct): time <= 1.5x bench/fold-floor's, peak RSS
#    <= 0.8x stackcollapse-perf.pl's (else its stand-in
#    bench/perl-collapse.pl, said so);
#  - report, report --lkp, fold --format pprof|speedscope, svg, diff A A
#    of RATIO_ONE (default 1M; the issue asks 10M, RATIO_ONE=10000000,
#    which takes minutes a command here) distinct one-frame stacks: each
#    <= 1.5x fold's time and peak RSS;
#  - svg --diff / png --diff of two RATIO_SIDE (100k) stack sides, sharing
#    no stack or most: <= 1.2x the two plain graphs' time and RSS added up;
#  - beside each of ours, the baseline's figure (bench/baseline.sh), FAIL
#    when ours is more than 10% slower.
# Times are the best of RUNS (3) runs, the commands of a group alternating;
# RSS the largest of them.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${RATIO_DISTINCT:=400000}"
: "${RATIO_ONE:=1000000}"
: "${RATIO_SIDE:=100000}"
: "${RUNS:=3}"
: "${ORACLES:=../shared/oracles}"
out=bench/out/ratios
mkdir -p "$out"
rusage=$BUILD/bench/rusage gen=$BUILD/bench/gen-distinct
floor=$BUILD/bench/fold-floor
if [ ! -x "$rusage" ] || [ ! -x "$gen" ] || [ ! -x "$floor" ]; then
	make -s "$rusage" "$gen" "$floor" || exit 1
fi
base=$(BUILD=$BUILD sh bench/baseline.sh 2>/dev/null) || base=
[ -n "$base" ] && base=$(pwd)/$base

# once NAME CMD...: one run, "wall maxrss_kb" appended to $out/NAME.
once() {
	name=$1
	shift
	if "$rusage" "$@" >"$out/stdout" 2>"$out/stderr"; then
		sed -n 's/^rusage: wall \([0-9.]*\) .* maxrss_kb \([0-9]*\).*/\1 \2/p' \
			"$out/stderr" | tail -1 >>"$out/$name.t"
	else
		echo "9e9 9e9" >>"$out/$name.t"
		echo "$name failed: $(head -c 300 "$out/stderr")" >&2
	fi
}
# best NAME: "time rss" of NAME's runs (least time, largest RSS).
best() {
	awk 'NR == 1 || $1 < t { t = $1 } $2 > m { m = $2 }
		END { print t, m }' "$out/$1.t"
}
# ratio LABEL NUM DEN LIMIT: "LABEL a/b = r (<= LIMIT) PASS|FAIL"
ratio() {
	awk -v l="$1" -v a="$2" -v b="$3" -v lim="$4" 'BEGIN {
		r = b > 0 ? a / b : 9e9
		printf "%-44s %8.3g / %-8.3g = %5.2fx (<= %gx) %s\n", l, a, b,
			r, lim, r <= lim ? "PASS" : "FAIL" }'
}

# Inputs, made once.
d=$out/distinct-$RATIO_DISTINCT.txt
[ -s "$d" ] || "$gen" "$RATIO_DISTINCT" >"$d"
one=$out/one-$RATIO_ONE.folded
[ -s "$one" ] || awk -v n="$RATIO_ONE" \
	'BEGIN { for (i = 0; i < n; i++) printf "proc;fn_%d 1\n", i }' >"$one"
# Sides: a tree of 16 processes fanning out; B shares no stack with A
# (disjoint) or all but a tenth (shared).
side() {
	awk -v n="$RATIO_SIDE" -v p="$1" -v s="$2" 'BEGIN {
		for (i = 0; i < n; i++) {
			j = (i % 10 == 0) ? i + s : i
			printf "proc%d;a%d;b%d;%s%d %d\n", i % 16, i % 97,
				i % 1009, p, j, 1 + i % 7 }
	}'
}
[ -s "$out/A-$RATIO_SIDE.folded" ] || side fa 0 >"$out/A-$RATIO_SIDE.folded"
[ -s "$out/B-$RATIO_SIDE.folded" ] || side fb 0 >"$out/B-$RATIO_SIDE.folded"
[ -s "$out/S-$RATIO_SIDE.folded" ] || side fa 1000000000 >"$out/S-$RATIO_SIDE.folded"
rm -f "$out"/*.t

echo "fold of $RATIO_DISTINCT distinct stacks ($(wc -c <"$d" | tr -d ' ') bytes)"
peer=$ORACLES/stackcollapse-perf.pl peer_name=stackcollapse-perf.pl
if [ ! -f "$peer" ]; then
	peer=bench/perl-collapse.pl
	peer_name="perl-collapse.pl (stackcollapse-perf.pl absent)"
fi
for r in $(seq "$RUNS"); do
	once floor "$floor" "$d"
	once dfold "$FLAMEDIFF" fold "$d"
	[ -z "$base" ] || once bdfold "$base" fold "$d"
done
command -v perl >/dev/null && once peer perl "$peer" "$d"
set -- $(best dfold)
ft=$1 fm=$2
ratio "fold time / fold-floor's" "$ft" "$(best floor | cut -d' ' -f1)" 1.5
[ ! -f "$out/peer.t" ] ||
	ratio "fold RSS / $peer_name's" "$fm" "$(best peer | cut -d' ' -f2)" 0.8
[ -z "$base" ] ||
	ratio "fold time / baseline's" "$ft" "$(best bdfold | cut -d' ' -f1)" 1.1

echo "$RATIO_ONE distinct one-frame stacks, each command to fold"
set -- fold "report" "report --lkp" "fold --format pprof" \
	"fold --format speedscope" "svg" "diff"
for r in $(seq "$RUNS"); do
	for c in "$@"; do
		n=$(echo "$c" | tr -c 'a-z\n' _)
		a=$one
		[ "$c" = diff ] && a="$one $one"
		# shellcheck disable=SC2086
		once "$n" "$FLAMEDIFF" $c $a
		# shellcheck disable=SC2086
		[ -z "$base" ] || once "b$n" "$base" $c $a
	done
done
set -- $(best fold)
ft=$1 fm=$2
for c in "report" "report --lkp" "fold --format pprof" \
	"fold --format speedscope" "svg" "diff"; do
	n=$(echo "$c" | tr -c 'a-z\n' _)
	l=$c
	[ "$c" = diff ] && l="diff A A"
	set -- $(best "$n")
	ratio "$l time / fold's" "$1" "$ft" 1.5
	ratio "$l RSS / fold's" "$2" "$fm" 1.5
	[ -z "$base" ] ||
		ratio "$l time / baseline's" "$1" "$(best "b$n" | cut -d' ' -f1)" 1.1
done

echo "--diff of two $RATIO_SIDE-stack sides, to the two plain graphs"
for k in B S; do
	for r in $(seq "$RUNS"); do
		for f in svg png; do
			once "${f}A$k" "$FLAMEDIFF" "$f" "$out/A-$RATIO_SIDE.folded"
			once "${f}B$k" "$FLAMEDIFF" "$f" "$out/$k-$RATIO_SIDE.folded"
			once "${f}D$k" "$FLAMEDIFF" "$f" --diff "$out/A-$RATIO_SIDE.folded" \
				"$out/$k-$RATIO_SIDE.folded"
			[ -z "$base" ] || once "b${f}D$k" "$base" "$f" --diff \
				"$out/A-$RATIO_SIDE.folded" "$out/$k-$RATIO_SIDE.folded"
		done
	done
	w=disjoint
	[ "$k" = S ] && w=shared
	for f in svg png; do
		set -- $(best "${f}A$k") $(best "${f}B$k") $(best "${f}D$k")
		ratio "$f --diff ($w) time / two graphs'" "$5" \
			"$(echo "$1 $3" | awk '{ print $1 + $2 }')" 1.2
		ratio "$f --diff ($w) RSS / two graphs'" "$6" \
			"$(echo "$2 $4" | awk '{ print $1 + $2 }')" 1.2
		[ -z "$base" ] || ratio "$f --diff ($w) time / baseline's" "$5" \
			"$(best "b${f}D$k" | cut -d' ' -f1)" 1.1
	done
done
