# Sourced by the tests that hold two folds of one recording to each other
# (fold X.data against perf script | fold, ours against perf's).

# overlap A B: the weight common to two folded files over the larger
# total (sum over stacks of min(a, b) / max(total a, total b)); 0 when
# either is empty
overlap() {
	awk 'FNR == 1 { f++ }
		{ n = $NF; $NF = ""; if (f == 1) { a[$0] += n; ta += n }
		  else { b[$0] += n; tb += n } }
		END { for (k in a) if (k in b) s += a[k] < b[k] ? a[k] : b[k];
		      t = ta > tb ? ta : tb; printf "%.4f\n", t ? s / t : 0 }' \
		"$1" "$2"
}

# atleast GOT WANT: exit 0 when GOT >= WANT (decimals)
atleast() {
	awk -v g="$1" -v w="$2" 'BEGIN { exit !(g >= w) }'
}

# top_diff A B [N]: on a failure, as TAP comments, the N (6) stacks whose
# weights differ most (A's excess +, B's -)
top_diff() {
	awk 'FNR == 1 { f++ }
		{ n = $NF; $NF = ""; if (f == 1) a[$0] += n; else b[$0] += n }
		END { for (k in a) if (a[k] > b[k]) print a[k] - b[k], "+", k
		      for (k in b) if (b[k] > a[k]) print b[k] - a[k], "-", k }' \
		"$1" "$2" | sort -nr | head -"${3:-6}" | cut -c1-160 |
		sed 's/^/#   /'
}

# bid_of ELF: its GNU build-id (hex)
bid_of() {
	readelf -n "$1" 2>/dev/null | awk '/Build ID:/ { print $3; exit }'
}
