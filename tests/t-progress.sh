#!/bin/sh
# The progress meter (cli/progress.h): on a terminal, the reading commands
# say on stderr how much of their inputs they have read, of what total, and
# what they are drawing; with -q, or when stderr is no terminal, nothing.
# The meter waits 2 s before it shows: FLAMEDIFF_PROGRESS_DELAY=0 shows it
# at once, and at least once however fast the command, so that no check
# depends on how long a read takes. script(1) gives the command a terminal.
. tests/tap-lib.sh
skip_without script

IN=tests/data/mremap.perf-script.gz
size=$(wc -c <"$IN")
# on_tty NAME CMD...: CMD on a terminal, its stderr in $T/NAME.tty
on_tty() {
	name=$1
	shift
	FLAMEDIFF_PROGRESS_DELAY=0 script -qec "$*" "$T/$name.script" \
		>/dev/null 2>&1
	rc=$?
	# one line per redraw; the erase kept as "<erase>"
	tr '\r' '\n' <"$T/$name.script" |
		sed "s/$(printf '\033')\[K/<erase>/g" >"$T/$name.tty"
	return $rc
}

"$FLAMEDIFF" fold "$IN" -o "$T/plain.folded" 2>"$T/plain.err"
ok $? "fold exits 0 when stderr is no terminal"
[ -s "$T/plain.folded" ] && [ ! -s "$T/plain.err" ]
ok $? "... and says nothing on stderr, meter or other"

on_tty fold "$FLAMEDIFF" fold "$IN" -o "$T/tty.folded"
ok $? "fold on a terminal exits 0"
# the whole input read, its size as the total: 477 KB of 477 KB (100%)
kb=$(awk -v n="$size" 'BEGIN { printf "%.0f KB", n / 1000 }')
grep -q "^<erase>flamediff: reading $kb of $kb (100%), [0-9.]* [KMG]*B/s" \
	"$T/fold.tty"
ok $? "on a terminal, the meter says the input was read ($kb of $kb)" ||
	sed 's/^/#   /' "$T/fold.tty"
cmp -s "$T/plain.folded" "$T/tty.folded"
ok $? "... and the output is the same"
# the line is erased when done: the last erase is alone on its line
grep '<erase>' "$T/fold.tty" | tail -1 >"$T/fold.end"
[ "$(cat "$T/fold.end")" = "<erase>" ]
ok $? "the meter's line is erased at the end ($(cat "$T/fold.end"))"

on_tty quiet "$FLAMEDIFF" fold -q "$IN" -o "$T/q.folded"
rc=$?
[ $rc -eq 0 ] && [ -s "$T/q.folded" ] && ! grep -q 'flamediff: reading' "$T/quiet.tty"
ok $? "fold -q on a terminal: no meter"

# a directory of runs: the total is its files' sizes; the graph is drawn
mkdir "$T/a" "$T/b"
cp "$IN" "$T/a/1.gz"
cp "$IN" "$T/a/2.gz"
cp "$IN" "$T/b/1.gz"
on_tty svg "$FLAMEDIFF" svg --diff "$T/a" "$T/b" -o "$T/d.svg"
ok $? "svg --diff on a terminal exits 0"
grep -q 'flamediff: reading [0-9.]* [KMG]*B' "$T/svg.tty" &&
	grep -q '^<erase>flamediff: drawing, [0-9.]* s' "$T/svg.tty" &&
	nonempty "$T/d.svg"
ok $? "... the meter says what it reads, then that it draws" ||
	sed 's/^/#   /' "$T/svg.tty"

on_tty report "$FLAMEDIFF" report --lkp "$IN" -o "$T/r.lkp"
ok $? "report on a terminal exits 0"
grep -q "flamediff: reading [0-9.]* [KMG]*B" "$T/report.tty" &&
	nonempty "$T/r.lkp"
ok $? "... with its meter"

# an error: its message on a line of its own, not after the meter's text
printf 'garbage\n' >"$T/bad"
on_tty bad "$FLAMEDIFF" fold "$T/bad"
[ $? -eq 2 ] && grep -q '^<erase>flamediff: .*bad:1: ' "$T/bad.tty"
ok $? "an error is said on a line of its own, exit 2" ||
	sed 's/^/#   /' "$T/bad.tty"

done_testing
