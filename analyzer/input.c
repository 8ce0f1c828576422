// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <unistd.h>
#include <strings.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "analyzer/lkp-perf-report.h"
#include "analyzer/lkp-perf-stat.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/lkp-tools.h"
#include "analyzer/match.h"
#include "analyzer/perfscript.h"
#include "analyzer/sched.h"
#include "analyzer/timehist.h"
#include "lib/compiler.h"

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/*
 * The last blank-separated token of line[0..len) is a count: a number
 * ("12", "0.5", "1e3"), or one that is not finite ("inf", "nan"), which
 * the folded reader then refuses by name rather than perf script's
 * reader calling the file "not perf script output".
 */
static int ends_with_count(const char *line, size_t len)
{
	size_t end = len, b, i;
	int digits = 0;

	while (end > 0 && is_space(line[end - 1]))
		end--;
	for (b = end; b > 0 && !is_space(line[b - 1]); b--)
		digits += is_digit(line[b - 1]);
	if (b == 0 || b == end)
		return 0;
	i = b + (line[b] == '+' || line[b] == '-');
	if (!digits) {
		size_t n = end - i;

		return (n == 3 && (!strncasecmp(line + i, "inf", 3) ||
				   !strncasecmp(line + i, "nan", 3))) ||
		       (n == 8 && !strncasecmp(line + i, "infinity", 8));
	}
	for (; b < end; b++)
		if (!is_digit(line[b]) && line[b] != '.' && line[b] != 'e' &&
		    line[b] != 'E' && line[b] != '+' && line[b] != '-')
			return 0;
	return 1;
}

static bool indented(const char *p, size_t n)
{
	return n && (p[0] == '\t' || p[0] == ' ');
}

static bool folded_line(const char *p, size_t n)
{
	return ends_with_count(p, n);
}

/*
 * LKP's results: its perf-profile result, its perf-stat output and
 * stress-ng's, whatever their indentation; then 'key: value' stats, which
 * an indented line (perf script's frames) is not.
 */
static bool lkp_line(const char *p, size_t n)
{
	return lkp_perf_report_line(p, n) || lkp_perf_stat_line(p, n) ||
	       lkp_stress_ng_line(p, n) || lkp_vmstat_line(p, n) ||
	       lkp_mpstat_line(p, n) || lkp_iostat_line(p, n) ||
	       (!indented(p, n) && lkp_stats_line(p, n));
}

/* The readers, in the order detection asks them (table below). */
static int read_folded(struct linereader *lr, const struct input_opts *o,
		       struct profile *p, struct profile *p2,
		       struct lr_skips *sk, struct fd_err *err);
static int read_perf_script(struct linereader *lr, const struct input_opts *o,
			    struct profile *p, struct profile *p2,
			    struct lr_skips *sk, struct fd_err *err);
static int read_timehist(struct linereader *lr, const struct input_opts *o,
			 struct profile *p, struct profile *p2,
			 struct lr_skips *sk, struct fd_err *err);
static int read_lkp_stats(struct linereader *lr, const struct input_opts *o,
			  struct profile *p, struct profile *p2,
			  struct lr_skips *sk, struct fd_err *err);
static int read_registered(struct linereader *lr, const struct input_opts *o,
			   struct profile *p, struct profile *p2,
			   struct lr_skips *sk, struct fd_err *err);

/*
 * Every format, once: the name --input-format takes, how its input starts
 * (magic bytes, or a test of its first decisive line, asked in the order
 * of RANK: 1 first; 0 for none) and its reader. The option's words, its
 * help, the man page check (through --list-options) and the shell
 * completion all come from here, in this order. The magic bytes are
 * looked for first; a line no test claims is perf script text.
 */
#define INPUT_READERS(X)                                                   \
	X(INPUT_PROFILE, "profile", PROFILE_MAGIC, 0, NULL, read_folded)    \
	X(INPUT_FOLDED, "folded", NULL, 4, folded_line, read_folded)        \
	X(INPUT_PERF_SCRIPT, "perf-script", NULL, 3, indented,              \
	  read_perf_script)                                                \
	X(INPUT_LKP_STATS, "lkp-stats", NULL, 2, lkp_line, read_lkp_stats)  \
	X(INPUT_PERF_DATA, "perf-data", "PERFILE2", 0, NULL,                \
	  read_registered)                                                 \
	X(INPUT_SCHED_TIMEHIST, "timehist", NULL, 1, timehist_line,         \
	  read_timehist)
#define DETECT_RANKS 4

#define READER_ENTRY(f, n, m, k, d, r) { n, f, m, k, d, r },
static const struct input_reader readers[] = { INPUT_READERS(READER_ENTRY) };
#define READER_WORD(f, n, m, k, d, r) n,
const char *const input_format_words[] = { "auto",
					   INPUT_READERS(READER_WORD) NULL };
#define NR_READERS (sizeof(readers) / sizeof(readers[0]))

const struct input_reader *input_reader_of(enum input_format f)
{
	size_t i;

	for (i = 0; i < NR_READERS; i++)
		if (readers[i].format == f)
			return &readers[i];
	return NULL;
}

/* Decide the format by the line p[0..n) (the first that decides). */
static enum input_format decide_line(const char *p, size_t n)
{
	unsigned int rank;
	size_t i;

	for (rank = 1; rank <= DETECT_RANKS; rank++)
		for (i = 0; i < NR_READERS; i++)
			if (readers[i].rank == rank && readers[i].detect(p, n))
				return readers[i].format;
	return INPUT_PERF_SCRIPT;
}

/*
 * Detection on head[0..len); whole: the input ends there. Returns 0 when
 * the decisive line is not complete in head yet (more is needed).
 */
static int detect_head(const char *head, size_t len, int whole,
		       enum input_format *fmt)
{
	const char *p = head, *end = head + len;
	const char *pm = input_reader_of(INPUT_PROFILE)->magic;
	size_t magic = strlen(pm);

	if (len < magic && !whole && !memcmp(head, pm, len))
		return 0;
	if (len >= magic && !memcmp(head, pm, magic)) {
		*fmt = INPUT_PROFILE;
		return 1;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (!nl && !whole)
			return 0;
		if (n == 0 || (n == 1 && p[0] == '\r') || p[0] == '#') {
			p += n + 1;
			continue;
		}
		*fmt = decide_line(p, n);
		return 1;
	}
	if (!whole)
		return 0;
	*fmt = INPUT_FOLDED; /* nothing but comments: no samples either way */
	return 1;
}

enum input_format input_detect(const char *head, size_t len)
{
	enum input_format fmt = INPUT_FOLDED;

	detect_head(head, len, 1, &fmt);
	return fmt;
}

/* perf record's magic, a file's or a pipe's: binary, no line to read. */
static int is_perf_data(const char *head, size_t len)
{
	const char *magic = input_reader_of(INPUT_PERF_DATA)->magic;

	return len >= strlen(magic) && !memcmp(head, magic, strlen(magic));
}

int input_detect_lr(struct linereader *lr, enum input_format *fmt,
		    struct fd_err *err)
{
	size_t want = 64 * 1024, len;
	const char *head;

	if (lr_peek(lr, 8, &head, &len, err))
		return -1;
	if (is_perf_data(head, len)) {
		*fmt = INPUT_PERF_DATA;
		return 0;
	}

	/*
	 * Doubling what is peeked until the first decisive line is whole:
	 * linear in its length, and a valid file whose first line is long
	 * is still recognised (up to the line limit, where lr_next() will
	 * refuse the line anyway).
	 */
	for (;;) {
		if (lr_peek(lr, want, &head, &len, err))
			return -1;
		if (detect_head(head, len, len < want || lr_at_eof(lr), fmt))
			return 0;
		if (want >= LR_MAX_LINE) {
			detect_head(head, len, 1, fmt);
			return 0;
		}
		want *= 2;
	}
}

/* The perf.data reader the front end registers (input.h). */
static int (*perf_data_reader)(struct linereader *lr,
			       const struct input_opts *o, struct profile *p,
			       struct fd_err *err);

void input_register_reader(enum input_format f,
			   int (*fn)(struct linereader *lr,
				     const struct input_opts *o,
				     struct profile *p, struct fd_err *err))
{
	if (f == INPUT_PERF_DATA)
		perf_data_reader = fn;
}

const char *input_format_name(enum input_format f)
{
	const struct input_reader *r = input_reader_of(f);

	if (f == INPUT_AUTO)
		return "auto";
	return r ? r->name : "?";
}

int input_format_parse(const char *name)
{
	size_t i;

	if (!strcmp(name, "auto"))
		return INPUT_AUTO;
	for (i = 0; i < NR_READERS; i++)
		if (!strcmp(name, readers[i].name))
			return readers[i].format;
	return -1;
}

static void (*warn_fn)(const char *msg);

void input_register_warn(void (*fn)(const char *msg))
{
	warn_fn = fn;
}

static int read_folded(struct linereader *lr, const struct input_opts *o,
		       struct profile *p, struct profile *p2,
		       struct lr_skips *sk, struct fd_err *err)
{
	return folded_read(lr, !o->ps.no_comm, p, p2, sk, err);
}

unsigned int input_jobs(const struct input_opts *o)
{
	long cpus = o->jobs ? (long)o->jobs : sysconf(_SC_NPROCESSORS_ONLN);

	if (cpus < 1)
		return 1;
	if (cpus > (long)INPUT_MAX_JOBS)
		return INPUT_MAX_JOBS;
	return (unsigned int)cpus;
}

static int read_perf_script(struct linereader *lr, const struct input_opts *o,
			    struct profile *p, struct profile *p2 UNUSED,
			    struct lr_skips *sk, struct fd_err *err)
{
	char *note = NULL;
	int ret;

	ret = perf_script_read_jobs(lr, &o->ps, input_jobs(o),
				    o->part_min ? o->part_min : INPUT_PART_MIN,
				    p, sk, warn_fn ? &note : NULL, err);
	/* the events not shown, as the perf.data reader says it */
	if (!ret && note)
		warn_fn(note);
	free(note);
	return ret;
}

/* A reader's return: a well-formed input that holds nothing (timehist
 * -s), said so once on stderr; not an input without samples. */
#define READ_NOTHING 1

static int read_timehist(struct linereader *lr,
			 const struct input_opts *o UNUSED,
			 struct profile *p, struct profile *p2 UNUSED,
			 struct lr_skips *sk, struct fd_err *err)
{
	bool no_switch = false;

	if (timehist_read(lr, p, sk, &no_switch, err))
		return -1;
	if (!no_switch)
		return 0;
	if (warn_fn) {
		char msg[4200];

		snprintf(msg, sizeof(msg),
			 "%s: a perf sched timehist summary (-s) and no "
			 "switch line: no off-CPU time, no perf-sched row "
			 "(timehist without -s, or with -S, prints them)",
			 lr->path);
		warn_fn(msg);
	}
	return READ_NOTHING;
}

static int read_lkp_stats(struct linereader *lr,
			  const struct input_opts *o UNUSED,
			  struct profile *p UNUSED, struct profile *p2 UNUSED,
			  struct lr_skips *sk UNUSED, struct fd_err *err)
{
	return fd_err_at(err, lr->path, 0,
			 "LKP stats ('key: value' lines), not stacks: there "
			 "is no call tree in them to fold or draw ('flamediff "
			 "report FILE' prints their rows, 'flamediff diff' "
			 "compares them)");
}

static int read_registered(struct linereader *lr, const struct input_opts *o,
			   struct profile *p, struct profile *p2 UNUSED,
			   struct lr_skips *sk UNUSED, struct fd_err *err)
{
	if (!perf_data_reader)
		/* a library user that did not register the reader */
		return fd_err_at(err, lr->path, 0,
				 "a perf.data file: give 'perf script -i %s' "
				 "output", lr->path);
	return perf_data_reader(lr, o, p, err);
}

/*
 * Read lr with reader r into p (and p2); the odd lines a text reader
 * skipped (none with --strict, which refuses them) make one warning.
 */
static int read_format(struct linereader *lr, const struct input_reader *r,
		       const struct input_opts *o, struct profile *p,
		       struct profile *p2, struct fd_err *err)
{
	struct lr_skips skips = { 0 }, *sk = o->strict ? NULL : &skips;
	int ret;

	ret = (r ? r->read : read_folded)(lr, o, p, p2, sk, err);
	if ((!ret || ret == READ_NOTHING) && skips.nr && warn_fn) {
		char msg[sizeof(skips.first.msg) + 128];

		snprintf(msg, sizeof(msg),
			 "skipped %lu odd line%s of %s (--strict refuses "
			 "them), the first: %s",
			 skips.nr, skips.nr == 1 ? "" : "s", lr->path,
			 skips.first.msg);
		warn_fn(msg);
	}
	return ret;
}

/*
 * Take q's metadata that p lacks (all but the tree and the event): q read
 * an input for its off-CPU time alone.
 */
static void take_meta(struct profile *p, struct profile *q)
{
	size_t i;

#define TAKE(f)                        \
	if (!p->meta.f && q->meta.f) { \
		p->meta.f = q->meta.f; \
		q->meta.f = NULL;      \
	}
	TAKE(host);
	TAKE(kernel);
	TAKE(cmdline);
	TAKE(target);
	TAKE(date);
	TAKE(label);
#undef TAKE
	if (!p->meta.duration)
		p->meta.duration = q->meta.duration;
	for (i = 0; i < q->meta.stats.nr; i++)
		metric_set_add(&p->meta.stats, q->meta.stats.v[i].key,
			       q->meta.stats.v[i].value);
}

/* Add q's stats to p's: the runs' stats of an input read into p. */
static void add_stats(struct profile *p, const struct profile *q)
{
	size_t i;

	for (i = 0; i < q->meta.stats.nr; i++)
		metric_set_add(&p->meta.stats, q->meta.stats.v[i].key,
			       q->meta.stats.v[i].value);
}

/*
 * One input on its way into p. It is read into p itself when p holds
 * nothing yet (the first input, or a profile_reuse()d tree) and the view
 * keeps its samples; otherwise into a fresh profile, which then goes where
 * the view wants it: so the input's own event and off-CPU time are its
 * profile's, never set aside in p and put back.
 */
struct one_input {
	struct linereader *lr;
	enum input_format fmt;
	unsigned int view;
	struct profile *p, *into;
	struct profile *off; /* the input's off-CPU time (owned), or NULL */
	/* into's total and nodes before the read (a reused tree has nodes) */
	double total_before;
	uint32_t nodes_before;
	bool grew;	     /* the input has stacks */
	bool main_off;	     /* ... and they are off-CPU time (event offcpu) */
	bool had_off;	     /* it held off-CPU time */
	bool show_off;	     /* the off-CPU view: off-CPU time is the tree */
	bool nothing;	     /* the reader said READ_NOTHING */
};

/*
 * Whether p's total is above before, its total when a read began: from
 * 0, whether it weighs anything at all, which a large tree (a fold's)
 * answers without working out its total.
 */
static bool grew(const struct profile *p, double before)
{
	return before == 0 ? profile_weighs(p) : profile_total(p) > before;
}

static bool is_blank(const struct profile *p)
{
	return !profile_weighs(p) && !p->offcpu && !p->meta.event &&
	       !p->meta.samples && !p->meta.lost && !p->meta.duration &&
	       !p->meta.stats.nr;
}

/*
 * The view of the input just read (input.h, cpu_view). Stacks of event
 * "offcpu" (a profile written in the off-CPU view) are off-CPU time too.
 */
static int decide_view(struct one_input *in, struct fd_err *err)
{
	struct profile *q = in->into, *off = in->off;

	in->grew = grew(q, in->total_before) ||
		   q->nr_nodes > in->nodes_before;
	in->main_off = in->grew && q->meta.event &&
		       !strcmp(q->meta.event, "offcpu");
	in->had_off = in->main_off ||
		      (off && (profile_weighs(off) || off->nr_nodes > 1));
	in->show_off = in->view == CPU_VIEW_OFF ||
		       (!in->view && (!in->grew || in->main_off) &&
			in->had_off);
	if (!in->show_off && in->main_off)
		return fd_err_at(err, in->lr->path, 0,
				 "no on-CPU samples in the input, only "
				 "off-CPU time (--off-cpu shows it)");
	if (in->show_off && !in->had_off && !in->nothing)
		return fd_err_at(err, in->lr->path, 0,
				 "no off-CPU time in the input (that is "
				 "perf sched timehist text or a profile "
				 "with off-CPU data): leave --off-cpu out");
	return 0;
}

/*
 * Samples of one event only: weights of different events (cycles,
 * instructions) do not add up. Perf script text is the exception: as
 * stackcollapse-perf.pl reads its files as one stream, the first event is
 * the filter for all (seeded into the input's profile by read_one()), and
 * its reader refuses an input with none of that event. So does the
 * perf.data reader, which is read the same way.
 */
static int check_event(const struct one_input *in, struct fd_err *err)
{
	const char *had = in->p->meta.event;
	const char *ev = in->show_off ? "offcpu" : in->into->meta.event;

	if (in->into == in->p || in->fmt == INPUT_PERF_SCRIPT ||
	    in->fmt == INPUT_PERF_DATA || !had || !ev ||
	    !meta_event_conflict(had, ev))
		return 0;
	return fd_err_at(err, in->lr->path, 0,
			 "samples of event '%s' where the inputs before it "
			 "have '%s': weights of different events do not add "
			 "up (keep one with --event-filter)", ev, had);
}

/*
 * The input into p as its view wants it: the on-CPU view keeps the off-CPU
 * time apart in p->offcpu; the off-CPU view makes it p's tree (the
 * samples, if any, are dropped), with event "offcpu" and unit "ns".
 */
static void place_input(struct one_input *in)
{
	struct profile *p = in->p, *q = in->into, *off = in->off;

	if (q != p && in->view == CPU_VIEW_OFF) {
		take_meta(p, q); /* read for its off-CPU time alone */
	} else if (q != p) {
		profile_merge(p, q);
		add_stats(p, q);
	}
	if (!in->show_off) {
		if (off && p->offcpu) {
			profile_merge(p->offcpu, off);
			profile__delete(off);
		} else if (off) {
			p->offcpu = off;
		}
		return;
	}
	if (in->main_off && q != p && in->view == CPU_VIEW_OFF)
		profile_merge(p, q);
	if (off)
		profile_merge(p, off);
	meta_set(&p->meta.event, "offcpu");
	meta_set(&p->meta.unit, "ns");
	profile__delete(off);
}

/* Read lr, known to be in format in->fmt, into p as described above. */
static int read_one(struct one_input *in, const struct input_opts *o,
		    struct profile *p2, struct fd_err *err)
{
	const struct input_reader *r = input_reader_of(in->fmt);
	struct profile *p = in->p;
	int ret;

	in->into = is_blank(p) && in->view != CPU_VIEW_OFF ? p :
							     profile__new();
	if (in->into != p && p->meta.event &&
	    (in->fmt == INPUT_PERF_SCRIPT || in->fmt == INPUT_PERF_DATA))
		meta_set(&in->into->meta.event, p->meta.event);
	in->total_before = profile_total(in->into);
	in->nodes_before = in->into->nr_nodes;
	ret = read_format(in->lr, r, o, in->into, p2, err);
	if (ret == READ_NOTHING) {
		in->nothing = true;
		ret = 0;
	}
	in->off = in->into->offcpu;
	in->into->offcpu = NULL;
	if (!ret)
		ret = decide_view(in, err);
	if (!ret)
		ret = check_event(in, err);
	if (!ret)
		place_input(in);
	/* nothing, but off-CPU nothing: the event its side is named by */
	if (!ret && in->nothing && !p->meta.event) {
		meta_set(&p->meta.event, "offcpu");
		meta_set(&p->meta.unit, "ns");
	}
	if (ret)
		profile__delete(in->off);
	if (in->into != p)
		profile__delete(in->into);
	return ret;
}

/* The format of lr's input, as o names it or its content tells. */
static int input_format_of(struct linereader *lr, const struct input_opts *o,
			   enum input_format *fmt, struct fd_err *err)
{
	const char *head;
	size_t len;

	if (o->cpu_view == (CPU_VIEW_ON | CPU_VIEW_OFF))
		return fd_err_at(err, lr->path, 0,
				 "--on-cpu and --off-cpu: one view at a time");
	if (lr_peek(lr, 4096, &head, &len, err))
		return -1;
	if (len == 0) {
		fd_err_at(err, lr->path, 0, "empty input");
		return INPUT_NO_SAMPLES;
	}
	*fmt = o->format;
	if (is_perf_data(head, len))
		/* binary: read as text, it could only be refused */
		*fmt = INPUT_PERF_DATA;
	if (*fmt == INPUT_AUTO && input_detect_lr(lr, fmt, err))
		return -1;
	if ((o->ps.only_pid.nr || o->ps.only_tid.nr) &&
	    *fmt != INPUT_PERF_SCRIPT && *fmt != INPUT_PERF_DATA)
		return fd_err_at(err, lr->path, 0,
				 "--only-pid and --only-tid need perf script "
				 "or perf.data input: this input has no "
				 "process ids");
	return 0;
}

int input_read_lr(struct linereader *lr, const struct input_opts *o,
		  struct profile *p, struct profile *p2, struct fd_err *err)
{
	static const struct input_opts defaults;
	double before = profile_total(p), before2 = p2 ? profile_total(p2) : 0;
	struct one_input in = { .lr = lr, .p = p };
	int ret;

	if (!o)
		o = &defaults;
	ret = input_format_of(lr, o, &in.fmt, err);
	if (ret)
		return ret;
	in.view = o->cpu_view;
	ret = read_one(&in, o, p2, err);
	/* Only the processes asked for, before anything is computed. */
	if (!ret && comm_filter_active(&o->comm) &&
	    (profile_filter_comm(p, &o->comm, lr->path, err) ||
	     (p2 && profile_filter_comm(p2, &o->comm, lr->path, err))))
		ret = -1;
	/* --no-comm: a profile's (or perf.data's) process roots too */
	if (!ret && o->ps.no_comm) {
		profile_strip_processes(p);
		if (p2)
			profile_strip_processes(p2);
	}
	if (!ret && o->match &&
	    proc_match_run(o->match, o->match_side, p, lr->path, err))
		ret = -1;
	if (!ret && !in.nothing && !grew(p, before) &&
	    (!p2 || !grew(p2, before2))) {
		/* --on-cpu asked for what is not there: not an empty graph */
		if (in.had_off)
			return fd_err_at(err, lr->path, 0,
					 "no on-CPU samples in the input, "
					 "only off-CPU time (--off-cpu shows "
					 "it)");
		fd_err_at(err, lr->path, 0, "no samples in the input");
		ret = INPUT_NO_SAMPLES;
	}
	return ret;
}

int input_read(const char *path, const struct input_opts *o,
	       struct profile *p, struct profile *p2, struct fd_err *err)
{
	struct linereader lr;
	int ret;

	if (lr_init_path(&lr, path, err))
		return -1;
	ret = input_read_lr(&lr, o, p, p2, err);
	lr_release(&lr);
	return ret;
}

void input_opts_release(struct input_opts *o)
{
	comm_filter_release(&o->comm);
	po_list_release(&o->ps.only_pid);
	po_list_release(&o->ps.only_tid);
}
