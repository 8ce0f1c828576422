#!/bin/sh
# Prints the path of a flamediff built from $BASELINE_COMMIT (default
# fb667e9, main when issue 12 "Scale" was opened), relative to the top of
# the repository, building it once into $BUILD/bench-baseline/COMMIT (with
# its bench/ programs, so its bench scripts run as they did). Prints
# nothing and fails when it cannot (not a git checkout, build error).
# Not a benchmark itself: bench/run.sh and bench/scale.sh call it.
: "${BUILD:=build}"
: "${BASELINE_COMMIT:=fb667e9}"
dir=$BUILD/bench-baseline/$BASELINE_COMMIT
if [ ! -x "$dir/build/flamediff" ]; then
	command -v git >/dev/null && git rev-parse -q --verify \
		"$BASELINE_COMMIT^{commit}" >/dev/null 2>&1 || {
		echo "baseline: commit $BASELINE_COMMIT not at hand" >&2
		exit 1
	}
	rm -rf "$dir"
	mkdir -p "$dir"
	git archive "$BASELINE_COMMIT" | tar -x -C "$dir" || exit 1
	# fb667e9's own svg-render.c does not build; ours times the same
	# library calls, and the files' figures then compare.
	cp bench/svg-render.c "$dir/bench/svg-render.c"
	echo "baseline: building $BASELINE_COMMIT in $dir" >&2
	make -C "$dir" -j2 BUILD=build build/flamediff build/bench/rusage \
		build/bench/svg-render >"$dir.log" 2>&1 || {
		echo "baseline: build failed, see $dir.log" >&2
		rm -f "$dir/build/flamediff"
		exit 1
	}
fi
echo "$dir/build/flamediff"
