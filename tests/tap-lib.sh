# Sourced by the shell tests: the same TAP helpers as tests/tap.h.
# $FLAMEDIFF is the binary under test (make check sets it). How to write a
# test here: tests/README.md.
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
T=$(mktemp -d)
# TEST_KEEP_FAILED=DIR: a test with a failed check leaves a copy of its
# files in DIR (as git's --debug keeps the trash directory): a rare
# failure on a loaded machine can then be read after the run.
tap_exit() {
	if [ "${tap_failed:-0}" -ne 0 ] && [ -n "$TEST_KEEP_FAILED" ] &&
		mkdir -p "$TEST_KEEP_FAILED" &&
		keep=$(mktemp -d "$TEST_KEEP_FAILED/$(basename "$0" .sh).XXXXXX") &&
		cp -a "$T/." "$keep/"; then
		echo "# $(basename "$0"): its files kept in $keep" >&2
	fi
	rm -rf "$T"
}
trap tap_exit EXIT
# A home of the test's own: perf record files every binary it saw into
# ~/.debug, and fold X.data reads that cache, so a shared home would let
# one test's binaries (a forged twin with a real build-id, say) name
# another test's frames, or the host's cache name them.
mkdir -p "$T/home" && HOME=$T/home && export HOME
tap_n=0
tap_failed=0
# Set TODO to a reason around a check that is known to fail (TAP's "# TODO":
# prove reports it, the suite passes); empty it again after.
TODO=

ok() { # ok CONDITION-EXIT-STATUS DESCRIPTION: returns the condition
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2${TODO:+ # TODO $TODO}"
		return 0
	fi
	echo "not ok $tap_n - $2${TODO:+ # TODO $TODO}"
	[ -n "$TODO" ] || tap_failed=$((tap_failed + 1))
	return 1
}

check() { # check DESCRIPTION COMMAND...: passes when COMMAND succeeds
	d=$1
	shift
	"$@" >"$T/check.out" 2>&1
	rc=$?
	ok $rc "$d"
	[ $rc -eq 0 ] || sed 's/^/#   /' "$T/check.out" | head -20
}

skip_without() { # skip_without TOOL...: skip the whole test if one is missing
	for tool in "$@"; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			echo "1..0 # SKIP $tool is not installed"
			exit 0
		fi
	done
}

nonempty() { # nonempty FILE: FILE exists and holds something
	[ -s "$1" ]
}

write_file() { # write_file FILE TEXT: TEXT (printf's escapes) into FILE
	printf "$2" >"$1"
}

# profile_text FILE [LABEL] <<EOF ... EOF: a flamediff profile, its folded
# stacks ("proc;f_[k] 10") from standard input, process names at the root.
profile_text() {
	{
		echo '# flamediff-profile 1'
		echo '# root: process'
		[ -z "$2" ] || echo "# label: $2"
		cat
	} >"$1"
}

# svg_frame FILE NAME: the line of FILE's first frame called NAME (one
# frame a line, "<g ...><title>NAME (...)</title><rect .../>..."). Fails,
# printing nothing, when FILE is missing or has no such frame: a check
# built on it never passes on a missing SVG.
svg_frame() {
	grep -m1 "<title>$2 (" "$1"
}

# svg_frames FILE: the line of every frame of FILE; fails when there is
# none (or no FILE), so "no frame is ..." checks cannot pass on nothing.
svg_frames() {
	grep '^<g[^>]*><title>' "$1"
}

done_testing() {
	echo "1..$tap_n"
	[ $tap_failed -eq 0 ]
}

# skip_unless_recording RECORD-ARGS...: skip the whole test when this
# machine does not let record open its events (perf_event_paranoid, no
# such event, no perf_event_open), but fail loudly when record fails for
# any other reason: a broken record must not pass as a skip.
skip_unless_recording() {
	if "$FLAMEDIFF" record -q -o "$T/probe" "$@" 2>"$T/probe.err"; then
		return 0
	fi
	if grep -Eq 'perf_event|no permission|has no event|CONFIG_PERF_EVENTS' \
		"$T/probe.err"; then
		echo "1..0 # SKIP cannot record here: $(head -1 "$T/probe.err")"
		exit 0
	fi
	echo "Bail out! record fails, not for want of permission: $(head -1 "$T/probe.err")"
	exit 1
}
