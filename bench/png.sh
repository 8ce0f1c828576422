#!/bin/sh
# PNG rendering: time and file size for the corpus captures, the seed diff
# and a synthetic profile with many distinct stacks. Prints figures only;
# nothing here fails on speed (see bench/run.sh). Issue 5 asks for a typical
# graph under 300 KB: compare the KB column.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
out=bench/out/png
mkdir -p "$out"

now() { date +%s.%N; }

# run NAME ARGS...: render into $out/NAME.png, print seconds and KB.
run() {
	name=$1
	shift
	t0=$(now)
	"$FLAMEDIFF" png "$@" -o "$out/$name.png" ||
		{ echo "$name: flamediff png failed" >&2; exit 1; }
	t1=$(now)
	printf '%-28s %7.3f s %6d KB  %s\n' "$name" \
		"$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" \
		$((($(wc -c <"$out/$name.png") + 1023) / 1024)) \
		"$(od -An -tu1 -j16 -N8 "$out/$name.png" | awk '{
			printf "%dx%d", $1*16777216+$2*65536+$3*256+$4,
				$5*16777216+$6*65536+$7*256+$8 }')"
}


echo "png: name, wall time, size, pixels"
for c in mremap session; do
	run "$c" "tests/data/$c.perf-script.gz"
done
run mremap-inverted --inverted tests/data/mremap.perf-script.gz
run mremap-2400 --width 2400 tests/data/mremap.perf-script.gz
if [ -d tests/data/seed/base ]; then
	run seed-diff --diff tests/data/seed/base tests/data/seed/new
	run seed-diff-table --diff tests/data/seed/base tests/data/seed/new \
		--table 20
fi
run corpus-diff --diff tests/data/mremap.perf-script.gz \
	tests/data/session.perf-script.gz --table 15
# Reading a big input dominates: the SVG of the same input shows what
# the PNG backend itself adds.
n=100000
[ -f "$out/synth-$n.folded" ] || sh bench/synth-folded.sh $n >"$out/synth-$n.folded"
run "synth-$n" "$out/synth-$n.folded"
t0=$(now)
"$FLAMEDIFF" svg "$out/synth-$n.folded" -o "$out/synth-$n.svg"
t1=$(now)
printf '%-28s %7.3f s (svg of the same, for comparison)\n' "synth-$n.svg" \
	"$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"

# Against the PNG peer (issue 27): flamegraph.pl draws an SVG only, so the
# peer is `flamegraph.pl F | rsvg-convert` (Debian's librsvg2-bin), on
# the same folded input; each is skipped as "absent" when missing. Runs
# alternated (RUNS, default 3), best wall and CPU time of each (the
# pipeline's processes together), the ratio peer / flamediff against
# the target, 10x.
: "${ORACLES:=../shared/oracles}"
: "${FLAMEGRAPH:=$ORACLES/flamegraph.pl}"
: "${BUILD:=build}"
: "${RUNS:=3}"
peer_absent=
[ -f "$FLAMEGRAPH" ] || peer_absent="flamegraph.pl absent ($FLAMEGRAPH)"
command -v rsvg-convert >/dev/null ||
	peer_absent="${peer_absent:+$peer_absent, }rsvg-convert absent (librsvg2-bin)"
[ -x "$BUILD/bench/rusage" ] || make -s "$BUILD/bench/rusage"

# rus COMMAND: "wall cpu" of one run of a shell command; "fail" if it fails
rus() {
	if "$BUILD/bench/rusage" sh -c "$1" >/dev/null 2>"$out/rus.err" &&
		grep -q '^rusage:.*status 0' "$out/rus.err"; then
		awk '/^rusage:/ { printf "%s %s\n", $3, $5 + $7 }' "$out/rus.err"
	else
		echo fail
	fi
}

# peer NAME FOLDED: flamediff png against flamegraph.pl | rsvg-convert
peer() {
	if [ -n "$peer_absent" ]; then
		printf '%-28s peer: %s\n' "$1" "$peer_absent"
		return 0
	fi
	: >"$out/peer.runs"
	i=0
	while [ $i -lt "$RUNS" ]; do
		echo "fd $(rus "'$FLAMEDIFF' png '$2' -o '$out/$1.fd.png'")" \
			>>"$out/peer.runs"
		echo "pl $(rus "perl '$FLAMEGRAPH' '$2' | rsvg-convert -o '$out/$1.pl.png'")" \
			>>"$out/peer.runs"
		i=$((i + 1))
	done
	awk -v name="$1" '
		$2 == "fail" { bad[$1] = 1; next }
		{ if (!($1 in w) || $2 < w[$1]) w[$1] = $2
		  if (!($1 in c) || $3 < c[$1]) c[$1] = $3 }
		END {
			if (bad["fd"] || bad["pl"]) {
				printf "%-28s peer: a run failed (%s), no ratio\n", name,
					bad["fd"] ? "flamediff png" : "flamegraph.pl | rsvg-convert"
				exit
			}
			rw = w["fd"] > 0 ? w["pl"] / w["fd"] : 0
			rc = c["fd"] > 0 ? c["pl"] / c["fd"] : 0
			printf "%-28s flamediff png %.3f s (cpu %.3f), flamegraph.pl | rsvg-convert %.3f s (cpu %.3f): %.1fx wall, %.1fx cpu (target >= 10x: %s)\n",
				name, w["fd"], c["fd"], w["pl"], c["pl"], rw, rc,
				(rw >= 10 && rc >= 10 ? "meets" : "MISSES")
		}' "$out/peer.runs"
}

echo "png against flamegraph.pl | rsvg-convert, same folded input, best of $RUNS"
for c in mremap session; do
	"$FLAMEDIFF" fold "tests/data/$c.perf-script.gz" -o "$out/$c.folded"
	peer "$c" "$out/$c.folded"
done
for g in 1000 10000 100000; do
	[ -f "$out/synth-$g.folded" ] ||
		sh bench/synth-folded.sh $g >"$out/synth-$g.folded"
	peer "synth-$g" "$out/synth-$g.folded"
done
rm -f "$out/peer.runs" "$out/rus.err"
