#!/bin/sh
# make bench: every benchmark prints its figures; none of them fails on
# speed (the machines are noisy: compare the ratios printed in one run).
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
export FLAMEDIFF BUILD
mkdir -p bench/out
for b in bench/fold.sh bench/report.sh bench/report-mem.sh bench/svg.sh bench/png.sh bench/record.sh bench/perfdata.sh bench/diff-scale.sh; do
	[ -f "$b" ] || continue
	echo "== $b"
	sh "$b"
done
