#!/bin/sh
# Memory of `flamediff report` flat in the input's size: 50 MB and 500 MB
# of perf script text holding the same distinct stacks (the two corpus
# captures, repeated). Target (hardening issue): the peak resident memory
# of the larger within 20% of the smaller. Prints both, the ratio and the
# times; nothing fails on speed or size.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
out=bench/out/report-mem
mkdir -p "$out"
pair=$out/pair.perf-script
gzip -dc tests/data/mremap.perf-script.gz tests/data/session.perf-script.gz >"$pair"
psize=$(wc -c <"$pair" | tr -d ' ')

make_input() { # make_input MB FILE: copies of the pair, to MB
	copies=$(( ($1 * 1000000 + psize - 1) / psize ))
	want=$(( copies * psize ))
	if [ ! -f "$2" ] || [ "$(wc -c <"$2" | tr -d ' ')" -ne "$want" ]; then
		i=0
		while [ $i -lt $copies ]; do
			cat "$pair"
			i=$((i + 1))
		done >"$2"
	fi
}

measure() { # measure FILE: "maxrss_kb wall" of report --lkp
	"$BUILD/bench/rusage" "$FLAMEDIFF" report --lkp "$1" \
		>/dev/null 2>"$out/rusage" || {
		echo "report failed on $1" >&2
		exit 1
	}
	sed -n 's/.*wall \([0-9.]*\).*maxrss_kb \([0-9]*\).*/\2 \1/p' \
		"$out/rusage" | tail -1
}

make_input 50 "$out/50.perf-script"
make_input 500 "$out/500.perf-script"
set -- $(measure "$out/50.perf-script")
small=$1 tsmall=$2
set -- $(measure "$out/500.perf-script")
large=$1 tlarge=$2
echo "report --lkp, same distinct stacks: 50 MB: $small KB in $tsmall s;" \
	"500 MB: $large KB in $tlarge s"
awk -v a="$small" -v b="$large" 'BEGIN {
	printf "memory 500 MB / 50 MB: %.2f (target <= 1.20)\n", b / a }'
rm -f "$out/500.perf-script"
