#!/bin/sh
# flamediff record -a: a syscall-heavy stressor shows the kernel entry path
# with its user frames above, and `report --lkp` of it agrees with
# `perf record -a -g` + `perf report` recording the same run.
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording -a -d 0.1

# Recorded by perf at the same time when perf is there, so that both see
# the same execution: the stressor runs under record -a, which runs under
# perf record -a, so both record all of its life. (Two recordings of a
# stressor already running cover two windows whose start is each tool's
# start-up time: on a machine whose load came and went, the kernel's
# share of the stressor moved 6.5 points from one window to the other.)
perf_ok=0
command -v perf >/dev/null && "$FLAMEDIFF" report --help >"$T/report.help" 2>&1 &&
	grep -q -- --lkp "$T/report.help" &&
	perf_ok=1
set -- "$FLAMEDIFF" record -a -o "$T/sys.profile" -- "$PROGS/syscalls" 1.5 2
if [ $perf_ok = 1 ]; then
	ev=$(sed -n 's/^# event: "\(.*\)"$/\1/p' "$T/probe")
	# perf record exits with its command's status: flamediff's
	perf record -q -a -g -c 1000003 -e "$ev" -o "$T/perf.data" -- \
		"$@" 2>"$T/sys.err" >/dev/null
else
	"$@" 2>"$T/sys.err" >/dev/null
fi
rc=$?
[ $rc -eq 0 ] && [ -s "$T/sys.profile" ]
ok $? "record -a -- syscalls exits 0 (under perf record -a: $perf_ok)" ||
	sed 's/^/#   /' "$T/sys.err"
[ $perf_ok = 1 ] && [ ! -s "$T/perf.data" ] && perf_ok=0

grep -Eq '^# event: "(cycles(:p|:pp)?|cpu-clock)"$' "$T/sys.profile"
ok $? "system-wide event: cycles or cpu-clock ($(sed -n 's/^# event: "\(.*\)"$/\1/p' "$T/sys.profile"))"
roots=$(grep -v '^#' "$T/sys.profile" | cut -d';' -f1 | sort -u | wc -l)
[ "$roots" -ge 2 ]
ok $? "every task is sampled, not only the stressor ($roots processes)"

# syscalls;...;stress_syscalls;...;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];...
w=$(awk '!/^#/ && /^syscalls;/ { t += $NF;
	if ($0 ~ /;stress_syscalls;(.*;)?(read|write|__GI___libc_write|__libc_write|__read|__write);entry_SYSCALL_64_after_hwframe_\[k\];do_syscall_64_\[k\]/) s += $NF }
	END { if (t) printf "%.0f", 100 * s / t; else print 0 }' "$T/sys.profile")
[ "$w" -ge 30 ]
ok $? "stress_syscalls -> read/write -> entry_SYSCALL_64_after_hwframe -> do_syscall_64 in $w% of the stressor's stacks"
grep -q '^syscalls;.*do_syscall_64_\[k\];\(ksys\|__x64_sys\)_\(read\|write\)' "$T/sys.profile"
ok $? "and the syscall implementation below do_syscall_64"

# The same execution seen by perf record + perf report, compared on the
# top functions (children %, LKP's view: perf report --children -U), of
# the stressor's samples only: perf and flamediff each sample themselves.
if [ $perf_ok = 0 ]; then
	echo "# SKIP perf or flamediff report --lkp missing: no comparison"
	done_testing
	exit
fi
# perf report's --comms filter does not filter children, and relative
# percentages go above 100 with --children: sort by comm,symbol and scale
# the stressor's figures by its share of all (-U) samples instead
pshare=$(perf report -i "$T/perf.data" -U --no-children --sort=comm -g none \
	--stdio 2>/dev/null | awk '$2 == "syscalls" { sub("%", "", $1); print $1 }')
perf report -i "$T/perf.data" --children -U --sort=comm,symbol -g none \
	--stdio 2>/dev/null |
	awk -v s="${pshare:-100}" '/^ +[0-9.]+%/ && $3 == "syscalls" {
		sub("%", "", $1); printf "%.2f %s\n", 100 * $1 / s, $5 }' |
	sed -E 's/\.(isra|constprop|part)\.[0-9]+//g' >"$T/perf.children"
{ grep '^# ' "$T/sys.profile" | grep -v '^# weight:'
  grep '^syscalls;' "$T/sys.profile"; } >"$T/sys-only.profile"
"$FLAMEDIFF" report --lkp "$T/sys-only.profile" >"$T/fd.lkp" 2>"$T/report.err"
ok $? "flamediff report --lkp reads the recorded profile"
evkey=$(echo "$ev" | tr : -)
# the top functions perf reports, >= 10%, each within 6 points
n=0
while read -r pct name; do
	awk -v p="$pct" 'BEGIN { exit !(p >= 10) }' || break
	n=$((n + 1))
	[ $n -le 8 ] || break
	got=$(sed -n "s/^perf-profile\.children\.$evkey\.$name: //p" "$T/fd.lkp")
	awk -v g="${got:-0}" -v w="$pct" 'BEGIN { d = g - w; if (d < 0) d = -d;
		exit !(d <= 6) }'
	ok $? "children of $name: perf $pct%, flamediff ${got:-none}%"
done <"$T/perf.children"
[ $n -ge 3 ]
ok $? "compared at least 3 top functions ($n)"

done_testing
