// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data input itself (perfdata-int.h): the one place where it is
 * opened, mapped and read. A regular file is mapped and records are used
 * where they lie; anything else (a pipe, gzip) is streamed through the
 * line reader's buffer.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collector/perfdata-int.h"

/*
 * Map the input when it is a regular file (the path the reader opened,
 * opened again) holding perf.data as is, not gzip'ed: the bytes the
 * reader has buffered must be the file's first ones. Otherwise (a pipe,
 * gzip, memory) the input is streamed.
 */
void pd_try_map(struct pd *pd)
{
	struct linereader *lr = pd->lr;
	const char *head;
	struct stat st;
	size_t len;
	void *m;
	int fd;

	if (lr->start || lr_peek(lr, PIPE_HEADER_SIZE, &head, &len, pd->err) ||
	    len < PIPE_HEADER_SIZE)
		return;
	if (!lr->gz || !strcmp(pd->path, "<stdin>") || !strcmp(pd->path, "-"))
		return;
	fd = open(pd->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size < len || (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return;
	if (memcmp(m, head, len)) {
		munmap(m, (size_t)st.st_size);
		return;
	}
	madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
	pd->map = m;
	pd->map_len = (size_t)st.st_size;
	pd->map_owned = true;
}

void pd_unmap(struct pd *pd)
{
	if (pd->map_owned)
		munmap((void *)pd->map, pd->map_len);
	pd->map = NULL;
	pd->map_owned = false;
}

/*
 * The mapped input before every record still queued and before the
 * current offset is read for good: its pages go (they stay in the page
 * cache), in steps of 8 MiB to keep the system calls few.
 */
void pd_release_map(struct pd *pd)
{
	size_t upto = pd->off, page = 4096;
	unsigned long i;

	if (!pd->map || !pd->map_owned)
		return;
	for (i = 0; i < pd->nr_q; i++)
		if (!(pd->q[i].seq & Q_ARENA) && pd->q[i].off < upto)
			upto = pd->q[i].off;
	upto &= ~(page - 1);
	if (upto < pd->map_done + (8UL << 20))
		return;
	madvise((void *)(pd->map + pd->map_done), upto - pd->map_done,
		MADV_DONTNEED);
	pd->map_done = upto;
}

/*
 * Input access. The reader's buffer is consumed in place: n bytes at the
 * current offset, valid until the next call. A short read is the end of
 * the input (NULL, pd->failed unset) or a read error (NULL, failed set).
 */
const unsigned char *pd_take(struct pd *pd, size_t n)
{
	const char *head;
	size_t len;

	if (pd->map) {
		const unsigned char *p = pd->map + pd->off;

		if (pd->map_len - pd->off < n)
			return NULL;
		pd->off += n;
		return p;
	}
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
	if (!pd->map)
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
