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
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${PERFDATA_BENCH_MB:=100}"
: "${RUNS:=3}"
out=bench/out/perfdata
mkdir -p "$out"

if ! command -v perf >/dev/null; then
	echo "perfdata: SKIP (no perf)"
	exit 0
fi
if ! perf record -q -o "$out/probe.data" -e cpu-clock -- true \
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
big=$out/big.data
want=$((PERFDATA_BENCH_MB * 1000000))
if [ ! -f "$big" ] || [ "$(size "$big")" -lt "$want" ]; then
	secs=2
	while :; do
		perf record -q -a -g -c 20011 -e cpu-clock -o "$big" \
			-- sleep $secs >/dev/null 2>&1 || exit 1
		[ "$(size "$big")" -ge "$want" ] && break
		[ $secs -ge 64 ] && break
		secs=$((secs * 2))
	done
fi
bytes=$(size "$big")
cat "$big" >/dev/null # into the page cache
printf 'perfdata: %s, %.1f MB (%s)\n' "$big" \
	"$(echo "$bytes / 1000000" | bc -l)" "$(perf --version)"

# measure LABEL COMMAND...: best of RUNS; "LABEL wall cpu maxrss_kb"
measure() {
	label=$1
	shift
	: >"$out/runs"
	i=0
	while [ $i -lt "$RUNS" ]; do
		"$BUILD/bench/rusage" "$@" 2>"$out/stderr" >/dev/null
		st=$?
		if [ $st -ne 0 ]; then
			echo "perfdata: $label failed (status $st)"
			sed 's/^/  /' "$out/stderr"
			exit 1
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

# report LABEL "direct-line" "text-line": the pair and their ratio
report() {
	printf '%s\n%s\n' "$2" "$3" | awk -v mb="$bytes" -v what="$1" '
		{ l[NR] = $1; w[NR] = $2; c[NR] = $3; m[NR] = $4 }
		END {
			printf "  %s\n", what
			for (i = 1; i <= 2; i++)
				printf "    %-26s wall %7.2fs  cpu %7.2fs  %6.1f MB/s  max RSS %6.1f MB\n",
					l[i], w[i], c[i], mb / 1e6 / w[i], m[i] / 1024
			printf "    speed-up (peer / flamediff): wall %.1fx, cpu %.1fx, on %.1f MB\n",
				w[2] / w[1], c[2] / c[1], mb / 1e6
		}'
}

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
text=$(measure "perf-script|flamediff-fold" sh -c "perf script -i '$big' 2>/dev/null | \
	'$FLAMEDIFF' fold -o '$out/text.fold'")
report "fold X.data against perf script -i X.data | fold" "$direct" "$text"
share "$out/direct.fold" "$out/text.fold"

# --inline: DWARF read in process against perf script --inline (which
# asks addr2line; perf 6.1 built without libbfd finds no inlined frame)
direct=$(measure "flamediff-fold--inline" "$FLAMEDIFF" fold --inline \
	-o "$out/direct-inline.fold" "$big")
text=$(measure "perf-script--inline|fold" sh -c "perf script --inline \
	-i '$big' 2>/dev/null | '$FLAMEDIFF' fold -o '$out/text-inline.fold'")
report "fold --inline X.data against perf script --inline -i X.data | fold" \
	"$direct" "$text"
awk '/_\[i\]/ { n++ } END { printf "    inlined frames: %d stacks with one in flamediff'"'"'s fold, ", n }' \
	"$out/direct-inline.fold"
awk '/_\[i\]/ { n++ } END { printf "%d in perf script'"'"'s\n", n }' \
	"$out/text-inline.fold"
