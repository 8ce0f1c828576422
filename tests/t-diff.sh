#!/bin/sh
# flamediff diff on the seed scenario (tests/data/seed, written by
# tests/gen-seed.sh: six noisy runs a side of the cgroup_file_notify lock
# collapse LKP reported), one run a side, the differential folded output,
# and the bad inputs.
. tests/tap-lib.sh

seed=tests/data/seed

# The change column of a table row (LKP's layout: value 10, stddev 6,
# change 10 characters; "±" is two bytes in UTF-8, so cut after stripping
# it), or nothing when the row is not in the table.
change() { # change FILE KEY
	grep " $2\$" "$1" | sed 's/\xc2\xb1/+/g' | cut -c17-26 | tr -d ' '
}
# in_range VALUE LOW HIGH
in_range() { awk -v v="$1" -v l="$2" -v h="$3" 'BEGIN { exit !(v != "" && v >= l && v <= h) }'; }

"$FLAMEDIFF" diff $seed/base $seed/new >"$T/out" 2>"$T/err"
out_rc=$?
ok $out_rc "diff of the seed's two directories of runs exits 0"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err"

c=$(change "$T/out" perf-profile.children.cycles-pp.cgroup_file_notify)
in_range "$c" -93 -91
ok $? "children of cgroup_file_notify fell by about 92 points (LKP: -92.0; got $c)"
c=$(change "$T/out" perf-profile.children.cycles-pp._raw_spin_lock)
in_range "$c" 42 44.5
ok $? "children of _raw_spin_lock rose by about 43 points (LKP: +43.6; got $c)"
c=$(change "$T/out" perf-profile.calltrace.cycles-pp.native_queued_spin_lock_slowpath._raw_spin_lock.folio_alloc_swap.shrink_folio_list.reclaim_folio_list)
in_range "$c" 41 44.5
ok $? "the new calltrace row appears, matched across the clone suffix (got $c)"
c=$(change "$T/out" perf-profile.children.cycles-pp.reclaim_folio_list)
in_range "$c" -60 -45
ok $? "reclaim_folio_list(.constprop.0 in new) is one row (got $c)"
[ $out_rc -eq 0 ] && nonempty "$T/out" && ! grep -q 'constprop' "$T/out"
ok $? "no clone suffix reaches the table"

# LKP's order: calltrace, then children, then self; by change ascending.
awk '/^ +\\ +\| +\\  $/ { on = 1; next } /^$/ { on = 0 } on' "$T/out" |
	sed 's/\xc2\xb1/+/g' | awk '{
		split($NF, k, "."); g = k[2] == "calltrace" ? 1 : k[2] == "children" ? 2 : 3
		c = substr($0, 17, 10) + 0
		if (g < pg || (g == pg && c < pc)) bad++
		pg = g; pc = c; n++
	} END { exit !(n > 20 && !bad) }'
ok $? "rows: calltrace, children, self, each by change ascending"

# The explanation: mail-sized, and it says where the lock time went.
sed -n '/^What moved/,$p' "$T/out" >"$T/explain"
[ -s "$T/explain" ]
ok $? "the explanation follows the table"
nonempty "$T/explain" &&
	awk 'length($0) > 100 { bad++ } END { exit bad > 0 }' "$T/explain"
ok $? "every line of it fits in 100 columns"
tr '\n' ' ' <"$T/explain" | tr -s ' ' >"$T/flat"
grep -q 'Top movers by children' "$T/flat" && grep -q 'Top movers by self' "$T/flat"
ok $? "it lists the top movers by children and by self"
grep -q 'native_queued_spin_lock_slowpath stayed hot' "$T/flat"
ok $? "native_queued_spin_lock_slowpath stayed hot"
grep -q 'its time moved from _raw_spin_lock_irqsave <- cgroup_file_notify <- __memcg_memory_event to _raw_spin_lock <- folio_alloc_swap <- shrink_folio_list' "$T/flat"
ok $? "... but its time moved from the cgroup_file_notify chain to folio_alloc_swap's"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/explain"
grep -q 'lost -9[0-9]\.[0-9] _raw_spin_lock_irqsave <- cgroup_file_notify <- __memcg_memory_event <- __mem_cgroup_try_charge_swap' "$T/flat"
ok $? "the lost chain, five frames callee first, with its change"
grep -q 'gained +[34][0-9]\.[0-9] _raw_spin_lock <- folio_alloc_swap <- shrink_folio_list <- reclaim_folio_list' "$T/flat"
ok $? "the gained chain, names matched across the clone suffix"

# Names: --base-name/--new-name, cut to 16 and 27 in the column heads.
"$FLAMEDIFF" diff --no-explain --base-name v6.18-rc1-0123456789 \
	--new-name v6.18-rc1-fix-cgroup-notify-lockless-xyz $seed/base $seed/new >"$T/names"
names_rc=$?
grep -qx 'v6.18-rc1-012345 v6.18-rc1-fix-cgroup-notify ' "$T/names"
ok $? "--base-name/--new-name name the columns, cut to 16 and 27"
[ $names_rc -eq 0 ] && nonempty "$T/names" && ! grep -q '^What moved' "$T/names"
ok $? "--no-explain leaves the explanation out"

# One run a side works; the floor keeps sub-point noise out.
"$FLAMEDIFF" diff $seed/base/run-1.folded $seed/new/run-2.folded >"$T/one" 2>"$T/err"
ok $? "one run a side exits 0"
c=$(change "$T/one" perf-profile.children.cycles-pp.cgroup_file_notify)
in_range "$c" -96 -88
ok $? "one run a side: cgroup_file_notify still about -92 (got $c)"
awk '/^ +\\ +\| +\\  $/ { on = 1; next } /^$/ { on = 0 } on' "$T/one" |
	sed 's/\xc2\xb1/+/g' | awk '{ c = substr($0, 17, 10) + 0; if (c < 0) c = -c
		if (c < 1.0) bad++; n++ } END { exit !(n > 5 && !bad) }'
ok $? "one run a side: every row moved by at least the 1.0 point floor"
grep -q 'one run on a side: rows must also move by >= 1.0 point' "$T/one"
ok $? "the table says which floor applied"
"$FLAMEDIFF" diff --min-change 0 $seed/base/run-1.folded $seed/new/run-2.folded >"$T/one0"
[ "$(grep -c perf-profile "$T/one0")" -gt "$(grep -c perf-profile "$T/one")" ]
ok $? "--min-change 0 lifts the floor: more rows"
"$FLAMEDIFF" diff $seed/base/run-1.folded $seed/base/run-1.folded >"$T/same"
grep -q '^0 of [0-9]* rows shown' "$T/same"
ok $? "a run against itself: no row"
grep -q 'No function moved' "$T/same"
ok $? "... and the explanation says nothing moved"

# Several files a side with --base/--new.
"$FLAMEDIFF" diff --format csv --base $seed/base/run-1.folded --base $seed/base/run-2.folded \
	--new $seed/new/run-1.folded --new $seed/new/run-2.folded >"$T/two.csv"
ok $? "--base/--new give a side's runs one by one"
head -1 "$T/two.csv" | grep -q ',base_run_2,new_run_1,new_run_2$'
ok $? "... two runs a side"
grep '^perf-profile.children.cycles-pp.cgroup_file_notify,' "$T/two.csv" >"$T/row" &&
	awk -F, '{ exit !($11 != "" && $11 < 0.001) }' "$T/row"
ok $? "the CSV has a Welch p-value with two runs a side"
"$FLAMEDIFF" diff --format csv $seed/base/run-1.folded $seed/new/run-1.folded >"$T/one.csv" &&
	grep '^perf-profile.children.cycles-pp.cgroup_file_notify,' "$T/one.csv" >"$T/row" &&
	awk -F, '{ exit $11 != "" }' "$T/row"
ok $? "... and none with one run"

# The differential folded stacks for the renderers.
"$FLAMEDIFF" diff --folded -o "$T/diff.folded" $seed/base $seed/new 2>"$T/err"
ok $? "--folded -o FILE exits 0"
awk 'NF < 3 || $(NF-1) !~ /^[0-9.]+$/ || $NF !~ /^[0-9.]+$/ { bad++ }
	{ b += $(NF-1); n += $NF } END { exit !(NR > 10 && !bad && (b - n) ^ 2 < 1) }' "$T/diff.folded"
ok $? "every line is 'stack base new', normalised to equal totals"
grep -q 'reclaim_folio_list_\[k\];shrink_folio_list_\[k\];folio_alloc_swap_\[k\];_raw_spin_lock_\[k\];native_queued_spin_lock_slowpath_\[k\] 0 [1-9]' "$T/diff.folded"
ok $? "the new chain: base 0, under reclaim_folio_list without its clone suffix"
grep -q 'cgroup_file_notify_\[k\];_raw_spin_lock_irqsave_\[k\];native_queued_spin_lock_slowpath_\[k\] [1-9][0-9.]* 0$' "$T/diff.folded"
ok $? "the vanished chain: new 0"
nonempty "$T/diff.folded" &&
	sed 's/ [0-9.]* [0-9.]*$//' "$T/diff.folded" | LC_ALL=C sort -c 2>/dev/null
ok $? "the stacks are sorted bytewise, as folded_write sorts them"
"$FLAMEDIFF" diff --folded="$T/extra.folded" $seed/base $seed/new >"$T/table.txt"
grep -q '^What moved' "$T/table.txt" && cmp -s "$T/extra.folded" "$T/diff.folded"
ok $? "--folded=FILE writes the same stacks besides the table"
"$FLAMEDIFF" diff --format folded --no-normalize $seed/base $seed/new >"$T/raw.folded"
want=$(cat $seed/new/*.folded | awk '{ s += $NF } END { print s }')
got=$(awk '{ s += $NF } END { print s }' "$T/raw.folded")
[ "$want" = "$got" ]
ok $? "--no-normalize: the new counts as recorded ($got of $want)"

# Labels name the sides.
printf '# flamediff-profile 1\n# root: process\n# label: v6.18-base\nproc;f_[k] 10\nproc;g_[k] 5\n' >"$T/a.prof"
printf '# flamediff-profile 1\n# root: process\n# label: v6.18-new\nproc;f_[k] 2\nproc;g_[k] 13\n' >"$T/b.prof"
"$FLAMEDIFF" diff "$T/a.prof" "$T/b.prof" >"$T/lab"
grep -qx "$(printf '%16s %27s ' v6.18-base v6.18-new)" "$T/lab"
ok $? "sides are named from the profiles' labels"

# Bad input: a side with no samples is a clear error, exit 2.
: >"$T/empty.folded"
"$FLAMEDIFF" diff "$T/empty.folded" $seed/new >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'base: .*empty.folded: empty input' "$T/err"
ok $? "an empty base: exit 2, 'base: FILE: empty input'"
printf 'proc;[unknown] 5\nproc;[unknown];[libc.so.6] 3\n' >"$T/unresolved.folded"
"$FLAMEDIFF" diff $seed/base "$T/unresolved.folded" >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'new: .*unresolved.folded: no samples with a symbol' "$T/err"
ok $? "a side whose samples are all unresolved: exit 2, says so"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err"
mkdir "$T/nothing"
"$FLAMEDIFF" diff $seed/base "$T/nothing" >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'nothing: no runs in this directory' "$T/err"
ok $? "an empty directory: exit 2"
"$FLAMEDIFF" diff -o "$T/never.txt" $seed/base "$T/empty.folded" >/dev/null 2>&1
[ ! -e "$T/never.txt" ] && ! ls "$T" | grep -q '^never'
ok $? "no output file is left behind on bad input"
"$FLAMEDIFF" diff $seed/base >/dev/null 2>&1
[ $? -eq 1 ]
ok $? "one side only: usage error (exit 1)"
"$FLAMEDIFF" diff --format yaml $seed/base $seed/new >/dev/null 2>&1
[ $? -eq 1 ]
ok $? "an unknown format: usage error"
"$FLAMEDIFF" diff --help >"$T/help" &&
	grep -q 'one run on a side that rule cannot tell noise' "$T/help"
ok $? "--help documents the one-run floor"

# Each run is read once, its chains kept for the explanation, whose hot
# functions are known only once both sides are read (here one hot in the
# new build only, whose chains the base's runs must have kept). Runs
# given as files or as pipes (which cannot be read again) must explain
# the same.
mkdir "$T/rb" "$T/rn"
gzip -dc tests/data/session.perf-script.gz >"$T/rb/1"
head -n 40000 "$T/rb/1" >"$T/rb/2"
gzip -dc tests/data/mremap.perf-script.gz >"$T/rn/1"
head -n 60000 "$T/rn/1" >"$T/rn/2"
"$FLAMEDIFF" diff "$T/rb" "$T/rn" >"$T/again" 2>"$T/err"
again_rc=$?
writers=
for f in rb/1 rb/2 rn/1 rn/2; do
	mkfifo "$T/fifo-${f%/*}${f#*/}"
	cat "$T/$f" >"$T/fifo-${f%/*}${f#*/}" &
	writers="$writers $!"
done
"$FLAMEDIFF" diff --base "$T/fifo-rb1" --base "$T/fifo-rb2" \
	--new "$T/fifo-rn1" --new "$T/fifo-rn2" >"$T/piped" 2>>"$T/err"
piped_rc=$?
# A writer whose FIFO was never opened would wait for ever.
kill $writers 2>/dev/null
wait
sed -n '/^What moved/,$p' "$T/again" >"$T/again.x"
sed -n '/^What moved/,$p' "$T/piped" >"$T/piped.x"
[ $again_rc -eq 0 ] && [ $piped_rc -eq 0 ] && [ -s "$T/again.x" ] &&
	cmp -s "$T/again.x" "$T/piped.x"
ok $? "runs as files explain as runs as pipes (each read once)"
[ $? -eq 0 ] || diff "$T/again.x" "$T/piped.x" | sed 's/^/#   /' | head -20
sed -n '/^Hot functions/,$p' "$T/again" >"$T/hot"
grep -q '^__pte_offset_map_lock became hot' "$T/hot" &&
	grep -q 'gained .*do_anonymous_page <- __handle_mm_fault' "$T/hot"
ok $? "a function hot in the new build only has its callers listed"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/hot"

# Every field of a run's metadata is freed with it: under make asan-check
# a leak fails the command (the "# cpus:" line leaked once).
for s in a b; do
	{
		printf '# flamediff-profile 3 folded\n# root: process\n'
		printf '# event: "cpu-clock"\n# unit: "ns"\n'
		printf '# cpus: "2 online, 2 available"\n'
		printf 'sh;main;work 3000000\nsh;main;%s 1000000\n' "$s"
	} >"$T/cpus-$s.prof"
done
"$FLAMEDIFF" diff --all "$T/cpus-a.prof" "$T/cpus-b.prof" >"$T/cpus.out" \
	2>"$T/err"
[ $? -eq 0 ] && grep -q 'self\.cpu-clock\.work$' "$T/cpus.out"
ok $? "sides with a '# cpus:' line: compared, nothing leaked"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err" "$T/cpus.out" | head -20

done_testing
