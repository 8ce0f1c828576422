#!/bin/sh
# Every open of a path another user may control goes through
# lib/safe-open (safe_open, safe_fopen, lr_init_path): no other open(),
# fopen(), openat(), fdopen(), freopen(), creat(), opendir(), mmap() or
# dlopen(), and no libelf/libdw mapping of a file (ELF_C_READ_MMAP,
# dwarf_begin() on a descriptor), in collector/, analyzer/, lib/, render/
# and cli/, but for the exceptions below, each with its reason.
. "$(dirname "$0")/tap-lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

# FILE CALL: allowed there, and why (CALL *: any, for a file that writes
# outputs only)
allow_list() {
	cat <<'EOF'
lib/safe-open.c openat the helper itself: O_PATH, then the checked inode
lib/safe-open.c open the helper itself: /proc/self/fd/N of its O_PATH fd
lib/safe-open.c fdopen safe_fopen's stream on a descriptor it checked
lib/outfile.c * outputs (-o), not inputs: its own rules (lib/outfile.h)
collector/ring.c mmap the perf_event ring buffer: our own descriptor
collector/record.c opendir /proc/PID/task of -p PID: names only, nothing read
collector/monitors.c opendir /sys/devices/system/cpu and node dirs of the kernel's: names only; files read through safe_open
analyzer/runs-list.c opendir a run directory the user named: names only; its files are opened by lr_init_safe (regular only)
render/cairo-dl.c dlopen cairo by soname, from the system's library path
collector/dso.c dlopen libdebuginfod by soname, from the system's library path, only with DEBUGINFOD_URLS set
EOF
}

# stray_opens DIR: print "file:line: text" for every call not allowed;
# status 0 when there is none. Comment lines (" * ...", "/* ...") and
# the words in comments after code are not calls.
stray_opens() {
	allow_list >"$T/allow"
	bad=0
	for part in collector analyzer lib render cli; do
		[ -d "$1/$part" ] || continue
		for f in "$1/$part"/*.c "$1/$part"/*.h; do
			[ -f "$f" ] || continue
			rel=$part/${f##*/}
			# drop comments (one-line and block), keep line numbers
			sed -e 's|/\*.*\*/||g' -e 's|//.*$||' \
				-e 's|^[[:space:]]*/\*.*||' \
				-e 's|^[[:space:]]*\*.*||' "$f" |
			grep -nE '(^|[^[:alnum:]_>.])(open|fopen|openat|fdopen|freopen|creat|opendir|mmap|dlopen|dwarf_begin)[[:space:]]*\(|ELF_C_READ_MMAP' |
			while IFS= read -r l; do
				call=$(printf '%s\n' "$l" | grep -oE '(^|[^[:alnum:]_>.])(open|fopen|openat|fdopen|freopen|creat|opendir|mmap|dlopen|dwarf_begin)[[:space:]]*\(|ELF_C_READ_MMAP' |
					head -1 | sed -E 's/^[^[:alnum:]_]//; s/[[:space:]]*\($//')
				if ! grep -q -e "^$rel $call " -e "^$rel \* " \
					"$T/allow"; then
					echo "$rel:$l"
					exit 1
				fi
			done || bad=1
		done
	done
	return $bad
}

stray_opens "$top" >"$T/stray"
ok $? "no open of a foreign path outside lib/safe-open and the allow-list"
[ $? -eq 0 ] || sed 's/^/#   /' "$T/stray"

# each exception still exists: a stale entry hides nothing but says
# something false
stale=0
allow_list | while read -r file call why; do
	[ "$call" = "*" ] && { [ -f "$top/$file" ] || { echo "$file"; exit 1; }; continue; }
	grep -qE "(^|[^[:alnum:]_>.])$call[[:space:]]*\(" "$top/$file" ||
		{ echo "$file $call"; exit 1; }
done >"$T/stale" || stale=1
ok $stale "every allow-list entry names a call that is there"
[ $stale -eq 0 ] || sed 's/^/#   /' "$T/stale"

# The check itself: a planted stray open (and an fopen, and a mapping
# libelf read) in a copy of the tree are caught, by file and line.
mkdir -p "$T/tree"
cp -r "$top/collector" "$top/analyzer" "$top/lib" "$top/render" "$top/cli" \
	"$T/tree/"
cat >>"$T/tree/collector/dso.c" <<'EOF'
static int stray(const char *p) { return open(p, O_RDONLY); }
EOF
stray_opens "$T/tree" >"$T/planted"
[ $? -ne 0 ] && grep -q '^collector/dso.c:[0-9]*:.*open(p' "$T/planted"
ok $? "self-test: a planted open() in collector/dso.c is caught"
cp "$top/analyzer/input.c" "$T/tree/analyzer/input.c"
cp "$top/collector/dso.c" "$T/tree/collector/dso.c"
printf 'static FILE *f(void) { return fopen("/tmp/x", "r"); }\n' \
	>>"$T/tree/analyzer/input.c"
stray_opens "$T/tree" >"$T/planted"
[ $? -ne 0 ] && grep -q '^analyzer/input.c:' "$T/planted"
ok $? "self-test: a planted fopen() in analyzer/ is caught"
cp "$top/analyzer/input.c" "$T/tree/analyzer/input.c"
printf 'static void *e(int fd) { return elf_begin(fd, ELF_C_READ_MMAP, 0); }\n' \
	>>"$T/tree/collector/inline.c"
stray_opens "$T/tree" >"$T/planted"
[ $? -ne 0 ] && grep -q '^collector/inline.c:' "$T/planted"
ok $? "self-test: a libelf mapping (ELF_C_READ_MMAP) is caught"
cp "$top/collector/inline.c" "$T/tree/collector/inline.c"
stray_opens "$T/tree" >"$T/planted"
ok $? "self-test: the copy without the plants passes again"

done_testing
