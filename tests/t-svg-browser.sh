#!/bin/sh
# The differential SVG in headless Chromium (playwright-core from npm,
# "make deps" installs it): hover, click to zoom, search, the URL, reset,
# and hostile names. The checks are in tests/browser/svg-diff.js.
. tests/tap-lib.sh

skip_without /usr/bin/chromium node
if [ ! -d node_modules/playwright-core ]; then
	echo "1..0 # SKIP node_modules/playwright-core missing (make deps)"
	exit 0
fi

"$FLAMEDIFF" svg --diff tests/data/seed/base tests/data/seed/new -o "$T/diff.svg" || exit 1
"$FLAMEDIFF" svg tests/data/svg/hostile-names.folded -o "$T/hostile.svg" || exit 1
# The legend at other widths: where issue 26 saw it cut (1400 px), and
# the narrowest graph
"$FLAMEDIFF" svg --diff --width 1400 tests/data/seed/base tests/data/seed/new \
	-o "$T/diff-1400.svg" || exit 1
"$FLAMEDIFF" svg --diff --width 400 tests/data/seed/base tests/data/seed/new \
	-o "$T/diff-400.svg" || exit 1
# A browser that hangs must not hang make check.
timeout 180 node tests/browser/svg-diff.js "$T/diff.svg" "$T/hostile.svg" \
	"$T/diff-1400.svg" "$T/diff-400.svg"
rc=$?
exit $rc
