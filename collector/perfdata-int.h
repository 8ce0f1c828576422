/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_PERFDATA_INT_H
#define FLAMEDIFF_COLLECTOR_PERFDATA_INT_H

/*
 * The perf.data reader's parts (perfdata.h is its one entry point), one
 * state, struct pd, shared by:
 *
 *  perfdata-input.c   the perf.data input itself: the one place that
 *                     opens, maps and reads it (pd_take() and friends);
 *  perfdata-header.c  the file header, the attrs (events) and the
 *                     feature sections;
 *  perfdata-sample.c  a SAMPLE record taken apart by its event's
 *                     sample_type;
 *  perfdata-queue.c   the ordered-events queue (FINISHED_ROUND rounds);
 *  perfdata-zstd.c    PERF_RECORD_COMPRESSED;
 *  perfdata-buildid.c the build-id table and the files it names;
 *  perfdata-kernel.c  where kernel frames get their names;
 *  perfdata-msg.c     the messages, and a record realigned;
 *  perfdata.c         the record loop (struct pd_loop) and the profile
 *                     built at the end.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <zstd.h>

#include "analyzer/input.h"
#include "analyzer/profile.h"
#include "collector/decode.h"
#include "collector/kallsyms.h"
#include "collector/perf-records.h"
#include "collector/perfdata.h"
#include "lib/error.h"
#include "lib/hmap.h"
#include "lib/id-set.h"
#include "lib/linereader.h"
#include "lib/strbuf.h"

/* The user-space records perf writes besides the kernel's (perf's
 * tools/perf/util/event.h numbering). */
enum {
	PD_HEADER_ATTR = 64,
	PD_HEADER_EVENT_TYPE = 65,
	PD_HEADER_TRACING_DATA = 66,
	PD_HEADER_BUILD_ID = 67,
	PD_FINISHED_ROUND = 68,
	PD_AUXTRACE = 71,
	PD_EVENT_UPDATE = 78,
	PD_HEADER_FEATURE = 80,
	PD_COMPRESSED = 81,
};

/* Feature bits (perf's header.h), the ones read here. */
enum {
	FEAT_BUILD_ID = 2,
	FEAT_HOSTNAME = 3,
	FEAT_OSRELEASE = 4,
	FEAT_NRCPUS = 7,
	FEAT_CMDLINE = 11,
	FEAT_EVENT_DESC = 12,
	FEAT_SAMPLE_TIME = 21,
	FEAT_BITS = 256,
};

#define EVENT_UPDATE_NAME 2
#define FILE_HEADER_SIZE 104 /* 3 u64, 3 sections, 256 bits */
#define PIPE_HEADER_SIZE 16
/* Everything before the data section is buffered: ids and attrs. */
#define MAX_PREFIX (64UL << 20)
#define MAX_FEATURES (256UL << 20)
#define MAX_EVSELS 4096

struct bid_entry {
	char *path;
	unsigned char bid[20];
	unsigned int len;
};

struct pd_evsel {
	struct perf_event_attr attr;
	char *name;
	struct stacks stacks;
	uint64_t samples;
	uint64_t first_seq; /* of its first sample; UINT64_MAX: none */
	int regs_idx[64];   /* REGS_USER_MASK order -> index in the sample */
};

/* A record waiting for its round to end (time order). */
struct qent {
	uint64_t time, seq;
	uint64_t off;	/* in the queue's arena */
	uint64_t where; /* input offset, for messages */
};

/* qent.seq's top bit: the record is in the queue's arena (every queued
 * record is, now that the input is never mapped). */
#define Q_ARENA (1ULL << 63)

struct psample {
	struct decoded_sample ds;
	uint64_t time;
	uint64_t regs[64];
};

/*
 * perfdata.c's record loop, which the other files reach through pd->loop
 * (set by perf_data_read()), never by name: the pipe's header
 * (perfdata-header.c) reads the records that follow it, the queue
 * (perfdata-queue.c) delivers what it releases, a COMPRESSED record
 * (perfdata-zstd.c) hands back the records inside it. The loop calls
 * them; they do not call back into perfdata.c, so the reader's files call
 * each other one way (tests/t-layers.sh).
 */
struct pd;

struct pd_loop {
	/* One record of the stream (data section, pipe, or out of
	 * COMPRESSED). */
	int (*process)(struct pd *pd, const struct perf_event_header *h,
		       uint64_t where);
	/* A record in time order: to the machine, the stacks or the
	 * counters. */
	int (*deliver)(struct pd *pd, const struct perf_event_header *h,
		       uint64_t where);
	/* The records of the data section (size bytes; UINT64_MAX: a
	 * pipe). */
	int (*read_records)(struct pd *pd, uint64_t size);
};

struct pd {
	const struct pd_loop *loop;
	struct linereader *lr;
	const struct input_opts *o;
	struct fd_err *err;
	struct strbuf *warn;
	const char *path;
	uint64_t off; /* input bytes consumed */
	bool pipe, failed;

	struct pd_evsel *ev;
	unsigned long nr_ev, alloc_ev;
	struct hmap ids; /* sample id -> evsel index */
	struct id_set only_pid, only_tid; /* from o, made once */

	struct dsos dsos;
	struct machine machine;
	struct record_stats st;
	struct decoder dec;
	struct unwinder *unwinder;
	struct stacks none; /* the decoder's stacks before any sample */

	/* time ordering, as perf's FINISHED_ROUND flushing */
	bool ordered;
	struct qent *q, *qtmp;
	unsigned long nr_q, alloc_q, alloc_qtmp;
	unsigned char *arena, *arena2; /* arena2: where pd_flush() compacts */
	size_t arena_len, arena_alloc, arena2_alloc;
	uint64_t seq, max_time, flush_limit;
	uint64_t delivered; /* samples delivered so far */
	uint64_t first_time, last_time;

	/* PERF_RECORD_COMPRESSED */
	ZSTD_DStream *zstd;
	unsigned char *zout;
	size_t zout_len, zout_alloc;

	/* build-ids of the user binaries (BUILD_ID feature) */
	struct bid_entry *bids;
	unsigned long nr_bids, alloc_bids;

	/* what the features say */
	unsigned char kernel_bid[20];
	unsigned int kernel_bid_len;
	char *host, *release, *cmdline, *cpus;
	uint64_t feat_first, feat_last;
	uint64_t kernel_samples; /* samples with a kernel frame */
	uint64_t kernel_text;	 /* where _text ran (the kernel's MMAP) */
	struct kmod_map *kmods;	 /* the modules' MMAP records */
	unsigned long nr_kmods, alloc_kmods, kmods_over;
	struct pd_ksyms_ahead *ahead; /* pd_kernel_ahead(), or NULL */

	/*
	 * Scratch space, here rather than in function statics so that two
	 * readers never share it: the sample being parsed (600 bytes of
	 * registers), a record realigned out of the input or out of a
	 * COMPRESSED record (two: a COMPRESSED record may itself be the one
	 * realigned), and the name of an unknown record type.
	 */
	struct psample s;
	/* perf_data_events(): list the events, build no profile */
	struct perf_data_event **list;
	size_t *nr_list;
	uint64_t *align_in, *align_z; /* PD_ALIGN_MAX bytes, on first use */
	char type_name[24];
};

/* The longest record realigned (a record's size is 16 bits). */
#define PD_ALIGN_MAX 65536

struct section {
	uint64_t offset, size;
};

static inline uint64_t pd_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t pd_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* perfdata-msg.c: messages, and a record realigned */
const char *pd_record_name(struct pd *pd, unsigned int type);
int pd_fail(struct pd *pd, uint64_t where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void pd_warn(struct pd *pd, const char *msg);
/* The record of size bytes at p, realigned to 8 bytes into *buf
 * (PD_ALIGN_MAX bytes, allocated on first use) when it is not. */
const struct perf_event_header *pd_aligned(const void *p, size_t size,
					   uint64_t **buf);

/* perfdata-input.c: the input. A short read is the end of the input (NULL,
 * pd->failed unset) or a read error (NULL, failed set). */
const unsigned char *pd_take(struct pd *pd, size_t n);
void pd_untake(struct pd *pd, size_t n);
bool pd_skip(struct pd *pd, uint64_t n);
unsigned char *pd_take_copy(struct pd *pd, uint64_t n);
/* n bytes at file offset off, out of order, when the input is a plain
 * regular file whose first bytes are hdr (the file header); else false. */
bool pd_pread(struct pd *pd, void *buf, size_t n, uint64_t off,
	      const unsigned char *hdr);

/* perfdata-header.c */
int pd_add_evsel(struct pd *pd, const unsigned char *attr, size_t size,
		 const unsigned char *ids, uint64_t nr_ids);
void pd_set_str(char **field, char *v);
void pd_feature(struct pd *pd, uint64_t feat, const unsigned char *b,
		size_t len);
int pd_read_file(struct pd *pd, const unsigned char *hdr);

/* perfdata-sample.c */
struct pd_evsel *pd_sample_evsel(struct pd *pd,
				 const struct perf_event_header *h);
const char *pd_parse_sample(const struct pd_evsel *e,
			    const struct perf_event_header *h,
			    struct psample *s);

/* perfdata-queue.c */
int pd_queue_record(struct pd *pd, const struct perf_event_header *h,
		    uint64_t where);
int pd_flush(struct pd *pd, uint64_t limit);

/* perfdata-zstd.c */
int pd_decompress(struct pd *pd, const struct perf_event_header *h,
		  uint64_t where);

/* perfdata-buildid.c */
void pd_build_id_event(struct pd *pd, const unsigned char *b, size_t len);
void pd_build_id_fixup(struct pd *pd);
/* A dso just mapped, not yet opened: the build-id the table gives its
 * path, when it gives one, so that it is opened (and unwound) from the
 * recorded build. */
void pd_build_id_early(struct pd *pd, struct dso *dso);

/* perfdata-kernel.c */
int pd_kernel_symbols(struct pd *pd, struct kallsyms *k, bool *have);
/*
 * At the first kernel sample: when the recorded kernel is the running one
 * and -j leaves a CPU free, /proc/kallsyms is read on a thread of its own
 * while the records are decoded. pd_kernel_symbols() takes what it read
 * when it would have read the same (the modules it checks, the same
 * stale ones), else reads again: the names are the same either way.
 * pd_kernel_ahead_release() waits for the thread and drops what it read.
 */
void pd_kernel_ahead(struct pd *pd);
void pd_kernel_ahead_release(struct pd *pd);
/* Whether pd_kernel_symbols() took the thread's read (for the tests). */
bool pd_kernel_ahead_taken(const struct pd *pd);
/* A kernel MMAP record (pid -1): where the kernel or a module ran. */
void pd_kernel_mmap(struct pd *pd, const char *path, uint64_t start,
		    uint64_t len, uint64_t pgoff);

#endif
