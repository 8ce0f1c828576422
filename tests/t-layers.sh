#!/bin/sh
# The parts' arrows run one way: cli -> {render, collector} -> analyzer ->
# lib. A file may use its own part and the parts below it, never a part
# above it or beside it. Checked twice:
#  - includes: every #include of every file below a part (subfolders too),
#    quoted or in angle brackets; an include through a macro is refused,
#    since what it names cannot be checked;
#  - symbols: nm of each part's static library (build/libPART.a, cli's
#    too, made for this check only): every
#    undefined symbol is defined in the same part or one below it, or in
#    none of them (libc and the system libraries). This catches what no
#    include shows, such as a prototype of another part's function
#    declared locally.
. "$(dirname "$0")/tap-lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
LIBDIR=${LAYERS_LIBDIR:-$(dirname "$FLAMEDIFF")}
[ -f "$LIBDIR/liblib.a" ] || LIBDIR=$top/build
PARTS="lib analyzer render collector cli"

# allowed PART: the parts whose headers and symbols PART may use
allowed() {
	case $1 in
	lib) echo "lib" ;;
	analyzer) echo "analyzer lib" ;;
	render) echo "render analyzer lib" ;;
	collector) echo "collector analyzer lib" ;;
	cli) echo "cli render collector analyzer lib" ;;
	esac
}

is_part() {
	for p in $PARTS; do
		[ "$p" = "$1" ] && return 0
	done
	return 1
}

# layer_violations DIR: print "file:line: part -> header" for every
# forbidden include in the files below DIR/PART; exit status 0 if there is
# none, 1 otherwise. A quoted include must name its part ("lib/error.h"): a
# bare "error.h" is refused too, since it hides which part it comes from.
# An angle include of a part's header (<render/svg.h>) is held to the same
# arrows; other angle includes are the system's.
layer_violations() {
	for part in $PARTS; do
		[ -d "$1/$part" ] || continue
		ok_parts=$(allowed $part)
		find "$1/$part" -type f \( -name '*.c' -o -name '*.h' \) |
		sort | while IFS= read -r f; do
			# "-n" gives LINE:#include ...
			grep -n '^[[:space:]]*#[[:space:]]*include' "$f" |
			while IFS= read -r l; do
				n=${l%%:*}
				d=${l#*include}
				d=$(printf '%s' "$d" | sed 's/^[[:space:]]*//')
				case $d in
				\"*) h=${d#\"}; h=${h%%\"*}; quoted=1 ;;
				\<*) h=${d#<}; h=${h%%>*}; quoted=0 ;;
				*)
					echo "${f#$1/}:$n: $part -> include through a macro ($d)"
					continue
					;;
				esac
				hp=${h%%/*}
				if [ "$hp" = "$h" ]; then
					# no folder: a bare quoted name is refused,
					# a bare angle one is the system's
					[ $quoted -eq 1 ] &&
						echo "${f#$1/}:$n: $part -> $h"
					continue
				fi
				# gen/ is render's generated code
				[ "$part" = render ] && [ "$hp" = gen ] && continue
				if [ $quoted -eq 0 ] && ! is_part "$hp"; then
					continue # <sys/types.h>, <linux/...>
				fi
				fine=0
				for a in $ok_parts; do
					[ "$hp" = "$a" ] && fine=1
				done
				[ $fine -eq 1 ] || echo "${f#$1/}:$n: $part -> $h"
			done
		done
	done >"$T/violations"
	cat "$T/violations"
	[ ! -s "$T/violations" ]
}

# symbol_violations LIBDIR: print "part: SYMBOL (defined in PART2)" for
# every undefined symbol of LIBDIR/libPART.a that another part above or
# beside PART defines; exit status as layer_violations'.
symbol_violations() {
	for part in $PARTS; do
		[ -f "$1/lib$part.a" ] || continue
		nm -g --defined-only "$1/lib$part.a" 2>/dev/null |
			awk -v p=$part 'NF == 3 { print $3, p }'
	done | sort -u >"$T/defined"
	for part in $PARTS; do
		[ -f "$1/lib$part.a" ] || continue
		ok_parts=" $(allowed $part) "
		nm -u "$1/lib$part.a" 2>/dev/null | awk 'NF == 2 { print $2 }' |
			sort -u | join - "$T/defined" |
		while read -r sym where; do
			case $ok_parts in
			*" $where "*) ;;
			*) echo "$part: $sym (defined in $where)" ;;
			esac
		done
	done >"$T/symviol"
	cat "$T/symviol"
	[ ! -s "$T/symviol" ]
}

# file_cycles LIBDIR: print "part: a.o b.o ..." for the files of one part
# whose calls go round in a circle (a calls b, b calls a, through any
# number of files), from nm of each member of LIBDIR/libPART.a; exit
# status 0 if there is none. A part's files form layers of their own.
file_cycles() {
	for part in $PARTS; do
		[ -f "$1/lib$part.a" ] || continue
		nm -g --defined-only -A "$1/lib$part.a" 2>/dev/null |
			awk 'NF == 3 { n = split($1, a, ":"); print $3, a[n - 1] }' |
			sort >"$T/fdef"
		nm -u -A "$1/lib$part.a" 2>/dev/null |
			awk 'NF == 3 { n = split($1, a, ":"); print $3, a[n - 1] }' |
			sort | join - "$T/fdef" |
			awk '$2 != $3 { print $2, $3 }' | sort -u >"$T/fedges"
		# tsort names the files of a loop on stderr
		tsort "$T/fedges" 2>&1 >/dev/null |
			sed -n 's/^tsort: \([^:]*\.o\)$/\1/p' | tr '\n' ' ' >"$T/floop"
		[ -s "$T/floop" ] && echo "$part: $(cat "$T/floop")"
	done >"$T/cycles"
	cat "$T/cycles"
	[ ! -s "$T/cycles" ]
}

# Self-test: a tree with one forbidden include of each kind is caught, and
# a clean one passes, so a silent checker cannot pass.
mkdir -p "$T/tree/lib" "$T/tree/analyzer" "$T/tree/render" "$T/tree/collector"
printf '#include "lib/error.h"\n#include <sys/types.h>\n#include <stdio.h>\n' \
	>"$T/tree/analyzer/ok.c"
printf '#include "analyzer/profile.h"\n#include <lib/strbuf.h>\n' \
	>"$T/tree/render/ok.c"
layer_violations "$T/tree" >/dev/null
ok $? "a tree with allowed includes only passes"

for bad in 'lib/x.c:"analyzer/profile.h"' 'analyzer/x.c:"render/layout.h"' \
	'analyzer/x.h:"collector/record.h"' 'render/x.c:"collector/dso.h"' \
	'collector/x.c:"render/svg.h"' 'render/x.c:"cli/builtin.h"' \
	'analyzer/x.c:"error.h"' 'analyzer/x.c:<render/svg.h>' \
	'analyzer/sub/x.c:"render/svg.h"' 'lib/deep/er/x.h:<analyzer/side.h>' \
	'analyzer/x.c:HDR'; do
	file=${bad%%:*}
	inc=${bad#*:}
	mkdir -p "$(dirname "$T/tree/$file")"
	printf '#include <stdio.h>\n#  include %s\n' "$inc" >"$T/tree/$file"
	layer_violations "$T/tree" >"$T/out"
	rc=$?
	[ $rc -ne 0 ] && grep -q "^$file:2: " "$T/out"
	ok $? "a forbidden include is caught: $file includes $inc"
	rm -f "$T/tree/$file"
done

# The symbol check's self-test: a small tree of parts, built into static
# libraries as the Makefile builds them. analyzer calls render's function
# through a prototype of its own (no include shows it) and lib calls
# analyzer's through a header: both are caught; the clean tree passes.
skip_sym=
command -v nm >/dev/null && command -v ${CC:-cc} >/dev/null &&
	command -v ${AR:-ar} >/dev/null || skip_sym="no cc, ar or nm here"
build_parts() { # build_parts DIR: DIR/libPART.a of DIR/PART/*.c
	for part in $PARTS; do
		ls "$1/$part"/*.c >/dev/null 2>&1 || continue
		objs=
		for c in "$1/$part"/*.c; do
			${CC:-cc} -c -o "${c%.c}.o" "$c" || return 1
			objs="$objs ${c%.c}.o"
		done
		rm -f "$1/lib$part.a"
		${AR:-ar} rcs "$1/lib$part.a" $objs || return 1
	done
}
if [ -z "$skip_sym" ]; then
	S=$T/sym
	mkdir -p "$S/lib" "$S/analyzer" "$S/render"
	printf 'int lib_add(int a, int b) { return a + b; }\n' >"$S/lib/a.c"
	printf 'int lib_add(int, int);\nint an_sum(int a) { return lib_add(a, 1); }\n' \
		>"$S/analyzer/a.c"
	printf 'int an_sum(int);\nint svg_draw(int a) { return an_sum(a) + 1; }\n' \
		>"$S/render/a.c"
	build_parts "$S" && symbol_violations "$S" >/dev/null
	ok $? "libraries that call only down pass the symbol check"

	printf 'int svg_draw(int);\nint an_draw(int a) { return svg_draw(a); }\n' \
		>"$S/analyzer/b.c"
	build_parts "$S" && ! symbol_violations "$S" >"$T/out" &&
		grep -q '^analyzer: svg_draw (defined in render)$' "$T/out"
	ok $? "a locally declared prototype of a part above is caught"
	rm -f "$S/analyzer/b.c" "$S/analyzer/b.o"

	printf 'int an_sum(int);\nint lib_up(int a) { return an_sum(a); }\n' \
		>"$S/lib/b.c"
	build_parts "$S" && ! symbol_violations "$S" >"$T/out" &&
		grep -q '^lib: an_sum (defined in analyzer)$' "$T/out"
	ok $? "a call from lib into analyzer is caught"
	rm -f "$S/lib/b.c" "$S/lib/b.o"

	build_parts "$S" && file_cycles "$S" >/dev/null
	ok $? "files that call each other one way pass the circle check"
	printf 'int an_back(int);\nint an_two(int a) { return an_back(a); }\n' \
		>"$S/analyzer/c.c"
	printf 'int an_two(int);\nint an_back(int a) { return a ? an_two(a - 1) : 0; }\n' \
		>"$S/analyzer/d.c"
	build_parts "$S" && ! file_cycles "$S" >"$T/out" &&
		grep -q '^analyzer: .*c\.o' "$T/out" && grep -q 'd\.o' "$T/out"
	ok $? "two files of a part calling each other are caught"
	rm -f "$S/analyzer/c.c" "$S/analyzer/c.o" "$S/analyzer/d.c" "$S/analyzer/d.o"

	# cli's circle as it was: main's command table names a command
	# that reads the table back.
	mkdir -p "$S/cli"
	printf 'int cmd_x(void);
int (*const tab[])(void) = { cmd_x };
int main(void) { return tab[0](); }
' \
		>"$S/cli/main.c"
	printf 'extern int (*const tab[])(void);
int cmd_x(void) { return tab[0] != cmd_x; }
' \
		>"$S/cli/cmd-x.c"
	build_parts "$S" && ! file_cycles "$S" >"$T/out" &&
		grep -q '^cli: .*main\.o' "$T/out" && grep -q 'cmd-x\.o' "$T/out"
	ok $? "cli's files are held to it too: a command reading main's table is caught"
	rm -rf "$S/cli" "$S/libcli.a"
else
	for i in 1 2 3 4 5 6; do
		ok 0 "# SKIP $skip_sym"
	done
fi

# The real tree.
layer_violations "$top" >"$T/real"
rc=$?
ok $rc "no file includes a header of a layer above or beside it"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/real"

nlibs=0
for part in lib analyzer render collector; do
	[ -f "$LIBDIR/lib$part.a" ] && nlibs=$((nlibs + 1))
done
symbol_violations "$LIBDIR" >"$T/real"
rc=$?
[ $nlibs -eq 4 ] && [ $rc -eq 0 ]
ok $? "no library calls a part above or beside it ($nlibs libraries in $LIBDIR)"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/real"

file_cycles "$LIBDIR" >"$T/real"
rc=$?
[ $nlibs -eq 4 ] && [ -f "$LIBDIR/libcli.a" ] && [ $rc -eq 0 ]
ok $? "no two files of a part call each other in a circle (cli too)"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/real"

# The writers get a side's read-only summary (analyzer/side-summary.h),
# never struct diff_side: no file of render includes analyzer/side.h, nor
# analyzer/comparison.h which holds the sides, through any header.
# includes_of DIR FILE: the part headers FILE includes, through any number
# of them, one a line.
includes_of() {
	todo=$2
	: >"$T/seen"
	while [ -n "$todo" ]; do
		set -- $todo
		f=$1
		shift
		todo=$*
		for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]\([a-z]*\/[^">]*\)[">].*/\1/p' "$f"); do
			[ -f "$top/$h" ] || continue
			grep -qx "$h" "$T/seen" && continue
			echo "$h" >>"$T/seen"
			todo="$todo $top/$h"
		done
	done
	cat "$T/seen"
}
side_seen() { # DIR: the render files that see struct diff_side
	for f in "$1"/render/*.c "$1"/render/*.h; do
		[ -f "$f" ] || continue
		includes_of "$1" "$f" | grep -qx 'analyzer/side.h\|analyzer/comparison.h' &&
			echo "${f#$1/}"
	done
}
side_seen "$top" >"$T/real"
nr_render=$(ls "$top"/render/*.c | wc -l)
[ "$nr_render" -gt 0 ] && [ ! -s "$T/real" ] &&
	[ "$(includes_of "$top" "$top/render/diff-text.h" | grep -c .)" -gt 0 ]
ok $? "no writer (render/) sees struct diff_side, only its summary"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/real"

# HACKING.md's list of the comparison's calls ("<!-- calls: analyzer -->")
# is the tree's: the calls among the files it names, from nm, both ways.
hack=$top/HACKING.md
sed -n '/<!-- calls: analyzer -->/,/<!-- end calls -->/p' "$hack" |
	awk '$2 == "->" { for (i = 3; i <= NF; i++) print $1 ".o", $i ".o" }' |
	sort -u >"$T/drawn"
awk '{ print $1; print $2 }' "$T/drawn" |
	sort -u >"$T/drawn.files"
nm -u -A "$LIBDIR/libanalyzer.a" 2>/dev/null |
	awk 'NF == 3 { n = split($1, a, ":"); print $3, a[n - 1] }' | sort >"$T/au"
nm -g --defined-only -A "$LIBDIR/libanalyzer.a" 2>/dev/null |
	awk 'NF == 3 { n = split($1, a, ":"); print $3, a[n - 1] }' | sort >"$T/ad"
join "$T/au" "$T/ad" | awk '$2 != $3 { print $2, $3 }' | sort -u |
	while read -r a b; do
		grep -qx "$a" "$T/drawn.files" && grep -qx "$b" "$T/drawn.files" &&
			echo "$a $b"
	done >"$T/called"
[ -s "$T/drawn" ] && [ -s "$T/called" ] && cmp -s "$T/drawn" "$T/called"
ok $? "HACKING.md draws the comparison's calls as the tree makes them"
[ $? -eq 0 ] || diff "$T/drawn" "$T/called" | sed 's/^/#   /'

done_testing
