/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_EXPLAIN_TEXT_H
#define FLAMEDIFF_EXPLAIN_TEXT_H

#include "analyzer/explain.h"
#include "lib/outfile.h"

/* The text, every line at most EXPLAIN_WIDTH columns. */
void explain_write(const struct explain *e, struct outfile *o);

/* The same, every line at most width columns (<= 0: EXPLAIN_WIDTH). */
void explain_write_width(const struct explain *e, struct outfile *o,
			 int width);

/* The same as a JSON object (no newline after it). */
void explain_write_json(const struct explain *e, struct outfile *o);

#endif
