// SPDX-License-Identifier: GPL-2.0
/*
 * record --sched's folding without the kernel (collector/sched-rec.h): a
 * tracefs of three format files, tracepoint samples built by hand, and
 * timehist's arithmetic checked on them (wait, delay, run truncated to
 * the microsecond, the first wakeup kept, the idle task and untargeted
 * tasks left out), the off-CPU weight from switch-out to switch-in, and
 * malformed samples counted, never read past their end.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/profile.h"
#include "collector/decode.h"
#include "collector/dso.h"
#include "collector/kallsyms.h"
#include "collector/machine.h"
#include "collector/sched-rec.h"
#include "collector/stacks.h"
#include "tap.h"
#include "testfile.h"

#define ID_SWITCH 372
#define ID_WAKEUP 374
#define ID_WAKEUP_NEW 373

#define K_SCHED 0xffffffff81000010ULL
#define K_SCHEDULE 0xffffffff81000110ULL
#define K_NANOSLEEP 0xffffffff81000210ULL
#define K_HRTIMER 0xffffffff81000310ULL

static const char common[] =
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";

static void write_format(const char *dir, const char *name, int id,
			 const char *fields)
{
	char path[4096], text[4096];

	snprintf(path, sizeof(path), "%s/events/sched/%s", dir, name);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/sched/%s/format", dir, name);
	snprintf(text, sizeof(text), "name: %s\nID: %d\nformat:\n%s%s", name,
		 id, common, fields);
	write_text(path, text);
}

static void make_tracefs(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/events", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/sched", dir);
	mkdir(path, 0755);
	write_format(dir, "sched_switch", ID_SWITCH,
		"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
		"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
		"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
		"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
		"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
		"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
		"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"
		"print fmt: \"prev_state=%s\", __print_flags(REC->prev_state, "
		"\"|\", { 0x00000001, \"S\" }, { 0x00000010, \"X\" }, "
		"{ 0x00000020, \"Z\" })\n");
	write_format(dir, "sched_wakeup", ID_WAKEUP,
		"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
		"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n");
	write_format(dir, "sched_wakeup_new", ID_WAKEUP_NEW,
		"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
		"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n");
}

/* A sample as the kernel lays out SCHED_SAMPLE_TYPE's. */
struct rec {
	union {
		struct perf_event_header h;
		uint64_t align;
	};
	unsigned char b[1024];
};

static struct perf_event_header *sample(struct rec *r, uint32_t pid,
					uint64_t t, uint32_t cpu,
					const uint64_t *ips, uint64_t nr,
					const unsigned char *raw,
					uint32_t raw_size)
{
	unsigned char *p = (unsigned char *)r;
	size_t off = 8;

	memset(r, 0, sizeof(*r));
	r->h.type = PERF_RECORD_SAMPLE;
	memcpy(p + off, &pid, 4);
	memcpy(p + off + 4, &pid, 4);
	off += 8;
	memcpy(p + off, &t, 8);
	off += 8;
	memcpy(p + off, &cpu, 4);
	off += 8;
	memcpy(p + off, &nr, 8);
	off += 8;
	if (nr) /* ips may be NULL then */
		memcpy(p + off, ips, nr * 8);
	off += nr * 8;
	memcpy(p + off, &raw_size, 4);
	off += 4;
	memcpy(p + off, raw, raw_size);
	off += raw_size;
	r->h.size = (uint16_t)((off + 7) & ~7UL);
	return &r->h;
}

static struct perf_event_header *sw(struct rec *r, uint64_t t, uint32_t cpu,
				    int32_t prev, int64_t state, int32_t next,
				    bool chain)
{
	static const uint64_t ips[] = { (uint64_t)PERF_CONTEXT_KERNEL,
					K_SCHED, K_SCHEDULE, K_NANOSLEEP,
					K_HRTIMER };
	unsigned char raw[68] = { 0 };
	uint16_t type = ID_SWITCH;

	memcpy(raw, &type, 2);
	memcpy(raw + 24, &prev, 4);
	memcpy(raw + 32, &state, 8);
	memcpy(raw + 56, &next, 4);
	return sample(r, (uint32_t)prev, t, cpu, ips, chain ? 5 : 0, raw,
		      sizeof(raw));
}

static struct perf_event_header *wake(struct rec *r, uint64_t t, int32_t pid)
{
	unsigned char raw[36] = { 0 };
	uint16_t type = ID_WAKEUP;

	memcpy(raw, &type, 2);
	memcpy(raw + 24, &pid, 4);
	return sample(r, 1, t, 1, NULL, 0, raw, sizeof(raw));
}

struct env {
	struct record_stats st;
	struct dsos d;
	struct machine m;
	struct stacks stk;
	struct decoder dec;
	struct kallsyms k;
	struct sched_rec *s;
};

static int env_init(struct env *e, const char *dir, bool filter)
{
	char path[4096];
	struct fd_err err = { "" };

	memset(e, 0, sizeof(*e));
	dsos_init(&e->d, false);
	machine_init(&e->m, &e->d);
	e->m.read_proc = false;
	stacks_init(&e->stk);
	decoder_init(&e->dec, &e->m, &e->stk, &e->d, NULL, &e->st);
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	if (kallsyms_load(&e->k, path, &err))
		return -1;
	e->s = sched_rec__new(&e->dec, &e->k, filter, dir, &err);
	if (!e->s)
		diag("%s", err.msg);
	return e->s ? 0 : -1;
}

static void env_release(struct env *e)
{
	sched_rec__delete(e->s);
	kallsyms_release(&e->k);
	decoder_release(&e->dec);
	stacks_release(&e->stk);
	machine_release(&e->m);
	dsos_release(&e->d);
}

static double stat_of(struct profile *p, const char *key)
{
	return metric_set_get(&p->meta.stats, key);
}

#define KEY "do_nanosleep.hrtimer_nanosleep"

static void test_timehist(const char *dir)
{
	struct env e;
	struct rec r;
	struct profile *p;

	if (env_init(&e, dir, false)) {
		ok(0, "a sched_rec from the test's tracefs");
		return;
	}
	/* CPU 0: 50 runs, then 100 from 1 ms; 100 sleeps at 3 ms */
	sched_rec_record(e.s, sw(&r, 1000000, 0, 50, 0, 100, true));
	sched_rec_record(e.s, sw(&r, 3000000, 0, 100, 1, 0, true));
	/* woken at 13 ms (then again: the first one counts), back on the
	 * CPU at 13.500999 ms, out again at 14.2 ms */
	sched_rec_record(e.s, wake(&r, 13000000, 100));
	sched_rec_record(e.s, wake(&r, 13200000, 100));
	sched_rec_record(e.s, sw(&r, 13500999, 0, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 14200000, 0, 100, 1, 0, true));
	is_int(sched_rec_switches(e.s), 3, "three switch-outs of tasks");

	p = profile__new();
	sched_rec_build(e.s, p);
	is_near(stat_of(p, "perf-sched.wait_and_delay.count." KEY), 3, 1e-9,
		"the chain's count (50's and 100's switch-outs)");
	/* 100's second run: wait 13.500999 - 3 = 10.500999 -> 10.500,
	 * delay 13.500999 - 13 -> 0.500, run 14.2 - 13.500999 -> 0.699 */
	is_near(stat_of(p, "perf-sched.wait_time.max.ms." KEY), 10.5, 1e-9,
		"wait = tprev - last switch-out, truncated to the us");
	is_near(stat_of(p, "perf-sched.sch_delay.max.ms." KEY), 0.5, 1e-9,
		"delay = tprev - the first wakeup");
	is_near(stat_of(p, "perf-sched.total_wait_and_delay.count.ms"), 3,
		1e-9, "the idle task is not counted");
	ok(p->offcpu != NULL, "an off-CPU tree");
	if (p->offcpu) {
		/* 100 off from 3 ms to 13.500999 ms; 50 and the second
		 * switch-out of 100 never came back */
		is_near(profile_total(p->offcpu), 10500999, 0.5,
			"off-CPU weight from switch-out to switch-in, in ns");
		is_str(p->offcpu->meta.event, "offcpu", "its event");
		is_str(p->offcpu->meta.unit, "ns", "its unit");
	}
	profile__delete(p);
	env_release(&e);
}

static void test_filter(const char *dir)
{
	struct env e;
	struct rec r;

	if (env_init(&e, dir, true)) {
		ok(0, "a filtering sched_rec");
		return;
	}
	sched_rec_task(e.s, 100);
	sched_rec_record(e.s, sw(&r, 1000000, 0, 50, 1, 100, true));
	sched_rec_record(e.s, sw(&r, 2000000, 0, 100, 1, 50, true));
	sched_rec_record(e.s, sw(&r, 3000000, 0, 50, 1, 0, true));
	is_int(sched_rec_switches(e.s), 1, "only the target's task counts");
	/* an exiting task (Z) is dropped: its tid starts afresh */
	sched_rec_record(e.s, sw(&r, 4000000, 0, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 5000000, 0, 100, 0x20, 0, true));
	sched_rec_record(e.s, sw(&r, 6000000, 0, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 7000000, 0, 100, 1, 0, true));
	is_int(sched_rec_switches(e.s), 2,
	       "a task that exited is no target any more");
	env_release(&e);
}

static void test_hostile(const char *dir)
{
	struct env e;
	struct rec r;
	struct perf_event_header *h;
	uint64_t big = ~0ULL;
	struct profile *p;

	if (env_init(&e, dir, false)) {
		ok(0, "a sched_rec for hostile samples");
		return;
	}
	h = sw(&r, 1000000, 0, 100, 1, 0, true);
	/* nr past the end */
	memcpy((unsigned char *)h + 32, &big, 8);
	sched_rec_record(e.s, h);
	h = sw(&r, 1000000, 0, 100, 1, 0, true);
	h->size = 36;
	sched_rec_record(e.s, h);
	h = sw(&r, 1000000, 0, 100, 1, 0, false);
	/* raw size past the end */
	memcpy((unsigned char *)h + 40, &big, 4);
	sched_rec_record(e.s, h);
	/* raw too short for next_pid */
	h = sw(&r, 1000000, 0, 100, 1, 0, false);
	{
		uint32_t small = 30;

		memcpy((unsigned char *)h + 40, &small, 4);
	}
	sched_rec_record(e.s, h);
	/* a huge CPU number */
	sched_rec_record(e.s, sw(&r, 1000000, 0x7fffffff, 100, 1, 0, true));
	/* time going backwards */
	sched_rec_record(e.s, sw(&r, 5000000, 0, 100, 1, 0, true));
	sched_rec_record(e.s, sw(&r, 2000000, 0, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 1000000, 0, 100, 1, 0, true));
	is_int(sched_rec_switches(e.s), 2,
	       "malformed samples are not counted");
	p = profile__new();
	sched_rec_build(e.s, p);
	ok(p->offcpu && profile_total(p->offcpu) == 0,
	   "time going backwards adds no off-CPU time");
	profile__delete(p);
	env_release(&e);
}

/* A LOST record of n records at time t on cpu, with its sample_id. */
static struct perf_event_header *lost(struct rec *r, uint64_t t,
				      uint32_t cpu, uint64_t n)
{
	unsigned char *p = (unsigned char *)r;
	uint64_t id = 7;
	uint32_t pid = 0;

	memset(r, 0, sizeof(*r));
	r->h.type = PERF_RECORD_LOST;
	memcpy(p + 8, &id, 8);
	memcpy(p + 16, &n, 8);
	memcpy(p + 24, &pid, 4); /* sample_id: pid, tid; time; cpu, res */
	memcpy(p + 28, &pid, 4);
	memcpy(p + 32, &t, 8);
	memcpy(p + 40, &cpu, 4);
	r->h.size = 48;
	return &r->h;
}

/*
 * A task that sleeps on CPU 0 and runs again on CPU 1: its wait is from
 * the switch-out on one CPU to the switch-in on the other. Then records
 * lost on CPU 1: the switches they may have hidden are unreliable, the
 * ones after them not, and the profile says which keys.
 */
static void test_migration_lost(const char *dir)
{
	struct env e;
	struct rec r;
	struct profile *p;

	if (env_init(&e, dir, false)) {
		ok(0, "a sched_rec for migration and lost records");
		return;
	}
	sched_rec_record(e.s, sw(&r, 1000000, 0, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 3000000, 0, 100, 1, 0, true));
	sched_rec_record(e.s, sw(&r, 5000000, 1, 0, 0, 200, false));
	sched_rec_record(e.s, wake(&r, 12900000, 100));
	sched_rec_record(e.s, sw(&r, 13000000, 1, 200, 1, 100, true));
	sched_rec_record(e.s, sw(&r, 13100000, 1, 100, 1, 0, true));
	is_int(sched_rec_unreliable(e.s), 0, "nothing lost, nothing unreliable");
	p = profile__new();
	sched_rec_build(e.s, p);
	/* 100: out on CPU 0 at 3 ms, in on CPU 1 at 13 ms */
	is_near(stat_of(p, "perf-sched.wait_time.max.ms." KEY), 10, 1e-9,
		"a task migrated: its wait runs from one CPU to the other");
	is_near(stat_of(p, "perf-sched.sch_delay.max.ms." KEY), 0.1, 1e-9,
		"its delay from its wakeup on the other CPU");
	ok(p->offcpu && !p->offcpu->meta.unreliable && !p->offcpu->meta.lost,
	   "no lost records, no note");
	profile__delete(p);

	/* CPU 1 lost 5 records up to 20 ms: 100's next switch spans it */
	sched_rec_record(e.s, lost(&r, 20000000, 1, 5));
	sched_rec_record(e.s, sw(&r, 23000000, 1, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 23500000, 1, 100, 1, 0, true));
	/* and its next one does not */
	sched_rec_record(e.s, sw(&r, 33000000, 1, 0, 0, 100, false));
	sched_rec_record(e.s, sw(&r, 33500000, 1, 100, 1, 0, true));
	is_int(sched_rec_lost(e.s), 5, "the lost records are counted");
	is_int(sched_rec_unreliable(e.s), 1,
	       "one switch spans them, the next does not");
	p = profile__new();
	sched_rec_build(e.s, p);
	ok(p->offcpu && p->offcpu->meta.lost == 5,
	   "the off-CPU profile holds the lost count");
	is_str(p->offcpu ? p->offcpu->meta.unreliable : NULL,
	       "1 of 5 switches (5 records lost, 0 switch-ins not traced): "
	       KEY " (1 of 5)", "and which key's rows they touch");
	profile__delete(p);

	/* CPU 1 is idle; 100 switches out there with no switch-in seen */
	sched_rec_record(e.s, sw(&r, 43500000, 1, 100, 1, 0, true));
	is_int(sched_rec_unseen_in(e.s), 1,
	       "a switch-out with no switch-in traced is noticed");
	is_int(sched_rec_unreliable(e.s), 2, "and unreliable");
	env_release(&e);
}

int main(void)
{
	char dir[] = "/tmp/sched-rec.XXXXXX", cmd[4096], path[4096];
	struct fd_err err = { "" };

	if (!mkdtemp(dir))
		return 1;
	make_tracefs(dir);
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	write_text(path, "ffffffff81000000 T __schedule\n"
			 "ffffffff81000100 T schedule\n"
			 "ffffffff81000200 T do_nanosleep\n"
			 "ffffffff81000300 T hrtimer_nanosleep\n"
			 "ffffffff81000400 T _etext\n");
	ok(!sched_rec__new(NULL, NULL, false, "/nonexistent", &err) &&
		   strstr(err.msg, "mount -t tracefs"),
	   "no tracefs: an error saying how to mount it");
	diag("%s", err.msg);
	test_timehist(dir);
	test_filter(dir);
	test_hostile(dir);
	test_migration_lost(dir);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		diag("could not remove %s", dir);
	return done_testing();
}
