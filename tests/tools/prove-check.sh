#!/bin/sh
# prove-check.sh LOGDIR PROVE-ARGS...: make check's prove, each test's
# TAP kept in LOGDIR (tap-tee.sh), and before prove's closing lines (the
# last lines, which CI reads: "All tests successful." / "Test Summary
# Report", "Files=...", "Result: PASS") the failed checks with their
# diagnostics (fail-summary.sh) and the skips by reason (skip-summary.sh).
# The exit status is prove's.
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
shift
rm -rf "$dir" && mkdir -p "$dir" || exit 2
{
	# prove itself, its output flushed line by line: through a pipe
	# perl would hold it until the end.
	TAP_LOG_DIR=$dir perl -MApp::Prove -e '$| = 1;
		my $app = App::Prove->new; $app->process_args(@ARGV);
		exit($app->run ? 0 : 1)' -- --exec "$here/tap-tee.sh" "$@"
	echo $? >"$dir/status"
} | {
	# line by line (read takes no more than a line from a pipe), prove's
	# closing lines held back for after the summary
	held=
	while IFS= read -r line; do
		case $held$line in
		"All tests successful."* | "Test Summary Report"* | Files=* | held*)
			held=held
			printf '%s\n' "$line" >>"$dir/closing"
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done
	sh "$here/fail-summary.sh" "$dir"
	sh "$here/skip-summary.sh" "$dir"
	cat "$dir/closing" 2>/dev/null
}
exit "$(cat "$dir/status" 2>/dev/null || echo 2)"
