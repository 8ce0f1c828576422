#!/bin/sh
# The small promises of diff's text for a mail reply: the benchmark's
# headline figure printed one way in the table, the explanation and the
# graph's info line (render/textfmt.c's text_figure(), truncated as LKP's
# table truncates); no empty "commit:" line over two build names; no
# punctuation mark wrapped onto a line of its own; names of control
# characters escaped (diff's table: tests/t-width.sh).
. tests/tap-lib.sh

# --- the headline figure --------------------------------------------------
# 36743473.6 rounds to ...474 and truncates to ...473 (LKP's table)
mkdir -p "$T/b" "$T/n"
for i in 1 2 3; do
	profile_text "$T/b/run$i.profile" base <<EOF2
# stat: bench.ops_per_sec = 3674347$((i + 2)).6 ;
bench;main;work 100
bench;main;lock 50
EOF2
	profile_text "$T/n/run$i.profile" new <<EOF2
# stat: bench.ops_per_sec = 4012345$((i + 2)).7 ;
bench;main;work 140
bench;main;lock 10
EOF2
done
"$FLAMEDIFF" diff "$T/b" "$T/n" >"$T/table" 2>"$T/err"
ok $? "diff of the headline's sides exits 0"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err"
grep -q '^  36743474 .*40123454 .* bench.ops_per_sec$' "$T/table"
ok $? "the table's row: the means' integer parts (36743474.6 -> 36743474)"
grep -q '^bench.ops_per_sec rose 9.2% (36743474 -> 40123454 ops/s' "$T/table"
ok $? "the explanation's headline: the same figures"
"$FLAMEDIFF" svg --diff "$T/b" "$T/n" -o "$T/g.svg" 2>"$T/err"
ok $? "svg --diff exits 0"
grep -q 'bench.ops_per_sec +9.2% (36743474 -&gt; 40123454)' "$T/g.svg" ||
	grep -q 'bench.ops_per_sec +9.2% (36743474 -> 40123454)' "$T/g.svg"
ok $? "the graph's info line: the same figures"
nonempty "$T/table" && ! grep -q '3674347[0-9]\.\|36743475\|40123455' "$T/table"
ok $? "nowhere rounded up or with decimals"

# --- the header -----------------------------------------------------------
nonempty "$T/table" && ! grep -q '^commit:' "$T/table"
ok $? "no 'commit:' line over two build names"
grep -q '^  base ("3 runs")$' "$T/table" && grep -q '^  new ("3 runs")$' "$T/table"
ok $? "the sides, one a line"
"$FLAMEDIFF" diff --base-name 4616120fca --new-name 1a2b3c4d5e "$T/b" "$T/n" \
	>"$T/commits"
ok $? "diff with commit ids as names exits 0"
grep -q '^commit: $' "$T/commits" && grep -q '^  4616120fca (' "$T/commits"
ok $? "two commit ids: LKP's 'commit:' heads them"

# --- no lone punctuation --------------------------------------------------
# "f became hot ...; it gained most under ccc <- a2 <- NAME" is exactly 100
# columns with a 29-character NAME: the '.' would have wrapped alone.
name=$(printf 'a%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 \
	21 22 23 24 25 26 27 28 29)
printf 'p;main;g 100\n' >"$T/lb.folded"
printf 'p;%s;a2;ccc;f 60\np;main;g 40\n' "$name" >"$T/ln.folded"
"$FLAMEDIFF" diff "$T/lb.folded" "$T/ln.folded" >"$T/dot"
rc=$?
[ $rc -eq 0 ] && grep -q "^  $name\.\$" "$T/dot"
ok $? "the last word goes down with its '.'"
[ $rc -eq 0 ] && grep -q '^f became hot' "$T/dot" && ! grep -q '^ *[.,;:] *$' "$T/dot"
ok $? "no line holds a punctuation mark alone"
sed -n '/^What moved/,$p' "$T/dot" >"$T/explain"
awk 'length($0) > 100' "$T/explain" >"$T/wide"
[ $rc -eq 0 ] && nonempty "$T/explain" && [ ! -s "$T/wide" ]
ok $? "and every line of the explanation still within 100 columns"

# --- control characters -------------------------------------------------
printf 'p;main;\001\002 60\np;main;x 40\n' >"$T/ctl.folded"
"$FLAMEDIFF" report "$T/ctl.folded" >"$T/report" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && grep -q '^ *60.00% *60.00%  \\x01\\x02$' "$T/report" &&
	grep -q '^ *60.00%  \\x01\\x02 <- main$' "$T/report"
ok $? "report: a name of control characters shows escaped"
[ $rc -eq 0 ] && nonempty "$T/report" &&
	! LC_ALL=C grep -q "$(printf '[\001\002]')" "$T/report"
ok $? "... and no control character reaches the text"

done_testing
