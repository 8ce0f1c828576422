// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <string.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "lib/linereader.h"
#include "analyzer/perfscript.h"

/* The last blank-separated token of line[0..len) is a count. */
static int ends_with_count(const char *line, size_t len)
{
	size_t end = len, b;
	int digits = 0;

	while (end > 0 && isspace((unsigned char)line[end - 1]))
		end--;
	for (b = end; b > 0 && !isspace((unsigned char)line[b - 1]); b--)
		digits += isdigit((unsigned char)line[b - 1]) != 0;
	if (b == 0 || !digits)
		return 0;
	for (; b < end; b++)
		if (!isdigit((unsigned char)line[b]) && line[b] != '.' &&
		    line[b] != 'e' && line[b] != 'E' && line[b] != '+' &&
		    line[b] != '-')
			return 0;
	return 1;
}

enum input_format input_detect(const char *head, size_t len)
{
	const char *p = head, *end = head + len;

	if (len >= strlen(PROFILE_MAGIC) &&
	    !memcmp(head, PROFILE_MAGIC, strlen(PROFILE_MAGIC)))
		return INPUT_PROFILE;
	/*
	 * The first line that is neither blank nor a comment decides: a
	 * perf script sample header ends with the event ("cycles:") or with
	 * a frame on the same line, a folded line with a count. A line that
	 * starts indented is a perf script frame.
	 */
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (n == 0 || p[0] == '#') {
			p += n + 1;
			continue;
		}
		if (p[0] == '\t' || p[0] == ' ')
			return INPUT_PERF_SCRIPT;
		return ends_with_count(p, n) ? INPUT_FOLDED
					     : INPUT_PERF_SCRIPT;
	}
	return INPUT_FOLDED;
}

int input_read(const char *path, const struct input_opts *o,
	       struct profile *p, struct profile *p2, struct fd_err *err)
{
	static const struct input_opts defaults;
	enum input_format fmt;
	struct linereader lr;
	double before = profile_total(p), before2 = p2 ? profile_total(p2) : 0;
	const char *head;
	size_t len;
	int ret;

	if (!o)
		o = &defaults;
	if (lr_open(&lr, path, err))
		return -1;
	if (lr_peek(&lr, 64 * 1024, &head, &len, err)) {
		lr_close(&lr);
		return -1;
	}
	fmt = o->format ? o->format : input_detect(head, len);
	if (len >= 8 && !memcmp(head, "PERFILE2", 8)) {
		/* What perf record writes; its text is what we read. */
		ret = fd_err_at(err, lr.path, 0,
				"a perf.data file: give 'perf script -i %s' "
				"output, or record with 'flamediff record'",
				lr.path);
	} else if (len == 0) {
		fd_err_at(err, lr.path, 0, "empty input");
		ret = INPUT_NO_SAMPLES;
	} else if (fmt == INPUT_PERF_SCRIPT) {
		ret = perf_script_read(&lr, &o->ps, p, err);
	} else {
		ret = folded_read(&lr, !o->ps.no_comm, p, p2, err);
	}
	if (!ret && profile_total(p) <= before &&
	    (!p2 || profile_total(p2) <= before2)) {
		fd_err_at(err, lr.path, 0, "no samples in the input");
		ret = INPUT_NO_SAMPLES;
	}
	lr_close(&lr);
	return ret;
}
