#!/bin/sh
# A focus view's SVG (svg --diff --focus) in headless Chromium
# (playwright-core from npm, "make deps" installs it): zoom and search keep
# to the part a frame is in, callers above or callees below. The checks are
# in tests/browser/svg-focus.js.
. tests/tap-lib.sh

skip_without /usr/bin/chromium node
if [ ! -d node_modules/playwright-core ]; then
	echo "1..0 # SKIP node_modules/playwright-core missing (make deps)"
	exit 0
fi

"$FLAMEDIFF" svg --diff --focus target tests/data/focus/base.folded \
	tests/data/focus/new.folded -o "$T/focus.svg" || exit 1
# A browser that hangs must not hang make check.
timeout 180 node tests/browser/svg-focus.js "$T/focus.svg"
