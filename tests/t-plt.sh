#!/bin/sh
# PLT stubs are "name@plt" in every route: flamediff record, fold X.data,
# and perf's own text where perf 6.1 names them; .plt's, IBT's .plt.sec's,
# .plt.got's, of C and C++ functions. Programs built here call
# a one-line function of a library of the test's (tiny) through the PLT in
# a loop that does nothing else, so the stub holds a good share of the
# samples; a check on the stub's name says so and skips when none landed
# there. The oracle for X.data is perf script with its frames in the PLT
# renamed by address from objdump's view of the binary (tests/plt-lib.sh):
# perf 6.1 calls them "_init+0x..", or nothing in .plt.sec and .plt.got.
# Needs perf, perf_event_open, cc, objdump and readelf.
. tests/tap-lib.sh
. tests/plt-lib.sh
skip_without perf cc objdump readelf
if ! perf record -q -N -o "$T/probe.data" -e task-clock -- true \
	>/dev/null 2>"$T/probe.err"; then
	echo "1..0 # SKIP perf record cannot sample here: $(head -1 "$T/probe.err")"
	exit 0
fi
N=300000000

cat >"$T/tiny.c" <<'EOF'
int tiny(int x) { return x + 1; }
EOF
cat >"$T/tinyxx.cc" <<'EOF'
namespace ns { int tiny(int x) { return x + 1; } }
EOF
cat >"$T/hot.c" <<'EOF'
#include <stdlib.h>
int tiny(int);
int main(int argc, char **argv)
{
	unsigned long n = strtoul(argv[1], 0, 0), i;
	volatile int s = 0;

	for (i = 0; i < n; i++)
		s = tiny(s);
	return 0;
}
EOF
cat >"$T/hotxx.cc" <<'EOF'
#include <cstdlib>
namespace ns { int tiny(int); }
int main(int argc, char **argv)
{
	unsigned long n = std::strtoul(argv[1], 0, 0), i;
	volatile int s = 0;

	for (i = 0; i < n; i++)
		s = ns::tiny(s);
	return argc - 2;
}
EOF
# one call site built -fno-plt: tiny's GOT slot is bound at load, and the
# loop's calls go through its stub in .plt.got
cat >"$T/once.c" <<'EOF'
int tiny(int);
int once(int x) { return tiny(x); }
EOF
sed 's/return 0;/return once(0) - 1;/; s/^int tiny(int);/int tiny(int), once(int);/' \
	"$T/hot.c" >"$T/hotgot.c"
cat >"$T/libhot.c" <<'EOF'
int tiny(int);
void hot(unsigned long n)
{
	volatile int s = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		s = tiny(s);
}
EOF
cat >"$T/hotlib.c" <<'EOF'
#include <stdlib.h>
void hot(unsigned long n);
int main(int argc, char **argv)
{
	hot(strtoul(argv[1], 0, 0));
	return argc - 2;
}
EOF

FP="-O2 -fno-omit-frame-pointer"
RP="-L$T -Wl,-rpath,$T"
built=
cc $FP -fPIC -shared -o "$T/libtiny.so" "$T/tiny.c" 2>"$T/cc.err" &&
	cc $FP -o "$T/plt-c" "$T/hot.c" $RP -ltiny 2>>"$T/cc.err" &&
	built="plt-c"
# IBT: the stubs called are in .plt.sec; -z now: .plt's trampolines, which
# objdump does not name stub by stub, never run
cc $FP -fcf-protection -Wl,-z,ibtplt -Wl,-z,now -o "$T/plt-ibt" "$T/hot.c" \
	$RP -ltiny 2>>"$T/cc.err" &&
	readelf -SW "$T/plt-ibt" | grep -q '\.plt\.sec' && built="$built plt-ibt"
cc $FP -fno-plt -c -o "$T/once.o" "$T/once.c" 2>>"$T/cc.err" &&
	cc $FP -o "$T/plt-got" "$T/hotgot.c" "$T/once.o" $RP -ltiny \
		2>>"$T/cc.err" &&
	objdump -d -j .plt.got "$T/plt-got" 2>/dev/null | grep -q '<tiny@plt>:' &&
	built="$built plt-got"
# a stripped library: .dynsym only, where perf 6.1 names the stubs itself
cc $FP -fPIC -shared -s -o "$T/libhot.so" "$T/libhot.c" $RP -ltiny \
	2>>"$T/cc.err" &&
	cc $FP -o "$T/plt-lib" "$T/hotlib.c" $RP -lhot 2>>"$T/cc.err" &&
	built="$built plt-lib"
# ... and one built for IBT: perf 6.1 leaves its .plt.sec stubs [unknown]
mkdir -p "$T/ibt"
cc $FP -fPIC -shared -s -fcf-protection -Wl,-z,ibtplt -Wl,-z,now \
	-o "$T/ibt/libhot.so" "$T/libhot.c" $RP -ltiny 2>>"$T/cc.err" &&
	readelf -SW "$T/ibt/libhot.so" | grep -q '\.plt\.sec' &&
	cc $FP -o "$T/plt-libibt" "$T/hotlib.c" -L"$T/ibt" \
		-Wl,-rpath,"$T/ibt" -lhot 2>>"$T/cc.err" &&
	built="$built plt-libibt"
if command -v c++ >/dev/null 2>&1 &&
	c++ $FP -fPIC -shared -o "$T/libtinyxx.so" "$T/tinyxx.cc" \
		2>>"$T/cc.err" &&
	c++ $FP -o "$T/plt-cxx" "$T/hotxx.cc" $RP -ltinyxx 2>>"$T/cc.err"; then
	built="$built plt-cxx"
fi
if [ -z "$built" ]; then
	echo "1..0 # SKIP cannot build the programs: $(head -1 "$T/cc.err")"
	exit 0
fi

# the periods of the samples whose own frame is $2 in perf script text $1
# (the header's number before the event is the period)
stub_period() {
	awk -v f="$2" '/^[^ \t]/ { p = 0; for (i = 2; i < NF; i++)
			if ($(i + 1) ~ /:$/ && $i ~ /^[0-9]+$/) p = $i; top = 1; next }
		top && NF >= 2 { top = 0; s2 = $2; sub(/\+0x[0-9a-f]+$/, "", s2)
			if (s2 == f) s += p }
		END { print s + 0 }' "$1"
}

# the weight of the stacks ending in frame $2 in folded file $1
leaf_weight() {
	awk -v f="$2" '{ n = $NF; $NF = ""; sub(/ $/, "")
		k = split($0, a, ";"); if (a[k] == f) s += n }
		END { print s + 0 }' "$1"
}

# A stub misnamed _init is called by the loop's function (main, or hot in
# libhot.so); the real _init, which runs once at start and may take a page
# fault there, is called by the loader.
stub_init_re=';(main|hot);_init[; ]'

# perf.data: ours against perf script's frames renamed by address
for b in plt-c plt-ibt plt-got plt-cxx plt-lib plt-libibt; do
	case " $built " in
	*" $b "*) ;;
	*)
		ok 0 "# SKIP $b not built here: $(head -1 "$T/cc.err")"
		ok 0 "# SKIP $b not built here"
		continue
		;;
	esac
	bin=$T/$b stub=tiny@plt
	[ $b = plt-cxx ] && stub=ns::tiny@plt
	[ $b = plt-lib ] && bin=$T/libhot.so
	[ $b = plt-libibt ] && bin=$T/ibt/libhot.so
	perf record -q -N -o "$T/$b.data" -F 999 -g -e task-clock -- \
		"$T/$b" $N >/dev/null 2>&1
	"$FLAMEDIFF" fold "$T/$b.data" >"$T/$b.a" 2>"$T/$b.err"
	rc=$?
	perf script -i "$T/$b.data" 2>/dev/null >"$T/$b.txt"
	# perf script names the file by its real path
	plt_fix "$(readlink -f "$bin")" <"$T/$b.txt" >"$T/$b.fixed"
	"$FLAMEDIFF" fold "$T/$b.fixed" >"$T/$b.b" 2>>"$T/$b.err"
	rc2=$?
	sort "$T/$b.a" >"$T/$b.as"
	sort "$T/$b.b" >"$T/$b.bs"
	[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && nonempty "$T/$b.a" &&
		cmp -s "$T/$b.as" "$T/$b.bs"
	ok $? "$b: fold X.data = perf script, its PLT frames named by address" ||
		{ sed 's/^/#   /' "$T/$b.err"; diff "$T/$b.as" "$T/$b.bs" |
			head -8 | cut -c1-160 | sed 's/^/#   /'; }
	w=$(stub_period "$T/$b.fixed" "$stub")
	if [ "$w" -gt 0 ]; then
		[ $rc -eq 0 ] && [ "$(leaf_weight "$T/$b.a" "$stub")" = "$w" ] &&
			! grep -Eq "$stub_init_re" "$T/$b.a"
		ok $? "$b: the samples in the stub are $stub (weight $w), no _init"
	else
		ok 0 "# SKIP $b: no sample landed in the stub"
	fi
done

# perf's own names, where perf 6.1 gives them (a stripped library): the
# same stacks from perf script's text as it is
case " $built " in
*" plt-lib "*)
	if grep -q 'tiny@plt' "$T/plt-lib.txt"; then
		"$FLAMEDIFF" fold "$T/plt-lib.txt" >"$T/lib.b" 2>"$T/lib.err"
		rc=$?
		sort "$T/lib.b" >"$T/lib.perf"
		[ $rc -eq 0 ] && nonempty "$T/lib.perf" &&
			cmp -s "$T/plt-lib.as" "$T/lib.perf"
		ok $? "plt-lib: perf script names the library's stub tiny@plt itself, as fold X.data does" ||
			diff "$T/plt-lib.as" "$T/lib.perf" | head -8 |
			cut -c1-160 | sed 's/^/#   /'
	else
		ok 0 "# SKIP perf script named no stub of libhot.so ($(perf version 2>&1))"
	fi
	;;
*) ok 0 "# SKIP plt-lib not built" ;;
esac

# flamediff record: the stub is "name@plt", never _init nor unnamed
for b in plt-c plt-ibt plt-got plt-cxx plt-lib plt-libibt; do
	case " $built " in
	*" $b "*) ;;
	*)
		ok 0 "# SKIP $b not built"
		continue
		;;
	esac
	stub=tiny@plt
	[ $b = plt-cxx ] && stub=ns::tiny@plt
	"$FLAMEDIFF" record -q --no-stat --no-monitors -e task-clock -F 999 \
		-o "$T/$b.profile" -- "$T/$b" $N >/dev/null 2>"$T/$b.rerr"
	rc=$?
	grep -v '^#' "$T/$b.profile" >"$T/$b.r" 2>/dev/null
	# the stub called _init (what perf 6.1 says), or left unnamed, under
	# the loop's function. A library built -s keeps no name for its own
	# start-up and exit code (.init, frame_dummy, __do_global_dtors_aux),
	# and perf leaves a sample there [unknown] too: the loader calls it,
	# and its caller is [unknown] since that code keeps no frame pointer.
	bad_re="$stub_init_re|;(main|hot);(\[$b\]|\[libhot\.so\])[; ]"
	bad=$(grep -Ec "$bad_re" "$T/$b.r")
	w=$(leaf_weight "$T/$b.r" "$stub")
	if [ $rc -ne 0 ] || ! nonempty "$T/$b.r" || [ "$bad" -ne 0 ] ||
		[ "$w" -gt 0 ]; then
		[ $rc -eq 0 ] && nonempty "$T/$b.r" && [ "$bad" -eq 0 ]
		ok $? "$b: record names the stub $stub (weight $w), no _init, nothing unnamed" ||
			{ sed 's/^/#   /' "$T/$b.rerr"
			  grep -E "$bad_re" "$T/$b.r" |
				head -4 | cut -c1-160 | sed 's/^/#   /'; }
	else
		ok 0 "# SKIP $b: record's samples landed nowhere in the stub"
	fi
done

done_testing
