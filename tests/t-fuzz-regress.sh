#!/bin/sh
# The fuzz harnesses (tests/fuzz/fuzz-*.c) without libFuzzer: each replays
# its seed corpus and every past finding (tests/fuzz/regress/NAME/), one
# file at a time. make check builds them with the normal flags, asan-check
# with ASan and UBSan, so memory errors and undefined behaviour count.
. tests/tap-lib.sh

bin=$(dirname "$FLAMEDIFF")/tests/fuzz
[ -x "$bin/replay-input" ] ||
	{ echo "1..0 # SKIP no $bin/replay-*: make check builds them"; exit 0; }
# A hang is a finding too, not a stuck suite.
tmo=
command -v timeout >/dev/null && tmo="timeout 120"

# Findings whose fix is in another branch: TAP TODO until it is merged
# (remove the line then). NAME/FILE REASON.
known() {
	case $1 in
	input/input-nullptr-offset-add_frame.txt) echo "UB NULL+0 in perfscript.c add_frame (ASan)" ;;
	input/lkp-nan-mean-sum-inf.txt) echo "metric_set_read sums 1e308 twice to inf" ;;
	input/perfscript-inf-period.txt) echo "perf script period read as inf" ;;
	metrics/report-inf-total.folded) echo "a total of inf: nan% in reports" ;;
	diff/diff-nan-lkp_format_value.bin) echo "inf total: NaN rows in diff" ;;
	diff/diff-json-nullptr-offset-json_chains.bin) echo "UB NULL+0 in explain-text.c json_chains (ASan)" ;;
	diff/diff-folded-put_weight.bin) echo "stack-buffer-overflow in diff.c put_weight (ASan)" ;;
	graph/report-inf-total.bin) echo "a layout total of inf" ;;
	roundtrip/roundtrip-empty-frame.folded) echo "an empty frame is written as a count without a stack" ;;
	roundtrip/fold-profile-name-ending-in-number.ps) echo "a name ending in a number reads back as two counts" ;;
	roundtrip/fold-profile-comm-with-semicolon.ps) echo "a ';' in comm splits the process frame" ;;
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
