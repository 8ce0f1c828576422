// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, time and perf-stat rows (analyzer/benchmark.h) on captured
 * stress-ng output (tests/data/benchmark/, see its README) and on hand-set
 * numbers, against the names LKP's parse scripts give.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/folded.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "tap.h"
#include "testfile.h"

#define DATA "tests/data/benchmark/"

/* Feed a captured file to a parser line by line, as record does. */
static int parse_file(const char *path, struct bench *b)
{
	char *text = slurp(path), *s, *nl;

	if (!text)
		return -1;
	for (s = text; *s; s = nl + 1) {
		nl = strchr(s, '\n');
		if (!nl) {
			bench_line(b, s, strlen(s));
			break;
		}
		bench_line(b, s, (size_t)(nl - s));
	}
	free(text);
	return 0;
}

/* The value of key, or NAN when the set lacks it. */
static double get(struct metric_set *s, const char *key)
{
	const struct metric *m = metric_set_find(s, key);

	return m ? m->value : NAN;
}

static void has(struct metric_set *s, const char *key, double want)
{
	double got = get(s, key);

	if (!ok(got == want, "%s: %.17g", key, want))
		printf("#   got %.17g\n", got);
}

static void lacks(struct metric_set *s, const char *key)
{
	ok(!metric_set_find(s, key), "no %s", key);
}

static void stress_ng_brief(void)
{
	struct metric_set s = { 0 };
	struct bench b;

	bench_init(&b, "stress-ng");
	ok(!parse_file(DATA "mremap-brief.out", &b), "mremap-brief.out read");
	bench_result(&b, &s);
	/* the metrc: 10-field layout of --metrics-brief */
	has(&s, "stress-ng.mremap.ops", 22);
	has(&s, "stress-ng.mremap.ops_per_sec", 10.97);
	has(&s, "stress-ng.mremap.pass", 1);
	/* "geometic mean": stress-ng's spelling, LKP's parser knows it */
	has(&s, "stress-ng.mremap.nanosecs_per_mremap_call", 580009.01);
	has(&s, "stress-ng.mremap.nanosecs_per_mremap_call.pass", 1);
	is_int(s.nr, 5, "nothing else: header and info lines are no rows");
	metric_set_release(&s);
	bench_release(&b);
}

static void stress_ng_metrics(void)
{
	struct metric_set s = { 0 };
	struct bench b;

	bench_init(&b, "stress-ng");
	ok(!parse_file(DATA "metrics.out", &b), "metrics.out read");
	bench_result(&b, &s);
	/* the metrc: 12-field layout of --metrics: ops/s is still field 9 */
	has(&s, "stress-ng.mremap.ops", 7);
	has(&s, "stress-ng.mremap.ops_per_sec", 3.33);
	has(&s, "stress-ng.switch.ops", 154274);
	has(&s, "stress-ng.switch.ops_per_sec", 77075.44);
	has(&s, "stress-ng.switch.pass", 1);
	/* "(pipe method)" is part of the unit, only the last tail goes */
	has(&s, "stress-ng.switch.nanosecs_per_context_switch_pipe_method",
	    12893.86);
	has(&s, "stress-ng.mremap.nanosecs_per_mremap_call", 1013452.10);
	is_int(s.nr, 10, "two stressors, two misc metrics: 10 rows");
	metric_set_release(&s);
	bench_release(&b);
}

static void stress_ng_handmade(void)
{
	struct metric_set s = { 0 };
	struct bench b;

	bench_init(&b, "stress-ng");
	ok(!parse_file(DATA "handmade.txt", &b), "handmade.txt read");
	bench_result(&b, &s);
	/* 0 bogo ops: the stressor failed, nothing else of it */
	has(&s, "stress-ng.futex.fail", 1);
	lacks(&s, "stress-ng.futex.ops");
	lacks(&s, "stress-ng.futex.ops_per_sec");
	lacks(&s, "stress-ng.futex.pass");
	/* the info: 10-field layout */
	has(&s, "stress-ng.fault.ops", 123456);
	has(&s, "stress-ng.fault.ops_per_sec", 24641.92);
	has(&s, "stress-ng.pipe.ops", 9876543);
	has(&s, "stress-ng.pipe.ops_per_sec", 1975308.60);
	/* three miscellaneous lines: average, harmonic mean, total */
	has(&s, "stress-ng.fault.minor_page_faults_per_second", 1234.5);
	has(&s, "stress-ng.fault.minor_page_faults_per_second.pass", 1);
	has(&s, "stress-ng.pipe.MB_per_sec_write_rate", 8);
	has(&s, "stress-ng.pipe.MB_per_sec_write_rate.pass", 1);
	has(&s, "stress-ng.futex.futex_wait_calls_per_sec.fail", 1);
	lacks(&s, "stress-ng.futex.futex_wait_calls_per_sec");
	/* the table ends at "run time:" */
	lacks(&s, "stress-ng.after.ops");
	is_int(s.nr, 12, "12 rows in all");
	metric_set_release(&s);
	bench_release(&b);
}

/*
 * Every row of a capture against FILE.want (key: value lines, what LKP's
 * rules give: tests/stress-ng-rows.pl), both ways: no row missing, none
 * more, each value the same.
 */
static void stress_ng_want(const char *out, const char *want)
{
	struct metric_set s = { 0 };
	char *text = slurp(want), *line, *save = NULL;
	size_t n = 0, bad = 0;
	struct bench b;

	bench_init(&b, "stress-ng");
	ok(!parse_file(out, &b), "%s read", out);
	bench_result(&b, &s);
	ok(text != NULL, "%s read", want);
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strstr(line, ": ");
		double v;

		if (!colon)
			continue;
		*colon = '\0';
		v = strtod(colon + 2, NULL);
		n++;
		if (get(&s, line) != v) {
			bad++;
			diag("%s: %s is %.17g, LKP's rules give %.17g", out,
			     line, get(&s, line), v);
		}
	}
	ok(n > 0 && !bad, "%s: all %zu rows of LKP's rules", out, n);
	if (!ok(s.nr == n, "%s: no row more (%zu)", out, s.nr))
		for (size_t i = 0; i < s.nr; i++)
			diag("  %s", s.v[i].key);
	free(text);
	metric_set_release(&s);
	bench_release(&b);
}

static void rules(void)
{
	static const char *const lines[] = {
		"warming up",
		"throughput: 100 ops/s",
		"throughput: 150.5 ops/s",
		"latency p99 = 3.25 ms",
		"throughput: n/a ops/s",
		NULL,
	};
	struct metric_set s = { 0 };
	struct fd_err err;
	struct bench b;
	int i;

	bench_init(&b, "notify");
	ok(!bench_add_rule(&b, "ops_per_sec=throughput: ([0-9.]+) ops/s",
			   &err), "a rule with a group");
	ok(!bench_add_rule(&b, "p99=[0-9.]+ ms$", &err),
	   "a rule without a group: the whole match");
	ok(bench_add_rule(&b, "bad name=x", &err) < 0 &&
	   strstr(err.msg, "letters"), "a name with a blank is refused");
	ok(bench_add_rule(&b, "x=(", &err) < 0, "a bad regex is refused");
	ok(bench_add_rule(&b, "noequals", &err) < 0 &&
	   strstr(err.msg, "NAME=REGEX"), "NAME=REGEX wanted");
	for (i = 0; lines[i]; i++)
		bench_line(&b, lines[i], strlen(lines[i]));
	bench_result(&b, &s);
	/* the last line that matches and gives a number */
	has(&s, "notify.ops_per_sec", 150.5);
	lacks(&s, "notify.p99");
	is_int(s.nr, 1, "only the figures found");
	metric_set_release(&s);
	bench_release(&b);
}

static void time_rows(void)
{
	struct bench_usage u = {
		.user = 0.126, .sys = 2.644, .elapsed = 3.327,
		.maxrss_kb = 133300, .majflt = 6, .minflt = 1318983,
		.nvcsw = 21, .nivcsw = 797, .inblock = 760, .oublock = 8,
	};
	struct metric_set s = { 0 };

	bench_time_rows(&u, "stress-ng", &s);
	has(&s, "stress-ng.time.user_time", 0.13);
	has(&s, "stress-ng.time.system_time", 2.64);
	has(&s, "stress-ng.time.elapsed_time", 3.33);
	/* GNU time: (user + sys) / elapsed, an integer percent */
	has(&s, "stress-ng.time.percent_of_cpu_this_job_got", 83);
	has(&s, "stress-ng.time.maximum_resident_set_size", 133300);
	has(&s, "stress-ng.time.major_page_faults", 6);
	has(&s, "stress-ng.time.minor_page_faults", 1318983);
	has(&s, "stress-ng.time.voluntary_context_switches", 21);
	has(&s, "stress-ng.time.involuntary_context_switches", 797);
	has(&s, "stress-ng.time.file_system_inputs", 760);
	has(&s, "stress-ng.time.file_system_outputs", 8);
	is_int(s.nr, 11, "the 11 rows LKP's reports show");
	metric_set_release(&s);

	u.elapsed = 0;
	bench_time_rows(&u, "x", &s);
	has(&s, "x.time.percent_of_cpu_this_job_got", 0);
	metric_set_release(&s);

	/* a command named with a blank and a newline: one word of a key */
	{
		struct bench b;

		bench_init(&b, "x 99\ny");
		bench_time_rows(&u, b.testcase, &s);
		has(&s, "x_99_y.time.major_page_faults", 6);
		metric_set_release(&s);
		bench_release(&b);
	}
}

static void perf_stat_rows(void)
{
	static const char *const names[] = {
		"task-clock", "context-switches", "cpu-cycles",
		"instructions", "cache-references", "cache-misses",
	};
	/* two whole seconds and a cut-short last interval */
	static const uint64_t count[] = {
		1000000000, 100, 4000, 2000, 100, 10,
		500000000, 300, 2000, 2000, 50, 10,
		10000000, 1, 10, 10, 1, 1,
	};
	static const double secs[] = { 1.0, 1.0, 0.01 };
	struct metric_set s = { 0 };

	bench_perf_stat_rows(names, 6, count, secs, 3, &s);
	/* i.: the mean of the per-second rates of the whole intervals */
	has(&s, "perf-stat.i.context-switches", 200);
	has(&s, "perf-stat.i.task-clock", 750); /* msec, as perf prints */
	/* LKP's rule: the last interval's counts dropped, its time kept */
	is_near(get(&s, "perf-stat.ps.context-switches"), 400 / 2.01, 1e-9,
		"perf-stat.ps.context-switches: kept counts / whole time");
	has(&s, "perf-stat.total.instructions", 4000);
	is_near(get(&s, "perf-stat.overall.ipc"), 4000.0 / 6000, 1e-12,
		"overall.ipc = instructions / cycles of the kept intervals");
	is_near(get(&s, "perf-stat.overall.cpi"), 6000.0 / 4000, 1e-12,
		"overall.cpi");
	is_near(get(&s, "perf-stat.overall.cache-miss-rate%"),
		20 * 100.0 / 150, 1e-12, "overall.cache-miss-rate%");
	is_near(get(&s, "perf-stat.overall.MPKI"), 20 * 1000.0 / 4000,
		1e-12, "overall.MPKI");
	is_near(get(&s, "perf-stat.overall.cycles-between-cache-misses"),
		6000.0 / 20, 1e-12, "overall.cycles-between-cache-misses");
	is_near(get(&s, "perf-stat.i.ipc"), (0.5 + 1.0) / 2, 1e-12,
		"i.ipc: the mean of the intervals' ratios");
	metric_set_release(&s);
	memset(&s, 0, sizeof(s));
	{
		/* the reference's worked example, as record's counters hand
		 * it over: intervals ending 1.0001, 2.0002 and a partial
		 * 2.5003 */
		static const char *const ex[] = {
			"cpu-cycles", "instructions", "context-switches",
		};
		static const uint64_t c[] = {
			1000, 2000, 10, 3000, 3000, 20, 500, 900, 999,
		};
		static const double sec[] = { 1.0001, 1.0001, 0.5001 };

		bench_perf_stat_rows(ex, 3, c, sec, 3, &s);
		is_near(get(&s, "perf-stat.ps.cpu-cycles"), 4000 / 2.5003,
			1e-9, "record: ps.cpu-cycles 4000 / 2.5003 (LKP's)");
		is_near(get(&s, "perf-stat.ps.context-switches"),
			30 / 2.5003, 1e-9,
			"record: ps.context-switches 30 / 2.5003");
		is_near(get(&s, "perf-stat.i.cpu-cycles"), 1999.8000199980002,
			1e-9, "record: i.cpu-cycles of the kept intervals");
		has(&s, "perf-stat.total.instructions", 5000);
		is_near(get(&s, "perf-stat.overall.ipc"), 1.25, 1e-12,
			"record: overall.ipc 1.25");
		is_near(get(&s, "perf-stat.i.ipc"), 1.5, 1e-12,
			"record: i.ipc 1.5");
	}
	lacks(&s, "perf-stat.overall.branch-miss-rate%");
	lacks(&s, "perf-stat.overall.dTLB-load-miss-rate%");
	metric_set_release(&s);
	{
		/* LKP's TLB rows: "dTLB-loads" counts the hits, the base is
		 * loads + misses */
		static const char *const tlb[] = {
			"instructions", "dTLB-loads", "dTLB-load-misses",
			"iTLB-loads", "iTLB-load-misses",
		};
		static const uint64_t c[] = { 1000, 90, 10, 45, 5 };
		static const double sec[] = { 1.0 };

		bench_perf_stat_rows(tlb, 5, c, sec, 1, &s);
		is_near(get(&s, "perf-stat.overall.dTLB-load-miss-rate%"), 10,
			1e-12, "dTLB-load-miss-rate%%: misses over loads + misses");
		is_near(get(&s, "perf-stat.overall.iTLB-load-miss-rate%"), 10,
			1e-12, "iTLB-load-miss-rate%%");
		is_near(get(&s, "perf-stat.overall.instructions-per-iTLB-miss"),
			200, 1e-12, "instructions-per-iTLB-miss");
		metric_set_release(&s);
	}
}

static void families(void)
{
	ok(bench_key_family("stress-ng.mremap.ops") == FAMILY_BENCHMARK,
	   "benchmark family");
	ok(bench_key_family("stress-ng.time.user_time") == FAMILY_TIME,
	   "time family");
	ok(bench_key_family("vmstat.cpu.sy") == FAMILY_OTHER, "other");
	ok(bench_key_family("time.elapsed_time") == FAMILY_TIME,
	   "the job's time.* rows are time too");
	ok(bench_key_family("diskstats.read_ios.sda") == FAMILY_OTHER &&
	   bench_key_family("cpuidle..time") == FAMILY_OTHER,
	   "every monitor of record is an other monitor");
	ok(bench_key_family("perf-stat.ps.page-faults") == FAMILY_PERF_STAT,
	   "perf-stat family");
	ok(bench_key_family("perf-sched.total_wait_time.max.ms") ==
	   FAMILY_PERF_SCHED, "perf-sched family");
	ok(bench_key_rank("stress-ng.mremap.ops_per_sec") <
	   bench_key_rank("stress-ng.mremap.ops") &&
	   bench_key_rank("stress-ng.mremap.ops") <
	   bench_key_rank("stress-ng.time.elapsed_time") &&
	   bench_key_rank("stress-ng.time.elapsed_time") <
	   bench_key_rank("perf-stat.ps.page-faults") &&
	   bench_key_rank("perf-stat.ps.page-faults") <
	   bench_key_rank("perf-profile.self.cycles-pp.x"),
	   "LKP's order: headline, benchmark, time, perf-stat, perf-profile");
}

/* The stats go into a profile's header and come back as they were. */
static void profile_header(void)
{
	static const char *const bad[] = {
		"# stat: a.b 1 ;\n",		/* no " = " */
		"# stat: a.b = 1\n",		/* ends in a number */
		"# stat: a b = 1 ;\n",	/* a blank in the key */
		"# stat: a.b = nan ;\n",
		"# stat: a.b = 1e999 ;\n",
		"# stat: a.b = ;\n",
		"# stat: a.b = 1 ; x\n",
		NULL,
	};
	char path[] = "/tmp/flamediff-bench.XXXXXX";
	struct profile *p = profile__new(), *q;
	struct strbuf text = STRBUF_INIT;
	struct outfile o;
	struct fd_err err;
	char *got;
	int fd, i;

	metric_set_add(&p->meta.stats, "stress-ng.mremap.ops", 36);
	metric_set_add(&p->meta.stats, "stress-ng.mremap.ops_per_sec", 11.24);
	metric_set_add(&p->meta.stats, "perf-stat.ps.cpu-migrations",
		       0.60117744480164426);
	metric_set_sort(&p->meta.stats);
	add_folded_stack(p, "proc;main;f", 100, true);
	fd = mkstemp(path);
	close(fd);
	ok(!outfile_open(&o, path, &err), "a profile file opens");
	profile_write(p, &o);
	ok(!outfile_commit(&o, &err), "and is written");
	got = slurp(path);
	ok(got && strstr(got, "\n# stat: stress-ng.mremap.ops_per_sec = "
				"11.24 ;\n"),
	   "a stat line: '# stat: KEY = VALUE ;', the shortest exact value");
	ok(got && strstr(got, "# stat: perf-stat.ps.cpu-migrations = "
				"0.60117744480164426 ;\n"),
	   "17 digits where 15 do not read back the same");
	q = got ? profile_of_text(got) : NULL;
	ok(q && q->meta.stats.nr == 3, "read back: three stats");
	if (q) {
		has(&q->meta.stats, "stress-ng.mremap.ops", 36);
		has(&q->meta.stats, "stress-ng.mremap.ops_per_sec", 11.24);
		has(&q->meta.stats, "perf-stat.ps.cpu-migrations",
		    0.60117744480164426);
		ok(profile_total(q) == 100, "the stacks are as they were");
	}
	profile__delete(q);
	free(got);
	unlink(path);
	profile__delete(p);

	for (i = 0; bad[i]; i++) {
		strbuf_reset(&text);
		strbuf_addf(&text, "# flamediff-profile 2\n# root: process\n"
			    "%sproc;main 1\n", bad[i]);
		q = profile_of_text(text.buf);
		ok(!q, "refused: %.*s", (int)strlen(bad[i]) - 1, bad[i]);
		profile__delete(q);
	}
	strbuf_release(&text);
}

int main(void)
{
	stress_ng_brief();
	stress_ng_metrics();
	stress_ng_handmade();
	stress_ng_want(DATA "many.out", DATA "many.want");
	stress_ng_want(DATA "brief-three.out", DATA "brief-three.want");
	stress_ng_want(DATA "bare-means.txt", DATA "bare-means.want");
	stress_ng_want(DATA "metrics.out", DATA "metrics.want");
	stress_ng_want(DATA "mremap-brief.out", DATA "mremap-brief.want");
	stress_ng_want(DATA "handmade.txt", DATA "handmade.want");
	rules();
	time_rows();
	perf_stat_rows();
	families();
	profile_header();
	return done_testing();
}
