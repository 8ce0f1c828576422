#!/bin/sh
# skip-summary.sh DIR: how many tests and checks the TAP logs in DIR (of
# tap-tee.sh) skipped, grouped by reason, so that a skip (a clone without
# 'make deps', no perf_event_open) is read at the end of make check, not
# lost among the lines of the run.
dir=$1
[ -d "$dir" ] || exit 0
for log in "$dir"/*.tap; do
	[ -f "$log" ] || continue
	name=$(cat "$log.name" 2>/dev/null || echo "$log")
	awk -v name="$name" '
	/^1\.\.0[ \t]*#[ \t]*[Ss][Kk][Ii][Pp]/ {
		r = $0; sub(/^1\.\.0[ \t]*#[ \t]*[Ss][Kk][Ii][Pp][ \t]*/, "", r)
		printf "test\t%s\t%s\n", (r == "" ? "no reason given" : r), name
		next
	}
	/^ok[ \t].*#[ \t]*[Ss][Kk][Ii][Pp]/ {
		r = $0; sub(/^.*#[ \t]*[Ss][Kk][Ii][Pp][ \t]*/, "", r)
		printf "check\t%s\t%s\n", (r == "" ? "no reason given" : r), name
	}' "$log"
done | awk -F'\t' '
{
	key = $2
	if (!(key in seen)) { seen[key] = 1; order[n++] = key }
	if ($1 == "test") { tests[key]++; nt++ } else { checks[key]++; nc++ }
	if (index(" " files[key] " ", " " $3 " ") == 0)
		files[key] = files[key] (files[key] == "" ? "" : " ") $3
}
END {
	if (!n) {
		print "Skipped: nothing"
		exit
	}
	printf "Skipped: %d test%s and %d check%s, by reason:\n", nt,
		nt == 1 ? "" : "s", nc, nc == 1 ? "" : "s"
	for (i = 0; i < n; i++) {
		k = order[i]; what = ""
		if (tests[k])
			what = tests[k] " test" (tests[k] == 1 ? "" : "s")
		if (checks[k])
			what = what (what == "" ? "" : ", ") checks[k] " check" \
				(checks[k] == 1 ? "" : "s")
		printf "  %s: %s (%s)\n", what, k, files[k]
	}
}'
