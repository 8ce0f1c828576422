// SPDX-License-Identifier: GPL-2.0
/*
 * Issue 27: with -j 2 the perf.data reader reads /proc/kallsyms on a
 * thread from the first kernel sample on (pd_kernel_ahead()). What that
 * thread read is taken only when the end would read the same: a module
 * map recorded after the first kernel sample must be checked as -j 1
 * checks it. This machine's kernel may load no modules at all, so the
 * map is one of a module that is not loaded: -j 1 finds it gone (its
 * frames "[module]", one warning), and so must -j 2.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"
#include "tap.h"

#define MOD "flamediff_test_gone"

struct fixture {
	struct pd pd;
	struct input_opts io;
	struct fd_err err;
	struct strbuf warn;
	struct kallsyms k;
	bool have;
	int rc;
};

/* A reader at its first kernel sample of a recording of this kernel. */
static void setup(struct fixture *f, unsigned int jobs)
{
	struct utsname u;

	memset(f, 0, sizeof(*f));
	strbuf_init(&f->warn, 0);
	f->io.jobs = jobs;
	f->pd.o = &f->io;
	f->pd.err = &f->err;
	f->pd.warn = &f->warn;
	f->pd.path = "test.data";
	f->pd.kernel_samples = 1;
	if (uname(&u))
		abort();
	f->pd.release = xstrdup(u.release);
	f->pd.host = xstrdup(u.nodename);
}

static void add_module_map(struct fixture *f)
{
	struct kmod_map *m;

	f->pd.kmods = xrealloc(f->pd.kmods, (f->pd.nr_kmods + 1) *
						    sizeof(*f->pd.kmods));
	m = &f->pd.kmods[f->pd.nr_kmods++];
	memset(m, 0, sizeof(*m));
	strcpy(m->name, MOD);
	m->start = 0xffffffffc0000000ULL;
	m->end = m->start + 0x10000;
}

static void symbols(struct fixture *f)
{
	f->rc = pd_kernel_symbols(&f->pd, &f->k, &f->have);
}

static int gone(const struct fixture *f)
{
	return f->rc == 0 && f->have && f->k.nr_gone == 1 &&
	       !strcmp(f->k.gone[0].map.name, MOD) &&
	       strstr(f->warn.buf, "module " MOD ": not where the recording "
				   "saw it") != NULL;
}

static void teardown(struct fixture *f)
{
	pd_kernel_ahead_release(&f->pd);
	if (f->have)
		kallsyms_release(&f->k);
	free(f->pd.kmods);
	free(f->pd.release);
	free(f->pd.host);
	strbuf_release(&f->warn);
}

int main(void)
{
	struct fixture one, two;
	unsigned long nr;
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[256] = "";

	if (!fp || !fgets(line, sizeof(line), fp) ||
	    !strncmp(line, "0000000000000000", 16))
		skip_all("/proc/kallsyms hides its addresses here");
	fclose(fp);

	/* -j 1: no thread; the map is checked at the end */
	setup(&one, 1);
	pd_kernel_ahead(&one.pd);
	ok(one.pd.ahead == NULL, "-j 1 reads nothing ahead");
	add_module_map(&one);
	symbols(&one);
	ok(gone(&one), "-j 1: the module not loaded here is gone, with a "
		       "warning");

	/* -j 2: read ahead with no module map; the map comes after */
	setup(&two, 2);
	pd_kernel_ahead(&two.pd);
	ok(two.pd.ahead != NULL, "-j 2 reads /proc/kallsyms ahead");
	add_module_map(&two);
	symbols(&two);
	ok(gone(&two) && !pd_kernel_ahead_taken(&two.pd),
	   "-j 2, the map after the first kernel sample: read again, gone "
	   "as with -j 1");
	ok(two.rc == 0 && two.k.tab.nr == one.k.tab.nr &&
		   !strcmp(two.warn.buf, one.warn.buf),
	   "the same symbols (%lu) and warnings as -j 1", one.k.tab.nr);
	nr = one.k.tab.nr;
	teardown(&two);

	/* -j 2 with nothing after: what the thread read is used */
	setup(&two, 2);
	add_module_map(&two);
	pd_kernel_ahead(&two.pd);
	symbols(&two);
	ok(pd_kernel_ahead_taken(&two.pd) && gone(&two) && two.k.tab.nr == nr,
	   "-j 2 with the map before: the thread's read, the same result");
	teardown(&two);
	teardown(&one);
	return done_testing();
}
