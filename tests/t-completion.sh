#!/bin/sh
# Shell completion made from the option tables: 'flamediff completion
# bash' is a script bash can source, and completing with it offers the
# commands, a command's options and an option's values.
. tests/tap-lib.sh
skip_without bash

"$FLAMEDIFF" completion bash >"$T/flamediff.bash"
ok $? "flamediff completion bash exits 0"
bash -n "$T/flamediff.bash"
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
