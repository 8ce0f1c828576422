#!/bin/sh
# flamediff svg: plain and icicle graphs, flamegraph.pl's options, escaping,
# empty and bad input. Every SVG must be well-formed XML (xmllint) and
# render (rsvg-convert).
. tests/tap-lib.sh

skip_without xmllint rsvg-convert

seed=tests/data/seed/base/run-1.folded
hostile=tests/data/svg/hostile-names.folded

# valid FILE: well-formed and renders at its declared size.
valid() {
	xmllint --noout "$1" || return 1
	rsvg-convert "$1" -o "$1.png" || return 1
	w=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$1")
	[ "$(od -An -tu1 -j16 -N4 "$1.png" | awk '{print $1*16777216+$2*65536+$3*256+$4}')" = "$w" ]
}
# title FILE NAME: the tooltip of the frame called NAME.
title() {
	grep -o "<title>$2 ([^<]*</title>" "$1" | head -1
}
# fill FILE NAME: its fill colour.
fill() {
	grep -o "<title>$2 ([^<]*</title><rect [^>]*" "$1" | head -1 |
		sed 's/.*fill="\([^"]*\)".*/\1/'
}
# rect_attr FILE NAME ATTR
rect_attr() {
	grep -o "<title>$2 ([^<]*</title><rect [^>]*" "$1" | head -1 |
		sed "s/.* $3=\"\([^\"]*\)\".*/\1/"
}

# group N: 1234567 -> 1,234,567, as the tooltips print counts.
group() {
	echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'
}

total=$(awk '{s += $NF} END {print s}' $seed)

"$FLAMEDIFF" svg $seed -o "$T/plain.svg"
ok $? "svg of folded stacks exits 0"
check "plain graph is valid and renders" valid "$T/plain.svg"
check "root frame holds every sample ($total)" \
	grep -q "<title>all ($(group "$total") samples, 100.00%)</title>" "$T/plain.svg"
title "$T/plain.svg" cgroup_file_notify | grep -q 'kernel</title>'
ok $? "kernel frames are marked in the tooltip"
n=$(grep -c '^<g><title>' "$T/plain.svg")
[ "$n" -ge 60 ]
ok $? "one <g> per frame ($n)"

# The graph reads perf script text too (the corpus capture).
if "$FLAMEDIFF" svg tests/data/mremap.perf-script.gz -o "$T/mremap.svg" 2>"$T/err"; then
	ok 0 "svg of a perf script capture exits 0"
	check "perf script graph is valid and renders" valid "$T/mremap.svg"
	check "perf script graph has an event in its info line" \
		grep -q '<text id="info"[^>]*>[a-z-]*clock\|<text id="info"[^>]*>cycles' "$T/mremap.svg"
else
	ok 1 "svg of a perf script capture exits 0"
	sed 's/^/#   /' "$T/err"
fi

# Siblings in alphabetical order: x grows with the name.
xs=$(for f in stress_mmap_check stress_mmap_set; do rect_attr "$T/plain.svg" $f x; done | tr '\n' ' ')
set -- $xs
awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'
ok $? "siblings are laid out alphabetically ($xs)"

# Deterministic colours: the same function, the same fill, in any graph.
"$FLAMEDIFF" svg tests/data/seed/new/run-3.folded -o "$T/other.svg"
a=$(fill "$T/plain.svg" do_syscall_64)
b=$(fill "$T/other.svg" do_syscall_64)
[ -n "$a" ] && [ "$a" = "$b" ]
ok $? "same name, same colour across graphs ($a, $b)"
c=$(fill "$T/plain.svg" stress_mmap_check)
[ -n "$c" ] && [ "$c" != "$a" ]
ok $? "user and kernel frames differ in colour ($c vs $a)"

# Icicle: root on top.
"$FLAMEDIFF" svg --inverted $seed -o "$T/icicle.svg"
check "icicle is valid" valid "$T/icicle.svg"
ry=$(rect_attr "$T/icicle.svg" all y)
ly=$(rect_attr "$T/icicle.svg" native_queued_spin_lock_slowpath y)
awk -v r="$ry" -v l="$ly" 'BEGIN { exit !(r < l) }'
ok $? "--inverted puts the root above the leaves ($ry < $ly)"
check "--inverted titles it an icicle graph" grep -q '>Icicle Graph</text>' "$T/icicle.svg"
ry=$(rect_attr "$T/plain.svg" all y)
ly=$(rect_attr "$T/plain.svg" native_queued_spin_lock_slowpath y)
awk -v r="$ry" -v l="$ly" 'BEGIN { exit !(r > l) }'
ok $? "a flame graph puts the root below ($ry > $ly)"

# Reverse: the leaves become the root's children.
"$FLAMEDIFF" svg --reverse $seed -o "$T/rev.svg"
check "--reverse is valid" valid "$T/rev.svg"
depth_of() { # depth of NAME from its y and the root's
	awk -v r="$(rect_attr "$1" all y)" -v y="$(rect_attr "$1" "$2" y)" \
		'BEGIN { print (r - y) / 16 }'
}
[ "$(depth_of "$T/rev.svg" native_queued_spin_lock_slowpath)" = 1 ]
ok $? "--reverse merges from the leaves (slowpath at depth 1)"

# Options with flamegraph.pl's names.
"$FLAMEDIFF" svg --title 'T <&> "x"' --subtitle 'sub & title' --width 800 \
	--height 20 --fontsize 10 --fonttype 'DejaVu Sans' --countname events \
	--nametype 'Func:' --colors blue --bgcolors '#ffffff' --notes 'n<otes>' \
	--hash --cp $seed -o "$T/opts.svg"
ok $? "flamegraph.pl options are accepted"
check "options: valid" valid "$T/opts.svg"
check "--width sets the image width" grep -q '^<svg [^>]*width="800"' "$T/opts.svg"
check "--title is escaped" grep -q '>T &lt;&amp;&gt; &quot;x&quot;</text>' "$T/opts.svg"
check "--subtitle is drawn" grep -q '<text id="subtitle"[^>]*>sub &amp; title</text>' "$T/opts.svg"
check "--notes are embedded" grep -q '<desc id="notes">n&lt;otes&gt;</desc>' "$T/opts.svg"
title "$T/opts.svg" all | grep -q ' events, 100.00%'
ok $? "--countname names the unit"
check "--nametype reaches the script" grep -q 'data-nametype="Func:"' "$T/opts.svg"
check "--height sets the row height" grep -q '<rect [^>]*height="19.0"' "$T/opts.svg"
check "--fonttype is the font" grep -q 'font-family="DejaVu Sans"' "$T/opts.svg"
h=$(rect_attr "$T/opts.svg" do_syscall_64 fill)
check "--colors blue colours frames blue" sh -c "echo '$h' | awk -F'[(,)]' '{ exit !(\$4 > \$2 + 50) }'"

"$FLAMEDIFF" svg --total $((total * 2)) $seed -o "$T/total.svg"
w=$(rect_attr "$T/total.svg" all width)
[ "$w" = "590.00" ]
ok $? "--total twice the samples: the root is half the width ($w)"
"$FLAMEDIFF" svg --factor 3 $seed -o "$T/factor.svg"
check "--factor multiplies the values" \
	grep -q "<title>all ($(group $((total * 3))) samples, 100.00%)" "$T/factor.svg"
"$FLAMEDIFF" svg --total 5 $seed -o "$T/bad.svg" 2>/dev/null
[ $? -eq 1 ] && [ ! -e "$T/bad.svg" ]
ok $? "--total below the total is a usage error, no file"

# Minimum width: narrow frames merge, wide ones do not.
"$FLAMEDIFF" svg --minwidth 5% $seed -o "$T/minw.svg"
check "--minwidth N% is valid" valid "$T/minw.svg"
small=$(grep -c '^<g><title>' "$T/minw.svg")
[ "$small" -lt "$n" ]
ok $? "--minwidth 5% drops or merges narrow frames ($small < $n)"
# 30000 frames of 0.02 px each side of a wide one: two merged frames.
awk 'BEGIN { for (i = 0; i < 30000; i++) printf "main;f%05d 1\n", i
	print "main;f15000x 60000" }' >"$T/narrow.folded"
"$FLAMEDIFF" svg $T/narrow.folded -o "$T/narrow.svg"
check "many narrow frames: valid" valid "$T/narrow.svg"
m=$(grep -c '^<g><title>' "$T/narrow.svg")
[ "$m" = 5 ]
ok $? "30001 siblings give 5 frames: all, main, 2 merged, the wide one ($m)"
check "narrow siblings left of the wide one are one merged frame" \
	grep -q '<title>(15001 merged frames) (15,001 samples, 16.67%)' "$T/narrow.svg"
check "and right of it another" \
	grep -q '<title>(14999 merged frames) (14,999 samples, 16.67%)' "$T/narrow.svg"
"$FLAMEDIFF" svg --minwidth 0 $T/narrow.folded -o "$T/narrow0.svg"
m=$(grep -c '^<g><title>' "$T/narrow0.svg")
[ "$m" = 30003 ]
ok $? "--minwidth 0 draws every frame ($m)"

# Names that could break the XML or run: all text.
"$FLAMEDIFF" svg $hostile -o "$T/hostile.svg"
check "hostile names: valid XML" valid "$T/hostile.svg"
check "< and & are escaped" grep -q '<title>a&lt;b (' "$T/hostile.svg"
check "quotes are escaped" grep -q '<title>&quot;quoted&quot; (' "$T/hostile.svg"
check "]]> is escaped" grep -q '<title>]]&gt; (' "$T/hostile.svg"
check "</script> is escaped" grep -q '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; (' "$T/hostile.svg"
[ "$(grep -c '<script' "$T/hostile.svg")" = 1 ] && [ "$(grep -c ']]>' "$T/hostile.svg")" = 2 ]
ok $? "one script element; the only ]]> end the style and script sections"
check "invalid UTF-8 and control bytes are replaced" grep -q "<title>bad$(printf '\357\277\275\357\277\275')byte (" "$T/hostile.svg"
check "valid UTF-8 is kept" grep -q "<title>na$(printf '\303\257')ve (" "$T/hostile.svg"

# Empty input: a valid SVG that says so, and a non-zero exit.
: >"$T/empty.folded"
"$FLAMEDIFF" svg "$T/empty.folded" -o "$T/empty.svg" 2>"$T/err"
[ $? -eq 2 ]
ok $? "empty input exits 2"
check "empty input still gives a valid SVG" valid "$T/empty.svg"
check "the empty SVG says there were no samples" grep -q 'No samples' "$T/empty.svg"
check "and so does stderr" grep -q 'no samples' "$T/err"

# Errors: usage 1, bad input 2, no partial file.
"$FLAMEDIFF" svg --width abc $seed -o "$T/x.svg" 2>/dev/null
[ $? -eq 1 ] && [ ! -e "$T/x.svg" ]
ok $? "a bad number is a usage error"
"$FLAMEDIFF" svg --colors plaid $seed -o "$T/x.svg" 2>/dev/null
[ $? -eq 1 ]
ok $? "an unknown palette is a usage error"
"$FLAMEDIFF" svg "$T/missing.folded" -o "$T/x.svg" 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$T/x.svg" ]
ok $? "a missing input exits 2 and writes nothing"
printf 'main;f 10\nmain;g notanumber\n' >"$T/bad.folded"
"$FLAMEDIFF" svg --strict "$T/bad.folded" -o "$T/x.svg" 2>"$T/err"
[ $? -eq 2 ] && [ ! -e "$T/x.svg" ] && grep -q 'bad.folded:2' "$T/err"
ok $? "bad input names FILE:LINE and writes nothing"
"$FLAMEDIFF" svg --help >"$T/help"
[ $? -eq 0 ] && grep -q -- '--minwidth' "$T/help"
ok $? "--help lists the options"

# Standard output when no -o.
"$FLAMEDIFF" svg <$seed >"$T/stdout.svg"
ok $? "stdin to stdout works"
check "stdout SVG is valid" valid "$T/stdout.svg"

done_testing
