# LKP's parse of `perf report --children --header -U -g folded,0.5,callee
# --sort=dso,symbol` text (the rules of ../shared/reference/lkp-perf-profile.md,
# section 2, written from those facts): one section per event ("# Samples:
# N of event 'E'"), children and self of each entry, calltrace of each
# folded line cut to its first 5 names; clone suffixes removed, equal
# keys summed, values >= 0.05 printed "key: %.2f", sorted by the caller.
# A name with a blank ("ns::twice<unsigned long>") is no key: LKP's
# parser reads a name as one blank-free token (analyzer/metrics.c does
# the same).
function clean(s) {
	gsub(/\.(isra|constprop|part)\.[0-9]+/, "", s)
	return s
}
/^# Samples: / {
	ev = $0
	sub(/^[^']*'/, "", ev)
	sub(/'.*$/, "", ev)
	gsub(/:/, "-", ev)
	next
}
/^#/ || ev == "" { next }
/^ +[0-9.]+% +[0-9.]+% / {
	c = $1; s = $2
	sub(/%/, "", c); sub(/%/, "", s)
	sym = $0
	if (!sub(/^.*\] /, "", sym))
		next
	sub(/[ \t]+-[ \t]+-[ \t]*$/, "", sym)
	sub(/[ \t]+$/, "", sym)
	if (sym ~ /[ \t]/)
		next
	sym = clean(sym)
	v["perf-profile.children." ev "." sym] += c
	v["perf-profile.self." ev "." sym] += s
	next
}
/^[0-9.]+% / {
	p = $1
	sub(/%/, "", p)
	line = $0
	sub(/^[0-9.]+% /, "", line)
	n = split(line, f, ";")
	key = f[1]
	for (i = 2; i <= n && i <= 5; i++)
		key = key "." f[i]
	if (key !~ /[ \t]/)
		v["perf-profile.calltrace." ev "." clean(key)] += p
}
END {
	for (k in v)
		if (v[k] >= 0.05)
			printf "%s: %.2f\n", k, v[k]
}
