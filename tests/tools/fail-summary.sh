#!/bin/sh
# fail-summary.sh DIR: every failed check in the TAP logs in DIR (of
# tap-tee.sh), with the diagnostics the test printed under it ("#" lines:
# the numbers that disagreed), so that a failure on CI, where only the
# last lines of the run are read, says what failed and why. At most
# FAIL_SUMMARY_LINES lines (default 60) of diagnostics a failure; a test
# that exited non-zero without a failed check is named too. A check
# marked TODO (tap-lib.sh) is known to fail: not listed. Nothing when
# nothing failed.
dir=$1
max=${FAIL_SUMMARY_LINES:-60}
[ -d "$dir" ] || exit 0
for log in "$dir"/*.tap; do
	[ -f "$log" ] || continue
	name=$(cat "$log.name" 2>/dev/null || echo "$log")
	rc=$(cat "$log.rc" 2>/dev/null || echo "?")
	awk -v name="$name" -v rc="$rc" -v max="$max" '
	/^not ok/ && !/#[ \t]*[Tt][Oo][Dd][Oo]/ {
		print name ": " $0; inside = 1; n = 0; failed = 1; next }
	inside && /^#/ { if (n++ < max) print "  " $0
			 else if (n == max + 1) print "  # ..."
			 next }
	{ inside = 0 }
	END { if (!failed && rc != 0)
		print name ": exited " rc " without a failed check" }' "$log"
done >"$dir/failed"
if [ -s "$dir/failed" ]; then
	echo "Failed checks, with what they printed:"
	cat "$dir/failed"
fi
