#!/bin/sh
# Folding speed and memory: `flamediff fold` (and `report`, which reads the
# same way) on about 500 MB of perf script
# text, the two corpus captures concatenated over and over (bench/out/fold,
# built once). Target (issue 2): 400 MB/s on one core; memory that grows
# with distinct stacks, not with the input.
#
# Prints, per case, the best of three runs: wall clock MB/s (what a user
# waits, at the mercy of whatever else runs on the machine) and CPU MB/s
# (user + system time: what one core needs), and the peak resident memory.
# MB = 10^6 bytes of uncompressed perf script text. Nothing fails on speed.
# "fold" reads on every online CPU (the default -j); "fold -j 1" is one
# stream, and the ratio of the two -j lines is printed.
#
# If perl and a copy of stackcollapse-perf.pl are at hand ($STACKCOLLAPSE,
# default /tmp/stackcollapse-perf.pl; never shipped here), it is timed on
# one copy of the captures and its output compared with ours.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${FOLD_BENCH_MB:=500}"
: "${STACKCOLLAPSE:=/tmp/stackcollapse-perf.pl}"
out=bench/out/fold
mkdir -p "$out"

# How to measure: our wait4() wrapper, else GNU time, else wall clock only.
if [ -x "$BUILD/bench/rusage" ]; then
	run() { "$BUILD/bench/rusage" "$@"; }
elif /usr/bin/time -f x true >/dev/null 2>&1; then
	run() {
		/usr/bin/time -f 'rusage: wall %e user %U sys %S maxrss_kb %M status %x' "$@"
	}
else
	run() {
		t0=$(date +%s.%N)
		"$@"
		t1=$(date +%s.%N)
		echo "rusage: wall $(echo "$t1 - $t0" | bc) user -1 sys -1 maxrss_kb -1 status 0" >&2
	}
fi

size() { wc -c <"$1" | tr -d ' '; }

# The input: copies of both captures, to FOLD_BENCH_MB.
pair=$out/pair.perf-script
big=$out/big.perf-script
gzip -dc tests/data/mremap.perf-script.gz tests/data/session.perf-script.gz >"$pair"
copies=$(( (FOLD_BENCH_MB * 1000000 + $(size "$pair") - 1) / $(size "$pair") ))
want=$(( copies * $(size "$pair") ))
if [ ! -f "$big" ] || [ "$(size "$big")" -ne "$want" ]; then
	rm -f "$big" "$big.gz"
	i=0
	while [ $i -lt $copies ]; do
		cat "$pair"
		i=$((i + 1))
	done >"$big"
fi
if [ ! -f "$big.gz" ]; then
	gzip -1 -c "$big" >"$big.gz.tmp" && mv "$big.gz.tmp" "$big.gz"
fi
bytes=$(size "$big")
cat "$big" "$big.gz" >/dev/null # into the page cache
echo "input: $copies copies of the two captures, $((bytes / 1000000)) MB" \
	"($(( $(size "$big.gz") / 1000000 )) MB gzipped)"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# measure LABEL BYTES COMMAND ARGS...: best of three.
measure() {
	label=$1 n=$2
	shift 2
	: >"$out/runs"
	for i in 1 2 3; do
		run "$FLAMEDIFF" "$@" >"$out/stdout" 2>"$out/stderr" || {
			echo "$label: failed"
			sed 's/^/  /' "$out/stderr"
			return 0
		}
		grep '^rusage:' "$out/stderr" >>"$out/runs"
	done
	awk -v label="$label" -v n="$n" '
		{ wall = $3; cpu = $5 + $7; rss = $9
		  if (NR == 1 || wall < bw) bw = wall
		  if (NR == 1 || cpu < bc) bc = cpu
		  if (rss > br) br = rss }
		END {
			printf("%-30s wall %6.2f s %6.0f MB/s   cpu %6.2f s %6.0f MB/s   peak RSS %5.1f MB\n", \
				label, bw, n / 1e6 / bw, bc, \
				bc > 0 ? n / 1e6 / bc : 0, br / 1024)
		}' "$out/runs"
}

measure "fold" "$bytes" fold "$big"
cp "$out/stdout" "$out/big.folded"
# -j (issue 27): the file cut over threads against one stream, in one
# run: target -j 2 >= 1.7x -j 1 in wall time on 2 cores, the same bytes.
# Rounds alternate the two, best of FOLD_J_ROUNDS each: on a noisy
# machine a neighbour's burst then falls on both, not on one side.
: >"$out/j1.runs"
: >"$out/j2.runs"
for r in $(seq "${FOLD_J_ROUNDS:-5}"); do
	for j in 1 2; do
		run "$FLAMEDIFF" fold -j $j "$big" >"$out/big.j$j.folded" \
			2>"$out/stderr" || {
			echo "fold -j $j: failed"
			sed 's/^/  /' "$out/stderr"
			break 2
		}
		grep '^rusage:' "$out/stderr" >>"$out/j$j.runs"
	done
done
best_wall() {
	awk '{ w = $3; if (NR == 1 || w < b) b = w } END { print b }' "$1"
}
wall1=$(best_wall "$out/j1.runs")
wall2=$(best_wall "$out/j2.runs")
if cmp -s "$out/big.j2.folded" "$out/big.j1.folded"; then
	same=identical
else
	same=DIFFERS
fi
# (a build without -j, the baseline's, failed above: no figures then)
[ -s "$out/j2.runs" ] &&
	awk -v a="$wall1" -v b="$wall2" -v s="$same" -v n="$bytes" 'BEGIN {
	printf("fold -j 1: wall %.2f s, -j 2: wall %.2f s (%.0f MB)\n",
	       a, b, n / 1e6)
	printf("fold -j 2 vs -j 1: %.2fx faster (wall; target 1.7x), output %s\n",
	       b > 0 ? a / b : 0, s) }'
measure "fold --all --tid" "$bytes" fold --all --tid "$big"
measure "fold (gzip input)" "$bytes" fold "$big.gz"
measure "fold -o FILE.prof" "$bytes" fold -o "$out/big.prof" "$big"
measure "fold, one copy (22 MB)" "$(size "$pair")" fold "$pair"
# Reporting reads the same way: it streams too.
measure "report --lkp" "$bytes" report --lkp "$big"

# The big fold is the one-copy fold with every count multiplied.
"$FLAMEDIFF" fold "$pair" >"$out/pair.folded" ||
	{ echo "fold of one copy failed" >&2; exit 1; }
check=$(awk -v k="$copies" '
	FNR == 1 { f++ }
	{ s[f] += $NF; l[f]++ }
	END { print (l[1] == l[2] && s[1] == k * s[2]) ? "ok" : "MISMATCH" }
' "$out/big.folded" "$out/pair.folded")
echo "check: $(wc -l <"$out/big.folded") stacks, counts $copies times" \
	"those of one copy: $check"

if command -v perl >/dev/null 2>&1 && [ -f "$STACKCOLLAPSE" ]; then
	run perl "$STACKCOLLAPSE" "$pair" >"$out/pair.perl" 2>"$out/stderr"
	awk -v n="$(size "$pair")" '/^rusage:/ {
		printf("%-30s wall %6.2f s %6.0f MB/s   cpu %6.2f s %6.0f MB/s   peak RSS %5.1f MB\n", \
			"stackcollapse-perf.pl (22 MB)", $3, n / 1e6 / $3, \
			$5 + $7, n / 1e6 / ($5 + $7), $9 / 1024) }' "$out/stderr"
	if cmp -s "$out/pair.perl" "$out/pair.folded"; then
		echo "stackcollapse-perf.pl output: identical"
	else
		echo "stackcollapse-perf.pl output: DIFFERS"
	fi
fi
rm -f "$out/stdout" "$out/stderr" "$out/runs" "$out/big.prof"
