// SPDX-License-Identifier: GPL-2.0
/* LKP's perf-profile result file (lkp-perf-report.h). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "analyzer/lkp-perf-report.h"

/* A percentage "12.34%" at s; its end in *end. */
static bool percent(const char *s, const char *lim, double *v,
		    const char **end)
{
	const char *p = s;
	char num[32];

	while (p < lim && (isdigit((unsigned char)*p) || *p == '.'))
		p++;
	if (p == s || p >= lim || *p != '%' || (size_t)(p - s) >= sizeof(num))
		return false;
	memcpy(num, s, (size_t)(p - s));
	num[p - s] = '\0';
	*v = strtod(num, NULL);
	*end = p + 1;
	return isfinite(*v);
}

static const char *skip_blanks(const char *p, const char *lim)
{
	while (p < lim && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * Parse an entry line: children, self and the symbol (the word after the
 * "[k]", "[.]"... marker). Returns false if it is not one.
 */
static bool entry(const char *s, size_t len, double *children, double *self,
		  const char **sym, size_t *sym_len)
{
	const char *lim = s + len, *p = skip_blanks(s, lim), *q;

	if (p == s) /* entry lines are indented; folded lines are not */
		return false;
	if (!percent(p, lim, children, &p) || p >= lim ||
	    (*p != ' ' && *p != '\t'))
		return false;
	p = skip_blanks(p, lim);
	if (!percent(p, lim, self, &p))
		return false;
	/* the DSO, then the marker */
	p = skip_blanks(p, lim);
	while (p < lim && *p != ' ' && *p != '\t')
		p++;
	p = skip_blanks(p, lim);
	if (lim - p < 4 || p[0] != '[' || p[2] != ']' || p[3] != ' ')
		return false;
	p = skip_blanks(p + 3, lim);
	for (q = p; q < lim && *q != ' ' && *q != '\t' && *q != '\r'; q++)
		;
	if (q == p)
		return false;
	*sym = p;
	*sym_len = (size_t)(q - p);
	return true;
}

bool lkp_perf_report_line(const char *s, size_t len)
{
	double c, self;
	const char *sym;
	size_t n;

	return entry(s, len, &c, &self, &sym, &n);
}

char *lkp_perf_report_event(const char *line)
{
	const char *p = strstr(line, " of event '"), *q;
	char *e, *c;

	if (strncmp(line, "# Samples:", 10) || !p)
		return NULL;
	p += 11;
	q = strchr(p, '\'');
	if (!q || q == p)
		return NULL;
	e = xstrndup(p, (size_t)(q - p));
	for (c = e; *c; c++)
		if (*c == ':')
			*c = '-';
	return e;
}

/* name[0..len) without its .isra.N, .constprop.N, .part.N, into sb. */
static void clean_name(struct strbuf *sb, const char *name, size_t len)
{
	static const char *const sfx[] = { ".isra.", ".constprop.", ".part.",
					   NULL };
	size_t i = 0;

	while (i < len) {
		size_t k, m = 0;

		for (k = 0; sfx[k]; k++) {
			size_t l = strlen(sfx[k]);

			if (i + l < len + 1 && !strncmp(name + i, sfx[k], l) &&
			    i + l < len && isdigit((unsigned char)name[i + l])) {
				m = l;
				while (i + m < len &&
				       isdigit((unsigned char)name[i + m]))
					m++;
				break;
			}
		}
		if (m) {
			i += m;
			continue;
		}
		strbuf_addch(sb, name[i++]);
	}
}

static void add_row(struct metric_set *s, const char *kind,
		    const char *event, const char *name, size_t len, double v)
{
	struct strbuf k = STRBUF_INIT;

	strbuf_addf(&k, "perf-profile.%s.%s.", kind, event);
	clean_name(&k, name, len);
	metric_set_add(s, k.buf, v); /* same keys add up at the sort */
	strbuf_release(&k);
}

/* A folded line "P% f0;f1;..." under an entry: its calltrace row. */
static bool folded(const char *s, size_t len, const char *event,
		   struct metric_set *out)
{
	const char *lim = s + len, *p, *f;
	struct strbuf k = STRBUF_INIT;
	double v;
	int n;

	if (!percent(s, lim, &v, &p) || p >= lim || *p != ' ')
		return false;
	p++;
	while (lim > p && (lim[-1] == '\r' || lim[-1] == ' '))
		lim--;
	if (p == lim)
		return false;
	strbuf_addf(&k, "perf-profile.calltrace.%s", event);
	for (n = 0, f = p; n < 5 && f < lim; n++) {
		const char *e = memchr(f, ';', (size_t)(lim - f));

		if (!e)
			e = lim;
		strbuf_addch(&k, '.');
		clean_name(&k, f, (size_t)(e - f));
		f = e + 1;
	}
	metric_set_add(out, k.buf, v);
	strbuf_release(&k);
	return true;
}

int lkp_perf_report_read(struct linereader *lr, const char *event,
			 char *first, size_t len, struct metric_set *s,
			 struct fd_err *err)
{
	struct metric_set rows = { 0 };
	unsigned long odd = 0;
	char *line = first, *ev = NULL;
	bool in_entry = false;
	size_t i;
	int r = 1;

	if (!event)
		event = "cycles-pp";
	for (; r > 0; r = lr_next(lr, &line, &len, err)) {
		double c, self;
		const char *sym;
		size_t n;

		if (!len || line[0] == '#' || (len == 1 && line[0] == '\r'))
			continue;
		if (entry(line, len, &c, &self, &sym, &n)) {
			add_row(&rows, "children", event, sym, n, c);
			add_row(&rows, "self", event, sym, n, self);
			in_entry = true;
			continue;
		}
		if (in_entry && folded(line, len, event, &rows))
			continue;
		/* perf's blank-ish and summary lines: skipped, counted */
		odd++;
	}
	free(ev);
	if (r < 0) {
		metric_set_release(&rows);
		return -1;
	}
	metric_set_sort(&rows);
	/* LKP's file holds what rounds to 0.05 or more */
	for (i = 0; i < rows.nr; i++)
		if (rows.v[i].value >= 0.05 - 1e-9)
			metric_set_add(s, rows.v[i].key, rows.v[i].value);
	metric_set_release(&rows);
	(void)odd;
	return 0;
}
