#!/bin/sh
# Which file names a binary's frames (collector/dso.h): only the file that
# was mapped, or one with the build-id the recording saw. A binary rebuilt
# after perf record is [prog] as perf script shows it, named again once the
# old build is in perf's build-id cache, under --symfs DIR (whole, or only
# its debug file) or on a debuginfod server; a kernel module rebuilt since
# is [module]; record keeps the build it sampled when a new one is renamed
# over it; a process's binary replaced by a link to a file only root may
# read, and a user's copy of root's binary with its symbols renamed (same
# build-id), name nothing of root's. perf is the oracle; HOME is the
# test's own, so is perf's ~/.debug, and so is debuginfod's cache.
. tests/tap-lib.sh
. tests/fold-cmp.sh
skip_without perf cc objcopy readelf strip

if ! perf record -q -o "$T/probe.data" -e task-clock -- true \
	>/dev/null 2>"$T/probe.err"; then
	echo "1..0 # SKIP perf record cannot sample here: $(head -1 "$T/probe.err")"
	exit 0
fi
# HOME is $T/home (tap-lib.sh): the build-id cache below is the test's

# Until process PID runs PATH (its exec done), up to 30 s: a workload
# started in the background may not have run yet on a loaded machine,
# and replacing its binary before it did would test nothing. Each runs
# until the test kills it, so the recording finds it however late.
mapped() { # mapped PID PATH
	n=0
	while ! grep -q "$2" "/proc/$1/maps" 2>/dev/null && [ $n -lt 600 ]; do
		sleep 0.05
		n=$((n + 1))
	done
}

# The program (tests/data/buildid/prog.c): spins for $1 seconds in
# hot_leaf under mid; the new build adds a function in front, so that the
# old build's addresses fall into it.
cp tests/data/buildid/prog.c "$T/prog.c"
CCF="-O1 -fno-omit-frame-pointer -fno-inline -fno-optimize-sibling-calls"
cc $CCF -o "$T/old" "$T/prog.c" &&
	cc $CCF -DADDED -o "$T/new" "$T/prog.c" &&
	cc $CCF -DLEAF=SECRET_leaf -DMID=SECRET_mid -o "$T/secret.elf" \
		"$T/prog.c"
ok $? "the builds compile"
[ -n "$(bid_of "$T/old")" ] && [ "$(bid_of "$T/old")" != "$(bid_of "$T/new")" ]
ok $? "the two builds have build-ids, not the same"

# 1. perf record, then the binary rebuilt (no cache entry): [prog] as perf
# script shows it, and one warning that says why.
cp "$T/old" "$T/prog"
perf record -q --no-buildid-cache -g -F 999 -e task-clock -o "$T/x.data" \
	-- "$T/prog" 1 >/dev/null 2>&1
ok $? "perf record --no-buildid-cache of the program"
cp "$T/new" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"
"$FLAMEDIFF" fold "$T/x.data" >"$T/x.a" 2>"$T/x.err"
rc=$?
perf script -i "$T/x.data" 2>/dev/null >"$T/x.txt"
"$FLAMEDIFF" fold "$T/x.txt" >"$T/x.b" 2>/dev/null
o=$(overlap "$T/x.a" "$T/x.b")
[ $rc -eq 0 ] && nonempty "$T/x.a" && atleast "$o" 0.99
ok $? "rebuilt, no cache: fold X.data and perf script | fold agree (overlap $o)" ||
	sed 's/^/#   /' "$T/x.err"
[ $rc -eq 0 ] && grep -q ';\[prog\]' "$T/x.a" && ! grep -q 'NEWFN' "$T/x.a"
ok $? "its frames are [prog], no name of the new build" ||
	head -3 "$T/x.a" | sed 's/^/#   /'
[ "$(grep -c "prog: build-id $(bid_of "$T/old") was recorded" "$T/x.err")" -eq 1 ]
ok $? "one warning names the file and the recorded build-id" ||
	sed 's/^/#   /' "$T/x.err"

# 2. the old build in the cache (perf buildid-cache -a): its names
perf buildid-cache -a "$T/old" >/dev/null 2>&1
"$FLAMEDIFF" fold "$T/x.data" >"$T/c.a" 2>"$T/c.err"
rc=$?
perf script -i "$T/x.data" 2>/dev/null >"$T/c.txt"
"$FLAMEDIFF" fold "$T/c.txt" >"$T/c.b" 2>/dev/null
o=$(overlap "$T/c.a" "$T/c.b")
[ $rc -eq 0 ] && grep -q ';hot_leaf' "$T/c.a" &&
	! grep -q 'NEWFN\|\[prog\]' "$T/c.a" && atleast "$o" 0.99
ok $? "with the old build in ~/.debug: its names, as perf's (overlap $o)" ||
	{ sed 's/^/#   /' "$T/c.err"; head -3 "$T/c.a" | sed 's/^/#   /'; }
rm -rf "$HOME/.debug"

# the same with the build-ids in the MMAP2 records (--buildid-mmap)
cp "$T/old" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"
if perf record -q --buildid-mmap --no-buildid-cache -g -F 999 -e task-clock \
	-o "$T/m.data" -- "$T/prog" 1 >/dev/null 2>&1; then
	cp "$T/new" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"
	"$FLAMEDIFF" fold "$T/m.data" >"$T/m.a" 2>"$T/m.err"
	rc=$?
	perf script -i "$T/m.data" 2>/dev/null >"$T/m.txt"
	"$FLAMEDIFF" fold "$T/m.txt" >"$T/m.b" 2>/dev/null
	o=$(overlap "$T/m.a" "$T/m.b")
	[ $rc -eq 0 ] && grep -q ';\[prog\]' "$T/m.a" &&
		! grep -q 'NEWFN' "$T/m.a" && atleast "$o" 0.99
	ok $? "perf record --buildid-mmap, rebuilt: [prog], as perf's (overlap $o)" ||
		sed 's/^/#   /' "$T/m.err"
else
	ok 0 "# SKIP perf record --buildid-mmap is not supported here"
fi

# 3. flamediff record: a new build renamed over the binary mid-run keeps
# the names of the build that ran (the file kept open at first sight).
cp "$T/old" "$T/run"
"$FLAMEDIFF" record -q -o "$T/mid.prof" -- sh -c "'$T/run' 1.5 & p=\$!
	n=0; while ! grep -q '$T/run' /proc/\$p/maps && [ \$n -lt 600 ]; do
		sleep 0.05; n=\$((n + 1)); done
	sleep 0.5; cp '$T/new' '$T/run.tmp'; mv '$T/run.tmp' '$T/run'; wait" \
	2>"$T/mid.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^run;.*;hot_leaf ' "$T/mid.prof" &&
	! grep -q 'NEWFN' "$T/mid.prof"
ok $? "record: a binary replaced mid-run is named from the build that ran" ||
	{ sed 's/^/#   /' "$T/mid.err"; grep '^run' "$T/mid.prof" | head -3 |
		sed 's/^/#   /'; }
grep -q "^# build-id: \"$(bid_of "$T/old") $T/run\"$" "$T/mid.prof"
ok $? "the profile keeps the build-id of the binary it named frames from" ||
	grep '^# build-id' "$T/mid.prof" | sed 's/^/#   /'
"$FLAMEDIFF" fold "$T/mid.prof" >"$T/mid.fold" 2>"$T/mid.ferr" &&
	grep -q ';hot_leaf ' "$T/mid.fold"
ok $? "a profile with build-id lines reads back" ||
	sed 's/^/#   /' "$T/mid.ferr"

# the same, replaced before record -p starts: the mapping itself
# (/proc/PID/map_files) is read, not the path
cp "$T/old" "$T/run2"
"$T/run2" 60 &
pid=$!
mapped $pid "$T/run2"
cp "$T/new" "$T/run2.tmp" && mv "$T/run2.tmp" "$T/run2"
"$FLAMEDIFF" record -q -p $pid -d 1 -o "$T/p.prof" 2>"$T/p.err"
rc=$?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
[ $rc -eq 0 ] && grep -q ';hot_leaf ' "$T/p.prof" &&
	! grep -q 'NEWFN' "$T/p.prof"
ok $? "record -p: a binary replaced before the recording is named from the mapping" ||
	{ sed 's/^/#   /' "$T/p.err"; grep -v '^#' "$T/p.prof" | head -3 |
		sed 's/^/#   /'; }

# separate debug files (.gnu_debuglink): used only when they carry the
# binary's build-id or, for a binary without one, the debuglink's CRC32
mkdir -p "$T/dl"
objcopy --only-keep-debug "$T/old" "$T/dl/prog.debug" &&
	cp "$T/old" "$T/dl/sprog" && strip --strip-all "$T/dl/sprog" &&
	objcopy --add-gnu-debuglink="$T/dl/prog.debug" "$T/dl/sprog" &&
	cc $CCF -Wl,--build-id=none -o "$T/dl/nb" \
		"$T/prog.c" &&
	cc $CCF -DLEAF=SECRET_leaf -DMID=SECRET_mid -Wl,--build-id=none \
		-o "$T/dl/nb.forged" "$T/prog.c" &&
	objcopy --only-keep-debug "$T/dl/nb" "$T/dl/nb.debug" &&
	cp "$T/dl/nb" "$T/dl/nbprog" && strip --strip-all "$T/dl/nbprog" &&
	objcopy --add-gnu-debuglink="$T/dl/nb.debug" "$T/dl/nbprog"
ok $? "stripped binaries with debug links"
"$FLAMEDIFF" record -q -o "$T/dl1.prof" -- "$T/dl/sprog" 0.5 2>"$T/dl.err" &&
	grep -q '^sprog;.*;hot_leaf ' "$T/dl1.prof"
ok $? "a debuglink file with the binary's build-id names its frames" ||
	sed 's/^/#   /' "$T/dl.err"
mv "$T/dl/prog.debug" "$T/dl/prog.debug.real"
ln -s "$T/secret.elf" "$T/dl/prog.debug"
"$FLAMEDIFF" record -q -o "$T/dl2.prof" -- "$T/dl/sprog" 0.5 2>"$T/dl.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^sprog;.*\[sprog\]' "$T/dl2.prof" &&
	! grep -q 'SECRET' "$T/dl2.prof"
ok $? "a debuglink that leads to another build's file names nothing" ||
	{ sed 's/^/#   /' "$T/dl.err"; grep '^sprog' "$T/dl2.prof" | head -2 |
		sed 's/^/#   /'; }
"$FLAMEDIFF" record -q -o "$T/dl3.prof" -- "$T/dl/nbprog" 0.5 2>"$T/dl.err" &&
	grep -q '^nbprog;.*;hot_leaf ' "$T/dl3.prof"
ok $? "no build-id: a debuglink file with the right CRC names its frames" ||
	sed 's/^/#   /' "$T/dl.err"
objcopy --only-keep-debug "$T/dl/nb.forged" "$T/dl/nb.debug"
"$FLAMEDIFF" record -q -o "$T/dl4.prof" -- "$T/dl/nbprog" 0.5 2>"$T/dl.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^nbprog;.*\[nbprog\]' "$T/dl4.prof" &&
	! grep -q 'SECRET' "$T/dl4.prof"
ok $? "no build-id: a debuglink file with another CRC names nothing" ||
	{ sed 's/^/#   /' "$T/dl.err"; grep '^nbprog' "$T/dl4.prof" | head -2 |
		sed 's/^/#   /'; }

# 6. --symfs DIR (perf's): the old build under DIR/usr/lib/debug/.build-id,
# whole or only its debug file, or at DIR/PATH, names the frames, as perf
# script --symfs names them; another build there names nothing.
bid=$(bid_of "$T/old")
S=$T/symfs
B=$S/usr/lib/debug/.build-id/$(echo "$bid" | cut -c1-2)
mkdir -p "$B"
cp "$T/old" "$B/$(echo "$bid" | cut -c3-).debug"
# (perf looks for kallsyms under DIR too: named from this one's, as ours)
perf script --symfs "$S" --kallsyms /proc/kallsyms -i "$T/x.data" \
	2>/dev/null >"$T/s.txt"
"$FLAMEDIFF" fold "$T/s.txt" >"$T/s.b" 2>/dev/null
# prog_share FILE: the share of the stacks with a [prog] frame
prog_share() {
	awk '/\[prog\]/ { u += $NF } { t += $NF }
		END { printf "%.4f\n", t ? u / t : 1 }' "$1"
}
# (A debug file alone holds no PLT: a sample in clock_gettime@plt, called
# by main's loop, is [prog] there, in perf script --symfs too. The bug
# these checks hold off named every frame [prog]: the share tells them
# apart.)
symfs_fold() { # symfs_fold OUT: fold --symfs of x.data, then the checks
	"$FLAMEDIFF" fold --symfs "$S" "$T/x.data" >"$T/$1" 2>"$T/$1.err"
	rc=$?
	o=$(overlap "$T/$1" "$T/s.b")
	[ $rc -eq 0 ] && grep -q ';hot_leaf' "$T/$1" &&
		! grep -q 'NEWFN' "$T/$1" && atleast "$o" 0.99 &&
		atleast 0.01 "$(prog_share "$T/$1")" &&
		! grep -q 'prog: build-id' "$T/$1.err"
}
symfs_fold s1
ok $? "--symfs: the old build at DIR/usr/lib/debug/.build-id names its frames, as perf --symfs (overlap $o)" ||
	{ sed 's/^/#   /' "$T/s1.err"; head -3 "$T/s1" | sed 's/^/#   /'; }
objcopy --only-keep-debug "$T/old" "$B/$(echo "$bid" | cut -c3-).debug"
symfs_fold s2
ok $? "--symfs: only its debug file (objcopy --only-keep-debug) names them the same (overlap $o)" ||
	{ sed 's/^/#   /' "$T/s2.err"; head -3 "$T/s2" | sed 's/^/#   /'; }
# perf record -d: the file's data mappings come first, its code's after
cp "$T/old" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"
perf record -q -d --no-buildid-cache -g -F 999 -e task-clock \
	-o "$T/xd.data" -- "$T/prog" 0.5 >/dev/null 2>&1
cp "$T/new" "$T/prog.tmp" && mv "$T/prog.tmp" "$T/prog"
"$FLAMEDIFF" fold --symfs "$S" "$T/xd.data" >"$T/sd" 2>"$T/sd.err"
rc=$?
# (the bug this holds off named every frame [prog]: a sample or two at
# the program's start or end, outside any function of the debug file,
# may be [prog] here as in perf's; the 99% of the other checks)
up=$(prog_share "$T/sd")
[ $rc -eq 0 ] && grep -q ';hot_leaf' "$T/sd" &&
	! grep -q 'NEWFN' "$T/sd" && atleast 0.01 "$up"
ok $? "--symfs: only its debug file, perf record -d: the same names ([prog] $up)" ||
	{ sed 's/^/#   /' "$T/sd.err"; head -3 "$T/sd" | sed 's/^/#   /'; }
rm -rf "$S/usr"
mkdir -p "$S$T"
cp "$T/old" "$S$T/prog"
symfs_fold s3
ok $? "--symfs: the old build at DIR/PATH names them the same (overlap $o)" ||
	{ sed 's/^/#   /' "$T/s3.err"; head -3 "$T/s3" | sed 's/^/#   /'; }
cp "$T/new" "$S$T/prog"
mkdir -p "$B"
objcopy --only-keep-debug "$T/new" "$B/$(echo "$bid" | cut -c3-).debug"
"$FLAMEDIFF" fold --symfs "$S" "$T/x.data" >"$T/s4" 2>"$T/s4.err"
rc=$?
[ $rc -eq 0 ] && grep -q ';\[prog\]' "$T/s4" && ! grep -q 'NEWFN' "$T/s4" &&
	[ "$(grep -c "prog: build-id $bid was recorded" "$T/s4.err")" -eq 1 ]
ok $? "--symfs: another build at both places names nothing, one warning" ||
	{ sed 's/^/#   /' "$T/s4.err"; head -3 "$T/s4" | sed 's/^/#   /'; }

"$FLAMEDIFF" fold --symfs "$T/nodir" "$T/x.data" >"$T/s5" 2>"$T/s5.err"
[ $? -eq 2 ] && grep -q -- "--symfs $T/nodir: not a directory" "$T/s5.err" &&
	! [ -s "$T/s5" ]
ok $? "--symfs of no directory: exit 2, says so" || sed 's/^/#   /' "$T/s5.err"

# 7. debuginfod (DEBUGINFOD_URLS, elfutils' libdebuginfod loaded when
# there): a local server with the old build; its cache is the test's own.
dpid=
dskip=
if ! command -v debuginfod >/dev/null 2>&1 ||
	! command -v debuginfod-find >/dev/null 2>&1; then
	dskip="no debuginfod server here (make deps installs it)"
elif ! ldconfig -p 2>/dev/null | grep -q 'libdebuginfod\.so\.1 '; then
	dskip="no libdebuginfod.so.1 (elfutils' client) to load"
else
	mkdir -p "$T/dfod"
	cp "$T/old" "$T/dfod/prog-old"
	# a port of our own: the first that serves the old build (a fresh
	# client cache each try: the client caches a miss)
	port=$((20000 + $$ % 20000))
	trap '[ -z "$dpid" ] || kill $dpid 2>/dev/null; rm -rf "$T"' EXIT
	for try in 1 2 3; do
		debuginfod -F "$T/dfod" -p $port -c 1 -d "$T/dfod$try.db" \
			>"$T/dfod.log" 2>&1 &
		dpid=$!
		i=0
		while [ $i -lt 120 ] && kill -0 $dpid 2>/dev/null; do
			DEBUGINFOD_URLS=http://127.0.0.1:$port \
			DEBUGINFOD_CACHE_PATH=$T/probe$try.$i \
				debuginfod-find executable "$bid" \
				>/dev/null 2>&1 && break
			sleep 0.25
			i=$((i + 1))
		done
		kill -0 $dpid 2>/dev/null && [ $i -lt 120 ] && break
		kill $dpid 2>/dev/null
		wait $dpid 2>/dev/null
		dpid=
		port=$((port + 1))
	done
	[ -n "$dpid" ] ||
		dskip="no debuginfod server would serve here (ports in use?)"
fi
if [ -n "$dskip" ]; then
	[ ! -s "$T/dfod.log" ] || tail -3 "$T/dfod.log" | sed 's/^/#   /'
	ok 0 "# SKIP $dskip"
	ok 0 "# SKIP $dskip"
else
	DEBUGINFOD_URLS=http://127.0.0.1:$port DEBUGINFOD_CACHE_PATH=$T/dcache \
		"$FLAMEDIFF" fold "$T/x.data" >"$T/d.a" 2>"$T/d.err"
	rc=$?
	kill $dpid 2>/dev/null
	wait $dpid 2>/dev/null
	o=$(overlap "$T/d.a" "$T/c.b")
	[ $rc -eq 0 ] && grep -q ';hot_leaf' "$T/d.a" &&
		! grep -q 'NEWFN\|\[prog\]' "$T/d.a" && atleast "$o" 0.99
	ok $? "DEBUGINFOD_URLS: the old build fetched from debuginfod names its frames, as perf's (overlap $o)" ||
		{ sed 's/^/#   /' "$T/d.err"; tail -3 "$T/dfod.log" | sed 's/^/#   /'; }
	[ $rc -eq 0 ] && cmp -s "$T/old" "$T/dcache/$bid/executable"
	ok $? "it was fetched into DEBUGINFOD_CACHE_PATH"
fi

# 8. a kernel module rebuilt since the recording: its kallsyms names are
# another build's, so its frames are [module], one warning; the same for a
# module unloaded or moved since, whose recorded range kallsyms now fills
# with other names. No module can be built nor loaded here, so one is made
# up in a mount namespace of the test's own: a /proc/kallsyms whose
# hottest kernel function is in module fakemod, a /sys/module/fakemod/notes
# with a build-id, and a perf record -o - stream whose build-id records
# list fakemod.ko and whose kernel MMAP records put it around that
# function.
note() { # note HEX: a GNU build-id ELF note
	perl -e 'print pack("VVV", 4, length($ARGV[0]) / 2, 3), "GNU\0",
		pack("H*", $ARGV[0])' "$1"
}
bidrec() { # bidrec HEX PATH: a PERF_RECORD_HEADER_BUILD_ID record
	perl -e 'my $n = $ARGV[1] . "\0"; $n .= "\0" while length($n) % 8;
		print pack("VvvV", 67, 1, 36 + length($n), 0xffffffff),
		pack("H40", $ARGV[0]), pack("Cx3", length($ARGV[0]) / 2), $n' \
		"$1" "$2"
}
kmmap() { # kmmap START END PATH: a kernel PERF_RECORD_MMAP (pid -1)
	perl -e 'my $n = $ARGV[2] . "\0"; $n .= "\0" while length($n) % 8;
		my ($s, $e) = (hex($ARGV[0]), hex($ARGV[1]));
		print pack("VvvVVQ<Q<Q<", 1, 1, 40 + length($n), 0xffffffff,
			0, $s, $e - $s, 0), $n' "$1" "$2" "$3"
}
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null 2>&1 ||
	! command -v perl >/dev/null 2>&1 ||
	! unshare -m true 2>/dev/null; then
	for i in 1 2 3 4; do
		ok 0 "# SKIP not root, or no unshare -m or perl"
	done
else
	perf record -q -g -e task-clock -o - -- dd if=/dev/zero \
		of=/dev/null bs=64k count=100000 >"$T/k.pipe" 2>/dev/null
	"$FLAMEDIFF" fold "$T/k.pipe" >"$T/k0" 2>/dev/null
	# the leaf of the heaviest stack through the kernel's syscall entry
	hot=$(awk '/entry_SYSCALL/ && $NF > w { w = $NF; n = split($1, f, ";");
		h = f[n] } END { print h }' "$T/k0")
	awk -v h="$hot" '$2 ~ /^[tT]$/ && $3 == h { $0 = $0 "\t[fakemod]" }
		{ print }' /proc/kallsyms >"$T/kallsyms.fake"
	# fakemod's range: from the function to the next text symbol
	range=$(awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' /proc/kallsyms |
		LC_ALL=C sort | awk -v h="$hot" 'f { print s, $1; exit }
			$2 == h { f = 1; s = $1 }')
	rel=$(uname -r)
	rec=1111111111111111111111111111111111111111
	ko=/lib/modules/$rel/extra/fakemod.ko
	{ cat "$T/k.pipe"; bidrec $rec "$ko"; kmmap $range "$ko"; } \
		>"$T/k.data"
	kmod() { # kmod OUT [KALLSYMS]: fold k.data, fakemod's build-id
		# note OUT.note, if any, in /sys/module
		unshare -m sh -c 'mount --make-rprivate / &&
			mount -t tmpfs none /sys/module &&
			if [ -e "$1" ]; then
				mkdir -p /sys/module/fakemod/notes &&
				cat "$1" >/sys/module/fakemod/notes/.note.gnu.build-id
			fi &&
			mount --bind "$2" /proc/kallsyms &&
			exec "$3" fold "$4"' sh "$T/$1.note" \
			"${2:-$T/kallsyms.fake}" "$FLAMEDIFF" "$T/k.data" \
			>"$T/$1" 2>"$T/$1.err"
	}
	note $rec >"$T/k1.note"
	kmod k1
	rc=$?
	[ -n "$hot" ] && [ $rc -eq 0 ] && grep -q ";$hot " "$T/k1" &&
		! grep -q 'fakemod' "$T/k1" "$T/k1.err"
	ok $? "a module loaded as recorded: kallsyms names its frames ($hot)" ||
		{ sed 's/^/#   /' "$T/k1.err"; head -3 "$T/k1" | sed 's/^/#   /'; }
	note 2222222222222222222222222222222222222222 >"$T/k2.note"
	kmod k2
	rc=$?
	[ -n "$hot" ] && [ $rc -eq 0 ] && grep -q ';\[fakemod\] ' "$T/k2" &&
		! grep -q ";$hot " "$T/k2"
	ok $? "a module rebuilt since the recording: its frames are [fakemod]" ||
		{ sed 's/^/#   /' "$T/k2.err"; head -3 "$T/k2" | sed 's/^/#   /'; }
	[ $rc -eq 0 ] &&
		[ "$(grep -c "module fakemod: build-id $rec was recorded" "$T/k2.err")" -eq 1 ]
	ok $? "one warning says why" || sed 's/^/#   /' "$T/k2.err"
	# unloaded since: kallsyms has the kernel's own function where the
	# recording saw fakemod
	kmod k3 /proc/kallsyms
	rc=$?
	[ -n "$range" ] && [ $rc -eq 0 ] && grep -q ';\[fakemod\] ' "$T/k3" &&
		! grep -q ";$hot " "$T/k3" &&
		[ "$(grep -c 'module fakemod: not where the recording saw it' "$T/k3.err")" -eq 1 ]
	ok $? "a module unloaded or moved since the recording: its frames are [fakemod], one warning" ||
		{ sed 's/^/#   /' "$T/k3.err"; head -3 "$T/k3" | sed 's/^/#   /'; }
fi

# 4. and 5. another user: nobody's binary replaced by a link to a file only
# root reads; nobody's copy of root's benchmark with renamed symbols.
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1 ||
	! id nobody >/dev/null 2>&1; then
	ok 0 "# SKIP not root, or no setpriv or user nobody"
	ok 0 "# SKIP not root, or no setpriv or user nobody"
	ok 0 "# SKIP not root, or no setpriv or user nobody"
	done_testing
	exit
fi
# as nobody: a simple command, so that $! is the program's pid
asnobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups --"
chmod 711 "$T"
mkdir -p "$T/u" "$T/secret"
chmod 700 "$T/secret"
cp "$T/secret.elf" "$T/secret/prog" && chmod 600 "$T/secret/prog"
cp "$T/old" "$T/u/uprog"
chown -R nobody "$T/u"
chmod 755 "$T/u" "$T/u/uprog"

$asnobody "$T/u/uprog" 60 &
upid=$!
mapped $upid "$T/u/uprog"
$asnobody ln -sf "$T/secret/prog" "$T/u/uprog"
"$FLAMEDIFF" record -q -a -d 1 -o "$T/sec.prof" 2>"$T/sec.err"
rc=$?
kill $upid 2>/dev/null
wait $upid 2>/dev/null
[ $rc -eq 0 ] && grep -q '^uprog;.*hot_leaf ' "$T/sec.prof" &&
	! grep -q 'SECRET' "$T/sec.prof"
ok $? "record -a: nobody's binary replaced by a link to root's file: no secret name" ||
	{ sed 's/^/#   /' "$T/sec.err"; grep -a 'SECRET\|^uprog' "$T/sec.prof" |
		head -3 | sed 's/^/#   /'; }

# the path alone (perf.data without build-ids, the link still there): the
# file at the path is another inode, so [uprog], not the secret's names
$asnobody cp "$T/old" "$T/u/uprog2"
$asnobody "$T/u/uprog2" 60 &
upid=$!
mapped $upid "$T/u/uprog2"
perf record -q -B -a -g -F 999 -e cpu-clock -o "$T/sec.data" -- sleep 1 \
	>/dev/null 2>"$T/sec.perr"
kill $upid 2>/dev/null
wait $upid 2>/dev/null
$asnobody ln -sf "$T/secret/prog" "$T/u/uprog2"
"$FLAMEDIFF" fold "$T/sec.data" >"$T/sec.a" 2>"$T/sec.aerr"
rc=$?
[ $rc -eq 0 ] && grep -q ';\[uprog2\]' "$T/sec.a" && ! grep -q 'SECRET' "$T/sec.a"
ok $? "perf.data: a path now linked to another file is [uprog2], no secret name" ||
	{ sed 's/^/#   /' "$T/sec.perr" "$T/sec.aerr"; head -3 "$T/sec.a" | sed 's/^/#   /'; }

# the twin: same build-id, symbols renamed, run by nobody and started first
cp "$T/old" "$T/bench"
objcopy --redefine-sym hot_leaf=FORGED_hot_leaf_ --redefine-sym mid=FORGED_mid_ \
	"$T/bench" "$T/u/twin"
chown nobody "$T/u/twin"
chmod 755 "$T/u/twin"
if [ "$(bid_of "$T/bench")" != "$(bid_of "$T/u/twin")" ]; then
	ok 1 "objcopy kept the build-id of the twin"
else
	$asnobody "$T/u/twin" 60 &
	tpid=$!
	mapped $tpid "$T/u/twin"
	"$T/bench" 60 &
	bpid=$!
	mapped $bpid "$T/bench"
	"$FLAMEDIFF" record -q -a -d 1 -o "$T/twin.prof" 2>"$T/twin.err"
	rc=$?
	kill $tpid $bpid 2>/dev/null
	wait $tpid $bpid 2>/dev/null
	grep '^bench;' "$T/twin.prof" >"$T/twin.bench"
	[ $rc -eq 0 ] && grep -q ';hot_leaf ' "$T/twin.bench" &&
		! grep -q 'FORGED' "$T/twin.bench" &&
		grep -q '^twin;.*FORGED_hot_leaf_' "$T/twin.prof"
	ok $? "a build-id twin run first does not rename root's frames" ||
		{ sed 's/^/#   /' "$T/twin.err"; grep -a 'FORGED' "$T/twin.prof" |
			head -3 | sed 's/^/#   /'; }
fi

done_testing
