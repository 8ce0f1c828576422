#!/bin/sh
# diff --focus FUNC and svg/png --focus: FUNC's callers and callees merged
# over its call sites (analyzer/focus.c), as text and as a graph. The
# input, tests/data/focus/, is made by hand: "target" has three callers
# (caller_a, caller_b, caller_c), several callees, calls itself once
# (target;recurse;target), and each side totals 1000 samples, so every
# share is exact to two decimals: base 35%, new 40%.
. tests/tap-lib.sh

D=tests/data/focus

# The line of the first frame NAME in section SEC (callers, callees) of a
# focus text, as "base new change depth name": depth 0 is FUNC.
focus_lines() { # focus_lines FILE SEC
	awk -v sec="$2" '
		/^callers \(/ { in_sec = sec == "callers"; next }
		/^callees \(/ { in_sec = sec == "callees"; next }
		in_sec && /^ *-?[0-9]+\.[0-9][0-9] / {
			rest = substr($0, 27)
			match(rest, /^ */)
			name = substr(rest, RLENGTH + 1)
			print $1, $2, $3, RLENGTH / 2, name
		}' "$1"
}

# A CSV row's mean on side N (base 4, new 7) of diff --format csv.
csv_mean() { # csv_mean FILE KEY COLUMN
	awk -F, -v k="$2" -v c="$3" '$1 == k { print $c; found = 1 }
		END { exit !found }' "$1"
}

# Whether two numbers are within 0.005 (the two decimals printed).
same() { # same A B
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
		exit !(a != "" && b != "" && d < 0.005) }'
}

# --- text: one run a side --------------------------------------------------
"$FLAMEDIFF" diff --focus target $D/base.folded $D/new.folded >"$T/focus" \
	2>"$T/err"
ok $? "diff --focus exits 0"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" diff --format csv $D/base.folded $D/new.folded >"$T/csv" \
	2>"$T/err"
ok $? "diff --format csv of the same sides exits 0"
"$FLAMEDIFF" report --format csv $D/base.folded >"$T/rep.csv" 2>"$T/err"
ok $? "report --format csv of the base exits 0"

key=perf-profile.children.cycles-pp.target
skey=perf-profile.self.cycles-pp.target
cb=$(csv_mean "$T/csv" $key 4) && cn=$(csv_mean "$T/csv" $key 7) &&
	sb=$(csv_mean "$T/csv" $skey 4) && sn=$(csv_mean "$T/csv" $skey 7)
ok $? "the CSV has target's children and self rows"
rb=$(awk -F, '$1 == "children" && $3 == "target" { print $4 }' "$T/rep.csv")
same "$rb" "$cb"
ok $? "report's children figure of target is diff's base mean ($rb, $cb)"
same "$cb" 35 && same "$cn" 40
ok $? "target's children share: 35 and 40 (once a stack, recursion or not)"

focus_lines "$T/focus" callers >"$T/callers"
focus_lines "$T/focus" callees >"$T/callees"
for sec in callers callees; do
	awk '$4 == 0 && $5 == "target"' "$T/$sec" >"$T/root.$sec"
	read -r b n c _ <"$T/root.$sec" && same "$b" "$cb" && same "$n" "$cn" &&
		same "$c" "$(awk -v a="$cn" -v b="$cb" 'BEGIN { print a - b }')"
	ok $? "$sec: the first line is target's children row ($b $n $c)"
done

# Every caller of target at depth 1, three call sites: their shares add
# up to target's on each side.
awk '$4 == 1 { print $5 }' "$T/callers" | sort >"$T/sites"
printf 'caller_a\ncaller_b\ncaller_c\n' | cmp -s - "$T/sites"
ok $? "callers: the three call sites right under target"
sum_b=$(awk '$4 == 1 { s += $1 } END { print s + 0 }' "$T/callers")
sum_n=$(awk '$4 == 1 { s += $2 } END { print s + 0 }' "$T/callers")
same "$sum_b" "$cb" && same "$sum_n" "$cn"
ok $? "callers: the call sites add up to the children share ($sum_b $sum_n)"
# Each call site's chain goes up to the process: one line a level.
awk '$5 == "app" && $4 == 3' "$T/callers" >"$T/procs"
[ "$(wc -l <"$T/procs")" -eq 3 ]
ok $? "callers: each call site's chain ends at the process, 3 levels up"

# Callees at depth 1 plus target's own self time: its children share.
sum_b=$(awk -v s="$sb" '$4 == 1 { s += $1 } END { print s + 0 }' "$T/callees")
sum_n=$(awk -v s="$sn" '$4 == 1 { s += $2 } END { print s + 0 }' "$T/callees")
same "$sum_b" "$cb" && same "$sum_n" "$cn"
ok $? "callees plus target's self add up to the children share ($sum_b $sum_n)"
# the recursion is drawn under recurse, not counted again at the top
grep -q '^   4.00    3.00   -1.00 \*     target$' "$T/focus"
ok $? "callees: target calling itself is a frame under recurse (4 -> 3)"
# every callee is a function of the input: work1 merges two call sites
awk '$4 == 1 && $5 == "work1" { print $1, $2 }' "$T/callees" >"$T/work1"
[ "$(cat "$T/work1")" = "18.00 19.00" ]
ok $? "callees: work1, called under caller_a and caller_b, is one line (18 -> 19)"
grep -q '^   5.00    5.00   +0.00     work2$' "$T/focus" &&
	grep -q '^  10.00    5.00   -5.00 \*   caller_b$' "$T/focus"
ok $? "the mark: * where the table's rule calls the path changed, none else"
nonempty "$T/focus" && awk 'length > 100 { exit 1 }' "$T/focus"
ok $? "every line within 100 columns"

# --- text: three runs a side -----------------------------------------------
# The same stacks, each run's weights scaled differently: the shares are
# the means of the runs', as the table's.
mkdir -p "$T/b" "$T/n"
for i in 1 2 3; do
	awk -v k=$i '{ w = $NF; $NF = ""; print $0 (w * k + (k == 2 && /other$/ ? 100 : 0)) }' \
		$D/base.folded >"$T/b/run$i.folded"
	awk -v k=$i '{ w = $NF; $NF = ""; print $0 (w * k + (k == 3 && /idle$/ ? 50 : 0)) }' \
		$D/new.folded >"$T/n/run$i.folded"
done
"$FLAMEDIFF" diff --focus target "$T/b" "$T/n" >"$T/focus3" 2>"$T/err"
ok $? "diff --focus of three runs a side exits 0"
"$FLAMEDIFF" diff --format csv "$T/b" "$T/n" >"$T/csv3" 2>"$T/err"
ok $? "diff --format csv of three runs a side exits 0"
cb3=$(csv_mean "$T/csv3" $key 4) && cn3=$(csv_mean "$T/csv3" $key 7)
focus_lines "$T/focus3" callers >"$T/callers3"
focus_lines "$T/focus3" callees >"$T/callees3"
read -r b n _ <"$T/callers3" && same "$b" "$cb3" && same "$n" "$cn3"
ok $? "three runs: target's line is the CSV's means ($b $n; $cb3 $cn3)"
sum_b=$(awk '$4 == 1 { s += $1 } END { print s + 0 }' "$T/callers3")
sum_n=$(awk '$4 == 1 { s += $2 } END { print s + 0 }' "$T/callers3")
# each caller's mean rounds on its own: within a hundredth a line
awk -v a="$sum_b" -v b="$cb3" -v c="$sum_n" -v d="$cn3" 'BEGIN {
	x = a - b; y = c - d; if (x < 0) x = -x; if (y < 0) y = -y
	exit !(x < 0.02 && y < 0.02 && b > 0) }'
ok $? "three runs: the call sites add up to the mean ($sum_b $sum_n)"

# --- graph: the numbers of the text ----------------------------------------
"$FLAMEDIFF" svg --diff --focus target $D/base.folded $D/new.folded \
	-o "$T/f.svg" 2>"$T/err"
ok $? "svg --diff --focus exits 0"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/err"
# "NAME (base B%, new N%, C pts)" of every frame, against every text line
svg_frames "$T/f.svg" >"$T/frames" &&
	sed -n 's/^<g[^>]*><title>\([^ ]*\) (base \([0-9.]*\)%, new \([0-9.]*\)%, \([-+0-9.]*\) pts).*/\2 \3 \4 \1/p' \
		"$T/frames" | sort >"$T/svg.nums"
cat "$T/callers" "$T/callees" | awk '{ print $1, $2, $3, $5 }' | sort \
	>"$T/text.nums"
nonempty "$T/svg.nums" && cmp -s "$T/svg.nums" "$T/text.nums"
ok $? "the SVG's frames carry the text's lines, number for number ($(wc -l <"$T/text.nums") lines)"
[ $? -eq 0 ] || diff "$T/text.nums" "$T/svg.nums" | sed 's/^/#   /'
grep -q '<text id="title"[^>]*>Focus: target</text>' "$T/f.svg"
ok $? "the title names the function"
# callers above the function, callees below: target's two frames are
# on the two rows next to the empty one
awk -F'"' '/<title>target \(base 35.00%/ {
	for (i = 1; i < NF; i++) if ($i ~ / y=$/) { print $(i + 1); break } }' \
	"$T/frames" >"$T/ys"
[ "$(wc -l <"$T/ys")" -eq 2 ] &&
	awk 'NR == 1 { a = $1 } NR == 2 { b = $1 } END { exit !(b - a == 32) }' "$T/ys"
ok $? "target is drawn twice, one empty 16 px row between callers and callees"

"$FLAMEDIFF" png --diff --focus target $D/base.folded $D/new.folded \
	-o "$T/f.png" 2>"$T/err"
ok $? "png --diff --focus exits 0"
[ "$(head -c 8 "$T/f.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
ok $? "png --diff --focus writes a PNG"

# one profile: weights, the full width the function's
"$FLAMEDIFF" svg --focus target $D/base.folded -o "$T/p.svg" 2>"$T/err"
ok $? "svg --focus of one profile exits 0"
svg_frame "$T/p.svg" target >"$T/pt" && grep -q '(350 samples, 100.00%)' "$T/pt"
ok $? "one profile: target is 350 of the 1000 samples, the full width"
svg_frame "$T/p.svg" caller_b >"$T/pb" && grep -q '(100 samples, 28.57%)' "$T/pb"
ok $? "one profile: caller_b, 100 samples (20 own, 80 through work1)"

# --- the README's example, on the seed --------------------------------------
"$FLAMEDIFF" diff --focus folio_alloc_swap tests/data/seed/base \
	tests/data/seed/new >"$T/seed" 2>"$T/err"
ok $? "diff --focus of the seed exits 0"
sed -n '/^callees (/,$p' "$T/seed" >"$T/seed.callees"
sed -n '/^    callees (/,/^$/p' README.md | sed -e '/^$/d' -e 's/^    //' \
	>"$T/readme.callees"
nonempty "$T/seed.callees" && cmp -s "$T/readme.callees" "$T/seed.callees"
ok $? "the README's callees of folio_alloc_swap are the seed's, line for line"
[ $? -eq 0 ] || diff "$T/readme.callees" "$T/seed.callees" | sed 's/^/#   /'

# past 15 levels the indent stops and the name says how much deeper
grep -q '^  92.48   43.51  -48.97 \*  *+1 do_syscall_64$' "$T/seed" &&
	grep -q '^  92.48   43.51  -48.97 \*  *+4 stress-ng$' "$T/seed"
ok $? "a deep chain: +1, +2, ... past the deepest indent, never flat"
"$FLAMEDIFF" diff --focus folio_alloc_swap --width 60 tests/data/seed/base \
	tests/data/seed/new >"$T/seed60" 2>"$T/err"
[ $? -eq 0 ] && nonempty "$T/seed60" && awk 'length > 60 { exit 1 }' "$T/seed60" &&
	grep -q '\.\.' "$T/seed60"
ok $? "--width 60: every line within 60 columns, long names cut with .."

# a function only the new build has is drawn, all of it new
"$FLAMEDIFF" svg --diff --focus _raw_spin_lock tests/data/seed/base \
	tests/data/seed/new -o "$T/born.svg" 2>"$T/err"
[ $? -eq 0 ] && svg_frame "$T/born.svg" _raw_spin_lock >"$T/born" &&
	grep -q '(base 0.00%, new 42.91%, +42.91 pts)' "$T/born" &&
	grep -q '^<g class="born">' "$T/born"
ok $? "svg --focus of a function new in the new build: drawn, all new"

# --- errors --------------------------------------------------------------
"$FLAMEDIFF" diff --focus nosuch $D/base.folded $D/new.folded >"$T/out" \
	2>"$T/err"
[ $? -eq 2 ] && grep -q -- '--focus nosuch: no sample' "$T/err"
ok $? "a function in no sample: exit 2, named"
rm -f "$T/x.svg"
"$FLAMEDIFF" svg --diff --focus nosuch $D/base.folded $D/new.folded \
	-o "$T/x.svg" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'nosuch' "$T/err" && [ ! -e "$T/x.svg" ]
ok $? "svg --focus of a function in no sample: exit 2, named, no file"
"$FLAMEDIFF" diff --focus target --format csv $D/base.folded $D/new.folded \
	>"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q -- '--focus writes text' "$T/err"
ok $? "--focus with --format csv: a usage error (exit 1)"
"$FLAMEDIFF" svg --inverted --focus target $D/base.folded -o "$T/y.svg" \
	2>"$T/err"
[ $? -eq 1 ] && grep -q -- '--focus draws callers above' "$T/err"
ok $? "svg --focus --inverted: a usage error (exit 1)"

done_testing
