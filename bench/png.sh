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
