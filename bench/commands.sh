#!/bin/sh
# bench: compares with the baseline itself
# Issue 27: report, report --lkp, fold --format pprof|speedscope and svg
# of N distinct one-frame stacks ("proc;fn_I 1" lines, folded), each to
# fold of the same input measured in the same run: CPU time (user + sys,
# what one core spent whatever else the machine did) and peak RSS, each
# a ratio with the target (<= 1.5x) and PASS or FAIL. diff A A is in
# bench/ratios.sh.
#
# COMMANDS_STACKS: N (default 1M; the issue's 10M is
# COMMANDS_STACKS=10000000, some 170 MB of input and a minute a round
# here). RUNS rounds (default 3), the commands alternating within each;
# the least CPU time and the largest RSS of each command are kept.
# COMMANDS_OTHER=PATH: another flamediff (an older build) measured in
# the same rounds, its figures beside ours. Nothing here fails on speed
# (exit 0): the machine is shared, compare the ratios of one run.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${COMMANDS_STACKS:=1000000}"
: "${COMMANDS_OTHER:=}"
: "${RUNS:=3}"
out=bench/out/commands
mkdir -p "$out"
rusage=$BUILD/bench/rusage
[ -x "$rusage" ] || make -s "$rusage" || exit 1
in=$out/one-$COMMANDS_STACKS.folded
[ -s "$in" ] || awk -v n="$COMMANDS_STACKS" \
	'BEGIN { for (i = 0; i < n; i++) printf "proc;fn_%d 1\n", i }' >"$in"
rm -f "$out"/*.t

# once NAME BIN ARGS...: "cpu_s maxrss_kb" of one run appended to
# $out/NAME.t ("fail" when it fails).
once() {
	name=$1
	shift
	if "$rusage" "$@" "$in" >/dev/null 2>"$out/stderr"; then
		sed -n 's/^rusage: wall [0-9.]* user \([0-9.]*\) sys \([0-9.]*\) maxrss_kb \([0-9]*\).*/\1 \2 \3/p' \
			"$out/stderr" | tail -1 |
			awk '{ printf "%.3f %d\n", $1 + $2, $3 }' >>"$out/$name.t"
	else
		echo fail >>"$out/$name.t"
	fi
}
# best NAME: "cpu rss", least CPU and largest RSS; "fail" if one failed.
best() {
	awk '$1 == "fail" { f = 1 } !f { if (!n++ || $1 < t) t = $1
		if ($2 > m) m = $2 } END { if (f || !n) print "fail"
		else print t, m }' "$out/$1.t"
}

cmds="fold|report|report --lkp|fold --format pprof|fold --format speedscope|svg"
r=0
while [ $r -lt "$RUNS" ]; do
	IFS='|'
	for c in $cmds; do
		IFS=' '
		n=$(echo "$c" | tr -c 'a-z\n' _)
		# shellcheck disable=SC2086
		once "$n" "$FLAMEDIFF" $c
		# shellcheck disable=SC2086
		[ -z "$COMMANDS_OTHER" ] || once "o$n" "$COMMANDS_OTHER" $c
		IFS='|'
	done
	IFS=' '
	r=$((r + 1))
done

echo "$COMMANDS_STACKS distinct one-frame stacks ($(wc -c <"$in" | tr -d ' ') bytes folded), best of $RUNS; load $(cut -d' ' -f1-3 /proc/loadavg)"
# line WHO NAME FOLD: the command's figures and ratios to fold's.
line() {
	set -- "$1" "$2" "$(best "$2")" "$(best "$3")"
	awk -v who="$1" -v cmd="$cmdname" -v c="$3" -v f="$4" 'BEGIN {
		split(c, a, " "); split(f, b, " ")
		if (c == "fail" || f == "fail") {
			printf "%-7s %-26s failed\n", who, cmd; exit }
		rt = a[1] / (b[1] > 0 ? b[1] : 1e-9); rm = a[2] / b[2]
		printf "%-7s %-26s cpu %7.2f s %5.2fx  rss %6.0f MB %5.2fx  (<= 1.5x) %s\n",
			who, cmd, a[1], rt, a[2] / 1024, rm,
			rt <= 1.5 && rm <= 1.5 ? "PASS" : "FAIL" }'
}
IFS='|'
for c in $cmds; do
	IFS=' '
	n=$(echo "$c" | tr -c 'a-z\n' _)
	cmdname=$c
	line ours "$n" fold
	[ -z "$COMMANDS_OTHER" ] || line other "o$n" ofold
	IFS='|'
done
IFS=' '
rm -f "$out/stderr"
exit 0
