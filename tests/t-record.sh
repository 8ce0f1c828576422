#!/bin/sh
# flamediff record on a command and a pid: known shares, metadata, signals,
# usage errors. Needs perf_event_open (skips with the reason otherwise).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

# Can this machine sample at all? (containers without perf_event_open,
# perf_event_paranoid too high...)
skip_unless_recording -- true

# weight of the stacks whose frames match an awk regex / total weight, in %
share() { # share FILE REGEX
	awk -v re="$2" '!/^#/ { w = $NF; t += w; if ($0 ~ re) s += w }
		END { if (t) printf "%.1f\n", 100 * s / t; else print -1 }' "$1"
}
near() { # near GOT WANT TOLERANCE
	awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d;
		exit !(d <= t) }'
}

# 1. known shares: about 2/3 in work_two_thirds, 1/3 in work_one_third,
# as the program measures its own CPU time in each (SHARES_REPORT): on a
# loaded machine, or beside a busy hyperthread, one loop may run slower
# than the other, and the profile must follow what really ran.
SHARES_REPORT=1 "$FLAMEDIFF" record -o "$T/shares.profile" --label build-A \
	-- "$PROGS/shares" 2 2>"$T/shares.err"
ok $? "record -- shares exits 0"
a=$(share "$T/shares.profile" ";work_two_thirds( |;)")
b=$(share "$T/shares.profile" ";work_one_third( |;)")
wa=$(sed -n 's/^shares: work_two_thirds \([0-9.]*\)% .*/\1/p' "$T/shares.err")
wb=$(sed -n 's/^shares: .* work_one_third \([0-9.]*\)%$/\1/p' "$T/shares.err")
# How far a share of n samples may fall from the truth: 4 standard
# deviations of the binomial (at 2/3 and 2000 samples, 4.2 points; a
# starved run with 200 samples, 13), never under 2 points.
n=$(sed -n 's/^# samples: \([0-9]*\).*/\1/p' "$T/shares.profile")
tol() { # tol PERCENT
	awk -v p="$1" -v n="${n:-0}" 'BEGIN { p /= 100; t = 100
		if (n) t = 400 * sqrt(p * (1 - p) / n)
		printf "%.1f\n", t < 2 ? 2 : t }'
}
[ -n "$wa" ] && near "$wa" 66.7 10 && near "$a" "$wa" "$(tol "$wa")"
ok $? "work_two_thirds has 2/3 of the samples (got $a%, the program measured $wa%, $n samples: within $(tol "$wa"))"
[ -n "$wb" ] && near "$wb" 33.3 10 && near "$b" "$wb" "$(tol "$wb")"
ok $? "work_one_third has 1/3 of the samples (got $b%, the program measured $wb%, $n samples: within $(tol "$wb"))"
grep -Eq '^shares;.*main;(run;)?work_two_thirds ' "$T/shares.profile"
ok $? "user frames root first under the process name: main;work_two_thirds"

# 2. metadata
grep -Eq '^# event: "(cycles(:p|:pp)?|task-clock)"$' "$T/shares.profile"
ok $? "event actually used is in the profile"
ev=$(sed -n 's/^# event: "\(.*\)"$/\1/p' "$T/shares.profile")
grep -q "flamediff record: $ev, " "$T/shares.err"
ok $? "and on screen ($ev)"
grep -Eq '^# unit: "(ns|events)"$' "$T/shares.profile"
ok $? "unit"
grep -Eq '^# samples: [0-9]{3,} samples$' "$T/shares.profile"
ok $? "sample count"
grep -q '^# lost: 0 samples$' "$T/shares.profile"
ok $? "nothing lost"
grep -q '^# label: "build-A"$' "$T/shares.profile"
ok $? "label"
grep -q "^# kernel: \"$(uname -r)\"$" "$T/shares.profile" &&
	grep -q '^# host: ' "$T/shares.profile" &&
	grep -Eq '^# date: "[0-9]{4}-[0-9]{2}-[0-9]{2}T' "$T/shares.profile" &&
	grep -q '^# cmdline: ".*shares 2"$' "$T/shares.profile" &&
	grep -Eq '^# duration: (1\.[6-9]|2\.[0-4])[0-9]* s$' "$T/shares.profile"
ok $? "host, kernel, date, cmdline, duration"
# kernel frames were named from the kallsyms snapshot: none unresolved
nonempty "$T/shares.profile" && ! grep -q '\[unknown\]_\[k\]' "$T/shares.profile"
ok $? "kernel frames all resolved"
nonempty "$T/shares.profile" && ! grep -q "$(printf '\r')" "$T/shares.err"
ok $? "no status line when stderr is not a terminal"

if command -v script >/dev/null; then
	script -qc "'$FLAMEDIFF' record -o '$T/tty.profile' -- '$PROGS/shares' 0.8" \
		/dev/null >"$T/tty.out" 2>&1
	grep -q "$(printf '\r')"'.*recording .*: 0\.[0-9] s, [0-9]* samples, 0 lost' \
		"$T/tty.out"
	ok $? "live status line (elapsed, samples, lost) on a terminal"
fi

# 3. -p PID, stopped by -d
"$PROGS/shares" 60 &
pid=$!
sleep 0.2
"$FLAMEDIFF" record -q -p $pid -d 1 -o "$T/pid.profile"
ok $? "record -p PID -d 1 exits 0"
a=$(share "$T/pid.profile" ";work_two_thirds( |;)")
n=$(sed -n 's/^# samples: \([0-9]*\).*/\1/p' "$T/pid.profile")
# 6 points for the loops' own drift on a shared machine, plus sampling's
[ "${n:-0}" -gt 0 ] &&
	near "$a" 66.7 "$(awk -v t="$(tol 66.7)" 'BEGIN { print t + 4 }')"
ok $? "-p PID sees the same shares (got $a%, $n samples)"
kill $pid 2>/dev/null
wait $pid 2>/dev/null

# 4. SIGTERM stops the recording and writes the profile; -F by frequency
"$FLAMEDIFF" record -q -F 2000 -o "$T/term.profile" -- "$PROGS/shares" 10 &
rpid=$!
sleep 1.2
kill -TERM $rpid
wait $rpid
ok $? "SIGTERM: exit 0"
n=$(sed -n 's/^# samples: \([0-9]*\) samples$/\1/p' "$T/term.profile")
[ "${n:-0}" -gt 50 ]
ok $? "SIGTERM: profile written with its samples ($n at 2 kHz)"
nonempty "$T/term.profile" && ! pgrep -f "$PROGS/shares 10" >/dev/null
ok $? "SIGTERM: the command was stopped too"

# 5. errors
"$FLAMEDIFF" record -o "$T/x" 2>"$T/err"
[ $? -eq 1 ] && grep -q "one of -a, -p PID or a command" "$T/err"
ok $? "no target: usage error (1)"
"$FLAMEDIFF" record -e no-such-event -o "$T/x" -- true 2>"$T/err"
[ $? -eq 2 ] && grep -q "unknown event 'no-such-event'" "$T/err"
ok $? "unknown event: clear error (2)"
"$FLAMEDIFF" record -o "$T/x" -- /nonexistent/cmd 2>"$T/err"
[ $? -eq 2 ] && grep -q "cannot run /nonexistent/cmd" "$T/err" &&
	[ ! -e "$T/x" ]
ok $? "command that cannot run: error, no profile"
if ! grep -q "cycles" "$T/shares.profile"; then
	# no hardware PMU: asking for cycles must say so
	"$FLAMEDIFF" record -e cycles -o "$T/x" -- true 2>"$T/err"
	[ $? -eq 2 ] && grep -q "this machine has no event 'cycles'" "$T/err"
	ok $? "missing hardware event: clear error"
fi
"$FLAMEDIFF" record -p 999999999 -o "$T/x" 2>"$T/err"
[ $? -ne 0 ]
ok $? "bad pid refused"

done_testing
