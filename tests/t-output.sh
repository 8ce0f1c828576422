#!/bin/sh
# Output files: written whole through a rename, except where a rename would
# replace something that is not a file (-o /dev/null, a FIFO): those are
# written in place. Links are followed, directories refused.
. tests/tap-lib.sh
IN=tests/data/mremap.perf-script.gz

"$FLAMEDIFF" fold "$IN" >"$T/want"

# A FIFO stands for any node a rename would destroy (/dev/null as root).
mkfifo "$T/fifo"
# (the reader gives up after a while, should the FIFO be replaced)
timeout 20 cat "$T/fifo" >"$T/through-fifo" &
reader=$!
"$FLAMEDIFF" fold -o "$T/fifo" "$IN"
ok $? "fold -o FIFO exits 0"
wait $reader
[ -p "$T/fifo" ]
ok $? "the FIFO is still a FIFO, not replaced by a file"
nonempty "$T/want" && cmp -s "$T/want" "$T/through-fifo"
ok $? "the output went through it whole"
[ -z "$(ls "$T" | grep 'fifo\.tmp\.')" ]
ok $? "no temporary file beside it"

echo old >"$T/real"
ln -s real "$T/link"
"$FLAMEDIFF" fold -o "$T/link" "$IN"
[ -L "$T/link" ] && cmp -s "$T/want" "$T/real"
ok $? "-o LINK replaces the file the link points to, keeps the link"

mkdir "$T/dir"
"$FLAMEDIFF" fold -o "$T/dir" "$IN" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'dir: is a directory' "$T/err"
ok $? "-o DIRECTORY: exit 2, 'is a directory'"

echo keep >"$T/kept"
printf 'a;b 1\na;c\n' >"$T/bad.folded"
"$FLAMEDIFF" fold --strict -o "$T/kept" "$T/bad.folded" 2>/dev/null
[ "$(cat "$T/kept")" = keep ] && [ -z "$(ls "$T" | grep 'kept\.tmp\.')" ]
ok $? "bad input leaves an existing output as it was, and no temporary"

done_testing
