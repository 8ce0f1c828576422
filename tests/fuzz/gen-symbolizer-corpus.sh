#!/bin/sh
# Remake tests/fuzz/corpus/symbolizer/: a tiny real ELF (built here, with
# DWARF, an inlined function and .eh_frame), its stripped twin, and
# corrupted copies: truncated, sh_offset past EOF, huge sh_size, bad
# string offsets, a bad sh_link, garbage .eh_frame and DWARF, segments
# larger than the file. Run from the top of the tree: sh tests/fuzz/gen-symbolizer-corpus.sh
set -e
out=tests/fuzz/corpus/symbolizer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/tiny.c" <<'EOC'
#include <stdlib.h>
static volatile unsigned long sink;
static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)
{
	return x * 2862933555777941757UL + 3037000493UL;
}
__attribute__((noinline)) unsigned long leaf(unsigned long n)
{
	unsigned long x = sink, i;

	for (i = 0; i < n; i++)
		x = mix(x);
	return x;
}
__attribute__((noinline)) unsigned long mid(unsigned long n)
{
	return leaf(n) + 1;
}
int main(int argc, char **argv)
{
	sink = mid(argc > 1 ? strtoul(argv[1], NULL, 10) : 10);
	return 0;
}
EOC
cc -O1 -g -fomit-frame-pointer -Wl,--build-id -o "$tmp/tiny" "$tmp/tiny.c"
cc -O1 -g0 -s -Wl,--build-id -o "$tmp/tiny-stripped" "$tmp/tiny.c"
mkdir -p "$out"
python3 - "$tmp" "$out" <<'EOP'
import random, struct, sys
random.seed(23)
tmp, out = sys.argv[1], sys.argv[2] + '/'
src = open(tmp + '/tiny', 'rb').read()


def w(name, b):
    open(out + name, 'wb').write(bytes(b))


w('tiny.elf', src)
w('tiny-stripped.elf', open(tmp + '/tiny-stripped', 'rb').read())
w('truncated-3000.elf', src[:3000])
w('truncated-ehdr.elf', src[:64])
e_phoff, e_shoff = struct.unpack_from('<QQ', src, 0x20)
e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx = \
    struct.unpack_from('<HHHHH', src, 0x36)


def shdr(i):
    return struct.unpack_from('<IIQQQQIIQQ', src, e_shoff + i * e_shentsize)


def setsh(b, i, field, val):
    offs = [0, 4, 8, 16, 24, 32, 40, 44, 48, 56]
    fmt = '<I' if field in (0, 1, 6, 7) else '<Q'
    struct.pack_into(fmt, b, e_shoff + i * e_shentsize + offs[field], val)


strtab = shdr(e_shstrndx)[4]
names = {}
for i in range(e_shnum):
    off = strtab + shdr(i)[0]
    names[src[off:src.index(b'\0', off)].decode()] = i
sym = shdr(names['.symtab'])

b = bytearray(src)
for n in ('.symtab', '.strtab', '.eh_frame', '.debug_info'):
    setsh(b, names[n], 4, len(src) + 0x10000)
w('sh-offset-past-eof.elf', b)

b = bytearray(src)
for n in ('.symtab', '.strtab', '.dynsym', '.debug_info', '.rela.plt'):
    setsh(b, names[n], 5, 1 << 40)
w('huge-sh-size.elf', b)

b = bytearray(src)
for i in range(1, e_shnum):
    setsh(b, i, 0, 0xfffffff0 - i)
for k in range(sym[5] // 24):
    struct.pack_into('<I', b, sym[4] + k * 24, 0x7ffffff0 + k)
w('bad-string-offsets.elf', b)

b = bytearray(src)
for k in range(sym[5] // 24):
    struct.pack_into('<I', b, sym[4] + k * 24, sym[5] + k)
setsh(b, names['.symtab'], 6, 0xffff)
w('bad-sh-link.elf', b)

b = bytearray(src)
for n in ('.eh_frame', '.eh_frame_hdr'):
    h = shdr(names[n])
    for k in range(h[5]):
        b[h[4] + k] = random.randrange(256)
h = shdr(names['.eh_frame_hdr'])
b[h[4]:h[4] + 4] = bytes([1, 0x1b, 0x03, 0x3b])  # a header we accept
w('garbage-eh-frame.elf', b)

b = bytearray(src)
for n in ('.debug_info', '.debug_abbrev', '.debug_line'):
    h = shdr(names[n])
    for k in range(h[5]):
        b[h[4] + k] = random.randrange(256)
w('garbage-dwarf.elf', b)

b = bytearray(src)
for i in range(e_phnum):
    struct.pack_into('<Q', b, e_phoff + i * e_phentsize + 32, (1 << 40) + i)
w('huge-p-filesz.elf', b)
EOP
