/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLOR_H
#define FLAMEDIFF_COLOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "render/layout.h"

/*
 * Deterministic colours: a frame's colour is a function of its name, kind
 * and the palette only, so the same function has the same colour in every
 * graph. Both backends call these and nothing else for colour.
 */
struct rgb {
	uint8_t r, g, b;
};

/*
 * Palettes, with flamegraph.pl's names: hot (default), mem, io, wakeup,
 * chain, java, js, perl, red, green, blue, aqua, yellow, purple, orange.
 * In the multi-hue palettes (hot, mem, io, java, js, perl) kernel frames
 * get their own hue; the one-hue palettes colour every frame alike.
 * Returns false for an unknown name.
 */
bool color_palette_valid(const char *name);

/* The fill of one frame: by name for a plain graph, by heat for a diff
 * (red = more in new, blue = less, neutral grey-white when not coloured,
 * process and merged frames grey). */
struct rgb color_frame(const struct layout *l, const struct layout_frame *f);

/* The colour of a heat value -1..1 (used for frames and the legend). */
struct rgb color_heat(double heat);

/*
 * Background gradient, top to bottom: "yellow", "blue", "green", "grey" or
 * "#rrggbb" (flat). NULL picks the default ("yellow", diff: "grey").
 * Returns false for an unknown spec.
 */
bool color_background(const char *spec, bool diff, struct rgb *top,
		      struct rgb *bottom);

/* "rgb(r,g,b)" into buf (at least 20 bytes). */
void color_css(struct rgb c, char *buf);

#endif
