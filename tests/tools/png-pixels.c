// SPDX-License-Identifier: GPL-2.0
/*
 * png-pixels A.png B.png: exit 0 when the two PNGs hold the same pixels
 * (the same size and the same ARGB values), 1 when they differ, 2 when one
 * cannot be read. The golden test compares pictures, not bytes: the
 * encoder's choices (zlib level, chunk order) are not what we test.
 */
#include <cairo.h>
#include <stdio.h>
#include <string.h>

static cairo_surface_t *load(const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png-pixels: %s: %s\n", path,
			cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return NULL;
	}
	cairo_surface_flush(s);
	return s;
}

int main(int argc, char **argv)
{
	cairo_surface_t *a, *b;
	int w, h, y, rc = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: png-pixels A.png B.png\n");
		return 2;
	}
	a = load(argv[1]);
	b = load(argv[2]);
	if (!a || !b) {
		rc = 2;
		goto out;
	}
	w = cairo_image_surface_get_width(a);
	h = cairo_image_surface_get_height(a);
	if (w != cairo_image_surface_get_width(b) ||
	    h != cairo_image_surface_get_height(b) ||
	    cairo_image_surface_get_format(a) !=
		    cairo_image_surface_get_format(b)) {
		fprintf(stderr, "png-pixels: sizes differ: %dx%d and %dx%d\n",
			w, h, cairo_image_surface_get_width(b),
			cairo_image_surface_get_height(b));
		rc = 1;
		goto out;
	}
	for (y = 0; y < h; y++) {
		const unsigned char *ra = cairo_image_surface_get_data(a) +
					  (size_t)y * cairo_image_surface_get_stride(a);
		const unsigned char *rb = cairo_image_surface_get_data(b) +
					  (size_t)y * cairo_image_surface_get_stride(b);

		if (memcmp(ra, rb, (size_t)w * 4)) {
			fprintf(stderr, "png-pixels: row %d differs\n", y);
			rc = 1;
			break;
		}
	}
out:
	if (a)
		cairo_surface_destroy(a);
	if (b)
		cairo_surface_destroy(b);
	return rc;
}
