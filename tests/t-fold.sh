#!/bin/sh
# flamediff fold is a drop-in for stackcollapse-perf.pl: on the two corpus
# captures and on a file of perf script gotchas, every option set gives the
# bytes the Perl script gave (tests/data/fold/*.folded*, made by running
# the script on these inputs). Then -o FILE.prof, and bad input.
. tests/tap-lib.sh

D=tests/data/fold

# same DESCRIPTION EXPECTED-FILE FOLD-ARGS...: fold's stdout equals the file
same() {
	d=$1 want=$2
	shift 2
	case $want in
	*.gz) gzip -dc "$want" >"$T/want" ;;
	*) cp "$want" "$T/want" ;;
	esac
	"$FLAMEDIFF" fold "$@" >"$T/got" 2>"$T/err"
	rc=$?
	[ $rc -eq 0 ] && cmp -s "$T/want" "$T/got"
	ok $? "$d"
	if [ $rc -ne 0 ]; then
		sed 's/^/#   /' "$T/err"
	elif ! cmp -s "$T/want" "$T/got"; then
		diff "$T/want" "$T/got" | head -10 | cut -c1-200 | sed 's/^/#   /'
	fi
}

for n in mremap session; do
	in=tests/data/$n.perf-script.gz
	same "$n: default" $D/$n.folded.gz "$in"
	for opt in pid tid kernel jit all addrs; do
		same "$n: --$opt" $D/$n.$opt.folded.gz --$opt "$in"
	done
done

in=$D/gotchas.perf-script
same "gotchas: default" $D/gotchas.folded "$in"
for opt in pid tid kernel jit all addrs; do
	same "gotchas: --$opt" $D/gotchas.$opt.folded --$opt "$in"
done
same "gotchas: --event-filter instructions:u" \
	$D/gotchas.ev-instructions.folded --event-filter instructions:u "$in"
same "gotchas: --event-filter=sched:sched_switch --tid --all" \
	$D/gotchas.ev-sched.tid.all.folded --event-filter=sched:sched_switch \
	--tid --all "$in"
# The expected outputs differ where the options matter.
cmp -s $D/gotchas.folded $D/gotchas.all.folded
ok $((!$?)) "gotchas: --all output differs from the default"

# Several files fold together; the first event seen rules them all.
same "three files at once, --all" $D/multi.all.folded.gz --all \
	tests/data/mremap.perf-script.gz "$in" tests/data/session.perf-script.gz

# Standard input, gzip or not.
gzip -dc tests/data/mremap.perf-script.gz | "$FLAMEDIFF" fold >"$T/got"
gzip -dc $D/mremap.folded.gz | cmp -s - "$T/got"
ok $? "perf script on standard input"
"$FLAMEDIFF" fold <tests/data/session.perf-script.gz >"$T/got"
gzip -dc $D/session.folded.gz | cmp -s - "$T/got"
ok $? "gzipped perf script on standard input"

# -o: a folded file, or a profile that folds back to the same bytes.
"$FLAMEDIFF" fold --kernel -o "$T/out.folded" tests/data/mremap.perf-script.gz
gzip -dc $D/mremap.kernel.folded.gz | cmp -s - "$T/out.folded"
ok $? "-o FILE writes the folded stacks"
for ext in prof prof.gz; do
	"$FLAMEDIFF" fold -o "$T/m.$ext" tests/data/mremap.perf-script.gz
	ok $? "-o FILE.$ext"
	if [ $ext = prof ]; then
		head -1 "$T/m.$ext" | grep -q '^# flamediff-profile 3 folded$' &&
			grep -q '^# event: "cpu-clock"$' "$T/m.$ext" &&
			grep -q '^# unit: "ns"$' "$T/m.$ext" &&
			grep -q '^# samples: 16058 samples$' "$T/m.$ext" &&
			grep -q '^# root: process$' "$T/m.$ext" &&
			grep -q '^stress-ng;.*_\[k\] [0-9]*$' "$T/m.$ext"
		ok $? "the profile has its header and kernel-marked frames"
	fi
	same "FILE.$ext folds back to the same bytes" $D/mremap.folded.gz \
		"$T/m.$ext"
	same "FILE.$ext folds back to the same bytes, --all" \
		$D/mremap.all.folded.gz --all "$T/m.$ext"
done

# Bad perf script: exit 2, FILE:LINE, and no output file (nor temporary).
bad() { # bad DESCRIPTION WHERE FOLD-ARGS...
	d=$1 where=$2
	shift 2
	rm -rf "$T/o"
	mkdir "$T/o"
	"$FLAMEDIFF" fold -o "$T/o/out.folded" "$@" >"$T/stdout" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q -- "$where" "$T/err" &&
		[ -z "$(ls "$T/o")" ] && [ ! -s "$T/stdout" ]
	ok $? "$d: exit 2 (got $rc), '$where', no output"
	[ $rc -eq 2 ] && grep -q -- "$where" "$T/err" || sed 's/^/#   /' "$T/err"
}

H='p 1 [000] 1.0: 5 cycles:'
printf '\tffff f+0x1 ([kernel.kallsyms])\n\n' >"$T/frame-first"
bad "a frame before any header" "frame-first:1:" "$T/frame-first"
printf '%s\n\t1 f (/x)\n\n%s\n\t1 f (/x)\ngarbage here\n\n' "$H" "$H" >"$T/garbage"
bad "--strict: garbage in a sample" "garbage:6:" --strict "$T/garbage"
# Without --strict, as inferno: the odd line skipped, one warning that
# counts them and names the first, every sample folded.
"$FLAMEDIFF" fold "$T/garbage" >"$T/garbage.out" 2>"$T/err"
rc=$?
printf 'p;f 10\n' >"$T/garbage.want"
[ $rc -eq 0 ] && cmp -s "$T/garbage.want" "$T/garbage.out"
ok $? "garbage in a sample: skipped, exit 0, every sample folded"
[ $rc -eq 0 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
	grep -q '^flamediff: warning: skipped 1 odd line of .*garbage:6: ' "$T/err"
ok $? "... one warning, the count and the first line" ||
	sed 's/^/#   /' "$T/err"
# The last sample needs no blank line after it (inferno keeps it; the
# script drops it).
printf '%s\n\t1 f (/x)\n\n%s\n\t1 f (/x)\n\t1 g (/x)\n' "$H" "$H" >"$T/cut"
printf 'p;f 5\np;g;f 5\n' >"$T/cut.want"
"$FLAMEDIFF" fold "$T/cut" >"$T/cut.got" 2>"$T/err" &&
	cmp -s "$T/cut.want" "$T/cut.got"
ok $? "the last sample without a blank line after it is folded"
printf '%s\n\t1 f (/x)\n\n%s\n\t1 f\000 (/x)\n\n' "$H" "$H" >"$T/nul"
bad "a NUL byte" "nul:5: binary" "$T/nul"
head -c 100000 tests/data/mremap.perf-script.gz >"$T/cut.gz"
bad "a cut gzip file" "cut.gz:" "$T/cut.gz"
bad "a bad file among good ones" "garbage:6:" --strict \
	tests/data/mremap.perf-script.gz "$T/garbage"
bad "a prof output and bad input" "garbage:6:" --strict "$T/garbage" \
	-o "$T/o/x.prof"
printf '%s\n\t1 f (/x)\n\n' "$H" >"$T/other-event"
bad "no sample of the asked event" "no samples" --event-filter instructions \
	"$T/other-event"

"$FLAMEDIFF" fold --no-such-option "$T/other-event" >/dev/null 2>&1
ok $(($? != 1)) "an unknown option is a usage error (exit 1)"

# Lines come out in byte order (as sort(1) in the C locale orders them),
# equal ones merged, however sibling names share a beginning: a frame's
# own line sorts before a sibling "NAME!", "NAME (", "NAME." that sorts
# before its children's "NAME;" (the writer walks the tree, not the text).
# Without --kernel "foo_[k]" prints as "foo": one line with the user foo.
printf '%s\n' 'p;foo;a 1' 'p;foo 2' 'p;foo.isra;b 3' 'p;foo!x 4' \
	'p;foo;a;c 5' 'p;foo_[k];z 6' 'p;foo_[k] 7' 'p;foo (x);q 8' \
	'p;foo;b 9' 'q 10' 'p;fo 12' 'p;foo_[k];a 13' 'p;foo;a 20' \
	'p;foo 1' 'p;foo-1;z 2' 'p;foo0 3' 'p;foo:;z 4' >"$T/order"
awk '{ n = $NF; sub(/ [0-9]+$/, ""); gsub(/_\[k\]/, ""); w[$0] += n }
	END { for (s in w) print s "\001" w[s] }' "$T/order" |
	LC_ALL=C sort | tr '\001' ' ' >"$T/order.want"
"$FLAMEDIFF" fold "$T/order" >"$T/order.got" 2>"$T/err" &&
	cmp -s "$T/order.want" "$T/order.got"
ok $? "lines in byte order, equal stacks merged"

# --- what inferno keeps, on a real capture --------------------------------
# The last sample with no blank line after it: the same fold.
gzip -dc tests/data/mremap.perf-script.gz >"$T/real.ps"
"$FLAMEDIFF" fold "$T/real.ps" >"$T/real.want" 2>"$T/err"
awk '{ l[NR] = $0 } END { n = NR; while (n > 0 && l[n] == "") n--;
	for (i = 1; i <= n; i++) print l[i] }' "$T/real.ps" >"$T/real.noblank"
[ "$(tail -c 1 "$T/real.noblank" | od -An -c | tr -d ' ')" = '\n' ] &&
	[ "$(tail -1 "$T/real.noblank" | cut -c1)" != '' ]
ok $? "the capture cut to end at its last frame line"
"$FLAMEDIFF" fold "$T/real.noblank" >"$T/real.got" 2>"$T/err"
[ $? -eq 0 ] && [ $(wc -l <"$T/real.want") -gt 100 ] &&
	cmp -s "$T/real.want" "$T/real.got"
ok $? "a real capture without its last blank line: the same fold"
# One sample alone, no blank line: that sample.
awk 'NR > 1 && /^[^\t]/ { exit } { print }' "$T/real.ps" |
	awk 'NF' >"$T/one.ps"
printf '\n' | cat "$T/one.ps" - >"$T/one.blank"
"$FLAMEDIFF" fold "$T/one.blank" >"$T/one.want" 2>"$T/err" &&
	"$FLAMEDIFF" fold "$T/one.ps" >"$T/one.got" 2>>"$T/err"
[ $? -eq 0 ] && [ $(wc -l <"$T/one.want") -eq 1 ] &&
	cmp -s "$T/one.want" "$T/one.got"
ok $? "a capture of one sample folds to that sample" ||
	sed 's/^/#   /' "$T/err"
# An odd line inside a real sample: skipped, the sample the same, one
# warning naming it.
awk 'NR == 1000 { print "\tgarbage, no frame"; print "garbage 2" } { print }' \
	"$T/real.ps" >"$T/real.odd"
"$FLAMEDIFF" fold "$T/real.odd" >"$T/real.odd.got" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && cmp -s "$T/real.want" "$T/real.odd.got" &&
	[ "$(wc -l <"$T/err")" -eq 1 ] &&
	grep -q '^flamediff: warning: skipped 2 odd lines of .*real.odd (--strict refuses them), the first: .*real.odd:1000: ' "$T/err"
ok $? "odd lines inside a real sample: skipped, one warning, the same fold" ||
	sed 's/^/#   /' "$T/err"
"$FLAMEDIFF" fold --strict "$T/real.odd" >"$T/real.odd.got" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'real.odd:1000: ' "$T/err" && [ ! -s "$T/real.odd.got" ]
ok $? "--strict: refused at that line (exit 2), nothing written"

# --kernel / --jit as inferno marks, cycles:u and cycles one event
printf 'p 1 [000] 1.0: 3 cycles:u: \n\t1 v+0x1 ([vmlinux-6.1.0-13-amd64])\n\t1 m+0x1 (/lib/modules/6.1/kernel/fs/ext4/ext4.ko)\n\t1 j+0x1 (/tmp/jitted-42-7.so)\n\t1 main+0x1 (/bin/p)\n\np 1 [000] 1.1: 2 cycles: \n\t1 main+0x1 (/bin/p)\n' >"$T/marks.ps"
printf 'p;main 2\np;main;j_[j];m_[k];v_[k] 3\n' >"$T/marks.want"
"$FLAMEDIFF" fold --all "$T/marks.ps" >"$T/marks.got" 2>"$T/err"
[ $? -eq 0 ] && cmp -s "$T/marks.want" "$T/marks.got"
ok $? "--all: [vmlinux-..] and .ko kernel, jitted-*.so JIT; cycles:u and cycles one event" ||
	sed 's/^/#   /' "$T/marks.got" "$T/err"

# --- the same on perf script of a recording made here ---------------------
if command -v perf >/dev/null &&
	perf record -q -e cpu-clock -c 100000 -g -o "$T/live.data" -- \
		dd if=/dev/zero of=/dev/null bs=4k count=200000 \
		>/dev/null 2>&1 &&
	perf script -i "$T/live.data" >"$T/live.ps" 2>/dev/null &&
	grep -q 'cpu-clock:' "$T/live.ps"; then
	"$FLAMEDIFF" fold --all "$T/live.ps" >"$T/live.want" 2>"$T/err"
	live_rc=$?
	awk '{ l[NR] = $0 } END { n = NR; while (n > 0 && l[n] == "") n--;
		for (i = 1; i <= n; i++) print l[i] }' "$T/live.ps" >"$T/live.cut"
	"$FLAMEDIFF" fold --all "$T/live.cut" >"$T/live.got" 2>>"$T/err"
	[ $? -eq 0 ] && [ $live_rc -eq 0 ] && nonempty "$T/live.want" &&
		cmp -s "$T/live.want" "$T/live.got"
	ok $? "perf script of a recording, its last blank line cut: the same fold" ||
		sed 's/^/#   /' "$T/err"
	# a blank line into each of its first samples: the frames after it
	# are skipped, one warning counts them; --strict refuses the file
	awk '/^\t/ && !done[s] { print ""; done[s] = 1 } /^[^\t]/ { s++ } { print }' \
		"$T/live.ps" | head -200 >"$T/live.odd"
	"$FLAMEDIFF" fold "$T/live.odd" >"$T/live.odd.got" 2>"$T/err"
	[ $? -eq 0 ] && nonempty "$T/live.odd.got" && [ "$(wc -l <"$T/err")" -eq 1 ] &&
		grep -q '^flamediff: warning: skipped [0-9]* odd lines of .*live.odd' "$T/err"
	ok $? "empty lines inside its samples: read, one warning" ||
		sed 's/^/#   /' "$T/err"
	"$FLAMEDIFF" fold --strict "$T/live.odd" >/dev/null 2>"$T/err"
	[ $? -eq 2 ] && grep -q 'live.odd:[0-9]*: a stack frame outside a sample' "$T/err"
	ok $? "... and --strict refuses it, naming the line"
else
	ok 0 "# SKIP no perf record and perf script of a sample here"
fi

# --inline on perf script text: the frames perf prints "(inlined)" at the
# address of the frame below them are inlined into it (perf 6.1 with
# --call-graph dwarf); a lone "(inlined)" frame is the function itself
# named from the DWARF (work, the symbol work.constprop.0)
cat >"$T/inl.txt" <<'EOF'
inline  5451  1339.538769:    1001001 task-clock: 
	            11a2 hot_inner+0x12 (inlined)
	            11a2 work+0x12 (inlined)
	            1074 main+0x24 (/tmp/inline)
	           27249 __libc_start_call_main+0x79 (/usr/lib/x86_64-linux-gnu/libc.so.6)
	           27304 __libc_start_main_impl+0x84 (inlined)
	            10c0 _start+0x20 (/tmp/inline)

inline  5451  1339.539767:    1001001 task-clock: 
	            11b4 rec+0x24 (/tmp/inline)
	            11b4 rec+0x24 (/tmp/inline)
	            1074 main+0x24 (/tmp/inline)

EOF
"$FLAMEDIFF" fold --inline "$T/inl.txt" >"$T/inl.i" 2>"$T/inl.err"
rc=$?
"$FLAMEDIFF" fold "$T/inl.txt" >"$T/inl.n" 2>>"$T/inl.err"
rc2=$?
[ $rc -eq 0 ] && [ $rc2 -eq 0 ] &&
	grep -qx 'inline;_start;__libc_start_main_impl;__libc_start_call_main;main;work;hot_inner_\[i\] 1001001' "$T/inl.i" &&
	grep -qx 'inline;main;rec;rec 1001001' "$T/inl.i" &&
	grep -qx 'inline;_start;__libc_start_main_impl;__libc_start_call_main;main;work;hot_inner 1001001' "$T/inl.n"
ok $? "--inline on perf script text: (inlined) at its caller's address is _[i], nothing else" ||
	{ sed 's/^/#   /' "$T/inl.err" "$T/inl.i" "$T/inl.n"; }

# A sample perf found no task for: perf script prints comm ":-1" and pid
# -1 (seen in system-wide recordings, at a task's exit), and fold X.data
# names it ":-1": the text gives the same root, not one root per sample
# holding its whole header line.
cat >"$T/nopid.txt" <<'EOF'
:-1    -1 [001] 12589.417593:    1000003 cpu-clock: 
	ffffffff81000130 entry_SYSCALL_64_after_hwframe+0x76 ([kernel.kallsyms])

:-1    -1 [000] 12590.319593:    1000003 cpu-clock: 
	ffffffff81000130 entry_SYSCALL_64_after_hwframe+0x76 ([kernel.kallsyms])

EOF
"$FLAMEDIFF" fold "$T/nopid.txt" >"$T/nopid.f" 2>"$T/nopid.err" &&
	"$FLAMEDIFF" fold --pid --tid "$T/nopid.txt" >"$T/nopid.t" \
		2>>"$T/nopid.err" &&
	[ "$(cat "$T/nopid.f")" = ':-1;entry_SYSCALL_64_after_hwframe 2000006' ] &&
	[ "$(cat "$T/nopid.t")" = ':-1-?/-1;entry_SYSCALL_64_after_hwframe 2000006' ]
ok $? "a sample of no task (comm ':-1', pid -1) folds under ':-1'" ||
	sed 's/^/#   /' "$T/nopid.err" "$T/nopid.f" "$T/nopid.t"

done_testing
