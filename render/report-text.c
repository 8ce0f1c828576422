// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/benchmark.h"
#include "analyzer/sched.h"
#include "render/monitor-summary.h"
#include "render/report-text.h"
#include "render/textfmt.h"

void report_text_lkp(struct outfile *o, const struct metrics *m)
{
	struct metric_set s = { 0 };
	char v[32];
	size_t i;

	metrics_lkp_set(m, 0.05, &s);
	for (i = 0; i < s.nr; i++)
		outfile_printf(o, "%s: %s\n", s.v[i].key,
			       fmt_double(v, sizeof(v), "%.2f", s.v[i].value));
	metric_set_release(&s);
}

/*
 * The shortest of %.15g and %.17g that reads back as v; perf-sched rows as
 * LKP's parse prints them (Ruby floats, integer counts).
 */
static const char *stat_value(char *buf, size_t size, const char *key,
			      double v)
{
	if (bench_key_family(key) == FAMILY_PERF_SCHED)
		return sched_fmt_value(buf, size, key, v);
	snprintf(buf, size, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, size, "%.17g", v);
	return buf;
}

void report_text_lkp_all(struct outfile *o, const struct profile *p,
			 const struct metrics *m)
{
	struct metric_set pp = { 0 }, own = { 0 };
	size_t i = 0, j = 0, k;
	char v[40];

	metrics_lkp_set(m, 0.05, &pp);
	for (k = 0; k < p->meta.stats.nr; k++)
		metric_set_add(&own, p->meta.stats.v[k].key,
			       p->meta.stats.v[k].value);
	metric_set_sort(&own);
	metric_set_sort(&pp);
	while (i < own.nr || j < pp.nr) {
		if (j >= pp.nr ||
		    (i < own.nr && strcmp(own.v[i].key, pp.v[j].key) <= 0)) {
			outfile_printf(o, "%s: %s\n", own.v[i].key,
				       stat_value(v, sizeof(v), own.v[i].key,
						  own.v[i].value));
			i++;
		} else {
			outfile_printf(o, "%s: %s\n", pp.v[j].key,
				       fmt_double(v, sizeof(v), "%.2f",
						  pp.v[j].value));
			j++;
		}
	}
	metric_set_release(&pp);
	metric_set_release(&own);
}

/* "12.3k": counts and weights readable at a glance. */
static const char *human(char *buf, size_t size, double v)
{
	static const char units[] = " kMGTPE";
	int u = 0;

	if (!isfinite(v)) {
		snprintf(buf, size, "%s", TEXT_NOT_A_NUMBER);
		return buf;
	}
	while (v >= 999.95 && units[u + 1]) {
		v /= 1000;
		u++;
	}
	if (u == 0)
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.1f%c", v, units[u]);
	return buf;
}

static void write_header(struct outfile *o, const struct profile *p,
			 const struct metrics *m)
{
	double all = m->total + m->hidden;
	char a[32], b[32], pct[32];
	const struct metric *head, *elapsed;

	head = bench_headline(&p->meta.stats, &elapsed);
	if (head || elapsed) {
		char hv[40], ev[40];

		if (head)
			outfile_printf(o, "%s %s", head->key,
				       stat_value(hv, sizeof(hv), head->key,
						  head->value));
		if (elapsed)
			outfile_printf(o, "%selapsed %s s", head ? ", " : "",
				       fmt_double(ev, sizeof(ev), "%.2f",
						  elapsed->value));
		outfile_puts(o, "\n");
	}

	monitor_summary_text(o, (struct metric_set *)&p->meta.stats);
	/* which of the profile's data this is (--on-cpu, --off-cpu) */
	if (profile_is_offcpu(p))
		outfile_puts(o, "off-CPU time (each switch-out stack weighted "
				"by the ns its task then waited)\n");
	else if (p->offcpu && p->offcpu->nr_nodes > 1)
		outfile_puts(o, "on-CPU samples (the profile also holds "
				"off-CPU time: --off-cpu)\n");
	outfile_printf(o, "event %s: ", m->event);
	if (m->samples)
		outfile_printf(o, "%s %s, ",
			       human(a, sizeof(a), (double)m->samples),
			       profile_is_offcpu(p) ? "switch-outs"
						    : "samples");
	outfile_printf(o, "total weight %s%s%s, %llu stacks; hidden as "
			  "unresolved: %s%% (%s, %llu stacks)\n",
		       human(b, sizeof(b), m->total),
		       p->meta.unit ? " " : "",
		       p->meta.unit ? p->meta.unit : "",
		       (unsigned long long)m->stacks,
		       fmt_double(pct, sizeof(pct), "%.2f",
				  all > 0 ? 100 * m->hidden / all : 0),
		       human(a, sizeof(a), m->hidden),
		       (unsigned long long)m->hidden_stacks);
}

void report_text_table(struct outfile *o, const struct profile *p,
		       const struct metrics *m, size_t top)
{
	struct strbuf name = STRBUF_INIT;
	size_t i, n;

	write_header(o, p, m);
	n = top < m->nr_fns ? top : m->nr_fns;
	outfile_printf(o, "\n%9s %9s  %s\n", "children", "self", "function");
	for (i = 0; i < n; i++) {
		char c[32], s[32];

		outfile_printf(o, "%s%% %s%%  %s\n",
			       fmt_double(c, sizeof(c), "%8.2f",
					  m->fns[i].children),
			       fmt_double(s, sizeof(s), "%8.2f", m->fns[i].self),
			       text_name(&name, m->fns[i].name, 0));
	}
	if (m->nr_fns > n)
		outfile_printf(o, "%9s %9s  (%zu more functions)\n", "", "",
			       m->nr_fns - n);

	n = m->nr_chains < REPORT_TABLE_CHAINS ? m->nr_chains
					       : REPORT_TABLE_CHAINS;
	if (!n)
		goto out;
	outfile_printf(o, "\n%9s  %s\n", "calltrace", "callee <- callers");
	for (i = 0; i < n; i++) {
		const struct chain_metric *ch = &m->chains[i];
		unsigned int k;
		char pc[32];

		outfile_printf(o, "%s%%  ",
			       fmt_double(pc, sizeof(pc), "%8.2f", ch->percent));
		for (k = 0; k < ch->nr_frames; k++)
			outfile_printf(o, "%s%s", k ? " <- " : "",
				       text_name(&name, ch->frames[k], 0));
		outfile_puts(o, "\n");
	}
out:
	strbuf_release(&name);
}

void report_text_json(struct outfile *o, const struct profile *p,
		      const struct metrics *m)
{
	size_t i;

	outfile_puts(o, "{\n  \"event\": ");
	json_string(o, m->event);
	outfile_printf(o, ",\n  \"samples\": %llu,\n  \"total\": ",
		       (unsigned long long)m->samples);
	json_number_fmt(o, "%.17g", m->total);
	outfile_puts(o, ",\n  \"hidden\": ");
	json_number_fmt(o, "%.17g", m->hidden);
	outfile_printf(o, ",\n  \"stacks\": %llu,\n"
			  "  \"hidden_stacks\": %llu,\n  \"unit\": ",
		       (unsigned long long)m->stacks,
		       (unsigned long long)m->hidden_stacks);
	if (p->meta.unit)
		json_string(o, p->meta.unit);
	else
		outfile_puts(o, "null");
	outfile_puts(o, ",\n  \"functions\": [");
	for (i = 0; i < m->nr_fns; i++) {
		const struct fn_metric *f = &m->fns[i];

		outfile_puts(o, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_string(o, f->name);
		outfile_puts(o, ", \"children\": ");
		json_number_fmt(o, "%.17g", f->children);
		outfile_puts(o, ", \"self\": ");
		json_number_fmt(o, "%.17g", f->self);
		outfile_puts(o, ", \"lkp_children\": ");
		json_number_fmt(o, "%.2f", f->lkp_children);
		outfile_puts(o, ", \"lkp_self\": ");
		json_number_fmt(o, "%.2f", f->lkp_self);
		outfile_puts(o, "}");
	}
	outfile_puts(o, m->nr_fns ? "\n  ],\n  \"calltrace\": ["
				  : "],\n  \"calltrace\": [");
	for (i = 0; i < m->nr_chains; i++) {
		const struct chain_metric *c = &m->chains[i];

		outfile_puts(o, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_string(o, c->name);
		outfile_puts(o, ", \"percent\": ");
		json_number_fmt(o, "%.17g", c->percent);
		outfile_puts(o, ", \"lkp_percent\": ");
		json_number_fmt(o, "%.2f", c->lkp_percent);
		outfile_printf(o, ", \"chains\": %u}", c->nr_chains);
	}
	outfile_puts(o, m->nr_chains ? "\n  ]\n}\n" : "]\n}\n");
}

static void csv_row(struct outfile *o, const char *metric, const char *event,
		    const char *name, double percent, double lkp,
		    double weight)
{
	outfile_printf(o, "%s,", metric);
	csv_field(o, event);
	outfile_puts(o, ",");
	csv_field(o, name);
	outfile_puts(o, ",");
	csv_number_fmt(o, "%.17g", percent);
	outfile_puts(o, ",");
	csv_number_fmt(o, "%.2f", lkp);
	outfile_puts(o, ",");
	csv_number_fmt(o, "%.17g", weight);
	outfile_puts(o, "\n");
}

void report_text_csv(struct outfile *o, const struct metrics *m)
{
	double all = m->total + m->hidden;
	size_t i;

	outfile_puts(o, "metric,event,name,percent,lkp_value,weight\n");
	csv_row(o, "total", m->event, "", 100, 100, m->total);
	csv_row(o, "hidden", m->event, "", all > 0 ? 100 * m->hidden / all : 0,
		all > 0 ? 100 * m->hidden / all : 0, m->hidden);
	for (i = 0; i < m->nr_fns; i++)
		csv_row(o, "children", m->event, m->fns[i].name,
			m->fns[i].children, m->fns[i].lkp_children,
			m->fns[i].children * m->total / 100);
	for (i = 0; i < m->nr_fns; i++)
		csv_row(o, "self", m->event, m->fns[i].name, m->fns[i].self,
			m->fns[i].lkp_self, m->fns[i].self * m->total / 100);
	for (i = 0; i < m->nr_chains; i++)
		csv_row(o, "calltrace", m->event, m->chains[i].name,
			m->chains[i].percent, m->chains[i].lkp_percent,
			m->chains[i].percent * m->total / 100);
}
