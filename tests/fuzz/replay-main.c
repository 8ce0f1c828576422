// SPDX-License-Identifier: GPL-2.0
/*
 * A harness without libFuzzer: run LLVMFuzzerTestOneInput() once on each
 * file given, or on each file of each directory given. `make check`
 * replays the seed corpora and tests/fuzz/regress/ through it, with the
 * normal build's flags (and under ASan with asan-check's).
 */
#define _GNU_SOURCE /* asprintf() */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	uint8_t *buf = NULL;
	size_t len = 0, alloc = 0, n;
	FILE *fp = fopen(path, "rb");

	if (!fp) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (len == alloc) {
			alloc = alloc ? 2 * alloc : 65536;
			buf = realloc(buf, alloc);
			if (!buf) {
				fprintf(stderr, "replay: out of memory\n");
				exit(1);
			}
		}
		n = fread(buf + len, 1, alloc - len, fp);
		len += n;
	} while (n);
	fclose(fp);
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's regular files in name order, so runs are repeatable. */
static int run_dir(const char *dir)
{
	struct dirent *de;
	char **names = NULL;
	size_t nr = 0, i;
	int ret = 0;
	DIR *d = opendir(dir);

	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = realloc(names, (nr + 1) * sizeof(*names));
		if (!names || asprintf(&names[nr], "%s/%s", dir,
				       de->d_name) < 0) {
			fprintf(stderr, "replay: out of memory\n");
			exit(1);
		}
		nr++;
	}
	closedir(d);
	if (nr)
		qsort(names, nr, sizeof(*names), cmp_names);
	for (i = 0; i < nr; i++) {
		if (run_file(names[i]))
			ret = -1;
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	struct stat st;
	int i, ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st)) {
			fprintf(stderr, "replay: %s: %s\n", argv[i],
				strerror(errno));
			ret = 1;
		} else if (S_ISDIR(st.st_mode) ? run_dir(argv[i])
					       : run_file(argv[i])) {
			ret = 1;
		}
	}
	return ret;
}
