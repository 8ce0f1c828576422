#!/bin/sh
# prove --exec tests/tools/tap-tee.sh: run one test ($1) as prove would
# (a shell script under sh, anything else as a program), its TAP copied
# into $TAP_LOG_DIR for skip-summary.sh. The test's exit status is kept.
t=$1
shift
case $t in
*.sh) set -- sh "$t" "$@" ;;
*) set -- "$t" "$@" ;;
esac
if [ -z "$TAP_LOG_DIR" ]; then
	exec "$@"
fi
log="$TAP_LOG_DIR/$(printf '%s' "$t" | tr '/' '_').tap"
printf '%s\n' "$t" >"$log.name"
{ "$@"; echo $? >"$log.rc"; } | tee "$log"
exit "$(cat "$log.rc" 2>/dev/null || echo 1)"
