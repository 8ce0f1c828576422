#!/bin/sh
# The parts' include arrows run one way: cli -> {render, collector} ->
# analyzer -> lib. A file may include headers of its own part and of the
# parts below it, never of a part above it or beside it.
. "$(dirname "$0")/tap-lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

# allowed PART: the parts whose headers PART's files may include
allowed() {
	case $1 in
	lib) echo "lib" ;;
	analyzer) echo "analyzer lib" ;;
	render) echo "render analyzer lib" ;;
	collector) echo "collector analyzer lib" ;;
	cli) echo "cli render collector analyzer lib" ;;
	esac
}

# layer_violations DIR: print "file:line: part -> header" for every
# forbidden include below DIR; exit status 0 if there is none, 1 otherwise.
# An include must name its part ("lib/error.h"): a bare "error.h" is
# refused too, since it hides which part it comes from.
layer_violations() {
	bad=0
	for part in lib analyzer render collector cli; do
		[ -d "$1/$part" ] || continue
		ok_parts=$(allowed $part)
		for f in "$1/$part"/*.c "$1/$part"/*.h; do
			[ -f "$f" ] || continue
			# "-n" gives LINE:#include "HEADER"
			grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
			while IFS= read -r l; do
				n=${l%%:*}
				h=${l#*\"}
				h=${h%%\"*}
				hp=${h%%/*}
				fine=0
				if [ "$hp" != "$h" ]; then
					for a in $ok_parts; do
						[ "$hp" = "$a" ] && fine=1
					done
				fi
				# gen/ is render's generated code
				[ "$part" = render ] && [ "$hp" = gen ] && fine=1
				[ $fine -eq 1 ] ||
					echo "${f#$1/}:$n: $part -> $h"
			done
		done
	done | tee "$T/violations"
	[ ! -s "$T/violations" ]
}

# Self-test: a tree with one forbidden include of each kind is caught, and
# a clean one passes, so a silent checker cannot pass.
mkdir -p "$T/tree/lib" "$T/tree/analyzer" "$T/tree/render" "$T/tree/collector"
printf '#include "lib/error.h"\n' >"$T/tree/analyzer/ok.c"
printf '#include "analyzer/profile.h"\n#include "lib/strbuf.h"\n' \
	>"$T/tree/render/ok.c"
layer_violations "$T/tree" >/dev/null
ok $? "a tree with allowed includes only passes"

for bad in 'lib/x.c:analyzer/profile.h' 'analyzer/x.c:render/layout.h' \
	'analyzer/x.h:collector/record.h' 'render/x.c:collector/dso.h' \
	'collector/x.c:render/svg.h' 'render/x.c:cli/builtin.h' \
	'analyzer/x.c:error.h'; do
	file=${bad%%:*}
	hdr=${bad#*:}
	printf '#include <stdio.h>\n#include "%s"\n' "$hdr" >"$T/tree/$file"
	layer_violations "$T/tree" >"$T/out"
	rc=$?
	[ $rc -ne 0 ] && grep -q "^$file:2: .* -> $hdr\$" "$T/out"
	ok $? "a forbidden include is caught: $file includes $hdr"
	rm -f "$T/tree/$file"
done

# The real tree.
layer_violations "$top" >"$T/real"
rc=$?
ok $rc "no file includes a header of a layer above or beside it"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/real"

done_testing
