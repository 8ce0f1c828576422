#!/bin/sh
# Output files against what goes wrong around them: a full disk, a link
# to a file not there yet, a loop of links. (The writer killed midway is
# in t-record-hostile.sh: record opens its output first.)
. tests/tap-lib.sh
IN=tests/data/mremap.perf-script.gz

"$FLAMEDIFF" fold "$IN" >"$T/want"
ok $? "fold to stdout (the reference)"

# 1. a graph looks like any other file: 0666 less the umask; profile data
# (folded stacks here) is 0600 less the umask, as perf.data is
(umask 027 && "$FLAMEDIFF" svg -o "$T/mode.svg" "$IN")
[ $? -eq 0 ] && [ "$(stat -c %a "$T/mode.svg")" = 640 ] &&
	grep -q '</svg>' "$T/mode.svg"
ok $? "svg: mode 0666 & ~umask, content whole"
(umask 027 && "$FLAMEDIFF" fold -o "$T/mode" "$IN")
[ "$(stat -c %a "$T/mode")" = 600 ] && cmp -s "$T/want" "$T/mode"
ok $? "folded stacks: mode 0600 & ~umask, content whole"
echo old >"$T/was644"
chmod 644 "$T/was644"
"$FLAMEDIFF" fold -o "$T/was644" "$IN"
[ "$(stat -c %a "$T/was644")" = 600 ] && cmp -s "$T/want" "$T/was644"
ok $? "a replaced file gets the profile's mode, not its old one"

# 2. a full disk: the real reason, for plain and compressed output
ln -s /dev/full "$T/full.gz"
"$FLAMEDIFF" fold -o "$T/full.gz" "$IN" 2>"$T/full-gz.err"
[ $? -eq 2 ] && grep -q 'full.gz: .*No space left on device' "$T/full-gz.err"
ok $? ".gz on a full disk: exit 2, 'No space left on device'"
"$FLAMEDIFF" fold -o /dev/full "$IN" 2>"$T/full.err"
[ $? -eq 2 ] && grep -q '/dev/full: .*No space left on device' "$T/full.err"
ok $? "plain on a full disk: exit 2, 'No space left on device'"

# 3. a dangling link: the file it names is created, the link kept
ln -s made "$T/dangling"
"$FLAMEDIFF" fold -o "$T/dangling" "$IN"
ok $? "fold -o DANGLING-LINK exits 0"
[ -L "$T/dangling" ] && [ -f "$T/made" ] && cmp -s "$T/want" "$T/made"
ok $? "the link is kept, its target created with the output"
mkdir "$T/sub"
ln -s ../sub/chained "$T/sub/rel1"
ln -s sub/rel1 "$T/rel0"
"$FLAMEDIFF" fold -o "$T/rel0" "$IN" && cmp -s "$T/want" "$T/sub/chained"
ok $? "a chain of relative links: each relative to its own directory"
ln -s loop2 "$T/loop1"
ln -s loop1 "$T/loop2"
"$FLAMEDIFF" fold -o "$T/loop1" "$IN" 2>"$T/loop.err"
[ $? -eq 2 ] && grep -q 'loop1: .*Too many levels of symbolic links' \
	"$T/loop.err"
ok $? "a loop of links: exit 2, ELOOP"
ln -s nodir/x "$T/nodirlink"
"$FLAMEDIFF" fold -o "$T/nodirlink" "$IN" 2>"$T/nodir.err"
[ $? -eq 2 ] && grep -q 'No such file or directory' "$T/nodir.err"
ok $? "a link into a missing directory: exit 2, ENOENT"
[ -z "$(ls "$T" | grep '\.tmp\.')" ]
ok $? "no temporary file left anywhere"

done_testing
