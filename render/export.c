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

#include "analyzer/frame-ids.h"
#include "lib/alloc.h"
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
	struct frame_ids ids;
	uint32_t i, nr;

	frame_ids_init(&ids, p);
	fn[NODE_ROOT] = 0;
	for (i = 1; i < p->nr_nodes; i++) {
		const struct node *n = &p->nodes[i];

		fn[i] = n->kind == FRAME_PROCESS ? 0 :
			frame_ids_get(&ids, n->name, n->kind, NULL) + 1;
	}
	nr = ids.nr;
	frame_ids_release(&ids);
	return nr;
}

/* --- pprof: the protobuf wire format --- */

/*
 * The encoded profile goes out as it is made: the top-level fields are
 * appended to buf, which is passed on (gzipped, or as it is) each time
 * it passes PB_CHUNK, so that neither the whole message nor its gzipped
 * copy is ever held (on 10 M stacks they were some 500 MB and 130 MB).
 * deflate's output does not depend on how its input is cut up.
 */
#define PB_CHUNK (1u << 20)

struct pb_out {
	struct strbuf buf;
	struct outfile *o;
	bool gzip;
	z_stream z;
	unsigned char *zbuf; /* PB_CHUNK bytes of deflate's output */
	int failed;	     /* deflate() failed: nothing more is written */
};

/*
 * The string table (index 0 is ""), every distinct string once, in the
 * order first asked for. A profile name has its index in by_name[] (a
 * lookup by id, no hashing); another string is first looked for among
 * the profile's names, so that equal strings share an index either way,
 * and only otherwise kept in others.
 */
struct pb_strings {
	const struct profile *p;
	uint32_t *by_name;	/* by profile name id; UINT32_MAX: none */
	struct strtab *others;	/* strings that are no profile name */
	uint32_t *by_other;	/* by id in others; UINT32_MAX: none */
	unsigned long alloc_by_other;
	const char **str;	/* by index, in order */
	uint32_t *len;
	uint32_t nr;
	unsigned long alloc_str, alloc_len;
};

enum { WIRE_VARINT = 0, WIRE_BYTES = 2 };

/* Written in place: a million samples make tens of millions of these. */
static void pb_varint(struct strbuf *sb, uint64_t v)
{
	char *b;

	strbuf_grow(sb, 10);
	b = sb->buf + sb->len;
	while (v >= 0x80) {
		*b++ = (char)((v & 0x7f) | 0x80);
		v >>= 7;
	}
	*b++ = (char)v;
	sb->len = b - sb->buf;
	*b = '\0';
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

/* Pass buf on: all of it, and with finish the stream's end. */
static void pb_flush(struct pb_out *po, bool finish)
{
	int r;

	if (!po->gzip) {
		outfile_write(po->o, po->buf.buf, po->buf.len);
		strbuf_reset(&po->buf);
		return;
	}
	po->z.next_in = (Bytef *)po->buf.buf;
	po->z.avail_in = (uInt)po->buf.len;
	do {
		po->z.next_out = po->zbuf;
		po->z.avail_out = PB_CHUNK;
		r = deflate(&po->z, finish ? Z_FINISH : Z_NO_FLUSH);
		if (r == Z_STREAM_ERROR) {
			po->failed = 1;
			break;
		}
		outfile_write(po->o, po->zbuf, PB_CHUNK - po->z.avail_out);
	} while (finish ? r != Z_STREAM_END : po->z.avail_out == 0);
	strbuf_reset(&po->buf);
}

/* After each top-level field: pass buf on once it is large enough. */
static void pb_field_done(struct pb_out *po)
{
	if (po->buf.len >= PB_CHUNK && !po->failed)
		pb_flush(po, false);
}

static uint32_t pb_add_string(struct pb_strings *t, const char *s,
			      size_t len)
{
	uint32_t i = t->nr++;

	ALLOC_GROW(t->str, t->nr, t->alloc_str);
	ALLOC_GROW(t->len, t->nr, t->alloc_len);
	t->str[i] = s;
	t->len[i] = (uint32_t)len;
	return i;
}

/* The index of s[0..len), which is no profile name. */
static uint32_t pb_other(struct pb_strings *t, const char *s, size_t len)
{
	uint32_t before = strtab_count(t->others);
	uint32_t o = strtab_intern(t->others, s, len);

	if (o >= before) {
		ALLOC_GROW(t->by_other, o + 1, t->alloc_by_other);
		t->by_other[o] = pb_add_string(t, strtab_str(t->others, o),
					       len);
	}
	return t->by_other[o];
}

/*
 * The index of profile name id, as the C string it is (a name holding a
 * NUL, as a DSO-named frame's, is written up to it, with the index of
 * the string that is then).
 */
static uint32_t pb_name(struct pb_strings *t, uint32_t id)
{
	const char *s;
	uint32_t same;
	size_t len;

	if (t->by_name[id] != UINT32_MAX)
		return t->by_name[id];
	s = strtab_str(t->p->names, id);
	len = strlen(s);
	if (len == strtab_len(t->p->names, id))
		return t->by_name[id] = pb_add_string(t, s, len);
	same = strtab_find(t->p->names, s, len);
	return t->by_name[id] = same == UINT32_MAX ? pb_other(t, s, len) :
						     pb_name(t, same);
}

/* The index of s, profile name or not. */
static uint64_t pb_str(struct pb_strings *t, const char *s)
{
	size_t len = strlen(s);
	uint32_t id = strtab_find(t->p->names, s, len);

	return id == UINT32_MAX ? pb_other(t, s, len) : pb_name(t, id);
}

static void pb_strings_init(struct pb_strings *t, const struct profile *p)
{
	uint32_t nr = strtab_count(p->names);

	memset(t, 0, sizeof(*t));
	t->p = p;
	t->by_name = xmalloc(size_mul(nr, sizeof(*t->by_name)));
	memset(t->by_name, 0xff, sizeof(*t->by_name) * (size_t)nr);
	t->others = strtab__new();
	pb_name(t, 0); /* "" first, as the format asks */
}

static void pb_strings_release(struct pb_strings *t)
{
	free(t->by_name);
	free(t->by_other);
	free(t->str);
	free(t->len);
	strtab__delete(t->others);
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

static void pprof_value_type(struct pb_out *po, unsigned int field,
			     struct pb_strings *strings, const char *type,
			     const char *unit, struct strbuf *msg)
{
	pb_uint(msg, VALUE_TYPE_TYPE, pb_str(strings, type));
	pb_uint(msg, VALUE_TYPE_UNIT, pb_str(strings, unit));
	pb_message(&po->buf, field, msg);
	pb_field_done(po);
}

/* One sample per node with self weight: its locations leaf first. */
static void pprof_samples(const struct profile *p, const uint32_t *fn,
			  struct pb_strings *strings, struct pb_out *po)
{
	struct strbuf msg = STRBUF_INIT, packed = STRBUF_INIT;
	uint64_t process_key = pb_str(strings, "process");
	uint32_t i, n;

	for (i = 1; i < p->nr_nodes; i++) {
		uint32_t process = NODE_NONE;
		double w = p->nodes[i].self;

		if (!(w > 0))
			continue;
		for (n = i; n != NODE_ROOT; n = p->nodes[n].parent) {
			if (p->nodes[n].kind == FRAME_PROCESS)
				process = p->nodes[n].name;
			else
				pb_varint(&packed, fn[n]);
		}
		pb_message(&msg, SAMPLE_LOCATION_ID, &packed);
		/* int64: weights up to 2^63 are exact enough. */
		pb_varint(&packed, w < 9.2e18 ? (uint64_t)llround(w)
					      : (uint64_t)9.2e18);
		pb_message(&msg, SAMPLE_VALUE, &packed);
		if (process != NODE_NONE) {
			pb_uint(&packed, LABEL_KEY, process_key);
			pb_uint(&packed, LABEL_STR, pb_name(strings, process));
			pb_message(&msg, SAMPLE_LABEL, &packed);
		}
		pb_message(&po->buf, PROFILE_SAMPLE, &msg);
		pb_field_done(po);
	}
	strbuf_release(&msg);
	strbuf_release(&packed);
}

/* A location and a function per function number: location n calls n. */
static void pprof_functions(const struct profile *p, const uint32_t *fn,
			    uint32_t nr_fn, struct pb_strings *strings,
			    struct pb_out *po)
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
		name = pb_name(strings, n->name);
		pb_uint(&msg, FUNCTION_ID, fn[i]);
		pb_uint(&msg, FUNCTION_NAME, name);
		pb_uint(&msg, FUNCTION_SYSTEM_NAME, name);
		if (n->kind == FRAME_KERNEL)
			pb_uint(&msg, FUNCTION_FILENAME, kernel);
		pb_message(&po->buf, PROFILE_FUNCTION, &msg);

		pb_uint(&msg, LOCATION_ID, fn[i]);
		pb_uint(&line, LINE_FUNCTION_ID, fn[i]);
		pb_message(&msg, LOCATION_LINE, &line);
		pb_message(&po->buf, PROFILE_LOCATION, &msg);
		pb_field_done(po);
	}
	strbuf_release(&msg);
	strbuf_release(&line);
}

/* Everything but the string table, which comes last: all known then. */
static void pprof_body(const struct profile *p, struct pb_strings *strings,
		       struct pb_out *po)
{
	struct strbuf msg = STRBUF_INIT;
	const char *unit = p->meta.unit && !strcmp(p->meta.unit, "ns") ?
				   "nanoseconds" : "count";
	const char *event = p->meta.event ? p->meta.event : "samples";
	uint32_t *fn, nr_fn;

	fn = xmalloc(size_mul(p->nr_nodes, sizeof(*fn)));
	nr_fn = number_functions(p, fn);
	pprof_value_type(po, PROFILE_SAMPLE_TYPE, strings, event, unit, &msg);
	pprof_samples(p, fn, strings, po);
	pprof_functions(p, fn, nr_fn, strings, po);
	free(fn);
	if (p->meta.duration > 0 && p->meta.duration < 9e9)
		pb_uint(&po->buf, PROFILE_DURATION_NANOS,
			(uint64_t)llround(p->meta.duration * 1e9));
	pprof_value_type(po, PROFILE_PERIOD_TYPE, strings, event, unit, &msg);
	if (p->meta.label)
		pb_uint(&po->buf, PROFILE_COMMENT,
			pb_str(strings, p->meta.label));
	strbuf_release(&msg);
}

int export_pprof(const struct profile *p, struct outfile *o, bool gzip,
		 struct fd_err *err)
{
	struct pb_strings strings;
	struct pb_out po;
	uint32_t i;

	memset(&po, 0, sizeof(po));
	strbuf_init(&po.buf, 0);
	po.o = o;
	po.gzip = gzip;
	/*
	 * 15 + 16: a gzip header and trailer around the deflate stream.
	 * The fastest level: on millions of stacks the default took more
	 * than the rest of the command (5x level 1's time for a file 1%
	 * smaller), and pprof reads either.
	 */
	if (gzip && deflateInit2(&po.z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8,
				 Z_DEFAULT_STRATEGY) != Z_OK)
		return fd_err_set(err, "cannot start gzip compression");
	if (gzip)
		po.zbuf = xmalloc(PB_CHUNK);
	pb_strings_init(&strings, p);
	pprof_body(p, &strings, &po);
	for (i = 0; i < strings.nr; i++) {
		pb_bytes(&po.buf, PROFILE_STRING_TABLE, strings.str[i],
			 strings.len[i]);
		pb_field_done(&po);
	}
	if (!po.failed)
		pb_flush(&po, true);
	pb_strings_release(&strings);
	strbuf_release(&po.buf);
	if (gzip) {
		deflateEnd(&po.z);
		free(po.zbuf);
	}
	if (po.failed)
		return fd_err_set(err, "gzip compression failed");
	return 0;
}

/* --- speedscope --- */

/* A node's path below its top frame: push the frame numbers (0-based). */
static void speedscope_stack(const struct profile *p, const uint32_t *fn,
			     uint32_t node, uint32_t *path, struct outfile *o)
{
	size_t depth = profile_path(p, node, path, p->nr_nodes), i;
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
	/* a profile, in another format: private as the profile is */
	if (outfile_open_flags(o, path, OUTFILE_PRIVATE, err))
		return -1;
	if (fmt == EXPORT_SPEEDSCOPE) {
		export_speedscope(p, name, o);
		return 0;
	}
	/* A name ending in ".gz": outfile compresses. */
	if (export_pprof(p, o, !has_suffix(path, ".gz"), err)) {
		outfile_abort(o);
		return -1;
	}
	return 0;
}

int export_save(const struct profile *p, enum export_format fmt,
		const char *path, const char *name, struct fd_err *err)
{
	struct outfile o;

	if (export_open(p, fmt, path, name, &o, err))
		return -1;
	return outfile_commit(&o, err);
}
