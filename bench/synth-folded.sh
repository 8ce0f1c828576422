#!/bin/sh
# synth-folded.sh N: a folded profile of N distinct stacks, the same on
# every machine: 8 processes, paths of 4 to 40 frames drawn from 2000
# names, the deeper ones kernel frames. bench/png.sh and bench/scale.sh
# draw it.
awk -v n="${1:-1000}" 'BEGIN {
	x = 12345
	for (i = 0; i < n; i++) {
		x = (x * 16807) % 2147483647
		d = 4 + x % 37
		s = "proc" (x % 8)
		for (j = 0; j < d; j++) {
			x = (x * 16807) % 2147483647
			s = s ";fn_" (x % 2000) (j > 2 ? "_[k]" : "")
		}
		print s, 1 + x % 100
	}
}'
