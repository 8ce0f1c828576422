# Sourced by tests that compare flamediff's names with perf script's: the
# PLT stubs of a binary, named from binutils' own view of it, for an exact
# oracle. perf 6.1 names a stub "_init+0x.." when the sizeless _init of
# .init (stretched to the next symbol) covers the PLT, "[unknown]" in a
# stripped binary, and never names .plt.sec's (IBT) or .plt.got's stubs;
# flamediff names every one "name@plt" (collector/dso.c read_plt).

# awk has no hex input (mawk, Debian's, lacks strtonum): a number from hex
plt_hex='
function hex(s,   i, n) {
	n = 0
	s = tolower(s)
	for (i = 1; i <= length(s); i++)
		n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return n
}'

# plt_ranges BIN: "OFF END NAME" (file offsets, hex) for each stub of BIN,
# from objdump's synthetic "<name@plt>" labels in .plt, .plt.sec and
# .plt.got, demangled as perf report shows C++ names (no parameters); the
# PLT's header is ".plt". perf script prints a user frame's address as
# its offset in the file, so the ranges are offsets too.
plt_ranges() {
	readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\] *//' |
		awk '$1 ~ /^\.plt(\.sec|\.got)?$/ { print "S", $1, $3, $4, $5 }' \
		>"$T/plt.secs"
	objdump -d -C -j .plt -j .plt.sec -j .plt.got "$1" 2>/dev/null |
		sed -n 's/^\([0-9a-f][0-9a-f]*\) <\(.*\)>:$/L \1 \2/p' |
		cat "$T/plt.secs" - | awk "$plt_hex"'
	$1 == "S" { sa[++ns] = hex($3); so[ns] = hex($4); se[ns] = hex($5); next }
	{
		a = hex($2); name = $3
		for (i = 4; i <= NF; i++)
			name = name " " $i
		if (name ~ /@plt-0x/ || name == ".plt")
			name = ".plt"
		sub(/\(.*\)@plt$/, "@plt", name)
		for (i = 1; i <= ns; i++)
			if (a >= sa[i] && a < sa[i] + se[i])
				break
		if (i > ns)
			next
		n++; off[n] = a - sa[i] + so[i]; nm[n] = name
		end[n] = so[i] + se[i]
		if (n > 1 && end[n - 1] > off[n] && off[n - 1] < off[n])
			end[n - 1] = off[n]
	}
	END { for (i = 1; i <= n; i++) printf "%x %x %s\n", off[i], end[i], nm[i] }'
}

# plt_fix BIN <PERF-SCRIPT-TEXT >TEXT: perf script's frames in BIN's PLT
# renamed "name@plt" (+0xOFFSET), whatever perf called them.
plt_fix() {
	plt_ranges "$1" >"$T/plt.ranges"
	awk -v bin="$1" "$plt_hex"'
	FNR == NR {
		lo[++n] = hex($1); hi[n] = hex($2)
		sub(/^[^ ]+ [^ ]+ /, ""); nm[n] = $0; next
	}
	/^[ \t]+[0-9a-f]+ / && index($0, " (" bin ")") {
		a = hex($1)
		for (i = 1; i <= n; i++)
			if (a >= lo[i] && a < hi[i]) {
				match($0, /^[ \t]+[0-9a-f]+ /)
				printf "%s%s+0x%x (%s)\n", substr($0, 1, RLENGTH),
					nm[i], a - lo[i], bin
				next
			}
	}
	{ print }' "$T/plt.ranges" -
}
