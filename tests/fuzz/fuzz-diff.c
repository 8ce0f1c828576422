// SPDX-License-Identifier: GPL-2.0
/*
 * The comparison of two sides as `flamediff diff` runs it: each side one
 * run of any format (profile, folded, perf script or LKP stats), the
 * metrics, LKP's row selection, the explanation, and the table, JSON, CSV
 * and differential folded writers, and the call tree as text (--format
 * tree) of the comparison's tree, to /dev/null. The input is a flags
 * byte, the base, a line "=====" and the new side (fuzz-util.h).
 *
 * Flags: bit 0 --all, bit 1 --no-explain, bit 2 --no-normalize, bit 3 a
 * --min-change of (flags >> 4) / 2.
 */
#include "tests/fuzz/fuzz-util.h"

#include "analyzer/compare.h"
#include "analyzer/diff.h"
#include "analyzer/diff-folded.h"
#include "analyzer/comparison.h"
#include "analyzer/explain.h"
#include "analyzer/side.h"
#include "render/diff-text.h"
#include "render/tree-text.h"

static char *pick_event(struct diff_side s[2])
{
	char *ev[2], *pick;
	int i;

	for (i = 0; i < 2; i++)
		ev[i] = diff_side_event(&s[i]);
	/* Against LKP stats, the keys are named as the stats name them. */
	i = s[0].stats != s[1].stats && s[1].stats;
	pick = ev[i] ? ev[i] : ev[!i];
	free(pick == ev[0] ? ev[1] : ev[0]);
	return pick ? pick : strdup("cycles-pp");
}

static void check_rows(const struct diff *d)
{
	size_t i;

	for (i = 0; i < d->nr_rows; i++) {
		const struct diff_row *r = &d->rows[i];

		FUZZ_FINITE(r->base_mean, r->key);
		FUZZ_FINITE(r->base_stddev, r->key);
		FUZZ_FINITE(r->new_mean, r->key);
		FUZZ_FINITE(r->new_stddev, r->key);
		FUZZ_FINITE(r->change, r->key);
		FUZZ_FINITE(r->p, r->key);
	}
}

/* --format tree: --top 10 within the lines, or all; --max-depth 0-7. */
static void write_tree(struct diff_side s[2], const struct diff_opts *opts,
		       const struct side_summary sum[2], uint8_t flags,
		       struct outfile *o)
{
	struct cmp_opts co = { .diff = *opts, .strip_clones = true,
			       .max_depth = (flags >> 4) & 7 };
	struct cmp_tree *t = cmp_tree__new(&s[0].side.merged, 1,
					   &s[1].side.merged, 1, &co);
	struct cmp_paths p;

	cmp_paths_select(t, flags & 1 ? 0 : TREE_TEXT_TOP,
			 flags & 1 ? 0 : TREE_TEXT_LINES -
						 TREE_TEXT_FRAME_LINES, &p);
	tree_text_write(o, t, &p, sum, 60 + (flags >> 4) % 41, co.max_depth);
	cmp_paths_release(&p);
	cmp_tree__delete(t);
}

static void compare(struct diff_side s[2], uint8_t flags)
{
	struct side_summary sum[2];
	struct diff_opts opts = { .min_change = DIFF_NO_MIN_CHANGE };
	struct fd_err err = { { 0 } };
	struct explain e = { 0 };
	struct diff d = { 0 };
	bool explain = !(flags & 2);
	struct outfile o;

	opts.all = flags & 1;
	if (flags & 8)
		opts.min_change = (flags >> 4) / 2.0;
	diff_compare(s[0].sets, s[0].nr_runs, s[1].sets, s[1].nr_runs, &opts,
		     &d);
	check_rows(&d);
	if (explain)
		explain_sides(&d, &s[0], &s[1], &opts, &e);
	if (outfile_open(&o, "/dev/null", &err))
		abort();
	side_summary_of(&s[0], NULL, &sum[0]);
	side_summary_of(&s[1], NULL, &sum[1]);
	diff_text_table(&o, &d, explain ? &e : NULL, sum, &opts);
	/* --rows/--width: names elided and escaped, prose wrapped */
	diff_text_table_width(&o, &d, explain ? &e : NULL, sum, &opts,
			      60 + (flags >> 4) % 41);
	diff_text_json(&o, &d, explain ? &e : NULL, sum, &opts);
	diff_text_csv(&o, &d);
	if (!s[0].stats && !s[1].stats) {
		diff_folded_write(s[0].side.merged, s[1].side.merged,
				  !(flags & 4), &o);
		write_tree(s, &opts, sum, flags, &o);
	}
	outfile_commit(&o, &err);
	explain_release(&e);
	diff_release(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_sides sides;
	struct fuzz_input in[2];
	struct diff_side s[2];
	struct fd_err err = { { 0 } };
	struct input_opts io = { 0 };
	char *event = NULL;
	int i;

	fuzz_split(data, size, &sides);
	memset(s, 0, sizeof(s));
	for (i = 0; i < 2; i++)
		fuzz_input_open(&in[i], sides.side[i], sides.len[i]);
	for (i = 0; i < 2; i++) {
		char *path = in[i].path;

		if (diff_side_load(&s[i], &path, 1, &io, &err))
			goto out;
		fuzz_check_profile(s[i].side.merged);
	}
	event = pick_event(s);
	for (i = 0; i < 2; i++) {
		if (diff_side_measure(&s[i], event, false, &err))
			goto out;
	}
	compare(s, sides.flags);
out:
	free(event);
	for (i = 0; i < 2; i++) {
		diff_side_release(&s[i]);
		fuzz_input_close(&in[i]);
	}
	return 0;
}
