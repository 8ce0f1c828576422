// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "render/textfmt.h"
#include "render/utf8.h"
#include "lib/alloc.h"

void json_string(struct outfile *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;

	outfile_write(o, "\"", 1);
	for (; *s; s++) {
		unsigned char c = *s;
		char esc[7];

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		outfile_write(o, run, s - run);
		run = s + 1;
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = c;
			outfile_write(o, esc, 2);
			continue;
		}
		memcpy(esc, "\\u00", 4);
		esc[4] = hex[c >> 4];
		esc[5] = hex[c & 15];
		outfile_write(o, esc, 6);
	}
	outfile_write(o, run, s - run);
	outfile_write(o, "\"", 1);
}

void json_number(struct outfile *o, double v)
{
	json_number_fmt(o, "%.10g", v);
}

void json_number_fmt(struct outfile *o, const char *fmt, double v)
{
	if (!isfinite(v))
		outfile_puts(o, "null");
	else
		outfile_printf(o, fmt, v);
}

void csv_number_fmt(struct outfile *o, const char *fmt, double v)
{
	if (isfinite(v))
		outfile_printf(o, fmt, v);
}

const char *fmt_double(char *buf, size_t cap, const char *fmt, double v)
{
	int w;

	if (isfinite(v)) {
		snprintf(buf, cap, fmt, v);
		return buf;
	}
	/* The width of a finite number in this format, for the columns. */
	w = snprintf(buf, cap, fmt, 0.0);
	snprintf(buf, cap, "%*s", w > 0 ? w : 0, TEXT_NOT_A_NUMBER);
	return buf;
}

void csv_field(struct outfile *o, const char *s)
{
	const char *q;

	if (!strpbrk(s, ",\"\n\r")) {
		outfile_puts(o, s);
		return;
	}
	outfile_write(o, "\"", 1);
	while ((q = strchr(s, '"'))) {
		outfile_write(o, s, q + 1 - s);
		outfile_write(o, "\"", 1);
		s = q + 1;
	}
	outfile_puts(o, s);
	outfile_write(o, "\"", 1);
}

/* The byte length of the column that starts at s. */
static size_t column_len(const char *s)
{
	uint32_t cp;
	size_t n;

	if ((unsigned char)*s < 0x80)
		return 1;
	n = utf8_char((const unsigned char *)s, strnlen(s, 4), &cp);
	return n ? n : 1;
}

size_t text_columns(const char *s)
{
	size_t n = 0;

	while (*s) {
		s += column_len(s);
		n++;
	}
	return n;
}

const char *text_name(struct strbuf *sb, const char *s, size_t cols)
{
	static const char hex[] = "0123456789abcdef";
	struct strbuf esc = STRBUF_INIT;
	size_t n, head, tail, i;
	const char *p, *end;

	for (p = s; *p; p++) {
		unsigned char c = *p;

		if (c < 0x20 || c == 0x7f) {
			char e[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };

			strbuf_add(&esc, e, 4);
		} else {
			strbuf_add(&esc, p, 1);
		}
	}
	strbuf_reset(sb);
	p = esc.buf ? esc.buf : "";
	n = text_columns(p);
	if (!cols || n <= cols) {
		strbuf_addstr(sb, p);
		strbuf_release(&esc);
		return sb->buf;
	}
	if (cols <= strlen(TEXT_ELISION)) {
		strbuf_add(sb, TEXT_ELISION, cols);
		strbuf_release(&esc);
		return sb->buf;
	}
	head = (cols - strlen(TEXT_ELISION)) / 2;
	tail = cols - strlen(TEXT_ELISION) - head;
	for (i = 0, end = p; i < head; i++)
		end += column_len(end);
	strbuf_add(sb, p, end - p);
	strbuf_addstr(sb, TEXT_ELISION);
	/* skip to the start of the last tail columns */
	for (i = 0, end = p; i < n - tail; i++)
		end += column_len(end);
	strbuf_addstr(sb, end);
	strbuf_release(&esc);
	return sb->buf;
}

size_t text_wrap(struct outfile *o, const char *text, size_t col,
		 size_t width, size_t indent)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s = text;

	while (*s) {
		size_t n, w;
		char *word;

		while (*s == ' ')
			s++;
		n = strcspn(s, " ");
		if (!n)
			break;
		word = xstrndup(s, n);
		s += n;
		w = text_columns(word);
		if (col > indent && col + 1 + w > width) {
			outfile_printf(o, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col) {
			outfile_write(o, " ", 1);
			col++;
		}
		if (col + w > width)
			w = width > col ? width - col : 1;
		outfile_puts(o, text_name(&sb, word, w));
		col += text_columns(sb.buf);
		free(word);
	}
	strbuf_release(&sb);
	return col;
}

const char *text_figure(char *buf, size_t cap, double v)
{
	if (!isfinite(v))
		snprintf(buf, cap, "%s", TEXT_NOT_A_NUMBER);
	else if (fabs(v) < 1000)
		snprintf(buf, cap, "%.2f", v);
	else if (fabs(v) > 1e8)
		snprintf(buf, cap, "%.4g", v);
	else
		/* |v| <= 1e8 here: the conversion is defined. */
		snprintf(buf, cap, "%lld", (long long)trunc(v));
	return buf;
}

bool text_headline(const struct diff *d, struct strbuf *sb)
{
	char b[32], n[32], c[32];
	size_t i;

	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		if (!bench_headline_key(r->key))
			continue;
		strbuf_addf(sb, "%s %s%% (%s -> %s)", r->key,
			    fmt_double(c, sizeof(c), "%+.1f", r->change),
			    text_figure(b, sizeof(b), r->base_mean),
			    text_figure(n, sizeof(n), r->new_mean));
		return true;
	}
	return false;
}
