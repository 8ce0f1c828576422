// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/alloc.h"
#include "lib/hex.h"
#include "analyzer/folded.h"
#include "lib/sort.h"
#include "lib/strbuf.h"

/*
 * Escaping in profiles (version 2 on, share/doc/profile-format.md): a
 * backslash, ';', control bytes and a leading '#' or blank are written
 * "\xHH"; a backslash itself may also be "\\"; an empty name is "\e".
 * So a line is always one stack, a name never splits or ends one, and a
 * name ending in "_[k]" but not kernel is written "..\x5f[k]".
 */
static int needs_escape(unsigned char c, size_t at, bool name)
{
	if (c == '\\' || c < 0x20 || c == 0x7f || (at == 0 && c == ' '))
		return 1;
	/* Header values are quoted (version 3): a quote inside is escaped. */
	if (!name)
		return c == '"';
	return c == ';' || (at == 0 && c == '#');
}

/* s[0..len) escaped into sb; name: a frame name, else a header value. */
static void add_escaped(struct strbuf *sb, const char *s, size_t len,
			bool name)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	if (!len) {
		strbuf_add(sb, "\\e", 2);
		return;
	}
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (!needs_escape(c, i, name)) {
			strbuf_addch(sb, c);
			continue;
		}
		strbuf_add(sb, "\\x", 2);
		strbuf_addch(sb, hex[c >> 4]);
		strbuf_addch(sb, hex[c & 15]);
	}
}

/* Undo add_escaped() into sb; a backslash not starting an escape stays. */
static void add_unescaped(struct strbuf *sb, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] != '\\' || i + 1 == len) {
			strbuf_addch(sb, s[i]);
		} else if (s[i + 1] == '\\') {
			strbuf_addch(sb, '\\');
			i++;
		} else if (s[i + 1] == 'e') {
			i++;
		} else if (s[i + 1] == 'x' && i + 3 < len &&
			   hex_value(s[i + 2]) >= 0 && hex_value(s[i + 3]) >= 0) {
			strbuf_addch(sb, hex_value(s[i + 2]) << 4 |
						 hex_value(s[i + 3]));
			i += 3;
		} else {
			strbuf_addch(sb, s[i]);
		}
	}
}

/*
 * The previous line's stack and the node of each of its frames. Folded
 * files are sorted, so consecutive lines share most of their frames: those
 * need neither hashing nor a child lookup again, which is most of the work
 * of reading a large file.
 */
struct prevstack {
	struct strbuf text;
	uint32_t *node;
	size_t nr;
	unsigned long alloc_node;
};

static int parse_count(const char *s, size_t len, double *out)
{
	char tmp[64], *end;
	uint64_t v = 0;
	size_t i;

	/*
	 * Nearly every count is a whole number of a few digits. Up to 15
	 * digits it is below 2^53, so the double is exact, the one strtod()
	 * gives, at a tenth of its cost (it was a third of a diff's read).
	 */
	if (len && len <= 15) {
		for (i = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			v = v * 10 + (uint64_t)(s[i] - '0');
		if (i == len) {
			*out = (double)v;
			return 0;
		}
	}
	if (!len || len >= sizeof(tmp))
		return -1;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	*out = strtod(tmp, &end);
	if (end != tmp + len || errno || !isfinite(*out) || *out < 0)
		return -1;
	return 0;
}

static int is_count(const char *s, size_t len)
{
	double d;

	return parse_count(s, len, &d) == 0;
}

/* Split "stack COUNT" or (unless one) "stack COUNT COUNT2"; returns the
 * number of counts, 0 if the line ends in none. */
static int split_counts(char *line, size_t len, bool one, size_t *stack_len,
			double *c1, double *c2)
{
	size_t end = len, b, sep;

	while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' ||
			   line[end - 1] == '\r'))
		end--;
	for (b = end; b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t';)
		b--;
	if (b == 0 || parse_count(line + b, end - b, c1))
		return 0;
	/* A second count before it makes a differential line. */
	sep = b - 1;
	if (one) {
		*stack_len = sep;
		return 1;
	}
	end = b;
	while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
		end--;
	for (b = end; b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t';)
		b--;
	/*
	 * Exactly one blank separates the stack from its count, as in
	 * flamegraph.pl's /^(.*)\s+?(\d+...)$/: a name may end in a space
	 * ("[unknown] " is what stackcollapse-perf.pl makes of a deleted
	 * DSO), and it must survive a round trip.
	 */
	if (b > 0 && is_count(line + b, end - b)) {
		*c2 = *c1;
		parse_count(line + b, end - b, c1);
		*stack_len = b - 1;
		return 2;
	}
	*stack_len = sep;
	return 1;
}

/* The state of one folded_read(). */
struct fr {
	struct linereader *lr;
	struct profile *p, *p2;
	struct fd_err *err;
	struct lr_skips *sk; /* plain folded: odd lines skipped (or NULL) */
	int process_root;
	int version;	   /* of the profile format; 0: plain folded */
	uint64_t stacks;
	double sum, sum2;  /* all weights in p, p2: to catch an overflow */
	struct strbuf name; /* scratch: a name unescaped */
	struct prevstack ps, ps2;
	uint64_t main_stacks; /* stacks before the off-CPU section */
	bool in_offcpu;	      /* fr.p is the main profile's offcpu */
	bool samples_said;    /* the main profile has a "# samples:" line */
};

/*
 * A header value, unquoted (version 3) and unescaped in place (it only
 * shrinks). Numbers are followed by a unit word from version 3 on, which
 * strtod() and strtoull() stop before: nothing to do for them here.
 */
static void header_value(struct fr *fr, char *val)
{
	const char *from = val;
	size_t len = strlen(val);

	if (fr->version < 2)
		return;
	if (fr->version >= 3 && len >= 2 && val[0] == '"' &&
	    val[len - 1] == '"') {
		from++;
		len -= 2;
	}
	strbuf_reset(&fr->name);
	add_unescaped(&fr->name, from, len);
	memcpy(val, fr->name.buf, fr->name.len + 1);
}

/*
 * "# stat: KEY = VALUE ;": one of the run's other LKP stats. The trailing
 * ";" is there so that the line does not end in a number, which
 * flamegraph.pl would take for a stack "# stat: KEY =" of that weight.
 */
static int stat_line(struct fr *fr, char *val)
{
	char *eq = strstr(val, " = "), *end, *k;
	double v;

	if (!eq || eq == val)
		goto bad;
	*eq = '\0';
	for (k = val; *k; k++)
		if (*k == ' ' || *k == '\t')
			goto bad;
	errno = 0;
	v = strtod(eq + 3, &end);
	if (end == eq + 3 || !isfinite(v))
		goto bad;
	while (*end == ' ')
		end++;
	if (*end != ';')
		goto bad;
	end++;
	while (*end == ' ' || *end == '\r')
		end++;
	if (*end)
		goto bad;
	metric_set_add(&fr->p->meta.stats, val, v);
	return 0;
bad:
	return fd_err_at(fr->err, fr->lr->path, fr->lr->lineno,
			 "bad stat line (want '# stat: KEY = NUMBER ;')");
}

/*
 * "# interrupted after N s of M s" (or "..., before the command ended"):
 * a recording a signal stopped. Any other line without a colon is a
 * comment.
 */
static int interrupted_line(struct profile *p, const char *s)
{
	static const char mark[] = "interrupted after ";
	double n, m = 0;
	char *end;

	if (strncmp(s, mark, sizeof(mark) - 1))
		return 0;
	n = strtod(s + sizeof(mark) - 1, &end);
	if (!strncmp(end, " s of ", 6))
		m = strtod(end + 6, NULL);
	p->meta.interrupted = true;
	if (isfinite(m) && m > 0)
		p->meta.asked = m;
	if (isfinite(n) && n > 0 && !(p->meta.duration > 0))
		p->meta.duration = n;
	return 0;
}

static int header_line(struct fr *fr, char *line, size_t len)
{
	struct linereader *lr = fr->lr;
	struct profile *p = fr->p;
	char *key = line + 1, *colon, *val;

	if (!strncmp(line, PROFILE_MAGIC, strlen(PROFILE_MAGIC))) {
		long v = strtol(line + strlen(PROFILE_MAGIC), NULL, 10);

		if (v < 1 || v > PROFILE_VERSION)
			return fd_err_at(fr->err, lr->path, lr->lineno,
					 "profile format version %ld is not "
					 "supported (this flamediff reads "
					 "up to %d)",
					 v, PROFILE_VERSION);
		fr->version = v;
		return 0;
	}
	while (*key == ' ')
		key++;
	colon = strchr(key, ':');
	if (!colon)
		return interrupted_line(p, key); /* else a comment */
	*colon = '\0';
	val = colon + 1;
	while (*val == ' ')
		val++;
	if (len && line[len - 1] == '\r')
		line[len - 1] = '\0';
	header_value(fr, val);

#define STR(k, f)                                                          \
	if (!strcmp(key, k)) {                                             \
		if (!p->meta.f)                                            \
			meta_set(&p->meta.f, val);                         \
		return 0;                                                  \
	}
	STR("event", event);
	STR("unit", unit);
	STR("host", host);
	STR("kernel", kernel);
	STR("cmdline", cmdline);
	STR("target", target);
	STR("cpus", cpus);
	STR("date", date);
	STR("label", label);
	STR("unreliable", unreliable);
#undef STR
	if (!strcmp(key, "samples")) {
		p->meta.samples += strtoull(val, NULL, 10);
		fr->samples_said |= !fr->in_offcpu;
	} else if (!strcmp(key, "lost")) {
		p->meta.lost += strtoull(val, NULL, 10);
	} else if (!strcmp(key, "duration")) {
		double d = strtod(val, NULL);

		if (isfinite(d) && d > 0)
			p->meta.duration += d;
	} else if (!strcmp(key, "build-id") && fr->version > 0) {
		meta_add_build_id(&p->meta, val);
	} else if (!strcmp(key, "stat") && fr->version > 0) {
		/* a profile's; in plain folded text, just a comment */
		return stat_line(fr, val);
	} else if (!strcmp(key, "root")) {
		if (!strcmp(val, "process"))
			fr->process_root = 1;
		else if (!strcmp(val, "function"))
			fr->process_root = 0;
		else
			return fd_err_at(fr->err, lr->path, lr->lineno,
					 "unknown root kind '%s' (process or "
					 "function)",
					 val);
	}
	return 0;
}

/*
 * Add the stack s[0..len) ("a;b_[k];c") to p, reusing what it shares with
 * the previous stack ps. -1 when it is deeper than PROFILE_MAX_DEPTH.
 */
static int add_stack(struct fr *fr, struct profile *p, struct prevstack *ps,
		     const char *s, size_t len, double weight)
{
	size_t n = len < ps->text.len ? len : ps->text.len, i, start = 0;
	size_t shared = 0;
	const char *prev = ps->text.buf;
	uint32_t node;

	/* Whole frames in common: each ';' inside the common prefix ends one. */
	for (i = 0; i < n && s[i] == prev[i]; i++) {
		if (s[i] == ';') {
			shared++;
			start = i + 1;
		}
	}
	if (i == n && n > 0 && ps->nr > 0) {
		if (len == ps->text.len) {
			shared = ps->nr; /* the same stack */
			start = len;
		} else if (i == ps->text.len && s[i] == ';') {
			shared++; /* the previous stack, deeper */
			start = i + 1;
		} else if (i == len && prev[i] == ';') {
			shared++; /* a prefix of the previous stack */
			start = len;
		}
	}

	node = shared ? ps->node[shared - 1] : NODE_ROOT;
	ps->nr = shared;
	while (start < len) {
		const char *semi = memchr(s + start, ';', len - start);
		size_t fl = semi ? (size_t)(semi - (s + start)) : len - start;
		unsigned int kind = frame_kind_parse(s + start, &fl);
		const char *name = s + start;

		if (ps->nr >= PROFILE_MAX_DEPTH) {
			/* The next line must not reuse a half-made path. */
			strbuf_reset(&ps->text);
			ps->nr = 0;
			return -1;
		}
		if (ps->nr == 0 && fr->process_root)
			kind = FRAME_PROCESS;
		if (fr->version >= 2) {
			strbuf_reset(&fr->name);
			add_unescaped(&fr->name, name, fl);
			name = fr->name.buf;
			fl = fr->name.len;
		}
		node = profile_child(p, node, profile_intern(p, name, fl),
				     kind);
		ALLOC_GROW(ps->node, ps->nr + 1, ps->alloc_node);
		ps->node[ps->nr++] = node;
		if (!semi)
			break;
		start = semi - s + 1;
	}
	profile_add_self(p, node, weight);

	strbuf_reset(&ps->text);
	strbuf_add(&ps->text, s, len);
	return 0;
}

/* The last field of line[0..len) when it is not a finite count. */
static int bad_count(struct fr *fr, const char *line, size_t len)
{
	size_t end = len, b;

	while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' ||
			   line[end - 1] == '\r'))
		end--;
	for (b = end; b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t';)
		b--;
	if (b > 0 && b < end) {
		char tmp[64], *e;
		double d;
		size_t n = end - b < sizeof(tmp) - 1 ? end - b : sizeof(tmp) - 1;

		memcpy(tmp, line + b, n);
		tmp[n] = '\0';
		d = strtod(tmp, &e);
		if (e != tmp && !*e && (!isfinite(d) || n == sizeof(tmp) - 1))
			return fd_err_at(fr->err, fr->lr->path,
					 fr->lr->lineno,
					 "the count '%.40s' is not a finite "
					 "number",
					 tmp);
		if (e != tmp && !*e && d < 0)
			return fd_err_at(fr->err, fr->lr->path,
					 fr->lr->lineno,
					 "the count '%.40s' is negative", tmp);
	}
	/* A line of no count at all: plain folded text skips it. */
	if (fr->sk && !fr->version)
		return lr_skip_note(fr->sk, fr->lr,
				    "expected 'frame;frame;... COUNT', got "
				    "'%.60s%s'",
				    line, len > 60 ? "..." : "");
	return fd_err_at(fr->err, fr->lr->path, fr->lr->lineno,
			 "expected 'frame;frame;... COUNT', got '%.60s%s'",
			 line, len > 60 ? "..." : "");
}

/* One stack line. */
static int stack_line(struct fr *fr, char *line, size_t len)
{
	struct linereader *lr = fr->lr;
	size_t stack_len;
	double c1, c2;
	int nc;

	/* A profile has one count a line: a name may end in a number
	 * ("operator new 12"). */
	nc = split_counts(line, len, fr->version > 0, &stack_len, &c1, &c2);
	if (nc == 0)
		return bad_count(fr, line, len);
	if (stack_len == 0 && fr->sk && !fr->version)
		return lr_skip_note(fr->sk, lr, "a count without a stack");
	if (stack_len == 0)
		return fd_err_at(fr->err, lr->path, lr->lineno,
				 "a count without a stack");
	if (nc == 2 && !fr->p2)
		return fd_err_at(fr->err, lr->path, lr->lineno,
				 "a differential line (two counts) where one "
				 "profile was expected");
	fr->sum += c1;
	fr->sum2 += nc == 2 ? c2 : 0;
	if (!isfinite(fr->sum) || !isfinite(fr->sum2))
		return fd_err_at(fr->err, lr->path, lr->lineno,
				 "the counts add up past the largest number");
	if (add_stack(fr, fr->p, &fr->ps, line, stack_len, c1) ||
	    (nc == 2 &&
	     add_stack(fr, fr->p2, &fr->ps2, line, stack_len, c2)))
		return fd_err_at(fr->err, lr->path, lr->lineno,
				 "a stack of more than %lu frames (the "
				 "limit)",
				 (unsigned long)PROFILE_MAX_DEPTH);
	fr->stacks++;
	return 0;
}

static bool offcpu_marker(const char *line, size_t len)
{
	size_t n = strlen(PROFILE_OFFCPU_MARKER);

	while (len > n && (line[len - 1] == '\r' || line[len - 1] == ' '))
		len--;
	return len == n && !memcmp(line, PROFILE_OFFCPU_MARKER, n);
}

/*
 * The off-CPU section (version 4): what follows goes into p->offcpu, with
 * header lines of its own. Once only, and never in a differential read.
 */
static int offcpu_section(struct fr *fr)
{
	struct profile *p = fr->p;

	if (fr->in_offcpu)
		return fd_err_at(fr->err, fr->lr->path, fr->lr->lineno,
				 "a second off-CPU section");
	fr->in_offcpu = true;
	if (!p->offcpu)
		p->offcpu = profile__new();
	fr->p = p->offcpu;
	fr->main_stacks = fr->stacks;
	fr->sum = profile_total(fr->p);
	strbuf_reset(&fr->ps.text);
	fr->ps.nr = 0;
	return 0;
}

int folded_read(struct linereader *lr, int process_root, struct profile *p,
		struct profile *p2, struct lr_skips *sk, struct fd_err *err)
{
	struct fr fr = {
		.lr = lr, .p = p, .p2 = p2, .err = err, .sk = sk,
		.process_root = process_root,
		.sum = profile_total(p), /* current between reads */
		.sum2 = p2 ? profile_total(p2) : 0,
		.name = STRBUF_INIT,
		.ps = { .text = STRBUF_INIT },
		.ps2 = { .text = STRBUF_INIT },
	};
	int in_header = 1, ret = -1, r;
	char *line;
	size_t len;

	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		if (len == 0 || (len == 1 && line[0] == '\r'))
			continue;
		if (fr.version >= 4 && offcpu_marker(line, len)) {
			if (offcpu_section(&fr))
				goto out;
			in_header = 1;
			continue;
		}
		if (line[0] == '#') {
			if (in_header && header_line(&fr, line, len))
				goto out;
			continue;
		}
		in_header = 0;
		if (stack_line(&fr, line, len))
			goto out;
	}
	if (r < 0)
		goto out;
	if (!fr.stacks && sk && sk->nr) {
		/* nothing but odd lines: not folded text, as the first says */
		*err = sk->first;
		goto out;
	}
	if (fr.p != p) {
		/* the off-CPU section's: only the samples above are p's */
		fr.stacks = fr.main_stacks;
	}
	if (!p->meta.samples && fr.stacks && !fr.samples_said) {
		/* Plain folded stacks do not say how many samples they
		 * hold; the count of lines is the best lower bound. A
		 * profile's "# samples: 0" (unknown since a filter) is
		 * read back as written. */
		p->meta.samples = fr.stacks;
		if (p2)
			p2->meta.samples = fr.stacks;
	}
	ret = 0;
out:
	strbuf_release(&fr.name);
	strbuf_release(&fr.ps.text);
	free(fr.ps.node);
	strbuf_release(&fr.ps2.text);
	free(fr.ps2.node);
	return ret;
}

/* Perl prints integral sums exactly and other numbers with %.15g. */
static int format_weight(char *buf, size_t size, double w)
{
	if (w == floor(w) && fabs(w) < 9.2e18)
		return snprintf(buf, size, "%lld", (long long)w);
	return snprintf(buf, size, "%.15g", w);
}

/*
 * Writing the lines in sorted order without building them all first.
 *
 * The lines are the paths to nodes with self weight, sorted as byte
 * strings (strcmp) and equal ones merged. As long as no name holds a ';'
 * or a NUL, that order follows the tree: under a common prefix, a line
 * goes on with "NAME\0" (it ends at that frame) or "NAME;..." (it goes
 * deeper), so each node stands for two items, its own line and its
 * children, each keyed by its text and a terminator. Sorting the items
 * of a group of siblings by that key gives the order of every line below
 * them; items with equal keys (two frames that print alike, as a kernel
 * and a user frame of one name when suffixes are hidden) are merged, as
 * the equal lines would be. Memory is a stack of item ids and the current
 * path, instead of the text of every line (folding a million distinct
 * stacks used to hold a gigabyte of it).
 */
struct wctx {
	const struct folded_lines *l;
	const struct profile *p;
	unsigned int annotate;
	/* Names escaped for a profile (escape set): text of name id i at
	 * esc.buf + esc_off[i], up to esc_off[i + 1]. */
	struct strbuf esc;
	size_t *esc_off;
	bool escape;
};

#define ITEM_CHILDREN 1U /* the item stands for the node's children */
#define ITEM_RUN_END 2U	 /* the last item of a run of equal keys */

/*
 * An item is the first 8 bytes of its key (below), big-endian, zeros past
 * its end, and its node with its flags. Keys end at their terminator, the
 * only NUL or ';' in them, so the prefixes order as the keys do wherever
 * they differ: most comparisons of a sort read no name (a million names
 * read twenty times over were a quarter of a fold of distinct stacks). Its
 * level is that of its group (struct wlevel). 12 bytes: a node of a
 * million children stacks as many items.
 */
struct witem {
	uint64_t prefix;
	uint32_t node_flags; /* node << 2 | ITEM_* */
} __attribute__((packed, aligned(4)));

_Static_assert(sizeof(struct witem) == 12, "struct witem packs to 12 bytes");

/* The most nodes items can name; a larger tree is written flat. */
#define ITEM_MAX_NODES (1UL << 30)

static inline uint32_t item_node(const struct witem *it)
{
	return it->node_flags >> 2;
}

static inline unsigned int item_flags(const struct witem *it)
{
	return it->node_flags & 3;
}

/*
 * Per level of the path being written: its length in bytes before the
 * level's frame, and where the level's items start on the stack. The
 * levels on the stack only grow towards its top, one group each: a group
 * is pushed by an item of the level below, once the groups above that
 * level are done.
 */
struct wlevel {
	size_t plen;
	unsigned long start;
};

static const char *item_name(const struct wctx *c, uint32_t node, size_t *len)
{
	uint32_t name = c->p->nodes[node].name;

	if (c->l->name)
		return c->l->name(c->l->ctx, node, len);
	if (c->escape) {
		*len = c->esc_off[name + 1] - c->esc_off[name];
		return c->esc.buf + c->esc_off[name];
	}
	*len = strtab_len(c->p->names, name);
	return strtab_str(c->p->names, name);
}

static const char *item_suffix(const struct wctx *c, uint32_t node)
{
	unsigned int kind = c->p->nodes[node].kind;

	return c->annotate & (1U << kind) ? frame_kind_suffix(kind) : "";
}

/* An item's key: its name, its suffix if shown and its terminator,
 * compared as one byte string without being copied into one. */
struct wkey {
	const char *seg[3];
	size_t len[3];
};

static void item_key(const struct wctx *c, const struct witem *it,
		     struct wkey *k)
{
	static const char term[2] = { '\0', ';' };

	k->seg[0] = item_name(c, item_node(it), &k->len[0]);
	k->seg[1] = item_suffix(c, item_node(it));
	k->len[1] = strlen(k->seg[1]);
	k->seg[2] = &term[item_flags(it) & ITEM_CHILDREN];
	k->len[2] = 1;
}

/* Keys as byte strings, as strcmp() compares them (unsigned). */
static int cmp_keys(const struct wkey *a, const struct wkey *b)
{
	size_t ia = 0, ib = 0, oa = 0, ob = 0;

	while (ia < 3 && ib < 3) {
		size_t n = a->len[ia] - oa, m = b->len[ib] - ob;
		int r;

		if (n > m)
			n = m;
		r = memcmp(a->seg[ia] + oa, b->seg[ib] + ob, n);
		if (r)
			return r;
		oa += n;
		ob += n;
		if (oa == a->len[ia]) {
			ia++;
			oa = 0;
		}
		if (ob == b->len[ib]) {
			ib++;
			ob = 0;
		}
	}
	return (ia < 3) - (ib < 3);
}

/* Key k without its first n bytes. */
static void key_skip(struct wkey *k, size_t n)
{
	size_t i, m;

	for (i = 0; i < 3 && n; i++) {
		m = k->len[i] < n ? k->len[i] : n;
		k->seg[i] += m;
		k->len[i] -= m;
		n -= m;
	}
}

/*
 * The keys of two items of equal prefixes, from the byte after them: a key
 * shorter than the prefix ends in it at its terminator, so the other, of
 * the same bytes, is the same key (nothing is left of either).
 */
static int cmp_items_past_prefix(const struct wctx *c, const struct witem *x,
				 const struct witem *y)
{
	struct wkey a, b;

	item_key(c, x, &a);
	item_key(c, y, &b);
	key_skip(&a, sizeof(x->prefix));
	key_skip(&b, sizeof(y->prefix));
	return cmp_keys(&a, &b);
}

/* Descending: the stack pops the smallest key first. ctx: the wctx. */
static int cmp_items_desc(const void *x, const void *y, void *ctx)
{
	const struct witem *i = x, *j = y;

	if (i->prefix != j->prefix)
		return i->prefix < j->prefix ? 1 : -1;
	return cmp_items_past_prefix(ctx, y, x);
}

static bool items_equal(const struct wctx *c, const struct witem *x,
			const struct witem *y)
{
	return x->prefix == y->prefix && !cmp_items_past_prefix(c, x, y);
}

/* Each name escaped once: a profile's names, as every line shows them. */
static void escape_names(struct wctx *c)
{
	const struct strtab *t = c->p->names;
	uint32_t id, nr = strtab_count(t);

	c->esc_off = xcalloc(size_add(nr, 1), sizeof(*c->esc_off));
	for (id = 0; id < nr; id++) {
		const char *name = strtab_str(t, id);
		size_t raw = strtab_len(t, id), at = c->esc.len, nl;

		c->esc_off[id] = at;
		add_escaped(&c->esc, name, raw, true);
		/* A name that looks suffixed but is not of that kind:
		 * hide the suffix's '_'. */
		nl = c->esc.len - at;
		if (frame_kind_parse(c->esc.buf + at, &nl) != FRAME_USER) {
			strbuf_setlen(&c->esc, at + nl);
			strbuf_addstr(&c->esc, "\\x5f");
			add_escaped(&c->esc, name + raw - 3, 3, true);
		}
	}
	c->esc_off[nr] = c->esc.len;
}

/* Whether some name would split a line or end it early. */
static bool names_plain(const struct strtab *t)
{
	uint32_t id, nr = strtab_count(t);

	for (id = 0; id < nr; id++) {
		size_t len = strtab_len(t, id);
		const char *s = strtab_str(t, id);

		if (memchr(s, ';', len) || memchr(s, '\0', len))
			return false;
	}
	return true;
}

/* Item node with flags, its prefix made. */
static void push_item(const struct wctx *c, struct witem *it, uint32_t node,
		      unsigned int flags)
{
	uint8_t b[sizeof(it->prefix)] = { 0 };
	size_t at = 0, i, n;
	uint64_t v = 0;
	struct wkey k;

	it->node_flags = node << 2 | flags;
	item_key(c, it, &k);
	for (i = 0; i < 3 && at < sizeof(b); i++) {
		n = k.len[i] < sizeof(b) - at ? k.len[i] : sizeof(b) - at;
		memcpy(b + at, k.seg[i], n);
		at += n;
	}
	for (i = 0; i < sizeof(b); i++)
		v = v << 8 | b[i];
	it->prefix = v;
}

/* Push the items of the children of run[0..n) (equal keys), sorted. */
static void push_children(struct wctx *c, struct witem **stack,
			  unsigned long *nr, unsigned long *alloc,
			  const uint32_t *run, size_t n)
{
	const struct node *nodes = c->p->nodes;
	unsigned long start = *nr, i;
	size_t r;

	for (r = 0; r < n; r++) {
		uint32_t ch;

		for (ch = nodes[run[r]].first_child; ch != NODE_NONE;
		     ch = nodes[ch].next_sibling) {
			ALLOC_GROW(*stack, *nr + 2, *alloc);
			if (nodes[ch].self != 0)
				push_item(c, &(*stack)[(*nr)++], ch, 0);
			if (nodes[ch].first_child != NODE_NONE)
				push_item(c, &(*stack)[(*nr)++], ch,
					  ITEM_CHILDREN);
		}
	}
	sort_r(*stack + start, *nr - start, sizeof(**stack), cmp_items_desc,
	       c);
	/* Runs are popped from the top: the first of each run (lowest in
	 * the stack) marks its end. */
	for (i = start; i < *nr; i++)
		if (i == start || !items_equal(c, &(*stack)[i - 1],
					       &(*stack)[i]))
			(*stack)[i].node_flags |= ITEM_RUN_END;
}

/* All stack lines in one buffer, sorted through (offset, node) pairs. */
struct stackline {
	unsigned long off;
	uint32_t node;
};

/* Lines whose text is in the buffer ctx. */
static int cmp_lines(const void *a, const void *b, void *ctx)
{
	const char *base = ctx;

	return strcmp(base + ((const struct stackline *)a)->off,
		      base + ((const struct stackline *)b)->off);
}

/*
 * The lines built in full, then sorted: what walk() falls back to when a
 * name holds a ';' or a NUL, where a line's frames are no longer its
 * names (memory: every line's text at once).
 */
static void walk_flat(const struct wctx *c)
{
	const struct profile *p = c->p;
	struct stackline *lines = NULL;
	unsigned long nr = 0, alloc = 0, i, k;
	uint32_t *path = NULL, *run = NULL, id;
	unsigned long path_alloc = 0, run_alloc = 0;
	struct strbuf buf = STRBUF_INIT;

	for (id = 1; id < p->nr_nodes; id++) {
		size_t depth, d, len;
		const char *name;

		if (p->nodes[id].self == 0)
			continue;
		depth = profile_path_grow(p, id, &path, &path_alloc);
		ALLOC_GROW(lines, nr + 1, alloc);
		lines[nr].off = buf.len;
		lines[nr++].node = id;
		for (d = 0; d < depth; d++) {
			if (d)
				strbuf_addch(&buf, ';');
			name = item_name(c, path[d], &len);
			strbuf_add(&buf, name, len);
			strbuf_addstr(&buf, item_suffix(c, path[d]));
		}
		strbuf_addch(&buf, '\0');
	}
	sort_r(lines, nr, sizeof(*lines), cmp_lines, buf.buf);
	for (i = 0; i < nr; i = k) {
		const char *s = buf.buf + lines[i].off;

		/* Frames of different kinds print alike when their suffix
		 * is not shown: one line, as a fold by name would give. */
		for (k = i; k < nr && (k == i ||
				       !strcmp(s, buf.buf + lines[k].off));
		     k++) {
			ALLOC_GROW(run, k - i + 1, run_alloc);
			run[k - i] = lines[k].node;
		}
		c->l->line(c->l->ctx, s, strlen(s), run, k - i);
	}
	free(run);
	free(path);
	free(lines);
	strbuf_release(&buf);
}

/* The lines of l in order; escape: names as a profile writes them. */
static void walk(const struct folded_lines *l, bool escape)
{
	const struct profile *p = l->p;
	struct wctx c = { .l = l, .p = p, .annotate = l->annotate,
			  .escape = escape, .esc = STRBUF_INIT };
	struct witem *stack = NULL;
	unsigned long nr = 0, alloc = 0;
	uint32_t *run = NULL, root = NODE_ROOT, level = 1;
	size_t nr_run, alloc_run = 0;
	struct wlevel *lv = NULL;
	unsigned long alloc_lv = 0;
	struct strbuf path = STRBUF_INIT;

	if (escape)
		escape_names(&c);
	if ((!escape && !names_plain(p->names)) ||
	    p->nr_nodes > ITEM_MAX_NODES) {
		walk_flat(&c);
		goto out;
	}
	ALLOC_GROW(lv, 2, alloc_lv);
	lv[1] = (struct wlevel){ 0, 0 };
	push_children(&c, &stack, &nr, &alloc, &root, 1);
	while (nr) {
		struct witem it;
		const char *name, *suffix;
		size_t len;

		/* The top item's group: a group done leaves the level. */
		while (level > 1 && nr <= lv[level].start)
			level--;
		it = stack[--nr];
		/* The run: this item and those equal to it below it. */
		nr_run = 0;
		for (;;) {
			ALLOC_GROW(run, nr_run + 1, alloc_run);
			run[nr_run++] = item_node(&it);
			if (item_flags(&it) & ITEM_RUN_END)
				break;
			it = stack[--nr];
		}
		strbuf_setlen(&path, lv[level].plen);
		if (level > 1)
			strbuf_addch(&path, ';');
		name = item_name(&c, item_node(&it), &len);
		strbuf_add(&path, name, len);
		suffix = item_suffix(&c, item_node(&it));
		strbuf_addstr(&path, suffix);
		if (item_flags(&it) & ITEM_CHILDREN) {
			ALLOC_GROW(lv, size_add(level, 2), alloc_lv);
			lv[++level] = (struct wlevel){ path.len, nr };
			push_children(&c, &stack, &nr, &alloc, run, nr_run);
		} else {
			l->line(l->ctx, path.buf, path.len, run, nr_run);
		}
	}
out:
	free(stack);
	free(run);
	free(lv);
	free(c.esc_off);
	strbuf_release(&c.esc);
	strbuf_release(&path);
}

/* A line of folded_write(): its stack, its nodes' weight added up. */
struct weight_line {
	const struct profile *p;
	struct outfile *o;
};

static void write_weight_line(void *ctx, const char *text, size_t len,
			      const uint32_t *nodes, size_t nr)
{
	const struct weight_line *wl = ctx;
	double w = 0;
	char num[64];
	size_t i;
	int n;

	for (i = 0; i < nr; i++)
		w += wl->p->nodes[nodes[i]].self;
	outfile_write(wl->o, text, len);
	n = format_weight(num + 1, sizeof(num) - 2, w);
	num[0] = ' ';
	num[n + 1] = '\n';
	outfile_write(wl->o, num, n + 2);
}

static void write_stacks(const struct profile *p, struct outfile *o,
			 unsigned int annotate, bool escape)
{
	struct weight_line wl = { p, o };
	struct folded_lines l = { .p = p, .annotate = annotate,
				  .line = write_weight_line, .ctx = &wl };

	walk(&l, escape);
}

void folded_lines_walk(const struct folded_lines *l)
{
	walk(l, false);
}

void folded_write(const struct profile *p, struct outfile *o,
		  unsigned int annotate)
{
	write_stacks(p, o, annotate, false);
}

/*
 * "# key: \"value\"", the value escaped as names are. The quotes are why
 * version 3 exists: flamegraph.pl and difffolded.pl take any line ending
 * in a number for a stack, "# kernel: 6.18.44-fc-v782" included, so no
 * header line may end in a digit.
 */
static void header_str(struct outfile *o, const char *key, const char *val)
{
	struct strbuf sb = STRBUF_INIT;

	if (!val)
		return;
	add_escaped(&sb, val, strlen(val), false);
	outfile_printf(o, "# %s: \"%s\"\n", key, sb.buf);
	strbuf_release(&sb);
}

/*
 * The word after the weight: the unit when it is a plain word (a reader
 * ignores it; it is there so that the line does not end in a digit).
 */
static const char *weight_word(const char *unit)
{
	const char *s;

	if (!unit || !*unit)
		return "units";
	for (s = unit; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
			return "units";
	return unit;
}

/*
 * Each stat as "# stat: KEY = VALUE ;" (the ';' keeps the line from
 * ending in a digit, which folded readers would take for a stack), VALUE
 * the shortest of %.15g and %.17g that reads back as itself: "10.97", not
 * "10.970000000000001".
 */
static void write_stats(struct outfile *o, const struct metric_set *s)
{
	char num[40];
	size_t i;

	for (i = 0; i < s->nr; i++) {
		double v = s->v[i].value;
		const char *k;

		/* only what the reader takes back: one printable word */
		for (k = s->v[i].key; *k; k++)
			if ((unsigned char)*k <= ' ' || (unsigned char)*k >= 0x7f)
				break;
		if (*k || !*s->v[i].key || !isfinite(v))
			continue;
		snprintf(num, sizeof(num), "%.15g", v);
		if (strtod(num, NULL) != v)
			snprintf(num, sizeof(num), "%.17g", v);
		outfile_printf(o, "# stat: %s = %s ;\n", s->v[i].key, num);
	}
}

/*
 * The off-CPU section (version 4): the marker, the off-CPU profile's own
 * header (its event, unit, switch-outs and weight), then its stacks.
 */
static void write_offcpu(const struct profile *off, struct outfile *o)
{
	char num[64];

	outfile_printf(o, "%s\n", PROFILE_OFFCPU_MARKER);
	header_str(o, "event", off->meta.event);
	header_str(o, "unit", off->meta.unit);
	outfile_printf(o, "# samples: %llu switches\n",
		       (unsigned long long)off->meta.samples);
	/* record --sched's lost records, and the rows they touch */
	if (off->meta.lost)
		outfile_printf(o, "# lost: %llu records\n",
			       (unsigned long long)off->meta.lost);
	header_str(o, "unreliable", off->meta.unreliable);
	format_weight(num, sizeof(num), profile_total(off));
	outfile_printf(o, "# weight: %s %s\n", num,
		       weight_word(off->meta.unit));
	write_stacks(off, o, ANNOTATE_ALL, true);
}

void profile_write(const struct profile *p, struct outfile *o)
{
	const struct profile_meta *m = &p->meta;
	const struct profile *off =
		p->offcpu && p->offcpu->nr_nodes > 1 ? p->offcpu : NULL;
	char num[64];
	size_t b;
	uint32_t c;
	int process_root = 1;

	/* The first frames are process names unless one of them is not. */
	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind != FRAME_PROCESS)
			process_root = 0;
	outfile_printf(o, "%s %d folded\n", PROFILE_MAGIC, off ? 4 : 3);
	outfile_printf(o, "# root: %s\n",
		       process_root ? "process" : "function");
	header_str(o, "event", m->event);
	header_str(o, "unit", m->unit);
	header_str(o, "label", m->label);
	header_str(o, "host", m->host);
	header_str(o, "kernel", m->kernel);
	header_str(o, "date", m->date);
	header_str(o, "cmdline", m->cmdline);
	header_str(o, "target", m->target);
	header_str(o, "cpus", m->cpus);
	outfile_printf(o, "# samples: %llu samples\n",
		       (unsigned long long)m->samples);
	outfile_printf(o, "# lost: %llu samples\n",
		       (unsigned long long)m->lost);
	if (m->duration > 0)
		outfile_printf(o, "# duration: %.3f s\n", m->duration);
	if (m->interrupted && m->asked > 0)
		outfile_printf(o, "# interrupted after %.3f s of %g s\n",
			       m->duration, m->asked);
	else if (m->interrupted)
		outfile_printf(o, "# interrupted after %.3f s, before the "
			       "command ended\n", m->duration);
	format_weight(num, sizeof(num), profile_total(p));
	outfile_printf(o, "# weight: %s %s\n", num, weight_word(m->unit));
	write_stats(o, &m->stats);
	for (b = 0; b < m->nr_build_ids; b++)
		header_str(o, "build-id", m->build_ids[b]);
	write_stacks(p, o, ANNOTATE_ALL, true);
	if (off)
		write_offcpu(off, o);
}

int profile_path_wanted(const char *path)
{
	return has_suffix(path, ".prof") || has_suffix(path, ".prof.gz") ||
	       has_suffix(path, ".profile") || has_suffix(path, ".profile.gz");
}

int profile_save(const struct profile *p, const char *path,
		 struct fd_err *err)
{
	struct outfile o;

	if (outfile_open_flags(&o, path, OUTFILE_PRIVATE, err))
		return -1;
	profile_write(p, &o);
	return outfile_commit(&o, err);
}
