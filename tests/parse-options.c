// SPDX-License-Identifier: GPL-2.0
/*
 * lib/parse-options: long, short, bundled and "=" forms, missing
 * arguments, unknown and ambiguous options, "--" and "-", number
 * validation, help generation and the listing.
 */
#include <stdbool.h>

#include "lib/parse-options.h"
#include "tests/tap.h"
#include "lib/compiler.h"

/* Options of a part, in a struct of its own, as cli/input-opts.h's. */
struct part {
	unsigned int bits;
};

struct opts {
	bool verbose, quiet, color;
	uint64_t count;
	double ratio;
	const char *out;
	struct po_list inputs;
	int mode;
	struct part part;
	const char *seen;	/* the callback's argument */
};

static int cb(const struct po_option *opt UNUSED, const char *arg, void *value,
	      struct strbuf *err UNUSED)
{
	struct opts *o = value;

	o->seen = arg ? arg : "(none)";
	return 0;
}

static const char *const modes[] = { "fast", "slow", "auto", NULL };

static const struct po_option sub[] = {
	PO_BIT(0, "bit-a", struct part, bits, 1, "bit one"),
	PO_BIT(0, "bit-b", struct part, bits, 2, "bit two"),
	PO_END,
};

static const struct po_option table[] = {
	PO_GROUP("Main:"),
	PO_BOOL('v', "verbose", struct opts, verbose, "more"),
	PO_BOOL('q', "quiet", struct opts, quiet, "less"),
	PO_CLEAR(0, "no-color", struct opts, color, "plain"),
	PO_U64('n', "count", struct opts, count, "N", 1, 100, "how many"),
	{ .type = PO_T_DOUBLE, .long_name = "ratio",
	  .off = PO_OFF(struct opts, ratio, double), .argh = "R",
	  .flags = PO_RANGE | PO_LO_OPEN, .lo = 0, .hi = 1,
	  .help = "a share\nof the whole" },
	PO_FILENAME('o', "output", struct opts, out, "FILE", "where"),
	PO_LIST('i', "input", struct opts, inputs, "F", "repeatable"),
	PO_CHOICE(0, "mode", struct opts, mode, "M", modes, "how"),
	{ .type = PO_T_CALLBACK, .long_name = "opt-arg", .off = 0,
	  .argh = "X", .flags = PO_OPTARG, .cb = cb, .help = "optional" },
	PO_INCLUDE(struct opts, part, sub),
	PO_END,
};

static char *argvbuf[32];

/* Parse the NULL-terminated words (after a command name). */
static int run(struct opts *o, struct strbuf *err, ...)
{
	va_list ap;
	int argc = 0;
	char *w;

	memset(o, 0, sizeof(*o));
	o->color = true;
	strbuf_reset(err);
	argvbuf[argc++] = "cmd";
	va_start(ap, err);
	while ((w = va_arg(ap, char *)))
		argvbuf[argc++] = w;
	va_end(ap);
	argvbuf[argc] = NULL;
	return parse_options(argc, argvbuf, table, o, 0, err);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;
	struct opts o;
	int n;

	n = run(&o, &err, "--verbose", "a", "--count=5", "-o", "out", "b",
		NULL);
	is_int(n, 2, "long flag, --opt=val, -o val: two operands");
	ok(o.verbose && o.count == 5 && o.out && !strcmp(o.out, "out"),
	   "values stored");
	is_str(argvbuf[0], "a", "operands in order (1)");
	is_str(argvbuf[1], "b", "operands in order (2)");
	ok(argvbuf[2] == NULL, "operands NULL-terminated");

	n = run(&o, &err, "-vqn7", NULL);
	ok(n == 0 && o.verbose && o.quiet && o.count == 7,
	   "bundled short flags with an attached value");
	n = run(&o, &err, "-vn", "8", "-ofile", NULL);
	ok(n == 0 && o.count == 8 && !strcmp(o.out, "file"),
	   "bundled flag then value in the next word; -oVALUE");
	n = run(&o, &err, "--count", "9", "--no-color", NULL);
	ok(n == 0 && o.count == 9 && !o.color, "--opt val; --no-X clears");
	n = run(&o, &err, "--verb", NULL);
	ok(n == 0 && o.verbose, "a unique prefix names its option");

	n = run(&o, &err, "--output", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "--output needs a value"),
	   "missing argument (long): %s", err.buf);
	n = run(&o, &err, "-o", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "needs a value"),
	   "missing argument (short): %s", err.buf);
	n = run(&o, &err, "--verbose=yes", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "takes no value"),
	   "a flag given a value: %s", err.buf);
	n = run(&o, &err, "--nope", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "unknown option '--nope'"),
	   "unknown long option: %s", err.buf);
	n = run(&o, &err, "-x", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "unknown option '-x'"),
	   "unknown short option: %s", err.buf);
	n = run(&o, &err, "--bit", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "ambiguous"),
	   "ambiguous prefix: %s", err.buf);

	n = run(&o, &err, "-v", "--", "-q", "--count=1", NULL);
	ok(n == 2 && o.verbose && !o.quiet && !o.count,
	   "-- ends the options");
	is_str(argvbuf[0], "-q", "after --, options are operands");
	n = run(&o, &err, "-", "-v", NULL);
	ok(n == 1 && !strcmp(argvbuf[0], "-") && o.verbose,
	   "- is an operand");

	n = run(&o, &err, "--count", "0", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "--count '0': out of range"),
	   "below the range: %s", err.buf);
	n = run(&o, &err, "--count", "101", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "out of range"),
	   "above the range: %s", err.buf);
	n = run(&o, &err, "--count", "5x", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "not a whole number"),
	   "trailing junk: %s", err.buf);
	n = run(&o, &err, "--count", "-5", NULL);
	ok(n == PO_ERROR, "a negative count");
	n = run(&o, &err, "--count", "99999999999999999999999", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "out of range"),
	   "past 64 bits: %s", err.buf);
	n = run(&o, &err, "--ratio", "0.5", NULL);
	ok(n == 0 && o.ratio == 0.5, "a double in range");
	n = run(&o, &err, "--ratio", "0", NULL);
	ok(n == PO_ERROR, "an open lower bound excludes it: %s", err.buf);
	n = run(&o, &err, "--ratio", "nan", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "not a number"),
	   "nan refused: %s", err.buf);
	n = run(&o, &err, "--ratio", "inf", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "not a number"), "inf refused");
	n = run(&o, &err, "--ratio", "1e999", NULL);
	ok(n == PO_ERROR, "overflow to inf refused");
	n = run(&o, &err, "--ratio", " 0.5", NULL);
	ok(n == PO_ERROR, "leading space refused");
	n = run(&o, &err, "--ratio", "", NULL);
	ok(n == PO_ERROR, "empty refused");

	n = run(&o, &err, "--mode", "slow", NULL);
	ok(n == 0 && o.mode == 1, "a choice stores its index");
	n = run(&o, &err, "--mode=warp", NULL);
	ok(n == PO_ERROR && strstr(err.buf, "want fast, slow or auto"),
	   "an unknown word lists the choices: %s", err.buf);
	n = run(&o, &err, "-i", "a", "--input=b", NULL);
	ok(n == 0 && o.inputs.nr == 2 && !strcmp(o.inputs.v[1], "b"),
	   "a repeatable option keeps every value");
	po_list_release(&o.inputs);
	n = run(&o, &err, "--opt-arg", "x", NULL);
	ok(n == 1 && !strcmp(o.seen, "(none)"),
	   "an optional argument is not taken from the next word");
	n = run(&o, &err, "--opt-arg=y", NULL);
	ok(n == 0 && !strcmp(o.seen, "y"), "--opt=VAL for an optional one");
	n = run(&o, &err, "--bit-b", "--bit-a", NULL);
	ok(n == 0 && o.part.bits == 3, "an included table, at its offset");

	n = run(&o, &err, "-v", "--help", "--nope", NULL);
	is_int(n, PO_HELP, "--help stops parsing");
	n = run(&o, &err, "-h", NULL);
	is_int(n, PO_HELP, "-h too");

	po_help(&sb, "usage: cmd [OPTIONS]", table);
	ok(!strncmp(sb.buf, "usage: cmd [OPTIONS]\n\nMain:\n", 28),
	   "help: the usage, a blank line, the group heading");
	ok(strstr(sb.buf, "\n  -n, --count N       how many\n") != NULL,
	   "help: short and long, the argument, the column");
	ok(strstr(sb.buf, "  --ratio R           a share\n"
			  "                      of the whole\n") != NULL,
	   "help: more lines, under the column");
	ok(strstr(sb.buf, "  --opt-arg[=X]") != NULL,
	   "help: an optional argument in brackets");
	ok(strstr(sb.buf, "  --bit-b             bit two\n") != NULL,
	   "help: the included table's options");
	ok(strstr(sb.buf, "  -h, --help          this text\n") != NULL,
	   "help: ends with --help");

	strbuf_reset(&sb);
	po_list_options(&sb, table);
	ok(strstr(sb.buf, "--count\t-n\trequired\t-\n") != NULL,
	   "listing: a number");
	ok(strstr(sb.buf, "--mode\t-\trequired\twords:fast,slow,auto\n") !=
		   NULL,
	   "listing: a choice with its words");
	ok(strstr(sb.buf, "--opt-arg\t-\toptional\t-\n") != NULL,
	   "listing: an optional argument");
	ok(strstr(sb.buf, "--output\t-o\trequired\tfile\n") != NULL,
	   "listing: a file name");
	ok(strstr(sb.buf, "--bit-a\t-\tnone\t-\n") != NULL,
	   "listing: an included option");
	ok(strstr(sb.buf, "--help\t-h\tnone\t-\n") != NULL,
	   "listing: the built-in --help");

	strbuf_release(&sb);
	strbuf_release(&err);
	return done_testing();
}
