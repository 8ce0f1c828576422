#!/bin/sh
# diff --rows keeps every line of the table and of the explanation within
# --width columns (100 by default, 80 with --width 80) for any name:
# rows of 100-character names lose the middle of the name to '..', never
# wrap; json and csv keep the names whole. And names made of control
# characters are shown escaped.
. tests/tap-lib.sh
skip_without perl

long_a=$(printf 'populate_vma_page_range_%.0s' 1 2 3 4 5 | cut -c1-100)
long_b=$(printf '_ZNSt6vectorIN4llvm5ValueE%.0s' 1 2 3 4 | cut -c1-100)
long_c=$(printf '__list_del_entry_valid_or_report_%.0s' 1 2 3 4 | cut -c1-100)
[ ${#long_a} -eq 100 ] && [ ${#long_b} -eq 100 ] && [ ${#long_c} -eq 100 ]
ok $? "the names are 100 characters"

# one run a side (the footer's one-run floor) and three a side (stddevs)
mkdir -p "$T/b1" "$T/n1" "$T/b3" "$T/n3"
runs() {	# DIR WEIGHTS...
	dir=$1
	shift
	i=0
	for w; do
		i=$((i + 1))
		printf '%s\n' "stress-ng;main;$long_a;$long_b $w" \
			"stress-ng;main;$long_c $((w / 2 + 7))" \
			"stress-ng;main;short_one $((200 - w))" \
			"stress-ng;$long_b;$long_c;do_syscall_64 $((w / 3 + 1))" \
			>"$dir/run$i.folded"
	done
}
runs "$T/b1" 120
runs "$T/n1" 30
runs "$T/b3" 118 124 121
runs "$T/n3" 31 35 29

widest() {	# FILE: the widest line, in characters (UTF-8: the table's ±)
	perl -CSD -ne 'chomp; $m = length if length > $m; END { print $m + 0 }' "$1"
}

check_width() {	# WHAT WIDTH DIFF-ARGS...
	what=$1 width=$2
	shift 2
	"$FLAMEDIFF" diff "$@" >"$T/out" 2>"$T/err"
	rc=$?
	w=$(widest "$T/out")
	[ $rc -eq 0 ] && nonempty "$T/out" && [ "$w" -le "$width" ]
	ok $? "$what: every line within $width columns (widest $w)"
	[ $rc -eq 0 ] || sed 's/^/#   /' "$T/err"
	# never a wrapped row: as many row lines as the footer counts
	shown=$(sed -n 's/^\([0-9]*\) of [0-9]* rows shown.*/\1/p' "$T/out")
	rows=$(awk '/^ +\\ +\| +\\ *$/ { t = 1; next } t && /^$/ { exit }
		t { n++ } END { print n + 0 }' "$T/out")
	[ -n "$shown" ] && [ "$shown" -gt 0 ] && [ "$rows" -eq "$shown" ]
	ok $? "$what: $shown rows on $rows lines, each whole"
	grep -q '\.\.' "$T/out"
	ok $? "$what: a long name is elided with '..'"
}

check_width "one run a side, --rows children,self --top 20" 100 \
	--rows children,self --top 20 "$T/b1" "$T/n1"
grep -q '^.*one run on a side' "$T/out"
ok $? "... with the one-run footer"
check_width "one run a side, --width 80" 80 \
	--rows children,self --top 20 --width 80 "$T/b1" "$T/n1"
grep -q '\.\.children\.populate_v' "$T/out" && grep -q '\.\.self\.' "$T/out"
ok $? "... at 80 the key keeps its group and the start of the name"
check_width "three runs a side" 100 \
	--rows children,self --top 20 "$T/b3" "$T/n3"
check_width "three runs a side, --width 80" 80 \
	--rows children,self --top 20 --width 80 "$T/b3" "$T/n3"
check_width "three runs a side, --width 60" 60 \
	--rows children,self --width 60 "$T/b3" "$T/n3"
check_width "--rows calltrace too" 100 --rows calltrace,children,self \
	"$T/b3" "$T/n3"

"$FLAMEDIFF" diff --rows children,self --format json "$T/b3" "$T/n3" \
	>"$T/json" && grep -q "perf-profile.children.[a-z-]*.$long_a\"" "$T/json"
ok $? "json keeps the names whole"
"$FLAMEDIFF" diff --rows children,self --format csv "$T/b3" "$T/n3" \
	>"$T/csv" && grep -q "^perf-profile.self.[a-z-]*.$long_c," "$T/csv"
ok $? "csv keeps the names whole"

# without --rows, LKP's table as it is: keys whole
"$FLAMEDIFF" diff "$T/b3" "$T/n3" >"$T/lkp"
ok $? "diff without --rows exits 0"
grep -q "  perf-profile.children.[a-z-]*.$long_a\$" "$T/lkp"
ok $? "without --rows the keys stay whole, as LKP prints them"

# --- names of control characters ------------------------------------------
printf 'p;main;\001\002 60\np;main;x 40\n' >"$T/cb.folded"
printf 'p;main;\001\002 10\np;main;x 90\n' >"$T/cn.folded"
"$FLAMEDIFF" diff "$T/cb.folded" "$T/cn.folded" >"$T/ctl" 2>"$T/ctl.err"
rc=$?
[ $rc -eq 0 ] && grep -q 'perf-profile.children.[a-z-]*.\\x01\\x02$' "$T/ctl"
ok $? "a name of control characters shows escaped in the table"
[ $rc -eq 0 ] && nonempty "$T/ctl" && ! LC_ALL=C grep -q "$(printf '[\001\002]')" "$T/ctl"
ok $? "... and no control character reaches the text"

done_testing
