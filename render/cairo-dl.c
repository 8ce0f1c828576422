// SPDX-License-Identifier: GPL-2.0
/*
 * cairo through dlopen(), for the PNG backend only.
 *
 * Linking libcairo made every command pay for it at startup: it brings in
 * some eighteen libraries (pixman, fontconfig, freetype, png, X11, xcb,
 * expat, brotli...), and the dynamic linker maps and relocates them all
 * before main(), whether or not anything is drawn. A do-nothing program
 * linked against cairo's libraries started in 8.3 ms against 3.2 ms
 * without, and most runs of flamediff (fold, report, diff, svg) never draw
 * a pixel. So cairo is loaded the first time a PNG is drawn, and only
 * then.
 */
#define CAIRO_DL_IMPL
#include <dlfcn.h>
#include <stdbool.h>

#include "render/cairo-dl.h"

/* The soname: the ABI render/png.c was compiled against (cairo 1.x). */
#define CAIRO_SONAME "libcairo.so.2"

struct cairo_api cairo_api;

/*
 * Not thread-safe, and need not be: PNGs are drawn from one thread. The
 * outcome is kept, so a second PNG in the same process neither loads the
 * library again nor, when it is missing, searches for it again.
 */
static bool tried;
static int load_ret;
static struct fd_err load_err;

static int load(struct fd_err *err)
{
	struct cairo_api api;
	const char *missing = NULL;
	void *h;

	/*
	 * RTLD_NOW: a library too old for one of our functions fails here,
	 * with a message, rather than in the middle of a drawing. LOCAL: its
	 * symbols serve only the pointers below.
	 */
	h = dlopen(CAIRO_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return fd_err_set(err, "%s: cannot load (%s): PNG output needs "
				  "cairo", CAIRO_SONAME, dlerror());
	/* Fill a copy: cairo_api is never seen half resolved. */
#define CAIRO_DL_RESOLVE(name)                                             \
	if (!missing) {                                                    \
		api.name = (__typeof__(api.name))dlsym(h, #name);          \
		if (!api.name)                                             \
			missing = #name;                                   \
	}
	CAIRO_FUNCS(CAIRO_DL_RESOLVE)
#undef CAIRO_DL_RESOLVE
	if (missing) {
		dlclose(h);
		return fd_err_set(err, "%s: has no %s: PNG output needs "
				  "cairo", CAIRO_SONAME, missing);
	}
	/* Never closed: cairo's font caches live until exit (png.c frees
	 * them from an atexit handler, which needs the code still mapped). */
	cairo_api = api;
	return 0;
}

int cairo_dl_load(struct fd_err *err)
{
	if (!tried) {
		tried = true;
		load_ret = load(&load_err);
	}
	if (load_ret)
		*err = load_err;
	return load_ret;
}
