#!/bin/sh
# bench: compares with the baseline itself (it has no record --sched)
# record --sched -a against perf sched record -g -a (what LKP runs for its
# perf-sched rows) on a context-switch-heavy stressor, stress-ng --switch:
#  - overhead: the stressor's bogo ops/s (real time) under each tool,
#    against a run under none (median of RUNS runs each, interleaved so
#    that a change of load weighs on all alike);
#  - output size: flamediff's profile (uncompressed) against perf.data;
#  - the events each one saw (ours: switches folded; perf: samples of the
#    three tracepoints, wakeups included).
# Targets (issue 16): overhead at most perf's, output at least 100 times
# smaller. Prints the figure, the peer, the ratio and "target met/MISSED";
# never fails on speed.
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${RUNS:=3}"
: "${SECS:=10}"
OUT=bench/out/sched
mkdir -p "$OUT"

for tool in perf stress-ng; do
	if ! command -v $tool >/dev/null; then
		echo "sched: SKIP (no $tool)"
		exit 0
	fi
done
if ! "$FLAMEDIFF" record -q --sched -a -d 0.1 -o "$OUT/probe" \
	2>"$OUT/probe.err"; then
	echo "sched: SKIP ($(head -1 "$OUT/probe.err"))"
	exit 0
fi
STRESS="stress-ng --switch 2 -t $SECS --metrics-brief"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ops FILE: bogo ops/s (real time) of the switch row of stress-ng's metrics
ops() {
	awk '$4 == "switch" && (NF == 10 || NF == 12) && $5 ~ /^[0-9]+$/ \
		{ print $9 }' "$1"
}

# run_with TOOL: prints "ops size switches" of one run
run_with() {
	case $1 in
	none)
		$STRESS >"$OUT/none.out" 2>&1
		echo "$(ops "$OUT/none.out") 0 0"
		;;
	flamediff)
		"$FLAMEDIFF" record --sched -a -o "$OUT/fd.profile" -- $STRESS \
			>"$OUT/fd.out" 2>&1 ||
			{ sed 's/^/  /' "$OUT/fd.out" >&2; echo "flamediff record failed" >&2; exit 1; }
		# the summary line (a note after it may count switches too)
		sw=$(sed -n 's/.* \([0-9]*\) switches .*/\1/p' "$OUT/fd.out" |
			head -1)
		echo "$(ops "$OUT/fd.out") $(wc -c <"$OUT/fd.profile") ${sw:-0}"
		;;
	perf)
		perf sched record -g -a -o "$OUT/perf.data" -- $STRESS \
			>"$OUT/perf.out" 2>&1 ||
			{ sed 's/^/  /' "$OUT/perf.out" >&2; echo "perf sched record failed" >&2; exit 1; }
		sw=$(sed -n 's/.*perf.data (\([0-9]*\) samples).*/\1/p' \
			"$OUT/perf.out")
		echo "$(ops "$OUT/perf.out") $(wc -c <"$OUT/perf.data") ${sw:-0}"
		rm -f "$OUT/perf.data" # hundreds of MB
		;;
	esac
}

for tool in none flamediff perf; do : >"$OUT/runs.$tool"; done
i=0
while [ $i -lt "$RUNS" ]; do
	for tool in none flamediff perf; do
		run_with $tool >>"$OUT/runs.$tool" || exit 1
	done
	i=$((i + 1))
done
echo "sched: $(nproc) CPUs, $STRESS, median of $RUNS"
for tool in none flamediff perf; do
	ops=$(awk '{ print $1 }' "$OUT/runs.$tool" | median)
	size=$(awk '{ print $2 }' "$OUT/runs.$tool" | median)
	sw=$(awk '{ print $3 }' "$OUT/runs.$tool" | median)
	[ $tool = none ] && base=$ops
	over=$(awk -v b="$base" -v o="$ops" \
		'BEGIN { printf "%.1f", b ? 100 * (b - o) / b : 0 }')
	printf "sched: %-10s %12s ops/s  overhead %5s%%  output %11s bytes  %9s events\n" \
		"$tool" "$ops" "$over" "$size" "$sw"
	eval "over_$tool=$over size_$tool=$size"
done

verdict() { [ "$1" = 1 ] && echo "target met" || echo "target MISSED"; }
v=$(awk -v a="$over_flamediff" -v b="$over_perf" 'BEGIN { print (a <= b + 0.5) }')
echo "sched: overhead: flamediff $over_flamediff% vs perf $over_perf% (ratio $(awk -v a="$over_flamediff" -v b="$over_perf" 'BEGIN { printf "%.2f", b ? a / b : 0 }')): $(verdict "$v") (noise is a few %)"
ratio=$(awk -v a="$size_perf" -v b="$size_flamediff" \
	'BEGIN { printf "%.0f", b ? a / b : 0 }')
echo "sched: output: profile $size_flamediff bytes vs perf.data $size_perf bytes: ${ratio}x smaller: $(verdict "$([ "$ratio" -ge 100 ] && echo 1)")"
