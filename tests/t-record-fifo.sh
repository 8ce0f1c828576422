#!/bin/sh
# Issue 23, item 2: paths that a recorded process controls, made FIFOs,
# must not hang root's recorder (nor report of a perf.data): a binary's
# path replaced while it runs, the same seen through /proc/PID/root of
# another mount namespace, /tmp/perf-PID.map, a .gnu_debuglink file. Each
# `record -a -d 2` must end within its duration + 5 s (timeout) and write
# a complete profile. Needs perf_event_open (skips otherwise).
. tests/tap-lib.sh
PROGS=$(dirname "$FLAMEDIFF")/tests/progs

skip_unless_recording -a -d 0.1

# record_bg NAME: record -a -d 2 into $T/NAME.profile in the background,
# under timeout 7 (its duration + 5 s); record_wait NAME WHAT checks that
# it ended in time, exit 0, and that report reads the profile.
record_bg() {
	timeout 7 "$FLAMEDIFF" record -q -a -d 2 -o "$T/$1.profile" \
		2>"$T/$1.err" &
	rec=$!
	sleep 0.3
}
record_wait() {
	wait $rec
	rc=$?
	[ $rc -ne 124 ]
	ok $? "$2: record -a -d 2 ends within 7 s (rc $rc)" ||
		sed 's/^/#   /' "$T/$1.err"
	[ $rc -eq 0 ]
	ok $? "$2: record exits 0" || sed 's/^/#   /' "$T/$1.err"
	"$FLAMEDIFF" report "$T/$1.profile" >"$T/$1.report" 2>"$T/$1.rerr" &&
		nonempty "$T/$1.report"
	ok $? "$2: the profile is complete (report reads it)"
}
# record_ok NAME WHAT: both, for a process already running
record_ok() {
	record_bg "$1"
	record_wait "$@"
}

# 1. a binary's path replaced by a FIFO while it runs: started while we
# record (its MMAP record names the path; /proc/PID/maps of a process
# already running would say "(deleted)"), it sleeps 0.3 s, then spins
# 3 s: its first samples come after the path is a FIFO
mkdir "$T/a"
cp "$PROGS/sleepspin" "$T/a/spin"
record_bg bin
"$T/a/spin" 30 3 >/dev/null 2>&1 &
pid=$!
sleep 0.1
rm -f "$T/a/spin"
mkfifo "$T/a/spin"
record_wait bin "a binary's path made a FIFO"
grep -q '^spin;' "$T/bin.profile"
ok $? "the process is in the profile" || head -3 "$T/bin.profile" | sed 's/^/#   /'
kill $pid 2>/dev/null
wait $pid 2>/dev/null

# 2. the same, only visible through /proc/PID/root: a mount namespace
# whose tmpfs holds the binary (here, the directory is empty)
mkdir "$T/b"
if unshare -m --propagation private true 2>/dev/null; then
	cp "$PROGS/sleepspin" "$T/b.spin"
	record_bg ns
	unshare -m --propagation private sh -c '
		mount -t tmpfs tmpfs "$0" || exit 1
		cp "$0.spin" "$0/spin"
		"$0/spin" 30 3 >/dev/null 2>&1 &
		sleep 0.1
		rm -f "$0/spin"
		mkfifo "$0/spin"
		wait' "$T/b" &
	ns=$!
	record_wait ns "a FIFO through /proc/PID/root of another mount namespace"
	kill $ns 2>/dev/null
	wait $ns 2>/dev/null
else
	ok 0 "# SKIP unshare -m is not allowed here"
fi

# 3. /tmp/perf-PID.map a FIFO (the owner check came after a blocking
# open): a JIT run by nobody, where it can, replaces its map by a FIFO
as=
if id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null &&
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups true \
		2>/dev/null; then
	as="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups"
fi
$as "$PROGS/jit" 4 keep >"$T/jit.out" 2>&1 &
jit=$!
sleep 0.3
$as sh -c 'rm -f "$0" && mkfifo "$0"' "/tmp/perf-$jit.map"
[ -p "/tmp/perf-$jit.map" ]
ok $? "the JIT's map is a FIFO${as:+ (made by nobody)}"
record_ok perfmap "/tmp/perf-PID.map a FIFO"
grep -q '^jit;' "$T/perfmap.profile"
ok $? "the JIT is in the profile"
kill $jit 2>/dev/null
wait $jit 2>/dev/null
rm -f "/tmp/perf-$jit.map"

# 4. a stripped binary whose .gnu_debuglink file is a FIFO
mkdir "$T/d"
if objcopy --only-keep-debug "$PROGS/sleepspin" "$T/d/spin.debug" &&
	objcopy --strip-all "$PROGS/sleepspin" "$T/d/spin.s" &&
	(cd "$T/d" && objcopy --add-gnu-debuglink=spin.debug spin.s spin); then
	rm "$T/d/spin.debug" "$T/d/spin.s"
	mkfifo "$T/d/spin.debug"
	"$T/d/spin" 0 4 >/dev/null 2>&1 &
	pid=$!
	sleep 0.3
	record_ok link "a .gnu_debuglink file made a FIFO"
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null

	# report of a perf.data (perf's own) whose binary's debuglink, then
	# whose binary, is a FIFO: ends, exit 0
	rm "$T/d/spin.debug"
	if perf record -q -o "$T/d.data" -- "$T/d/spin" 0 0.3 \
		>/dev/null 2>&1; then
		mkfifo "$T/d/spin.debug"
		timeout 10 "$FLAMEDIFF" report "$T/d.data" >"$T/d.fold" \
			2>"$T/d.err"
		rc=$?
		[ $rc -eq 0 ] && nonempty "$T/d.fold"
		ok $? "report of a perf.data whose debuglink is a FIFO ends, exit 0 (rc $rc)"
		rm -f "$T/d/spin"
		mkfifo "$T/d/spin"
		timeout 10 "$FLAMEDIFF" report "$T/d.data" >"$T/d2.fold" \
			2>"$T/d2.err"
		rc=$?
		[ $rc -eq 0 ] && nonempty "$T/d2.fold"
		ok $? "... and whose binary is a FIFO (rc $rc)"
	else
		ok 0 "# SKIP perf record does not work here"
		ok 0 "# SKIP perf record does not work here"
	fi
else
	ok 0 "# SKIP objcopy cannot make a debuglinked binary"
fi

# 5. a binary's path made a link to a device while it runs (a watchdog's
# open() arms a reboot; a tape's rewinds it): the recorder may look at the
# path (O_PATH, then fstat) but never opens the device itself. strace -y
# prints the file each returned descriptor is: no descriptor of /dev/zero
# may come from an open without O_PATH. (The recorder reads a mapped
# binary through /proc/PID/map_files, the inode mapped, whatever its path
# now names.)
if command -v strace >/dev/null 2>&1; then
	mkdir "$T/e"
	cp "$PROGS/sleepspin" "$T/e/spin"
	# (LeakSanitizer, under make asan-check, cannot work under ptrace)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	timeout 12 strace -f -y -qq -e trace=open,openat,openat2 \
		-o "$T/dev.strace" "$FLAMEDIFF" record -q -a -d 2 \
		-o "$T/dev.profile" 2>"$T/dev.err" &
	rec=$!
	sleep 0.5
	"$T/e/spin" 30 3 >/dev/null 2>&1 &
	pid=$!
	sleep 0.1
	rm -f "$T/e/spin"
	ln -s /dev/zero "$T/e/spin"
	record_wait dev "a binary's path made a link to /dev/zero"
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null
	grep -q '^spin;.*;main;' "$T/dev.profile"
	ok $? "its frames are named from the file it mapped, not the path" ||
		grep '^spin' "$T/dev.profile" | head -3 | sed 's/^/#   /'
	grep -E '= [0-9]+</dev/zero>' "$T/dev.strace" | grep -v O_PATH \
		>"$T/dev.opened"
	nonempty "$T/dev.profile" && nonempty "$T/dev.strace" &&
		! nonempty "$T/dev.opened"
	ok $? "... and never opened the device" ||
		sed 's/^/#   /' "$T/dev.opened"
else
	ok 0 "# SKIP strace is not installed"
	ok 0 "# SKIP strace is not installed"
	ok 0 "# SKIP strace is not installed"
	ok 0 "# SKIP strace is not installed"
	ok 0 "# SKIP strace is not installed"
fi

done_testing
