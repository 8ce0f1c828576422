#!/bin/sh
# flamediff record runs LKP's monitors beside the samples: the profile
# carries their rows under LKP's names, and the values agree with the same
# /proc files sampled independently during the run, the way LKP samples
# them (../shared/reference/lkp-monitors.md): every second for meminfo,
# proc-vmstat, /proc/stat (vmstat's and mpstat's rows) and slabinfo, at
# the start and the end for interrupts, softirqs and cpuidle, and procps'
# own vmstat for vmstat.memory.free. Gauges within 2%, counters within 5%,
# % rows in points; noisy rows within bounds from the samples' own spread
# (each check says why).
. tests/tap-lib.sh
skip_without stress-ng
skip_unless_recording -- true
SAMPLER=${SAMPLER:-$PWD/build/tests/tools/proc-sampler}; export SAMPLER
[ -x "$SAMPLER" ] || { echo "Bail out! no $SAMPLER (make check builds it)"; exit 1; }

# idle: cpuidle's time (us) and usage, summed over every CPU and state
cat >"$T/idle.sh" <<'EOS'
idle() {
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*; do
		[ -r "$f/time" ] && echo "$(cat "$f/time") $(cat "$f/usage")"
	done | awk '{ t += $1; u += $2 } END { printf "%.0f %.0f\n", t, u }'
}
EOS
. "$T/idle.sh"

# The sampler runs inside the recorded command, so that its window is the
# monitors' own: it starts as the command starts, and ends with it.
cat >"$T/sampler.sh" <<'EOS'
. "$IDLE_SH"
d=$1; shift
: >"$d/meminfo"; : >"$d/vmstat"
"$SAMPLER" "$d" &
loop=$!
vm=
if command -v vmstat >/dev/null; then
	vmstat -n 1 >"$d/vmstat-tool" &
	vm=$!
fi
cat /proc/interrupts >"$d/interrupts.0"; cat /proc/softirqs >"$d/softirqs.0"
idle >"$d/cpuidle.0"
"$@"
rc=$?
touch "$d/stop"
wait $loop # it ends between two seconds' samples, not on one
[ -n "$vm" ] && kill $vm
wait
idle >"$d/cpuidle.1"
cat /proc/interrupts >"$d/interrupts.1"; cat /proc/softirqs >"$d/softirqs.1"
exit $rc
EOS
mkdir "$T/s"
idle >"$T/s/cpuidle.outer.0"
SAMPLER=$SAMPLER IDLE_SH=$T/idle.sh "$FLAMEDIFF" record -q -o "$T/m.prof" -- \
	sh "$T/sampler.sh" "$T/s" \
	stress-ng --mremap 2 -t 5 --metrics >"$T/out" 2>"$T/err"
ok $? "record -- stress-ng --mremap 2 -t 5 exits 0" ||
	sed 's/^/#   /' "$T/err"
idle >"$T/s/cpuidle.outer.1"

# The profile's rows, "KEY VALUE"
sed -n 's/^# stat: \(.*\) = \(.*\) ;$/\1 \2/p' "$T/m.prof" >"$T/rows"
for k in vmstat.system.cs vmstat.system.in vmstat.cpu.sy vmstat.memory.free \
	vmstat.procs.r mpstat.cpu.all.sys% mpstat.cpu.all.usr% \
	mpstat.max_utilization_pct meminfo.MemFree meminfo.SUnreclaim \
	'meminfo.Active(anon)' meminfo.max_used_kB proc-vmstat.pgfault \
	proc-vmstat.nr_free_pages interrupts.LOC:Local_timer_interrupts \
	interrupts.CPU0.LOC:Local_timer_interrupts softirqs.TIMER \
	softirqs.CPU0.TIMER; do
	grep -qF "$k " "$T/rows"
	ok $? "the profile has $k"
done
# HugePages_Total is 0 throughout on most machines: then it has no row.
if awk '$1 == "HugePages_Total:" && $2 != 0 { x = 1 } END { exit x }' \
	"$T/s/meminfo"; then
	nonempty "$T/rows" && ! grep -q '^meminfo\.HugePages_Total ' "$T/rows"
	ok $? "a series 0 throughout (meminfo.HugePages_Total) makes no row"
else
	ok 0 "# SKIP HugePages_Total is not 0 here"
fi

# The sampler's figures, reduced as the reference says.
# mean KEY FILE: the mean of "KEY value" over the samples
mean() {
	awk -v k="$1" '$1 == k { s += $2; n++ } END { if (n) printf "%.6f\n", s / n }' "$2"
}
delta() {
	awk -v k="$1" '$1 == k { if (!n++) f = $2; l = $2 } END { if (n) print l - f }' "$2"
}
irq_sum() { # KEY FILE: the sum over the CPUs of the line KEY:
	awk -v k="$1:" '$1 == k { s = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) s += $i; print s }' "$2"
}
got() {
	awk -v k="$1" '$1 == k { print $2 }' "$T/rows"
}
# near WHAT GOT WANT PERCENT
near() {
	awk -v g="$2" -v w="$3" -v p="$4" 'BEGIN {
		d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w
		exit !(g != "" && w != "" && d <= a * p / 100) }'
	ok $? "$1: flamediff $2, sampled $3 (within $4%)"
}
# Not Active: (nor Inactive:): the LRU lists move pages between them at
# every aging pass while mremap churns, so two samplers a fraction of a
# second apart differ by more than 2% on a busy machine (seen: 2.2%, 8%).
for k in MemFree: Cached: Slab:; do
	near "meminfo.${k%:}" "$(got "meminfo.${k%:}")" \
		"$(mean "$k" "$T/s/meminfo")" 2
done
for k in nr_free_pages nr_file_pages nr_slab_reclaimable; do
	near "proc-vmstat.$k" "$(got "proc-vmstat.$k")" \
		"$(mean "$k" "$T/s/vmstat")" 2
done
for k in pgfault pgfree; do
	near "proc-vmstat.$k" "$(got "proc-vmstat.$k")" \
		"$(delta "$k" "$T/s/vmstat")" 5
done
a=$(irq_sum LOC "$T/s/interrupts.0"); b=$(irq_sum LOC "$T/s/interrupts.1")
near interrupts.LOC:Local_timer_interrupts \
	"$(got interrupts.LOC:Local_timer_interrupts)" "$((b - a))" 5
a=$(irq_sum TIMER "$T/s/softirqs.0"); b=$(irq_sum TIMER "$T/s/softirqs.1")
near softirqs.TIMER "$(got softirqs.TIMER)" "$(((a + b) / 2))" 5
if [ -s "$T/s/vmstat-tool" ]; then
	want=$(awk '$1 ~ /^[0-9]+$/ { s += $4; n++ } END { if (n) printf "%.1f\n", s / n }' "$T/s/vmstat-tool")
	near "vmstat.memory.free (procps vmstat)" \
		"$(got vmstat.memory.free)" "$want" 2
else
	ok 0 "# SKIP no vmstat to hold vmstat.memory.free against"
fi

# near_spread WHAT GOT WANT PERCENT BOUND: near, or within BOUND (derived
# from the samples' own spread) when that is the wider
near_spread() {
	awk -v g="$2" -v w="$3" -v p="$4" -v b="$5" 'BEGIN {
		d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w
		t = a * p / 100; if (b > t) t = b
		exit !(g != "" && w != "" && b != "" && d <= t) }'
	ok $? "$1: flamediff $2, sampled $3 (within $4%, or $5 from the samples' spread)"
}
# ... in points, for the % rows: within POINTS, or BOUND when wider
near_points() {
	awk -v g="$2" -v w="$3" -v p="$4" -v b="$5" 'BEGIN {
		d = g - w; if (d < 0) d = -d; t = p; if (b > t) t = b
		exit !(g != "" && w != "" && b != "" && d <= t) }'
	ok $? "$1: flamediff $2, sampled $3 (within $4 points, or $5 from the samples' spread)"
}

# vmstat.system.cs and .in, as procps' vmstat prints them from /proc/stat:
# its first row since boot (ctxt over all CPUs' seconds: jiffies / HZ),
# then each second's count over the second; the mean of the rows.
# Rates of a shared machine are noisy: flamediff's seconds start when
# the monitors' thread does, not on the sampler's, so each end of its
# window shifts by a fraction of a second, and its sum of rates by at most
# the largest difference between two seconds' rates at each end: the
# bound is twice the spread of the seconds' rates over the rows.
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
stat_rates() { # FIELD: "mean bound" of vmstat's rows of /proc/stat FIELD
	awk -v f="$1" -v hz="$hz" '
	$1 == "time:" { t = $2; next }
	$1 == "cpu" { j = 0; for (i = 2; i <= 9; i++) j += $i; next }
	$1 == f {
		if (!n) r = int($2 / (j / hz) + 0.5)
		else {
			r = int(($2 - prev) / (t - pt) + 0.5)
			if (n == 1 || r < lo) lo = r
			if (n == 1 || r > hi) hi = r
		}
		s += r; n++; prev = $2; pt = t
	}
	END { if (n > 1) printf "%.6f %.6f\n", s / n, 2 * (hi - lo) / n }' \
		"$T/s/stat"
}
for k in cs:ctxt in:intr; do
	set -- $(stat_rates "${k#*:}")
	near_spread "vmstat.system.${k%:*}" "$(got "vmstat.system.${k%:*}")" \
		"$1" 5 "$2"
done

# mpstat's all row: each second's share of the CPUs' jiffies (user ...
# steal, guest being in user), to two decimals as mpstat prints, from
# the second sample on; the mean. Compared in points, as LKP's table
# changes % rows: within 1 point, the least move diff calls a change of
# a % row of one run, and two jiffies of a second of 2 CPUs at HZ 100
# (the quantum of each second's share here is 100 / (CPUs * HZ) points).
# Or, wider, twice the spread of the seconds' shares over the rows, for
# the windows' shifted ends, as the rates above.
stat_pct() { # FIELD (4 system, 8 softirq: its column in the cpu line)
	awk -v f="$1" '
	$1 == "cpu" {
		j = 0; for (i = 2; i <= 9; i++) j += $i
		if (seen && j > pj) {
			v = int(10000 * ($f - pf) / (j - pj) + 0.5) / 100
			if (!n || v < lo) lo = v
			if (!n || v > hi) hi = v
			s += v; n++
		}
		seen = 1; pj = j; pf = $f
	}
	END { if (n) printf "%.6f %.6f\n", s / n, 2 * (hi - lo) / n }' \
		"$T/s/stat"
}
for k in sys%:4 soft%:8; do
	set -- $(stat_pct "${k#*:}")
	g=$(got "mpstat.cpu.all.${k%:*}")
	# softirq time is often 0 in every second of a run here: a series 0
	# throughout makes no row (LKP's rule), which is a 0
	[ -z "$g" ] && grep -q '^mpstat\.cpu\.all\.sys% ' "$T/rows" && g=0
	near_points "mpstat.cpu.all.${k%:*}" "$g" "$1" 1 "$2"
done

# Gauges: the mean of the samples, within 2%, or, when wider, the mean
# step between two samples (a sample taken between two of the
# sampler's lies between them while the gauge moves one way in a second)
gauge() { # KEY FILE: "mean bound" of "KEY value" over the samples
	awk -v k="$1" '$1 == k {
		if (n) { d = $2 - p; st += d < 0 ? -d : d }
		s += $2; n++; p = $2 }
		END { if (n > 1) printf "%.6f %.6f\n", s / n, st / (n - 1) }' "$2"
}
set -- $(gauge SUnreclaim: "$T/s/meminfo")
near_spread meminfo.SUnreclaim "$(got meminfo.SUnreclaim)" "$1" 2 "$2"

# slabinfo (root's only): vm_area_struct's objects, which mremap makes
# and frees, and the dentry cache's slabs
if head -c 1 /proc/slabinfo >/dev/null 2>&1; then
	for k in vm_area_struct:2:active_objs dentry:15:num_slabs; do
		c=${k%%:*}; f=${k#*:}; f=${f%:*}
		awk -v c="$c" -v f="$f" '$1 == c && NF == 16 { print c, $f }' \
			"$T/s/slabinfo" >"$T/slab.$c"
		if [ -s "$T/s/slabinfo" ] && [ ! -s "$T/slab.$c" ]; then
			ok 0 "# SKIP no $c cache here (merged into another)"
			continue
		fi
		set -- $(gauge "$c" "$T/slab.$c")
		near_spread "slabinfo.$c.${k##*:}" \
			"$(got "slabinfo.$c.${k##*:}")" "$1" 2 "$2"
	done
else
	ok 0 "# SKIP /proc/slabinfo cannot be read here (root's only)"
	ok 0 "# SKIP /proc/slabinfo cannot be read here (root's only)"
fi

# cpuidle: end - start of the idle time and entries of every CPU and
# state. Idle time is mostly the edges of a run that keeps the CPUs busy,
# and the kernel adds a residency to the counter only when it ends: no
# percentage would hold. Exact bounds instead, from when the snapshots
# are taken: flamediff's first comes before the command starts and its
# last after it ends, both inside the record command; the counters only
# grow, so its figures lie between the sampler's inside the command and
# the test's around record.
if [ -r /sys/devices/system/cpu/cpu0/cpuidle/state0/time ]; then
	for k in time:1 usage:2; do
		i0=$(cut -d' ' -f${k#*:} "$T/s/cpuidle.0")
		i1=$(cut -d' ' -f${k#*:} "$T/s/cpuidle.1")
		o0=$(cut -d' ' -f${k#*:} "$T/s/cpuidle.outer.0")
		o1=$(cut -d' ' -f${k#*:} "$T/s/cpuidle.outer.1")
		g=$(got "cpuidle..${k%:*}")
		awk -v g="$g" -v a="$i0" -v b="$i1" -v c="$o0" -v d="$o1" \
			'BEGIN { exit !(g != "" && a != "" && b != "" &&
				g >= b - a && g <= d - c) }'
		ok $? "cpuidle..${k%:*}: flamediff $g, between $((i1 - i0)) (inside the command) and $((o1 - o0)) (around record)"
	done
else
	ok 0 "# SKIP no cpuidle driver here (no cpu*/cpuidle/state*)"
	ok 0 "# SKIP no cpuidle driver here (no cpu*/cpuidle/state*)"
fi

# --- report: a compact summary; --lkp: every row -------------------------
"$FLAMEDIFF" report "$T/m.prof" >"$T/rep" 2>"$T/err"
ok $? "report of the profile exits 0"
grep -q '^monitors (report --lkp prints every row):$' "$T/rep" &&
	grep -q '^  vmstat: system.cs [0-9]' "$T/rep" &&
	grep -q '^  meminfo: ' "$T/rep"
ok $? "report summarises the monitors" || sed 's/^/#   /' "$T/rep" | head
sed -n '/^monitors (/,/^event /{/^event /!p;}' "$T/rep" >"$T/rep.sum"
lines=$(grep -c '' "$T/rep.sum")
awk 'length($0) > 80 { exit 1 }' "$T/rep.sum" && [ "$lines" -ge 3 ] &&
	[ "$lines" -le 16 ]
ok $? "... in a few lines of 80 columns at most ($lines)"
"$FLAMEDIFF" report --lkp "$T/m.prof" >"$T/lkp" 2>"$T/err"
ok $? "report --lkp of the profile exits 0"
grep -E '^(vmstat|mpstat|meminfo|proc-vmstat|interrupts|softirqs|slabinfo)\.' \
	"$T/rows" | sed 's/ \(.*\)$/: /' | sort >"$T/want.keys"
grep -E '^(vmstat|mpstat|meminfo|proc-vmstat|interrupts|softirqs|slabinfo)\.' \
	"$T/lkp" | sed 's/: .*$/: /' | sort >"$T/got.keys"
nonempty "$T/want.keys" && cmp -s "$T/want.keys" "$T/got.keys"
ok $? "report --lkp prints every monitor row ($(grep -c '' "$T/want.keys"))"

# --- choosing the monitors ------------------------------------------------
"$FLAMEDIFF" record -q --no-monitors -o "$T/n.prof" -- sleep 0.1 \
	>"$T/n.out" 2>"$T/n.err"
ok $? "record --no-monitors exits 0"
nonempty "$T/n.prof" && ! grep -Eq '^# stat: (vmstat|meminfo|interrupts)\.' \
	"$T/n.prof"
ok $? "--no-monitors: no monitor rows"
"$FLAMEDIFF" record -q --monitors meminfo,interrupts -o "$T/l.prof" -- \
	sleep 0.1 >"$T/l.out" 2>"$T/l.err"
ok $? "record --monitors meminfo,interrupts exits 0"
grep -q '^# stat: meminfo\.MemFree = ' "$T/l.prof" &&
	! grep -Eq '^# stat: (vmstat|proc-vmstat|softirqs)\.' "$T/l.prof"
ok $? "--monitors LIST: only those monitors' rows"
"$FLAMEDIFF" record -q --monitors vmstat,nosuch -o "$T/x.prof" -- true \
	>"$T/x.out" 2>"$T/x.err"
[ $? -eq 1 ] && grep -q "no monitor 'nosuch'" "$T/x.err"
ok $? "an unknown monitor is a usage error naming it"
[ ! -e "$T/x.prof" ]
ok $? "... and writes no profile"

done_testing
