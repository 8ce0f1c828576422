// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <string.h>

#include "analyzer/names.h"

static const char *const clone_tags[] = { ".isra.", ".constprop.", ".part." };

/*
 * If s[i..len) starts with a clone piece ".tag.DIGITS" ending at len or at
 * a '.', return the piece's length, else 0.
 */
static size_t clone_piece(const char *s, size_t len, size_t i)
{
	size_t t, n, j;

	for (t = 0; t < sizeof(clone_tags) / sizeof(clone_tags[0]); t++) {
		n = strlen(clone_tags[t]);
		if (len - i <= n || memcmp(s + i, clone_tags[t], n))
			continue;
		for (j = i + n; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			;
		if (j > i + n && (j == len || s[j] == '.'))
			return j - i;
	}
	return 0;
}

size_t name_strip_clone_suffix(const char *s, size_t len)
{
	size_t i, piece;

	/* The first piece from which only pieces follow to the end; a name
	 * never loses its first character (".part.0" stays whole). */
	for (i = 1; i < len; i++) {
		size_t j = i;

		if (s[i] != '.')
			continue;
		while (j < len && (piece = clone_piece(s, len, j)))
			j += piece;
		if (j == len && j > i)
			return i;
	}
	return len;
}

size_t name_strip_clones(const char *s, size_t len, char *out)
{
	size_t i = 0, o = 0, piece;

	while (i < len) {
		if (i > 0 && s[i] == '.' && (piece = clone_piece(s, len, i))) {
			i += piece;
			continue;
		}
		out[o++] = s[i++];
	}
	return o;
}

size_t name_task_root(char *out, const char *comm, size_t commlen,
		      const char *pid, size_t pidlen, const char *tid,
		      size_t tidlen, bool with_pid, bool with_tid)
{
	bool no_tid = !tidlen || (tidlen == 1 && tid[0] == '0');
	size_t n = commlen, i;

	memcpy(out, comm, commlen);
	if (with_pid || with_tid) {
		out[n++] = '-';
		if (no_tid) {
			out[n++] = '?';
		} else {
			memcpy(out + n, pid, pidlen);
			n += pidlen;
		}
		if (with_tid) {
			out[n++] = '/';
			memcpy(out + n, no_tid ? pid : tid,
			       no_tid ? pidlen : tidlen);
			n += no_tid ? pidlen : tidlen;
		}
	}
	for (i = 0; i < n; i++)
		if (out[i] == ' ')
			out[i] = '_';
	return n;
}

size_t name_unknown_frame(char *out, const char *mod, size_t modlen,
			  const char *addr, size_t addrlen)
{
	const char *base = mod, *slash;
	size_t blen = modlen, len = 0;

	if (modlen == 9 && !memcmp(mod, "[unknown]", 9)) {
		base = "unknown";
		blen = 7;
	} else if ((slash = memrchr(mod, '/', modlen))) {
		blen -= slash + 1 - mod;
		base = slash + 1;
	}
	out[len++] = '[';
	memcpy(out + len, base, blen);
	len += blen;
	if (addr) {
		out[len++] = ' ';
		out[len++] = '<';
		memcpy(out + len, addr, addrlen);
		len += addrlen;
		out[len++] = '>';
	}
	out[len++] = ']';
	return len;
}

static bool ends_with(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);

	return len >= n && !memcmp(s + len - n, what, n);
}

/*
 * "[kernel.kallsyms]", "[vmlinux-6.1...]", "[ext4]", ".../vmlinux", and,
 * as inferno adds, a module file (a path ending in ".ko"); never one that
 * says "unknown".
 */
bool name_kernel_dso(const char *mod, size_t len)
{
	if (!((len && mod[0] == '[') || ends_with(mod, len, "vmlinux") ||
	      ends_with(mod, len, ".ko")))
		return false;
	return !memmem(mod, len, "unknown", 7);
}

/* The DSO perf writes for code that perf inject --jit dumped: a file
 * "jitted-PID-N.so" (inferno marks these JIT, as /tmp/perf-PID.map). */
static bool jitted_so(const char *mod, size_t len)
{
	const char *slash = memrchr(mod, '/', len);
	const char *base = slash ? slash + 1 : mod;
	size_t blen = len - (size_t)(base - mod);

	return blen > 10 && !memcmp(base, "jitted-", 7) &&
	       ends_with(base, blen, ".so");
}

bool name_jit_dso(const char *mod, size_t len)
{
	const char *p = mod, *end = mod + len, *q;

	if (jitted_so(mod, len))
		return true;

	while ((q = memmem(p, end - p, "/tmp/perf-", 10))) {
		const char *d = q + 10;

		while (d < end && *d >= '0' && *d <= '9')
			d++;
		if (d > q + 10 && end - d >= 4 && !memcmp(d, ".map", 4))
			return true;
		p = q + 1;
	}
	return false;
}

/* The index after the ')' that closes the '(' at s[i], or len. */
static size_t close_paren(const char *s, size_t len, size_t i)
{
	int depth = 0;

	for (; i < len; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth == 0)
			return i + 1;
	}
	return len;
}

/*
 * The '(' at s[i] starts an argument list to cut. nest: how deep s[i] is
 * in template arguments ("f<g(int)>") or braces, which hold a local
 * entity's own name ("f()::{lambda(int)#1}::operator()", GCC's).
 */
static bool args_start(const char *s, size_t len, size_t i, int nest)
{
	size_t e;

	if (nest > 0)
		return false;
	if (len - i - 1 >= 20 && !memcmp(s + i + 1, "anonymous namespace)", 20))
		return false;
	if (i >= 8 && !memcmp(s + i - 8, "operator", 8))
		return false; /* "operator()" */
	e = close_paren(s, len, i);
	return !(len - e >= 2 && s[e] == ':' && s[e + 1] == ':');
}

size_t name_tidy(char *s, size_t len)
{
	const char *gi, *gj = NULL, *q;
	size_t i, o;
	int angle = 0, brace = 0;

	for (i = 0; i < len; i++)
		if (s[i] == ';')
			s[i] = ':';
	gi = memmem(s, len, ".(", 2);
	if (gi) {
		/* the last ")." at or after gi + 2 */
		for (q = s + len - 2; q >= gi + 2; q--)
			if (q[0] == ')' && q[1] == '.') {
				gj = q;
				break;
			}
	}
	for (i = 0; !gj && i < len; i++) {
		if (s[i] == '<')
			angle++;
		else if (s[i] == '>' && angle > 0 &&
			 !(i >= 9 && !memcmp(s + i - 9, "operator-", 9)))
			angle--;
		else if (s[i] == '{')
			brace++;
		else if (s[i] == '}' && brace > 0)
			brace--;
		if (s[i] == '(' && args_start(s, len, i, angle + brace)) {
			len = i;
			break;
		}
	}
	for (i = o = 0; i < len; i++)
		if (s[i] != '"' && s[i] != '\'')
			s[o++] = s[i];
	return o;
}
