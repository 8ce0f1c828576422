// SPDX-License-Identifier: GPL-2.0
/*
 * What `flamediff fold -o x.prof` writes, `flamediff report x.prof` must
 * read back as the same profile: read the input as folded stacks (and, when
 * it looks like another format, also as that one: perf script names reach
 * profiles too), write it as a profile, read that back, and compare the
 * trees (every frame with a weight, its self and total) and the metadata.
 * A mismatch is a finding: abort().
 */
#include "tests/fuzz/fuzz-util.h"

#include <ftw.h>

#include "analyzer/folded.h"
#include "analyzer/input.h"
#include "lib/compiler.h"

/* Weights are written with 15 significant digits. */
static int same_weight(double a, double b)
{
	return fabs(a - b) <= 1e-13 * fmax(fabs(a), fabs(b));
}

/*
 * a and b print the same to the millisecond. Not |a - b| <= 0.0005: when
 * a is the double nearest 64.0005, the one read back from "64.001" lies
 * an ulp further (regress/roundtrip/duration-half-ms.folded). A finite
 * double prints in at most 309 digits before the point.
 */
static int same_millis(double a, double b)
{
	char x[320], y[320];

	snprintf(x, sizeof(x), "%.3f", a);
	snprintf(y, sizeof(y), "%.3f", b);
	return !strcmp(x, y);
}

static void mismatch(const char *what, const char *name)
{
	fprintf(stderr, "round trip: %s%s%s\n", what,
		name ? " at " : "", name ? name : "");
	abort();
}

/* b's child of bn named as a's node an, or NODE_NONE. */
static uint32_t find_child(const struct profile *a, uint32_t an,
			   const struct profile *b, uint32_t bn)
{
	const char *name = node_name(a, an);
	uint32_t c;

	for (c = b->nodes[bn].first_child; c != NODE_NONE;
	     c = b->nodes[c].next_sibling)
		if (b->nodes[c].kind == a->nodes[an].kind &&
		    !strcmp(node_name(b, c), name))
			return c;
	return NODE_NONE;
}

/*
 * Every node of a with a weight has its twin in b. Nodes of weight 0 carry
 * nothing a profile can hold (it lists stacks with a count). Iterative: a
 * stack may be as deep as the input is long.
 */
static size_t same_tree(const struct profile *a, const struct profile *b)
{
	uint32_t *twin = malloc(a->nr_nodes * sizeof(*twin));
	size_t n = 0;
	uint32_t i;

	if (!twin)
		abort();
	twin[NODE_ROOT] = NODE_ROOT;
	/* A parent's index is below its children's: one forward pass. */
	for (i = 0; i < a->nr_nodes; i++) {
		const struct node *x = &a->nodes[i];

		if (i != NODE_ROOT) {
			twin[i] = NODE_NONE;
			if (node_total(a, i) == 0 ||
			    twin[x->parent] == NODE_NONE)
				continue;
			twin[i] = find_child(a, i, b, twin[x->parent]);
			if (twin[i] == NODE_NONE)
				mismatch("a frame is missing", node_name(a, i));
		}
		if (!same_weight(x->self, b->nodes[twin[i]].self))
			mismatch("self differs", node_name(a, i));
		if (!same_weight(node_total(a, i), node_total(b, twin[i])))
			mismatch("total differs", node_name(a, i));
		n++;
	}
	free(twin);
	return n;
}

static size_t weighted_nodes(const struct profile *p)
{
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < p->nr_nodes; i++)
		n += i == NODE_ROOT || node_total(p, i) != 0;
	return n;
}

static void same_str(const char *a, const char *b, const char *what)
{
	if ((a == NULL) != (b == NULL) || (a && strcmp(a, b)))
		mismatch(what, NULL);
}

static void same_meta(const struct profile_meta *a,
		      const struct profile_meta *b)
{
	same_str(a->event, b->event, "event differs");
	same_str(a->unit, b->unit, "unit differs");
	same_str(a->label, b->label, "label differs");
	same_str(a->host, b->host, "host differs");
	same_str(a->kernel, b->kernel, "kernel differs");
	same_str(a->date, b->date, "date differs");
	same_str(a->cmdline, b->cmdline, "cmdline differs");
	same_str(a->target, b->target, "target differs");
	if (a->nr_build_ids != b->nr_build_ids)
		mismatch("build-ids differ", NULL);
	for (size_t i = 0; i < a->nr_build_ids; i++)
		same_str(a->build_ids[i], b->build_ids[i], "build-id differs");
	if (a->samples != b->samples)
		mismatch("samples differ", NULL);
	if (a->lost != b->lost)
		mismatch("lost differs", NULL);
	FUZZ_FINITE(a->duration, "duration");
	/* Written to the millisecond, and only when known (> 0). */
	if (a->duration > 0 ? !same_millis(a->duration, b->duration)
			    : b->duration != 0)
		mismatch("duration differs", NULL);
}

static char scratch[64];

static int rm_one(const char *path, const struct stat *st UNUSED,
		  int flag UNUSED,
		  struct FTW *ftw UNUSED)
{
	return remove(path);
}

static void rm_scratch(void)
{
	nftw(scratch, rm_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* The written profile goes to a file: the writer renames into place. */
static const char *scratch_file(void)
{
	static char path[96];

	if (scratch[0])
		return path;
	strcpy(scratch, "/tmp/flamediff-fuzz-XXXXXX");
	if (!mkdtemp(scratch)) {
		perror("mkdtemp");
		abort();
	}
	atexit(rm_scratch);
	snprintf(path, sizeof(path), "%s/rt.prof", scratch);
	return path;
}

static void round_trip(const char *input, enum input_format fmt)
{
	struct input_opts io = { .format = fmt };
	struct profile *a = profile__new(), *b = profile__new();
	struct fd_err err = { { 0 } };
	const char *path = scratch_file();

	if (input_read(input, &io, a, NULL, &err))
		goto out;
	fuzz_check_profile(a);
	if (profile_save(a, path, &err)) {
		fprintf(stderr, "round trip: cannot write: %s\n", err.msg);
		abort();
	}
	if (input_read(path, NULL, b, NULL, &err)) {
		fprintf(stderr, "round trip: cannot read back: %s\n", err.msg);
		abort();
	}
	fuzz_check_profile(b);
	if (same_tree(a, b) != weighted_nodes(b))
		mismatch("the number of frames differs", NULL);
	same_meta(&a->meta, &b->meta);
	/* the off-CPU section, kept apart from the samples */
	if (a->offcpu && a->offcpu->nr_nodes > 1) {
		if (!b->offcpu)
			mismatch("the off-CPU section is lost", NULL);
		if (same_tree(a->offcpu, b->offcpu) !=
		    weighted_nodes(b->offcpu))
			mismatch("the off-CPU frames differ", NULL);
	} else if (b->offcpu && b->offcpu->nr_nodes > 1) {
		mismatch("an off-CPU section out of nothing", NULL);
	}
out:
	profile__delete(a);
	profile__delete(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum input_format fmt = input_detect((const char *)data, size);
	struct fuzz_input in;

	fuzz_input_open(&in, data, size);
	round_trip(in.path, INPUT_FOLDED);
	if (fmt != INPUT_FOLDED)
		round_trip(in.path, fmt);
	fuzz_input_close(&in);
	return 0;
}
