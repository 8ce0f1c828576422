# flamediff: see README.md. Targets: all (default), deps, check, bench,
# install, uninstall, clean. Out-of-tree: make BUILD=dir. Sanitizers:
# make asan-check. Fuzzing (tests/README.md): make fuzz, make fuzz-smoke.

BUILD	?= build
PREFIX	?= /usr/local
DESTDIR	?=
CC	?= cc
PKG_CONFIG ?= pkg-config

# Link only what the code uses so far; "make deps" installs them all.
# cairo gives its headers only: render/cairo-dl.c loads the library when a
# PNG is drawn, so that the other commands do not pay for mapping it and
# the ~18 libraries it needs at every start (render/cairo-dl.c).
PKGS_LINK := zlib libelf libdw libunwind-generic libzstd
PKGS	:= $(PKGS_LINK) cairo

CFLAGS	?= -O2 -g
# Sanitizer builds turn off -Werror: GCC warns falsely under -fsanitize.
WERROR	?= -Werror
WARN	:= -Wall -Wextra $(WERROR)
override CFLAGS += -std=gnu11 $(WARN) -fno-omit-frame-pointer \
	-I. $(shell $(PKG_CONFIG) --cflags $(PKGS))
# libiberty (libiberty-dev, no pkg-config file): C++ and Rust demangling.
# dlopen() is in glibc's libc since 2.34: no -ldl.
LDLIBS	:= $(shell $(PKG_CONFIG) --libs $(PKGS_LINK)) -liberty -lm -pthread
# The tests that decode PNGs with cairo themselves link it.
CAIRO_LIBS := $(shell $(PKG_CONFIG) --libs cairo)

# debuginfod: the server tests/t-buildid.sh serves an old build from; it
# brings libdebuginfod1, which dso.c loads only where DEBUGINFOD_URLS is set.
DEB_PACKAGES := build-essential pkg-config libelf-dev libdw-dev \
	libunwind-dev libcairo2-dev zlib1g-dev fonts-dejavu-core linux-perf \
	libxml2-utils librsvg2-bin pngcheck chromium xz-utils man-db groff-base \
	stress-ng golang-go libiberty-dev \
	clang libclang-rt-14-dev libzstd-dev strace debuginfod

# The parts, each a static library, linked in layer order: cli uses render
# and collector, they use analyzer, which uses lib (tests/t-layers.sh checks
# that the includes and the libraries' symbols follow the same arrows).
PARTS	:= render collector analyzer lib
CLI_SRC	:= $(wildcard cli/*.c)
TEST_SRC := $(wildcard tests/*.c)
BENCH_SRC := $(wildcard bench/*.c)

part_obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard $(1)/*.c))
# The SVG script (share/flamegraph.js), compiled into render: see below.
RENDER_OBJ := $(call part_obj,render) $(BUILD)/obj/gen/flamegraph-js.o
CLI_OBJ	:= $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
# Programs that record's tests profile: plain -O2 with frame pointers (no
# sanitizer), except nofp, which DWARF unwinding must walk.
TEST_PROGS := $(patsubst tests/progs/%.c,$(BUILD)/tests/progs/%,$(wildcard tests/progs/*.c)) \
	$(patsubst tests/progs/%.cc,$(BUILD)/tests/progs/%,$(wildcard tests/progs/*.cc))
PROG_CFLAGS := -O2 -g -Wall -Werror -pthread -fno-omit-frame-pointer
# Tools the tests use (tests/tools): built with the project's flags.
TEST_TOOLS := $(patsubst tests/tools/%.c,$(BUILD)/tests/tools/%,$(wildcard tests/tools/*.c))
LIBS	:= $(PARTS:%=$(BUILD)/lib%.a)
BIN	:= $(BUILD)/flamediff

# The fuzz harnesses (tests/fuzz/fuzz-NAME.c). Each is built twice: with
# libFuzzer by clang for `make fuzz` (build/fuzz/fuzz-NAME, the parts'
# sources compiled again with the fuzzing flags in their own object dir),
# and with tests/fuzz/replay-main.c and the normal flags for `make check`
# (build/tests/fuzz/replay-NAME), which replays the seed corpora and every
# past finding (tests/fuzz/regress/NAME/) through it.
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c))
REPLAY_BIN := $(FUZZ_NAMES:%=$(BUILD)/tests/fuzz/replay-%)
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CC	?= clang
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -O1 -g -std=gnu11 -Wall -Wextra \
	-fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN) \
	-I. $(shell $(PKG_CONFIG) --cflags $(PKGS))
# The harnesses draw, measure and read perf.data (the collector).
FUZZ_PARTS := render collector analyzer lib
FUZZ_LIBS := $(FUZZ_PARTS:%=$(FUZZ_DIR)/lib%.a)
FUZZ_BIN := $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz-%)
fuzz_obj = $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(wildcard $(1)/*.c))
# fuzz-smoke: seconds per harness (the lead's long runs set more).
FUZZ_TIME ?= 30

all: $(BIN) $(BUILD)/libcli.a

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/gen/flamegraph-js.c: share/flamegraph.js
	@mkdir -p $(dir $@)
	{ echo '#include "render/svg.h"'; echo 'const char flamegraph_js[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; } >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/flamegraph-js.o: $(BUILD)/gen/flamegraph-js.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/librender.a: $(RENDER_OBJ)
$(BUILD)/libcollector.a: $(call part_obj,collector)
$(BUILD)/libanalyzer.a: $(call part_obj,analyzer)
$(BUILD)/liblib.a: $(call part_obj,lib)
$(LIBS):
	@rm -f $@
	$(AR) rcs $@ $^

# cli is linked from its objects (main() is one of them); its archive is
# made beside the binary for tests/t-layers.sh, which holds the files of
# every part, cli's too, to calling each other one way.
$(BUILD)/libcli.a: $(CLI_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIBS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBS) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

# Tests that read back the PNGs they drew, with cairo's own decoder.
$(BUILD)/tests/png $(BUILD)/tests/offcpu-graph \
$(BUILD)/tests/tools/png-pixels: LDLIBS += $(CAIRO_LIBS)

# Tests are C programs (build/tests/*) and shell scripts (tests/t-*.sh), all
# speaking TAP; they find the binary through $FLAMEDIFF.
$(BUILD)/tests/progs/%: tests/progs/%.c tests/progs/now.h
	@mkdir -p $(dir $@)
	$(CC) $(PROG_CFLAGS) $(if $(filter nofp,$*),-fomit-frame-pointer) -o $@ $<

# C++ ones (tests/progs/*.cc): mangled names for the demangling tests.
CXX	?= g++
$(BUILD)/tests/progs/%: tests/progs/%.cc tests/progs/now.h
	@mkdir -p $(dir $@)
	$(CXX) -O2 -g -Wall -Werror -fno-omit-frame-pointer -o $@ $<

$(BUILD)/tests/tools/%: $(BUILD)/obj/tests/tools/%.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LDLIBS)

$(BUILD)/tests/fuzz/replay-%: $(BUILD)/obj/tests/fuzz/fuzz-%.o \
		$(BUILD)/obj/tests/fuzz/replay-main.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIBS) $(LDLIBS)

check: $(BIN) $(BUILD)/libcli.a $(TEST_BIN) $(TEST_PROGS) $(TEST_TOOLS) \
		$(REPLAY_BIN) $(BUILD)/bench/rusage
	FLAMEDIFF=$(abspath $(BIN)) FUZZ_REPLAY=$(abspath $(BUILD))/tests/fuzz \
		sh tests/tools/prove-check.sh $(BUILD)/check-tap \
		$(PROVE_FLAGS) $(TEST_BIN) $(wildcard tests/t-*.sh)

# The same tests under AddressSanitizer and UBSan, in their own build dir.
# fontconfig, which cairo loads for labels, leaks once per process while
# reading its configuration: not ours (tests/lsan-fontconfig.supp).
asan-check:
	LSAN_OPTIONS=suppressions=$(abspath tests/lsan-fontconfig.supp):print_suppressions=0 \
	$(MAKE) BUILD=build/asan CC=$(CC) WERROR= \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all" \
		LDFLAGS="-fsanitize=address,undefined" check

# libFuzzer builds of the harnesses: clang with ASan and UBSan.
$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/obj/gen/flamegraph-js.o: $(BUILD)/gen/flamegraph-js.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/librender.a: $(call fuzz_obj,render) $(FUZZ_DIR)/obj/gen/flamegraph-js.o
$(FUZZ_DIR)/libcollector.a: $(call fuzz_obj,collector)
$(FUZZ_DIR)/libanalyzer.a: $(call fuzz_obj,analyzer)
$(FUZZ_DIR)/liblib.a: $(call fuzz_obj,lib)
$(FUZZ_LIBS):
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_DIR)/fuzz-%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz-%.o $(FUZZ_LIBS)
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< $(FUZZ_LIBS) $(LDLIBS)

fuzz: $(FUZZ_BIN)

# Each harness for FUZZ_TIME seconds from its seed corpus, copied to a
# scratch dir (libFuzzer adds to the corpus it is given: not to the tree).
# A finding stops that harness (the others still run) and is left in
# build/fuzz/artifacts/: copy it to tests/fuzz/regress/NAME/ so that make
# check replays it for ever. FUZZ_NAMES=... runs some harnesses only.
# fontconfig's one-off leak is not ours (tests/lsan-fontconfig.supp).
fuzz-smoke: fuzz
	@mkdir -p $(FUZZ_DIR)/artifacts
	@failed=; for n in $(FUZZ_NAMES); do \
		corpus=$$(mktemp -d) || exit 1; \
		cp tests/fuzz/corpus/$$n/* $$corpus/ || exit 1; \
		echo "fuzz-smoke: $$n for $(FUZZ_TIME) s"; \
		LSAN_OPTIONS=suppressions=$(abspath tests/lsan-fontconfig.supp):print_suppressions=0 \
		$(FUZZ_DIR)/fuzz-$$n -max_total_time=$(FUZZ_TIME) \
			-dict=tests/fuzz/flamediff.dict -rss_limit_mb=2048 \
			-timeout=10 -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts/$$n- \
			$$corpus 2>$(FUZZ_DIR)/$$n.log; \
		rc=$$?; rm -rf $$corpus; \
		tail -n 12 $(FUZZ_DIR)/$$n.log; \
		if [ $$rc -ne 0 ]; then \
			echo "fuzz-smoke: $$n found something: $(FUZZ_DIR)/$$n.log"; \
			failed="$$failed $$n"; \
		fi; \
	done; \
	[ -z "$$failed" ] || { echo "fuzz-smoke: findings in:$$failed"; exit 1; }

bench: $(BIN) $(BENCH_BIN)
	FLAMEDIFF=$(abspath $(BIN)) BUILD=$(BUILD) sh bench/run.sh

# Record two builds of share/demo's stressor, compare, draw: see README.md.
demo: $(BIN)
	sh share/demo/run.sh $(abspath $(BIN)) $(BUILD) demo-out

deps:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(DEB_PACKAGES)
	# Node.js may come from elsewhere with its own npm, which Debian's npm
	# package conflicts with: only install Debian's where there is none.
	command -v npm >/dev/null || DEBIAN_FRONTEND=noninteractive \
		apt-get install -y --no-install-recommends nodejs npm
	npm install --no-save --no-audit --no-fund

# What install puts in place, each file in one place only; uninstall
# removes exactly these. The man page goes to man1 (not also under
# share/flamediff); the bash completion is made by the program from its
# option tables, so it cannot be stale.
SHARE_DATA := $(filter-out share/man share/completion,$(wildcard share/*))
BINDIR	:= $(DESTDIR)$(PREFIX)/bin
DATADIR	:= $(DESTDIR)$(PREFIX)/share/flamediff
MAN1DIR	:= $(DESTDIR)$(PREFIX)/share/man/man1
BASHCOMPDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions

install: $(BIN) $(BUILD)/libcli.a
	install -d $(BINDIR) $(DATADIR) $(MAN1DIR) $(BASHCOMPDIR)
	install -m 755 $(BIN) $(BINDIR)/flamediff
	cp -R $(SHARE_DATA) $(DATADIR)/
	install -m 644 share/man/flamediff.1 $(MAN1DIR)/flamediff.1
	$(BIN) completion bash >$(BASHCOMPDIR)/flamediff.tmp
	mv $(BASHCOMPDIR)/flamediff.tmp $(BASHCOMPDIR)/flamediff

uninstall:
	rm -f $(BINDIR)/flamediff $(MAN1DIR)/flamediff.1 \
		$(BASHCOMPDIR)/flamediff
	rm -rf $(DATADIR)

clean:
	rm -rf $(BUILD)

.PHONY: all check asan-check fuzz fuzz-smoke bench demo deps install \
	uninstall clean
.SECONDARY:

-include $(shell find $(BUILD)/obj $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)
