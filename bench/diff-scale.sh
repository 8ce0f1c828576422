#!/bin/sh
# bench: compares with the baseline itself
# The comparison side of issues 12 and 27 ("Scale"). Targets, as ratios
# measured in this one run (each line ends PASS or FAIL; nothing here
# fails on speed, see bench/run.sh):
#  - svg --diff and png --diff of two N-stack sides, sharing every stack
#    (other weights) or none: at most 1.2x the CPU time and peak memory
#    of the two plain graphs of its sides added up (issue 27);
#  - diff A A of ONE (default 1000000; the issue asks 10 M) distinct
#    one-frame stacks: at most 1.5x fold's CPU time and peak memory;
#  - bytes per distinct frame node of fold, svg, svg --diff, diff
#    --format tree (the comparison's union tree) and diff --format
#    folded (the joint tree) on NODES (300000)
#    distinct 12-frame stacks, the slope of peak RSS between a quarter of
#    the input and all of it: at most 48;
#  - diff of R runs a side: at most 3x the memory of 1 run a side, time
#    linear in the input;
#  - nothing slower than the baseline (a flamediff built from fb667e9,
#    issue 12's starting point) by more than 10%.
# Times are CPU time (user + sys: what one core spent, however busy the
# machine), the best of RUNS runs of each command, the commands of a
# group alternating; memory the largest peak RSS of those runs.
# N (default 1000000), ONE, NODES, R (default 100), S (stacks a run,
# default 4900) and RUNS (default 3) are variables: N=200000 ONE=200000
# NODES=100000 RUNS=1 sh bench/diff-scale.sh for a quicker look.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${N:=1000000}"
: "${R:=100}"
: "${S:=4900}"
: "${RUNS:=3}"
: "${ONE:=1000000}"
: "${NODES:=300000}"
out=bench/out/diff-scale
mkdir -p "$out"
rusage=$BUILD/bench/rusage
gen=$BUILD/bench/gen-stacks

# The baseline binary (bench/baseline.sh builds it once).
BASELINE=$(sh bench/baseline.sh) || exit 1

# once NAME BIN ARGS...: one run, "cpu_seconds kilobytes" appended to
# $out/NAME.t.
once() {
	name=$1
	shift
	"$rusage" "$@" 2>"$out/rusage" >/dev/null ||
		{ echo "failed: $*" >&2; cat "$out/rusage" >&2; exit 1; }
	awk '/^rusage:/ { print $5 + $7, $9 }' "$out/rusage" >>"$out/$name.t"
}

# best NAME: "seconds kilobytes" of NAME's runs: the least CPU time, the
# largest peak RSS.
best() {
	awk '!n++ || $1 < t { t = $1 } $2 > k { k = $2 } END { print t, k }' \
		"$out/$1.t"
}

# measure BIN ARGS...: "seconds kilobytes", the best of RUNS runs.
measure() {
	rm -f "$out/m.t"
	i=0
	while [ $i -lt "$RUNS" ]; do
		once m "$@"
		i=$((i + 1))
	done
	best m
}

# check LABEL NUM DEN LIMIT: "LABEL: a / b = r (<= LIMIT) PASS|FAIL"
check() {
	awk -v l="$1" -v a="$2" -v b="$3" -v lim="$4" 'BEGIN {
		r = b > 0 ? a / b : 9e9
		printf "%-46s %9.4g / %-9.4g = %5.2fx (<= %gx) %s\n", l, a, b,
			r, lim, r <= lim ? "PASS" : "FAIL" }'
}

# per LABEL NUM DEN LIMIT UNIT: "LABEL: a / b = r UNIT (<= LIMIT) PASS|FAIL"
per() {
	awk -v l="$1" -v a="$2" -v b="$3" -v lim="$4" -v u="$5" 'BEGIN {
		r = b > 0 ? a / b : 9e9
		printf "%-46s %9.4g / %-9.4g = %5.1f %s (<= %g) %s\n", l, a, b,
			r, u, lim, r <= lim ? "PASS" : "FAIL" }'
}

add() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }

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

# Disjoint sides: the same stacks under other process names.
big_x=$out/big-other.folded
[ -s "$big_x" ] && [ "$big_x" -nt "$big_n" ] ||
	sed 's/^bench-/other-/' "$big_n" >"$big_x"

rm -f "$out"/*.t
r=0
while [ $r -lt "$RUNS" ]; do
	for f in svg png; do
		for k in n x; do
			eval side=\$big_$k
			once "$f-$k" "$FLAMEDIFF" $f "$side" -o "$out/plain.$f"
			once "$f-d$k" "$FLAMEDIFF" $f --diff "$big_b" "$side" \
				-o "$out/diff.$f"
			once "$f-b$k" "$BASELINE" $f --diff "$big_b" "$side" \
				-o "$out/diff-baseline.$f"
		done
		once "$f-b" "$FLAMEDIFF" $f "$big_b" -o "$out/plain.$f"
	done
	r=$((r + 1))
done
for f in svg png; do
	set -- $(best "$f-b")
	bt=$1 bk=$2
	for k in n x; do
		w=shared
		[ $k = x ] && w=disjoint
		set -- $(best "$f-$k")
		pt=$(add "$bt" "$1") pk=$(add "$bk" "$2")
		set -- $(best "$f-d$k")
		dt=$1 dk=$2
		set -- $(best "$f-b$k")
		echo "$f --diff 2x$N stacks, sides $w: $(fmt $dt $dk);" \
			"two plain graphs $(fmt $pt $pk);" \
			"baseline $(fmt $1 $2)"
		check "$f --diff ($w) time / two graphs'" "$dt" "$pt" 1.2
		check "$f --diff ($w) RSS / two graphs'" "$dk" "$pk" 1.2
		check "$f --diff ($w) time / baseline's" "$dt" "$1" 1.1
	done
done

# diff A A of ONE distinct one-frame stacks, to fold of A.
one=$out/one-$ONE.folded
[ -s "$one" ] || awk -v n="$ONE" \
	'BEGIN { for (i = 0; i < n; i++) printf "proc;fn_%d 1\n", i }' >"$one"
rm -f "$out"/*.t
r=0
while [ $r -lt "$RUNS" ]; do
	once fold "$FLAMEDIFF" fold "$one"
	once diff "$FLAMEDIFF" diff "$one" "$one"
	once bdiff "$BASELINE" diff "$one" "$one"
	r=$((r + 1))
done
set -- $(best fold)
ft=$1 fk=$2
set -- $(best diff)
echo "diff A A of $ONE one-frame stacks: $(fmt $1 $2); fold $(fmt $ft $fk);" \
	"baseline $(fmt $(best bdiff))"
check "diff A A time / fold's" "$1" "$ft" 1.5
check "diff A A RSS / fold's" "$2" "$fk" 1.5
check "diff A A time / baseline's" "$1" "$(best bdiff | cut -d' ' -f1)" 1.1

# Bytes per distinct frame node: NODES and NODES/4 distinct 12-frame
# stacks (frames from 4093 names: the nodes, not the names, are many).
deep() { # n
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			s = "proc" (i % 8)
			h = i
			for (j = 1; j < 12; j++) {
				h = (h * 1103515245 + 12345 + j) % 2147483648
				s = s ";func_" (h % 4093)
			}
			print s, 1 + i % 5
		}
	}'
}
nodes() { # file: its distinct frame nodes
	awk '{ n = split($1, f, ";"); p = ""
		for (j = 1; j <= n; j++) {
			p = p ";" f[j]
			if (!(p in seen)) { seen[p] = 1; c++ }
		} } END { print c }' "$1"
}
dq=$out/deep-$((NODES / 4)).folded da=$out/deep-$NODES.folded
[ -s "$dq" ] || deep $((NODES / 4)) >"$dq"
[ -s "$da" ] || deep "$NODES" >"$da"
dn=$(($(nodes "$da") - $(nodes "$dq")))
for c in fold svg "svg --diff" "diff --format tree" \
	"diff --format folded"; do
	case $c in
	svg*) o="-o $out/deep.svg" ;;
	*) o= ;;
	esac
	case $c in
	*diff*) q="$dq $dq" a="$da $da" ;;
	*) q=$dq a=$da ;;
	esac
	# shellcheck disable=SC2086
	set -- $(measure "$FLAMEDIFF" $c $q $o)
	k1=$2
	# shellcheck disable=SC2086
	set -- $(measure "$FLAMEDIFF" $c $a $o)
	per "$c: peak RSS slope / nodes" \
		"$(awk -v a="$2" -v b="$k1" 'BEGIN { print (a - b) * 1024 }')" \
		"$dn" 48 B/node
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
check "diff $R+$R runs RSS / 1+1's" "$nkr" "$nk1" 3
check "diff $R+$R runs time / baseline's" "$ntr" "$btr" 1.1
