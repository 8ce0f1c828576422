#!/bin/sh
# flamediff png: the command end to end. PNGs decode at the size asked for
# and stay small enough to mail; the -o suffix picks the format for svg and
# png alike; empty or unreadable input fails with exit 2 and leaves no file
# (not even over an existing one); cairo is not linked but loaded for a
# PNG only, and its absence is one more such failure.
. tests/tap-lib.sh

SEED=tests/data/png

# Width and height from the IHDR chunk (bytes 16..23, big-endian).
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{
		printf "%dx%d\n", $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
			$5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

is_png() { # the signature, and pngcheck's verdict when it is installed
	[ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] ||
		return 1
	if command -v pngcheck >/dev/null 2>&1; then
		pngcheck -q "$1" >/dev/null || return 1
	fi
	return 0
}

kb() { echo $((($(wc -c <"$1") + 1023) / 1024)); }

# A corpus capture: a typical graph.
"$FLAMEDIFF" png tests/data/mremap.perf-script.gz -o "$T/mremap.png" \
	2>"$T/err"
ok $? "png of the mremap capture"
is_png "$T/mremap.png"
ok $? "it is a valid PNG"
size=$(png_size "$T/mremap.png")
case $size in 1200x*) r=0 ;; *) r=1 ;; esac
ok $r "1200 px wide by default ($size)"
h=${size#*x}
[ "$h" -ge 200 ] && [ "$h" -le 2000 ]
ok $? "height from the depth ($h px)"
k=$(kb "$T/mremap.png")
nonempty "$T/mremap.png" && [ "$k" -lt 300 ]
ok $? "under 300 KB ($k KB)"

"$FLAMEDIFF" png --width 800 --height 20 tests/data/mremap.perf-script.gz \
	-o "$T/w800.png"
ok $? "--width 800 --height 20"
size=$(png_size "$T/w800.png")
h2=${size#*x}
case $size in 800x*) r=0 ;; *) r=1 ;; esac
ok $r "--width 800 gives 800 px ($size)"
[ "$h2" -gt "$h" ]
ok $? "--height 20 rows make it taller ($h2 > $h)"

# The seed regression, with and without the movers table.
"$FLAMEDIFF" png --diff "$SEED/base.folded" "$SEED/new.folded" \
	-o "$T/seed.png"
ok $? "png --diff of the seed"
is_png "$T/seed.png"
ok $? "seed diff is a valid PNG"
"$FLAMEDIFF" png --diff "$SEED/base.folded" "$SEED/new.folded" --table 10 \
	-o "$T/seed-table.png"
ok $? "png --diff --table 10"
a=$(png_size "$T/seed.png")
b=$(png_size "$T/seed-table.png")
[ "${a%x*}" = 1200 ] && [ "${b%x*}" = 1200 ] && [ "${b#*x}" -gt "${a#*x}" ]
ok $? "the table goes under the graph ($a, $b)"
k=$(kb "$T/seed-table.png")
nonempty "$T/seed-table.png" && [ "$k" -lt 300 ]
ok $? "seed diff with table under 300 KB ($k KB)"

# The suffix decides the format, whichever command draws.
"$FLAMEDIFF" svg "$SEED/new.folded" -o "$T/from-svg.png"
ok $? "svg -o x.png"
is_png "$T/from-svg.png"
ok $? "... writes a PNG"
"$FLAMEDIFF" png "$SEED/new.folded" -o "$T/from-png.svg"
ok $? "png -o x.svg"
head -c 200 "$T/from-png.svg" | grep -q '<svg\|<?xml'
ok $? "... writes an SVG"
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$T/from-png.svg"
	ok $? "... which is well-formed XML"
fi

# Failures: exit 2, a message, no file, an existing file untouched.
fails_cleanly() { # DESCRIPTION EXPECTED-STATUS COMMAND...
	d=$1
	want=$2
	shift 2
	rm -f "$T/out.png"
	"$@" -o "$T/out.png" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq "$want" ]
	ok $? "$d: exit $want (got $rc)"
	[ -s "$T/err" ] && grep -q flamediff: "$T/err"
	ok $? "$d: says why ($(head -1 "$T/err"))"
	[ ! -e "$T/out.png" ] && ! ls "$T" | grep -q 'out\.png\.tmp'
	ok $? "$d: no file, no temporary"
	echo old >"$T/out.png"
	"$@" -o "$T/out.png" >/dev/null 2>&1
	[ "$(cat "$T/out.png")" = old ]
	ok $? "$d: an existing file is left alone"
	rm -f "$T/out.png"
}

: >"$T/empty"
printf 'stress-ng;main 0\nstress-ng;other 0\n' >"$T/zero.folded"
printf 'no count here\n' >"$T/bad.folded"
fails_cleanly "empty file" 2 "$FLAMEDIFF" png "$T/empty"
fails_cleanly "only zero counts" 2 "$FLAMEDIFF" png "$T/zero.folded"
fails_cleanly "missing file" 2 "$FLAMEDIFF" png "$T/nonexistent"
fails_cleanly "bad folded line" 2 "$FLAMEDIFF" png "$T/bad.folded"
fails_cleanly "empty base of a diff" 2 "$FLAMEDIFF" png --diff "$T/empty" \
	"$SEED/new.folded"
fails_cleanly "svg -o x.png of nothing" 2 "$FLAMEDIFF" svg "$T/zero.folded"
fails_cleanly "--table without a diff" 1 "$FLAMEDIFF" png --table 5 \
	"$SEED/new.folded"

# cairo is loaded when a PNG is drawn (render/cairo-dl.c), not linked:
# the commands that draw none do not pay for mapping it at every start.
if command -v ldd >/dev/null 2>&1; then
	ldd "$FLAMEDIFF" >"$T/ldd" 2>&1
	rc=$?
	# (libelf, which it links, shows that ldd listed its libraries)
	[ $rc -eq 0 ] && grep -q libelf "$T/ldd" && ! grep -q libcairo "$T/ldd"
	ok $? "the binary does not link libcairo (ldd exit $rc)"
else
	ok 0 "# SKIP ldd is not installed: cannot list the linked libraries"
fi

# Mail: the PNG of a system-wide 3 + 3 diff, drawn by the command itself
# (each side's capture, recorded with -a, cut into three runs), attaches
# at under 150 KB; an SVG of the same keeps every frame it can.
mkdir "$T/mb" "$T/mn"
gzip -dc tests/data/session.perf-script.gz | awk -v d="$T/mb/" \
	'BEGIN { RS = ""; ORS = "\n\n" } { print > (d (NR % 3)) }'
gzip -dc tests/data/mremap.perf-script.gz | awk -v d="$T/mn/" \
	'BEGIN { RS = ""; ORS = "\n\n" } { print > (d (NR % 3)) }'
"$FLAMEDIFF" png --diff "$T/mb" "$T/mn" -o "$T/mail.png" 2>"$T/err"
ok $? "png --diff of 3 + 3 system-wide runs" || sed 's/^/#   /' "$T/err"
k=$(kb "$T/mail.png")
is_png "$T/mail.png" && [ "$k" -le 150 ]
ok $? "it is a PNG of at most 150 KB ($k KB)"

# A libcairo.so.2 that cannot be loaded, found first (glibc stops at a
# file that is not ELF): PNG output fails like any other, naming the
# library, and what draws no PNG never tries to load it.
mkdir "$T/junk" && printf 'not a library\n' >"$T/junk/libcairo.so.2"
LD_LIBRARY_PATH=$T/junk${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
fails_cleanly "no usable libcairo" 2 "$FLAMEDIFF" png "$SEED/new.folded"
grep -q 'libcairo\.so\.2: cannot load (.*): PNG output needs cairo' "$T/err"
ok $? "no usable libcairo: the message names it ($(head -1 "$T/err"))"
"$FLAMEDIFF" svg "$SEED/new.folded" -o "$T/nocairo.svg" 2>"$T/err" &&
	nonempty "$T/nocairo.svg"
ok $? "no usable libcairo: svg still works"
head -c 200 "$T/nocairo.svg" | grep -q '<svg\|<?xml'
ok $? "... and writes an SVG"
unset LD_LIBRARY_PATH

done_testing
