# Sourced by tests/t-golden.sh and by tests/gen-golden.sh: every command on
# the corpus, each writing one file into $OUT. A change that means to move
# an output regenerates the goldens (sh tests/gen-golden.sh) in the same
# commit and says why; any other change leaves them byte for byte (PNG:
# pixel for pixel).
# golden_run NAME COMMAND...: run the command, stdout to $OUT/NAME; the
# exit status goes to $OUT/NAME.rc so that a failing command cannot match.
golden_run() {
	name=$1
	shift
	"$@" >"$OUT/$name" 2>"$OUT/$name.err"
	echo $? >"$OUT/$name.rc"
	rm -f "$OUT/$name.err"
}

golden_all() { # golden_all FLAMEDIFF DATA-DIR
	fd=$1
	d=$2
	for c in mremap session; do
		in=$d/$c.perf-script.gz
		golden_run fold-$c.folded "$fd" fold "$in"
		golden_run fold-$c.stdout "$fd" fold "$in" -o "$OUT/fold-$c.prof"
		golden_run report-$c.txt "$fd" report "$in"
		golden_run report-lkp-$c.txt "$fd" report --lkp "$in"
		golden_run report-$c.json "$fd" report --format json "$in"
		golden_run report-$c.csv "$fd" report --format csv "$in"
		golden_run svg-$c.svg "$fd" svg "$in" -o -
		golden_run png-$c.stdout "$fd" png "$in" -o "$OUT/png-$c.png"
	done
	s=$d/seed
	golden_run diff-seed.txt "$fd" diff "$s/base" "$s/new"
	golden_run diff-seed-all.txt "$fd" diff --all "$s/base" "$s/new"
	golden_run diff-seed.json "$fd" diff --format json "$s/base" "$s/new"
	golden_run diff-seed.csv "$fd" diff --format csv "$s/base" "$s/new"
	golden_run diff-seed.folded "$fd" diff --folded "$s/base" "$s/new"
	golden_run diff-stats.txt "$fd" diff "$d/diff/stats-base" \
		"$d/diff/stats-new"
	golden_run svg-diff-seed.svg "$fd" svg --diff "$s/base" "$s/new" -o -
	golden_run png-diff-seed.stdout "$fd" png --diff "$s/base" "$s/new" \
		--table 10 -o "$OUT/png-diff-seed.png"
}
