// SPDX-License-Identifier: GPL-2.0
/*
 * What every command prints the same way: usage errors, --help, and the
 * input errors that are only a message.
 */
#include <stdarg.h>
#include <stdio.h>

#include "cli/builtin.h"
#include "cli/progress.h"
#include "lib/strbuf.h"

int report_bad_input(const char *msg)
{
	progress_stop(); /* the message on a line of its own */
	fprintf(stderr, "flamediff: %s\n", msg);
	return EXIT_INPUT;
}

int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	progress_stop();
	fprintf(stderr, "flamediff: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nsee 'flamediff %s --help'\n", cmd);
	return EXIT_USAGE;
}

int cmd_parse_options(int argc, char **argv, const char *usage,
		      const struct po_option *opts, void *base,
		      unsigned int flags, int *status)
{
	struct strbuf sb = STRBUF_INIT;
	int n;

	n = parse_options(argc, argv, opts, base, flags, &sb);
	if (n == PO_HELP) {
		strbuf_reset(&sb);
		po_help(&sb, usage, opts);
		fwrite(sb.buf, 1, sb.len, stdout);
		*status = 0;
		n = -1;
	} else if (n == PO_ERROR) {
		/* argv[0] is untouched: parsing moves operands only. */
		*status = usage_error(argv[0], "%s", sb.buf);
		n = -1;
	}
	strbuf_release(&sb);
	return n;
}
