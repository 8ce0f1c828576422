// SPDX-License-Identifier: GPL-2.0
/*
 * Every reader over the same bytes: format detection, input_read() as told
 * from the content and forced to each format (so a folded reader also sees
 * perf script and the other way round, and the timehist reader sees both),
 * each in the view the last byte picks (--on-cpu, --off-cpu), and the LKP
 * stats reader. Bad
 * input must come back as an error with a message, never a crash; perf
 * script must read the same with its block cache as without.
 */
#include "tests/fuzz/fuzz-util.h"

#include "analyzer/input.h"
#include "analyzer/lkp-stats.h"
#include "analyzer/metrics.h"
#include "analyzer/perfscript.h"

static void read_as(const char *path, enum input_format fmt, uint8_t opts)
{
	struct input_opts io = { .format = fmt };
	struct profile *p = profile__new(), *p2 = profile__new();
	struct fd_err err = { { 0 } };
	int r;

	/* The perf script folding options, from bits of the input. */
	io.ps.pid = opts & 1;
	io.ps.tid = opts & 2;
	io.ps.addrs = opts & 4;
	io.ps.no_comm = opts & 8;
	/* the view: default, on-CPU, off-CPU, or both (refused) */
	io.cpu_view = (opts >> 4) & 3;
	/* odd lines skipped with a count, or refused (--strict) */
	io.strict = opts & 64;
	r = input_read(path, &io, p, fmt == INPUT_AUTO ? p2 : NULL, &err);
	if (r && !err.msg[0]) {
		fprintf(stderr, "input_read failed without a message\n");
		abort();
	}
	if (!r) {
		size_t i;

		fuzz_check_profile(p);
		fuzz_check_profile(p2);
		FUZZ_FINITE(profile_total(p), "the total");
		for (i = 0; i < p->meta.stats.nr; i++)
			FUZZ_FINITE(p->meta.stats.v[i].value,
				    p->meta.stats.v[i].key);
		if (p->offcpu)
			FUZZ_FINITE(profile_total(p->offcpu),
				    "the off-CPU total");
	}
	profile__delete(p);
	profile__delete(p2);
}

/* The warning of the last read (odd lines skipped), or "". */
static char warned[2048];

static void keep_warning(const char *msg)
{
	snprintf(warned, sizeof(warned), "%s", msg);
}

/*
 * perf script read with its block cache and without (every line parsed):
 * the same tree, node for node, or the same error; the same warning.
 */
static void cache_same(const char *path, uint8_t opts)
{
	struct input_opts io = { .format = INPUT_PERF_SCRIPT };
	struct profile *a = profile__new(), *b = profile__new();
	struct fd_err ea = { { 0 } }, eb = { { 0 } };
	char wa[sizeof(warned)];
	int ra, rb;
	uint32_t i;

	io.ps.pid = opts & 1;
	io.ps.tid = opts & 2;
	io.ps.addrs = opts & 4;
	io.ps.no_comm = opts & 8;
	io.strict = opts & 64;
	input_register_warn(keep_warning);
	warned[0] = '\0';
	ra = input_read(path, &io, a, NULL, &ea);
	memcpy(wa, warned, sizeof(wa));
	warned[0] = '\0';
	io.ps.every_line = true;
	rb = input_read(path, &io, b, NULL, &eb);
	input_register_warn(NULL);
	if (strcmp(wa, warned)) {
		fprintf(stderr, "block cache: warned '%s', without: '%s'\n",
			wa, warned);
		abort();
	}
	if (ra != rb || strcmp(ea.msg, eb.msg)) {
		fprintf(stderr, "block cache: %d '%s' without: %d '%s'\n", ra,
			ea.msg, rb, eb.msg);
		abort();
	}
	if (!ra) {
		fuzz_check_profile(a);
		fuzz_check_profile(b);
	}
	if (a->nr_nodes != b->nr_nodes) {
		fprintf(stderr, "block cache: %u nodes, without: %u\n",
			a->nr_nodes, b->nr_nodes);
		abort();
	}
	for (i = 0; i < a->nr_nodes; i++) {
		const struct node *x = &a->nodes[i], *y = &b->nodes[i];

		if (x->parent != y->parent || x->kind != y->kind ||
		    strcmp(node_name(a, i), node_name(b, i)) ||
		    memcmp(&x->self, &y->self, sizeof(x->self))) {
			fprintf(stderr, "block cache: node %u differs\n", i);
			abort();
		}
	}
	profile__delete(a);
	profile__delete(b);
}

/* report --lkp's list of a text's events: names that exist, no leak */
static void list_events(const char *path)
{
	struct fd_err err = { { 0 } };
	struct linereader lr;
	char **names;
	size_t nr, i;

	if (lr_init_path(&lr, path, &err))
		return;
	if (!perf_script_events(&lr, &names, &nr, &err)) {
		for (i = 0; i < nr; i++)
			if (!names[i] || !names[i][0])
				abort();
		perf_script_events_free(names, nr);
	}
	lr_release(&lr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct metric_set s = { 0 };
	struct fd_err err = { { 0 } };
	struct fuzz_input in;
	enum input_format fmt;
	uint8_t opts = size ? data[size - 1] : 0;
	size_t i;

	fmt = input_detect((const char *)data, size);
	if (fmt != INPUT_PROFILE && fmt != INPUT_FOLDED &&
	    fmt != INPUT_PERF_SCRIPT && fmt != INPUT_LKP_STATS &&
	    fmt != INPUT_SCHED_TIMEHIST)
		abort();

	fuzz_input_open(&in, data, size);
	read_as(in.path, INPUT_AUTO, opts);
	read_as(in.path, INPUT_FOLDED, opts);
	read_as(in.path, INPUT_PERF_SCRIPT, opts);
	cache_same(in.path, opts);
	list_events(in.path);
	read_as(in.path, INPUT_SCHED_TIMEHIST, opts);
	if (!metric_set_read(in.path, &s, &err)) {
		for (i = 0; i < s.nr; i++)
			FUZZ_FINITE(s.v[i].value, s.v[i].key);
	}
	metric_set_release(&s);
	fuzz_input_close(&in);
	return 0;
}
