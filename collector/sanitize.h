/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_SANITIZE_H
#define FLAMEDIFF_COLLECTOR_SANITIZE_H

#include <stddef.h>

#include "lib/strbuf.h"

/*
 * Text the recorded machine controls, made safe for a profile: process
 * names (comm, from the kernel or /proc), ELF and kallsyms symbols, file
 * names, and the run's header values (the command line, --label). Any
 * local user picks these: "x 99999999999<LF>y" as a program's name would
 * otherwise start a stack line of its own, a label with a newline a fake
 * header or stack.
 *
 * The rule, one for every such string, applied before it enters the
 * profile's string table:
 *  - a frame name (sanitize_name): every control byte (0x00-0x1f, 0x7f)
 *    becomes '?', visibly: a name is an identifier, and a space would let
 *    "name 123" pass for a count;
 *  - a header value (sanitize_value): a tab, newline, vertical tab, form
 *    feed or carriage return becomes a space (a multi-line `sh -c` script
 *    reads as one line), any other control byte '?'.
 * Every other byte, ';' included, passes unchanged: escaping the folded
 * format's separators is the profile writer's job (analyzer/folded.c);
 * this keeps what no escaping can represent out of the tree.
 *
 * Both append to out and cannot fail. The result has the input's length.
 */
void sanitize_name(struct strbuf *out, const char *s, size_t len);
void sanitize_value(struct strbuf *out, const char *s, size_t len);

#endif
