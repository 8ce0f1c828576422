// SPDX-License-Identifier: GPL-2.0
/*
 * Where the kernel frames of a perf.data get their names (perfdata-int.h):
 * --kallsyms, --vmlinux, or /proc/kallsyms when the recorded kernel is the
 * running one.
 */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "collector/dso.h"
#include "collector/perfdata-int.h"
#include "collector/symtab.h"
#include "lib/alloc.h"
#include "lib/safe-open.h"

/* The running kernel's build-id, from /sys/kernel/notes (ELF notes). */
static unsigned int running_kernel_bid(unsigned char bid[20])
{
	unsigned char buf[4096];
	size_t n, off = 0;
	int fd = safe_open("/sys/kernel/notes", 0, NULL, NULL, NULL);
	ssize_t got;

	if (fd < 0)
		return 0;
	got = read(fd, buf, sizeof(buf));
	close(fd);
	if (got <= 0)
		return 0;
	n = (size_t)got;
	while (n - off >= 12) {
		uint32_t namesz = pd_u32(buf + off),
			 descsz = pd_u32(buf + off + 4),
			 type = pd_u32(buf + off + 8);
		size_t name = off + 12, desc = name + ((namesz + 3) & ~3U);

		if (namesz > n || descsz > n || desc + descsz > n)
			break;
		if (type == 3 && namesz == 4 && !memcmp(buf + name, "GNU", 4)) {
			unsigned int len = descsz > 20 ? 20 : descsz;

			memcpy(bid, buf + desc, len);
			return len;
		}
		off = desc + ((descsz + 3) & ~3U);
	}
	return 0;
}

/* The kernel of the recording is the one running here. */
static bool same_kernel(struct pd *pd)
{
	unsigned char bid[20];
	unsigned int n;
	struct utsname u;

	if (pd->kernel_bid_len) {
		n = running_kernel_bid(bid);
		return n == pd->kernel_bid_len &&
		       !memcmp(bid, pd->kernel_bid, n);
	}
	/* no build-id recorded (a pipe): the release and the host */
	return pd->release && pd->host && !uname(&u) &&
	       !strcmp(u.release, pd->release) &&
	       !strcmp(u.nodename, pd->host);
}

/*
 * Kernel symbols from an ELF vmlinux, moved to where the recorded kernel
 * ran: the kernel's MMAP record says where _text was (KASLR), and _text
 * is the lowest text address of the file.
 */
static int load_vmlinux(struct pd *pd, struct kallsyms *k, const char *path)
{
	const struct symtab *t = NULL;
	uint64_t text = UINT64_MAX, shift = 0;
	char *abs = realpath(path, NULL);
	struct dso *d;
	unsigned long i;

	/* the dsos open absolute paths only (a mapping's are) */
	if (!abs)
		return fd_err_set(pd->err, "cannot read %s: %s", path,
				  strerror(errno));
	d = dsos_get(&pd->dsos, 0, 0, abs);
	free(abs);
	dso_load(&pd->dsos, d);
	if (d->symsrc)
		t = &d->symsrc->syms;
	if (!d->is_elf || !t || !t->nr)
		return fd_err_set(pd->err, "%s: no ELF symbols (--vmlinux "
				  "wants an uncompressed vmlinux)", path);
	for (i = 0; i < t->nr; i++)
		if (t->syms[i].start < text && FR_TAG(t->syms[i].start) ==
						       FR_TAG_KERNEL)
			text = t->syms[i].start;
	if (pd->kernel_text && text != UINT64_MAX)
		shift = pd->kernel_text - text;
	symtab_init(&k->tab);
	for (i = 0; i < t->nr; i++)
		symtab_add(&k->tab, t->syms[i].start + shift,
			   t->syms[i].sized ?
				   t->syms[i].end - t->syms[i].start : 0,
			   t->syms[i].name, t->syms[i].bind);
	symtab_finish(&k->tab, 0);
	return 0;
}

/* perf writes fewer than a machine's modules; see pd_kernel_mmap() */
#define KMODS_MAX 1024

void pd_kernel_mmap(struct pd *pd, const char *path, uint64_t start,
		    uint64_t len, uint64_t pgoff)
{
	struct kmod_map *m;
	char name[sizeof(m->name)];

	/* perf puts where _text ran in the kernel's pgoff (KASLR) */
	if (!strncmp(path, "[kernel.kallsyms]", 17)) {
		pd->kernel_text = pgoff;
		return;
	}
	if (!kmod_name(path, name, sizeof(name)) || start + len < start)
		return;
	/* perf writes one per module loaded at the start; kallsyms is
	 * checked against each, so a hostile file's flood is cut short */
	if (pd->nr_kmods >= KMODS_MAX) {
		if (!pd->kmods_over++)
			pd_warn(pd, "more than 1024 kernel module maps: the "
				"rest are not checked against kallsyms");
		return;
	}
	ALLOC_GROW(pd->kmods, pd->nr_kmods + 1, pd->alloc_kmods);
	m = &pd->kmods[pd->nr_kmods++];
	memcpy(m->name, name, sizeof(name));
	m->start = start;
	m->end = start + len;
}

/*
 * The kernel modules of the build-id table ("/lib/modules/.../x.ko",
 * maybe compressed) whose module loaded now has another build-id: rebuilt
 * since the recording, so their kallsyms names are another build's; a
 * warning each when warn. NULL-terminated, NULL when none.
 */
static char **stale_modules(struct pd *pd, bool warn)
{
	char **v = NULL;
	unsigned long i, nr = 0, alloc = 0;

	for (i = 0; i < pd->nr_bids; i++) {
		const struct bid_entry *b = &pd->bids[i];
		unsigned char now[20];
		unsigned int n;
		char name[64], msg[512], hex[41];

		if (b->path[0] != '/' || !kmod_name(b->path, name, sizeof(name)))
			continue;
		/* not loaded now: kallsyms has none of its names */
		n = kmod_build_id(name, now);
		if (!n || (n == b->len && !memcmp(now, b->bid, n)))
			continue;
		if (warn) {
			build_id_hex(b->bid, b->len, hex);
			snprintf(msg, sizeof(msg), "module %s: build-id %s "
				 "was recorded, the loaded module has another "
				 "(rebuilt?): its frames are [%s]", name, hex,
				 name);
			pd_warn(pd, msg);
		}
		ALLOC_GROW(v, nr + 2, alloc);
		v[nr++] = xstrdup(name);
		v[nr] = NULL;
	}
	return v;
}

/* The recorded modules /proc/kallsyms shows elsewhere or not at all. */
static void warn_gone(struct pd *pd, const struct kallsyms *k)
{
	unsigned long i;

	for (i = 0; i < k->nr_gone; i++) {
		const struct kmod_map *m = &k->gone[i].map;
		char msg[512];

		snprintf(msg, sizeof(msg), "module %s: not where the "
			 "recording saw it (%#" PRIx64 "-%#" PRIx64 "; unloaded "
			 "or moved since): its frames are %s", m->name,
			 m->start, m->end, k->gone[i].label);
		pd_warn(pd, msg);
	}
}

static void free_strv(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

static bool same_strv(char *const *a, char *const *b)
{
	size_t i;

	for (i = 0; a && b && a[i] && b[i]; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return (!a || !a[i]) && (!b || !b[i]);
}

/* /proc/kallsyms read on a thread, with the modules it was checked
 * against: struct pd's ahead. */
struct pd_ksyms_ahead {
	pthread_t thread;
	bool joined, taken;
	char **stale;
	struct kmod_map *maps;
	unsigned long nr_maps;
	/* the thread's result, taken by pd_kernel_symbols() (taken) or
	 * dropped by the release */
	struct kallsyms k;
	struct fd_err err;
	int rc;
};

static void *ahead_run(void *arg)
{
	struct pd_ksyms_ahead *a = arg;

	a->rc = kallsyms_load_recorded(&a->k, "/proc/kallsyms",
				       (const char *const *)a->stale, a->maps,
				       a->nr_maps, &a->err);
	return NULL;
}

void pd_kernel_ahead(struct pd *pd)
{
	struct pd_ksyms_ahead *a;

	/* Only where pd_kernel_symbols() reads /proc/kallsyms, and not
	 * for perf_data_events(), which names no frame. */
	if (input_jobs(pd->o) < 2 || pd->ahead || pd->list || pd->o->kallsyms ||
	    pd->o->vmlinux || !same_kernel(pd))
		return;
	a = xcalloc(1, sizeof(*a));
	a->stale = stale_modules(pd, false);
	a->nr_maps = pd->nr_kmods;
	a->maps = xmalloc(size_mul(a->nr_maps + 1, sizeof(*a->maps)));
	if (a->nr_maps)
		memcpy(a->maps, pd->kmods, a->nr_maps * sizeof(*a->maps));
	if (pthread_create(&a->thread, NULL, ahead_run, a)) {
		/* no thread: read when needed, as with -j 1 */
		free_strv(a->stale);
		free(a->maps);
		free(a);
		return;
	}
	pd->ahead = a;
}

static void ahead_join(struct pd_ksyms_ahead *a)
{
	if (!a->joined)
		pthread_join(a->thread, NULL);
	a->joined = true;
}

void pd_kernel_ahead_release(struct pd *pd)
{
	struct pd_ksyms_ahead *a = pd->ahead;

	if (!a)
		return;
	ahead_join(a);
	if (!a->rc && !a->taken)
		kallsyms_release(&a->k);
	free_strv(a->stale);
	free(a->maps);
	free(a);
	pd->ahead = NULL;
}

/*
 * kallsyms_load_recorded() of /proc/kallsyms, or what the thread read
 * ahead (once) when it read that with the same stale modules and module
 * maps (a module map or a build-id record after the first kernel sample,
 * as a pipe may bring, reads again).
 */
static int load_running(struct pd *pd, struct kallsyms *k,
			char *const *stale, struct fd_err *e)
{
	struct pd_ksyms_ahead *a = pd->ahead;

	if (!a || a->taken || !same_strv(stale, a->stale) ||
	    a->nr_maps != pd->nr_kmods ||
	    (a->nr_maps &&
	     memcmp(a->maps, pd->kmods, a->nr_maps * sizeof(*a->maps))))
		return kallsyms_load_recorded(k, "/proc/kallsyms",
					      (const char *const *)stale,
					      pd->kmods, pd->nr_kmods, e);
	ahead_join(a);
	*k = a->k;
	*e = a->err;
	/* k is the caller's now: the release frees the rest only */
	a->taken = true;
	return a->rc;
}

bool pd_kernel_ahead_taken(const struct pd *pd)
{
	return pd->ahead && pd->ahead->taken;
}

int pd_kernel_symbols(struct pd *pd, struct kallsyms *k, bool *have)
{
	*have = false;
	if (!pd->kernel_samples)
		return 0;
	if (pd->o->kallsyms) {
		if (kallsyms_load(k, pd->o->kallsyms, pd->err))
			return -1;
		*have = true;
		return 0;
	}
	if (pd->o->vmlinux) {
		if (load_vmlinux(pd, k, pd->o->vmlinux))
			return -1;
		*have = true;
		return 0;
	}
	if (same_kernel(pd)) {
		struct fd_err e = { { 0 } };

		char **stale = stale_modules(pd, true);
		int rc = load_running(pd, k, stale, &e);

		free_strv(stale);
		if (!rc) {
			warn_gone(pd, k);
			*have = true;
			return 0;
		}
		pd_warn(pd, e.msg);
		return 0;
	}
	pd_warn(pd, "perf.data from another kernel than the running one: "
	     "kernel frames are [unknown] (name them with --kallsyms FILE "
	     "or --vmlinux FILE of that kernel)");
	return 0;
}
