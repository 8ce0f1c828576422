#!/bin/sh
# Reading perf.data directly against the text route: `flamediff fold
# X.data` against `perf script -i X.data | flamediff fold`, on a large
# system-wide frame-pointer recording (about PERFDATA_BENCH_MB MB, default
# 100; recorded once into bench/out/perfdata/big.data, size printed).
#
# Prints, per route, the best of RUNS runs (default 3): wall seconds, CPU
# seconds (user + system, the pipeline's processes together) and the peak
# resident memory of its largest process; then the ratio peer/flamediff
# with the input's size, and how much of the weight the two folds share
# (sum of min / total). The same for --inline against perf script
# --inline. Nothing fails on speed: the machines are noisy.
#
# A route that fails (perf 6.1's perf script dies of SIGFPE on some
# recordings) is reported as failed, with why ("perf script: killed by
# SIGFPE"); the other route's figures are still printed, no ratio is
# computed from the failure, and the bench goes on (exit 0).
#
# For tests (tests/t-bench-peer.sh): PERF is the perf to run (default
# perf), PERFDATA_INPUT an input to use instead of recording one,
# PERFDATA_OUT the directory of the outputs (bench/out/perfdata).
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${PERFDATA_BENCH_MB:=100}"
: "${RUNS:=3}"
: "${PERF:=perf}"
out=${PERFDATA_OUT:-bench/out/perfdata}
mkdir -p "$out"

if ! command -v "$PERF" >/dev/null; then
	echo "perfdata: SKIP (no perf)"
	exit 0
fi
if [ -z "$PERFDATA_INPUT" ] &&
	! $PERF record -q -o "$out/probe.data" -e cpu-clock -- true \
	>/dev/null 2>"$out/probe.err"; then
	echo "perfdata: SKIP (perf record: $(head -1 "$out/probe.err"))"
	exit 0
fi
if [ ! -x "$BUILD/bench/rusage" ]; then
	make -s "$BUILD/bench/rusage" || exit 1
fi

size() { wc -c <"$1" | tr -d ' '; }

# The input: a high-rate system-wide recording with call graphs, grown a
# second at a time until it is large enough (a busy machine fills it
# faster: the size, not the time, is the target).
big=${PERFDATA_INPUT:-$out/big.data}
want=$((PERFDATA_BENCH_MB * 1000000))
if [ -z "$PERFDATA_INPUT" ] &&
	{ [ ! -f "$big" ] || [ "$(size "$big")" -lt "$want" ]; }; then
	secs=2
	while :; do
		$PERF record -q -a -g -c 20011 -e cpu-clock -o "$big" \
			-- sleep $secs >/dev/null 2>&1 || exit 1
		[ "$(size "$big")" -ge "$want" ] && break
		[ $secs -ge 64 ] && break
		secs=$((secs * 2))
	done
fi
bytes=$(size "$big")
cat "$big" >/dev/null # into the page cache
printf 'perfdata: %s, %.1f MB (%s)\n' "$big" \
	"$(echo "$bytes / 1000000" | bc -l)" "$($PERF --version)"

# why STATUS WHO: what an exit status says of WHO ("perf script: killed
# by SIGFPE", "flamediff fold: exit status 2")
why() {
	if [ "$1" -gt 128 ] && sig=$(kill -l $(($1 - 128)) 2>/dev/null); then
		echo "$2: killed by SIG$sig"
	else
		echo "$2: exit status $1"
	fi
}

# The peer's end of a pipeline: "$PEER_RUN perf script ... | fold" runs
# it keeping its own status, which the pipeline's (fold's) would hide.
PEER_RUN="sh '$(pwd)/bench/peer-status.sh' '$out/peer.st'"

# measure LABEL COMMAND...: best of RUNS; "LABEL wall cpu maxrss_kb", or
# "LABEL failed WHY" when a run fails (the peer in the pipeline, or the
# whole command)
measure() {
	label=$1
	shift
	: >"$out/runs"
	i=0
	while [ $i -lt "$RUNS" ]; do
		rm -f "$out/peer.st"
		"$BUILD/bench/rusage" "$@" 2>"$out/stderr" >/dev/null
		st=$?
		pst=$(cat "$out/peer.st" 2>/dev/null)
		if [ -n "$pst" ] && [ "$pst" -ne 0 ]; then
			echo "$label failed $(why "$pst" "perf script")"
			return 0
		fi
		if [ $st -ne 0 ] || ! grep -q '^rusage:' "$out/stderr"; then
			echo "$label failed $(why "$st" "$label")"
			return 0
		fi
		grep '^rusage:' "$out/stderr" >>"$out/runs"
		i=$((i + 1))
	done
	awk -v label="$label" '
		{ w = $3; c = $5 + $7; m = $9
		  if (!n++ || w < bw) bw = w; if (n == 1 || c < bc) bc = c
		  if (m > bm) bm = m }
		END { printf "%s %.3f %.3f %d\n", label, bw, bc, bm }' \
		"$out/runs"
}

# report LABEL "direct-line" "text-line": the pair and their ratio; a
# route that failed is said so, and no ratio is made of it
report() {
	printf '%s\n%s\n' "$2" "$3" | awk -v mb="$bytes" -v what="$1" '
		{ l[NR] = $1; w[NR] = $2; c[NR] = $3; m[NR] = $4
		  if ($2 == "failed") { bad[NR] = 1; $1 = $2 = ""; sub(/^ +/, ""); why[NR] = $0 } }
		END {
			printf "  %s\n", what
			for (i = 1; i <= 2; i++) {
				if (bad[i]) {
					printf "    %-26s failed (%s)\n", l[i], why[i]
					continue
				}
				printf "    %-26s wall %7.2fs  cpu %7.2fs", l[i], w[i], c[i]
				if (w[i] > 0)
					printf "  %6.1f MB/s", mb / 1e6 / w[i]
				printf "  max RSS %6.1f MB\n", m[i] / 1024
			}
			if (bad[1] || bad[2])
				printf "    speed-up (peer / flamediff): none, a route failed\n"
			else if (w[1] > 0 && c[1] > 0)
				printf "    speed-up (peer / flamediff): wall %.1fx, cpu %.1fx, on %.1f MB\n",
					w[2] / w[1], c[2] / c[1], mb / 1e6
			else
				printf "    speed-up (peer / flamediff): none, flamediff took no measurable time\n"
		}'
}

# failed "line": whether a measure line is a failure
failed() { [ "$(echo "$1" | cut -d' ' -f2)" = failed ]; }

# share A B: how much of the weight two folds share (sum of min / total)
share() {
	awk 'FNR == 1 { f++ }
		{ n = $NF; $NF = ""; if (f == 1) { a[$0] += n; ta += n }
		  else { b[$0] += n; tb += n } }
		END { for (k in a) if (k in b) s += a[k] < b[k] ? a[k] : b[k]
		      t = ta > tb ? ta : tb
		      printf "    the two folds share %.2f%% of the weight\n", t ? 100 * s / t : 0 }' \
		"$1" "$2"
}

direct=$(measure "flamediff-fold-X.data" "$FLAMEDIFF" fold -o "$out/direct.fold" "$big")
text=$(measure "perf-script|flamediff-fold" sh -c "$PEER_RUN $PERF script -i '$big' 2>/dev/null | \
	'$FLAMEDIFF' fold -o '$out/text.fold'")
report "fold X.data against perf script -i X.data | fold" "$direct" "$text"
failed "$direct" || failed "$text" || share "$out/direct.fold" "$out/text.fold"

# -j (issue 27): -j 2 against -j 1 on the same file, the two alternating
# (a neighbour's burst then lands on both), best wall of RUNS each:
# target 1.7x on 2 cores, the same bytes out.
: >"$out/j1.t"
: >"$out/j2.t"
i=0
while [ $i -lt "$RUNS" ]; do
	for j in 1 2; do
		"$BUILD/bench/rusage" "$FLAMEDIFF" fold -j $j \
			-o "$out/direct.j$j.fold" "$big" 2>"$out/stderr" \
			>/dev/null &&
			sed -n 's/^rusage: wall \([0-9.]*\) .*/\1/p' \
				"$out/stderr" >>"$out/j$j.t"
	done
	i=$((i + 1))
done
same=differs
cmp -s "$out/direct.j1.fold" "$out/direct.j2.fold" && same="the same"
sort -n "$out/j1.t" | head -1 >"$out/j1.best"
sort -n "$out/j2.t" | head -1 >"$out/j2.best"
if [ -s "$out/j1.best" ] && [ -s "$out/j2.best" ]; then
	awk -v s="$same" 'NR == 1 { a = $1 } NR == 2 { b = $1 } END {
		r = (b > 0) ? a / b : 0
		printf "  fold -j 1: wall %.3f s, -j 2: wall %.3f s\n", a, b
		printf "  fold -j 2 vs -j 1: %.2fx faster (wall; target 1.7x), output %s\n",
			r, s }' "$out/j1.best" "$out/j2.best"
else
	echo "  fold -j 1 / -j 2: failed"
fi

# --inline: DWARF read in process against perf script --inline (which
# asks addr2line; perf 6.1 built without libbfd finds no inlined frame)
direct=$(measure "flamediff-fold--inline" "$FLAMEDIFF" fold --inline \
	-o "$out/direct-inline.fold" "$big")
text=$(measure "perf-script--inline|fold" sh -c "$PEER_RUN $PERF script --inline \
	-i '$big' 2>/dev/null | '$FLAMEDIFF' fold -o '$out/text-inline.fold'")
report "fold --inline X.data against perf script --inline -i X.data | fold" \
	"$direct" "$text"
if failed "$direct" || failed "$text"; then
	exit 0
fi
awk '/_\[i\]/ { n++ } END { printf "    inlined frames: %d stacks with one in flamediff'"'"'s fold, ", n }' \
	"$out/direct-inline.fold"
awk '/_\[i\]/ { n++ } END { printf "%d in perf script'"'"'s\n", n }' \
	"$out/text-inline.fold"
