// SPDX-License-Identifier: GPL-2.0
/*
 * Matching the processes and benchmark testcases of two builds whose
 * binaries are named differently (match.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/match.h"
#include "analyzer/metric-set.h"
#include "lib/alloc.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"

#define TASK_COMM_LEN 15 /* the kernel keeps 15 bytes of a name */

struct rename {
	char *from; /* the new side's name */
	char *to;   /* the base's */
	unsigned long hits;
};

/* What a side's runs have, as far as read. */
struct seen {
	char *proc;	/* the dominant process of every run so far */
	bool proc_mixed; /* a run had another one, or none */
	char *test;	/* the testcase of every run so far */
	bool test_mixed;
	unsigned long runs;
	struct strtab *procs; /* every process name (the base's) */
};

struct proc_match {
	struct rename *renames;
	size_t nr_renames;
	char *testcase;
	bool autom;
	bool learning;
	struct seen side[2];
	unsigned long auto_proc, auto_test; /* new runs renamed so */
	unsigned long testcase_hits;
	struct strbuf note;
};

static void seen_release(struct seen *s)
{
	free(s->proc);
	free(s->test);
	strtab__delete(s->procs);
}

struct proc_match *proc_match__new(const struct match_opts *o,
				   struct fd_err *err)
{
	struct proc_match *m = xcalloc(1, sizeof(*m));
	size_t i;

	m->autom = !o || (!o->no_auto && !o->rename.nr && !o->testcase);
	if (o && o->testcase)
		m->testcase = xstrdup(o->testcase);
	m->side[0].procs = strtab__new();
	m->side[1].procs = strtab__new();
	strbuf_init(&m->note, 0);
	for (i = 0; o && i < o->rename.nr; i++) {
		const char *arg = o->rename.v[i], *eq = strchr(arg, '=');

		if (!eq || eq == arg || !eq[1] || strchr(eq + 1, '=')) {
			fd_err_set(err, "--rename '%s': want OLD=NEW (the "
				   "base's name = the new side's)", arg);
			proc_match__delete(m);
			return NULL;
		}
		m->renames = xrealloc(m->renames,
				      (m->nr_renames + 1) * sizeof(*m->renames));
		m->renames[m->nr_renames++] = (struct rename){
			.to = xstrndup(arg, (size_t)(eq - arg)),
			.from = xstrdup(eq + 1),
		};
	}
	return m;
}

void proc_match__delete(struct proc_match *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->nr_renames; i++) {
		free(m->renames[i].from);
		free(m->renames[i].to);
	}
	free(m->renames);
	free(m->testcase);
	seen_release(&m->side[0]);
	seen_release(&m->side[1]);
	strbuf_release(&m->note);
	free(m);
}

bool proc_match_renames_tree(const struct proc_match *m, int side)
{
	if (!m)
		return false;
	if (m->testcase)
		return true;
	if (!side)
		return false;
	return m->nr_renames ||
	       (m->autom && m->side[0].proc && !m->side[0].proc_mixed);
}

void proc_match_learn(struct proc_match *m, bool on)
{
	if (m)
		m->learning = on;
}

/*
 * Whether process name s[0..len) is want: exactly, as the kernel's cut of
 * it, either with a "-PID" or "-PID/TID" suffix. *base: the length of the
 * part matched (the suffix follows it).
 */
static bool name_is(const char *s, size_t len, const char *want,
		    size_t *base)
{
	size_t w = strlen(want), cut = w > TASK_COMM_LEN ? TASK_COMM_LEN : w;
	size_t n, i;

	for (n = 0; n < 2; n++) {
		size_t k = n ? cut : w;

		if (n && cut == w)
			break;
		if (len < k || memcmp(s, want, k))
			continue;
		if (len == k) {
			*base = k;
			return true;
		}
		if (s[k] != '-' || len == k + 1)
			continue;
		for (i = k + 1; i < len; i++)
			if (!isdigit((unsigned char)s[i]) && s[i] != '/')
				break;
		if (i == len) {
			*base = k;
			return true;
		}
	}
	return false;
}

/* The dominant process of p (more than half its weight), or NULL. */
static const char *dominant(const struct profile *p)
{
	const char *name = NULL;
	double best = 0, *t;
	uint32_t c;
	bool half;

	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind != FRAME_PROCESS)
			return NULL; /* stacks that start with a function */
	/* One process and nothing at the root: its total is the root's
	 * (0 + x is x), more than half of it when there is any. */
	c = p->nodes[NODE_ROOT].first_child;
	if (c != NODE_NONE && p->nodes[c].next_sibling == NODE_NONE &&
	    p->nodes[NODE_ROOT].self == 0)
		return profile_weighs(p) ? profile_str(p, p->nodes[c].name)
					 : NULL;
	/* Not kept: a run's other totals are not read (no sums.node[]). */
	t = profile_totals_new(p);
	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling) {
		if (t[c] > best) {
			best = t[c];
			name = profile_str(p, p->nodes[c].name);
		}
	}
	half = t[NODE_ROOT] > 0 && best > t[NODE_ROOT] / 2;
	free(t);
	return half ? name : NULL;
}

static bool has_process(const struct profile *p, const char *want)
{
	size_t base;
	uint32_t c;

	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling) {
		const struct node *n = &p->nodes[c];

		if (n->kind == FRAME_PROCESS &&
		    name_is(profile_str(p, n->name),
			    strtab_len(p->names, n->name), want, &base))
			return true;
	}
	return false;
}

/*
 * A benchmark key's testcase: the prefix of a benchmark row, or of a
 * "TESTCASE.time.*" row; none for the other families (perf-*, the
 * monitors' vmstat.*, meminfo.*..., the job's own time.*).
 */
static size_t key_testcase(const char *key)
{
	const char *dot = strchr(key, '.');

	if (!dot || dot == key)
		return 0;
	switch (bench_key_family(key)) {
	case FAMILY_BENCHMARK:
		break;
	case FAMILY_TIME:
		if (strncmp(dot, ".time.", 6))
			return 0;
		break;
	default:
		return 0;
	}
	return (size_t)(dot - key);
}

/* The one testcase of stats (a new string), or NULL: none or several. */
static char *testcase_of(const struct metric_set *s)
{
	const char *first = NULL;
	size_t flen = 0, i, len;

	for (i = 0; i < s->nr; i++) {
		len = key_testcase(s->v[i].key);
		if (!len)
			continue;
		if (!first) {
			first = s->v[i].key;
			flen = len;
		} else if (len != flen || memcmp(first, s->v[i].key, len)) {
			return NULL;
		}
	}
	return first ? xstrndup(first, flen) : NULL;
}

/* Process roots named from (as name_is() takes it) become to. */
static unsigned long rename_processes(struct profile *p, const char *from,
				      const char *to)
{
	struct profile *q;
	uint32_t *map, id;
	unsigned long hits = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!has_process(p, from))
		return 0;
	q = profile__new();
	map = xmalloc(sizeof(*map) * p->nr_nodes);
	/* parents come before children: one forward pass */
	map[0] = NODE_ROOT;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];
		const char *s = profile_str(p, n->name);
		size_t len = strtab_len(p->names, n->name), base;

		strbuf_reset(&sb);
		if (n->parent == NODE_ROOT && n->kind == FRAME_PROCESS &&
		    name_is(s, len, from, &base)) {
			strbuf_addstr(&sb, to);
			strbuf_add(&sb, s + base, len - base);
			hits++;
		} else {
			strbuf_add(&sb, s, len);
		}
		map[id] = profile_child(q, map[n->parent],
					strtab_intern(q->names, sb.buf ? sb.buf : "",
						      sb.len),
					n->kind);
	}
	for (id = 0; id < p->nr_nodes; id++)
		q->nodes[map[id]].self += p->nodes[id].self;
	profile_changed(q);
	free(map);
	strbuf_release(&sb);
	profile_swap_trees(p, q);
	profile__delete(q);
	return hits;
}

/* Benchmark keys "from.X" become "to.X" (from is a whole prefix). */
static unsigned long rename_testcase(struct metric_set *s, const char *from,
				     const char *to)
{
	struct metric_set out = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i, flen = strlen(from);
	unsigned long hits = 0;

	for (i = 0; i < s->nr; i++)
		if (key_testcase(s->v[i].key) == flen &&
		    !memcmp(s->v[i].key, from, flen))
			hits++;
	if (!hits)
		return 0;
	for (i = 0; i < s->nr; i++) {
		const char *k = s->v[i].key;

		strbuf_reset(&sb);
		if (key_testcase(k) == flen && !memcmp(k, from, flen)) {
			strbuf_addstr(&sb, to);
			strbuf_addstr(&sb, k + flen);
		} else {
			strbuf_addstr(&sb, k);
		}
		metric_set_add(&out, sb.buf, s->v[i].value);
	}
	strbuf_release(&sb);
	metric_set_release(s);
	*s = out;
	return hits;
}

/* Rename the process and the testcase in p and its off-CPU part. */
static unsigned long rename_run(struct profile *p, const char *from,
				const char *to)
{
	unsigned long hits = rename_processes(p, from, to);

	if (p->offcpu)
		hits += rename_processes(p->offcpu, from, to);
	return hits + rename_testcase(&p->meta.stats, from, to);
}

static void note_seen(struct seen *s, const char *proc, const char *test)
{
	if (!s->runs++) {
		s->proc = proc ? xstrdup(proc) : NULL;
		s->test = test ? xstrdup(test) : NULL;
		s->proc_mixed = !proc;
		s->test_mixed = !test;
		return;
	}
	if (!proc || !s->proc || strcmp(proc, s->proc))
		s->proc_mixed = true;
	if (!test || !s->test || strcmp(test, s->test))
		s->test_mixed = true;
}

static void learn_processes(struct seen *s, const struct profile *p)
{
	uint32_t c;

	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind == FRAME_PROCESS)
			strtab_intern(s->procs, profile_str(p, p->nodes[c].name),
				      strtab_len(p->names, p->nodes[c].name));
}

static bool base_has_process(const struct seen *b, const char *want)
{
	size_t i, base;

	for (i = 0; i < strtab_count(b->procs); i++)
		if (name_is(strtab_str(b->procs, (uint32_t)i),
			    strtab_len(b->procs, (uint32_t)i), want, &base))
			return true;
	return false;
}

/* The automatic rule for a new run (match.h). */
static void auto_run(struct proc_match *m, struct profile *p,
		     const char *proc, const char *test)
{
	const struct seen *b = &m->side[0];

	if (b->proc && !b->proc_mixed && proc && strcmp(proc, b->proc) &&
	    !has_process(p, b->proc) && !base_has_process(b, proc)) {
		char *from = xstrdup(proc);

		rename_processes(p, from, b->proc);
		if (p->offcpu)
			rename_processes(p->offcpu, from, b->proc);
		free(from);
		m->auto_proc++;
	}
	if (b->test && !b->test_mixed && test && strcmp(test, b->test)) {
		rename_testcase(&p->meta.stats, test, b->test);
		m->auto_test++;
	}
}

int proc_match_run(struct proc_match *m, int side, struct profile *p,
		   const char *path, struct fd_err *err)
{
	const char *dom;
	char *proc, *test;
	size_t i;

	if (!m || side < 0 || side > 1)
		return 0;
	if (side == 0 && !m->learning && !m->testcase)
		return 0; /* a base run read again: learnt already */
	metric_set_sort(&p->meta.stats);
	dom = dominant(p);
	proc = dom ? xstrdup(dom) : NULL;
	test = testcase_of(&p->meta.stats);
	if (side == 0 && m->learning) {
		learn_processes(&m->side[0], p);
		note_seen(&m->side[0], proc, test);
	} else if (side == 1 && m->learning) {
		note_seen(&m->side[1], proc, test);
	}
	if (m->testcase) {
		unsigned long h = 0;

		if (proc && strcmp(proc, m->testcase))
			h += rename_processes(p, proc, m->testcase);
		if (test && strcmp(test, m->testcase))
			h += rename_testcase(&p->meta.stats, test,
					     m->testcase);
		if (m->learning)
			m->testcase_hits += h;
	}
	for (i = 0; side == 1 && i < m->nr_renames; i++) {
		unsigned long h = rename_run(p, m->renames[i].from,
					     m->renames[i].to);

		if (m->learning)
			m->renames[i].hits += h;
	}
	if (side == 1 && m->autom) {
		unsigned long ap = m->auto_proc, at = m->auto_test;

		auto_run(m, p, proc, test);
		if (!m->learning) {
			m->auto_proc = ap;
			m->auto_test = at;
		}
	}
	free(proc);
	free(test);
	(void)path;
	(void)err;
	return 0;
}

void proc_match_stats(struct proc_match *m, int side, struct metric_set *s)
{
	const struct seen *b = &m->side[0];
	char *test;
	size_t i;

	if (side < 0 || side > 1)
		return;
	metric_set_sort(s);
	test = testcase_of(s);
	note_seen(&m->side[side], NULL, test);
	if (m->testcase && test && strcmp(test, m->testcase))
		m->testcase_hits += rename_testcase(s, test, m->testcase);
	for (i = 0; side == 1 && i < m->nr_renames; i++)
		m->renames[i].hits += rename_testcase(s, m->renames[i].from,
						      m->renames[i].to);
	if (side == 1 && m->autom && b->test && !b->test_mixed && test &&
	    strcmp(test, b->test)) {
		rename_testcase(s, test, b->test);
		m->auto_test++;
	}
	free(test);
}

const char *proc_match_note(struct proc_match *m)
{
	const struct seen *b = &m->side[0], *n = &m->side[1];
	bool procs_differ, tests_differ;
	size_t i;

	strbuf_reset(&m->note);
	procs_differ = b->proc && !b->proc_mixed && n->proc &&
		       !n->proc_mixed && strcmp(b->proc, n->proc);
	tests_differ = b->test && !b->test_mixed && n->test &&
		       !n->test_mixed && strcmp(b->test, n->test);
#define SEP() (m->note.len ? "; " : "")
	if (procs_differ) {
		strbuf_addf(&m->note, "%sthe base's dominant process is '%s', "
			    "the new side's '%s'", SEP(), b->proc, n->proc);
		if (m->auto_proc)
			strbuf_addf(&m->note, ": compared as one process, "
				    "'%s' (each side has one dominant "
				    "process; --no-rename keeps them apart)",
				    b->proc);
		else if (!m->nr_renames && !m->testcase)
			strbuf_addf(&m->note, ": compared as two processes "
				    "(--rename %s=%s compares them as one)",
				    b->proc, n->proc);
	}
	if (tests_differ) {
		strbuf_addf(&m->note, "%sthe base's benchmark testcase is "
			    "'%s', the new side's '%s'", SEP(), b->test,
			    n->test);
		if (m->auto_test)
			strbuf_addf(&m->note, ": its rows compared as '%s.*'",
				    b->test);
		else if (!m->nr_renames && !m->testcase)
			strbuf_addf(&m->note, ": its rows do not meet "
				    "(--rename %s=%s matches them)", b->test,
				    n->test);
	}
	for (i = 0; i < m->nr_renames; i++) {
		const struct rename *r = &m->renames[i];

		if (r->hits)
			strbuf_addf(&m->note, "%sthe new side's '%s' is "
				    "compared as the base's '%s' (--rename)",
				    SEP(), r->from, r->to);
		else
			strbuf_addf(&m->note, "%s--rename %s=%s: the new side "
				    "has no process or testcase '%s'", SEP(),
				    r->to, r->from, r->from);
	}
	if (m->testcase && m->testcase_hits)
		strbuf_addf(&m->note, "%seach side's dominant process and "
			    "testcase are compared as '%s' (--testcase)",
			    SEP(), m->testcase);
#undef SEP
	return m->note.len ? m->note.buf : NULL;
}

void profile_strip_processes(struct profile *p)
{
	struct profile *q;
	uint32_t *map, id;
	bool any = false;
	uint32_t c;

	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling)
		if (p->nodes[c].kind == FRAME_PROCESS)
			any = true;
	if (!any)
		return;
	q = profile__new();
	map = xmalloc(sizeof(*map) * p->nr_nodes);
	map[0] = NODE_ROOT;
	for (id = 1; id < p->nr_nodes; id++) {
		const struct node *n = &p->nodes[id];

		if (n->parent == NODE_ROOT && n->kind == FRAME_PROCESS) {
			map[id] = NODE_ROOT; /* its self goes to the root */
			continue;
		}
		map[id] = profile_child(q, map[n->parent],
					strtab_intern(q->names,
						      profile_str(p, n->name),
						      strtab_len(p->names,
								 n->name)),
					n->kind);
	}
	for (id = 0; id < p->nr_nodes; id++)
		q->nodes[map[id]].self += p->nodes[id].self;
	free(map);
	profile_changed(q);
	profile_swap_trees(p, q);
	profile__delete(q);
}
