// SPDX-License-Identifier: GPL-2.0
/*
 * Frame colours. Everything is a pure function of (palette, name, kind),
 * so two graphs of one workload colour the same function alike and the
 * SVG and PNG backends agree pixel for pixel on fills.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/hex.h"
#include "render/color.h"

/* A colour range: each channel lo + (hi - lo) * one of three hash parts. */
struct range {
	uint8_t lo[3], hi[3];
	uint8_t part[3]; /* which hash part drives r, g, b */
};

/* Ranges, by role. */
#define R_HOT { { 205, 0, 0 }, { 255, 230, 55 }, { 2, 0, 1 } }
#define R_KERNEL { { 40, 160, 150 }, { 110, 210, 200 }, { 0, 1, 1 } }
#define R_JIT { { 50, 185, 50 }, { 110, 235, 110 }, { 0, 1, 0 } }
#define R_INLINE { { 190, 120, 210 }, { 230, 160, 240 }, { 0, 1, 2 } }
#define R_WAKER { { 120, 140, 180 }, { 160, 170, 220 }, { 0, 0, 1 } }
#define R_GREY { { 165, 165, 165 }, { 200, 200, 200 }, { 0, 0, 0 } }
#define R_RED { { 200, 50, 50 }, { 255, 130, 130 }, { 0, 1, 1 } }
#define R_GREEN { { 50, 200, 50 }, { 130, 255, 130 }, { 0, 1, 0 } }
#define R_BLUE { { 80, 80, 205 }, { 140, 140, 255 }, { 0, 0, 1 } }
#define R_AQUA { { 50, 165, 165 }, { 110, 215, 215 }, { 0, 1, 1 } }
#define R_YELLOW { { 175, 175, 50 }, { 235, 235, 70 }, { 0, 0, 1 } }
#define R_PURPLE { { 190, 80, 190 }, { 255, 145, 255 }, { 0, 1, 0 } }
#define R_ORANGE { { 190, 90, 0 }, { 255, 160, 55 }, { 0, 1, 2 } }
#define R_MEM { { 0, 190, 0 }, { 50, 255, 80 }, { 0, 1, 2 } }
#define R_IO { { 80, 80, 190 }, { 140, 140, 255 }, { 0, 0, 1 } }

struct palette {
	const char *name;
	struct range kind[FRAME_KIND_MAX];
};

#define ONE_HUE(n, R)                                                      \
	{ n, { R, R, R, R, R, R } }

static const struct palette palettes[] = {
	/* user, kernel, jit, inline, waker, process */
	{ "hot", { R_HOT, R_KERNEL, R_JIT, R_INLINE, R_WAKER, R_GREY } },
	{ "mem", { R_MEM, R_KERNEL, R_JIT, R_INLINE, R_WAKER, R_GREY } },
	{ "io", { R_IO, R_ORANGE, R_JIT, R_INLINE, R_WAKER, R_GREY } },
	{ "java", { R_YELLOW, R_ORANGE, R_GREEN, R_AQUA, R_WAKER, R_GREY } },
	{ "js", { R_YELLOW, R_ORANGE, R_GREEN, R_AQUA, R_WAKER, R_GREY } },
	{ "perl", { R_YELLOW, R_ORANGE, R_GREEN, R_AQUA, R_WAKER, R_GREY } },
	ONE_HUE("wakeup", R_AQUA),
	ONE_HUE("chain", R_BLUE),
	ONE_HUE("red", R_RED),
	ONE_HUE("green", R_GREEN),
	ONE_HUE("blue", R_BLUE),
	ONE_HUE("aqua", R_AQUA),
	ONE_HUE("yellow", R_YELLOW),
	ONE_HUE("purple", R_PURPLE),
	ONE_HUE("orange", R_ORANGE),
};

/*
 * Off-CPU time, unless --colors names a palette: cool blues, so that an
 * off-CPU graph is not taken for a CPU profile at a glance. Kernel frames
 * (most of them) a greener blue than user ones.
 */
#define R_COLD { { 70, 110, 200 }, { 140, 180, 255 }, { 0, 1, 2 } }
#define R_COLD_KERNEL { { 60, 140, 200 }, { 120, 200, 250 }, { 0, 1, 1 } }
static const struct palette offcpu_palette = {
	"offcpu",
	{ R_COLD, R_COLD_KERNEL, R_COLD, R_COLD, R_COLD, R_GREY },
};

static const struct palette *find_palette(const char *name)
{
	size_t i;

	if (!name)
		return &palettes[0];
	for (i = 0; i < sizeof(palettes) / sizeof(palettes[0]); i++)
		if (!strcmp(palettes[i].name, name))
			return &palettes[i];
	return NULL;
}

bool color_palette_valid(const char *name)
{
	return find_palette(name) != NULL;
}

/* Three numbers in [0, 1) from the name; FNV-1a, then split. */
static void name_hash(const char *s, size_t len, double v[3])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	v[0] = (double)(h & 0xfffff) / 0x100000;
	v[1] = (double)((h >> 20) & 0xfffff) / 0x100000;
	v[2] = (double)((h >> 40) & 0xfffff) / 0x100000;
}

static uint8_t mix(uint8_t lo, uint8_t hi, double t)
{
	return (uint8_t)(lo + (hi - lo) * t);
}

struct rgb color_heat(double heat)
{
	double a;
	uint8_t c;

	if (heat == 0 || !isfinite(heat))
		return (struct rgb){ 224, 224, 224 };
	/* Coloured frames start visibly tinted, so even the smallest
	 * change that passed the filters stands out from neutral grey. */
	a = 0.2 + 0.8 * fmin(fabs(heat), 1);
	c = (uint8_t)(240 - 200 * a);
	if (heat > 0)
		return (struct rgb){ 255, c, c };
	return (struct rgb){ c, c, 255 };
}

struct rgb color_frame(const struct layout *l, const struct layout_frame *f)
{
	const struct palette *p;
	const struct range *r;
	double v[3];
	unsigned int kind = f->kind < FRAME_KIND_MAX ? f->kind : FRAME_USER;

	if (l->diff) {
		if (f->flags & LF_MERGED)
			return (struct rgb){ 200, 200, 200 };
		return color_heat(layout_delta(l, f)->heat);
	}
	if (f->flags & LF_MERGED)
		return (struct rgb){ 190, 190, 190 };
	p = !l->opts->colors && l->offcpu ? &offcpu_palette
					  : find_palette(l->opts->colors);
	if (!p)
		p = &palettes[0];
	r = &p->kind[kind];
	name_hash(f->name, f->name_len, v);
	return (struct rgb){ mix(r->lo[0], r->hi[0], v[r->part[0]]),
			     mix(r->lo[1], r->hi[1], v[r->part[1]]),
			     mix(r->lo[2], r->hi[2], v[r->part[2]]) };
}

bool color_background(const char *spec, bool diff, struct rgb *top,
		      struct rgb *bottom)
{
	static const struct {
		const char *name;
		struct rgb top, bottom;
	} bg[] = {
		{ "yellow", { 238, 238, 238 }, { 238, 238, 176 } },
		{ "blue", { 238, 238, 238 }, { 224, 224, 255 } },
		{ "green", { 238, 240, 238 }, { 224, 255, 224 } },
		{ "grey", { 248, 248, 248 }, { 232, 232, 232 } },
	};
	size_t i;
	int d[6];

	if (!spec)
		spec = diff ? "grey" : "yellow";
	for (i = 0; i < sizeof(bg) / sizeof(bg[0]); i++)
		if (!strcmp(spec, bg[i].name)) {
			*top = bg[i].top;
			*bottom = bg[i].bottom;
			return true;
		}
	if (spec[0] != '#' || strlen(spec) != 7)
		return false;
	for (i = 0; i < 6; i++)
		if ((d[i] = hex_value(spec[i + 1])) < 0)
			return false;
	top->r = d[0] * 16 + d[1];
	top->g = d[2] * 16 + d[3];
	top->b = d[4] * 16 + d[5];
	*bottom = *top;
	return true;
}

void color_css(struct rgb c, char *buf)
{
	snprintf(buf, 20, "rgb(%u,%u,%u)", c.r, c.g, c.b);
}
