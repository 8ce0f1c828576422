// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's metrics of any input, as `flamediff report` computes them, and
 * every report format written to /dev/null. Each figure a writer gets must
 * be a number: inf or NaN is a finding (report-inf-total.folded).
 */
#include "tests/fuzz/fuzz-util.h"

#include "analyzer/input.h"
#include "analyzer/metrics.h"
#include "render/report-text.h"

static void check_metrics(const struct metrics *m)
{
	size_t i;

	FUZZ_FINITE(m->total, "metrics total");
	FUZZ_FINITE(m->hidden, "metrics hidden");
	for (i = 0; i < m->nr_fns; i++) {
		FUZZ_FINITE(m->fns[i].children, m->fns[i].name);
		FUZZ_FINITE(m->fns[i].self, m->fns[i].name);
		FUZZ_FINITE(m->fns[i].lkp_children, m->fns[i].name);
		FUZZ_FINITE(m->fns[i].lkp_self, m->fns[i].name);
	}
	for (i = 0; i < m->nr_chains; i++) {
		FUZZ_FINITE(m->chains[i].percent, m->chains[i].name);
		FUZZ_FINITE(m->chains[i].lkp_percent, m->chains[i].name);
	}
}

static void write_reports(const struct profile *p, const struct metrics *m)
{
	struct fd_err err = { { 0 } };
	struct outfile o;

	if (outfile_open(&o, "/dev/null", &err))
		abort();
	report_text_lkp(&o, m);
	report_text_table(&o, p, m, 25);
	report_text_json(&o, p, m);
	report_text_csv(&o, m);
	outfile_commit(&o, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct profile *p = profile__new();
	struct metrics_opts mo = { 0 };
	struct metric_set s = { 0 };
	struct fd_err err = { { 0 } };
	struct fuzz_input in;
	struct metrics m;
	size_t i;

	fuzz_input_open(&in, data, size);
	if (input_read(in.path, NULL, p, NULL, &err))
		goto out;
	fuzz_check_profile(p);
	/* Every chain, as diff measures runs, then perf's 0.5% cut. */
	mo.chain_min_percent = -1;
	metrics_compute(p, &mo, &m);
	check_metrics(&m);
	metrics_lkp_set(&m, -1, &s);
	for (i = 0; i < s.nr; i++)
		FUZZ_FINITE(s.v[i].value, s.v[i].key);
	metric_set_release(&s);
	metrics_release(&m);
	mo.chain_min_percent = 0;
	metrics_compute(p, &mo, &m);
	check_metrics(&m);
	metrics_lkp_set(&m, 0.05, &s);
	metric_set_release(&s);
	/* `report` refuses a profile without a resolved leaf. */
	if (m.total > 0)
		write_reports(p, &m);
	metrics_release(&m);
out:
	profile__delete(p);
	fuzz_input_close(&in);
	return 0;
}
