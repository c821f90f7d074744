# Build of the uno engine, its front ends and its tests.
#   make            release build: build/uno, build/libuno.a, build/libuno.so
#   make install    into PREFIX (/usr/local), under DESTDIR when staging;
#                   make uninstall takes it all away again (docs/install.md)
#   make SAN=1      ASan + UBSan + invariant checks after every move: build-san/uno
#   make TSAN=1     ThreadSanitizer (the server's threads): build-tsan/uno;
#                   `make TSAN=1 test-server` runs the server's tests on it
#   make test       the whole suite (what CI runs, see README): under 30 minutes
#   make check      its quick tier, for every change: under 5 minutes
#   make layers     no include across the layers' order (docs/architecture.md)
#   make python     the Python package unobook in build/python (docs/python.md);
#                   make test-python its tests, make bench-python its speed,
#                   make example-train its PyTorch example (installs torch)
#   make fuzz       libFuzzer targets (clang), run briefly by `make test-fuzz`
CC      ?= cc
SAN     ?=
TSAN    ?=
PKGS     = libcjson ncursesw libwebsockets sqlite3 libpq libcrypto libqrencode zlib
CSTD     = -std=c11
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
DEFS     = -D_POSIX_C_SOURCE=200809L
ifeq ($(SAN),1)
BUILD   ?= build-san
OPT      = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
DEFS    += -DUNO_DEBUG
# The test build's uno fails the Nth allocation on demand (UNO_FAULT_ALLOC=N:
# tests/fault/fault_alloc.c): its own code's allocations go through it.
FAULT_OBJ = $(BUILD)/obj/tests/fault/fault_alloc.o
FAULT_LDFLAGS = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup
else ifeq ($(TSAN),1)
# ThreadSanitizer cannot share a process with ASan: a build of its own.
BUILD   ?= build-tsan
OPT      = -O1 -g -fsanitize=thread -fno-omit-frame-pointer
DEFS    += -DUNO_DEBUG
else
BUILD   ?= build
# A binary that runs on any x86-64 by default. ARCH=native lets the
# compiler use the instructions with which the playout counts and picks
# bits, popcnt and pdep (BMI2), where this CPU has them: 15-22% less time
# (-march=native measured 1-2% slower than the pair; docs/sim.md
# "ARCH=native"). Any other ARCH is passed on as it is (ARCH=-march=x86-64-v3).
ARCH    ?=
ARCH_FLAGS = $(if $(filter native,$(ARCH)),$(shell grep -qw bmi2 /proc/cpuinfo 2>/dev/null && echo -mpopcnt -mbmi2),$(ARCH))
# Link-time optimisation: the simulator and the bots call the engine's small
# public functions (the seat in turn, the playable cards, the generator) at
# every action; across the library's files only the linker can inline them
# (+17% games/s on the engine path). Fat objects keep the archives linkable
# without it. LTO= builds without.
LTO     ?= -flto=auto -ffat-lto-objects
OPT      = -O2 -g $(ARCH_FLAGS) $(LTO)
# The hot files' -O3 (below): the release build's alone; the checked builds
# keep their own level.
HOT_OPT  = -O3
endif
MPICC   := $(shell command -v mpicc 2>/dev/null)
# Paths in the binary (debug info, __FILE__) are relative to the source
# tree, not the folder it was built in: the link step compiles again (LTO),
# and the assembler writes the line table's folders.
PATHS    = -ffile-prefix-map=$(CURDIR)=. -Wa,--debug-prefix-map=$(CURDIR)=.
CFLAGS  += $(CSTD) $(WARN) $(OPT) $(PATHS) $(DEFS) -Iinclude -Isrc $(shell pkg-config --cflags $(PKGS))
LDFLAGS += $(filter -fsanitize% -flto% -O%,$(OPT)) $(PATHS)
# The libraries each layer adds (docs/architecture.md "The layers"): a
# program links those of the layers it uses. The engine needs libc alone.
BOTS_LIBS   = -lm
PROTO_LIBS  = $(shell pkg-config --libs libcjson)
SIM_LIBS    = -lpthread -lm
SERVER_LIBS = $(shell pkg-config --libs libwebsockets sqlite3 libpq libcrypto libqrencode zlib) -l:libev.a -lpthread
CLI_LIBS    = $(shell pkg-config --libs ncursesw)
LIBS     = $(CLI_LIBS) $(SERVER_LIBS) $(SIM_LIBS) $(PROTO_LIBS) $(BOTS_LIBS)
# Every object is compiled again when the flags that compile it change:
# they are kept in BUILD/flags, written as the Makefile is read and only
# when they differ (scripts/check-deps.sh shows it).
FLAGS_FILE = $(BUILD)/flags
FLAGS_NOW  = $(CC) $(CFLAGS) $(HOT_OPT) | $(LDFLAGS) | $(LIBS)
$(shell mkdir -p $(BUILD) && echo '$(FLAGS_NOW)' | cmp -s - $(FLAGS_FILE) || echo '$(FLAGS_NOW)' > $(FLAGS_FILE))

ENGINE_SRC = $(wildcard src/engine/*.c)
BOTS_SRC   = $(wildcard src/bots/*.c)
SIM_SRC    = $(wildcard src/sim/*.c)
PROTO_SRC  = $(wildcard src/protocol/*.c)
SERVER_SRC = $(wildcard src/server/*.c)
CLI_SRC    = $(wildcard src/cli/*.c)
RULES      = $(wildcard rules/*.rules)
GEN_RULES  = $(BUILD)/gen/rules_builtin.c

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
pic = $(patsubst %.c,$(BUILD)/obj-pic/%.o,$(1))
ENGINE_OBJ = $(call obj,$(ENGINE_SRC)) $(BUILD)/obj/gen/rules_builtin.o
ENGINE_PIC = $(call pic,$(ENGINE_SRC)) $(BUILD)/obj-pic/gen/rules_builtin.o
CLI_OBJ    = $(call obj,$(CLI_SRC))

# The engine's shared library: its soname's number changes when a program
# built against an older libuno.so could no longer run with this one.
SOVERSION  = 2
LIBUNO_SO  = $(BUILD)/libuno.so.$(SOVERSION).0.0

TEST_SRC   = $(wildcard tests/*/test_*.c)
TEST_BIN   = $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))

# The layers above the engine, each an archive of its own (the engine's is
# libunoengine.a, below): a program links the archives of the layers it uses,
# upper first. `make layers` checks that no file includes a header of a
# layer above its own or beside it.
BOTS_A     = $(BUILD)/libunobots.a
PROTO_A    = $(BUILD)/libunoprotocol.a
SIM_A      = $(BUILD)/libunosim.a
SERVER_A   = $(BUILD)/libunoserver.a
ENGINE_A   = $(BUILD)/libunoengine.a
LAYERS_A   = $(SERVER_A) $(SIM_A) $(PROTO_A) $(BOTS_A) $(ENGINE_A)

.PHONY: all man install uninstall test check check-c check-node check-deps check-symbols layers test-build test-unit test-soak test-standalone test-server test-servers test-server-pg test-cluster test-web test-examples test-install test-fuzz fuzz fuzz-corpus bench bench-peer bench-playout bench-serve bench-cluster uno-mpi test-mpi clean
all: $(BUILD)/uno $(BUILD)/libuno.a $(LIBUNO_SO) $(if $(MPICC),$(BUILD)/uno-mpi)

$(BUILD)/uno: $(CLI_OBJ) $(LAYERS_A) $(FAULT_OBJ)
	$(CC) $(LDFLAGS) $(FAULT_LDFLAGS) -o $@ $^ $(LIBS)

# The playout is the simulator's inner loop: -O3 inlines its small steps.
$(call obj,src/sim/playout.c): CFLAGS += $(HOT_OPT)
# So is the engine's trusted path with the random bot (every search's
# playouts, and uno sim on the engine): the turn and uno_game_step, the
# piles, the legal list, the action's fill (apply.c), the bot and the
# simulator's loop (docs/sim.md "What makes the engine's trusted path fast":
# 3-5% fewer instructions); and unobook's observation and mask, whose loops
# over the 55 kinds -O3 vectorises (docs/python.md "Speed").
HOT_SRC = src/engine/turn.c src/engine/pile.c src/engine/legal.c src/engine/apply.c \
          src/bots/random.c src/sim/game_loop.c src/python/encode.c
$(call obj,$(HOT_SRC)) $(call pic,$(HOT_SRC)): CFLAGS += $(HOT_OPT)

# The engine alone, C11 and libc only: what a program embedding it links
# (docs/embedding.md). The examples link nothing else, which proves it.
# Its objects are linked into one (ld -r) in which only the public API's
# names, those that begin uno_ (include/*.h), stay global: the engine's
# other functions (fail, draw_cards, ...) can neither clash with a
# program's own nor be called by it, as in libuno.so (exports.map).
# Machine code alone: link-time optimisation's bytecode, which only this
# very compiler reads, would still name them global.
$(BUILD)/libuno.a: $(ENGINE_OBJ)
	$(LD) -r -o $(BUILD)/libuno.o $^
	objcopy -R '.gnu.lto_*' -R '.gnu.debuglto_*' --wildcard --keep-global-symbol='uno_*' $(BUILD)/libuno.o
	rm -f $@
	ar rcs $@ $(BUILD)/libuno.o
# The same objects as they are, for the programs and tests of this tree
# (ENGINE_A): the linker inlines the engine into the layers above it (LTO,
# above), and the simulator's playout and the engine's tests reach inside.
$(ENGINE_A): $(ENGINE_OBJ)
# The layers above it (LAYERS_A, above).
$(BOTS_A): $(call obj,$(BOTS_SRC))
$(PROTO_A): $(call obj,$(PROTO_SRC))
$(SIM_A): $(call obj,$(SIM_SRC))
$(SERVER_A): $(call obj,$(SERVER_SRC))
# Each archive is made anew, so that a file moved to another layer leaves
# its old one.
$(ENGINE_A) $(BOTS_A) $(PROTO_A) $(SIM_A) $(SERVER_A):
	rm -f $@
	ar rcs $@ $^
# The same engine as a shared library, compiled position-independent into
# its own folder (SOVERSION, LIBUNO_SO: above).
$(LIBUNO_SO): $(ENGINE_PIC) src/engine/exports.map
	$(CC) -shared -Wl,-soname,libuno.so.$(SOVERSION) -Wl,-z,defs -Wl,--version-script=src/engine/exports.map \
	    $(LDFLAGS) -o $@ $(ENGINE_PIC)
	ln -sf $(notdir $@) $(BUILD)/libuno.so.$(SOVERSION)
	ln -sf libuno.so.$(SOVERSION) $(BUILD)/libuno.so
EXAMPLES = $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))
$(BUILD)/examples/%: examples/%.c $(BUILD)/libuno.a $(wildcard include/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -Iinclude $(LDFLAGS) -o $@ $< $(BUILD)/libuno.a
# The example bot gets 5 s a move: an interpreter starting on a busy machine
# (python3 under pyenv took over a second) is no fault of the example.
test-examples: $(EXAMPLES) $(BUILD)/uno
	@for r in mattel classic kpgut; do $(BUILD)/examples/random_game $$r 1 >/dev/null || exit 1; done
	@echo "examples: random_game played mattel, classic and kpgut"
	@for r in mattel classic kpgut; do \
	    out=$$($(BUILD)/uno arena --rules $$r --players 3 --games 10 \
	        --bots "medium,cmd:5000ms:python3 examples/bots/simple_bot.py,easy" 2>&1 >/dev/null); \
	    [ -z "$$out" ] || { echo "$$out"; echo "examples: simple_bot.py had problems under $$r"; exit 1; }; \
	done
	@echo "examples: bots/simple_bot.py played 30 deals of mattel, classic and kpgut with no late or illegal answer"

# The Open MPI variant (docs/sim.md "MPI"): the same binary, but `uno-mpi sim`
# under mpirun splits its games over the ranks. Built when mpicc is found
# (libopenmpi-dev); everything else builds without it.
MPI_OBJ = $(filter-out $(BUILD)/obj/src/cli/sim_dist.o,$(CLI_OBJ)) $(BUILD)/obj-mpi/src/cli/sim_dist.o
$(BUILD)/obj-mpi/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(MPICC) $(CFLAGS) -DUNO_MPI -MMD -MP -c -o $@ $<
$(BUILD)/uno-mpi: $(MPI_OBJ) $(LAYERS_A)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(LIBS)
ifneq ($(MPICC),)
uno-mpi: $(BUILD)/uno-mpi
test-mpi: $(BUILD)/uno $(BUILD)/uno-mpi
	@sh scripts/test-mpi.sh $(BUILD)
else
uno-mpi test-mpi:
	@echo "$@: Open MPI's mpicc not found (apt-get install libopenmpi-dev openmpi-bin): skipped"
endif

$(GEN_RULES): scripts/embed-rules.sh $(RULES)
	@mkdir -p $(dir $@)
	sh scripts/embed-rules.sh $(RULES) > $@

$(BUILD)/obj/gen/rules_builtin.o: $(GEN_RULES) $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<
$(BUILD)/obj-pic/gen/rules_builtin.o: $(GEN_RULES) $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c -o $@ $<

# Every object, the tests' too, with its headers' dependencies (-MMD: the
# .d files included at the end).
$(BUILD)/obj/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/obj-pic/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -MMD -MP -c -o $@ $<

# A test program: its own file and the tests' common code, on the layers up
# to the simulator; the server's tests on the server's layer too. No test
# links ncurses, and only the server's link libwebsockets and SQLite.
TEST_COMMON = $(call obj,$(wildcard tests/common/*.c))
.SECONDARY: $(call obj,$(TEST_SRC))
$(BUILD)/obj/tests/%.o: CFLAGS += -Itests
TEST_A     = $(SIM_A) $(PROTO_A) $(BOTS_A) $(ENGINE_A)
TEST_LIBS  = $(SIM_LIBS) $(PROTO_LIBS) $(BOTS_LIBS) -lcmocka
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_COMMON) $(TEST_A)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS)
$(BUILD)/tests/server/%: $(BUILD)/obj/tests/server/%.o $(TEST_COMMON) $(SERVER_A) $(TEST_A)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(SERVER_LIBS) $(TEST_LIBS)
# The option tables are the front end's (libc only): their test links them.
$(BUILD)/tests/cli/test_cli_options: $(call obj,src/cli/cli_options.c)

# The Python package unobook (docs/python.md): the extension module of
# src/python/ over the engine, and the package's Python files beside it in
# BUILD/python/unobook (PYTHONPATH=BUILD/python imports it). A shared module
# cannot take libuno.a's objects: it links the engine and the bots (VecEnv's
# opponents) compiled position-independent, as libuno.so does the engine, and exports its init function
# alone (src/python/exports.map). Its tests run on the release
# build (a sanitized module would need its runtime preloaded into Python).
.PHONY: python test-python bench-python example-train print-python print-py-site
# Debian's python3 where there is one (python3-dev's headers, python3-pytest);
# a python3 earlier on the PATH (pyenv's shims) may have neither. make python,
# test-python, install's PY_SITE and test-install all use this one.
PYTHON        ?= $(firstword $(wildcard /usr/bin/python3) python3)
PYTHON_CONFIG ?= $(PYTHON)-config
PY_DIR   = $(BUILD)/python/unobook
PY_EXT   = $(PY_DIR)/_unobook$(shell $(PYTHON_CONFIG) --extension-suffix)
PY_SRC   = $(wildcard src/python/*.c)
PY_FILES = $(patsubst src/python/unobook/%,$(PY_DIR)/%,$(wildcard src/python/unobook/*.py))
$(call pic,$(PY_SRC)): CFLAGS += $(patsubst -I%,-isystem %,$(shell $(PYTHON_CONFIG) --includes))
$(PY_EXT): $(call pic,$(PY_SRC)) $(call pic,$(BOTS_SRC)) $(ENGINE_PIC) src/python/exports.map
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS) -Wl,--version-script=src/python/exports.map -o $@ $(filter %.o,$^) $(BOTS_LIBS) -lpthread
$(PY_DIR)/%.py: src/python/unobook/%.py
	@mkdir -p $(dir $@)
	cp $< $@
python: $(PY_EXT) $(PY_FILES)
print-python:
	@echo $(PYTHON)
print-py-site:
	@echo $(PY_SITE)
# The Python package's tests (tests/python, run by pytest, Debian's
# python3-pytest; UNOBOOK_GAMES=N random games a rule set and count of
# players, 3 by default), then its speed from a Python loop
# (bench/unobook_steps.py, one short round).
test-python: python
	PYTHONPATH=$(BUILD)/python $(PYTHON) -m pytest -q -rs -p no:cacheprovider tests/python
	PYTHONPATH=$(BUILD)/python $(PYTHON) bench/unobook_steps.py mattel 4 1 1
bench-python: python
	PYTHONPATH=$(BUILD)/python $(PYTHON) bench/unobook_steps.py mattel 4 5 2
# The PyTorch training example (docs/python.md "Training example"), run to
# its end with the figures of the docs: Debian's torch, numpy and
# matplotlib installed first where Python cannot import them (root, apt).
example-train: python
	@$(PYTHON) -c 'import torch, numpy, matplotlib' 2>/dev/null || \
	    { apt-get update -q && apt-get install -y -q python3-torch python3-numpy python3-matplotlib; }
	PYTHONPATH=$(BUILD)/python nice $(PYTHON) examples/python/train_policy.py --plot docs/img/unobook-train.png

# The whole suite: the docs' links, the engine's private headers kept inside
# it, the layers' order, unit and conformance tests, `uno table`
# through the binary, the soak, all under ASan/UBSan with invariant checks;
# a clone with nothing beside it and the docs' examples;
# then the release build, its exported names (check-symbols) and the
# fuzzers' smoke run.
test:
	@rm -rf build-san/test-logs
	@sh scripts/check-links
	@sh scripts/check-private-headers
	$(MAKE) layers
	$(MAKE) SAN=1 test-unit
	$(MAKE) SAN=1 check-deps
	$(MAKE) SAN=1 test-standalone
	$(MAKE) SAN=1 SOAK_SHARDS=1 -j2 --output-sync=recurse test-soak test-servers
	$(MAKE) SAN=1 test-web
	$(MAKE) SAN=1 test-examples
	$(MAKE) all
	$(MAKE) check-symbols
	$(MAKE) test-mpi
	$(MAKE) test-install
	$(MAKE) test-python
	$(MAKE) test-fuzz
	@cat build-san/test-logs/*-summary | \
	    awk '{p += $$2; f += $$4} END {print "tests: " p " passed, " f " failed"}'

# The quick tier: the same checks but the header-dependency check (make
# test's), on fewer games (the soak's 2,000 a rule
# set instead of 50,000, the bots' mixed tables a fifth of theirs under
# UNO_QUICK=1, the leak test's 20 games instead of 200, the crash test's 10
# kills instead of 50, the Python package's 1 game instead of 3) and the
# web table's own tests without the four-browser games and the other long
# flows (docs/testing.md).
QUICK_WEB = table felt
check:
	@rm -rf build-san/test-logs
	@sh scripts/check-links
	@sh scripts/check-private-headers
	$(MAKE) layers
	$(MAKE) SAN=1 test-build
	$(MAKE) -j2 --output-sync=recurse check-c check-node
	@cat build-san/test-logs/*-summary | \
	    awk '{p += $$2; f += $$4} END {print "check: " p " passed, " f " failed"}'

# The quick tier's two halves, which run side by side once test-build has
# built what both use: the C programs (the unit tests keep both cores busy,
# the node suites below wait on timers and a browser as much as they
# compute) and the node suites.
check-c:
	UNO_QUICK=1 $(MAKE) SAN=1 test-unit
	UNO_SOAK_GAMES=2000 $(MAKE) SAN=1 test-soak
	$(MAKE) SAN=1 check-symbols
	UNOBOOK_GAMES=1 $(MAKE) test-python
check-node:
	UNO_LEAK_GAMES=20 UNO_CRASH_KILLS=10 $(MAKE) SAN=1 test-server
	$(MAKE) SAN=1 test-web WEB_TESTS="$(QUICK_WEB)"

# The layers' order: no file under src/ includes a header of a layer above
# its own or beside it (scripts/check-layers), and the check catches one
# that does (scripts/test-check-layers, on a copy of the tree).
layers:
	@sh scripts/check-layers
	@sh scripts/test-check-layers

# `uno_` means public: the engine's libraries export what include/*.h
# declares and nothing else, and no other part of the program gives a name
# of its own the prefix (scripts/check-symbols reads them with nm); then
# the check is shown failing on planted names (scripts/test-check-symbols).
check-symbols: $(BUILD)/libuno.a $(LIBUNO_SO) $(LAYERS_A) $(CLI_OBJ)
	@sh scripts/check-symbols $^
	@sh scripts/test-check-symbols $(BUILD)/libuno.a $(LIBUNO_SO)

# Header and flag dependencies (scripts/check-deps.sh), after a build of
# the tests.
check-deps: $(BUILD)/uno $(TEST_BIN)
	+@sh scripts/check-deps.sh $(BUILD)

# Every test program but the soak, as many at once as there are cores;
# the soak on its own (test-soak), as SOAK_SHARDS processes each playing
# its share of the games (scripts/run-tests.sh: PROG@K), one a core unless
# told: make test runs it on one core beside the server's tests, which
# leave the other core idle as much as busy.
SOAK_BIN     = $(BUILD)/tests/engine/test_soak
SOAK_SHARDS ?= $(shell nproc 2>/dev/null || echo 1)
# What the tests run: uno and every test program (make check builds them
# before its two halves use them side by side).
test-build: $(BUILD)/uno $(TEST_BIN)
test-unit: $(BUILD)/uno $(TEST_BIN)
	@sh scripts/run-tests.sh $(BUILD) unit $(filter-out $(SOAK_BIN),$(TEST_BIN))
test-soak: $(SOAK_BIN)
	@sh scripts/run-tests.sh $(BUILD) soak $(SOAK_BIN)@$(SOAK_SHARDS)

# The server's tests on SQLite, then on PostgreSQL, then several servers
# on one database behind HAProxy.
test-servers:
	$(MAKE) test-server
	$(MAKE) test-server-pg
	$(MAKE) test-cluster

# The repository on its own (a clone with nothing beside it passes
# scripts/check-links) and the docs' examples as a newcomer pastes them.
test-standalone: $(BUILD)/uno
	@sh scripts/run-node-tests.sh $(BUILD) standalone

# `uno serve` through real WebSocket connections (node, npm ws), and the
# web table in headless Chromium (npm playwright-core, Debian's chromium).
test-server: $(BUILD)/uno
	@UNO_TSAN=$(TSAN) sh scripts/run-node-tests.sh $(BUILD) server
# The same tests with every server on PostgreSQL instead of SQLite: a
# private one (scripts/with-postgres), made for the run and removed after
# it; and tests/server/postgres.test.mjs, which runs only there. The leak
# test plays the quick tier's 20 games here: what its 200 add is the
# server's, not its store's (docs/server.md "PostgreSQL").
test-server-pg: $(BUILD)/uno
	@UNO_LEAK_GAMES=20 sh scripts/with-postgres \
	    env UNO_TSAN=$(TSAN) UNO_TEST_RUN=server-pg sh scripts/run-node-tests.sh $(BUILD) server
# Several servers on one database (docs/scaling.md): scripts/cluster's
# PostgreSQL, HAProxy and 3 servers on loopback (the limits per address
# lifted: every player comes from 127.0.0.1), tests/cluster's games on 200
# tables while one server is killed 20 times.
CLUSTER_SERVE_ARGS = --rate 1000 --max-conns-per-addr 1000000 --creates-per-addr 1000000 --rate-per-addr 1000000
test-cluster: $(BUILD)/uno
	@UNO_SERVE_ARGS="$(CLUSTER_SERVE_ARGS)" sh scripts/cluster --port 0 --uno $(BUILD)/uno \
	    sh scripts/run-node-tests.sh $(BUILD) cluster
WEB_TESTS ?=
test-web: $(BUILD)/uno
	@sh scripts/run-node-tests.sh $(BUILD) web $(WEB_TESTS)

# Speed: `uno bench` (fixed games, their signature), and against the npm
# package uno-engine (bench/peer.sh; needs npm and the network once).
bench: $(BUILD)/uno
	$(BUILD)/uno bench
bench-peer: $(BUILD)/uno
	sh bench/peer.sh $(BUILD)/uno
# The engine against a pinned commit's playout (bench/playout-baseline.sh).
bench-playout: $(BUILD)/uno
	sh bench/playout-baseline.sh $(BUILD)/uno
# `uno serve` under load: 1000 tables of bots, 10,000 connections (docs/server.md "Load").
bench-serve: $(BUILD)/uno
	UNO_BIN=$(CURDIR)/$(BUILD)/uno node bench/serve-load.mjs
# The same load on one server on SQLite, then on scripts/cluster's 3
# servers on PostgreSQL behind HAProxy, in one run (docs/scaling.md "What
# was measured"): 5 spectators a table, so that the cluster's connections
# (two descriptors each in HAProxy) stay within its maxconn.
BENCH_CLUSTER_ARGS ?= --tables 1000 --watchers 5 --seconds 30
bench-cluster: $(BUILD)/uno
	UNO_BIN=$(CURDIR)/$(BUILD)/uno node bench/serve-load.mjs $(BENCH_CLUSTER_ARGS)
	UNO_SERVE_ARGS="$(CLUSTER_SERVE_ARGS)" sh scripts/cluster --port 0 --uno $(BUILD)/uno \
	    node bench/serve-load.mjs $(BENCH_CLUSTER_ARGS)

# Installation: make install [PREFIX=/usr/local] [DESTDIR=stage] [LIBDIR=...].
# uno serve finds the web client from its own folder: BIN/../share/uno/web.
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
BINDIR   = $(PREFIX)/bin
INCDIR   = $(PREFIX)/include/uno
WEBDIR   = $(PREFIX)/share/uno/web
MANDIR   = $(PREFIX)/share/man
# The Python package's folder: Python's own for PREFIX (Debian's python3:
# /usr/local/lib/python3.X/dist-packages, on its path), else
# PREFIX/lib/python3.X/site-packages (docs/python.md "Building and importing").
PY_SITE ?= $(shell $(PYTHON) -c "import sys, sysconfig; p = sysconfig.get_path('platlib'); \
    print('$(PREFIX)' + p[len('/usr/local'):] if p.startswith('/usr/local/') else '$(PREFIX)/lib/python%d.%d/site-packages' % sys.version_info[:2])")
VERSION  = $(shell sed -n 's/^#define UNO_RELEASE "\(.*\)"/\1/p' src/cli/main.c)
# uno(1), uno-COMMAND(1) for each command, uno(3): made from --help and the
# public headers (scripts/man-pages), so that they say what the build does.
COMMANDS = $(patsubst src/cli/cmd_%.c,%,$(wildcard src/cli/cmd_*.c))
MAN1     = uno.1 $(patsubst %,uno-%.1,$(COMMANDS))
MAN_SRC  = $(wildcard man/*)
man: $(addprefix $(BUILD)/man/,$(MAN1) uno.3)
$(addprefix $(BUILD)/man/,$(MAN1) uno.3) &: $(BUILD)/uno scripts/man-pages $(MAN_SRC) $(wildcard include/*.h)
	sh scripts/man-pages $(BUILD)/uno $(BUILD)/man
# What make install puts where, under DESTDIR (make uninstall removes the same).
INSTALL_FILES = $(BINDIR)/uno $(BINDIR)/uno-mpi \
    $(patsubst include/%,$(INCDIR)/%,$(wildcard include/*.h)) \
    $(LIBDIR)/libuno.a $(LIBDIR)/libuno.so.$(SOVERSION).0.0 $(LIBDIR)/libuno.so.$(SOVERSION) $(LIBDIR)/libuno.so \
    $(LIBDIR)/pkgconfig/uno.pc $(patsubst web/%,$(WEBDIR)/%,$(wildcard web/*)) \
    $(addprefix $(MANDIR)/man1/,$(MAN1)) $(MANDIR)/man3/uno.3 \
    $(patsubst $(PY_DIR)/%,$(PY_SITE)/unobook/%,$(PY_EXT) $(PY_FILES))
install: all man python
	install -d $(addprefix $(DESTDIR),$(BINDIR) $(INCDIR) $(LIBDIR)/pkgconfig $(WEBDIR) $(MANDIR)/man1 $(MANDIR)/man3)
	install -m 755 $(BUILD)/uno $(if $(MPICC),$(BUILD)/uno-mpi) $(DESTDIR)$(BINDIR)
	install -m 644 include/*.h $(DESTDIR)$(INCDIR)
	install -m 644 $(BUILD)/libuno.a $(DESTDIR)$(LIBDIR)
	install -m 755 $(LIBUNO_SO) $(DESTDIR)$(LIBDIR)
	ln -sf $(notdir $(LIBUNO_SO)) $(DESTDIR)$(LIBDIR)/libuno.so.$(SOVERSION)
	ln -sf libuno.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libuno.so
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@VERSION@|$(VERSION)|' uno.pc.in \
	    > $(DESTDIR)$(LIBDIR)/pkgconfig/uno.pc
	install -m 644 web/* $(DESTDIR)$(WEBDIR)
	install -m 644 $(addprefix $(BUILD)/man/,$(MAN1)) $(DESTDIR)$(MANDIR)/man1
	install -m 644 $(BUILD)/man/uno.3 $(DESTDIR)$(MANDIR)/man3
	install -d $(DESTDIR)$(PY_SITE)/unobook
	install -m 644 $(PY_EXT) $(PY_FILES) $(DESTDIR)$(PY_SITE)/unobook
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALL_FILES))
	rm -rf $(DESTDIR)$(PY_SITE)/unobook/__pycache__
	@for d in $(addprefix $(DESTDIR),$(INCDIR) $(WEBDIR) $(dir $(WEBDIR)) $(PY_SITE)/unobook); do \
	    [ ! -d $$d ] || rmdir --ignore-fail-on-non-empty $$d; done
# make install into a scratch folder, and what it installed at work there
# (scripts/test-install.sh): run by make test.
test-install:
	@PYTHON=$(PYTHON) sh scripts/test-install.sh

FUZZ_SRC = $(wildcard fuzz/fuzz_*.c)
FUZZ_BIN = $(patsubst fuzz/%.c,build-fuzz/%,$(FUZZ_SRC))
fuzz: $(FUZZ_BIN)
FUZZ_LIB = $(ENGINE_SRC) $(PROTO_SRC) $(BOTS_SRC) $(GEN_RULES)
# One clang command a fuzzer, so every header is its dependency.
FUZZ_HDR = $(wildcard include/*.h src/*/*.h)
build-fuzz/%: fuzz/%.c $(FUZZ_LIB) $(FUZZ_HDR)
	@mkdir -p $(dir $@)
	clang $(CSTD) -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Isrc $(DEFS) -DUNO_DEBUG \
	  $(shell pkg-config --cflags libcjson) -o $@ $< $(FUZZ_LIB) $(shell pkg-config --libs libcjson)
# Whole games as seeds (fuzz/transcripts.c): build-fuzz/seed-NAME for fuzzer NAME.
$(BUILD)/fuzz-transcripts: $(call obj,fuzz/transcripts.c) $(PROTO_A) $(BOTS_A) $(ENGINE_A)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PROTO_LIBS) $(BOTS_LIBS)
fuzz-corpus: $(BUILD)/fuzz-transcripts
	@mkdir -p build-fuzz/seed-fuzz_protocol build-fuzz/seed-fuzz_savefile
	$(BUILD)/fuzz-transcripts build-fuzz/seed-fuzz_protocol build-fuzz/seed-fuzz_savefile
test-fuzz: fuzz fuzz-corpus
	@sh scripts/run-fuzz.sh $(FUZZ_BIN)

clean:
	rm -rf build build-san build-tsan build-fuzz

-include $(shell find $(BUILD)/obj $(BUILD)/obj-mpi $(BUILD)/obj-pic -name '*.d' 2>/dev/null)
