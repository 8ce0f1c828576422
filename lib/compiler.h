/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COMPILER_H
#define FLAMEDIFF_COMPILER_H

/*
 * A parameter a function must take but does not use: a callback's
 * signature, fixed by its table or library. -Wunused-parameter is on
 * (Makefile), so every other unused parameter is a warning.
 */
#define UNUSED __attribute__((unused))

#endif
