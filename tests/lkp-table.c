// SPDX-License-Identifier: GPL-2.0
/* The LKP comparison table layout against rows mailed by the robot. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/lkp-table.h"
#include "tap.h"

static char *render(const struct lkp_row *r)
{
	static char buf[4096];
	struct outfile o;
	FILE *fp;
	size_t n;

	fp = tmpfile();
	memset(&o, 0, sizeof(o));
	o.fp = fp;
	lkp_table_row(&o, r);
	rewind(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return buf;
}

/* A stddev that shows as pct% (truncated) for this mean. */
static double sd(double mean, double pct)
{
	return mean * (pct + 0.5) / 100;
}

int main(void)
{
	static const struct {
		struct lkp_row r;
		const char *want;
	} rows[] = {
		{ { "perf-profile.children.cycles-pp.cgroup_file_notify", 92.04,
		    0, 0, 0, true },
		  "     92.04           -92.0        0.00        "
		  "perf-profile.children.cycles-pp.cgroup_file_notify" },
		{ { "perf-profile.self.cycles-pp.native_queued_spin_lock_slowpath",
		    93.81, 93.81 * 0.015, 89.93, 0, true },
		  "     93.81            -3.9       89.93        "
		  "perf-profile.self.cycles-pp.native_queued_spin_lock_slowpath" },
		{ { "vmstat.procs.r", 3930, 0, 4235, 4235 * 0.035, false },
		  "      3930            +7.8%       4235 \u00b1  3%  "
		  "vmstat.procs.r" },
		{ { "aim7.time.file_system_outputs", 83270128, 0, 1.145e8, 0,
		    false },
		  "  83270128           +37.5%  1.145e+08        "
		  "aim7.time.file_system_outputs" },
		{ { "cpuidle..time", 9.287e10 / 42.653, 0, 9.287e10, 0, false },
		  " 2.177e+09         +4165.3%  9.287e+10        "
		  "cpuidle..time" },
		{ { "meminfo.Active(file)", 24124.5 / 215.384, 0, 24124.5, 0,
		    false },
		  "    112.01        +21438.4%      24124 \u00b1200%  "
		  "meminfo.Active(file)" },
		{ { "aim7.jobs-per-min", 7072, 7072 * 0.025, 554.83, 0, false },
		  "      7072 \u00b1  2%     -92.2%     554.83        "
		  "aim7.jobs-per-min" },
	};
	struct lkp_row r;
	char buf[32];
	size_t i;

	/* Rows whose stddev columns are set from the mailed percentages. */
	r = (struct lkp_row){ "perf-profile.children.cycles-pp._raw_spin_lock",
			      0.25, sd(0.25, 13), 43.88, sd(43.88, 76), true };
	is_str(render(&r),
	       "      0.25 \u00b1 13%     +43.6       43.88 \u00b1 76%  "
	       "perf-profile.children.cycles-pp._raw_spin_lock",
	       "points row with stddev on both sides");
	r = (struct lkp_row){ "cpuidle..usage", 138055, sd(138055, 18),
			      184128, sd(184128, 14), false };
	is_str(render(&r),
	       "    138055 \u00b1 18%     +33.4%     184128 \u00b1 14%  "
	       "cpuidle..usage",
	       "percent row, values >= 1000 as integers");
	r = (struct lkp_row){ "perf-sched.wait_time.max.ms", 0.2, sd(0.2, 153),
			      418.07, sd(418.07, 203), false };
	is_str(render(&r),
	       "      0.20 \u00b1153%  +2.1e+05%     418.07 \u00b1203%  "
	       "perf-sched.wait_time.max.ms",
	       "change of 100000%% or more in %%.2g form");
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct lkp_row row = rows[i].r;

		if (i == 5)
			row.new_stddev = sd(row.new, 200);
		is_str(render(&row), rows[i].want, "mailed row: %s", row.key);
	}

	is_str(lkp_format_stddev(buf, 10, 0.2), "      ",
	       "2%% or less: no stddev shown");
	is_str(lkp_format_stddev(buf, 10, 0.25), " \u00b1  2%",
	       "above 2%%: shown truncated");
	r = (struct lkp_row){ "x", 0, 0, 3.2, 0, false };
	ok(strstr(render(&r), "+3.2e+102%") != NULL,
	   "base 0 is taken as 1e-100 for a percent change");

	/* Hostile numbers (hardening #9): never a UB cast, never "nan". */
	is_str(lkp_format_value(buf, NAN), "       n/a", "NaN value: n/a");
	is_str(lkp_format_value(buf, -INFINITY), "       n/a",
	       "infinite value: n/a");
	is_str(lkp_format_value(buf, 99999999), "  99999999",
	       "largest value printed as an integer");
	is_str(lkp_format_value(buf, -1e300), "   -1e+300",
	       "huge value in %%g form");
	is_str(lkp_format_stddev(buf, 1e-300, 1e300), " \u00b1>99999%",
	       "stddev beyond an int: clamped, marked");
	is_str(lkp_format_stddev(buf, 5, INFINITY), " \u00b1>99999%",
	       "infinite stddev: clamped");
	is_str(lkp_format_stddev(buf, 5, NAN), "      ",
	       "NaN stddev: blank");
	is_str(lkp_format_stddev(buf, NAN, 1), "      ", "NaN mean: blank");
	is_str(lkp_format_stddev(buf, 1, 999.99), " \u00b199999%",
	       "the largest stddev still printed");
	is_str(lkp_format_change(buf, NAN, 5, false), "       n/a  ",
	       "NaN change: n/a in the column's width");
	is_str(lkp_format_change(buf, 1, INFINITY, true), "       n/a  ",
	       "infinite change: n/a");
	r = (struct lkp_row){ "x.y", 1e-3, 2e12, 5.5, 0.5, false };
	ok(strstr(render(&r), "-2147483648") == NULL &&
		   strstr(render(&r), "\u00b1>99999%") != NULL,
	   "LKP stats with a 1e12 stddev: no int overflow");
	r = (struct lkp_row){ "x.y", NAN, NAN, 5.5, 0.5, false };
	ok(strstr(render(&r), "nan") == NULL &&
		   strstr(render(&r), "-9223372036854775808") == NULL,
	   "NaN mean: no nan, no long long overflow (%s)", render(&r));
	return done_testing();
}
