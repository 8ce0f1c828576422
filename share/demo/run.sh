#!/bin/sh
# make demo: record two builds of the demo stressor (three runs each),
# compare them as LKP would, and draw the differential flame graphs.
# Where recording is not permitted, say why and use the recorded runs
# shipped in share/demo/recorded.
#
# usage: share/demo/run.sh FLAMEDIFF BUILD-DIR OUT-DIR
set -u
fd=$1 build=$2 out=$3
here=$(dirname "$0")
runs=3 seconds=3

make -s -C "$here" O="$(cd "$build" && pwd)/demo" >/dev/null || exit 1
rm -rf "$out"
mkdir -p "$out/build-A" "$out/build-B"

recorded=1
for i in $(seq $runs); do
	for b in A B; do
		exe=$build/demo/$(echo $b | tr AB ab)/notify
		echo "recording build $b, run $i of $runs ($seconds s)..." >&2
		# the stressor's "ops/s N" is its headline figure, the
		# table's first row: notify.ops_per_sec
		if ! "$fd" record -q --label "build-$b" \
			--metric 'ops_per_sec=^ops/s ([0-9.]+)' \
			-o "$out/build-$b/run$i.profile" -- "$exe" "$seconds" \
			>/dev/null 2>"$out/record.err"; then
			recorded=0
			break 2
		fi
	done
done
if [ $recorded -eq 0 ]; then
	echo "flamediff record could not record here:" >&2
	sed 's/^/    /' "$out/record.err" >&2
	echo "Using the runs recorded on a 2-CPU VM in $here/recorded instead." >&2
	rm -rf "$out/build-A" "$out/build-B"
	cp -R "$here/recorded/build-A" "$here/recorded/build-B" "$out/"
fi
rm -f "$out/record.err"

echo
"$fd" diff "$out/build-A" "$out/build-B" | tee "$out/diff.txt"
"$fd" svg --diff "$out/build-A" "$out/build-B" \
	--title "notify: build A -> build B" -o "$out/diff.svg" || exit 1
"$fd" png --diff "$out/build-A" "$out/build-B" --table 8 \
	--title "notify: build A -> build B" -o "$out/diff.png" || exit 1
echo
echo "Written:"
echo "  $out/diff.txt    the table and its explanation (above)"
echo "  $out/diff.svg    differential flame graph, open it in a browser"
echo "  $out/diff.png    the same as an image, for mail"
echo "  $out/build-A/ $out/build-B/    the profiles of the runs"
