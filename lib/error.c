// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error.h"

int fd_err_set(struct fd_err *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int fd_err_at(struct fd_err *err, const char *file, unsigned long line,
	      const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err)
		return -1;
	if (line)
		n = snprintf(err->msg, sizeof(err->msg), "%s:%lu: ", file,
			     line);
	else
		n = snprintf(err->msg, sizeof(err->msg), "%s: ", file);
	if (n < 0 || (size_t)n >= sizeof(err->msg))
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg + n, sizeof(err->msg) - n, fmt, ap);
	va_end(ap);
	return -1;
}
