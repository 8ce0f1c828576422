#!/bin/sh
# diff --format tree: the differential call tree as text for a mail reply.
# On the demo's shipped runs and on the seed scenario, every line is put
# back on its call path and held to the SVG's tooltip of that frame and
# (for a function of one call path) to its row of the table, number for
# number and mark for verdict (tests/tree-check.py); the tree keeps to its
# width and lines, and --top, --max-depth and --width do what they say.
. tests/tap-lib.sh
skip_without python3

demo=share/demo/recorded
seed=tests/data/seed

# sides NAME BASE NEW: the SVG (every frame), the table and the call
# paths (differential folded stacks) of BASE NEW
sides() {
	"$FLAMEDIFF" svg --diff --minwidth 0 "$2" "$3" -o "$T/$1.svg" \
		2>"$T/err" &&
		"$FLAMEDIFF" diff --all --format csv "$2" "$3" >"$T/$1.csv" \
			2>>"$T/err" &&
		"$FLAMEDIFF" diff --format folded "$2" "$3" >"$T/$1.folded" \
			2>>"$T/err" &&
		nonempty "$T/$1.svg" && nonempty "$T/$1.csv" &&
		nonempty "$T/$1.folded"
	ok $? "$1: svg --diff, diff --format csv and folded of the same sides" ||
		sed 's/^/#   /' "$T/err"
}

# judge WHAT SIDES TREE-FILE CHECK-ARGS...: the tree against them
judge() {
	what=$1 s=$2 f=$3
	shift 3
	python3 tests/tree-check.py "$f" "$T/$s.svg" "$T/$s.csv" \
		folded="$T/$s.folded" "$@" \
		>"$T/judge" 2>&1
	ok $? "$what"
	sed 's/^/#   /' "$T/judge"
}

sides demo $demo/build-A $demo/build-B
sides seed $seed/base $seed/new

for s in demo seed; do
	case $s in
	demo) b=$demo/build-A n=$demo/build-B ;;
	seed) b=$seed/base n=$seed/new ;;
	esac
	"$FLAMEDIFF" diff --format tree "$b" "$n" >"$T/$s.tree" 2>"$T/err"
	[ $? -eq 0 ] && nonempty "$T/$s.tree"
	ok $? "$s: diff --format tree exits 0 and writes a tree" ||
		sed 's/^/#   /' "$T/err"
	judge "$s: within 72 columns and 40 lines; every frame's figures and mark are its tooltip's and its table row's" \
		$s "$T/$s.tree" width=72 lines=40 top=10 table=3
	grep -q '^Call tree: .* -> ' "$T/$s.tree" &&
		grep -q 'changed frames' "$T/$s.tree"
	ok $? "$s: a header naming the sides, a footer counting the changes"
done

# The demo: the collapse of notify's lock is what the tree shows first.
grep -q '^- .*-notify  *42\.24   0\.00  -42\.24$' "$T/demo.tree" &&
	grep -q '^- .* spin_lock  *42\.20   0\.00  -42\.20$' "$T/demo.tree" &&
	grep -q '^+ .*-do_operation  *55\.65  98\.20  +42\.54$' "$T/demo.tree"
ok $? "demo: notify and spin_lock shrank under worker_loop, do_operation grew"
# The seed: the lock moved from cgroup_file_notify to _raw_spin_lock.
grep -q '^- .*cgroup_file_notify  *92\.17   0\.00  -92\.17$' "$T/seed.tree" &&
	grep -q '^+ .*-_raw_spin_lock  *0\.00  42\.91  +42\.91$' "$T/seed.tree"
ok $? "seed: cgroup_file_notify's lock gone, _raw_spin_lock's come"

# The README shows the demo's tree as diff prints it.
"$FLAMEDIFF" diff --format tree --top 3 $demo/build-A $demo/build-B \
	>"$T/top3.tree" 2>"$T/err"
awk '/^    \$ flamediff diff --format tree --top 3 share\/demo\/recorded\/build-A/ { on = 1; next }
	on && /^    / { print substr($0, 5); next }
	on { exit }' README.md >"$T/readme.tree"
nonempty "$T/readme.tree" && cmp -s "$T/readme.tree" "$T/top3.tree"
ok $? "README.md's example is the demo's tree as printed" ||
	diff "$T/readme.tree" "$T/top3.tree" | sed 's/^/#   /'

# --max-depth: nothing deeper; a frame's figures are still its own.
"$FLAMEDIFF" diff --format tree --max-depth 4 $demo/build-A $demo/build-B \
	>"$T/depth.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/depth.tree"
ok $? "--max-depth 4 exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "--max-depth 4: no frame deeper than 4, the figures the full graph's" \
	demo "$T/depth.tree" depth=4 lines=40 table=3
grep -q 'no frame deeper than 4' "$T/depth.tree"
ok $? "--max-depth 4: the footer says so"
"$FLAMEDIFF" diff --format tree --max-depth 17 $seed/base $seed/new \
	>"$T/sdepth.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/sdepth.tree"
ok $? "seed: --max-depth 17 exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "seed --max-depth 17: no frame deeper, the figures the full graph's" \
	seed "$T/sdepth.tree" depth=17

# --top: N paths; 0 all of them, past 40 lines if need be.
"$FLAMEDIFF" diff --format tree --top 2 $demo/build-A $demo/build-B \
	>"$T/top2.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/top2.tree"
ok $? "--top 2 exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "--top 2: two paths, the largest change among them" \
	demo "$T/top2.tree" top=2 table=1
"$FLAMEDIFF" diff --format tree --top 0 $demo/build-A $demo/build-B \
	>"$T/all.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/all.tree"
ok $? "--top 0 exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "--top 0: every changed path, checked the same way" \
	demo "$T/all.tree" table=3
n_changed=$(sed -n 's/^All \([0-9]*\) changed frames.*/\1/p' "$T/all.tree")
n_svg=$(grep -c 'verdict: changed' "$T/demo.svg")
[ -n "$n_changed" ] && [ "$n_changed" -eq "$n_svg" ] &&
	[ "$(grep -c '^[-+] .*[0-9]$' "$T/all.tree")" -eq "$n_svg" ]
ok $? "--top 0: all $n_svg frames the graph colours are on it ($n_changed said)"

# Two system-wide captures, hundreds of changed frames: by default as many
# of the largest changes as 40 lines hold, and the footer says so.
sw_b=tests/data/session.perf-script.gz sw_n=tests/data/mremap.perf-script.gz
sides wide $sw_b $sw_n
"$FLAMEDIFF" diff --format tree $sw_b $sw_n >"$T/wide.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/wide.tree"
ok $? "system-wide: diff --format tree exits 0 and writes a tree" ||
	sed 's/^/#   /' "$T/err"
judge "system-wide: within 72 columns and 40 lines, figures and marks as the tooltips and the table" \
	wide "$T/wide.tree" width=72 lines=40 top=10 table=3
n_wide=$(grep -c 'verdict: changed' "$T/wide.svg")
shown=$(grep -c '^[-+] .*[0-9]$' "$T/wide.tree")
[ "$n_wide" -gt 100 ] && [ "$shown" -gt 10 ] && [ "$shown" -lt "$n_wide" ] &&
	grep -q "^$shown of $n_wide changed frames shown: the largest changes, on [0-9]* paths" "$T/wide.tree"
ok $? "system-wide: $shown of $n_wide changed frames by default, as the footer says"

# --width 100: every frame line is 100 columns, the figures the same.
"$FLAMEDIFF" diff --format tree --width 100 $seed/base $seed/new \
	>"$T/w100.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/w100.tree"
ok $? "--width 100 exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "--width 100: frame lines of 100 columns, the same figures" \
	seed "$T/w100.tree" width=100 lines=40 table=3
# the same frames at either width, names and figures
sq() { sed -n 's/^\([-+ ]\) [-|` ]*\([^ ]*\)  *\([0-9.]* *[0-9.]* *[-+][0-9.]*\)$/\1 \2 \3/p' "$1" | tr -s ' '; }
sq "$T/seed.tree" >"$T/a" && sq "$T/w100.tree" >"$T/b" && nonempty "$T/a" &&
	cmp -s "$T/a" "$T/b"
ok $? "--width 100 shows the lines of 72, wider"

# A name of 100 characters loses its middle; the line stays 72 wide.
long=mm_$(printf '%0100d' 0 | tr 0 x)_end
mkdir -p "$T/lb" "$T/ln"
printf 'proc;main;%s 100\nproc;main;other 100\n' "$long" >"$T/lb/r.folded"
printf 'proc;main;%s 300\nproc;main;other 100\n' "$long" >"$T/ln/r.folded"
sides long "$T/lb" "$T/ln"
"$FLAMEDIFF" diff --format tree "$T/lb" "$T/ln" >"$T/long.tree" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/long.tree"
ok $? "a 100-character name: exits 0 and writes a tree" || sed 's/^/#   /' "$T/err"
judge "a 100-character name: within 72 columns, figures as the tooltip's" \
	long "$T/long.tree" width=72 table=1
grep -q '^+ .*-mm_xxx*\.\.xxx*_end  *50\.00  75\.00  *+25\.00$' "$T/long.tree"
ok $? "a 100-character name: its middle elided to '..'"

# A build against itself: nothing changed, no frame line.
"$FLAMEDIFF" diff --format tree $demo/build-A $demo/build-A >"$T/same.tree" \
	2>"$T/err"
[ $? -eq 0 ] && grep -q "^No frame changed by the table's rule\.$" "$T/same.tree" &&
	! grep -q '[0-9]$' "$T/same.tree"
ok $? "A against A: no frame changed, none shown" || sed 's/^/#   /' "$T/same.tree"

# Without a verdict the tree and the differential stacks are made without
# the table's rows (each run read straight into the union tree or the
# joint stacks); with --exit-code the rows are measured, and each run's
# own tree is mapped in. Same output either way, and the verdict still
# reads the rows: 1 for both pairs of builds, 0 for A against A.
for fmt in tree folded; do
	for s in demo seed; do
		case $s in
		demo) b=$demo/build-A n=$demo/build-B ;;
		seed) b=$seed/base n=$seed/new ;;
		esac
		"$FLAMEDIFF" diff --format $fmt "$b" "$n" >"$T/plain" 2>"$T/err"
		rc=$?
		"$FLAMEDIFF" diff --format $fmt --exit-code "$b" "$n" \
			>"$T/verdict" 2>>"$T/err"
		vrc=$?
		[ $rc -eq 0 ] && [ $vrc -eq 1 ] && nonempty "$T/plain" &&
			cmp -s "$T/plain" "$T/verdict"
		ok $? "$s: --format $fmt alike with and without --exit-code (exit $rc, $vrc)" ||
			sed 's/^/#   /' "$T/err"
	done
	"$FLAMEDIFF" diff --format $fmt $demo/build-A $demo/build-A \
		>"$T/plain" 2>"$T/err" &&
		"$FLAMEDIFF" diff --format $fmt --exit-code $demo/build-A \
			$demo/build-A >"$T/verdict" 2>>"$T/err" &&
		nonempty "$T/plain" && cmp -s "$T/plain" "$T/verdict"
	ok $? "--format $fmt --exit-code of A against A: exit 0, the same output" ||
		sed 's/^/#   /' "$T/err"
done

# Bad values are usage errors (1) that name the option.
usage() { # usage WHAT ARGS...: exit 1 and a message naming WHAT
	what=$1
	shift
	"$FLAMEDIFF" diff "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q -- "$what" "$T/err" && [ ! -s "$T/out" ]
	ok $? "usage error (exit 1) naming $what: $* (exit $rc)" ||
		sed 's/^/#   /' "$T/err"
}
usage --width --format tree --width 59 $demo/build-A $demo/build-B
usage --width --format tree --width x $demo/build-A $demo/build-B
usage --max-depth --format tree --max-depth -1 $demo/build-A $demo/build-B
usage --max-depth --format tree --max-depth 1x $demo/build-A $demo/build-B
usage --top --format tree --top -3 $demo/build-A $demo/build-B
usage --max-depth --max-depth 3 $demo/build-A $demo/build-B
usage 'format tree' --format tree tests/data/session.lkp-stats.txt \
	tests/data/mremap.lkp-stats.txt

done_testing
