// SPDX-License-Identifier: GPL-2.0
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "collector/demangle.h"

/* char *__cxa_demangle(const char *, char *, size_t *, int *): C ABI */
static char *(*cxa_demangle)(const char *, char *, size_t *, int *);
static int looked_up;

static void look_up(void)
{
	void *h;

	looked_up = 1;
	h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (h)
		*(void **)&cxa_demangle = dlsym(h, "__cxa_demangle");
	/* h stays open: the function lives in it */
}

/* The end of the name proper: before a top-level "(params)" [ const]. */
static size_t without_params(const char *d, size_t len)
{
	size_t end = len, i;
	int depth = 0;

	/* GCC's clones: "f(int) [clone .part.0] [clone .cold]" */
	while (end && d[end - 1] == ']') {
		const char *c = NULL;

		for (i = end; i-- > 0;)
			if (!strncmp(d + i, " [clone ", 8)) {
				c = d + i;
				break;
			}
		if (!c)
			break;
		end = c - d;
	}
	len = end;
	if (end >= 6 && !memcmp(d + end - 6, " const", 6))
		end -= 6;
	if (!end || d[end - 1] != ')')
		return len;
	for (i = end; i-- > 0;) {
		if (d[i] == ')')
			depth++;
		else if (d[i] == '(' && --depth == 0)
			return i ? i : len;
	}
	return len;
}

int demangle_cxx(struct strbuf *out, const char *s)
{
	char *d;
	int status = -1;

	if (strncmp(s, "_Z", 2))
		return 0;
	if (!looked_up)
		look_up();
	if (!cxa_demangle)
		return 0;
	d = cxa_demangle(s, NULL, NULL, &status);
	if (!d || status) {
		free(d);
		return 0;
	}
	strbuf_add(out, d, without_params(d, strlen(d)));
	free(d);
	return 1;
}
