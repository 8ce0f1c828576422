#!/bin/sh
# The rule of tests/README.md, checked over the whole suite: run every
# shell test with a flamediff that does nothing (FLAMEDIFF=/bin/false, then
# /bin/true) and list the checks that still pass. That list must be exactly
# tests/null-tool-allow.txt, where each line is one check that may pass
# without the tool (it checks the tree, the test data, a file left behind,
# or an exit status the null tool happens to have) and has a sibling check
# on the output that fails. Any other check that passes does not test the
# tool: fix the test, not the list.
#
# Usage (from the top of the tree, after make check): sh tests/tools/null-tool-run.sh
# Exit status 0 when the lists agree; 1 with the difference otherwise.
# NULL_TOOL_LIST=FILE writes the measured list there too (to update the
# allow-list after a reviewed change: cp FILE tests/null-tool-allow.txt).

allow=tests/null-tool-allow.txt
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
tmo=
command -v timeout >/dev/null && tmo="timeout 300"

for tool in /bin/false /bin/true; do
	for t in tests/t-*.sh; do
		FLAMEDIFF=$tool $tmo sh "$t" >"$out/tap" 2>/dev/null </dev/null
		# A passing check is an "ok" line (a TODO that passes too); a
		# whole test that skips is a pass as well: both must be listed.
		sed -n -e 's/^ok [0-9]*$/(no description)/p' \
			-e 's/^ok [0-9]* - \(.*\)$/\1/p' \
			-e 's/^ok [0-9]* \(# .*\)$/\1/p' \
			-e 's/^1\.\.0 # SKIP.*$/(the whole test skips)/p' "$out/tap" |
		while IFS= read -r d; do
			printf '%s\t%s\t%s\n' "$tool" "${t#tests/}" "$d"
		done
	done
done >"$out/passed"
[ -z "$NULL_TOOL_LIST" ] || cp "$out/passed" "$NULL_TOOL_LIST"

# Each allowed line: TOOL, TEST and the check's description, tab-separated;
# the description may be a shell pattern ("*" for a test that does not run
# flamediff at all). Every check that passed must match a line, and every
# line must match a check that passed (a stale line is an error too), but
# for skips, which depend on the machine.
grep -v '^#' "$allow" | grep -v '^[[:space:]]*$' >"$out/allowed"
: >"$out/used"
while IFS='	' read -r tool t d; do
	hit=
	while IFS='	' read -r at att ad; do
		[ "$at" = "$tool" ] && [ "$att" = "$t" ] || continue
		# shellcheck disable=SC2254
		case $d in
		$ad) hit="$at	$att	$ad"; break ;;
		esac
	done <"$out/allowed"
	if [ -n "$hit" ]; then
		printf '%s\n' "$hit" >>"$out/used"
	else
		printf '+ %s\t%s\t%s\n' "$tool" "$t" "$d"
	fi
done <"$out/passed" >"$out/extra"
sort -u "$out/used" >"$out/used.s"
# A skip depends on the machine (perf, node, a user that may record): an
# allowed skip need not happen, but one that happens must be allowed.
sort -u "$out/allowed" | comm -23 - "$out/used.s" |
	awk -F '\t' '$3 !~ /^# SKIP/ && $3 !~ /^\(the whole test skips\)/' |
	sed 's/^/- /' >"$out/stale"
if [ ! -s "$out/extra" ] && [ ! -s "$out/stale" ]; then
	echo "null-tool-run: $(wc -l <"$out/passed") checks pass without the tool, all allowed by $allow"
	exit 0
fi
echo "null-tool-run: the checks that pass with FLAMEDIFF=/bin/false or /bin/true differ from $allow"
echo "(+ passes but is not allowed: fix the test; - allowed but passes no more: remove the line)"
cat "$out/extra" "$out/stale"
exit 1
