#!/bin/sh
# bench: compares with the baseline itself
# Issue 12 "Scale", part A: folding, piped input and plain graphs when
# every stack is distinct, against the peers (stackcollapse-perf.pl,
# flamegraph.pl from $ORACLES, skipped as "absent"; STACKCOLLAPSE=PATH
# and FLAMEGRAPH=PATH name copies kept elsewhere, which this repository
# does not carry) and against the baseline, a flamediff built from main
# as it was when the issue was opened (bench/baseline.sh). One line per
# figure: the sizes, ours, the baseline's and the ratio, the peer's and
# the ratio, the target.
#
# Inputs (made once, in bench/out/scale):
#  - distinct: bench/gen-distinct's perf script text, SCALE_STACKS samples
#    each a stack of its own (default 400k, about 540 MB; the issue's
#    1.09M is SCALE_STACKS=1090000, which takes 1.5 GB of disk);
#  - repetitive: the two corpus captures, repeated to SCALE_REP_MB;
#  - graphs: folded stacks, 1k, 10k, 100k and 1M distinct (up to
#    SCALE_GRAPH_MAX), paths of 4 to 40 frames out of 2000 names.
# Times are the best of RUNS runs (one for 1M-stack graphs), ours and
# the baseline's alternating;
# a peer runs once (Perl is slow: not above SCALE_PEER_MAX stacks for the
# graphs). Under some figures comes a floor: the same work cut to what
# cannot be skipped (bench/fold-floor, whose comment says for which
# folds; for graphs, the command on one stack as deep, an image of the
# same size). A target whose ratio is above the floor's cannot be met on
# this machine. Memory per distinct stack is the slope of peak RSS between a
# quarter of the input and all of it: what one more stack costs. Nothing
# here fails on speed: the machine is shared, compare ratios of one run.
set -e
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
: "${BUILD:=build}"
: "${SCALE_STACKS:=400000}"
: "${SCALE_REP_MB:=200}"
: "${SCALE_GRAPH_MAX:=1000000}"
: "${SCALE_PEER_MAX:=100000}"
: "${RUNS:=3}"
: "${ORACLES:=../shared/oracles}"
: "${STACKCOLLAPSE:=$ORACLES/stackcollapse-perf.pl}"
: "${FLAMEGRAPH:=$ORACLES/flamegraph.pl}"
# Without stackcollapse-perf.pl, the least a Perl folder does (our own
# stand-in, bench/perl-collapse.pl): ratios to it are lower bounds.
STANDIN=bench/perl-collapse.pl
out=bench/out/scale
mkdir -p "$out"
rusage=$BUILD/bench/rusage
gen=$BUILD/bench/gen-distinct
floor=$BUILD/bench/fold-floor
if [ ! -x "$rusage" ] || [ ! -x "$gen" ] || [ ! -x "$floor" ]; then
	make -s "$rusage" "$gen" "$floor" || exit 1
fi

base=$(BUILD=$BUILD sh bench/baseline.sh) || base=
[ -n "$base" ] && base=$(pwd)/$base
perl_ok() { command -v perl >/dev/null 2>&1 && [ -f "$1" ]; }
# The fold peer: stackcollapse-perf.pl, else our floor of it.
if perl_ok "$STACKCOLLAPSE"; then
	fold_peer=$STACKCOLLAPSE fold_peer_name=stackcollapse-perf.pl
elif perl_ok "$STANDIN"; then
	fold_peer=$STANDIN
	fold_peer_name="stackcollapse-perf.pl absent; its floor, $STANDIN,"
else
	fold_peer= fold_peer_name="stackcollapse-perf.pl absent"
fi
size() { wc -c <"$1" | tr -d ' '; }
mb() { awk -v b="$1" 'BEGIN { if (b < 1e6) printf "%.0f KB", b / 1e3
	else printf "%.0f MB", b / 1e6 }'; }
k() { awk -v n="$1" 'BEGIN { if (n >= 1e6) printf "%gM", n / 1e6;
	else if (n >= 1e3) printf "%gk", n / 1e3; else printf "%d", n }'; }

# once CMD...: "wall maxrss_kb" of one run, stdout to $out/stdout; "fail"
# when it fails.
once() {
	if "$rusage" "$@" >"$out/stdout" 2>"$out/stderr"; then
		sed -n 's/^rusage: wall \([0-9.]*\) .* maxrss_kb \([0-9]*\).*/\1 \2/p' \
			"$out/stderr" | tail -1
	else
		echo fail
	fi
}

# best CMD...: "wall maxrss_kb", the best wall and the largest RSS of RUNS.
best() {
	i=0
	: >"$out/runs"
	while [ $i -lt "$RUNS" ]; do
		once "$@" >>"$out/runs"
		i=$((i + 1))
	done
	awk '$1 == "fail" { f = 1 } !f { if (!n++ || $1 < w) w = $1
		if ($2 > m) m = $2 } END { if (f) print "fail"; else print w, m }' \
		"$out/runs"
}

# pair CMD...: ours and the baseline's alternating, as BIN in CMD;
# sets new_w new_m base_w base_m (base_* "-" without a baseline).
pair() {
	: >"$out/pn"
	: >"$out/pb"
	i=0
	while [ $i -lt "$RUNS" ]; do
		BIN=$FLAMEDIFF
		export BIN
		once sh -c "$*" >>"$out/pn"
		if [ -n "$base" ]; then
			BIN=$base
			once sh -c "$*" >>"$out/pb"
		fi
		i=$((i + 1))
	done
	set -- $(awk '$1 == "fail" { f = 1 } !f { if (!n++ || $1 < w) w = $1
		if ($2 > m) m = $2 } END { if (f || !n) print "- -"; else print w, m }' "$out/pn")
	new_w=$1 new_m=$2
	set -- $(awk '$1 == "fail" { f = 1 } !f { if (!n++ || $1 < w) w = $1
		if ($2 > m) m = $2 } END { if (f || !n) print "- -"; else print w, m }' "$out/pb")
	base_w=$1 base_m=$2
}

# vs A B: "A / B" as a ratio, "-" when either is missing.
vs() { awk -v a="$1" -v b="$2" 'BEGIN {
	if (a == "-" || b == "-" || b + 0 == 0) print "-"
	else printf "%.2fx", a / b }'; }
# regress NEW BASE: a flag when NEW is more than 10% worse (larger).
regress() { awk -v a="$1" -v b="$2" 'BEGIN {
	if (a != "-" && b != "-" && b + 0 > 0 && a > 1.10 * b)
		printf " REGRESSED %.0f%%", 100 * (a / b - 1) }'; }
secs() { [ "$1" = - ] && echo "-" || printf '%.3f s' "$1"; }
baseline_part() { # NEW BASE UNIT
	if [ -z "$base" ]; then
		echo "baseline absent"
	else
		echo "baseline $3 ($(vs "$1" "$2") of it$(regress "$1" "$2"))"
	fi
}

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg);" \
	"baseline: ${base:-absent}; best of $RUNS"

# ---- fold, distinct stacks
n=$SCALE_STACKS
q=$((n / 4))
for m in $q $n; do
	f=$out/distinct-$m.perf-script
	[ -s "$f" ] || "$gen" "$m" >"$f"
done
big=$out/distinct-$n.perf-script
small=$out/distinct-$q.perf-script
cat "$big" >/dev/null
pair "\$BIN fold '$small' >/dev/null"
sn_m=$new_m sb_m=$base_m sn_w=$new_w sb_w=$base_w
pair "\$BIN fold '$big' >/dev/null"
peer="$fold_peer_name"
peer_slope=- peer_w=-
if [ -n "$fold_peer" ]; then
	set -- $(once perl "$fold_peer" "$small")
	pq_m=$2
	set -- $(once perl "$fold_peer" "$big")
	peer_w=$1
	peer_slope=$(awk -v a="$pq_m" -v b="$2" -v n="$((n - q))" \
		'BEGIN { printf "%.0f", (b - a) * 1024 / n }')
	peer="$fold_peer_name $(secs "$peer_w"), $(vs "$peer_w" "$new_w")"
fi
echo "fold distinct $(k $n) stacks ($(mb "$(size "$big")")):" \
	"flamediff $(secs "$new_w"), $(baseline_part "$new_w" "$base_w" \
	"$(secs "$base_w")"), $peer (target >= 30x)"
# The floor of a one-thread fold that looks up each frame
# (bench/fold-floor.c): on distinct stacks, a target above its ratio asks
# it of the machine, not of flamediff.
floor() { # INPUT PEER_WALL
	set -- "$2" $(best "$floor" "$1")
	echo "  floor (bench/fold-floor: split, intern, hash stacks; no" \
		"sort, no output): $(secs "$2"), flamediff $(vs "$new_w" "$2")" \
		"of it$([ "$1" = - ] || echo ", stackcollapse-perf.pl $(vs "$1" "$2") of it")"
}
floor "$big" "$peer_w"
slope() { awk -v a="$1" -v b="$2" -v n="$((n - q))" 'BEGIN {
	if (a == "-" || b == "-") print "-"
	else printf "%.0f", (b - a) * 1024 / n }'; }
ns=$(slope "$sn_m" "$new_m")
bs=$(slope "$sb_m" "$base_m")
if [ "$fold_peer" = "$STANDIN" ]; then
	# Beside the stand-in, what Perl needs to hold the same stacks in a
	# hash as the script does (its memory is mostly that hash).
	for m in $q $n; do
		[ -s "$out/distinct-$m.folded" ] || "$FLAMEDIFF" fold \
			"$out/distinct-$m.perf-script" >"$out/distinct-$m.folded"
	done
	hash='while (<>) { chomp; my ($s, $c) = /^(.*) (\d+)$/; $h{$s} += $c }'
	set -- $(once perl -e "$hash" "$out/distinct-$q.folded")
	a=$2
	set -- $(once perl -e "$hash" "$out/distinct-$n.folded")
	hash_slope=$(awk -v a="$a" -v b="$2" -v n="$((n - q))" \
		'BEGIN { printf "%.0f", (b - a) * 1024 / n }')
	peer_mem="stackcollapse-perf.pl absent; a Perl hash of the same stacks (its floor) $hash_slope B, $(vs "$ns" "$hash_slope") of it; $STANDIN $peer_slope B, $(vs "$ns" "$peer_slope") of it"
elif [ -n "$fold_peer" ]; then
	peer_mem="stackcollapse-perf.pl $peer_slope B, $(vs "$ns" "$peer_slope") of it"
else
	peer_mem="stackcollapse-perf.pl absent"
fi
echo "memory per distinct stack ($(k $q) to $(k $n) stacks, slope of peak" \
	"RSS): flamediff $ns B, $(baseline_part "$ns" "$bs" "$bs B")," \
	"$peer_mem (target <= 1.00x Perl's)"
echo "peak RSS, $(k $n) distinct stacks: flamediff $((new_m / 1024)) MB" \
	"($(awk -v m="$new_m" -v n="$n" 'BEGIN { printf "%.0f", m * 1024 / n }') B a stack)," \
	"$([ "$base_m" = - ] && echo "baseline absent" ||
		echo "baseline $((base_m / 1024)) MB ($(vs "$new_m" "$base_m") of it$(regress "$new_m" "$base_m"))")"

# ---- fold, repetitive input
pairf=$out/pair.perf-script
rep=$out/repetitive.perf-script
gzip -dc tests/data/mremap.perf-script.gz tests/data/session.perf-script.gz >"$pairf"
copies=$(( (SCALE_REP_MB * 1000000 + $(size "$pairf") - 1) / $(size "$pairf") ))
if [ ! -f "$rep" ] || [ "$(size "$rep")" -ne $((copies * $(size "$pairf"))) ]; then
	i=0
	while [ $i -lt $copies ]; do
		cat "$pairf"
		i=$((i + 1))
	done >"$rep"
fi
cat "$rep" >/dev/null
pair "\$BIN fold '$rep' >/dev/null"
rep_w=$new_w rep_bw=$base_w rep_m=$new_m
nst=$("$FLAMEDIFF" fold "$pairf" | wc -l)
peer="$fold_peer_name" peer_w=-
if [ -n "$fold_peer" ]; then
	set -- $(once perl "$fold_peer" "$rep")
	peer_w=$1
	peer="$fold_peer_name $(secs "$1"), $(vs "$1" "$rep_w")"
fi
echo "fold repetitive ($copies copies of the corpus, $(mb "$(size "$rep")")," \
	"$nst stacks): flamediff $(secs "$rep_w"), $(baseline_part "$rep_w" \
	"$rep_bw" "$(secs "$rep_bw")"), $peer (target >= 40x)," \
	"peak RSS $((rep_m / 1024)) MB"
floor "$rep" "$peer_w"

# ---- piped input: cat FILE | fold against fold FILE
for in in "$rep" "$small"; do
	if [ "$in" = "$rep" ]; then
		fw=$rep_w fbw=$rep_bw
	else
		fw=$sn_w fbw=$sb_w
	fi
	pair "cat '$in' | \$BIN fold >/dev/null"
	echo "fold piped / fold file ($(mb "$(size "$in")") of $(basename "$in")):" \
		"flamediff $(vs "$new_w" "$fw") ($(secs "$new_w") / $(secs "$fw")),"\
		"$([ -z "$base" ] && echo "baseline absent" ||
			echo "baseline $(vs "$base_w" "$fbw") ($(secs "$base_w") / $(secs "$fbw"))")" \
		"(target <= 1.10x)"
done

# ---- graphs: svg and png against flamegraph.pl (which makes the SVG)
for g in 1000 10000 100000 1000000; do
	[ "$g" -le "$SCALE_GRAPH_MAX" ] || continue
	f=$out/graph-$g.folded
	[ -s "$f" ] || sh bench/synth-folded.sh $g >"$f"
	peer_w=-
	peer="flamegraph.pl absent"
	if ! perl_ok "$FLAMEGRAPH"; then
		:
	elif [ "$g" -gt "$SCALE_PEER_MAX" ]; then
		peer="flamegraph.pl not run above $(k "$SCALE_PEER_MAX") stacks (SCALE_PEER_MAX)"
	else
		set -- $(once perl "$FLAMEGRAPH" "$f")
		peer_w=$1
		cp "$out/stdout" "$out/graph-$g.pl.svg"
	fi
	for cmd in svg png; do
		# A million stacks takes some 5 s a run (more on a busy
		# machine): once each, to keep `make bench` near 10 minutes.
		runs=$RUNS
		[ "$g" -lt 1000000 ] || RUNS=1
		pair "\$BIN $cmd '$f' -o '$out/graph.$cmd'"
		RUNS=$runs
		p=$peer
		[ "$peer_w" != - ] && p="flamegraph.pl (SVG) $(secs "$peer_w"), $(vs "$peer_w" "$new_w")"
		echo "$cmd $(k $g) distinct stacks ($(mb "$(size "$f")") folded," \
			"$(mb "$(size "$out/graph.$cmd")") $cmd): flamediff" \
			"$(secs "$new_w"), $(baseline_part "$new_w" "$base_w" \
			"$(secs "$base_w")"), $p (target >= 10x)"
		[ "$g" = 1000 ] || continue
		# What the command costs before drawing frames: starting, for
		# a png loading cairo and its fonts and encoding an image of
		# the same size, writing the file. One stack as deep as the
		# deepest: a frame a level.
		awk -F';' 'NF > d { d = NF } END {
			for (i = 1; i <= d; i++) printf "%sf%d", (i > 1 ? ";" : ""), i
			print " 1" }' "$f" >"$out/one.folded"
		set -- "$peer_w" $(best "$FLAMEDIFF" "$cmd" "$out/one.folded" \
			-o "$out/graph.$cmd")
		echo "  floor ($cmd of one stack as deep, a frame a level," \
			"$(mb "$(size "$out/graph.$cmd")")): $(secs "$2")$([ \
			"$1" = - ] || echo ", flamegraph.pl $(k $g) $(vs "$1" "$2") of it")"
	done
done
rm -f "$out/stdout" "$out/stderr" "$out/runs" "$out/pn" "$out/pb" \
	"$out/graph.svg" "$out/graph.png" "$out/one.folded"
