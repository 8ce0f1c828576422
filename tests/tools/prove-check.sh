#!/bin/sh
# prove-check.sh LOGDIR PROVE-ARGS...: make check's prove, each test's
# TAP kept in LOGDIR (tap-tee.sh), and before prove's closing lines (the
# last lines, which CI reads: "All tests successful." / "Test Summary
# Report", "Files=...", "Result: PASS") the skips by reason
# (skip-summary.sh). The exit status is prove's.
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
shift
rm -rf "$dir" && mkdir -p "$dir" || exit 2
{
	TAP_LOG_DIR=$dir prove --exec "$here/tap-tee.sh" "$@"
	echo $? >"$dir/status"
} | awk -v summary="sh '$here/skip-summary.sh' '$dir'" '
	held || /^(All tests successful\.|Test Summary Report|Files=)/ {
		held = 1; buf[n++] = $0; next
	}
	{ print; fflush() }
	END {
		fflush()
		system(summary)
		for (i = 0; i < n; i++)
			print buf[i]
	}'
exit "$(cat "$dir/status" 2>/dev/null || echo 2)"
