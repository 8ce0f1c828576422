#!/bin/sh
# SVG rendering speed. Issue 4's targets: the largest corpus capture in
# under 0.1 s, a profile with a million distinct stacks in under 2 s.
# "render" is layout + SVG (bench/svg-render.c, input already read);
# "command" is the whole `flamediff svg` run, reading included. Prints
# figures only; nothing here fails on speed (see bench/run.sh).
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
out=bench/out/svg
mkdir -p "$out"
render=$BUILD/bench/svg-render

now() { date +%s.%N; }

# cmd NAME ARGS...: time `flamediff svg ARGS -o $out/NAME.svg`.
cmd() {
	name=$1
	shift
	t0=$(now)
	"$FLAMEDIFF" svg "$@" -o "$out/$name.svg" ||
		{ echo "$name: flamediff svg failed" >&2; exit 1; }
	t1=$(now)
	printf '%-28s command %7.3f s  %6d KB\n' "$name" \
		"$(echo "$t1 - $t0" | bc)" \
		$((($(wc -c <"$out/$name.svg") + 1023) / 1024))
}

# The corpus captures, folded once into profiles so that "command" shows
# what drawing costs without the perf script parser.
for c in mremap session; do
	"$FLAMEDIFF" svg tests/data/$c.perf-script.gz -o "$out/$c.svg"
	[ -x "$render" ] && "$render" tests/data/$c.perf-script.gz >/dev/null
	cmd "$c (perf script)" tests/data/$c.perf-script.gz
done

# The seed diff, six runs a side.
cmd "seed diff (6+6 runs)" --diff tests/data/seed/base tests/data/seed/new

# A million distinct stacks (deterministic), shaped like a real profile:
# a common prefix, then a call tree ten wide and six deep (every stack a
# path of its own), then a leaf; about 2.2 million nodes.
big=$out/million.folded
if [ ! -s "$big" ]; then
	awk 'BEGIN {
		x = 4242
		for (i = 0; i < 1000000; i++) {
			x = (x * 16807) % 2147483647
			s = "stress-ng;main_loop;do_work;entry_SYSCALL_64_[k];do_syscall_64_[k]"
			v = i
			for (j = 0; j < 6; j++) {
				s = s ";fn" j "_" (v % 10) "_[k]"
				v = int(v / 10)
			}
			print s ";leaf_" (x % 997) "_[k]", 1 + x % 50
		}
	}' >"$big"
fi
[ -x "$render" ] && "$render" "$big" >/dev/null
cmd "1M distinct stacks" "$big"
