#!/bin/sh
# Root's outputs against another local user (SECURITY.md): no write
# through a link that user put in a shared sticky directory, no FIFO
# opened, profiles 0600, multi-file outputs all there or none. Run as
# root, with nobody as the other user.
. tests/tap-lib.sh
IN=tests/data/mremap.perf-script.gz
NEW=tests/data/session.perf-script.gz

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root: the attacks are on root's outputs"
	exit 0
fi
if ! su -s /bin/sh nobody -c true 2>/dev/null; then
	echo "1..0 # SKIP no user nobody to be the other user (su failed)"
	exit 0
fi
as_nobody() {
	su -s /bin/sh nobody -c "$1"
}

# $T as the machine: pub is /tmp (root's, sticky, world-writable), root
# is /root (0700), priv a directory of root's that others cannot write.
chmod 711 "$T"
mkdir -m 1777 "$T/pub"
mkdir -m 700 "$T/root"
mkdir -m 755 "$T/priv"
printf 'secret\n' >"$T/root/target"
chmod 640 "$T/root/target"
cp "$T/root/target" "$T/orig"

# unchanged NAME: $T/root/target as it was, content and mode, and no file
# NAME beside it
unchanged() {
	cmp -s "$T/orig" "$T/root/target" &&
		[ "$(stat -c %a "$T/root/target")" = 640 ] &&
		[ -z "$(ls "$T/root" | grep -v '^target$')" ]
}

# refused WHAT LINK CMD...: CMD, run by root, writes to LINK, a link of
# nobody's in pub to root's target: exit 2 with the reason, target kept
refused() {
	what=$1 link=$2
	shift 2
	as_nobody "ln -s '$T/root/target' '$link'"
	"$@" 2>"$T/err" >"$T/out"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'not following the symbolic link' "$T/err" &&
		unchanged && [ -L "$link" ]
	ok $? "$what -o LINK-OF-NOBODY'S: exit 2, 'not following', target kept" ||
		sed 's/^/#   /' "$T/err"
	rm -f "$link"
}

# 1. a link another user put in a sticky world-writable directory
refused "svg" "$T/pub/x.svg" "$FLAMEDIFF" svg -o "$T/pub/x.svg" "$IN"
grep -q "$T/pub/x.svg" "$T/err" && grep -q 'uid 65534' "$T/err"
ok $? "the message names the path and the link's owner"
refused "fold" "$T/pub/x.folded" "$FLAMEDIFF" fold -o "$T/pub/x.folded" "$IN"
refused "fold .prof" "$T/pub/x.prof" "$FLAMEDIFF" fold -o "$T/pub/x.prof" "$IN"
refused "fold --format pprof" "$T/pub/x.pb.gz" \
	"$FLAMEDIFF" fold --format pprof -o "$T/pub/x.pb.gz" "$IN"
refused "png" "$T/pub/x.png" "$FLAMEDIFF" png -o "$T/pub/x.png" "$IN"
refused "report" "$T/pub/x.txt" "$FLAMEDIFF" report -o "$T/pub/x.txt" "$IN"
refused "diff" "$T/pub/x.diff" "$FLAMEDIFF" diff -o "$T/pub/x.diff" "$IN" "$NEW"
refused "diff --format pprof" "$T/pub/P.base.pb.gz" \
	"$FLAMEDIFF" diff --format pprof -o "$T/pub/P" "$IN" "$NEW"
[ ! -e "$T/pub/P.new.pb.gz" ]
ok $? "... and the other export of the pair is not left either"

# (as skip_unless_recording, but for these checks only)
can_record=1
if ! "$FLAMEDIFF" record -q -o "$T/probe.prof" -- true 2>"$T/probe.err" &&
	grep -Eq 'perf_event|no permission|has no event|CONFIG_PERF_EVENTS' \
		"$T/probe.err"; then
	can_record=0
fi
if [ $can_record = 1 ]; then
	refused "record" "$T/pub/r.prof" \
		"$FLAMEDIFF" record -q -o "$T/pub/r.prof" -- true
else
	ok 0 "# SKIP cannot record here: $(head -1 "$T/probe.err")"
fi

# a link through a link: the second is nobody's
ln -s "$T/pub/hop" "$T/priv/chain.svg"
refused "svg through root's link to it" "$T/pub/hop" \
	"$FLAMEDIFF" svg -o "$T/priv/chain.svg" "$IN"
# a directory on the way that is nobody's link
as_nobody "ln -s '$T/root' '$T/pub/dir'"
"$FLAMEDIFF" svg -o "$T/pub/dir/new.svg" "$IN" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'not following' "$T/err" && unchanged
ok $? "a directory of the path that is nobody's link: exit 2, nothing made"
rm -f "$T/pub/dir"

# a hard link (root's here: fs.protected_hardlinks may forbid nobody's)
# is replaced by the rename, not written through
ln "$T/root/target" "$T/pub/h.svg"
"$FLAMEDIFF" svg -o "$T/pub/h.svg" "$IN" 2>"$T/err"
[ $? -eq 0 ] && grep -q '</svg>' "$T/pub/h.svg" && unchanged &&
	[ "$(stat -c %h "$T/root/target")" = 1 ]
ok $? "a hard link to root's file: replaced, the file not written"
rm -f "$T/pub/h.svg"

# 2. a dangling link: what it names is not created
as_nobody "ln -s '$T/root/made' '$T/pub/d.svg'"
"$FLAMEDIFF" svg -o "$T/pub/d.svg" "$IN" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'not following' "$T/err" &&
	[ ! -e "$T/root/made" ] && unchanged
ok $? "a dangling link of nobody's: exit 2, its target not created"
rm -f "$T/pub/d.svg"

# 3. where the kernel would follow, flamediff does
ln -s "$T/root/target" "$T/pub/mine.folded"
"$FLAMEDIFF" fold -o "$T/pub/mine.folded" "$IN" 2>"$T/err"
[ $? -eq 0 ] && [ -L "$T/pub/mine.folded" ] &&
	grep -q 'mremap' "$T/root/target"
ok $? "root's own link in the sticky directory is followed"
cp "$T/orig" "$T/root/target"
chmod 640 "$T/root/target"
ln -s "$T/root/target" "$T/priv/theirs.folded"
chown -h nobody "$T/priv/theirs.folded"
"$FLAMEDIFF" fold -o "$T/priv/theirs.folded" "$IN" 2>"$T/err"
[ $? -eq 0 ] && grep -q 'mremap' "$T/root/target"
ok $? "nobody's link in a directory that is not sticky is followed"
ln -s ../root/new.svg "$T/priv/dangling.svg"
"$FLAMEDIFF" svg -o "$T/priv/dangling.svg" "$IN" 2>"$T/err"
[ $? -eq 0 ] && grep -q '</svg>' "$T/root/new.svg"
ok $? "root's dangling relative link in its own directory: target created"

# 4. a FIFO: refused at once, not opened (it would wait for a reader)
as_nobody "mkfifo '$T/pub/f.svg'"
timeout 20 "$FLAMEDIFF" svg -o "$T/pub/f.svg" "$IN" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'f.svg: is a FIFO' "$T/err" && [ -p "$T/pub/f.svg" ]
ok $? "svg -o FIFO of nobody's: exit 2 at once, 'is a FIFO'"
if [ $can_record = 1 ]; then
	timeout 20 "$FLAMEDIFF" record -q -o "$T/pub/f.svg" -- true 2>"$T/err"
	[ $? -eq 2 ] && grep -q 'is a FIFO' "$T/err"
	ok $? "record -o FIFO: exit 2 at once, before recording"
else
	ok 0 "# SKIP cannot record here"
fi

# 5. profiles are 0600 whatever the umask; graphs and text keep it
umask 022
"$FLAMEDIFF" fold -o "$T/priv/p.prof" "$IN"
[ $? -eq 0 ] && [ "$(stat -c %a "$T/priv/p.prof")" = 600 ] &&
	nonempty "$T/priv/p.prof"
ok $? "fold -o x.prof: mode 0600"
"$FLAMEDIFF" diff --format pprof -o "$T/priv/E" "$IN" "$NEW"
[ $? -eq 0 ] && [ "$(stat -c %a "$T/priv/E.base.pb.gz")" = 600 ] &&
	[ "$(stat -c %a "$T/priv/E.new.pb.gz")" = 600 ]
ok $? "diff --format pprof: both exports 0600"
"$FLAMEDIFF" svg -o "$T/priv/g.svg" "$IN" &&
	"$FLAMEDIFF" report -o "$T/priv/r.txt" "$IN"
[ $? -eq 0 ] && [ "$(stat -c %a "$T/priv/g.svg")" = 644 ] &&
	[ "$(stat -c %a "$T/priv/r.txt")" = 644 ] && nonempty "$T/priv/r.txt"
ok $? "svg and report: 0666 less the umask (0644)"
if [ $can_record = 1 ]; then
	"$FLAMEDIFF" record -q -o "$T/priv/rec.profile" -- true
	[ $? -eq 0 ] && [ "$(stat -c %a "$T/priv/rec.profile")" = 600 ] &&
		nonempty "$T/priv/rec.profile"
	ok $? "record: the profile is 0600"
else
	ok 0 "# SKIP cannot record here"
fi

# 6. a pair of exports is both or neither
printf 'a;b 1\n' >"$T/small.folded"
mkdir "$T/priv/Q.new.pb.gz"
"$FLAMEDIFF" diff --format pprof -o "$T/priv/Q" "$T/small.folded" "$NEW" \
	2>"$T/err"
[ $? -eq 2 ] && grep -q 'Q.new.pb.gz: is a directory' "$T/err" &&
	[ -z "$(ls "$T/priv" | grep '^Q\.' | grep -v '^Q\.new\.pb\.gz$')" ]
ok $? "the second export cannot be opened: exit 2, the first not left"
echo old >"$T/priv/Q.base.pb.gz"
"$FLAMEDIFF" diff --format pprof -o "$T/priv/Q" "$T/small.folded" "$NEW" \
	2>/dev/null
[ $? -eq 2 ] && [ "$(cat "$T/priv/Q.base.pb.gz")" = old ]
ok $? "... and an older first export is left as it was"
# a rename that fails undoes the one before it: an immutable second file
mkdir "$T/imm"
echo old-base >"$T/imm/R.base.pb.gz"
echo old-new >"$T/imm/R.new.pb.gz"
if chattr +i "$T/imm/R.new.pb.gz" 2>"$T/chattr.err"; then
	"$FLAMEDIFF" diff --format pprof -o "$T/imm/R" "$T/small.folded" \
		"$NEW" 2>"$T/err"
	rc=$?
	rm "$T/imm/R.base.pb.gz"
	"$FLAMEDIFF" diff --format pprof -o "$T/imm/R" "$T/small.folded" \
		"$NEW" 2>"$T/err2"
	rc2=$?
	chattr -i "$T/imm/R.new.pb.gz"
	[ $rc -eq 2 ] && grep -q 'R.new.pb.gz: Operation not permitted' \
		"$T/err" && [ $rc2 -eq 2 ] &&
		[ "$(ls "$T/imm")" = R.new.pb.gz ] &&
		[ "$(cat "$T/imm/R.new.pb.gz")" = old-new ]
	ok $? "the second rename fails: the first export is taken back" ||
		sed 's/^/#   /' "$T/err" "$T/err2"
	echo old-base >"$T/imm/R.base.pb.gz"
	cp "$T/imm/R.base.pb.gz" "$T/imm/R.base.was"
	chattr +i "$T/imm/R.new.pb.gz"
	"$FLAMEDIFF" diff --format pprof -o "$T/imm/R" "$T/small.folded" \
		"$NEW" 2>"$T/err"
	rc=$?
	chattr -i "$T/imm/R.new.pb.gz"
	[ $rc -eq 2 ] && cmp -s "$T/imm/R.base.was" "$T/imm/R.base.pb.gz" &&
		[ "$(ls "$T/imm" | wc -l)" -eq 3 ]
	ok $? "... and an older first export is put back as it was"
else
	ok 0 "# SKIP no chattr +i here: $(head -1 "$T/chattr.err")"
	ok 0 "# SKIP no chattr +i here"
fi
"$FLAMEDIFF" diff --format pprof -o "$T/imm/R" "$T/small.folded" "$NEW" &&
	"$FLAMEDIFF" diff --format pprof -o "$T/imm/R" "$T/small.folded" "$NEW"
[ $? -eq 0 ] && [ "$(stat -c %s "$T/imm/R.base.pb.gz")" -lt 1000 ] &&
	[ "$(stat -c %s "$T/imm/R.new.pb.gz")" -gt 1000 ] &&
	[ -z "$(ls "$T/imm" | grep '\.tmp\.')" ]
ok $? "a pair written over an older pair: both replaced, no temporary left"
mkdir "$T/tiny"
if mount -t tmpfs -o size=8k flamediff-test "$T/tiny" 2>"$T/mount.err"; then
	# 8 KB: the base (about 100 bytes) fits, the new one (20 KB) not
	"$FLAMEDIFF" diff --format pprof -o "$T/tiny/P" "$T/small.folded" \
		"$NEW" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'P.new.pb.gz: .*No space left on device' \
		"$T/err" && [ -z "$(ls -A "$T/tiny")" ]
	ok $? "the second export hits ENOSPC: exit 2, neither file left" ||
		{ sed 's/^/#   /' "$T/err"; ls -l "$T/tiny" | sed 's/^/#   /'; }
	umount "$T/tiny"
else
	ok 0 "# SKIP cannot mount a small tmpfs: $(head -1 "$T/mount.err")"
fi
# diff --folded FILE and -o: the folded file goes only with the output
"$FLAMEDIFF" diff --folded="$T/priv/d.folded" -o "$T/priv" "$IN" "$NEW" \
	2>"$T/err"
[ $? -eq 2 ] && grep -q 'is a directory' "$T/err" &&
	[ ! -e "$T/priv/d.folded" ]
ok $? "diff --folded F -o DIR: exit 2, F not left behind"
"$FLAMEDIFF" diff --folded="$T/priv/d.folded" -o "$T/priv/d.txt" "$IN" \
	"$NEW" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/priv/d.folded" && nonempty "$T/priv/d.txt"
ok $? "diff --folded F -o OUT: both written"

# 7. every output of the tree goes through lib/outfile.c
grep -rnE 'O_CREAT|O_TMPFILE|fopen\([^)]*"[wa+]|creat\(|mkstemp|mkostemp' \
	cli render analyzer lib collector | grep -v '^lib/outfile\.[ch]:' \
	>"$T/opens"
[ ! -s "$T/opens" ]
ok $? "no file is created outside lib/outfile.c" || sed 's/^/#   /' "$T/opens"

done_testing
