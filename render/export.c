// SPDX-License-Identifier: GPL-2.0
/*
 * Exports for other viewers: pprof's profile.proto and speedscope's JSON.
 * Only the formats' published descriptions were used: the protobuf wire
 * format (varints, length-delimited fields) and the field numbers of
 * profile.proto; speedscope's file-format-schema.json.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#include "lib/alloc.h"
#include "lib/hmap.h"
#include "lib/strtab.h"
#include "render/export.h"
#include "render/textfmt.h"

/*
 * Every (name, kind) of p gets a function number from 1, in node order;
 * process names get 0 (they are no function). fn[] has one per node.
 * Returns how many functions there are.
 */
static uint32_t number_functions(const struct profile *p, uint32_t *fn)
{
	struct hmap ids = { 0 };
	uint32_t i, nr = 0;

	fn[NODE_ROOT] = 0;
	for (i = 1; i < p->nr_nodes; i++) {
		const struct node *n = &p->nodes[i];
		uint64_t *v;
		bool fresh;

		if (n->kind == FRAME_PROCESS) {
			fn[i] = 0;
			continue;
		}
		v = hmap_insert(&ids, frame_key(n->name, n->kind), &fresh);
		if (fresh)
			*v = ++nr;
		fn[i] = *v;
	}
	hmap_release(&ids);
	return nr;
}

/* --- pprof: the protobuf wire format --- */

enum { WIRE_VARINT = 0, WIRE_BYTES = 2 };

static void pb_varint(struct strbuf *sb, uint64_t v)
{
	while (v >= 0x80) {
		strbuf_addch(sb, (int)(v & 0x7f) | 0x80);
		v >>= 7;
	}
	strbuf_addch(sb, (int)v);
}

static void pb_key(struct strbuf *sb, unsigned int field, unsigned int wire)
{
	pb_varint(sb, (uint64_t)field << 3 | wire);
}

static void pb_uint(struct strbuf *sb, unsigned int field, uint64_t v)
{
	pb_key(sb, field, WIRE_VARINT);
	pb_varint(sb, v);
}

static void pb_bytes(struct strbuf *sb, unsigned int field, const void *data,
		     size_t len)
{
	pb_key(sb, field, WIRE_BYTES);
	pb_varint(sb, len);
	strbuf_add(sb, data, len);
}

/* A submessage built in msg, appended as field; msg is reset. */
static void pb_message(struct strbuf *sb, unsigned int field,
		       struct strbuf *msg)
{
	pb_bytes(sb, field, msg->buf, msg->len);
	strbuf_reset(msg);
}

/* The index of s in the string table (which starts with ""). */
static uint64_t pb_str(struct strtab *strings, const char *s)
{
	return strtab_intern(strings, s, strlen(s));
}

/* profile.proto's field numbers. */
enum {
	PROFILE_SAMPLE_TYPE = 1,
	PROFILE_SAMPLE = 2,
	PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5,
	PROFILE_STRING_TABLE = 6,
	PROFILE_DURATION_NANOS = 10,
	PROFILE_PERIOD_TYPE = 11,
	PROFILE_COMMENT = 13,
	VALUE_TYPE_TYPE = 1,
	VALUE_TYPE_UNIT = 2,
	SAMPLE_LOCATION_ID = 1,
	SAMPLE_VALUE = 2,
	SAMPLE_LABEL = 3,
	LABEL_KEY = 1,
	LABEL_STR = 2,
	LOCATION_ID = 1,
	LOCATION_LINE = 4,
	LINE_FUNCTION_ID = 1,
	FUNCTION_ID = 1,
	FUNCTION_NAME = 2,
	FUNCTION_SYSTEM_NAME = 3,
	FUNCTION_FILENAME = 4,
};

static void pprof_value_type(struct strbuf *out, unsigned int field,
			     struct strtab *strings, const char *type,
			     const char *unit, struct strbuf *msg)
{
	pb_uint(msg, VALUE_TYPE_TYPE, pb_str(strings, type));
	pb_uint(msg, VALUE_TYPE_UNIT, pb_str(strings, unit));
	pb_message(out, field, msg);
}

/* One sample per node with self weight: its locations leaf first. */
static void pprof_samples(const struct profile *p, const uint32_t *fn,
			  struct strtab *strings, struct strbuf *out)
{
	struct strbuf msg = STRBUF_INIT, packed = STRBUF_INIT;
	uint64_t process_key = pb_str(strings, "process");
	uint32_t i, n;

	for (i = 1; i < p->nr_nodes; i++) {
		const char *process = NULL;
		double w = p->nodes[i].self;

		if (!(w > 0))
			continue;
		for (n = i; n != NODE_ROOT; n = p->nodes[n].parent) {
			if (p->nodes[n].kind == FRAME_PROCESS)
				process = node_name(p, n);
			else
				pb_varint(&packed, fn[n]);
		}
		pb_message(&msg, SAMPLE_LOCATION_ID, &packed);
		/* int64: weights up to 2^63 are exact enough. */
		pb_varint(&packed, w < 9.2e18 ? (uint64_t)llround(w)
					      : (uint64_t)9.2e18);
		pb_message(&msg, SAMPLE_VALUE, &packed);
		if (process) {
			pb_uint(&packed, LABEL_KEY, process_key);
			pb_uint(&packed, LABEL_STR, pb_str(strings, process));
			pb_message(&msg, SAMPLE_LABEL, &packed);
		}
		pb_message(out, PROFILE_SAMPLE, &msg);
	}
	strbuf_release(&msg);
	strbuf_release(&packed);
}

/* A location and a function per function number: location n calls n. */
static void pprof_functions(const struct profile *p, const uint32_t *fn,
			    uint32_t nr_fn, struct strtab *strings,
			    struct strbuf *out)
{
	struct strbuf msg = STRBUF_INIT, line = STRBUF_INIT;
	uint64_t kernel = pb_str(strings, "[kernel.kallsyms]");
	uint32_t i, next = 1;

	/* fn[] numbers in node order: the first node of each is at hand. */
	for (i = 1; i < p->nr_nodes && next <= nr_fn; i++) {
		const struct node *n = &p->nodes[i];
		uint64_t name;

		if (fn[i] != next)
			continue;
		next++;
		name = pb_str(strings, node_name(p, i));
		pb_uint(&msg, FUNCTION_ID, fn[i]);
		pb_uint(&msg, FUNCTION_NAME, name);
		pb_uint(&msg, FUNCTION_SYSTEM_NAME, name);
		if (n->kind == FRAME_KERNEL)
			pb_uint(&msg, FUNCTION_FILENAME, kernel);
		pb_message(out, PROFILE_FUNCTION, &msg);

		pb_uint(&msg, LOCATION_ID, fn[i]);
		pb_uint(&line, LINE_FUNCTION_ID, fn[i]);
		pb_message(&msg, LOCATION_LINE, &line);
		pb_message(out, PROFILE_LOCATION, &msg);
	}
	strbuf_release(&msg);
	strbuf_release(&line);
}

void export_pprof(const struct profile *p, struct strbuf *out)
{
	struct strtab *strings = strtab__new();
	struct strbuf msg = STRBUF_INIT;
	const char *unit = p->meta.unit && !strcmp(p->meta.unit, "ns") ?
				   "nanoseconds" : "count";
	const char *event = p->meta.event ? p->meta.event : "samples";
	uint32_t *fn, nr_fn, i;

	fn = xmalloc(size_mul(p->nr_nodes, sizeof(*fn)));
	nr_fn = number_functions(p, fn);
	pprof_value_type(out, PROFILE_SAMPLE_TYPE, strings, event, unit, &msg);
	pprof_samples(p, fn, strings, out);
	pprof_functions(p, fn, nr_fn, strings, out);
	if (p->meta.duration > 0 && p->meta.duration < 9e9)
		pb_uint(out, PROFILE_DURATION_NANOS,
			(uint64_t)llround(p->meta.duration * 1e9));
	pprof_value_type(out, PROFILE_PERIOD_TYPE, strings, event, unit,
			 &msg);
	if (p->meta.label)
		pb_uint(out, PROFILE_COMMENT, pb_str(strings, p->meta.label));
	/* Last: every string is known by now. */
	for (i = 0; i < strtab_count(strings); i++)
		pb_bytes(out, PROFILE_STRING_TABLE, strtab_str(strings, i),
			 strtab_len(strings, i));
	free(fn);
	strbuf_release(&msg);
	strtab__delete(strings);
}

int export_gzip(const void *data, size_t len, struct strbuf *out,
		struct fd_err *err)
{
	z_stream z;
	int r;

	/* zlib counts input in a uInt: one call takes at most 4 GiB */
	if (len > UINT_MAX)
		return fd_err_set(err, "profile too large to gzip (%zu bytes)",
				  len);
	memset(&z, 0, sizeof(z));
	/* 15 + 16: a gzip header and trailer around the deflate stream. */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return fd_err_set(err, "cannot start gzip compression");
	strbuf_grow(out, deflateBound(&z, len));
	z.next_in = (Bytef *)data;
	z.avail_in = len;
	z.next_out = (Bytef *)out->buf + out->len;
	z.avail_out = out->alloc - out->len - 1;
	r = deflate(&z, Z_FINISH);
	/* strbuf_setlen() only shortens: the bytes are there already. */
	out->len += z.total_out;
	out->buf[out->len] = '\0';
	deflateEnd(&z);
	if (r != Z_STREAM_END)
		return fd_err_set(err, "gzip compression failed");
	return 0;
}

/* --- speedscope --- */

/* A node's path below its top frame: push the frame numbers (0-based). */
static void speedscope_stack(const struct profile *p, const uint32_t *fn,
			     uint32_t node, uint32_t *path, struct outfile *o)
{
	size_t depth = profile_path(p, node, path, p->nodes[node].depth), i;
	bool first = true;

	outfile_puts(o, "[");
	for (i = 0; i < depth; i++) {
		if (!fn[path[i]])
			continue;
		outfile_printf(o, "%s%u", first ? "" : ",", fn[path[i]] - 1);
		first = false;
	}
	outfile_puts(o, "]");
}

/*
 * One sampled profile of the subtrees top[0..nr): their nodes with self
 * weight, depth first, each path root first. Depth first without
 * recursion: a stack may be PROFILE_MAX_DEPTH deep.
 */
static void speedscope_profile(const struct profile *p, const uint32_t *fn,
			       const uint32_t *top, size_t nr,
			       const char *name, const char *unit,
			       uint32_t *path, uint32_t *todo,
			       struct outfile *o)
{
	size_t pass, t, sp;
	double sum = 0;

	outfile_puts(o, "    {\"type\": \"sampled\", \"name\": ");
	json_string(o, name);
	outfile_printf(o, ", \"unit\": \"%s\",\n", unit);
	for (pass = 0; pass < 2; pass++) {
		bool first = true;

		outfile_puts(o, pass ? "     \"weights\": [" :
				       "     \"samples\": [");
		for (t = 0; t < nr; t++) {
			todo[0] = top[t];
			sp = 1;
			while (sp) {
				uint32_t n = todo[--sp], c;
				double w = p->nodes[n].self;

				for (c = p->nodes[n].first_child;
				     c != NODE_NONE; c = p->nodes[c].next_sibling)
					todo[sp++] = c;
				if (!(w > 0))
					continue;
				outfile_puts(o, first ? "" : ",");
				first = false;
				if (pass) {
					json_number_fmt(o, "%.17g", w);
					sum += w;
				} else {
					speedscope_stack(p, fn, n, path, o);
				}
			}
		}
		outfile_puts(o, "],\n");
	}
	outfile_puts(o, "     \"startValue\": 0, \"endValue\": ");
	json_number_fmt(o, "%.17g", sum);
	outfile_puts(o, "}");
}

void export_speedscope(const struct profile *p, const char *name,
		       struct outfile *o)
{
	const char *unit = p->meta.unit && !strcmp(p->meta.unit, "ns") ?
				   "nanoseconds" : "none";
	uint32_t *fn, *path, *todo, *functions, nr_fn, i, next = 1, c;
	size_t nr_functions = 0, profiles = 0;

	fn = xmalloc(size_mul(p->nr_nodes, sizeof(*fn)));
	/* A node's depth and the nodes waiting: never more than all. */
	path = xmalloc(size_mul(p->nr_nodes, sizeof(*path)));
	todo = xmalloc(size_mul(p->nr_nodes, sizeof(*todo)));
	functions = xmalloc(size_mul(p->nr_nodes, sizeof(*functions)));
	nr_fn = number_functions(p, fn);

	outfile_puts(o, "{\"$schema\": "
			"\"https://www.speedscope.app/file-format-schema.json\",\n"
			" \"exporter\": \"flamediff\", \"name\": ");
	json_string(o, name);
	outfile_puts(o, ",\n \"activeProfileIndex\": 0,\n"
			" \"shared\": {\"frames\": [");
	for (i = 1; i < p->nr_nodes && next <= nr_fn; i++) {
		if (fn[i] != next)
			continue;
		outfile_puts(o, next > 1 ? ",\n  " : "\n  ");
		next++;
		outfile_puts(o, "{\"name\": ");
		json_string(o, node_name(p, i));
		if (p->nodes[i].kind == FRAME_KERNEL)
			outfile_puts(o, ", \"file\": \"[kernel.kallsyms]\"");
		outfile_puts(o, "}");
	}
	outfile_puts(o, "]},\n \"profiles\": [\n");
	/* A profile per process; stacks that start with a function: one. */
	for (c = p->nodes[NODE_ROOT].first_child; c != NODE_NONE;
	     c = p->nodes[c].next_sibling) {
		if (p->nodes[c].kind != FRAME_PROCESS) {
			functions[nr_functions++] = c;
			continue;
		}
		outfile_puts(o, profiles++ ? ",\n" : "");
		speedscope_profile(p, fn, &c, 1, node_name(p, c), unit, path,
				   todo, o);
	}
	if (nr_functions || !profiles) {
		outfile_puts(o, profiles++ ? ",\n" : "");
		speedscope_profile(p, fn, functions, nr_functions, name, unit,
				   path, todo, o);
	}
	outfile_puts(o, "\n ]\n}\n");
	free(fn);
	free(path);
	free(todo);
	free(functions);
}

int export_open(const struct profile *p, enum export_format fmt,
		const char *path, const char *name, struct outfile *o,
		struct fd_err *err)
{
	struct strbuf pb = STRBUF_INIT, gz = STRBUF_INIT;
	int ret = -1;

	if (fmt == EXPORT_PPROF) {
		export_pprof(p, &pb);
		if (!has_suffix(path, ".gz")) {
			if (export_gzip(pb.buf, pb.len, &gz, err))
				goto out;
			strbuf_release(&pb);
			pb = gz;
			gz = (struct strbuf)STRBUF_INIT;
		}
	}
	/* a profile, in another format: private as the profile is */
	if (outfile_open_flags(o, path, OUTFILE_PRIVATE, err))
		goto out;
	if (fmt == EXPORT_PPROF)
		outfile_write(o, pb.buf, pb.len);
	else
		export_speedscope(p, name, o);
	ret = 0;
out:
	strbuf_release(&pb);
	strbuf_release(&gz);
	return ret;
}

int export_save(const struct profile *p, enum export_format fmt,
		const char *path, const char *name, struct fd_err *err)
{
	struct outfile o;

	if (export_open(p, fmt, path, name, &o, err))
		return -1;
	return outfile_commit(&o, err);
}
