// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/strbuf.h"

/* What an unallocated strbuf points at; never written (len stays 0). */
char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *s;

	if (!sb->alloc)
		strbuf_grow(sb, 0);
	s = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return s;
}

/* strbuf_grow() without room: the allocation, its sizes checked. */
void strbuf_grow_alloc(struct strbuf *sb, size_t extra)
{
	size_t need = size_add(size_add(sb->len, extra), 1);
	bool fresh = !sb->alloc;
	size_t n;

	if (need <= sb->alloc)
		return;
	n = sb->alloc ? sb->alloc : 64;
	while (n < need)
		n = size_mul(n, 2);
	sb->buf = xrealloc(fresh ? NULL : sb->buf, n);
	sb->alloc = n;
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc)
		return;
	if (len > sb->len)
		len = sb->len;
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return; /* an encoding error: add nothing */
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}
