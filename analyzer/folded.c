// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/folded.h"

/*
 * The previous line's stack and the node of each of its frames. Folded
 * files are sorted, so consecutive lines share most of their frames: those
 * need neither hashing nor a child lookup again, which is most of the work
 * of reading a large file.
 */
struct prevstack {
	char *text;
	size_t len;
	unsigned long alloc;
	uint32_t *node;
	size_t nr;
	unsigned long alloc_node;
};

static int parse_count(const char *s, size_t len, double *out)
{
	char tmp[64], *end;

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

/* Split "stack COUNT" or "stack COUNT COUNT2"; returns number of counts. */
static int split_counts(char *line, size_t len, size_t *stack_len,
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

static int header_line(struct linereader *lr, char *line, size_t len,
		       struct profile *p, int *process_root,
		       struct fd_err *err)
{
	char *key = line + 1, *colon, *val;

	if (!strncmp(line, PROFILE_MAGIC, strlen(PROFILE_MAGIC))) {
		long v = strtol(line + strlen(PROFILE_MAGIC), NULL, 10);

		if (v < 1 || v > PROFILE_VERSION)
			return fd_err_at(err, lr->path, lr->lineno,
					 "profile format version %ld is not "
					 "supported (this flamediff reads "
					 "up to %d)",
					 v, PROFILE_VERSION);
		return 0;
	}
	while (*key == ' ')
		key++;
	colon = strchr(key, ':');
	if (!colon)
		return 0; /* a comment */
	*colon = '\0';
	val = colon + 1;
	while (*val == ' ')
		val++;
	if (len && line[len - 1] == '\r')
		line[len - 1] = '\0';

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
	STR("date", date);
	STR("label", label);
#undef STR
	if (!strcmp(key, "samples")) {
		p->meta.samples += strtoull(val, NULL, 10);
	} else if (!strcmp(key, "lost")) {
		p->meta.lost += strtoull(val, NULL, 10);
	} else if (!strcmp(key, "duration")) {
		p->meta.duration += strtod(val, NULL);
	} else if (!strcmp(key, "root")) {
		if (!strcmp(val, "process"))
			*process_root = 1;
		else if (!strcmp(val, "function"))
			*process_root = 0;
		else
			return fd_err_at(err, lr->path, lr->lineno,
					 "unknown root kind '%s' (process or "
					 "function)",
					 val);
	}
	return 0;
}

/* Add the stack s[0..len) ("a;b_[k];c"), reusing what it shares with ps. */
static void add_stack(struct profile *p, struct prevstack *ps, const char *s,
		      size_t len, int process_root, double weight)
{
	size_t n = len < ps->len ? len : ps->len, i, start = 0, shared = 0;
	uint32_t node;

	/* Whole frames in common: each ';' inside the common prefix ends one. */
	for (i = 0; i < n && s[i] == ps->text[i]; i++) {
		if (s[i] == ';') {
			shared++;
			start = i + 1;
		}
	}
	if (i == n && n > 0 && ps->nr > 0) {
		if (len == ps->len) {
			shared = ps->nr; /* the same stack */
			start = len;
		} else if (i == ps->len && s[i] == ';') {
			shared++; /* the previous stack, deeper */
			start = i + 1;
		} else if (i == len && ps->text[i] == ';') {
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

		if (ps->nr == 0 && process_root)
			kind = FRAME_PROCESS;
		node = profile_child(p, node, profile_intern(p, s + start, fl),
				     kind);
		ALLOC_GROW(ps->node, ps->nr + 1, ps->alloc_node);
		ps->node[ps->nr++] = node;
		if (!semi)
			break;
		start = semi - s + 1;
	}
	profile_add_self(p, node, weight);

	ALLOC_GROW(ps->text, len + 1, ps->alloc);
	memcpy(ps->text, s, len);
	ps->len = len;
}

int folded_read(struct linereader *lr, int process_root, struct profile *p,
		struct profile *p2, struct fd_err *err)
{
	struct prevstack ps = { 0 }, ps2 = { 0 };
	int in_header = 1, ret = -1, r;
	uint64_t stacks = 0;
	char *line;
	size_t len;

	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		size_t stack_len;
		double c1, c2;
		int nc;

		if (len == 0 || (len == 1 && line[0] == '\r'))
			continue;
		if (line[0] == '#') {
			if (in_header &&
			    header_line(lr, line, len, p, &process_root, err))
				goto out;
			continue;
		}
		in_header = 0;
		nc = split_counts(line, len, &stack_len, &c1, &c2);
		if (nc == 0) {
			fd_err_at(err, lr->path, lr->lineno,
				  "expected 'frame;frame;... COUNT', got "
				  "'%.60s%s'",
				  line, len > 60 ? "..." : "");
			goto out;
		}
		if (stack_len == 0) {
			fd_err_at(err, lr->path, lr->lineno,
				  "a count without a stack");
			goto out;
		}
		if (nc == 2 && !p2) {
			fd_err_at(err, lr->path, lr->lineno,
				  "a differential line (two counts) where one "
				  "profile was expected");
			goto out;
		}
		add_stack(p, &ps, line, stack_len, process_root, c1);
		if (nc == 2)
			add_stack(p2, &ps2, line, stack_len, process_root, c2);
		stacks++;
	}
	if (r < 0)
		goto out;
	profile_sum_totals(p);
	if (p2)
		profile_sum_totals(p2);
	if (!p->meta.samples && stacks) {
		/* Plain folded stacks do not say how many samples they
		 * hold; the count of lines is the best lower bound. */
		p->meta.samples = stacks;
		if (p2)
			p2->meta.samples = stacks;
	}
	ret = 0;
out:
	free(ps.text);
	free(ps.node);
	free(ps2.text);
	free(ps2.node);
	return ret;
}

/* All stack lines in one buffer, sorted through (offset, weight) pairs. */
struct stackline {
	unsigned long off;
	double weight;
};

static const char *sort_base;

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(sort_base + ((const struct stackline *)a)->off,
		      sort_base + ((const struct stackline *)b)->off);
}

/* Perl prints integral sums exactly and other numbers with %.15g. */
static int format_weight(char *buf, size_t size, double w)
{
	if (w == floor(w) && fabs(w) < 9.2e18)
		return snprintf(buf, size, "%lld", (long long)w);
	return snprintf(buf, size, "%.15g", w);
}

void folded_write(const struct profile *p, struct outfile *o,
		  unsigned int annotate)
{
	struct stackline *lines = NULL;
	unsigned long nr = 0, alloc = 0, len = 0, alloc_buf = 0, i;
	uint32_t *path = NULL;
	unsigned long path_alloc = 0;
	char *buf = NULL;
	uint32_t id;

	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		size_t depth, d;

		if (n->self == 0)
			continue;
		ALLOC_GROW(path, n->depth, path_alloc);
		depth = profile_path(p, id, path, path_alloc);
		ALLOC_GROW(lines, nr + 1, alloc);
		lines[nr].off = len;
		lines[nr].weight = n->self;
		nr++;
		for (d = 0; d < depth; d++) {
			const struct node *f = &p->nodes[path[d]];
			const char *sfx = annotate & (1U << f->kind) ?
						  frame_kind_suffix(f->kind) :
						  "";
			size_t nl = strtab_len(p->names, f->name);
			size_t sl = strlen(sfx);

			ALLOC_GROW(buf, len + nl + sl + 2, alloc_buf);
			if (d)
				buf[len++] = ';';
			memcpy(buf + len, strtab_str(p->names, f->name), nl);
			len += nl;
			memcpy(buf + len, sfx, sl);
			len += sl;
		}
		ALLOC_GROW(buf, len + 1, alloc_buf);
		buf[len++] = '\0';
	}
	sort_base = buf;
	if (nr) /* sane_qsort() must not see the NULL of no lines */
		sane_qsort(lines, nr, sizeof(*lines), cmp_lines);
	for (i = 0; i < nr;) {
		const char *s = buf + lines[i].off;
		double w = lines[i].weight;
		char num[64];
		int n;

		/* Frames of different kinds print alike when their suffix
		 * is not shown: one line, as a fold by name would give. */
		for (i++; i < nr && !strcmp(s, buf + lines[i].off); i++)
			w += lines[i].weight;
		outfile_puts(o, s);
		n = format_weight(num + 1, sizeof(num) - 2, w);
		num[0] = ' ';
		num[n + 1] = '\n';
		outfile_write(o, num, n + 2);
	}
	free(path);
	free(lines);
	free(buf);
}

void profile_write(const struct profile *p, struct outfile *o)
{
	const struct profile_meta *m = &p->meta;
	char num[64];

	uint32_t c;
	int process_root = 1;

	/* The first frames are process names unless one of them is not. */
	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind != FRAME_PROCESS)
			process_root = 0;
	outfile_printf(o, "%s %d\n", PROFILE_MAGIC, PROFILE_VERSION);
	outfile_printf(o, "# root: %s\n",
		       process_root ? "process" : "function");
#define STR(k, f)                                                          \
	if (m->f)                                                          \
		outfile_printf(o, "# %s: %s\n", k, m->f)
	STR("event", event);
	STR("unit", unit);
	STR("label", label);
	STR("host", host);
	STR("kernel", kernel);
	STR("date", date);
	STR("cmdline", cmdline);
#undef STR
	outfile_printf(o, "# samples: %llu\n", (unsigned long long)m->samples);
	outfile_printf(o, "# lost: %llu\n", (unsigned long long)m->lost);
	if (m->duration > 0)
		outfile_printf(o, "# duration: %.3f\n", m->duration);
	format_weight(num, sizeof(num), profile_total(p));
	outfile_printf(o, "# weight: %s\n", num);
	folded_write(p, o, ANNOTATE_ALL);
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

	if (outfile_open(&o, path, err))
		return -1;
	profile_write(p, &o);
	return outfile_commit(&o, err);
}
