// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's perf-sched.* rows (analyzer/sched.c) on switches made by hand, each
 * expected value worked out from the rules in
 * ../shared/reference/lkp-other-metrics.md, "perf-sched".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/sched.h"
#include "tap.h"

static void add(struct sched_agg *a, double wait, double delay,
		const char *chain)
{
	struct sched_switch sw = {wait, delay, 1.0, chain};

	sched_agg_add(a, &sw);
}

/* The value of name (without "perf-sched."), or -1 when absent. */
static double get(struct metric_set *s, const char *name)
{
	char key[256];
	const struct metric *m;

	snprintf(key, sizeof(key), "perf-sched.%s", name);
	m = metric_set_find(s, key);
	return m ? m->value : -1;
}

static void test_chain_format(void)
{
	const char *f1[] = {"__schedule",    "schedule",
			    "do_nanosleep",  "hrtimer_nanosleep",
			    "common_nsleep", "__x64_sys_clock_nanosleep",
			    "do_syscall_64", "entry_SYSCALL_64_after_hwframe"};
	const char *f2[] = {"__schedule", "preempt_schedule", "__cond_resched",
			    "schedule_timeout"};
	const char *f3[] = {"__schedule", "schedule"};
	struct strbuf sb = STRBUF_INIT;

	sched_chain_format(f1, 8, &sb);
	is_str(sb.buf,
	       "do_nanosleep <- hrtimer_nanosleep <- common_nsleep "
	       "<- __x64_sys_clock_nanosleep <- do_syscall_64",
	       "chain: scheduler frames left out, 7 taken before that");
	strbuf_reset(&sb);
	sched_chain_format(f2, 4, &sb);
	is_str(sb.buf, "__cond_resched <- schedule_timeout",
	       "chain: preempt_schedule left out, __cond_resched kept");
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "x");
	sched_chain_format(f3, 2, &sb);
	is_str(sb.buf, "x",
	       "chain: only scheduler frames give nothing, "
	       "appended to what was there");
	strbuf_release(&sb);
}

static void test_rows(void)
{
	struct sched_agg *a = sched_agg__new();
	struct metric_set s = {0};
	const char *poll = "poll_schedule_timeout.constprop.0 <- "
			   "do_poll.constprop.0 <- do_sys_poll";
	const char *sleep = "do_nanosleep <- hrtimer_nanosleep <- "
			    "common_nsleep <- __x64_sys_nanosleep <- "
			    "do_syscall_64 <- entry_SYSCALL_64";
	const char *pkey = "poll_schedule_timeout.constprop.0.do_poll."
			   "constprop";
	const char *skey = "do_nanosleep.hrtimer_nanosleep.common_nsleep."
			   "__x64_sys_nanosleep.do_syscall_64";
	char name[256];
	int i;

	sched_agg_rows(a, &s);
	is_int(s.nr, 0, "no switch, no row");

	/* ignored: no " <- " (idle task, one-frame chain) */
	add(a, 5, 5, "");
	add(a, 5, 5, "worker_thread");
	add(a, 5, 5, NULL);
	is_int(sched_agg_count(a), 0, "chains without ' <- ' are ignored");

	/* Kahan-Babuska: a naive sum gives 8.154 here */
	add(a, 4.531, 0.001, poll);
	add(a, 19.449, 0.002, poll);
	add(a, 4.1, 0, poll);
	add(a, 4.538, 0.5, poll);
	add(a, 1.0, 0.25, sleep);
	add(a, 2.0, 0.125, sleep);
	is_int(sched_agg_count(a), 6, "six switches folded in");
	sched_agg_rows(a, &s);

	is_near(get(&s, "total_wait_and_delay.count.ms"), 6, 0, "total count");
	is_near(get(&s, "total_wait_time.max.ms"), 19.449, 0, "max wait");
	/* (4.531+19.449+4.1+4.538+1+2)/6 = 5.93633.. */
	is_near(get(&s, "total_wait_time.average.ms"), 5.936, 0,
		"average wait, rounded to 3 decimals");
	is_near(get(&s, "total_sch_delay.max.ms"), 0.5, 0, "max delay");
	/* 0.878/6 = 0.146333 */
	is_near(get(&s, "total_sch_delay.average.ms"), 0.146, 0,
		"average delay");
	is_near(get(&s, "total_wait_and_delay.max.ms"), 19.451, 0,
		"max wait+delay");
	/* (35.618 + 0.878) / 6 = 6.08266.. */
	is_near(get(&s, "total_wait_and_delay.average.ms"), 6.083, 0,
		"average wait+delay");

	snprintf(name, sizeof(name), "wait_time.avg.ms.%s", pkey);
	is_near(get(&s, name), 8.155, 0,
		"the key is five '.' parts; its sum is compensated");
	snprintf(name, sizeof(name), "wait_time.max.ms.%s", pkey);
	is_near(get(&s, name), 19.449, 0, "per key max wait");
	snprintf(name, sizeof(name), "sch_delay.avg.ms.%s", pkey);
	/* 0.503 / 4 = 0.12575: half away from zero of the binary value */
	is_near(get(&s, name), 0.126, 0, "per key average delay");
	snprintf(name, sizeof(name), "wait_and_delay.count.%s", pkey);
	is_near(get(&s, name), 4, 0, "per key count");
	snprintf(name, sizeof(name), "sch_delay.max.ms.%s", skey);
	is_near(get(&s, name), 0.25, 0, "second key, five parts of six");
	/* 6 switches: 0.5% is 0, no key is small */
	snprintf(name, sizeof(name), "wait_and_delay.avg.ms.%s", skey);
	is_near(get(&s, name), 1.688, 0,
		"(1.25 + 2.125) / 2 = 1.6875 rounds up");
	metric_set_release(&s);

	/* The small-key rule: 200 switches make 0.5% one switch. */
	for (i = 0; i < 194; i++)
		add(a, 100, 0, sleep);
	sched_agg_rows(a, &s);
	snprintf(name, sizeof(name), "wait_and_delay.count.%s", pkey);
	is_near(get(&s, name), 4, 0,
		"4 switches of 200 are not below 0.5%% (1): rows kept");
	metric_set_release(&s);
	sched_agg__delete(a);

	a = sched_agg__new();
	for (i = 0; i < 400; i++)
		add(a, 100, 0, sleep);
	add(a, 1, 0, poll);
	add(a, 1000, 0, "a <- b");
	sched_agg_rows(a, &s);
	snprintf(name, sizeof(name), "wait_and_delay.count.%s", pkey);
	is_near(get(&s, name), -1, 0,
		"below the average and below 0.5%%: wait_and_delay left out");
	snprintf(name, sizeof(name), "wait_time.avg.ms.%s", pkey);
	is_near(get(&s, name), 1, 0, "... but its wait rows stay");
	is_near(get(&s, "wait_and_delay.count.a.b"), 1, 0,
		"above the average: kept however small");
	is_int(s.nr, 7 + 7 + 4 + 7, "7 totals, 7 + 4 + 7 rows per key");
	metric_set_release(&s);
	sched_agg__delete(a);
	sched_agg__delete(NULL);
}

static void test_fmt(void)
{
	char b[40];

	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 0), "0.0",
	       "zero as Ruby prints it");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 9.697), "9.697",
	       "shortest digits");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 2000.004),
	       "2000.004", "no exponent below 1e16");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 12), "12.0",
	       "a whole number keeps its decimal");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 0.1 + 0.2),
	       "0.30000000000000004", "round-trip digits");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 0.00001),
	       "1.0e-05", "small values in exponent form");
	is_str(sched_fmt_value(b, sizeof(b), "perf-sched.x", 1e20), "1.0e+20",
	       "large values in exponent form");
	is_str(sched_fmt_value(b, sizeof(b),
			       "perf-sched.total_wait_and_delay.count.ms", 42),
	       "42", "the total count is an integer");
	is_str(sched_fmt_value(b, sizeof(b),
			       "perf-sched.wait_and_delay.count.a.b", 7),
	       "7", "a key's count is an integer");
}

/*
 * Ruby's Float#round(3), which LKP's averages go through, corrects the
 * rounding of v * 1000: (0.5 + 0.501) / 2 is the double just below
 * 0.5005, whose product is 500.49999999999994; Ruby still gives 0.501.
 */
static void test_round(void)
{
	struct sched_agg *a = sched_agg__new();
	struct metric_set s = {0};

	add(a, 0.5, 0, "x <- y");
	add(a, 0.501, 0, "x <- y");
	sched_agg_rows(a, &s);
	is_near(get(&s, "wait_time.avg.ms.x.y"), 0.501, 0,
		"an average at 0.5005 rounds up as Ruby's round(3) does");
	is_near(get(&s, "total_wait_time.average.ms"), 0.501, 0,
		"... in the totals too");
	metric_set_release(&s);
	sched_agg__delete(a);
}

int main(void)
{
	test_chain_format();
	test_rows();
	test_round();
	test_fmt();
	return done_testing();
}
