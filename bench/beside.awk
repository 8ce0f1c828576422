# awk -f bench/beside.awk BASE.txt NEW.txt: the lines of a bench script's
# run with the new build, each followed by the baseline's line of the same
# shape (the same text once numbers are masked) when its figures differ,
# and a flag for every figure more than 10% worse: seconds, KB, MB and B
# (lower is better), anything per second (higher is better). Other
# numbers (counts, ratios, percentages) are shown, not judged. Times
# under 0.02 s are too noisy to judge.
function shape(s) {
	gsub(/[0-9]+(\.[0-9]+)?/, "#", s)
	return s
}
# Split s into nums[] and units[] (the word after each number).
function figures(s, nums, units,    n, m, rest, u) {
	n = 0
	rest = s
	while (match(rest, /-?[0-9]+(\.[0-9]+)?[ ]?[A-Za-z\/%]*/)) {
		m = substr(rest, RSTART, RLENGTH)
		u = m
		sub(/^-?[0-9]+(\.[0-9]+)?[ ]?/, "", u)
		sub(/[ ]?[A-Za-z\/%]*$/, "", m)
		nums[++n] = m + 0
		units[n] = u
		rest = substr(rest, RSTART + RLENGTH)
	}
	return n
}
function judge(b, s,    bn, bu, nn, nu, k, i, out, worse, lower) {
	k = figures(b, bn, bu)
	if (figures(s, nn, nu) != k)
		return ""
	out = ""
	for (i = 1; i <= k; i++) {
		if (bu[i] ~ /\/s$/)
			lower = 0
		else if (bu[i] == "s" || bu[i] == "KB" || bu[i] == "MB" ||
			 bu[i] == "B")
			lower = 1
		else
			continue
		if (bu[i] == "s" && bn[i] < 0.02 && nn[i] < 0.02)
			continue
		if (bn[i] <= 0 || nn[i] <= 0)
			continue
		worse = lower ? nn[i] / bn[i] : bn[i] / nn[i]
		if (worse > 1.10)
			out = out sprintf(" [%s %s -> %s %s: %+.0f%%]",
					  bn[i], bu[i], nn[i], nu[i],
					  100 * (nn[i] / bn[i] - 1))
	}
	return out ? "    REGRESSION >10%:" out : ""
}
FNR == NR { b[++nb] = $0; bs[nb] = shape($0); next }
{
	print
	s = shape($0)
	for (j = p + 1; j <= nb; j++)
		if (bs[j] == s)
			break
	if (j > nb)
		next
	p = j
	if (b[j] == $0)
		next
	print "    baseline: " b[j]
	r = judge(b[j], $0)
	if (r)
		print r
}
