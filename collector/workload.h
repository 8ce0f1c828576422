/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FLAMEDIFF_COLLECTOR_WORKLOAD_H
#define FLAMEDIFF_COLLECTOR_WORKLOAD_H

#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "lib/error.h"

/*
 * A command forked for recording and held before its exec, so that the
 * events attached to its pid exist before its first instruction: the
 * child blocks reading a "go" pipe, and only workload_go() lets it exec.
 *
 * Life cycle: workload_start() -> (open the events on workload_pid()) ->
 * workload_go() -> workload_exited()... -> workload_stop() (or
 * workload_end(), which also copies the last output) ->
 * workload__delete().
 *
 * Ownership: the workload owns both pipes and the child until it has
 * reaped it; workload__delete() never leaves one behind: a child still held
 * or running is killed (SIGKILL) and reaped. The caller must not wait for
 * the pid itself.
 *
 * The child dies with the recorder (PR_SET_PDEATHSIG, SIGKILL): a
 * recorder killed by SIGKILL or a crash leaves no command running
 * unrecorded. The setting survives the exec, except into a set-user-ID
 * program.
 *
 * The child takes the default action for SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE, whatever the recorder installed for itself: a Ctrl-C (or a
 * closed terminal) reaches the command as it would without flamediff, and
 * a command writing to a closed pipe dies of it as usual (an ignored
 * signal would stay ignored across exec). Other dispositions are inherited as fork and exec pass them on.
 */
struct workload;

/* Fork argv (argv[0] looked up in PATH), held before exec. NULL on error
 * ("cannot start CMD: ..."), with nothing left behind. */
struct workload *workload_start(char *const argv[], struct fd_err *err);

/*
 * As workload_start(), with the command's stdout and stderr going through
 * pipes that workload_pump() copies to our own stdout and stderr, byte for
 * byte, as they come, and splits into lines for a parser. A process the
 * command leaves behind that still writes after workload_drain() gets
 * SIGPIPE: the recording does not wait for it.
 */
struct workload *workload_start_tee(char *const argv[], struct fd_err *err);

/* A whole line of output (without its '\n'), or the first 64 KiB of a
 * longer one, or what is left at the end. */
typedef void workload_line_fn(void *ctx, const char *line, size_t len);

/*
 * Wait up to timeout_ms for output, copy what came and give fn its whole
 * lines (stdout's and stderr's apart: one stream's partial line never
 * joins the other's). Returns whether a stream is still open.
 */
bool workload_pump(struct workload *w, int timeout_ms, workload_line_fn *fn,
		   void *ctx);

/* After the command ended: copy what is still in the pipes, without
 * waiting, give fn the last lines and close the pipes. */
void workload_drain(struct workload *w, workload_line_fn *fn, void *ctx);

/* Whether the output is teed and a stream still open. */
bool workload_teed(const struct workload *w);

/* Whether the command's stderr, as copied to ours, ends in the middle of
 * a line: a message of our own then starts on a line of its own. NULL is
 * fine (false). */
bool workload_stderr_midline(const struct workload *w);

/*
 * The reaped command's usage (wait4: its own and its reaped children's)
 * and the wall-clock seconds from its exec to its reaping; -1 when it was
 * not reaped here or never ran.
 */
int workload_usage(const struct workload *w, struct rusage *ru,
		   double *elapsed);

/* The child's pid, for opening its events. */
pid_t workload_pid(const struct workload *w);

/*
 * Let the command exec, and wait until it did: an exec failure comes back
 * from the child as its errno, and fails here ("cannot run CMD: ...")
 * with the child reaped. Call once.
 */
int workload_go(struct workload *w, struct fd_err *err);

/* Whether the command is gone: reaped now or before (or abandoned, see
 * workload_stop()). Never blocks. */
bool workload_exited(struct workload *w);

/*
 * Send sig to the command unless it has exited, and wait for it. A signal
 * that interrupts the wait ends it: the command is left to itself (a
 * second Ctrl-C must not hang on a command that ignores SIGTERM) and the
 * workload no longer owns it.
 */
void workload_stop(struct workload *w, int sig);

/*
 * The end of a recording's command, its output kept to its last line: a
 * command still running gets SIGTERM and, while its output is teed, up to
 * 5 s of copying as it ends (stress-ng prints its metrics on SIGTERM, and
 * a pipe left full would block it there); then workload_stop(SIGTERM)
 * reaps it, or leaves it to itself if a signal interrupts the wait, and
 * workload_drain() gives fn what is left. NULL is fine.
 */
void workload_end(struct workload *w, workload_line_fn *fn, void *ctx);

/* The wait status (WIFEXITED, WEXITSTATUS...) once workload_exited() or
 * workload_stop() reaped the command; -1 before, or if it never was. */
int workload_status(const struct workload *w);

/* Kill and reap a child still owned (see above), close the pipes. NULL is
 * fine. */
void workload__delete(struct workload *w);

#endif
