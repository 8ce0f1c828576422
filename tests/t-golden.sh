#!/bin/sh
# Every command on the corpus gives the bytes it gave when the goldens were
# made (PNG: the same pixels): refactoring must not move an output. See
# tests/golden-cmds.sh for the commands and how to regenerate.
. "$(dirname "$0")/tap-lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
G=$top/tests/data/golden
PIX=${PNG_PIXELS:-$top/build/tests/tools/png-pixels}
OUT=$T/out
mkdir -p "$OUT"
. "$top/tests/golden-cmds.sh"
# Relative input names, as the goldens were made: they show in messages.
cd "$top/tests" && golden_all "$FLAMEDIFF" data

for g in "$G"/*; do
	name=${g##*/}
	case $name in
	*.png)
		"$PIX" "$g" "$OUT/$name" 2>"$T/pix"
		ok $? "$name: the same pixels"
		sed 's/^/#   /' "$T/pix"
		;;
	*.gz)
		name=${name%.gz}
		gzip -dc "$g" >"$T/want"
		cmp -s "$T/want" "$OUT/$name"
		rc=$?
		# An empty golden (the stdout of a command that writes its
		# output with -o) is matched by a tool that does nothing: it
		# counts only with the command's exit status and the file it
		# wrote (NAME.stdout's sibling NAME.prof or NAME.png).
		if [ $rc -eq 0 ] && [ ! -s "$T/want" ]; then
			base=${name%.stdout}
			cmp -s "$G/$name.rc" "$OUT/$name.rc" &&
				{ nonempty "$OUT/$base.prof" ||
					nonempty "$OUT/$base.png"; }
			rc=$?
		fi
		ok $rc "$name: the same bytes"
		[ $rc -eq 0 ] || diff "$T/want" "$OUT/$name" | head -10 |
			sed 's/^/#   /'
		;;
	*)
		cmp -s "$g" "$OUT/$name"
		ok $? "${name%.rc}: the same exit status ($(cat "$g"))"
		;;
	esac
done
done_testing
