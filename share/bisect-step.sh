#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One step of `git bisect run`: build, record the build RUNS times and
# compare the new side with a saved good side by `flamediff diff
# --exit-code` (or --fail-on). Exit status as git bisect run reads it:
#   0    no row changed (good)
#   1    a row changed (bad)
#   125  the build or the recording failed: this commit cannot be tested
#   128  flamediff could not compare (bad input): stop the bisection
#
# usage: bisect-step.sh [--build CMD] [--runs N] [--fail-on EXPR]...
#                       [--label L] [--metric NAME=REGEX]...
#                       GOOD_DIR (--side DIR | -- COMMAND [ARGS...])
#
# GOOD_DIR: the runs of the good build, recorded once beforehand (a
# directory of profiles, as `flamediff diff` takes a side). --side DIR
# compares a side recorded some other way instead of recording one.
# FLAMEDIFF names the binary (default: flamediff in PATH).

FLAMEDIFF=${FLAMEDIFF:-flamediff}
build= runs=3 side= label=bisect
set --  "$@" --end-of-options-marker--
# sort the words: ours, then diff's (--fail-on), then record's (--metric)
diff_args= rec_args= good= cmd_seen=
while [ "$1" != --end-of-options-marker-- ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--side) side=$2; shift 2 ;;
	--label) label=$2; shift 2 ;;
	--fail-on) diff_args="$diff_args --fail-on=$(printf %s "$2" | sed "s/'/'\\\\''/g;s/^/'/;s/\$/'/")"; shift 2 ;;
	--metric) rec_args="$rec_args --metric=$(printf %s "$2" | sed "s/'/'\\\\''/g;s/^/'/;s/\$/'/")"; shift 2 ;;
	--) shift; cmd_seen=1; break ;;
	-*) echo "bisect-step.sh: unknown option '$1'" >&2; exit 128 ;;
	*) [ -z "$good" ] || { echo "bisect-step.sh: one GOOD_DIR" >&2; exit 128; }
	   good=$1; shift ;;
	esac
done
# what is left: COMMAND [ARGS...] and the marker, which goes
first=1
for w; do
	[ $first = 1 ] && set -- && first=0
	[ "$w" = --end-of-options-marker-- ] || set -- "$@" "$w"
done
if [ -z "$good" ] || { [ -z "$side" ] && [ -z "$cmd_seen" ]; }; then
	echo "usage: bisect-step.sh [OPTIONS] GOOD_DIR (--side DIR | -- COMMAND...)" >&2
	exit 128
fi

if [ -n "$build" ]; then
	sh -c "$build" >&2 || { echo "bisect-step.sh: build failed: skip" >&2; exit 125; }
fi

tmp=
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
if [ -z "$side" ]; then
	tmp=$(mktemp -d) || exit 128
	side=$tmp/new
	mkdir "$side" || exit 128
	i=1
	while [ "$i" -le "$runs" ]; do
		eval "\"\$FLAMEDIFF\" record -q --label \"\$label\" $rec_args -o \"\$side/run\$i.profile\" -- \"\$@\"" >&2 || {
			echo "bisect-step.sh: recording run $i failed: skip" >&2
			exit 125
		}
		i=$((i + 1))
	done
fi

eval "\"\$FLAMEDIFF\" diff --exit-code $diff_args \"\$good\" \"\$side\"" >&2
rc=$?
case $rc in
0|1) exit $rc ;;
*) echo "bisect-step.sh: flamediff diff failed ($rc): stop" >&2; exit 128 ;;
esac
