// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data's file header, its events (attrs, ids) and its feature
 * sections (perfdata-int.h). The layout, from <linux/perf_event.h> and
 * perf's documented file format:
 *
 *  file mode:  header { "PERFILE2", size, attr_size, attrs, data,
 *              event_types sections, adds_features[256 bits] }, the ids
 *              and attrs the sections point at, the data section (records),
 *              then one { offset, size } per feature bit set, then the
 *              features' bodies;
 *  pipe mode:  { "PERFILE2", 16 }, then records only: HEADER_ATTR and
 *              HEADER_FEATURE records carry what file mode puts in its
 *              sections.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"

/* The default name of an event without EVENT_DESC (a pipe). */
static char *attr_name(const struct perf_event_attr *a)
{
	static const char *const hw[] = {
		"cycles", "instructions", "cache-references", "cache-misses",
		"branches", "branch-misses", "bus-cycles",
		"stalled-cycles-frontend", "stalled-cycles-backend",
		"ref-cycles",
	};
	static const char *const sw[] = {
		"cpu-clock", "task-clock", "page-faults", "context-switches",
		"cpu-migrations", "minor-faults", "major-faults",
		"alignment-faults", "emulation-faults", "dummy",
	};
	char buf[64];

	if (a->type == PERF_TYPE_HARDWARE && a->config < 10)
		return xstrdup(hw[a->config]);
	if (a->type == PERF_TYPE_SOFTWARE && a->config < 10)
		return xstrdup(sw[a->config]);
	snprintf(buf, sizeof(buf), "raw-%u-%#llx", a->type,
		 (unsigned long long)a->config);
	return xstrdup(buf);
}

int pd_add_evsel(struct pd *pd, const unsigned char *attr, size_t size,
		     const unsigned char *ids, uint64_t nr_ids)
{
	struct pd_evsel *e;
	uint64_t i, mask;
	int b, k = 0;

	if (pd->nr_ev >= MAX_EVSELS)
		return pd_fail(pd, pd->off, "more than %d events", MAX_EVSELS);
	ALLOC_GROW(pd->ev, pd->nr_ev + 1, pd->alloc_ev);
	e = &pd->ev[pd->nr_ev];
	memset(e, 0, sizeof(*e));
	memcpy(&e->attr, attr,
	       size < sizeof(e->attr) ? size : sizeof(e->attr));
	e->name = attr_name(&e->attr);
	stacks_init(&e->stacks);
	e->first_seq = UINT64_MAX;
	/* the registers the unwinder wants, wherever the file has them */
	mask = e->attr.sample_regs_user;
	for (b = 0; b < 64; b++) {
		e->regs_idx[b] = -1;
		if (!(REGS_USER_MASK & (1ULL << b)))
			continue;
		if (mask & (1ULL << b))
			e->regs_idx[k] = __builtin_popcountll(
				mask & ((1ULL << b) - 1));
		k++;
	}
	for (i = 0; i < nr_ids; i++)
		hmap_put(&pd->ids, pd_u64(ids + 8 * i), pd->nr_ev);
	pd->nr_ev++;
	if ((e->attr.sample_type & PERF_SAMPLE_REGS_USER) &&
	    (e->attr.sample_type & PERF_SAMPLE_STACK_USER) && !pd->unwinder) {
		/* before any file is opened: the unwinder reads images */
		pd->dsos.keep_image = true;
		pd->unwinder = unwinder__new();
		pd->dec.unwinder = pd->unwinder;
	}
	if (pd->nr_ev == 1)
		pd->ordered = e->attr.sample_id_all &&
			      (e->attr.sample_type & PERF_SAMPLE_TIME);
	return 0;
}

/* A feature string: u32 len, then len bytes (NUL-padded). */
static char *feat_string(const unsigned char **p, const unsigned char *end)
{
	uint32_t n;

	if (end - *p < 4)
		return NULL;
	n = pd_u32(*p);
	if ((uint64_t)(end - *p - 4) < n)
		return NULL;
	*p += 4 + n;
	return strndup((const char *)*p - n, n);
}

void pd_set_str(char **field, char *v)
{
	if (!v)
		return;
	free(*field);
	*field = v;
}

/* CMDLINE: u32 nr, then nr strings, joined by spaces. */
static char *feat_cmdline(const unsigned char *p, const unsigned char *end)
{
	struct strbuf sb = STRBUF_INIT;
	uint32_t nr, i;

	if (end - p < 4)
		return NULL;
	nr = pd_u32(p);
	p += 4;
	for (i = 0; i < nr; i++) {
		char *s = feat_string(&p, end);

		if (!s)
			break;
		if (sb.len)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, s);
		free(s);
	}
	return strbuf_detach(&sb, NULL);
}

/* EVENT_DESC: nr, attr_size, then { attr, nr_ids, name, ids[] }: the
 * events' names, in the order of the attrs. */
static void feat_event_desc(struct pd *pd, const unsigned char *p,
			    const unsigned char *end)
{
	uint32_t nr, i, sz;

	if (end - p < 8)
		return;
	nr = pd_u32(p);
	sz = pd_u32(p + 4);
	p += 8;
	for (i = 0; i < nr; i++) {
		uint32_t nids;
		char *name;

		if ((uint64_t)(end - p) < (uint64_t)sz + 4)
			return;
		p += sz;
		nids = pd_u32(p);
		p += 4;
		name = feat_string(&p, end);
		if (!name)
			return;
		if ((uint64_t)(end - p) < (uint64_t)nids * 8) {
			free(name);
			return;
		}
		p += (uint64_t)nids * 8;
		if (i < pd->nr_ev && name[0])
			pd_set_str(&pd->ev[i].name, name);
		else
			free(name);
	}
}

/* BUILD_ID: build-id records back to back. */
static void feat_build_ids(struct pd *pd, const unsigned char *p,
			   const unsigned char *end)
{
	while (end - p >= 8) {
		struct perf_event_header hd;

		memcpy(&hd, p, sizeof(hd));
		if (hd.size < 8 || hd.size > end - p)
			break;
		pd_build_id_event(pd, p, hd.size);
		p += hd.size;
	}
}

/* One feature's body, from the file's sections or a HEADER_FEATURE. */
void pd_feature(struct pd *pd, uint64_t feat, const unsigned char *b,
		size_t len)
{
	const unsigned char *p = b, *end = b + len;

	switch (feat) {
	case FEAT_HOSTNAME:
		pd_set_str(&pd->host, feat_string(&p, end));
		break;
	case FEAT_OSRELEASE:
		pd_set_str(&pd->release, feat_string(&p, end));
		break;
	case FEAT_CMDLINE:
		pd_set_str(&pd->cmdline, feat_cmdline(p, end));
		break;
	case FEAT_EVENT_DESC:
		feat_event_desc(pd, p, end);
		break;
	case FEAT_NRCPUS:
		/* u32 available (present), u32 online */
		if (len >= 8) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%u online, %u available",
				 pd_u32(p + 4), pd_u32(p));
			pd_set_str(&pd->cpus, xstrdup(buf));
		}
		break;
	case FEAT_SAMPLE_TIME:
		if (len >= 16) {
			pd->feat_first = pd_u64(p);
			pd->feat_last = pd_u64(p + 8);
		}
		break;
	case FEAT_BUILD_ID:
		feat_build_ids(pd, p, end);
		break;
	default:
		break;
	}
}

/* The attrs and their ids, in pre: what precedes the data section. */
static int read_attrs(struct pd *pd, const unsigned char *pre,
		      const struct section *attrs, uint64_t attr_size,
		      uint64_t data_off)
{
	uint64_t i;

	for (i = 0; i < attrs->size / attr_size; i++) {
		const unsigned char *a = pre + attrs->offset -
					 FILE_HEADER_SIZE + i * attr_size;
		struct section ids;

		memcpy(&ids, a + attr_size - 16, sizeof(ids));
		if (ids.size % 8 || ids.offset < FILE_HEADER_SIZE ||
		    ids.size > data_off || ids.offset > data_off - ids.size)
			return pd_fail(pd, attrs->offset + i * attr_size,
				       "event %llu: ids outside the header",
				       (unsigned long long)i);
		if (pd_add_evsel(pd, a, attr_size - 16,
				 pre + ids.offset - FILE_HEADER_SIZE,
				 ids.size / 8))
			return -1;
	}
	return 0;
}

/* The feature at secs[k] (bit), when it lies inside feat (feat_len bytes
 * that end at the current offset). */
static void read_feature(struct pd *pd, uint64_t bit, const struct section *s,
			 const unsigned char *feat, uint64_t feat_len)
{
	uint64_t base = pd->off - feat_len;

	if (s->offset < base || s->size > feat_len ||
	    s->offset - base > feat_len - s->size)
		return; /* a bad section: not ours to need */
	pd_feature(pd, bit, feat + (s->offset - base), s->size);
}

/*
 * The features after the data: their sections' table, then the bodies,
 * read up to the end of the last section. A file cut short in them still
 * folds (a warning says what is unknown).
 */
static int read_features(struct pd *pd, const uint64_t features[4],
			 bool have_bids)
{
	uint64_t nfeat = 0, bit, i, k = 0, end, feat_len, feat_off;
	const unsigned char *tab;
	unsigned char *feat;
	struct section *secs;

	for (bit = 0; bit < FEAT_BITS; bit++)
		nfeat += (features[bit / 64] >> (bit % 64)) & 1;
	if (!nfeat)
		return 0;
	feat_off = pd->off;
	end = feat_off + nfeat * 16;
	tab = pd_take(pd, nfeat * 16);
	if (!tab) {
		pd_warn(pd, "perf.data without its feature sections: "
			"event names and build-ids unknown");
		return 0;
	}
	secs = xmalloc(nfeat * sizeof(*secs));
	memcpy(secs, tab, nfeat * sizeof(*secs));
	/* sizes checked first: offset + size cannot wrap */
	for (i = 0; i < nfeat; i++)
		if (secs[i].size <= MAX_FEATURES &&
		    secs[i].offset <= MAX_FEATURES + feat_off &&
		    secs[i].offset + secs[i].size > end)
			end = secs[i].offset + secs[i].size;
	feat_len = end - pd->off;
	if (feat_len > MAX_FEATURES)
		feat_len = MAX_FEATURES;
	feat = pd_take_copy(pd, feat_len);
	for (bit = 0; feat && bit < FEAT_BITS; bit++) {
		if (!((features[bit / 64] >> (bit % 64)) & 1))
			continue;
		if (bit != FEAT_BUILD_ID || !have_bids)
			read_feature(pd, bit, &secs[k], feat, feat_len);
		k++;
	}
	if (!feat && !pd->failed)
		pd_warn(pd, "perf.data: the feature sections are cut "
			"short: event names and build-ids unknown");
	free(secs);
	free(feat);
	return pd->failed ? -1 : 0;
}

/*
 * The build-id table before the data, out of order (pd_pread()): a DWARF
 * unwinder opens each sampled binary while the records are read, and must
 * then open the recorded build (pd_build_id_early()), not a rebuild now at
 * the path. True when the table was read; false (not there, a gzip file,
 * stdin...) leaves it to read_features(), after the data, as ever.
 */
static bool read_build_ids_early(struct pd *pd, const unsigned char *hdr,
				 const struct section *data,
				 const uint64_t features[4])
{
	uint64_t bit, k = 0, tab;
	struct section s;
	unsigned char *body;
	bool ok;

	if (!((features[0] >> FEAT_BUILD_ID) & 1))
		return false;
	for (bit = 0; bit < FEAT_BUILD_ID; bit++)
		k += (features[0] >> bit) & 1;
	/* data->offset + data->size cannot wrap: pd_read_file() checked */
	tab = data->offset + data->size;
	if (tab > UINT64_MAX - 16 * (k + 1) ||
	    !pd_pread(pd, &s, sizeof(s), tab + 16 * k, hdr))
		return false;
	/* the file's size bounds the body before it is allocated */
	if (!s.size || s.size > MAX_FEATURES ||
	    s.offset > UINT64_MAX - s.size ||
	    !pd_pread(pd, NULL, 0, s.offset + s.size, hdr))
		return false;
	body = xmalloc(s.size);
	ok = pd_pread(pd, body, s.size, s.offset, hdr);
	if (ok)
		feat_build_ids(pd, body, body + s.size);
	free(body);
	return ok;
}

/*
 * File mode: the header, what precedes the data section (ids and attrs,
 * buffered), the build-id table when the file can be read out of order,
 * the data, then the feature sections.
 */
int pd_read_file(struct pd *pd, const unsigned char *hdr)
{
	struct section attrs, data;
	uint64_t attr_size, features[4];
	unsigned char *pre;
	bool have_bids;
	int ret;

	attr_size = pd_u64(hdr + 16);
	memcpy(&attrs, hdr + 24, sizeof(attrs));
	memcpy(&data, hdr + 40, sizeof(data));
	memcpy(features, hdr + 72, sizeof(features));
	if (data.offset < FILE_HEADER_SIZE || data.offset > MAX_PREFIX)
		return pd_fail(pd, 40, "data section at offset %llu",
			       (unsigned long long)data.offset);
	if (attr_size < 16 + PERF_ATTR_SIZE_VER0 || attr_size > 4096)
		return pd_fail(pd, 16, "attr size %llu",
			       (unsigned long long)attr_size);
	if (attrs.offset < FILE_HEADER_SIZE || attrs.size > data.offset ||
	    attrs.offset > data.offset - attrs.size ||
	    attrs.size % attr_size || !attrs.size)
		return pd_fail(pd, 24, "attrs section (%llu bytes at %llu) "
			       "outside what precedes the data",
			       (unsigned long long)attrs.size,
			       (unsigned long long)attrs.offset);
	pre = pd_take_copy(pd, data.offset - FILE_HEADER_SIZE);
	if (!pre)
		return pd->failed ? -1 :
		       pd_fail(pd, pd->off, "truncated: the input ends "
			       "before the data section");
	ret = read_attrs(pd, pre, &attrs, attr_size, data.offset);
	free(pre);
	if (ret)
		return -1;
	if (data.size == 0 || data.size > UINT64_MAX - data.offset)
		/* a recording killed before perf wrote its header */
		return pd_fail(pd, 40, "empty data section (the recording "
			       "did not finish?)");
	have_bids = read_build_ids_early(pd, hdr, &data, features);
	if (pd->loop->read_records(pd, data.size))
		return -1;
	if (pd->ordered && pd_flush(pd, UINT64_MAX))
		return -1;
	return read_features(pd, features, have_bids);
}
