#!/bin/sh
# Output files: written whole through a rename, except /dev/null and
# /dev/full, which a rename would replace: those are written in place.
# Other nodes (a FIFO, a device) are refused without being opened. Links
# are followed (where fs.protected_symlinks would: t-security-out.sh),
# directories refused.
. tests/tap-lib.sh
IN=tests/data/mremap.perf-script.gz

"$FLAMEDIFF" fold "$IN" >"$T/want"

# A FIFO is refused, and at once: opening it would wait for a reader.
mkfifo "$T/fifo"
timeout 20 "$FLAMEDIFF" fold -o "$T/fifo" "$IN" 2>"$T/fifo.err"
[ $? -eq 2 ] && grep -q 'fifo: is a FIFO' "$T/fifo.err"
ok $? "fold -o FIFO: exit 2 at once, 'is a FIFO'"
[ -p "$T/fifo" ] && [ -z "$(ls "$T" | grep 'fifo\.tmp\.')" ]
ok $? "the FIFO is still a FIFO, and nothing beside it"

# /dev/null is written in place, not replaced (as root a rename could)
"$FLAMEDIFF" fold -o /dev/null "$IN" 2>"$T/null.err"
[ $? -eq 0 ] && [ -c /dev/null ] && [ ! -s "$T/null.err" ]
ok $? "fold -o /dev/null exits 0, /dev/null still the device"
"$FLAMEDIFF" fold -o /dev/zero "$IN" 2>"$T/zero.err"
[ $? -eq 2 ] && grep -q '/dev/zero: is a device' "$T/zero.err"
ok $? "fold -o /dev/zero: exit 2, 'is a device' (only null and full)"
"$FLAMEDIFF" fold -o /dev/stdout "$IN" >"$T/stdout"
[ $? -eq 0 ] && nonempty "$T/want" && cmp -s "$T/want" "$T/stdout"
ok $? "fold -o /dev/stdout is standard output"

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
