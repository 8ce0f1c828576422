#!/bin/sh
# perf.data read directly (collector/perfdata.c) folds as perf script's text
# does: file mode, pipe mode, -z, two events, system-wide; report --lkp row
# for row; truncated and corrupt files refused (exit 2). Needs perf and
# perf_event_open (skips with the reason otherwise).
. tests/tap-lib.sh
. tests/fold-cmp.sh
. tests/plt-lib.sh
skip_without perf
PROGS=$(dirname "$FLAMEDIFF")/tests/progs
# a stand-in tool (FLAMEDIFF=/bin/false) still gets the programs to record
[ -d "$PROGS" ] || PROGS=build/tests/progs
SHARES=$PROGS/shares

if [ ! -x "$SHARES" ]; then
	echo "1..0 # SKIP $SHARES not built (make check builds it)"
	exit 0
fi
if ! perf record -q -o "$T/probe.data" -e task-clock -- true \
	>/dev/null 2>"$T/probe.err"; then
	echo "1..0 # SKIP perf record cannot sample here: $(head -1 "$T/probe.err")"
	exit 0
fi

# A PLT stub of any process (other tests' programs may run beside a
# system-wide recording) is "name@plt" in ours where perf 6.1 mostly says
# "_init" (tests/plt-lib.sh): for such recordings, both become "PLT".
# tests/t-plt.sh holds the names of the stubs themselves to perf's by
# address.
plt_as_perf() { # plt_as_perf FOLDED >OUT
	sed -e 's/;[^;]*@plt\( [0-9]*$\|;\)/;PLT\1/g' \
		-e 's/;_init\( [0-9]*$\|;\)/;PLT\1/g' "$1"
}

# both folds of X.data: ours into X.a, perf script's text through fold
# into X.b; ok when both ran and overlap >= MIN (default 99%)
agree() { # agree NAME WHAT [fold options]
	name=$1 what=$2
	shift 2
	min=${MIN:-0.99}
	"$FLAMEDIFF" fold "$@" "$T/$name.data" >"$T/$name.a" 2>"$T/$name.err"
	rc=$?
	perf script -i "$T/$name.data" >"$T/$name.txt" 2>/dev/null
	"$FLAMEDIFF" fold "$@" "$T/$name.txt" >"$T/$name.b" 2>>"$T/$name.err"
	rc2=$?
	if [ -n "$PLT_AS_PERF" ]; then
		plt_as_perf "$T/$name.a" >"$T/$name.pa"
		plt_as_perf "$T/$name.b" >"$T/$name.pb"
		o=$(overlap "$T/$name.pa" "$T/$name.pb")
	else
		o=$(overlap "$T/$name.a" "$T/$name.b")
	fi
	[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && nonempty "$T/$name.a" &&
		atleast "$o" "$min"
	ok $? "$what: fold X.data and perf script | fold agree (overlap $o)" ||
		{ sed 's/^/#   /' "$T/$name.err"; top_diff "$T/$name.a" "$T/$name.b"; }
}

# 1. a command, frame pointers, -F 999 -g -e task-clock
perf record -q -o "$T/cmd.data" -F 999 -g -e task-clock -- "$SHARES" 1 \
	>/dev/null 2>&1
agree cmd "perf record -F 999 -g -e task-clock -- shares"
grep -Eq '^shares;.*main;(run;)?work_two_thirds ' "$T/cmd.a"
ok $? "user frames named, root first under the process name"

# 2. system-wide, a fixed period, around a second of syscalls (one
# thread): kernel frames land whatever else the machine does, which the
# kernel-symbol checks below need (a quiet machine's "sleep 1" may give
# only the idle task's)
perf record -q -o "$T/sys.data" -a -g -c 1000003 -e cpu-clock -- \
	"$PROGS/syscalls" 1 1 >/dev/null 2>&1
# 99%, whatever else runs on the machine: aliases at one address are
# chosen by perf's rule, PLT stubs as above
PLT_AS_PERF=1
agree sys "perf record -a -g -c 1000003 -e cpu-clock -- syscalls 1 1"
PLT_AS_PERF=
# the idle task, when perf script shows it sampled (a busy machine may
# never idle): perf's own text decides, not a fold of ours; the naming
# itself is checked whatever the machine does in tests/record-units.c
if grep -Eq '^[[:space:]]*swapper[[:space:]]' "$T/sys.txt"; then
	grep -q '^swapper;' "$T/sys.a"
	ok $? "the idle task is 'swapper', as perf names it"
else
	ok 0 "# SKIP the idle task was never sampled"
fi
nonempty "$T/sys.a" && ! grep -q '^;' "$T/sys.a"
ok $? "every stack has its process root"

# 3. pipe mode: perf record -o - | flamediff fold, from a real pipe
perf record -q -o - -F 999 -g -e task-clock -- "$SHARES" 1 \
	2>/dev/null >"$T/pipe.data"
cat "$T/pipe.data" | "$FLAMEDIFF" fold >"$T/pipe.a" 2>"$T/pipe.err"
rc=$?
perf script -i "$T/pipe.data" 2>/dev/null | "$FLAMEDIFF" fold >"$T/pipe.b"
o=$(overlap "$T/pipe.a" "$T/pipe.b")
[ $rc -eq 0 ] && atleast "$o" 0.99
ok $? "pipe mode (perf record -o - | flamediff fold) agrees (overlap $o)"

# 4. -z: zstd-compressed records
perf record -q -z -o "$T/z.data" -F 999 -g -e task-clock -- "$SHARES" 1 \
	>/dev/null 2>&1
agree z "perf record -z (PERF_RECORD_COMPRESSED)"

# 5. two events: --event-filter keeps one; the default is the first
# sampled, as the perf script reader takes the first event it sees
perf record -q -o "$T/two.data" -g -e task-clock -e page-faults \
	-- "$SHARES" 1 >/dev/null 2>&1
agree two "two events, --event-filter task-clock" --event-filter task-clock
"$FLAMEDIFF" fold -o "$T/two.profile" "$T/two.data" 2>"$T/two.err"
rc=$?
"$FLAMEDIFF" fold -o "$T/twos.profile" "$T/two.txt" 2>>"$T/two.err"
rc2=$?
ev=$(sed -n 's/^# event: //p' "$T/two.profile")
evs=$(sed -n 's/^# event: //p' "$T/twos.profile")
[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && [ -n "$ev" ] && [ "$ev" = "$evs" ]
ok $? "the default event is perf script's first ('$ev' = '$evs')"
"$FLAMEDIFF" fold --event-filter nosuch "$T/two.data" >"$T/none.out" \
	2>"$T/none.err"
[ $? -eq 2 ] && grep -q "no event 'nosuch'.*task-clock" "$T/none.err"
ok $? "an event not in the file: exit 2, the events it has named"

# 5b. --call-graph dwarf: user stacks unwound from the copied stack, as
# record does (nofp has no frame pointers: only unwinding sees level1).
# The names above main may differ (glibc's aliases of __libc_start_main):
# compare the weight under main;level1..spin.
share() { # share FILE REGEX: % of the weight in stacks matching REGEX
	awk -v re="$2" '{ w = $NF; t += w; if ($0 ~ re) s += w }
		END { printf "%.1f\n", t ? 100 * s / t : -1 }' "$1"
}
if [ -x "$PROGS/nofp" ]; then
	perf record -q -o "$T/dwarf.data" --call-graph dwarf -F 999 \
		-e task-clock -- "$PROGS/nofp" 1 >/dev/null 2>&1
	"$FLAMEDIFF" fold "$T/dwarf.data" >"$T/dwarf.a" 2>"$T/dwarf.err"
	rc=$?
	perf script -i "$T/dwarf.data" 2>/dev/null |
		"$FLAMEDIFF" fold >"$T/dwarf.b"
	re=';main;level1;level2;level3;level4;spin'
	a=$(share "$T/dwarf.a" "$re")
	b=$(share "$T/dwarf.b" "$re")
	[ $rc -eq 0 ] && atleast "$a" 90 &&
		awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(d < 2 && d > -2) }'
	ok $? "--call-graph dwarf: main;level1..spin unwound ($a% here, $b% in perf script)" ||
		sed 's/^/#   /' "$T/dwarf.err"
else
	ok 0 "# SKIP $PROGS/nofp not built"
fi

# 6. report --lkp: row for row. perf 6.1 calls a sample in shares's PLT
# stub of clock_gettime "_init+0x..": the sizeless _init of .init, which
# perf stretches to the next symbol, covers the PLT; flamediff names it
# clock_gettime@plt. The oracle's frames in the stubs are renamed by their
# address from objdump's view of the binary (tests/plt-lib.sh), so that
# the check stays exact whether a sample lands there or not.
if command -v objdump >/dev/null && command -v readelf >/dev/null; then
	plt_fix "$(readlink -f "$SHARES")" <"$T/cmd.txt" >"$T/cmd.plt.txt"
else
	cp "$T/cmd.txt" "$T/cmd.plt.txt" # no PLT names: exact only by luck
	echo "# objdump or readelf missing: a sample in a PLT stub differs"
fi
"$FLAMEDIFF" report --lkp "$T/cmd.data" >"$T/lkp.a" 2>"$T/lkp.err"
rc=$?
"$FLAMEDIFF" report --lkp "$T/cmd.plt.txt" >"$T/lkp.b" 2>>"$T/lkp.err"
rc2=$?
[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && nonempty "$T/lkp.a" &&
	cmp -s "$T/lkp.a" "$T/lkp.b"
ok $? "report --lkp X.data equals perf script | report --lkp" ||
	diff "$T/lkp.a" "$T/lkp.b" | head -10 | sed 's/^/#   /'
# ... the rows of the functions the program runs are the same
grep -E 'work_(two_thirds|one_third)' "$T/lkp.a" >"$T/lkp.ra"
grep -E 'work_(two_thirds|one_third)' "$T/lkp.b" >"$T/lkp.rb"
[ $rc -eq 0 ] && nonempty "$T/lkp.ra" && cmp -s "$T/lkp.ra" "$T/lkp.rb"
ok $? "report --lkp: the workload's rows are perf script's"

# 6b. --only-pid, --only-tid: the process's samples, as perf script
# (with its pid field) through fold keeps them
top=$(perf script -i "$T/sys.data" -F pid,tid 2>/dev/null |
	awk '{ n[$1]++ } END { for (k in n) if (n[k] > m) { m = n[k]; b = k }
		print b }')
pid=${top%%/*} tid=${top##*/}
perf script -F +pid -i "$T/sys.data" >"$T/sysp.txt" 2>/dev/null
for opt in "--only-pid $pid" "--only-tid $tid,1"; do
	"$FLAMEDIFF" fold $opt "$T/sys.data" >"$T/only.a" 2>"$T/only.err"
	rc=$?
	"$FLAMEDIFF" fold $opt "$T/sysp.txt" >"$T/only.b" 2>>"$T/only.err"
	rc2=$?
	o=$(overlap "$T/only.a" "$T/only.b")
	[ -n "$pid" ] && [ $rc -eq 0 ] && [ $rc2 -eq 0 ] &&
		nonempty "$T/only.a" && atleast "$o" 0.99 &&
		[ "$(wc -l <"$T/only.a")" -lt "$(wc -l <"$T/sys.a")" ]
	ok $? "$opt on perf.data keeps what perf script | fold keeps (overlap $o)" ||
		sed 's/^/#   /' "$T/only.err"
done

# 6c. the header's features in the profile's metadata
"$FLAMEDIFF" fold -o "$T/sys.profile" "$T/sys.data" 2>"$T/meta.err"
rc=$?
cpus=$(perf report -i "$T/sys.data" --header-only 2>/dev/null |
	awk -F': ' '/nrcpus online/ { o = $2 } /nrcpus avail/ { a = $2 }
		END { print o " online, " a " available" }')
[ $rc -eq 0 ] && grep -q "^# cpus: \"$cpus\"" "$T/sys.profile" &&
	grep -q "^# host: \"$(uname -n)\"" "$T/sys.profile" &&
	grep -q "^# kernel: \"$(uname -r)\"" "$T/sys.profile" &&
	grep -q '^# cmdline: ".*perf record .*-a -g' "$T/sys.profile" &&
	grep -q '^# date: "20' "$T/sys.profile" &&
	grep -q '^# event: "cpu-clock"' "$T/sys.profile"
ok $? "NRCPUS ($cpus), HOSTNAME, OSRELEASE, CMDLINE, the date and the event in the profile" ||
	sed -n '1,12s/^/#   /p' "$T/sys.profile"

# 6d. --inline: hot_inner() is inlined into work() (-O2 -g,
# always_inline): only the DWARF knows it, and names it as a frame above
# work's, marked _[i]; without --inline it is not there
if [ -x "$PROGS/inline" ]; then
	perf record -q -o "$T/inl.data" -F 999 -g -e task-clock \
		-- "$PROGS/inline" 1 >/dev/null 2>&1
	"$FLAMEDIFF" fold --inline "$T/inl.data" >"$T/inl.a" 2>"$T/inl.err"
	rc=$?
	"$FLAMEDIFF" fold "$T/inl.data" >"$T/inl.b" 2>>"$T/inl.err"
	rc2=$?
	a=$(share "$T/inl.a" ';work[^;]*;hot_inner_\[i\]')
	[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && atleast "$a" 80 &&
		! grep -q 'hot_inner' "$T/inl.b" &&
		[ "$(sed 's/;hot_inner_\[i\]//' "$T/inl.a" | awk '{ w += $NF }
			END { print w }')" = "$(awk '{ w += $NF } END { print w }' \
			"$T/inl.b")" ]
	ok $? "--inline: work;hot_inner_[i] from DWARF ($a% of the weight), nothing lost" ||
		sed 's/^/#   /' "$T/inl.err"
else
	ok 0 "# SKIP $PROGS/inline not built"
fi

# 7. svg straight from perf.data
"$FLAMEDIFF" svg "$T/cmd.data" -o "$T/cmd.svg" 2>"$T/svg.err"
rc=$?
[ $rc -eq 0 ] && svg_frame "$T/cmd.svg" work_two_thirds >/dev/null
ok $? "svg perf.data draws work_two_thirds"

# --vmlinux FILE for a file from another kernel. No vmlinux is at hand, so
# a stand-in: an ELF object whose function symbols are this kernel's text
# symbols from /proc/kallsyms, 16 MiB below where they ran, so that the
# reader must move them to where the recorded kernel's _text was (its
# MMAP record, as under KASLR). A name kallsyms repeats (static functions
# of several files) is one symbol per assembler file: the k-th of a name
# goes to file k. Where aliases tie, their order in the object (globals
# after locals) is not kallsyms': 97% rather than 99%.
vmlinux_test() {
	if ! command -v as >/dev/null || ! command -v ld >/dev/null; then
		ok 0 "# SKIP no as and ld to build a stand-in vmlinux"
		return
	fi
	text=$(awk '$3 == "_text" { print $1; exit }' /proc/kallsyms)
	# 16 MiB lower, in the last 8 digits (the shell's numbers are signed)
	hi=${text%????????} lo=${text#"$hi"} link=
	[ ${#text} -eq 16 ] && [ $((0x$lo)) -ge $((0x1000000)) ] &&
		link=$hi$(printf '%08x' $((0x$lo - 0x1000000)))
	mkdir -p "$T/vm"
	# offsets from the last 9 hex digits: exact in awk's doubles
	awk -v text="$text" -v link="$link" -v dir="$T/vm" '
		function hex(s,  i, v) {
			s = substr(s, length(s) - 8)
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef",
						   substr(s, i, 1)) - 1
			return v
		}
		BEGIN { t = hex(text) }
		NF == 3 && ($2 == "t" || $2 == "T") &&
		substr($1, 1, 7) == substr(text, 1, 7) {
			off = hex($1) - t
			k = ++seen[$3]
			if (off < 0 || k > 16)
				next
			f = dir "/" k ".s"
			if (!(f in files)) {
				files[f] = 1
				printf ".set kbase, 0x%s\n", link >f
			}
			printf "\t.set \"%s\", kbase + 0x%x\n", $3, off >f
			printf "\t.type \"%s\", @function\n", $3 >f
			if ($2 == "T")
				printf "\t.globl \"%s\"\n", $3 >f
		}' /proc/kallsyms
	: >"$T/vm.err"
	for f in "$T"/vm/*.s; do
		as -o "${f%.s}.o" "$f" 2>>"$T/vm.err" || break
	done
	if [ -z "$link" ] || [ -s "$T/vm.err" ] ||
	   ! ld -r -o "$T/vmlinux" "$T"/vm/*.o 2>>"$T/vm.err"; then
		ok 0 "# SKIP cannot build a stand-in vmlinux: $(head -1 "$T/vm.err")"
		return
	fi
	# a relative path, as a user types it
	(cd "$T" && "$FLAMEDIFF" fold --kernel --vmlinux vmlinux other.data) \
		>"$T/other.v" 2>"$T/other.err"
	rc=$?
	kernel_part "$T/other.v" >"$T/other.vk"
	o=$(overlap "$T/other.vk" "$T/sysk.k")
	[ $rc -eq 0 ] && atleast "$o" 0.97 &&
		grep -q 'do_syscall_64\|asm_sysvec\|asm_exc' "$T/other.vk"
	ok $? "--vmlinux FILE (a stand-in, 16 MiB off) names them (overlap $o)" ||
		{ sed 's/^/#   /' "$T/other.err"
		  top_diff "$T/other.vk" "$T/sysk.k"; }
	"$FLAMEDIFF" fold --vmlinux "$T/nosuch" "$T/other.data" \
		>"$T/other.n" 2>"$T/other.err"
	[ $? -eq 2 ] && grep -q 'nosuch' "$T/other.err" && [ ! -s "$T/other.n" ]
	ok $? "--vmlinux FILE that is not there: exit 2, named"
}

# 8. kernel symbols from --kallsyms (a copy of this kernel's). The folds
# compared are of the whole machine, a minute apart: another process's
# binary may be gone by the second (a build's test program), and its
# frames named by DSO alone. What the kernel's symbols name is compared:
# the kernel frames of each stack (--kernel marks them), added up.
kernel_part() { # kernel_part FOLDED-WITH---kernel >OUT
	awk '{ i = match($0, / [^ ]+$/); if (!i) next
	       n = split(substr($0, 1, i - 1), f, ";"); k = ""
	       for (j = 1; j <= n; j++)
		       if (f[j] ~ /_\[k\]$/) k = k (k == "" ? "" : ";") f[j]
	       if (k != "") w[k] += substr($0, i + 1) }
	     END { for (k in w) printf "%s %.0f\n", k, w[k] }' "$1" |
		LC_ALL=C sort
}
if [ "$(sed -n 1p /proc/kallsyms | cut -d' ' -f1)" != 0000000000000000 ]; then
	cp /proc/kallsyms "$T/kallsyms"
	"$FLAMEDIFF" fold --kernel "$T/sys.data" >"$T/sysk.a" 2>"$T/ks.err"
	rc=$?
	kernel_part "$T/sysk.a" >"$T/sysk.k"
	"$FLAMEDIFF" fold --kernel --kallsyms "$T/kallsyms" "$T/sys.data" \
		>"$T/ks.a" 2>>"$T/ks.err"
	rc2=$?
	kernel_part "$T/ks.a" >"$T/ks.k"
	[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && nonempty "$T/sysk.k" &&
		cmp -s "$T/ks.k" "$T/sysk.k"
	ok $? "--kallsyms FILE names kernel frames as /proc/kallsyms does" ||
		{ sed 's/^/#   /' "$T/ks.err"; top_diff "$T/ks.k" "$T/sysk.k"; }
	# -j 2 reads /proc/kallsyms on a thread of its own while the
	# records are decoded (pd_kernel_ahead()), -j 1 after them: the
	# same names and the same warnings, from a file and from a pipe
	# (whose build-id records come last).
	for j in 1 2; do
		"$FLAMEDIFF" fold -j $j --kernel "$T/sys.data" >"$T/j$j.a" \
			2>"$T/j$j.err"
		echo $? >"$T/j$j.rc"
		cat "$T/pipe.data" |
			"$FLAMEDIFF" fold -j $j --kernel >"$T/jp$j.a" \
				2>"$T/jp$j.err"
		echo $? >>"$T/j$j.rc"
	done
	kernel_part "$T/j2.a" >"$T/j2.k"
	[ "$(cat "$T/j1.rc" "$T/j2.rc" | tr -d '\n')" = 0000 ] &&
		nonempty "$T/j2.k" && cmp -s "$T/j1.a" "$T/j2.a" &&
		cmp -s "$T/j1.err" "$T/j2.err" &&
		cmp -s "$T/jp1.a" "$T/jp2.a" && cmp -s "$T/jp1.err" "$T/jp2.err"
	ok $? "perf.data with -j 2 (kernel symbols read ahead) folds as -j 1, file and pipe" ||
		{ cat "$T/j1.err" "$T/j2.err" | sed 's/^/#   /'
		  top_diff "$T/j1.a" "$T/j2.a"; }
	# a recording from another kernel: its kernel build-id changed
	bid=$(perf buildid-list -i "$T/sys.data" 2>/dev/null |
		awk '$2 == "[kernel.kallsyms]" { print $1 }')
	off=
	[ -n "$bid" ] && off=$(LC_ALL=C grep -obUaP \
		"$(echo "$bid" | sed 's/../\\x&/g')" "$T/sys.data" |
		head -1 | cut -d: -f1)
	if [ -n "$off" ]; then
		cp "$T/sys.data" "$T/other.data"
		printf '\377' | dd of="$T/other.data" bs=1 seek="$off" \
			conv=notrunc 2>/dev/null
		"$FLAMEDIFF" fold "$T/other.data" "$T/other.data" \
			>"$T/other.a" 2>"$T/other.err"
		rc=$?
		# the kernel names of sys.a are all gone from other.a
		[ $rc -eq 0 ] && nonempty "$T/other.a" &&
			grep -q '\[unknown\]' "$T/other.a" &&
			! grep -q 'do_syscall_64\|asm_sysvec\|asm_exc' \
				"$T/other.a" &&
			[ "$(grep -c 'another kernel.*--kallsyms FILE or --vmlinux FILE' \
				"$T/other.err")" -eq 1 ]
		ok $? "another kernel's file: kernel frames [unknown], one warning naming --kallsyms and --vmlinux" ||
			sed 's/^/#   /' "$T/other.err"
		"$FLAMEDIFF" fold --kernel --kallsyms "$T/kallsyms" \
			"$T/other.data" >"$T/other.k" 2>"$T/other.err"
		rc=$?
		kernel_part "$T/other.k" >"$T/other.kk"
		[ $rc -eq 0 ] && nonempty "$T/other.kk" &&
			cmp -s "$T/other.kk" "$T/sysk.k"
		ok $? "... and --kallsyms FILE names them again" ||
			top_diff "$T/other.kk" "$T/sysk.k"
		vmlinux_test
	else
		ok 0 "# SKIP no kernel build-id in the recording"
	fi
else
	ok 0 "# SKIP /proc/kallsyms hides addresses here"
fi

# 9. a binary rebuilt after the recording: named from perf's build-id
# cache (~/.debug, where perf record copied it) by its build-id (the two
# builds differ in code: a build-id does not hash the symbol names)
if command -v cc >/dev/null; then
	cat >"$T/v.c" <<'EOF'
static volatile unsigned long sink;
__attribute__((noinline)) void FNAME(void)
{
	for (unsigned long i = 0; i < N; i++)
		sink += i;
}
int main(void) { FNAME(); return 0; }
EOF
	cc -O1 -fno-omit-frame-pointer -DFNAME=spin_old -DN=200000000UL \
		-o "$T/prog" "$T/v.c" &&
	perf record -q -o "$T/bid.data" -g -F 999 -e task-clock -- "$T/prog" \
		>/dev/null 2>&1 &&
	cc -O1 -fno-omit-frame-pointer -DFNAME=spin_new -DN=200000001UL \
		-o "$T/prog2" "$T/v.c" &&
	mv "$T/prog2" "$T/prog"
	"$FLAMEDIFF" fold "$T/bid.data" >"$T/bid.a" 2>"$T/bid.err"
	[ $? -eq 0 ] && grep -q ';spin_old ' "$T/bid.a" &&
		! grep -q 'spin_new' "$T/bid.a"
	ok $? "a rebuilt binary: symbols from the build-id cache" ||
		sed 's/^/#   /' "$T/bid.err"
else
	ok 0 "# SKIP no cc to build a binary to rebuild"
fi

# 10. bad input: truncated in the data section, corrupt record size
size=$(wc -c <"$T/cmd.data")
head -c $((size / 3)) "$T/cmd.data" >"$T/trunc.data"
"$FLAMEDIFF" fold "$T/trunc.data" >"$T/trunc.out" 2>"$T/trunc.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'trunc.data: perf.data offset [0-9]*: truncated' \
	"$T/trunc.err" && [ ! -s "$T/trunc.out" ]
ok $? "truncated perf.data: exit 2, the offset named, nothing written" ||
	sed 's/^/#   /' "$T/trunc.err"
# the first record's size (bytes 6-7 at the data offset) set to 4
off=$(od -An -t u8 -j 40 -N 8 "$T/cmd.data" | tr -d ' ')
cp "$T/cmd.data" "$T/bad.data"
printf '\004\000' | dd of="$T/bad.data" bs=1 seek=$((off + 6)) conv=notrunc \
	2>/dev/null
"$FLAMEDIFF" fold "$T/bad.data" >"$T/bad.out" 2>"$T/bad.err"
[ $? -eq 2 ] && grep -q "offset $off: .* record of size 4" "$T/bad.err"
ok $? "a record shorter than its header: exit 2, offset and type named" ||
	sed 's/^/#   /' "$T/bad.err"
printf 'PERFILE2\377\000\000\000\000\000\000\000' >"$T/hdr.data"
"$FLAMEDIFF" fold "$T/hdr.data" >"$T/hdr.out" 2>"$T/hdr.err"
[ $? -eq 2 ] && grep -q 'header size 255' "$T/hdr.err"
ok $? "an unknown header size: exit 2, named"

# issue 23, item 8: a COMPRESSED record of zeros that inflates past the
# cap says so, with the record's offset and the cap
"$FLAMEDIFF" fold tests/data/hardening/zstd-past-cap.data >"$T/zcap.out" \
	2>"$T/zcap.err"
[ $? -eq 2 ] && grep -q 'offset 16: COMPRESSED record decompresses to more than 64 MiB, the cap' "$T/zcap.err"
ok $? "a COMPRESSED record past the cap: exit 2, offset and cap named" ||
	sed 's/^/#   /' "$T/zcap.err"

done_testing
