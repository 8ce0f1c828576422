// SPDX-License-Identifier: GPL-2.0
/*
 * Labels inside functions, as hand-written assembly and JIT builtins have
 * them (node's construct_stub_create_deopt_addr inside
 * Builtins_JSConstructStubGeneric). x86-64 only: 64 functions f_NN, each a
 * spin loop, an untyped symbol l_NN, then a second loop. An address after
 * l_NN lies in both symbols, and perf names it by whichever of the two its
 * tree of symbols meets first, which the order of the symbol table (the
 * linker's) decides: some by f_NN, some by l_NN. Runs them all for
 * argv[1] seconds (default 1).
 */
#include <stdlib.h>

#include "now.h"

#if defined(__x86_64__)
#define FN(n)                                                          \
	".globl f_" #n "\n.type f_" #n ", @function\nf_" #n ":\n"      \
	"\tmov $3000, %ecx\n1:\tdec %ecx\n\tjnz 1b\n"                  \
	".globl l_" #n "\nl_" #n ":\n"                                 \
	"\tmov $3000, %ecx\n2:\tdec %ecx\n\tjnz 2b\n\tret\n"           \
	".size f_" #n ", .-f_" #n "\n"
#define FN8(n)                                                         \
	FN(n##0) FN(n##1) FN(n##2) FN(n##3) FN(n##4) FN(n##5) FN(n##6) \
	FN(n##7)

__asm__(".text\n" FN8(1) FN8(2) FN8(3) FN8(4) FN8(5) FN8(6) FN8(7)
		FN8(8));

#define DECL(n) void f_##n(void);
#define DECL8(n)                                                        \
	DECL(n##0) DECL(n##1) DECL(n##2) DECL(n##3) DECL(n##4) DECL(n##5) \
	DECL(n##6) DECL(n##7)
DECL8(1) DECL8(2) DECL8(3) DECL8(4) DECL8(5) DECL8(6) DECL8(7) DECL8(8)

#define REF8(n)                                                      \
	f_##n##0, f_##n##1, f_##n##2, f_##n##3, f_##n##4, f_##n##5,  \
		f_##n##6, f_##n##7
static void (*const fns[])(void) = { REF8(1), REF8(2), REF8(3), REF8(4),
				     REF8(5), REF8(6), REF8(7), REF8(8) };

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1);
	size_t i;

	while (now() < end)
		for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++)
			fns[i]();
	return 0;
}
#else
int main(void)
{
	return 1; /* no labels to run */
}
#endif
