// SPDX-License-Identifier: GPL-2.0
/* lib/strbuf: the invariants its header states. */
#include <string.h>

#include "lib/strbuf.h"
#include "tap.h"

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *s;
	size_t len, i;

	ok(sb.len == 0 && sb.buf && sb.buf[0] == '\0',
	   "STRBUF_INIT is an empty string without allocating");
	strbuf_release(&sb);
	ok(sb.len == 0 && sb.buf[0] == '\0', "releasing an unused one is fine");

	strbuf_addstr(&sb, "frame");
	strbuf_addch(&sb, ';');
	strbuf_addf(&sb, "%s_%d", "x", 42);
	ok(!strcmp(sb.buf, "frame;x_42") && sb.len == 10, "adds in order");

	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%05zu", i);
	ok(sb.len == 10 + 5000 && sb.buf[sb.len] == '\0' &&
		   !memcmp(sb.buf + sb.len - 5, "00999", 5),
	   "addf grows past its first guess");

	strbuf_setlen(&sb, 5);
	ok(!strcmp(sb.buf, "frame"), "setlen cuts");
	strbuf_add(&sb, "a\0b", 3);
	ok(sb.len == 8 && sb.buf[6] == '\0' && sb.buf[7] == 'b',
	   "NUL bytes are kept, len counts them");
	strbuf_addchars(&sb, ' ', 3);
	ok(sb.len == 11 && !strcmp(sb.buf + 8, "   "), "addchars pads");

	s = strbuf_detach(&sb, &len);
	ok(len == 11 && sb.len == 0 && sb.buf[0] == '\0',
	   "detach hands the string over and leaves an empty strbuf");
	free(s);

	s = strbuf_detach(&sb, &len);
	ok(s && len == 0 && s[0] == '\0', "detaching an empty one gives \"\"");
	free(s);
	strbuf_reset(&sb);
	strbuf_release(&sb);
	return done_testing();
}
