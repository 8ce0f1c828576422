// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <strings.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "analyzer/lkp-perf-report.h"
#include "analyzer/lkp-perf-stat.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/match.h"
#include "analyzer/perfscript.h"
#include "analyzer/sched.h"
#include "analyzer/timehist.h"

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

/* Decide the format by the line p[0..n) (the first that decides). */
static enum input_format decide_line(const char *p, size_t n)
{
	if (timehist_line(p, n))
		return INPUT_SCHED_TIMEHIST;
	if (lkp_perf_report_line(p, n) || /* LKP's perf-profile result */
	    lkp_perf_stat_line(p, n) ||	/* its perf-stat output */
	    lkp_stress_ng_line(p, n))	/* and stress-ng's */
		return INPUT_LKP_STATS;
	if (p[0] == '\t' || p[0] == ' ')
		return INPUT_PERF_SCRIPT;
	if (lkp_stats_line(p, n))
		return INPUT_LKP_STATS;
	return ends_with_count(p, n) ? INPUT_FOLDED : INPUT_PERF_SCRIPT;
}

/*
 * Detection on head[0..len); whole: the input ends there. Returns 0 when
 * the decisive line is not complete in head yet (more is needed).
 */
static int detect_head(const char *head, size_t len, int whole,
		       enum input_format *fmt)
{
	const char *p = head, *end = head + len;
	size_t magic = strlen(PROFILE_MAGIC);

	if (len < magic && !whole && !memcmp(head, PROFILE_MAGIC, len))
		return 0;
	if (len >= magic && !memcmp(head, PROFILE_MAGIC, magic)) {
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
	return len >= 8 && !memcmp(head, "PERFILE2", 8);
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

static const char *const format_names[] = {
	[INPUT_AUTO] = "auto",
	[INPUT_PROFILE] = "profile",
	[INPUT_FOLDED] = "folded",
	[INPUT_PERF_SCRIPT] = "perf-script",
	[INPUT_LKP_STATS] = "lkp-stats",
	[INPUT_PERF_DATA] = "perf-data",
	[INPUT_SCHED_TIMEHIST] = "timehist",
};

/* Readers the front end registers (input.h): a function per format. */
static int (*readers[INPUT_NR_FORMATS])(struct linereader *lr,
					const struct input_opts *o,
					struct profile *p, struct fd_err *err);

void input_register_reader(enum input_format f,
			   int (*fn)(struct linereader *lr,
				     const struct input_opts *o,
				     struct profile *p, struct fd_err *err))
{
	if ((size_t)f < INPUT_NR_FORMATS)
		readers[f] = fn;
}

const char *input_format_name(enum input_format f)
{
	if ((size_t)f >= sizeof(format_names) / sizeof(format_names[0]))
		return "?";
	return format_names[f];
}

int input_format_parse(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (!strcmp(name, format_names[i]))
			return i;
	return -1;
}

static void (*warn_fn)(const char *msg);

void input_register_warn(void (*fn)(const char *msg))
{
	warn_fn = fn;
}

/* The formats that are not text stacks read here. */
static int read_other(struct linereader *lr, enum input_format fmt,
		      const struct input_opts *o, struct profile *p,
		      struct fd_err *err)
{
	switch (fmt) {
	case INPUT_LKP_STATS:
		return fd_err_at(err, lr->path, 0,
				 "LKP stats ('key: value' lines), not "
				 "stacks: there is no call tree in them to "
				 "fold or draw ('flamediff report FILE' "
				 "prints their rows, 'flamediff diff' "
				 "compares them)");
	case INPUT_PERF_DATA:
		if (!readers[INPUT_PERF_DATA])
			/* a library user that did not register the reader */
			return fd_err_at(err, lr->path, 0,
					 "a perf.data file: give 'perf "
					 "script -i %s' output", lr->path);
		return readers[INPUT_PERF_DATA](lr, o, p, err);
	default:
		break;
	}
	return fd_err_at(err, lr->path, 0, "no reader for this input");
}

/* Read lr, already known to be in format fmt, into p (and p2). */
static int read_format(struct linereader *lr, enum input_format fmt,
		       const struct input_opts *o, struct profile *p,
		       struct profile *p2, struct fd_err *err)
{
	struct lr_skips skips = { 0 }, *sk = o->strict ? NULL : &skips;
	int r;

	switch (fmt) {
	case INPUT_PERF_SCRIPT:
		r = perf_script_read(lr, &o->ps, p, sk, err);
		break;
	case INPUT_SCHED_TIMEHIST:
		r = timehist_read(lr, p, sk, err);
		break;
	case INPUT_PROFILE:
	case INPUT_FOLDED:
	case INPUT_AUTO:
	case INPUT_NR_FORMATS:
		r = folded_read(lr, !o->ps.no_comm, p, p2, sk, err);
		break;
	default:
		return read_other(lr, fmt, o, p, err);
	}
	if (!r && skips.nr && warn_fn) {
		char msg[sizeof(skips.first.msg) + 128];

		snprintf(msg, sizeof(msg),
			 "skipped %lu odd line%s of %s (--strict refuses "
			 "them), the first: %s",
			 skips.nr, skips.nr == 1 ? "" : "s", lr->path,
			 skips.first.msg);
		warn_fn(msg);
	}
	return r;
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
	TAKE(date);
	TAKE(label);
#undef TAKE
	if (!p->meta.duration)
		p->meta.duration = q->meta.duration;
	for (i = 0; i < q->meta.stats.nr; i++)
		metric_set_add(&p->meta.stats, q->meta.stats.v[i].key,
			       q->meta.stats.v[i].value);
}

/*
 * The view of one input (input.h, cpu_view). off is the off-CPU time it
 * held apart (owned, may be NULL); into the profile it was read into (p,
 * or a scratch one for --off-cpu), grew whether it has stacks. Stacks of
 * event "offcpu" (a profile written in the off-CPU view) are off-CPU time
 * too. The off-CPU view puts the off-CPU time into p's tree; the on-CPU
 * view keeps it apart in p->offcpu. *had_off: the input held off-CPU time.
 */
static int apply_view(struct linereader *lr, unsigned int view,
		      struct profile *p, struct profile *into,
		      struct profile *off, bool grew, bool *had_off,
		      struct fd_err *err)
{
	bool main_off = grew && into->meta.event &&
			!strcmp(into->meta.event, "offcpu");
	bool show_off;

	*had_off = main_off ||
		   (off && (profile_total(off) > 0 || off->nr_nodes > 1));
	show_off = view == CPU_VIEW_OFF || (!view && (!grew || main_off) &&
					    *had_off);
	if (!show_off) {
		/* kept apart: a profile written from p keeps it */
		if (off && p->offcpu) {
			profile_merge(p->offcpu, off);
			profile__delete(off);
		} else if (off) {
			p->offcpu = off;
		}
		if (main_off)
			return fd_err_at(err, lr->path, 0,
					 "no on-CPU samples in the input, "
					 "only off-CPU time (--off-cpu "
					 "shows it)");
		return 0;
	}
	if (!*had_off) {
		profile__delete(off);
		return fd_err_at(err, lr->path, 0,
				 "no off-CPU time in the input (that is "
				 "perf sched timehist text or a profile "
				 "with off-CPU data): leave --off-cpu out");
	}
	if (main_off && into != p)
		profile_merge(p, into);
	if (off)
		profile_merge(p, off);
	meta_set(&p->meta.event, "offcpu");
	meta_set(&p->meta.unit, "ns");
	profile__delete(off);
	return 0;
}

int input_read_lr(struct linereader *lr, const struct input_opts *o,
		  struct profile *p, struct profile *p2, struct fd_err *err)
{
	static const struct input_opts defaults;
	double before = profile_total(p), before2 = p2 ? profile_total(p2) : 0;
	uint32_t nodes_before = p->nr_nodes;
	struct profile *into = p, *off_before, *off;
	bool had_off = false;
	enum input_format fmt;
	char *had_event;
	const char *head;
	size_t len;
	int ret;

	if (!o)
		o = &defaults;
	if (o->cpu_view == (CPU_VIEW_ON | CPU_VIEW_OFF))
		return fd_err_at(err, lr->path, 0,
				 "--on-cpu and --off-cpu: one view at a time");
	if (lr_peek(lr, 4096, &head, &len, err))
		return -1;
	if (len == 0) {
		fd_err_at(err, lr->path, 0, "empty input");
		return INPUT_NO_SAMPLES;
	}
	fmt = o->format;
	if (is_perf_data(head, len))
		/* binary: read as text, it could only be refused */
		fmt = INPUT_PERF_DATA;
	if (fmt == INPUT_AUTO && input_detect_lr(lr, &fmt, err))
		return -1;
	if ((o->ps.only_pid.nr || o->ps.only_tid.nr) &&
	    fmt != INPUT_PERF_SCRIPT && fmt != INPUT_PERF_DATA)
		return fd_err_at(err, lr->path, 0,
				 "--only-pid and --only-tid need perf script "
				 "or perf.data input: this input has no "
				 "process ids");

	/*
	 * The event of this input alone, to compare with what p holds:
	 * weights of different events (cycles, instructions) do not add up.
	 * Perf script text is the exception: as stackcollapse-perf.pl reads
	 * its files as one stream, the first event is the filter for all,
	 * and its reader refuses an input with none of that event. So does
	 * the perf.data reader, which is read the same way.
	 */
	had_event = fmt == INPUT_PERF_SCRIPT || fmt == INPUT_PERF_DATA ?
			    NULL : p->meta.event;
	if (had_event)
		p->meta.event = NULL;
	/*
	 * Off-CPU time comes in apart (into->offcpu), then goes where the
	 * view wants it. --off-cpu reads into a scratch profile, whose
	 * samples are dropped.
	 */
	off_before = p->offcpu;
	p->offcpu = NULL;
	if (o->cpu_view == CPU_VIEW_OFF)
		into = profile__new();
	ret = read_format(lr, fmt, o, into, p2, err);
	off = into->offcpu;
	into->offcpu = NULL;
	if (into != p)
		take_meta(p, into);
	p->offcpu = off_before;
	if (!ret)
		ret = apply_view(lr, o->cpu_view, p, into, off,
				 into != p ? into->nr_nodes > 1 :
					     profile_total(p) > before ||
						     p->nr_nodes > nodes_before,
				 &had_off, err);
	else
		profile__delete(off);
	if (into != p)
		profile__delete(into);
	if (!ret && had_event && p->meta.event &&
	    meta_event_conflict(had_event, p->meta.event)) {
		ret = fd_err_at(err, lr->path, 0,
				"samples of event '%s' where the inputs "
				"before it have '%s': weights of different "
				"events do not add up (keep one with "
				"--event-filter)",
				p->meta.event, had_event);
	}
	if (had_event) {
		free(p->meta.event);
		p->meta.event = had_event;
	}
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
	if (!ret && profile_total(p) <= before &&
	    (!p2 || profile_total(p2) <= before2)) {
		/* --on-cpu asked for what is not there: not an empty graph */
		if (had_off)
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
