#!/bin/sh
# make bench: every benchmark prints its figures; none of them fails on
# speed (the machines are noisy: compare the ratios printed in one run).
#
# Each script also runs with the baseline build (bench/baseline.sh: main
# when issue 12 was opened), and under each of its lines comes the
# baseline's line of the same shape, with any figure more than 10% worse
# flagged (bench/beside.awk). BENCH_BASELINE=0 skips that; a script with
# a line "# bench: compares with the baseline itself" is run once.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${BENCH_BASELINE:=1}"
export FLAMEDIFF BUILD
mkdir -p bench/out
base=
if [ "$BENCH_BASELINE" != 0 ]; then
	base=$(sh bench/baseline.sh) || base=
	[ -n "$base" ] || echo "baseline: absent (figures without it)"
fi
for b in \
	bench/fold.sh \
	bench/report.sh \
	bench/report-mem.sh \
	bench/svg.sh \
	bench/png.sh \
	bench/record.sh \
	bench/perfdata.sh \
	bench/scale.sh \
	bench/ratios.sh \
	bench/commands.sh \
	bench/diff-scale.sh \
	bench/sched.sh \
	bench/monitors.sh \
	; do
	[ -f "$b" ] || continue
	st=
	echo "== $b"
	if [ -z "$base" ] ||
		grep -q '^# bench: compares with the baseline itself' "$b"; then
		sh "$b"
		continue
	fi
	FLAMEDIFF=$(pwd)/$base BUILD=${base%/flamediff} sh "$b" \
		>bench/out/baseline.txt 2>&1 ||
		echo "(the baseline's run failed: bench/out/baseline.txt)"
	sh "$b" >bench/out/new.txt 2>&1 || st=$?
	awk -f bench/beside.awk bench/out/baseline.txt bench/out/new.txt
	[ -z "$st" ] || exit "$st"
done
