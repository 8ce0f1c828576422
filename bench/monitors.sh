#!/bin/sh
# bench: compares with the baseline itself
# What LKP's monitors cost the benchmark (issue 25): stress-ng's ops/s
# while flamediff records with its monitors (the default) against
# --no-monitors, median of RUNS runs each, the two kinds alternating so
# that a drift of the machine touches both. Target: within 1%.
# Also the same against no recording at all, for scale. Prints the
# figures and "target met/MISSED"; never fails on speed.
# STRESSOR (default "--mremap 2"), SECS (5) and RUNS (5) are variables.
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${RUNS:=5}"
: "${SECS:=5}"
: "${STRESSOR:=--mremap 2}"
OUT=bench/out/monitors
mkdir -p "$OUT"

if ! command -v stress-ng >/dev/null; then
	echo "monitors: SKIP (no stress-ng)"
	exit 0
fi
if ! "$FLAMEDIFF" record -q -o "$OUT/probe" -- true 2>"$OUT/probe.err"; then
	echo "monitors: SKIP ($(head -1 "$OUT/probe.err"))"
	exit 0
fi
name=$(echo "$STRESSOR" | sed 's/^--\([a-z0-9-]*\).*/\1/')

# ops/s of one run: record ARGS, or stress-ng alone with "none"
one() {
	if [ "$1" = none ]; then
		stress-ng $STRESSOR -t "$SECS" --metrics 2>&1 |
			awk -v n="$name" '$3 ~ /^\[/ && $4 == n && (NF == 10 || NF == 12) &&
				$9 ~ /^[0-9.]+$/ { print $9; exit }'
		return
	fi
	"$FLAMEDIFF" record -q "$@" -o "$OUT/run.prof" -- \
		stress-ng $STRESSOR -t "$SECS" --metrics >/dev/null 2>&1
	sed -n "s/^# stat: stress-ng\\.$name\\.ops_per_sec = \\(.*\\) ;\$/\\1/p" \
		"$OUT/run.prof"
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

: >"$OUT/with"; : >"$OUT/without"; : >"$OUT/none"
i=0
while [ $i -lt "$RUNS" ]; do
	one >>"$OUT/with"
	one --no-monitors >>"$OUT/without"
	one none >>"$OUT/none"
	i=$((i + 1))
done
with=$(median <"$OUT/with")
without=$(median <"$OUT/without")
none=$(median <"$OUT/none")
echo "stress-ng $STRESSOR -t $SECS, ops/s, median of $RUNS:"
echo "  recorded with monitors:    $with   ($(tr '\n' ' ' <"$OUT/with"))"
echo "  recorded --no-monitors:    $without   ($(tr '\n' ' ' <"$OUT/without"))"
echo "  not recorded:              $none   ($(tr '\n' ' ' <"$OUT/none"))"
awk -v a="$with" -v b="$without" 'BEGIN {
	if (b <= 0) { print "monitors: no figure"; exit }
	d = 100 * (a - b) / b
	printf "monitors cost: %+.2f%% of ops/s (target within 1%%): %s\n",
		d, (d >= -1 && d <= 1) ? "target met" : "target MISSED" }'

# What the sampling thread itself takes, which noise on a shared machine
# does not hide: flamediff's own CPU time recording "sleep IDLE" with and
# without the monitors.
: "${IDLE:=20}"
cpu() {
	/usr/bin/time -f '%U %S' "$FLAMEDIFF" record -q "$@" -o "$OUT/idle.prof" \
		-- sleep "$IDLE" 2>&1 >/dev/null | tail -1 |
		awk '{ printf "%.2f\n", $1 + $2 }'
}
if [ -x /usr/bin/time ]; then
	a=$(cpu)
	b=$(cpu --no-monitors)
	awk -v a="$a" -v b="$b" -v s="$IDLE" 'BEGIN {
		printf "flamediff CPU over %d s idle: %.2f s with monitors, %.2f s without: the monitors %.1f ms/s\n",
			s, a, b, 1000 * (a - b) / s }'
fi
