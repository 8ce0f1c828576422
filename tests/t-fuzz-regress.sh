#!/bin/sh
# The fuzz harnesses (tests/fuzz/fuzz-*.c) without libFuzzer: each replays
# its seed corpus and every past finding (tests/fuzz/regress/NAME/), one
# file at a time. make check builds them with the normal flags, asan-check
# with ASan and UBSan, so memory errors and undefined behaviour count.
. tests/tap-lib.sh

#
# The drivers are found in $FUZZ_REPLAY (make check sets it), else beside
# a $FLAMEDIFF of a build tree, else in build/: they belong to the build,
# not to the binary under test, so a $FLAMEDIFF installed elsewhere (or
# /bin/false) does not turn the replays into a silent skip. No drivers at
# all is a failure: make check builds them.
bin=${FUZZ_REPLAY:-$(dirname "$FLAMEDIFF")/tests/fuzz}
[ -x "$bin/replay-input" ] || bin=build/tests/fuzz
[ -x "$bin/replay-input" ] ||
	{ echo "Bail out! no replay drivers in $bin (make check builds them)"; exit 1; }
# A hang is a finding too, not a stuck suite.
tmo=
command -v timeout >/dev/null && tmo="timeout 120"

# Findings whose fix is in another branch: TAP TODO until it is merged
# (remove the line then). NAME/FILE REASON.
known() {
	case $1 in
	*) return 1 ;;
	esac
}

for h in tests/fuzz/fuzz-*.c; do
	name=${h#tests/fuzz/fuzz-}
	name=${name%.c}
	replay=$bin/replay-$name
	$tmo "$replay" tests/fuzz/corpus/$name >"$T/out" 2>&1
	ok $? "$name: the seed corpus replays cleanly"
	[ $? -eq 0 ] || tail -5 "$T/out" | sed 's/^/#   /'
	for f in tests/fuzz/regress/$name/*; do
		[ -f "$f" ] || continue
		TODO=$(known "$name/${f##*/}")
		$tmo "$replay" "$f" >"$T/out" 2>&1
		ok $? "$name: regress/${f##*/} replays cleanly"
		[ $? -eq 0 ] || tail -5 "$T/out" | sed 's/^/#   /'
		TODO=
	done
done

done_testing
