#!/bin/sh
# LKP's raw files of the monitors that copy a /proc file ("time:" then the
# file): slabinfo, interrupts, softirqs, diskstats and sched_debug, each
# told by its text when diff reads it, and reduced as LKP reduces a run
# (../shared/reference/lkp-monitors.md §1, §2): the worked examples (our
# own copies in tests/data/lkp-raw, a few lines added for the naming and
# all-zero rules), then this machine's own files sampled twice here, held
# against the reduction done again in awk from the same text.
. tests/tap-lib.sh

d=tests/data/lkp-raw

# rows FILE OUT: diff's rows of the raw file FILE (both sides) as
# "KEY BASE_MEAN" lines, sorted. A key holding a comma is quoted in the
# CSV (interrupt names: "uhci_hcd:usb1,ehci_hcd:usb2").
rows() {
	"$FLAMEDIFF" diff --all --no-explain --format csv "$1" "$1" \
		>"$T/rows.csv" 2>"$T/err" || return 1
	sed -n '1d
		s/^"\(.*\)",stat,[a-z]*,\([^,]*\),.*/\1 \2/p
		t
		s/^\([^",]*\),stat,[a-z]*,\([^,]*\),.*/\1 \2/p' \
		"$T/rows.csv" | sort >"$2"
}

# same GOT WANT: the same keys, each value within 1e-9 of the other (the
# CSV prints ten significant digits)
same() {
	sort -o "$2" "$2"
	nonempty "$1" && [ "$(cut -d' ' -f1 "$1")" = "$(cut -d' ' -f1 "$2")" ] &&
		paste -d' ' "$1" "$2" | awk '{
			d = $2 - $4; if (d < 0) d = -d
			a = $4 < 0 ? -$4 : $4
			if (d > 1e-9 * a + 1e-9) exit 1 }'
}

# expect MONITOR KEY VALUE...: diff's rows of tests/data/lkp-raw/MONITOR
expect() {
	m=$1
	shift
	rows "$d/$m" "$T/$m.got"
	ok $? "diff of two raw $m files exits 0" || sed 's/^/#   /' "$T/err"
	: >"$T/$m.want"
	while [ $# -ge 2 ]; do
		printf '%s %s\n' "$1" "$2" >>"$T/$m.want"
		shift 2
	done
	same "$T/$m.got" "$T/$m.want"
	ok $? "raw $m: the reference's reduction" ||
		diff "$T/$m.got" "$T/$m.want" | sed 's/^/#   /'
}

# slabinfo: means of the four columns; a cache 0 throughout has no row
expect slabinfo slabinfo.vm_area_struct.active_objs 4050 \
	slabinfo.vm_area_struct.num_objs 4225 \
	slabinfo.vm_area_struct.active_slabs 248.5 \
	slabinfo.vm_area_struct.num_slabs 248.5

# interrupts: end - start per CPU and summed; a numeric IRQ's description
# joined with '.' (",." made ","), a named one's with '_', ERR alone;
# 0 in both snapshots: no row; unchanged and not 0: a row of 0
k11='11:IO-APIC.11-fasteoi.uhci_hcd:usb1,ehci_hcd:usb2'
k36='36:PCI-MSIX-0000:00:02.0.1-edge.virtio1-req.0'
expect interrupts "interrupts.$k11" 0 "interrupts.CPU0.$k11" 0 \
	"interrupts.CPU1.$k11" 0 "interrupts.$k36" 56 \
	"interrupts.CPU1.$k36" 56 interrupts.LOC:Local_timer_interrupts 3204 \
	interrupts.CPU0.LOC:Local_timer_interrupts 1662 \
	interrupts.CPU1.LOC:Local_timer_interrupts 1542 interrupts.ERR 0

# softirqs: the mean of the two since-boot snapshots (LKP's counter list
# names "softirq.", which matches no softirqs row); HI 0 twice: no row
expect softirqs softirqs.TIMER 565952 softirqs.CPU0.TIMER 332981 \
	softirqs.CPU1.TIMER 232971 softirqs.NET_RX 4064 \
	softirqs.CPU0.NET_RX 1478 softirqs.CPU1.NET_RX 2586

# diskstats: the 14-field line only (nvme0n1's 20 fields give nothing, as
# in LKP); read_*, write_*, io_ticks deltas; in_flight, time_in_queue means
expect diskstats diskstats.read_ios.sda 10 diskstats.read_merges.sda 0 \
	diskstats.read_sectors.sda 80 diskstats.read_ticks.sda 5 \
	diskstats.write_ios.sda 60 diskstats.write_merges.sda 0 \
	diskstats.write_sectors.sda 480 diskstats.write_ticks.sda 5 \
	diskstats.in_flight.sda 0.5 diskstats.io_ticks.sda 9 \
	diskstats.time_in_queue.sda 125

# sched_debug: .avg .max .min .stddev over the CPUs in each sample (the
# autogroup section left out, 0s make no row), then means over the two
# samples (nr_switches.avg: 8411003.5 and 8411103.5)
expect sched_debug sched_debug.cpu.nr_switches.avg 8411053.5 \
	sched_debug.cpu.nr_switches.max 8822057 \
	sched_debug.cpu.nr_switches.min 8000050 \
	sched_debug.cpu.nr_switches.stddev 411003.5 \
	sched_debug.cpu.curr-\>pid.avg 16030.5 \
	sched_debug.cpu.curr-\>pid.max 32061 \
	sched_debug.cpu.curr-\>pid.stddev 16030.5 \
	sched_debug.cfs_rq:/.load.avg 810319 \
	sched_debug.cfs_rq:/.load.max 1620638 \
	sched_debug.cfs_rq:/.load.stddev 810319 sched_debug.ktime 1235.06789

# A real one: 6.18's /sys/kernel/debug/sched/debug of a 2-CPU VM, twice
# (captured with debugfs mounted in a private mount namespace; the
# runnable-task lines, which the parse skips, cut out), held against the
# parse and reduction redone in awk from the reference's text: sections
# (cpu#N, cfs_rq[N]:/, rt_rq[N]:/, dl_rq[N]:, autogroups skipped), each
# per-CPU key's .max .min .avg .stddev (population) over the CPUs, keys
# of no CPU as they are, then the mean of the samples, no all-zero row.
cat >"$T/sd.awk" <<'EOS'
function flush(   k, n, mx, mn, s, a, v, ss, i) {
	if (!ns) return
	for (k in cnt) {
		n = cnt[k]; mx = mxv[k]; mn = mnv[k]; a = sum[k] / n
		ss = 0
		for (i = 1; i <= n; i++) ss += (one[k, i] - a) ^ 2
		ss /= n
		add(k ".max", mx); add(k ".min", mn); add(k ".avg", a)
		add(k ".stddev", sqrt(ss))
	}
	delete cnt; delete mxv; delete mnv; delete sum; delete one
}
function add(k, v) { val[ns, k] = v; keys[k] }
/^time: / { flush(); ns++; prefix = ""; cpu = -1; skip = 0; next }
/^Sched Debug Version/ || /^runnable tasks:/ { next }
/^[ \t]*$/ { next }
{
	line = $0
	if (match(line, /^[ \t]*[^ \t:][^:]*[ \t]*:[ \t]*-?[0-9]/)) {
		name = line; sub(/[ \t]*:.*/, "", name); sub(/^[ \t]+/, "", name)
		v = line; sub(/^[^:]*:[ \t]*/, "", v); v = v + 0
		if (skip) next
		k = prefix name
		if (cpu >= 0) {
			if (!(k in cnt) || v > mxv[k]) mxv[k] = v
			if (!(k in cnt) || v < mnv[k]) mnv[k] = v
			cnt[k]++; sum[k] += v; one[k, cnt[k]] = v
		} else add(k, v)
		next
	}
	w = $1; gsub(/,/, "", w)
	cpu = -1
	if (match(w, /^cpu#[0-9]+$/)) { prefix = "cpu"; cpu = substr(w, 5) + 0 }
	else if (match(w, /\[[0-9]+\]/)) {
		cpu = substr(w, RSTART + 1, RLENGTH - 2) + 0
		prefix = substr(w, 1, RSTART - 1) substr(w, RSTART + RLENGTH)
	} else prefix = w
	skip = prefix ~ /:\/autogroup-/
}
END {
	flush()
	for (k in keys) {
		s = 0; nz = 0
		for (i = 1; i <= ns; i++) { s += val[i, k]; if (val[i, k] != 0) nz = 1 }
		if (!nz) continue
		printf "sched_debug.%s %.10g\n", k, s / ns
	}
}
EOS
gzip -dc "$d/sched_debug-6.18.gz" | awk -f "$T/sd.awk" >"$T/sd.want"
rows "$d/sched_debug-6.18.gz" "$T/sd.got"
ok $? "diff of a real sched_debug raw file (6.18, gzip) exits 0" ||
	sed 's/^/#   /' "$T/err"
same "$T/sd.got" "$T/sd.want"
ok $? "... its rows are the reduction of the text ($(grep -c '' "$T/sd.want") rows)" ||
	diff "$T/sd.got" "$T/sd.want" | head -10 | sed 's/^/#   /'

# --- this machine's files, sampled twice -----------------------------------
# snap FILE OUT: "time:" then FILE, twice
snap() {
	{ printf 'time: 1700000000.100000000\n'; cat "$1"
	  printf 'time: 1700000001.100000000\n'; cat "$1"; } >"$2"
}

# The reduction in awk, from the reference's text alone. Counts are the
# numeric fields after the name, as many as the header has CPUs.
cat >"$T/irq.awk" <<'EOS'
/^time: / { s++; hdr = 1; next }
hdr { ncpu = NF; for (i = 1; i <= NF; i++) cpu[i] = $i; hdr = 0; next }
{
	name = $1; sub(/:$/, "", name)
	n = 0
	for (i = 2; i <= NF && i <= ncpu + 1 && $i ~ /^[0-9]+$/; i++) n++
	if (n + 2 > NF) key = name # ERR:, softirqs' lines: no words after
	else {
		sep = name ~ /^[0-9]+$/ ? "." : "_"
		key = name ":"
		for (i = n + 2; i <= NF; i++)
			key = key (i > n + 2 ? sep : "") $i
		if (sep == ".") gsub(/,\./, ",", key)
	}
	t = 0
	for (i = 1; i <= n; i++) {
		v[s, "CPU" (i - 1) "." key] = $(i + 1); t += $(i + 1)
		keys["CPU" (i - 1) "." key]
	}
	v[s, key] = t; keys[key]
}
END {
	for (k in keys) {
		a = v[1, k] + 0; b = v[2, k] + 0
		if (a == 0 && b == 0) continue
		printf "%s.%s %.10g\n", mon, k, mon == "softirqs" ? (a + b) / 2 : b - a
	}
}
EOS
for m in interrupts softirqs; do
	snap "/proc/$m" "$T/$m.raw"
	rows "$T/$m.raw" "$T/$m.live"
	ok $? "diff of this machine's $m, sampled twice, exits 0" ||
		sed 's/^/#   /' "$T/err"
	awk -v mon=$m -f "$T/irq.awk" "$T/$m.raw" >"$T/$m.want"
	same "$T/$m.live" "$T/$m.want"
	ok $? "... its rows are the reduction of the text ($(grep -c '' "$T/$m.want") rows)" ||
		diff "$T/$m.live" "$T/$m.want" | head -10 | sed 's/^/#   /'
done

# slabinfo is root's only (mode 0400)
if [ -r /proc/slabinfo ] && head -1 /proc/slabinfo >/dev/null 2>&1; then
	snap /proc/slabinfo "$T/slab.raw"
	rows "$T/slab.raw" "$T/slab.live"
	ok $? "diff of this machine's slabinfo, sampled twice, exits 0" ||
		sed 's/^/#   /' "$T/err"
	# the cache lines have the header's columns (less its "#"): 16
	awk '/^time: / { s++; next }
		NF == 16 && $1 !~ /^#/ {
			for (c = 0; c < 4; c++) {
				k = $1 "." col[c]; keys[k]; sum[k] += $(f[c])
				if ($(f[c]) != 0) nz[k] = 1
			}
		}
		BEGIN { split("active_objs num_objs active_slabs num_slabs", n, " ")
			split("2 3 14 15", g, " ")
			for (c = 0; c < 4; c++) { col[c] = n[c + 1]; f[c] = g[c + 1] } }
		END { for (k in keys) if (nz[k])
			printf "slabinfo.%s %.10g\n", k, sum[k] / 2 }' \
		"$T/slab.raw" >"$T/slab.want"
	same "$T/slab.live" "$T/slab.want"
	ok $? "... its rows are the means of the text ($(grep -c '' "$T/slab.want") rows)" ||
		diff "$T/slab.live" "$T/slab.want" | head -10 | sed 's/^/#   /'
else
	ok 0 "# SKIP /proc/slabinfo is root's only"
	ok 0 "# SKIP /proc/slabinfo is root's only"
fi

# diskstats here: the kernel's 18 or 20 fields are no line LKP parses, so
# a raw file of it is read (exit 0) and has no row, as LKP has none
snap /proc/diskstats "$T/disk.raw"
if awk '!/^time: / && NF == 14 { x = 1 } END { exit x }' "$T/disk.raw"; then
	"$FLAMEDIFF" diff --all --no-explain --format csv "$T/disk.raw" \
		"$T/disk.raw" >"$T/disk.csv" 2>"$T/err"
	[ $? -eq 0 ] && [ "$(grep -c '' "$T/disk.csv")" = 1 ] &&
		grep -q '^key,' "$T/disk.csv"
	ok $? "this kernel's diskstats: read, and no row (LKP parses 14 fields only)" ||
		sed 's/^/#   /' "$T/err" "$T/disk.csv"
else
	ok 0 "# SKIP this kernel's diskstats has 14-field lines"
fi

done_testing
