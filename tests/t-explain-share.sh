#!/bin/sh
# The explanation says when a function's share grew only because the
# others shrank (issue 26): its own weight per run (share times the run's
# kept weight) stayed, the total fell. A handmade three-run comparison:
# "other" loses most of its time, "work" does the same work (red by its
# share), "grow" really does more.
. tests/tap-lib.sh

mkdir "$T/base" "$T/new"
for i in 1 2 3; do
	write_file "$T/base/run-$i.folded" \
		"app;main;work $((1000 + i))\napp;main;other $((1000 - i * 3))\napp;main;grow $((500 + i * 2))\n"
	write_file "$T/new/run-$i.folded" \
		"app;main;work $((1000 - i))\napp;main;other $((200 + i * 3))\napp;main;grow $((1000 + i * 4))\n"
done

"$FLAMEDIFF" diff "$T/base" "$T/new" >"$T/out" 2>"$T/err"
rc=$?
ok $rc "diff of the handmade runs exits 0" || sed 's/^/#   /' "$T/err"
grep -q '^ *+5\.0 *40\.08 -> *45\.12 work$' "$T/out"
ok $? "work's share rose 5 points (a top mover)"
tr '\n' ' ' <"$T/out" | tr -s ' ' >"$T/flat"
grep -q 'Note: work grew in share only because the rest shrank: its own weight per run moved -0\.4%, while the total per run moved -11\.5%\.' "$T/flat"
ok $? "the note says work's own weight did not grow, the total fell" ||
	sed 's/^/#   /' "$T/out"
[ $rc -eq 0 ] && nonempty "$T/out" && ! grep -q 'Note: grow' "$T/out"
ok $? "no note for grow, whose own weight doubled"
[ $rc -eq 0 ] && nonempty "$T/out" && ! grep -q 'Note: other' "$T/out"
ok $? "no note for other, which shrank"

# The same work on both sides, the same total: no note at all.
"$FLAMEDIFF" diff "$T/base" "$T/base" >"$T/same" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/same" && ! grep -q '^Note:' "$T/same"
ok $? "a side against itself: no note"

done_testing
