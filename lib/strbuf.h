/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_STRBUF_H
#define FLAMEDIFF_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

/*
 * A growable string, in the manner of git's strbuf.h.
 *
 * Invariants: buf is never NULL and buf[len] == '\0' (an empty strbuf
 * points at a shared empty string until the first addition, so
 * STRBUF_INIT needs no allocation); len < alloc once allocated. The bytes
 * may hold NULs: len, not strlen(), is the length. Growth checks its sizes
 * for overflow and aborts on out-of-memory, as xmalloc() does.
 *
 * Lifetime: strbuf_init() or STRBUF_INIT, then strbuf_release() (which
 * leaves an empty, reusable strbuf) or strbuf_detach() (which hands the
 * string to the caller, to free()).
 */
struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { 0, 0, strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* The string, to free(); sb is left empty. Never NULL. */
char *strbuf_detach(struct strbuf *sb, size_t *len);

void strbuf_grow_alloc(struct strbuf *sb, size_t extra);

/*
 * Room for extra more bytes (and the NUL) without another allocation.
 * Inline, as strbuf_add(): writers of many small pieces (an encoder's
 * varints, say) mostly find the room there. With nothing allocated,
 * alloc - len is 0 and the allocation is made; alloc > len otherwise,
 * so the test cannot overflow.
 */
static inline void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (extra >= sb->alloc - sb->len)
		strbuf_grow_alloc(sb, extra);
}

static inline void strbuf_reset(struct strbuf *sb)
{
	if (sb->alloc) {
		sb->len = 0;
		sb->buf[0] = '\0';
	}
}

/* Cut to len bytes (len <= sb->len). */
void strbuf_setlen(struct strbuf *sb, size_t len);

static inline void strbuf_add(struct strbuf *sb, const void *data,
			      size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

#endif
