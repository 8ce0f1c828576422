// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data input itself (perfdata-int.h): the one place where it is
 * read. It is read (lib/linereader), never mapped: another user may
 * truncate a perf.data while we read it, and the next access of a mapping
 * would kill us with SIGBUS; a short read is an error that names the
 * offset.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collector/perfdata-int.h"
#include "lib/alloc.h"

/*
 * Input access. The reader's buffer is consumed in place: n bytes at the
 * current offset, valid until the next call. A short read is the end of
 * the input (NULL, pd->failed unset) or a read error (NULL, failed set).
 */
const unsigned char *pd_take(struct pd *pd, size_t n)
{
	const char *head;
	size_t len;

	if (lr_peek(pd->lr, n, &head, &len, pd->err)) {
		pd->failed = true;
		return NULL;
	}
	if (len < n)
		return NULL;
	pd->lr->start += n;
	/* the line reader's NUL bookkeeping means nothing here */
	pd->lr->nul = (size_t)-1;
	pd->off += n;
	return (const unsigned char *)head;
}

/* Give back the last n bytes taken (n <= what the last pd_take() gave). */
void pd_untake(struct pd *pd, size_t n)
{
	pd->lr->start -= n;
	pd->off -= n;
}

/* Skip n bytes; false when the input ends first. */
bool pd_skip(struct pd *pd, uint64_t n)
{
	while (n) {
		size_t chunk = n > (1UL << 20) ? 1UL << 20 : (size_t)n;

		if (!pd_take(pd, chunk))
			return false;
		n -= chunk;
	}
	return true;
}

/*
 * n bytes into a new buffer (for sections that are kept), grown as they
 * arrive: a header that claims gigabytes costs no more than the input.
 */
unsigned char *pd_take_copy(struct pd *pd, uint64_t n)
{
	unsigned char *buf = NULL;
	uint64_t got = 0;
	size_t alloc = 0;

	if (!n)
		return xmalloc(1);
	while (got < n) {
		size_t chunk = n - got > (1UL << 20) ? 1UL << 20 :
						       (size_t)(n - got);
		const unsigned char *p = pd_take(pd, chunk);

		if (!p) {
			free(buf);
			return NULL;
		}
		if (got + chunk > alloc) {
			alloc = alloc ? size_mul(alloc, 2) : chunk;
			if (alloc < got + chunk)
				alloc = got + chunk;
			buf = xrealloc(buf, alloc);
		}
		memcpy(buf + got, p, chunk);
		got += chunk;
	}
	return buf;
}

/*
 * n bytes at offset off of the file itself, out of order and without
 * moving the input (pread()): what file mode puts after the data and is
 * wanted before it. Only for a plain regular file named by its path (not
 * stdin, which may start anywhere in a file; not gzip, whose offsets are
 * not the file's): hdr, the file header already read, must be the file's
 * first bytes. A short read or error is false, and not pd->failed: the
 * input is then read in order as ever.
 */
bool pd_pread(struct pd *pd, void *buf, size_t n, uint64_t off,
	      const unsigned char *hdr)
{
	unsigned char head[FILE_HEADER_SIZE];
	struct stat st;
	size_t got = 0;
	int fd;

	if (pd->pipe || !pd->lr->raw_fd || !strcmp(pd->path, "<stdin>"))
		return false;
	fd = pd->lr->raw_fd - 1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    pread(fd, head, sizeof(head), 0) != (ssize_t)sizeof(head) ||
	    memcmp(head, hdr, sizeof(head)))
		return false;
	if (off > (uint64_t)st.st_size || n > (uint64_t)st.st_size - off)
		return false;
	while (got < n) {
		ssize_t r = pread(fd, (char *)buf + got, n - got,
				  (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return true;
}
