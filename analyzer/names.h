/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_NAMES_H
#define FLAMEDIFF_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/*
 * Function names as they differ between two builds of the same code.
 *
 * GCC names the specialised copies of a function it makes by appending
 * ".isra.N", ".constprop.N" or ".part.N", and the numbers change from build
 * to build. LKP removes every such piece (N all digits) before it compares
 * two builds; ".cold" and other suffixes stay.
 */

/*
 * The length of s[0..len) without its trailing clone suffixes:
 * "foo.constprop.0.isra.0" -> 3 ("foo"). A piece in the middle
 * ("foo.part.0.cold") is left alone; name_strip_clones() removes those too.
 */
size_t name_strip_clone_suffix(const char *s, size_t len);

/*
 * LKP's rule in full: copy s[0..len) into out (room for len bytes, no NUL
 * added) without any ".isra.N", ".constprop.N", ".part.N" piece; returns
 * the new length. "foo.part.0.cold" -> "foo.cold". out may equal s.
 */
size_t name_strip_clones(const char *s, size_t len, char *out);

/*
 * The names a profile's frames and roots get from what perf says of a
 * sample, one rule for every route: the perf script reader (perfscript.c)
 * and the perf.data reader (collector/perfdata.c, through build.c) both
 * call these, so that --pid, --tid, --addrs, --kernel and --jit mean the
 * same on perf.data as on its perf script text. The rules are those of
 * FlameGraph's stackcollapse-perf.pl, which the text route follows.
 */

/*
 * A sample's root: comm ("spaces" made '_'), with --pid "-PID", with
 * --tid "-PID/TID". pid and tid are the numbers perf script prints, in
 * its order ("comm PID/TID"); when it prints one number only (its
 * default: the TID), tid is empty or "0" and that number is the TID: the
 * PID is then unknown, "?" ("comm-?/TID"). out has room for commlen +
 * pidlen + tidlen + 4 bytes; returns the length written (no NUL).
 */
size_t name_task_root(char *out, const char *comm, size_t commlen,
		      const char *pid, size_t pidlen, const char *tid,
		      size_t tidlen, bool with_pid, bool with_tid);

/*
 * A frame perf could not name ("[unknown]" in perf script) inside the
 * file mod (the DSO perf prints, "[unknown]" for none): "[base]", the
 * file's base name, or with an address (addr not NULL, --addrs)
 * "[base <addr>]". out has room for modlen + addrlen + 8 bytes; returns
 * the length written (no NUL).
 */
size_t name_unknown_frame(char *out, const char *mod, size_t modlen,
			  const char *addr, size_t addrlen);

/*
 * A symbol as perf prints it, tidied in place as stackcollapse-perf does
 * (returns the new length): ';' becomes ':', quotes go, and unless the
 * name looks like a Go method ("pkg.(*T).M") its argument list goes: from
 * the first '(' that is no part of the name proper. C++ keeps what perf
 * report keeps: "(anonymous namespace)", "operator()", a '(' inside
 * template arguments ("f<g(int)>") or braces ("{lambda(int)#1}", GCC's
 * local entities) and a local entity's scope ("f(int)::$_1::operator()").
 */
size_t name_tidy(char *s, size_t len);

/* A frame in the DSO mod is a kernel frame (_[k]): mod starts with '['
 * ("[kernel.kallsyms]", "[vdso]") or ends with "vmlinux", and does not
 * say "unknown". */
bool name_kernel_dso(const char *mod, size_t len);

/* A frame in the DSO mod is JIT code (_[j]): mod names a perf map,
 * "/tmp/perf-PID.map". */
bool name_jit_dso(const char *mod, size_t len);

/*
 * A frame's name with its DSO, for LKP's metrics only: perf report
 * --sort=dso,symbol has one entry per (DSO, symbol), cuts each entry's
 * chains at 0.5% on its own, and only LKP's parser then adds up the rows
 * of one name (`_start` of a program and of ld.so, `_fini` of every
 * library, `main` of two programs). With perf_script_opts.dso_names the
 * readers intern every resolved frame as "name" NUL "DSO" (never an
 * unresolved one: "[unknown]" stays as it is), which keeps frames of two
 * DSOs apart in the tree; metrics.c takes the name part back with
 * name_plain_len(). No reader takes a NUL from its input, so the join is
 * unambiguous; such names are never printed.
 */
#define NAME_DSO_SEP '\0'

/* The room name_join_dso() needs. */
#define NAME_DSO_ROOM(len, dsolen) ((len) + 1 + (dsolen))

/* name[0..len), NUL, dso[0..dsolen) into out (NAME_DSO_ROOM() bytes, out
 * may equal name); returns the length written. */
static inline size_t name_join_dso(char *out, const char *name, size_t len,
				   const char *dso, size_t dsolen)
{
	memmove(out, name, len);
	out[len] = NAME_DSO_SEP;
	memcpy(out + len + 1, dso, dsolen);
	return NAME_DSO_ROOM(len, dsolen);
}

/*
 * The DSO of a frame that perf names with a function other than its
 * symbol's (a function inlined there, or the DWARF's name of the function
 * itself: __libc_start_main_impl at __libc_start_main, work at
 * work.constprop.0): perf script prints "(inlined)" for its DSO, perf
 * report "NAME (inlined)" for its name. Both readers join such a frame's
 * name to this DSO.
 */
#define NAME_DSO_INLINED "inlined"

/* Whether s[0..len), made by name_join_dso(), is of DSO NAME_DSO_INLINED. */
static inline bool name_dso_inlined(const char *s, size_t len)
{
	const char *z = memchr(s, NAME_DSO_SEP, len);
	size_t n = sizeof(NAME_DSO_INLINED) - 1;

	return z && (size_t)(s + len - z - 1) == n &&
	       !memcmp(z + 1, NAME_DSO_INLINED, n);
}

/*
 * perf report's own entry of a sample whose frame perf names otherwise
 * (the symbol work.constprop.0 where the frames are hot_inner and work
 * "(inlined)"): "name" NUL "DSO" NUL NAME_SAMPLE_ENTRY, a leaf of the
 * DSO-named tree only (the perf.data reader's), for the metrics.
 */
#define NAME_SAMPLE_ENTRY "sample"

static inline bool name_is_sample_entry(const char *s, size_t len)
{
	const char *z = memchr(s, NAME_DSO_SEP, len);

	return z && memchr(z + 1, NAME_DSO_SEP, (size_t)(s + len - z - 1));
}

/* The name part of s[0..len): all of it unless name_join_dso() made it. */
static inline size_t name_plain_len(const char *s, size_t len)
{
	const char *z = memchr(s, NAME_DSO_SEP, len);

	return z ? (size_t)(z - s) : len;
}

#endif
