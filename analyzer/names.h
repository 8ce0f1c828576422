/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_NAMES_H
#define FLAMEDIFF_NAMES_H

#include <stddef.h>

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

#endif
