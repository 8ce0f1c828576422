#!/bin/sh
# A diff side's first run is measured against its own profile's names
# (taken over by the side, or interned again when the union tree took
# them) and its later runs against the side's: names that cleaning
# changes (foo.isra.0 -> foo) and calltraces wait for the side's table.
# Whichever run comes first, the rows and the explanation are the same.
. tests/tap-lib.sh

for d in one/b two/b n; do
	mkdir -p "$T/$d"
done
# r1: clone names whose cleaned form the run has not; r2: plain names
write_file "$T/one/b/r1.folded" 'p;a;foo.isra.0 5\np;a;bar.constprop.1;foo.isra.0 3\np;foo.part.2 4\np;[unknown];baz 2\np;qux 7\n'
write_file "$T/one/b/r2.folded" 'p;a;foo 6\np;bar 3\np;qux 2\np;a;b;c;d;e;f;g 9\n'
# the same runs, the other one first
cp "$T/one/b/r1.folded" "$T/two/b/r2.folded"
cp "$T/one/b/r2.folded" "$T/two/b/r1.folded"
write_file "$T/n/r1.folded" 'p;a;foo.isra.0 2\np;a;bar.constprop.1;foo.isra.0 8\np;qux 7\np;zz.cold 3\n'
write_file "$T/n/r2.folded" 'p;a;foo 6\np;bar 1\np;qux 2\n'

for o in one two; do
	"$FLAMEDIFF" diff --all --full-precision "$T/$o/b" "$T/n" \
		>"$T/$o.rows" 2>"$T/$o.rows.err"
	ok $? "diff --all of the runs ($o first) exits 0"
	"$FLAMEDIFF" diff "$T/$o/b" "$T/n" >"$T/$o.txt" 2>"$T/$o.err"
	ok $? "diff with the explanation ($o first) exits 0"
	"$FLAMEDIFF" diff "$T/n" "$T/$o/b" >"$T/$o.rev" 2>"$T/$o.rev.err"
	ok $? "diff the other way ($o first) exits 0"
done

grep -q 'perf-profile\.children\.cycles-pp\.foo$' "$T/one.rows" &&
	grep -q 'perf-profile\.self\.cycles-pp\.bar$' "$T/one.rows" &&
	grep -q 'perf-profile\.calltrace\.cycles-pp\.foo\.bar\.a$' \
		"$T/one.rows" &&
	grep -q 'perf-profile\.calltrace\.cycles-pp\.g\.f\.e\.d\.c$' \
		"$T/one.rows" &&
	! grep -q 'isra\|constprop\|part\.2' "$T/one.rows"
ok $? "the rows are the cleaned names' and the calltraces'"
nonempty "$T/one.rows" && cmp -s "$T/one.rows" "$T/two.rows"
ok $? "the same rows whichever run of the base is read first"
grep -q 'What moved' "$T/one.txt" && cmp -s "$T/one.txt" "$T/two.txt"
ok $? "the same explanation whichever run is first"
grep -q 'What moved' "$T/one.rev" && cmp -s "$T/one.rev" "$T/two.rev"
ok $? "the same with the runs on the new side"

done_testing
