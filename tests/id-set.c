// SPDX-License-Identifier: GPL-2.0
/* lib/id-set: an option's ids, a set made once; what matches is what the
 * text compare per sample matched before. */
#include <string.h>

#include "lib/id-set.h"
#include "tap.h"

static void make(struct id_set *s, char **words, size_t nr)
{
	struct po_list l = { .v = words, .nr = nr };

	id_set_init(s, &l);
}

int main(void)
{
	char *none[] = { NULL };
	char *list[] = { "42", "7,1000,7", "4294967295" };
	char *odd[] = { "007", "+7", " 7", "7x", "4294967296", "", "0" };
	char *empty[] = { "" };
	struct id_set s;

	make(&s, none, 0);
	ok(id_set_passes(&s, 0) && id_set_passes(&s, 12345),
	   "no list given: every id passes");
	id_set_release(&s);

	make(&s, list, 3);
	ok(s.nr == 4, "words and a word's comma parts, repeats once (%zu)",
	   s.nr);
	ok(id_set_passes(&s, 7) && id_set_passes(&s, 42) &&
		   id_set_passes(&s, 1000) && id_set_passes(&s, 4294967295u),
	   "each id listed passes");
	ok(!id_set_passes(&s, 0) && !id_set_passes(&s, 8) &&
		   !id_set_passes(&s, 100),
	   "an id not listed does not");
	id_set_release(&s);

	make(&s, odd, 7);
	ok(s.nr == 1 && id_set_passes(&s, 0) && !id_set_passes(&s, 7),
	   "only words written as %%u writes an id count: not 007, +7, ' 7', "
	   "7x, 2^32");
	id_set_release(&s);

	make(&s, empty, 1);
	ok(s.given && !id_set_passes(&s, 0) && !id_set_passes(&s, 1),
	   "a list given but naming no id lets nothing pass");
	id_set_release(&s);
	ok(s.nr == 0 && !s.v, "release leaves it empty");
	return done_testing();
}
