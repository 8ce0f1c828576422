#!/bin/sh
# Shell completion made from the option tables: 'flamediff completion
# bash' is a script bash can source, and completing with it offers the
# commands, a command's options and an option's values.
. tests/tap-lib.sh
skip_without bash

"$FLAMEDIFF" completion bash >"$T/flamediff.bash"
ok $? "flamediff completion bash exits 0"
nonempty "$T/flamediff.bash" && bash -n "$T/flamediff.bash"
ok $? "the script is valid bash"

# complete WORD...: what the completion offers for the command line
# "WORD..." (the last word being completed), one a line.
complete_words() {
	bash -c '. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_flamediff || exit 1
		for w in "${COMPREPLY[@]}"; do echo "$w"; done' sh "$T/flamediff.bash" "$@"
}

complete_words flamediff "diff" "--mi" >"$T/out"
[ $? -eq 0 ] && grep -qx -- '--min-change' "$T/out"
ok $? "flamediff diff --mi offers --min-change"
complete_words flamediff "" >"$T/out"
rc=$?
for c in fold report diff svg png record completion; do
	[ $rc -eq 0 ] && grep -qx "$c" "$T/out"
	ok $? "flamediff <TAB> offers $c"
done
complete_words flamediff report --format "" >"$T/out"
[ $? -eq 0 ] && [ "$(sort "$T/out" | tr '\n' ' ')" = "csv json lkp table " ]
ok $? "report --format <TAB> offers its formats ($(tr '\n' ' ' <"$T/out"))"
complete_words flamediff svg --color-by s >"$T/out"
[ $? -eq 0 ] && [ "$(cat "$T/out")" = self ]
ok $? "svg --color-by s offers self"
complete_words flamediff record --c >"$T/out"
[ $? -eq 0 ] && grep -qx -- '--call-graph' "$T/out" &&
	grep -qx -- '--count' "$T/out"
ok $? "record --c offers --call-graph and --count"
# Every option with choices offers them, by its table's words (callbacks'
# options too: --colors, --rows, --input-format).
for cmd in fold report diff svg png record; do
	"$FLAMEDIFF" --list-options $cmd >"$T/list.$cmd" ||
		echo "--list-options $cmd fails" >"$T/list.$cmd"
	awk -F'\t' '$3 == "required" && $4 ~ /^words:/ { print $1 }' \
		"$T/list.$cmd" >"$T/withwords"
	while read -r opt; do
		awk -F'\t' -v o="$opt" '$1 == o { sub(/^words:/, "", $4); print $4 }' \
			"$T/list.$cmd" | tr ',' '\n' | sort >"$T/want"
		complete_words flamediff $cmd "$opt" "" | sort >"$T/got"
		nonempty "$T/want" && cmp -s "$T/want" "$T/got"
		ok $? "$cmd $opt <TAB> offers its choices ($(tr '\n' ' ' <"$T/want"))"
	done <"$T/withwords"
done
for o in "diff --rows" "svg --colors" "png --bgcolors" "report --input-format"; do
	grep -q "^${o#* }	[^	]*	required	words:" "$T/list.${o% *}"
	ok $? "$o has its choices in the table"
done
# The words offered are taken: each palette, row group and input format.
printf 'a;b 3\na;c 1\n' >"$T/p.folded"
bad=
for w in $(complete_words flamediff svg --colors ""); do
	"$FLAMEDIFF" svg --colors "$w" -o "$T/c.svg" "$T/p.folded" 2>/dev/null &&
		nonempty "$T/c.svg" || bad="$bad $w"
done
[ -z "$bad" ] && nonempty "$T/c.svg"
ok $? "every palette offered draws (not:$bad)"
bad=
for w in $(complete_words flamediff diff --rows ""); do
	"$FLAMEDIFF" diff --rows "$w" -o "$T/r.txt" "$T/p.folded" "$T/p.folded" \
		2>/dev/null || bad="$bad $w"
done
[ -z "$bad" ] && nonempty "$T/r.txt"
ok $? "every --rows group offered is taken (not:$bad)"
bad=
for w in $(complete_words flamediff report --input-format ""); do
	case $w in auto|folded) ;; *) continue ;; esac
	"$FLAMEDIFF" report --input-format "$w" -o "$T/f.txt" "$T/p.folded" \
		2>/dev/null || bad="$bad $w"
done
[ -z "$bad" ] && nonempty "$T/f.txt"
ok $? "--input-format auto and folded offered and taken (not:$bad)"

# -e: the events this machine opens, asked of flamediff when completing.
"$FLAMEDIFF" completion events >"$T/events"
ok $? "flamediff completion events exits 0"
mkdir "$T/bin" && ln -s "$FLAMEDIFF" "$T/bin/flamediff"
PATH="$T/bin:$PATH" complete_words flamediff record -e "" | sort >"$T/got"
sort "$T/events" >"$T/want"
nonempty "$T/want" && cmp -s "$T/want" "$T/got"
ok $? "record -e <TAB> offers them ($(tr '\n' ' ' <"$T/want"))"
ev=$(head -1 "$T/events")
if [ -z "$ev" ]; then
	ok 1 "an event is offered"
elif "$FLAMEDIFF" record -q -o "$T/ev.prof" -e "$ev" -- true 2>"$T/ev.err"; then
	grep -qx "# event: \"$ev\"" "$T/ev.prof"
	ok $? "the first event offered ($ev) records"
else
	ok 0 "# SKIP cannot record here: $(head -1 "$T/ev.err")"
fi

# Options of one command are not offered for another.
complete_words flamediff fold --min >"$T/out"
[ $? -eq 0 ] && [ ! -s "$T/out" ]
ok $? "fold --min offers nothing (--min-change is diff's)"

# The script offers exactly the options the tables list.
for cmd in fold report diff svg png record; do
	"$FLAMEDIFF" --list-options $cmd >"$T/list"
	rc=$?
	cut -f1 "$T/list" | grep -v '^-$' | sort >"$T/want"
	complete_words flamediff $cmd -- | sort >"$T/got"
	[ $rc -eq 0 ] && nonempty "$T/want" && cmp -s "$T/want" "$T/got"
	ok $? "$cmd: --<TAB> offers the table's long options"
done

"$FLAMEDIFF" completion zsh >"$T/zsh"
[ $? -eq 0 ] && grep -q bashcompinit "$T/zsh"
ok $? "flamediff completion zsh: bash's, through bashcompinit"
"$FLAMEDIFF" completion fish >/dev/null 2>&1
[ $? -eq 1 ]
ok $? "an unknown shell is a usage error"

# make install puts the same script in place: it installs the output
# of "flamediff completion bash" (Makefile), so it cannot be stale.

done_testing
