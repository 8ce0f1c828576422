/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_CAIRO_DL_H
#define FLAMEDIFF_CAIRO_DL_H

#include <cairo.h>

#include "lib/error.h"

/*
 * cairo, loaded at run time: only the PNG backend draws, so only it pays
 * for mapping libcairo and the libraries it needs (render/cairo-dl.c says
 * why). The types and prototypes still come from <cairo.h>; the functions
 * are reached through cairo_api, filled by cairo_dl_load(), which every
 * entry point of render/png.c calls before its first cairo call.
 *
 * CAIRO_FUNCS is every cairo function render/png.c calls, and only those:
 * a call to one not listed here is a link error (libcairo is not linked),
 * so adding one to png.c means adding it here.
 */
#define CAIRO_FUNCS(X)                                                     \
	X(cairo_arc)                                                       \
	X(cairo_clip)                                                      \
	X(cairo_close_path)                                                \
	X(cairo_create)                                                    \
	X(cairo_debug_reset_static_data)                                   \
	X(cairo_destroy)                                                   \
	X(cairo_fill)                                                      \
	X(cairo_fill_preserve)                                             \
	X(cairo_font_options_create)                                       \
	X(cairo_font_options_destroy)                                      \
	X(cairo_font_options_set_antialias)                                \
	X(cairo_font_options_set_hint_metrics)                             \
	X(cairo_image_surface_create)                                      \
	X(cairo_move_to)                                                   \
	X(cairo_new_sub_path)                                              \
	X(cairo_paint)                                                     \
	X(cairo_pattern_add_color_stop_rgb)                                \
	X(cairo_pattern_create_linear)                                     \
	X(cairo_pattern_destroy)                                           \
	X(cairo_rectangle)                                                 \
	X(cairo_restore)                                                   \
	X(cairo_save)                                                      \
	X(cairo_select_font_face)                                          \
	X(cairo_set_dash)                                                  \
	X(cairo_set_font_options)                                          \
	X(cairo_set_font_size)                                             \
	X(cairo_set_line_width)                                            \
	X(cairo_set_source)                                                \
	X(cairo_set_source_rgb)                                            \
	X(cairo_show_text)                                                 \
	X(cairo_status)                                                    \
	X(cairo_status_to_string)                                          \
	X(cairo_stroke)                                                    \
	X(cairo_surface_destroy)                                           \
	X(cairo_surface_flush)                                             \
	X(cairo_surface_status)                                            \
	X(cairo_surface_write_to_png_stream)                               \
	X(cairo_text_extents)

/* One pointer per function, of the function's own type. */
struct cairo_api {
#define CAIRO_DL_MEMBER(name) __typeof__(name) *name;
	CAIRO_FUNCS(CAIRO_DL_MEMBER)
#undef CAIRO_DL_MEMBER
};

extern struct cairo_api cairo_api;

/*
 * Load libcairo and resolve every function of CAIRO_FUNCS, once per
 * process (later calls return at once, with the first call's result if
 * it failed). -1 with err naming the library or the missing function.
 */
int cairo_dl_load(struct fd_err *err);

/*
 * From here on, cairo_xxx(...) is a call through cairo_api, so the
 * drawing code reads as plain cairo. cairo-dl.c itself needs the real
 * names, for dlsym() and the struct above.
 */
#ifndef CAIRO_DL_IMPL
#define cairo_arc (cairo_api.cairo_arc)
#define cairo_clip (cairo_api.cairo_clip)
#define cairo_close_path (cairo_api.cairo_close_path)
#define cairo_create (cairo_api.cairo_create)
#define cairo_debug_reset_static_data (cairo_api.cairo_debug_reset_static_data)
#define cairo_destroy (cairo_api.cairo_destroy)
#define cairo_fill (cairo_api.cairo_fill)
#define cairo_fill_preserve (cairo_api.cairo_fill_preserve)
#define cairo_font_options_create (cairo_api.cairo_font_options_create)
#define cairo_font_options_destroy (cairo_api.cairo_font_options_destroy)
#define cairo_font_options_set_antialias \
	(cairo_api.cairo_font_options_set_antialias)
#define cairo_font_options_set_hint_metrics \
	(cairo_api.cairo_font_options_set_hint_metrics)
#define cairo_image_surface_create (cairo_api.cairo_image_surface_create)
#define cairo_move_to (cairo_api.cairo_move_to)
#define cairo_new_sub_path (cairo_api.cairo_new_sub_path)
#define cairo_paint (cairo_api.cairo_paint)
#define cairo_pattern_add_color_stop_rgb \
	(cairo_api.cairo_pattern_add_color_stop_rgb)
#define cairo_pattern_create_linear (cairo_api.cairo_pattern_create_linear)
#define cairo_pattern_destroy (cairo_api.cairo_pattern_destroy)
#define cairo_rectangle (cairo_api.cairo_rectangle)
#define cairo_restore (cairo_api.cairo_restore)
#define cairo_save (cairo_api.cairo_save)
#define cairo_select_font_face (cairo_api.cairo_select_font_face)
#define cairo_set_dash (cairo_api.cairo_set_dash)
#define cairo_set_font_options (cairo_api.cairo_set_font_options)
#define cairo_set_font_size (cairo_api.cairo_set_font_size)
#define cairo_set_line_width (cairo_api.cairo_set_line_width)
#define cairo_set_source (cairo_api.cairo_set_source)
#define cairo_set_source_rgb (cairo_api.cairo_set_source_rgb)
#define cairo_show_text (cairo_api.cairo_show_text)
#define cairo_status (cairo_api.cairo_status)
#define cairo_status_to_string (cairo_api.cairo_status_to_string)
#define cairo_stroke (cairo_api.cairo_stroke)
#define cairo_surface_destroy (cairo_api.cairo_surface_destroy)
#define cairo_surface_flush (cairo_api.cairo_surface_flush)
#define cairo_surface_status (cairo_api.cairo_surface_status)
#define cairo_surface_write_to_png_stream \
	(cairo_api.cairo_surface_write_to_png_stream)
#define cairo_text_extents (cairo_api.cairo_text_extents)
#endif

#endif
