// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data reader (collector/perfdata.h) over any bytes, as a file
 * (read through a memfd's path) and as a stream (memory, read as a pipe
 * is), the last byte choosing: bad input must come back as an error with a
 * message, never a crash, a hang or a non-finite total.
 *
 * Kernel symbols come from an empty --kallsyms (an empty memfd: a device
 * is refused), so that a run does not read this machine's /proc/kallsyms
 * each time; the binaries the records name are the ones on this machine
 * (the reader opens only regular files).
 */
#include "tests/fuzz/fuzz-util.h"

#include "collector/perfdata.h"
#include "lib/linereader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input_opts io = { .format = INPUT_AUTO };
	struct profile *p = profile__new();
	struct strbuf warn = STRBUF_INIT;
	struct fd_err err = { { 0 } };
	struct linereader lr;
	struct fuzz_input in;
	bool as_file = size && (data[size - 1] & 2);
	static struct fuzz_input empty = { -1, "" };
	int r;

	if (empty.fd < 0)
		fuzz_input_open(&empty, "", 0);
	io.kallsyms = empty.path;
	/* the last byte picks an event filter, as a user might */
	if (size && (data[size - 1] & 1))
		io.ps.event = "task-clock";
	if (as_file) {
		fuzz_input_open(&in, data, size);
		if (lr_init_path(&lr, in.path, &err)) {
			fprintf(stderr, "cannot read the memfd: %s\n", err.msg);
			abort();
		}
	} else {
		lr_init_mem(&lr, data, size, "fuzz");
	}
	r = perf_data_read(&lr, &io, p, &warn, &err);
	if (r && !err.msg[0]) {
		fprintf(stderr, "perf_data_read failed without a message\n");
		abort();
	}
	if (!r) {
		fuzz_check_profile(p);
		FUZZ_FINITE(profile_total(p), "the total");
	}
	lr_release(&lr);
	if (as_file)
		fuzz_input_close(&in);
	strbuf_release(&warn);
	profile__delete(p);
	return 0;
}
