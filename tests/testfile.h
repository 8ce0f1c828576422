/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_TESTFILE_H
#define FLAMEDIFF_TESTFILE_H

/* Files for tests: write some bytes, read a whole file back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void write_file(const char *path, const char *data, size_t len)
{
	FILE *fp = fopen(path, "wb");

	if (!fp)
		return;
	fwrite(data, 1, len, fp);
	fclose(fp);
}

static inline void write_text(const char *path, const char *text)
{
	write_file(path, text, strlen(text));
}

/* The whole file NUL-terminated (to free), or NULL if it cannot be read. */
static inline char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	long n;
	char *s;

	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	s = malloc(n + 1);
	n = fread(s, 1, n, fp);
	s[n] = '\0';
	fclose(fp);
	return s;
}

#endif
