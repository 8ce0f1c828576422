# Sourced by the shell tests: the same TAP helpers as tests/tap.h.
# $FLAMEDIFF is the binary under test (make check sets it).
: "${FLAMEDIFF:=$(pwd)/build/flamediff}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
tap_n=0
tap_failed=0

ok() { # ok CONDITION-EXIT-STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
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

done_testing() {
	echo "1..$tap_n"
	[ $tap_failed -eq 0 ]
}
