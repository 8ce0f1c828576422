// SPDX-License-Identifier: GPL-2.0
/*
 * The reader of `perf sched timehist` text (timehist.h). The layout of a
 * line is perf's; see ../shared/reference/lkp-other-metrics.md.
 */
#define _GNU_SOURCE /* memmem() */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/sched.h"
#include "analyzer/timehist.h"
#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/strbuf.h"
#include "lib/strtab.h"

/* Longer than any real time (30 years in msec): past it, not a time. */
#define TIMEHIST_MAX_MS 1e12

struct span {
	const char *s;
	size_t len;
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The next blank-separated token of line[*at..len), or false at the end. */
static bool next_token(const char *line, size_t len, size_t *at, struct span *t)
{
	size_t i = *at;

	while (i < len && blank(line[i]))
		i++;
	if (i >= len)
		return false;
	t->s = line + i;
	while (i < len && !blank(line[i]))
		i++;
	t->len = (size_t)(line + i - t->s);
	*at = i;
	return true;
}

/* "123" or "123.456": how timehist prints times and timestamps. */
static bool is_time(const struct span *t)
{
	size_t i = 0, d = 0;

	while (i < t->len && digit(t->s[i]))
		i++, d++;
	if (!d)
		return false;
	if (i == t->len)
		return true;
	if (t->s[i++] != '.')
		return false;
	d = 0;
	while (i < t->len && digit(t->s[i]))
		i++, d++;
	return d && i == t->len;
}

/* "[0001]" */
static bool is_cpu(const struct span *t)
{
	size_t i;

	if (t->len < 3 || t->s[0] != '[' || t->s[t->len - 1] != ']')
		return false;
	for (i = 1; i + 1 < t->len; i++)
		if (!digit(t->s[i]))
			return false;
	return true;
}

static bool starts(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len >= n && !memcmp(s, word, n);
}

static bool is_header(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && blank(line[i]))
		i++;
	line += i;
	len -= i;
	if (starts(line, len, "time") && memmem(line, len, "task name", 9))
		return true;
	if (starts(line, len, "[tid/pid]"))
		return true;
	return starts(line, len, "---------------");
}

/* The first line of the summaries of timehist -s and -S. */
static bool is_summary(const char *line, size_t len)
{
	while (len && blank(line[len - 1]))
		len--;
	while (len && blank(*line)) {
		line++;
		len--;
	}
	return len == 15 && !memcmp(line, "Runtime summary", 15);
}

bool timehist_line(const char *line, size_t len)
{
	struct span t;
	size_t at = 0;

	if (is_header(line, len) && !starts(line, len, "-"))
		return true;
	if (is_summary(line, len))
		return true; /* timehist -s: a summary and nothing else */
	return next_token(line, len, &at, &t) && is_time(&t) &&
	       memchr(t.s, '.', t.len) && next_token(line, len, &at, &t) &&
	       is_cpu(&t);
}

/*
 * The columns that options of timehist add, as its header names them:
 * -V a column of one character a CPU after the CPU ("cpu  012  task
 * name"), --state one after the run time ("run time  state").
 */
struct th_cols {
	size_t visual; /* -V: its width (the number of CPUs), or 0 */
	bool state;    /* --state */
};

/* Learn the columns from the header's first line; others change nothing. */
static void header_cols(const char *line, size_t len, struct th_cols *c)
{
	struct span t;
	size_t at = 0, i;

	if (!next_token(line, len, &at, &t) || t.len != 4 ||
	    memcmp(t.s, "time", 4) || !next_token(line, len, &at, &t) ||
	    t.len != 3 || memcmp(t.s, "cpu", 3))
		return;
	c->visual = 0;
	if (next_token(line, len, &at, &t) && !(t.len == 4 &&
						!memcmp(t.s, "task", 4))) {
		for (i = 0; i < t.len && strchr("0123456789abcdef", t.s[i]);)
			i++;
		if (i == t.len)
			c->visual = t.len;
	}
	while (len && blank(line[len - 1]))
		len--;
	c->state = len >= 7 && !memcmp(line + len - 7, "  state", 7);
}

/* One switch line, split. */
struct th_line {
	struct span task, chain;
	double wait, delay, run;
	bool idle;
	bool bare; /* a task without [tid] (pid 0 but not <idle>) */
	/*
	 * "[tid/pid]": which task. The whole of it, not the tid alone:
	 * tasks perf saw no comm for are all "[-1/PID]".
	 */
	struct span ids;
};

static int parse_ms(const struct span *t, double *out)
{
	char tmp[64];

	if (t->len >= sizeof(tmp))
		return -1;
	memcpy(tmp, t->s, t->len);
	tmp[t->len] = '\0';
	*out = strtod(tmp, NULL);
	return isfinite(*out) && *out >= 0 && *out < TIMEHIST_MAX_MS ? 0 : -1;
}

static bool task_end(const struct span *e)
{
	return (e->len && e->s[e->len - 1] == ']') ||
	       (e->len == 6 && !memcmp(e->s, "<idle>", 6));
}

/*
 * From line[at..len): the task, then its three times. The task name may
 * hold blanks: it ends at the token before the first three times, which
 * ends in ']' (or is <idle>); with any, when no such token comes (a task
 * perf prints without [tid]). *after: where the times end.
 */
static int task_and_times(const char *line, size_t len, size_t at,
			  struct th_line *l, size_t *after)
{
	struct span t[4], first;
	size_t start = at, pos[4], i;
	int any;

	for (any = 0; any < 2; any++) {
		at = start;
		if (!next_token(line, len, &at, &first))
			return -1;
		t[0] = first;
		for (i = 1; i < 4; i++) {
			if (!next_token(line, len, &at, &t[i]))
				return -1;
			pos[i] = at;
		}
		/* t[0] is the task's last token; t[1..3] the times, or
		 * slide on */
		for (;;) {
			if (is_time(&t[1]) && is_time(&t[2]) &&
			    is_time(&t[3]) && (any || task_end(&t[0])))
				goto found;
			memmove(&t[0], &t[1], 3 * sizeof(t[0]));
			memmove(&pos[1], &pos[2], 2 * sizeof(pos[0]));
			if (!next_token(line, len, &at, &t[3]))
				break;
			pos[3] = at;
		}
	}
	return -1;
found:
	l->task.s = first.s;
	l->task.len = (size_t)(t[0].s + t[0].len - first.s);
	if (parse_ms(&t[1], &l->wait) || parse_ms(&t[2], &l->delay) ||
	    parse_ms(&t[3], &l->run))
		return -1;
	*after = pos[3];
	l->bare = !task_end(&t[0]);
	return 0;
}

/* Past what -n prints after the times: "next: COMM[TID]". */
static size_t skip_next(const char *line, size_t len, size_t at)
{
	struct span t;
	size_t i = at;

	if (!next_token(line, len, &i, &t) || t.len != 5 ||
	    memcmp(t.s, "next:", 5))
		return at;
	at = i;
	while (next_token(line, len, &i, &t))
		if (task_end(&t))
			return i;
	return at;
}

/* The task's ids, "[tid]" or "[tid/pid]" after its comm. */
static int task_ids(struct th_line *l)
{
	/* the comm is what precedes the last '[' */
	const char *b = l->task.s + l->task.len - 1;

	while (b > l->task.s && *b != '[')
		b--;
	/* a task perf saw no comm for: ":-1[-1/2578]" */
	if (*b != '[' || b == l->task.s ||
	    !(digit(b[1]) || (b[1] == '-' && digit(b[2]))))
		return -1;
	l->ids.s = b;
	l->ids.len = (size_t)(l->task.s + l->task.len - b);
	l->task.len = (size_t)(b - l->task.s);
	return 0;
}

/*
 * Split a switch line: 1 done, 0 a line to skip (wakeup, migration, lost
 * events), -1 not a timehist line.
 */
static int split_line(const char *line, size_t len, const struct th_cols *c,
		      struct th_line *l)
{
	struct span t;
	size_t at = 0;

	if (!next_token(line, len, &at, &t) || !is_time(&t) ||
	    !next_token(line, len, &at, &t))
		return -1;
	/* "TIME lost N events on cpu C": the kernel's buffer overflowed */
	if (t.len == 4 && !memcmp(t.s, "lost", 4))
		return 0;
	if (!is_cpu(&t))
		return -1;
	if (memmem(line + at, len - at, "awakened:", 9) ||
	    memmem(line + at, len - at, "migrated:", 9))
		return 0;
	/* -V: " " and a character a CPU, blanks included */
	if (c->visual && len - at > c->visual + 2)
		at += c->visual + 2;
	if (task_and_times(line, len, at, l, &at))
		return -1;
	if (c->state)
		next_token(line, len, &at, &t);
	at = skip_next(line, len, at);
	/* the chain: the rest, trimmed */
	while (at < len && blank(line[at]))
		at++;
	l->chain.s = line + at;
	l->chain.len = len - at;
	while (l->chain.len && blank(l->chain.s[l->chain.len - 1]))
		l->chain.len--;
	l->idle = l->task.len == 6 && !memcmp(l->task.s, "<idle>", 6);
	if (!l->idle && !l->bare && task_ids(l))
		return -1;
	return 1;
}

/* A task's last switch-out, waiting for the next line to weigh it. */
struct pending {
	uint32_t comm, chain; /* ids in the reader's strtab */
};

struct th {
	struct linereader *lr;
	struct profile *off;
	struct fd_err *err;
	struct lr_skips *sk; /* odd lines skipped (NULL: refused) */
	unsigned long switches; /* switch lines read */
	struct th_cols cols;	/* what the header says the lines hold */
	bool in_summary;	/* -S: past "Runtime summary", no switch */
	struct strtab *strs;
	struct hmap tids; /* "[tid/pid]" id in strs -> index into pend */
	struct pending *pend;
	unsigned long nr_pend, alloc_pend;
	struct frame *frames;
	unsigned long alloc_frames;
	double sum;
};

/* Add comm; chain (leaf first, " <- ") weighing ns to the off-CPU tree. */
static int add_offcpu(struct th *th, const struct pending *pd, double ns)
{
	struct profile *p = th->off;
	const char *c = strtab_str(th->strs, pd->chain);
	size_t clen = strtab_len(th->strs, pd->chain), n = 1, i;
	const char *end = c + clen, *s;

	th->sum += ns;
	if (!isfinite(th->sum))
		return fd_err_at(th->err, th->lr->path, th->lr->lineno,
				 "the off-CPU times add up past the largest "
				 "number");
	/* frames: count them, then fill root first (the chain's end) */
	for (s = c; clen && (s = memmem(s, (size_t)(end - s), " <- ", 4));
	     s += 4)
		n++;
	if (!clen)
		n = 0;
	if (n + 1 > PROFILE_MAX_DEPTH)
		return fd_err_at(th->err, th->lr->path, th->lr->lineno,
				 "a chain of more than %lu frames",
				 (unsigned long)PROFILE_MAX_DEPTH);
	ALLOC_GROW(th->frames, n + 1, th->alloc_frames);
	th->frames[0].name = profile_intern(p, strtab_str(th->strs, pd->comm),
					    strtab_len(th->strs, pd->comm));
	th->frames[0].kind = FRAME_PROCESS;
	for (i = n, s = c; i > 0; i--) {
		const char *arrow = memmem(s, (size_t)(end - s), " <- ", 4);
		const char *fe = arrow ? arrow : end;

		th->frames[i].name = profile_intern(p, s, (size_t)(fe - s));
		th->frames[i].kind = FRAME_KERNEL;
		s = arrow ? arrow + 4 : end;
	}
	profile_add_stack(p, th->frames, n + 1, ns);
	p->meta.samples++;
	return 0;
}

static int th_line(struct th *th, struct sched_agg *agg, char *line, size_t len)
{
	struct th_line l;
	struct pending *pd;
	uint64_t *slot;
	char *chain;
	bool is_new;
	int r;

	if (th->in_summary)
		return 0;
	if (is_summary(line, len)) {
		th->in_summary = true;
		return 0;
	}
	if (is_header(line, len)) {
		header_cols(line, len, &th->cols);
		return 0;
	}
	r = split_line(line, len, &th->cols, &l);
	if (r < 0 && th->sk)
		return lr_skip_note(th->sk, th->lr,
				    "not a perf sched timehist line: "
				    "'%.60s%s'",
				    line, len > 60 ? "..." : "");
	if (r < 0)
		return fd_err_at(th->err, th->lr->path, th->lr->lineno,
				 "not a perf sched timehist line: '%.60s%s'",
				 line, len > 60 ? "..." : "");
	if (!r)
		return 0;
	th->switches++;
	/* LKP's rows: the chain as printed */
	chain = (char *)l.chain.s;
	if (!l.idle) {
		struct sched_switch sw = {l.wait, l.delay, l.run, NULL};
		char save = chain[l.chain.len];

		chain[l.chain.len] = '\0';
		sw.chain = chain;
		sched_agg_add(agg, &sw);
		chain[l.chain.len] = save;
	}
	/* The idle task gives nothing; nor does one perf printed without
	 * [tid] (pid 0 too), which names no task to weigh the next line of. */
	if (l.idle || l.bare)
		return 0;
	/* The task's previous switch-out weighs this line's wait. */
	slot = hmap_insert(&th->tids,
			   strtab_intern(th->strs, l.ids.s, l.ids.len),
			   &is_new);
	if (is_new) {
		ALLOC_GROW(th->pend, th->nr_pend + 1, th->alloc_pend);
		*slot = th->nr_pend++;
	} else if (add_offcpu(th, &th->pend[*slot], round(l.wait * 1e6))) {
		return -1;
	}
	pd = &th->pend[*slot];
	pd->comm = strtab_intern(th->strs, l.task.s, l.task.len);
	pd->chain = strtab_intern(th->strs, l.chain.s, l.chain.len);
	return 0;
}

int timehist_read(struct linereader *lr, struct profile *p,
		  struct lr_skips *sk, bool *no_switch, struct fd_err *err)
{
	struct th th = {.lr = lr, .err = err, .sk = sk};
	struct sched_agg *agg = sched_agg__new();
	int ret = -1, r;
	char *line;
	size_t len;

	if (!p->offcpu)
		p->offcpu = profile__new();
	th.off = p->offcpu;
	th.sum = profile_total(th.off);
	th.strs = strtab__new();
	while ((r = lr_next(lr, &line, &len, err)) > 0) {
		if (!len || (len == 1 && line[0] == '\r') || line[0] == '#')
			continue;
		if (th_line(&th, agg, line, len))
			goto out;
	}
	if (r < 0)
		goto out;
	if (!th.switches && sk && sk->nr) {
		/* nothing but odd lines: as the first one says */
		*err = sk->first;
		goto out;
	}
	/* the summary of -s alone: no switch, so no row (LKP's averages
	 * of nothing would be 0/0) */
	if (!th.switches && th.in_summary && no_switch)
		*no_switch = true;
	if (th.switches &&
	    !metric_set_find(&p->meta.stats,
			     "perf-sched.total_wait_and_delay.count.ms"))
		sched_agg_rows(agg, &p->meta.stats);
	metric_set_sort(&p->meta.stats);
	if (!p->offcpu->meta.event)
		meta_set(&p->offcpu->meta.event, "offcpu");
	if (!p->offcpu->meta.unit)
		meta_set(&p->offcpu->meta.unit, "ns");
	ret = 0;
out:
	sched_agg__delete(agg);
	strtab__delete(th.strs);
	hmap_release(&th.tids);
	free(th.pend);
	free(th.frames);
	return ret;
}
