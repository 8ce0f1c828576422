#!/bin/sh
# Regenerate tests/data/golden from a build: sh tests/gen-golden.sh
# [FLAMEDIFF]. Only for a change that means to move an output; say which
# and why in its commit message.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
fd=${1:-$top/build/flamediff}
OUT=$top/tests/data/golden
rm -rf "$OUT"
mkdir -p "$OUT"
. "$top/tests/golden-cmds.sh"
cd "$top/tests"
golden_all "$fd" data
# Text compresses well; the PNGs are compared as pictures.
for f in "$OUT"/*; do
	case $f in *.png | *.rc) ;; *) gzip -9n "$f" ;; esac
done
