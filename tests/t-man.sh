#!/bin/sh
# The manual page, share/man/flamediff.1: it renders without a warning, it
# documents exactly the options in each command's option table, as
# 'flamediff --list-options CMD' lists them (so the page cannot drift from
# the program), and its examples run.
#
# Conventions of the page this relies on: each command has a subsection
# '.SS "flamediff CMD"', options several commands share have theirs
# (graph_opts, input_opts below), and each option is a .TP item whose tag
# line names it.
. tests/tap-lib.sh

page=${FLAMEDIFF_MAN:-share/man/flamediff.1}
graph_opts='Graph options (svg, png)'
input_opts='Input options (fold, report, diff, svg, png)'

[ -f "$page" ]
ok $? "$page exists"

# --- Rendering -----------------------------------------------------------
# As man-db shows it on an 80-column terminal, and through groff with every
# warning on (-ww). man-db needs groff to render.
have() { command -v "$1" >/dev/null 2>&1; }
if have man && have groff; then
	LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" \
		>"$T/render" 2>&1 >/dev/null
	[ ! -s "$T/render" ]
	ok $? "man --warnings: the page renders without a warning"
	sed 's/^/#   /' "$T/render" | head -20
fi
if have groff; then
	groff -man -Tutf8 -ww -z "$page" >"$T/render" 2>&1
	[ ! -s "$T/render" ]
	ok $? "groff -man -ww: the page renders without a warning"
	sed 's/^/#   /' "$T/render" | head -20
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP groff is not installed: cannot render the page"
fi

# --- Helpers -------------------------------------------------------------
# The roff lines of CMD's subsection and of the shared ones it owns
# (titles separated by '|').
section() {
	awk -v a="flamediff $1" -v b="$2" '
		BEGIN { n = split(b, own, "|"); own[++n] = a }
		/^\.S[HS] / {
			t = $0
			sub(/^\.S[HS] +/, "", t)
			gsub(/"/, "", t)
			on = 0
			for (i = 1; i <= n; i++)
				if ($1 == ".SS" && t == own[i])
					on = 1
			next
		}
		on' "$page"
}
# The tag lines of the .TP items on stdin.
tags() {
	awk '/^\.TP/ { if (getline > 0) print }'
}
# Long options named in roff text on stdin ("\-\-no\-comm" -> --no-comm).
roff_long() {
	grep -oE '\\-\\-[a-z0-9]([a-z0-9]|\\-)*' | sed 's/\\//g' | sort -u
}
# Short options ("\-o") in roff text on stdin.
roff_short() {
	grep -oE '(^|[ "B[])\\-[A-Za-z]([^A-Za-z0-9]|$)' |
		sed 's/.*\\-\([A-Za-z]\).*/-\1/' | sort -u
}
# The long and short options of CMD's table (the listing's first two
# fields; "-" is none). Fails if the listing does.
list_options() {
	"$FLAMEDIFF" --list-options "$1" >"$T/listing" || return 1
	[ -s "$T/listing" ] || return 1
	cut -f1 "$T/listing" | grep -v '^-$' | sort -u >"$T/list.long"
	cut -f2 "$T/listing" | grep -v '^-$' | sort -u >"$T/list.short"
}
# Lines of file $1 not in file $2, as one line (both sorted).
missing() {
	comm -23 "$1" "$2" | tr '\n' ' '
}

# --- Every command has its subsection, every subsection a command --------
"$FLAMEDIFF" --help >"$T/help.main"
help_rc=$?
awk '/^Commands:/ { on = 1; next }
	on && /^  [a-z]/ { print $1 }' "$T/help.main" | sort >"$T/commands"
[ $help_rc -eq 0 ] && [ -s "$T/commands" ]
ok $? "flamediff --help lists the commands ($(tr '\n' ' ' <"$T/commands"))"
sed -n 's/^\.SS "flamediff \([a-z]*\)"$/\1/p' "$page" | sort >"$T/subsections"
check "every command has a subsection '.SS \"flamediff CMD\"' and no other" \
	diff "$T/commands" "$T/subsections"
sed -n 's/^\.SY "flamediff \([a-z]*\)"$/\1/p' "$page" | sort -u >"$T/synopsis"
check "SYNOPSIS has a '.SY \"flamediff CMD\"' for every command and no other" \
	diff "$T/commands" "$T/synopsis"

# --- Options: the page and the option tables agree, both ways ----------
for cmd in $(cat "$T/commands"); do
	case $cmd in
	svg | png) extra="$graph_opts|$input_opts" ;;
	fold | report | diff) extra=$input_opts ;;
	*) extra= ;;
	esac
	section "$cmd" "$extra" >"$T/sec"
	tags <"$T/sec" >"$T/tags"
	list_options "$cmd"
	ok $? "$cmd: flamediff --list-options $cmd lists its options"
	roff_long <"$T/tags" >"$T/tag.long"
	roff_long <"$T/sec" >"$T/sec.long"
	roff_short <"$T/tags" >"$T/tag.short"

	[ -s "$T/tag.long" ]
	ok $? "$cmd: the page lists options ($(wc -l <"$T/list.long") in the table, $(wc -l <"$T/tag.long") on the page)"

	m=$(missing "$T/list.long" "$T/tag.long")
	[ -z "$m" ]
	ok $? "$cmd: every long option of the table is an item of the page${m:+ (missing: $m)}"

	m=$(missing "$T/tag.long" "$T/list.long")
	[ -z "$m" ]
	ok $? "$cmd: every long option item of the page is in the table${m:+ (unknown: $m)}"

	m=$(missing "$T/sec.long" "$T/list.long")
	[ -z "$m" ]
	ok $? "$cmd: the page names no long option the table lacks${m:+ (unknown: $m)}"

	m=$(missing "$T/list.short" "$T/tag.short")$(missing "$T/tag.short" "$T/list.short")
	[ -z "$m" ]
	ok $? "$cmd: the page and the table have the same short options${m:+ (differ: $m)}"

	# The program takes what both document: the parser knows every option
	# (whatever it then does with "--help" as the argument: run in a
	# scratch directory, stdin empty, so that nothing is recorded). svg
	# and png parse the graph options with the same code: for png, its
	# own subsection and the input options are enough. In parallel: one
	# run per option adds up.
	[ "$cmd" = png ] && section png "$input_opts" | tags >"$T/tags"
	mkdir -p "$T/opt.$cmd"
	k=0
	for opt in $(roff_long <"$T/tags") $(roff_short <"$T/tags"); do
		k=$((k + 1))
		echo "$opt" >"$T/opt.$cmd/$k.opt"
		(cd "$T/opt.$cmd" && exec "$FLAMEDIFF" "$cmd" "$opt" --help \
			</dev/null >/dev/null 2>"$T/opt.$cmd/$k.err") &
	done
	wait
	bad=
	[ "$k" -gt 0 ] && for f in "$T/opt.$cmd"/*.err; do
		if grep -qiE 'unknown option|ambiguous' "$f"; then
			bad="$bad $(cat "${f%.err}.opt")"
		fi
	done
	[ "$k" -gt 0 ] && [ -z "$bad" ]
	ok $? "$cmd: the program accepts every option the page lists ($k)${bad:+ (refused:$bad)}"

	# An option that takes one of some words (the listing's
	# "words:a,b,c", from the table: --input-format's are the readers')
	# names each of them in its paragraph.
	nw=0
	bad=
	while IFS='	' read -r long short arg comp; do
		case $comp in words:*) ;; *) continue ;; esac
		[ "$long" != - ] || continue
		roff=$(printf '%s' "$long" | sed 's/-/\\-/g')
		awk -v tag="$roff" '/^\.TP/ { on = 0; if (getline > 0) on = index($0, tag) > 0 }
			on' "$T/sec" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' >"$T/para"
		for w in $(echo "${comp#words:}" | tr ',' ' '); do
			nw=$((nw + 1))
			grep -qw -- "$w" "$T/para" || bad="$bad $long:$w"
		done
	done <"$T/listing"
	[ -s "$T/listing" ] && [ -z "$bad" ]
	ok $? "$cmd: the page names every word of its options' choices ($nw)${bad:+ (missing:$bad)}"
done

# --- The examples run ----------------------------------------------------
# Every example line that starts with "flamediff" (record aside: it needs
# perf events and minutes), run in a directory holding what the examples
# assume: base/ and fix/ with three runs each (the demo's shipped runs), an
# LKP stats file, and perf script text.
mkdir -p "$T/ex/base" "$T/ex/fix"
for i in 1 2 3; do
	gzip -c share/demo/recorded/build-A/run$i.profile \
		>"$T/ex/base/run$i.profile.gz"
	gzip -c share/demo/recorded/build-B/run$i.profile \
		>"$T/ex/fix/run$i.profile.gz"
done
"$FLAMEDIFF" report --lkp share/demo/recorded/build-A/run1.profile \
	>"$T/ex/lkp-run1.stats"
gzip -dc tests/data/mremap.perf-script.gz >"$T/ex/out.perf"

awk '/^\.SH EXAMPLES/ { on = 1; next } /^\.SH/ { on = 0 }
	on && /^\.EX/ { ex = 1; next } /^\.EE/ { ex = 0 }
	on && ex' "$page" |
	sed -e 's/\\-/-/g' -e 's/\\e/\\/g' |
	awk '{ line = line $0 } /\\$/ { sub(/\\$/, "", line); next }
	{ print line; line = "" }' |
	sed 's/^ *//' | awk '/^flamediff / && !/^flamediff record /' \
	>"$T/examples"
n=$(wc -l <"$T/examples")
[ "$n" -ge 6 ]
ok $? "the page has examples to run ($n)"
while IFS= read -r line; do
	(cd "$T/ex" && FLAMEDIFF="$FLAMEDIFF" sh -c \
		"flamediff() { \"\$FLAMEDIFF\" \"\$@\"; }; $line") \
		>"$T/ex.out" 2>&1 </dev/null
	rc=$?
	ok $rc "example runs: $line"
	[ $rc -eq 0 ] || sed 's/^/#   /' "$T/ex.out" | head -5
done <"$T/examples"
# What the examples promise to write is there and not empty.
for f in moved.csv diff.svg diff.png table.txt moved.folded moved.svg \
	run1.stats out.folded now.svg; do
	[ -s "$T/ex/$f" ]
	ok $? "the examples wrote $f"
done
grep -q "^perf-profile.children.task-clock.notify: " "$T/ex/run1.stats"
ok $? "report --lkp example: LKP's stats lines"

done_testing
