// SPDX-License-Identifier: GPL-2.0
/*
 * Options declared once: parsing, --help and the listing all walk the same
 * table (lib/parse-options.h).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/error.h"
#include "lib/parse-options.h"
#include "lib/compiler.h"

/* The built-in -h/--help, listed and matched like any other option. */
static const struct po_option help_option = {
	.type = PO_T_NOOP, .short_name = 'h', .long_name = "help",
	.help = "this text",
};

void po_list_release(struct po_list *l)
{
	size_t i;

	if (l->owned)
		for (i = 0; i < l->nr; i++)
			free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool takes_arg(const struct po_option *o)
{
	switch (o->type) {
	case PO_T_U64:
	case PO_T_DOUBLE:
	case PO_T_STRING:
	case PO_T_LIST:
	case PO_T_CHOICE:
		return true;
	case PO_T_CALLBACK:
		return o->argh != NULL;
	default:
		return false;
	}
}

/* What a user would type to name the option: its long form if it has one. */
static void add_name(struct strbuf *sb, const struct po_option *o)
{
	if (o->long_name)
		strbuf_addf(sb, "--%s", o->long_name);
	else
		strbuf_addf(sb, "-%c", o->short_name);
}

/*
 * Walking a table with its includes: visit every option (not groups) with
 * its offset from the base; a non-zero return from fn stops the walk and
 * is returned.
 */
typedef int (*walk_fn)(const struct po_option *o, size_t off, void *ctx);

static int walk(const struct po_option *opts, size_t off, walk_fn fn,
		void *ctx)
{
	const struct po_option *o;
	int r;

	for (o = opts; o->type != PO_T_END; o++) {
		if (o->type == PO_T_GROUP)
			continue;
		if (o->type == PO_T_INCLUDE)
			r = walk(o->sub, off + o->off, fn, ctx);
		else
			r = fn(o, off + o->off, ctx);
		if (r)
			return r;
	}
	return 0;
}

struct lookup {
	const char *name;	/* long: the name typed, up to len */
	size_t len;
	int short_name;
	const struct po_option *exact, *prefix;
	size_t exact_off, prefix_off;
	int nr_prefix;
};

static int match(const struct po_option *o, size_t off, void *ctx)
{
	struct lookup *l = ctx;

	if (l->short_name) {
		if (o->short_name != l->short_name)
			return 0;
		l->exact = o;
		l->exact_off = off;
		return 1;
	}
	if (!o->long_name || strncmp(o->long_name, l->name, l->len))
		return 0;
	if (!o->long_name[l->len]) {
		l->exact = o;
		l->exact_off = off;
		return 1;
	}
	l->prefix = o;
	l->prefix_off = off;
	l->nr_prefix++;
	return 0;
}

static int has_help(const struct po_option *o, size_t off UNUSED,
		    void *ctx UNUSED)
{
	return o->short_name == 'h' || (o->long_name &&
					!strcmp(o->long_name, "help"));
}

/*
 * Find the option named by a long name (len bytes of name; a unique
 * prefix will do, as with getopt_long) or a short one. NULL with the
 * message in err if there is none or the prefix is ambiguous.
 */
static const struct po_option *lookup(const struct po_option *opts,
				      const char *name, size_t len,
				      int short_name, size_t *off,
				      struct strbuf *err)
{
	struct lookup l = { name, len, short_name, NULL, NULL, 0, 0, 0 };

	walk(opts, 0, match, &l);
	if (!l.exact && !walk(opts, 0, has_help, NULL)) {
		/* The built-in help, last: "--he" is help unless the table
		 * has another option starting so. */
		match(&help_option, 0, &l);
	}
	if (l.exact) {
		*off = l.exact_off;
		return l.exact;
	}
	if (l.nr_prefix == 1) {
		*off = l.prefix_off;
		return l.prefix;
	}
	if (short_name)
		strbuf_addf(err, "unknown option '-%c'", short_name);
	else if (l.nr_prefix)
		strbuf_addf(err, "ambiguous option '--%.*s'", (int)len, name);
	else
		strbuf_addf(err, "unknown option '--%.*s'", (int)len, name);
	return NULL;
}

static void range_text(struct strbuf *sb, const struct po_option *o)
{
	if (o->hi >= 1e300)
		strbuf_addf(sb, "want a number %s %.15g",
			    o->flags & PO_LO_OPEN ? ">" : ">=", o->lo);
	else
		strbuf_addf(sb, "want %s%.15g to %.15g",
			    o->flags & PO_LO_OPEN ? "more than " : "", o->lo,
			    o->hi);
}

static bool in_range(const struct po_option *o, double v)
{
	if (!(o->flags & PO_RANGE))
		return true;
	if (o->flags & PO_LO_OPEN ? !(v > o->lo) : !(v >= o->lo))
		return false;
	return v <= o->hi;
}

int po_get_u64(const struct po_option *o, const char *arg, uint64_t *out,
	       struct strbuf *err)
{
	unsigned long long v;
	char *end;

	/* strtoull() would take " 1", "+1" and "-1" (as a huge number). */
	if (!isdigit((unsigned char)arg[0])) {
		strbuf_addstr(err, "not a whole number");
		return -1;
	}
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (*end) {
		strbuf_addstr(err, "not a whole number");
		return -1;
	}
	if (errno || !in_range(o, (double)v)) {
		strbuf_addstr(err, "out of range: ");
		range_text(err, o);
		return -1;
	}
	*out = v;
	return 0;
}

int po_get_double(const struct po_option *o, const char *arg, double *out,
		  struct strbuf *err)
{
	char *end;
	double v;

	if (!*arg || isspace((unsigned char)arg[0])) {
		strbuf_addstr(err, "not a number");
		return -1;
	}
	errno = 0;
	v = strtod(arg, &end);
	/* "inf" and "nan" parse: no option wants them. */
	if (*end || !isfinite(v)) {
		strbuf_addstr(err, "not a number");
		return -1;
	}
	if (errno || !in_range(o, v)) {
		strbuf_addstr(err, "out of range: ");
		range_text(err, o);
		return -1;
	}
	*out = v;
	return 0;
}

static int get_choice(const struct po_option *o, const char *arg, int *out,
		      struct strbuf *err)
{
	int i;

	for (i = 0; o->words[i]; i++) {
		if (!strcmp(arg, o->words[i])) {
			*out = i;
			return 0;
		}
	}
	strbuf_addstr(err, "want ");
	po_add_words(err, o->words);
	return -1;
}

void po_add_words(struct strbuf *sb, const char *const *words)
{
	size_t i;

	for (i = 0; words[i]; i++)
		strbuf_addf(sb, "%s%s", i ? words[i + 1] ? ", " : " or " : "",
			    words[i]);
}

/*
 * The help text of o, with PO_HELP_WORDS replaced by its words ("a, b or
 * c"), broken into lines of at most HELP_WIDTH columns.
 */
#define HELP_WIDTH 50
static void help_text(struct strbuf *sb, const struct po_option *o)
{
	const char *h = o->help ? o->help : "", *at = strstr(h, PO_HELP_WORDS);
	const char *nl;
	size_t i, line; /* where the current line starts in sb */

	if (!at || !o->words) {
		strbuf_addstr(sb, h);
		return;
	}
	strbuf_add(sb, h, at - h);
	nl = strrchr(sb->buf, '\n');
	line = nl ? (size_t)(nl + 1 - sb->buf) : 0;
	for (i = 0; o->words[i]; i++) {
		const char *sep = i ? o->words[i + 1] ? ", " : " or " : "";
		size_t col = sb->len - line;

		if (i && col + strlen(sep) + strlen(o->words[i]) + 1 >
				 HELP_WIDTH) {
			strbuf_addstr(sb, sep[0] == ',' ? ",\n" : "\nor ");
			line = sb->len - (sep[0] == ',' ? 0 : 3);
		} else {
			strbuf_addstr(sb, sep);
		}
		strbuf_addstr(sb, o->words[i]);
	}
	strbuf_addstr(sb, at + strlen(PO_HELP_WORDS));
}

/* Store the option's value (arg NULL when it has none). */
/* PO_SPLIT: each comma-separated word of arg (copied) a value of l. A
 * value of no word at all ("", ",") is kept as one empty word, as a list
 * given but naming nothing. */
static int add_words(struct po_list *l, const char *arg)
{
	const char *w = arg;
	size_t n, added = 0;

	l->owned = true;
	do {
		n = strcspn(w, ",");
		if (n || (!w[n] && !added)) {
			ALLOC_GROW(l->v, l->nr + 1, l->alloc);
			l->v[l->nr++] = xstrndup(w, n);
			added++;
		}
		w += n;
	} while (*w++);
	return 0;
}

static int apply(const struct po_option *o, void *p, const char *arg,
		 struct strbuf *err)
{
	struct po_list *l;
	uint64_t u;
	double d;

	switch (o->type) {
	case PO_T_BOOL:
		*(bool *)p = o->defval;
		return 0;
	case PO_T_BIT:
		*(unsigned int *)p |= (unsigned int)o->defval;
		return 0;
	case PO_T_U64:
		if (po_get_u64(o, arg, &u, err))
			return -1;
		*(uint64_t *)p = u;
		return 0;
	case PO_T_DOUBLE:
		if (po_get_double(o, arg, &d, err))
			return -1;
		*(double *)p = d;
		return 0;
	case PO_T_STRING:
		if (o->cb && o->cb(o, arg, p, err))
			return -1;
		*(const char **)p = arg;
		return 0;
	case PO_T_LIST:
		l = p;
		if (o->flags & PO_SPLIT)
			return add_words(l, arg);
		ALLOC_GROW(l->v, l->nr + 1, l->alloc);
		l->v[l->nr++] = (char *)arg; /* from argv */
		return 0;
	case PO_T_CHOICE:
		return get_choice(o, arg, (int *)p, err);
	case PO_T_CALLBACK:
		return o->cb(o, arg, p, err);
	default:
		return 0;
	}
}

/* "--width 'abc': " before the reason apply() left in why. */
static int value_error(const struct po_option *o, const char *arg,
		       struct strbuf *why, struct strbuf *err)
{
	add_name(err, o);
	if (arg)
		strbuf_addf(err, " '%s'", arg);
	strbuf_addf(err, ": %s", why->buf);
	strbuf_release(why);
	return PO_ERROR;
}

/*
 * argv[*i], a long option ("--name" or "--name=value"), applied; *i is
 * moved past a value taken from the next argument. Returns 0, PO_HELP or
 * PO_ERROR (with err).
 */
static int parse_long(const struct po_option *opts, void *base, int argc,
		      char **argv, int *i, struct strbuf *err)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name), off;
	const struct po_option *o = lookup(opts, name, len, 0, &off, err);
	struct strbuf why = STRBUF_INIT;
	const char *val = NULL;

	if (!o)
		return PO_ERROR;
	if (o == &help_option)
		return PO_HELP;
	if (!takes_arg(o) && eq) {
		add_name(err, o);
		strbuf_addstr(err, " takes no value");
		return PO_ERROR;
	}
	if (eq) {
		val = eq + 1;
	} else if (takes_arg(o) && !(o->flags & PO_OPTARG)) {
		if (*i + 1 >= argc) {
			add_name(err, o);
			strbuf_addstr(err, " needs a value");
			return PO_ERROR;
		}
		val = argv[++*i];
	}
	if (apply(o, (char *)base + off, val, &why))
		return value_error(o, val, &why, err);
	strbuf_release(&why);
	return 0;
}

/*
 * argv[*i], short options, maybe bundled: "-aq", "-o FILE", "-oFILE";
 * returns as parse_long().
 */
static int parse_short(const struct po_option *opts, void *base, int argc,
		       char **argv, int *i, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	const char *arg, *val;
	size_t off;

	for (arg = argv[*i] + 1; *arg; arg++) {
		const struct po_option *o = lookup(opts, NULL, 0, *arg, &off,
						   err);

		if (!o)
			return PO_ERROR;
		if (o == &help_option)
			return PO_HELP;
		val = NULL;
		if (takes_arg(o)) {
			if (arg[1]) {
				val = arg + 1;
			} else if (!(o->flags & PO_OPTARG)) {
				if (*i + 1 >= argc) {
					strbuf_addf(err, "-%c needs a value",
						    o->short_name);
					return PO_ERROR;
				}
				val = argv[++*i];
			}
		}
		if (apply(o, (char *)base + off, val, &why))
			return value_error(o, val, &why, err);
		if (takes_arg(o))
			break;
	}
	strbuf_release(&why);
	return 0;
}

int parse_options(int argc, char **argv, const struct po_option *opts,
		  void *base, unsigned int flags, struct strbuf *err)
{
	char **operands;
	int i, n = 0, ret;
	bool only_operands = false;

	operands = xcalloc(argc + 1, sizeof(*operands));
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (only_operands || arg[0] != '-' || !arg[1]) {
			operands[n++] = argv[i];
			if (flags & PO_STOP_AT_NON_OPTION)
				only_operands = true;
			continue;
		}
		if (!strcmp(arg, "--")) {
			only_operands = true;
			continue;
		}
		if (arg[1] == '-')
			ret = parse_long(opts, base, argc, argv, &i, err);
		else
			ret = parse_short(opts, base, argc, argv, &i, err);
		if (ret)
			goto out;
	}
	memcpy(argv, operands, n * sizeof(*argv));
	argv[n] = NULL;
	ret = n;
out:
	free(operands);
	return ret;
}

#define HELP_COLUMN 22

static void help_line(struct strbuf *out, const struct po_option *o)
{
	struct strbuf text = STRBUF_INIT;
	size_t start = out->len;
	const char *h, *nl;

	strbuf_addstr(out, "  ");
	if (o->short_name && o->long_name)
		strbuf_addf(out, "-%c, --%s", o->short_name, o->long_name);
	else
		add_name(out, o);
	if (o->argh)
		strbuf_addf(out, o->flags & PO_OPTARG ? "[=%s]" : " %s",
			    o->argh);
	if (out->len - start + 1 > HELP_COLUMN) {
		strbuf_addch(out, '\n');
		start = out->len;
	}
	help_text(&text, o);
	h = text.buf;
	for (;;) {
		strbuf_addchars(out, ' ', HELP_COLUMN - (out->len - start));
		nl = strchr(h, '\n');
		if (!nl) {
			strbuf_addf(out, "%s\n", h);
			strbuf_release(&text);
			return;
		}
		strbuf_add(out, h, nl - h);
		strbuf_addch(out, '\n');
		start = out->len;
		h = nl + 1;
	}
}

static void help_table(struct strbuf *out, const struct po_option *opts)
{
	const struct po_option *o;

	for (o = opts; o->type != PO_T_END; o++) {
		if (o->type == PO_T_INCLUDE)
			help_table(out, o->sub);
		else if (o->type == PO_T_GROUP)
			strbuf_addf(out, "%s\n", o->help);
		else if (!(o->flags & PO_HIDDEN))
			help_line(out, o);
	}
}

void po_help(struct strbuf *out, const char *usage,
	     const struct po_option *opts)
{
	strbuf_addstr(out, usage);
	if (out->len && out->buf[out->len - 1] != '\n')
		strbuf_addch(out, '\n');
	strbuf_addch(out, '\n');
	help_table(out, opts);
	if (!walk(opts, 0, has_help, NULL))
		help_line(out, &help_option);
}

static int list_line(const struct po_option *o, size_t off UNUSED, void *ctx)
{
	struct strbuf *out = ctx;
	int i;

	if (o->flags & PO_HIDDEN)
		return 0;
	if (o->long_name)
		strbuf_addf(out, "--%s\t", o->long_name);
	else
		strbuf_addstr(out, "-\t");
	if (o->short_name)
		strbuf_addf(out, "-%c\t", o->short_name);
	else
		strbuf_addstr(out, "-\t");
	strbuf_addstr(out, !takes_arg(o) ? "none\t" :
			   o->flags & PO_OPTARG ? "optional\t" : "required\t");
	if (o->words) {
		strbuf_addstr(out, "words:");
		for (i = 0; o->words[i]; i++)
			strbuf_addf(out, "%s%s", i ? "," : "", o->words[i]);
	} else {
		strbuf_addstr(out, o->complete ? o->complete : "-");
	}
	strbuf_addch(out, '\n');
	return 0;
}

void po_list_options(struct strbuf *out, const struct po_option *opts)
{
	walk(opts, 0, list_line, out);
	if (!walk(opts, 0, has_help, NULL))
		list_line(&help_option, 0, out);
}
