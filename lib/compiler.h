/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COMPILER_H
#define FLAMEDIFF_COMPILER_H

/*
 * A parameter a function must take but does not use: a callback's
 * signature, fixed by its table or library. -Wunused-parameter is on
 * (Makefile), so every other unused parameter is a warning.
 */
#define UNUSED __attribute__((unused))

/*
 * A macro's value as a string literal, for help text written from the
 * constant it describes: STR(EXPLAIN_WIDTH) is "100". The macro must be
 * a bare literal.
 */
#define STR_(x) #x
#define STR(x) STR_(x)

#endif
