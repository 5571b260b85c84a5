# komadai: `make` builds everything, `make test` runs every test (`make test
# T=PATTERN` the suites whose name holds PATTERN), `make bench` prints the speed
# figures, `make run` opens the REPL, `make fuzz` fuzzes (the only part needing clang).
# `make` installs nothing: a missing build dependency stops it with the package to
# get.  `make deps` installs the build dependencies, `make test-deps` those of the
# tests (Debian packages, apt-get, only the missing ones: scripts/deps.sh); `make run`
# and `make test` call them first, so a fresh Debian machine needs nothing by hand.

PREFIX  ?= /usr/local
CC      ?= cc
ARCH    ?= -march=native
LUA_PKG := lua5.4
# the Debian packages, one word each; libmicrohttpd-dev libsqlite3-dev libpq-dev
# libsodium-dev (build), npm (the pages: make web-assets, which make run builds) and
# postgresql chromium (tests) are the web server's
BUILD_PKGS := gcc make pkg-config liblua5.4-dev lua5.4 libreadline-dev \
              libmicrohttpd-dev libsqlite3-dev libpq-dev libsodium-dev
WEB_PKGS   := npm fonts-noto-cjk fontconfig python3-fonttools
TEST_PKGS  := lua-busted lua-cjson tmux python3 curl sqlite3 nodejs librsvg2-bin fonts-noto-cjk libxml2-utils \
              poppler-utils netpbm fairy-stockfish gpsshogi parallel openssh-client openssh-server procps \
              postgresql chromium npm help2man groff-base debhelper dpkg-dev fakeroot lintian luarocks
FUZZ_PKGS  := clang libclang-rt-14-dev
LEAKS_PKGS := valgrind

WARN   := -std=c11 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
          -Wwrite-strings -Wcast-qual -Wundef
# _GNU_SOURCE: sigaction, iconv, clock_gettime and readline's headers need POSIX names.
BASE   := $(WARN) -D_GNU_SOURCE -fPIC -fvisibility=hidden -MMD -MP
OPT    := -O2 -g $(ARCH)
SAN    := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LUA_CFLAGS = $(shell pkg-config --cflags $(LUA_PKG) 2>/dev/null || echo -I/usr/include/lua5.4)
LUA_LIBS   = $(shell pkg-config --libs $(LUA_PKG) 2>/dev/null || echo -llua5.4)

CORE_SRC   := $(wildcard src/core/*.c) $(wildcard src/search/*.c) $(wildcard src/mate/*.c) $(wildcard src/os/*.c) $(wildcard src/proto/*.c)
BIND_SRC   := $(wildcard src/lua/*.c)
SERVER_SRC := $(wildcard src/server/*.c) $(wildcard src/web/*.c)
WEB_LIBS   := -lmicrohttpd -lsqlite3 -lpq -lsodium -lpthread
# libpq's header lives in its own folder (Debian: /usr/include/postgresql)
PQ_CFLAGS   = $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
APP_SRC    := $(filter-out src/app/perft_main.c,$(wildcard src/app/*.c))
LUA_FILES  := $(shell find lua -name '*.lua' | sort)
CTEST_SRC  := $(wildcard tests/c/test_*.c)

# ---- release build (build/) --------------------------------------------------
B := build
CORE_OBJ := $(CORE_SRC:%.c=$(B)/obj/%.o)
BIND_OBJ := $(BIND_SRC:%.c=$(B)/obj/%.o)
APP_OBJ  := $(APP_SRC:%.c=$(B)/obj/%.o) $(SERVER_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/lua_embed.o

all: check-deps $(B)/komadai $(B)/perft $(B)/lib/shogi/core.so

# ---- dependencies: checked before anything is compiled, installed only on demand ----
# $(call deps,check|install,WHAT,PACKAGES): the one copy of the logic is scripts/deps.sh
deps = @sh scripts/deps.sh $(1) $(2) $(3)
check-deps:
	$(call deps,check,build,$(BUILD_PKGS))
	@pkg-config --exists $(LUA_PKG) 2>/dev/null || { \
	  echo "pkg-config knows no package '$(LUA_PKG)' (LUA_PKG, the Lua 5.4 headers and library)"; \
	  echo "  install them with:  make deps   (Debian: liblua5.4-dev)"; \
	  echo "  or set LUA_PKG to the pkg-config name of Lua 5.4 here"; exit 1; } >&2
deps:
	$(call deps,install,build,$(BUILD_PKGS))
	$(call deps,install,web,$(WEB_PKGS))
test-deps:
	$(call deps,install,test,$(TEST_PKGS))
fuzz-deps:
	$(call deps,install,fuzz,$(FUZZ_PKGS))
check-fuzz-deps:
	$(call deps,check,fuzz,$(FUZZ_PKGS))

$(B)/obj/src/web/store_pg.o $(B)/asan/obj/src/web/store_pg.o $(B)/fuzz/obj/src/web/store_pg.o: BASE += $(PQ_CFLAGS)

$(B)/obj/%.o: %.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(OPT) $(LUA_CFLAGS) -c $< -o $@

$(B)/gen/lua_embed.c: src/app/embed.lua $(LUA_FILES) | check-deps
	@mkdir -p $(dir $@)
	lua5.4 src/app/embed.lua $@ $(LUA_FILES)

$(B)/obj/gen/lua_embed.o: $(B)/gen/lua_embed.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(OPT) $(LUA_CFLAGS) -Isrc/app -c $< -o $@

$(B)/libkomadai.a: $(CORE_OBJ)
	rm -f $@; ar rcs $@ $^

$(B)/perft: $(B)/obj/src/app/perft_main.o $(B)/libkomadai.a
	$(CC) $(OPT) $(LDFLAGS) $^ -o $@

$(B)/komadai: $(APP_OBJ) $(BIND_OBJ) $(B)/libkomadai.a
	$(CC) $(OPT) $(LDFLAGS) -rdynamic $^ $(LUA_LIBS) $(WEB_LIBS) -lreadline -lm -ldl -o $@

# the Lua module: no -llua5.4, the interpreter that loads it provides Lua
$(B)/lib/shogi/core.so: $(BIND_OBJ) $(B)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(OPT) $(LDFLAGS) -shared $^ -o $@

# ---- sanitizer build for the tests (build/asan/) --------------------------------
A := $(B)/asan
A_CORE_OBJ := $(CORE_SRC:%.c=$(A)/obj/%.o)
A_BIND_OBJ := $(BIND_SRC:%.c=$(A)/obj/%.o)
A_APP_OBJ  := $(APP_SRC:%.c=$(A)/obj/%.o) $(SERVER_SRC:%.c=$(A)/obj/%.o) $(A)/obj/gen/lua_embed.o
CTESTS     := $(CTEST_SRC:tests/c/%.c=$(A)/tests/%)

$(A)/obj/%.o: %.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(SAN) $(LUA_CFLAGS) -c $< -o $@

$(A)/obj/gen/lua_embed.o: $(B)/gen/lua_embed.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(SAN) $(LUA_CFLAGS) -Isrc/app -c $< -o $@

$(A)/libkomadai.a: $(A_CORE_OBJ)
	rm -f $@; ar rcs $@ $^

$(A)/tests/%: $(A)/obj/tests/c/%.o $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ -lm -o $@

# the site's request handler without a socket: the web objects and their libraries too
A_WEB_OBJ := $(patsubst %.c,$(A)/obj/%.o,$(wildcard src/web/*.c))
$(A)/tests/test_web_handle: $(A)/obj/tests/c/test_web_handle.o $(A_WEB_OBJ) $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ $(WEB_LIBS) -lm -o $@
$(A)/tests/test_web_drills: $(A)/obj/tests/c/test_web_drills.o $(A_WEB_OBJ) $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ $(WEB_LIBS) -lm -o $@

$(A)/komadai: $(A_APP_OBJ) $(A_BIND_OBJ) $(A)/libkomadai.a
	$(CC) $(SAN) -rdynamic $^ $(LUA_LIBS) $(WEB_LIBS) -lreadline -lm -ldl -o $@

$(A)/lib/shogi/core.so: $(A_BIND_OBJ) $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -shared $^ -o $@

# ---- fuzzing (build/fuzz/): libFuzzer targets tests/fuzz/fuzz_*.c ---------------------
# Only these need clang (FUZZ_PKGS): `make fuzz` installs it, `make test` does not use it.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FZ := $(B)/fuzz
FUZZ_SAN   := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS  := $(FUZZ_SRC:tests/fuzz/%.c=$(FZ)/%)
FZ_OBJ     := $(CORE_SRC:%.c=$(FZ)/obj/%.o) $(BIND_SRC:%.c=$(FZ)/obj/%.o)
# the targets that drive the executable's own loops link those files: the USI
# engine of src/app, the CSA server of src/server but its event loop (the
# target stands in for csa_net.c)
FUZZ_APP_usi := src/app/usi_engine.c
FUZZ_APP_csa := $(filter-out src/server/csa_net.c,$(SERVER_SRC))
# the site's request handler (web_handle), the whole of src/web: the site starts, no request comes by socket
FUZZ_APP_web := $(wildcard src/web/*.c)

$(FZ)/obj/%.o: %.c | check-deps check-fuzz-deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASE) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(LUA_CFLAGS) -c $< -o $@

$(FZ)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/lua_host.h $(FZ_OBJ)
	$(FUZZ_CC) $(BASE) $(FUZZ_SAN) -fsanitize=fuzzer -DKOMADAI_ROOT='"$(CURDIR)"' $(LUA_CFLAGS) \
	  $< $(filter %.o,$^) $(LUA_LIBS) $(WEB_LIBS) -lm -o $@
# (clang only: csa_hooks.c's argument loop steps its index in the body on purpose)
$(FZ)/obj/src/server/%.o: FUZZ_SAN += -Wno-for-loop-analysis
$(FZ)/fuzz_usi: $(FUZZ_APP_usi:%.c=$(FZ)/obj/%.o)
$(FZ)/fuzz_csa: $(FUZZ_APP_csa:%.c=$(FZ)/obj/%.o)
$(FZ)/fuzz_web: $(FUZZ_APP_web:%.c=$(FZ)/obj/%.o)

# every target for FUZZ_SECONDS each, new inputs into build/fuzz/corpus/, findings into build/fuzz/findings/
fuzz:
	@$(MAKE) --no-print-directory deps fuzz-deps
	@$(MAKE) --no-print-directory all $(FUZZ_BINS)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# the same targets without libFuzzer for `make test` (gcc, the sanitizer build's objects):
# tests/fuzz/replay.c's main feeds them the committed corpus, then mutations of it
# (tests/sh/fuzz.sh)
REPLAY_BINS := $(FUZZ_SRC:tests/fuzz/%.c=$(A)/fuzz/%)
$(A)/obj/tests/fuzz/%.o: SAN += -DKOMADAI_ROOT='"$(CURDIR)"'
$(A)/fuzz/fuzz_%: $(A)/obj/tests/fuzz/fuzz_%.o $(A)/obj/tests/fuzz/replay.o $(A_BIND_OBJ) $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $(filter %.o,$^) $(A)/libkomadai.a $(LUA_LIBS) $(WEB_LIBS) -lm -ldl -o $@
$(A)/fuzz/fuzz_usi: $(FUZZ_APP_usi:%.c=$(A)/obj/%.o)
$(A)/fuzz/fuzz_csa: $(FUZZ_APP_csa:%.c=$(A)/obj/%.o)
$(A)/fuzz/fuzz_web: $(FUZZ_APP_web:%.c=$(A)/obj/%.o)

# a scripted REPL session once under valgrind (leaks and memory errors), on a
# build without -march=native (valgrind does not know every instruction)
check-leaks: all
	$(call deps,install,leaks,$(LEAKS_PKGS))
	@$(MAKE) --no-print-directory B=$(B)/valgrind ARCH= LUA_CFLAGS="$(LUA_CFLAGS) -I$(CURDIR)/src/app" \
	  $(B)/valgrind/komadai
	@KOMADAI=$(B)/valgrind/komadai sh tests/leaks.sh

# ---- tests ----------------------------------------------------------------------------
# make test: the dependencies installed, then every suite (tests/run.sh, tests/README.md);
# make test T=PATTERN: only the suites whose file name holds PATTERN (test_notation,
# notation_spec.lua, notation.sh for T=notation), building only what those need
T ?=
tmatch      = $(if $(T),$(foreach f,$(1),$(if $(findstring $(T),$(notdir $(f))),$(f))),$(1))
T_CTESTS   := $(call tmatch,$(CTESTS))
T_SUITES   := $(call tmatch,$(wildcard tests/lua/*_spec.lua) $(filter-out tests/sh/fuzz.sh,$(wildcard tests/sh/*.sh)))
T_REPLAY   := $(if $(call tmatch,tests/sh/fuzz.sh),$(REPLAY_BINS))
# the site's suites (curl, and the browser's) serve build/web
T_WEB      := $(if $(call tmatch,tests/sh/web.sh tests/sh/web_watch.sh tests/sh/browser.sh),web-assets)
# the suites beside tsshogi read it from node_modules (npm ci, pinned in package-lock.json), web_bundle esbuild
T_NODE     := $(if $(call tmatch,tests/sh/tsshogi.sh tests/sh/tsshogi_records.sh tests/sh/web_bundle.sh),node_modules/.package-lock.json)
TEST_NEEDS := $(T_CTESTS) $(if $(T_SUITES),all $(A)/komadai $(A)/lib/shogi/core.so) $(T_REPLAY) $(T_WEB) $(T_NODE)

test:
	@$(MAKE) --no-print-directory deps test-deps
	@$(MAKE) --no-print-directory test-build
	@sh tests/run.sh '$(T)'
test-build: check-deps $(TEST_NEEDS)

# ---- the web pages (build/web/) ------------------------------------------------
# `make web-assets` gathers the site komadai --serve serves: the pages of
# src/web/assets, the board component (npm shogiground, pinned in
# package-lock.json, installed by `npm ci`) and the pieces drawn by
# scripts/web-pieces; then each page's scripts and stylesheets bundled into one
# of each by scripts/web-bundle.mjs (npm esbuild, pinned the same way).
WEB := $(B)/web
WEB_PAGES := $(shell find src/web/assets -type f 2>/dev/null)

web-assets: $(WEB)/.stamp

node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null || { echo "web-assets: npm is missing (apt-get install npm)"; exit 1; }
	npm ci --ignore-scripts --no-audit --no-fund

# the pieces' kanji as outlines of the installed font (scripts/piece-glyphs: fonts-noto-cjk through
# python3-fonttools, WEB_PKGS), a build product since the outlines are the font's; without them the
# pieces' names are text in a font
$(B)/web-glyphs.lua: scripts/piece-glyphs lua/shogi/diagram/pieces.lua $(B)/lib/shogi/core.so
	@lua5.4 scripts/piece-glyphs $@.tmp 2>$@.err && mv $@.tmp $@ || \
	  { echo "web-assets: no kanji outlines ($$(cat $@.err)): the pieces' names drawn as text"; \
	    echo 'return {em = 1000, glyphs = {}}' >$@; }
	@rm -f $@.tmp $@.err

$(WEB)/.stamp: node_modules/.package-lock.json $(WEB_PAGES) scripts/web-pieces scripts/web-bundle.mjs lua/shogi/diagram/piece.lua \
               lua/shogi/diagram/pieces.lua $(B)/web-glyphs.lua lua/shogi/diagram/svg.lua $(B)/lib/shogi/core.so
	rm -rf $(WEB) && mkdir -p $(WEB)/vendor/shogiground
	cp -R src/web/assets/. $(WEB)/
	cp node_modules/shogiground/esm/*.js node_modules/shogiground/LICENSE $(WEB)/vendor/shogiground/
	KOMADAI_GLYPHS=$(B)/web-glyphs.lua lua5.4 scripts/web-pieces $(WEB)
	node scripts/web-bundle.mjs $(WEB)
	touch $@

# ---- commands ---------------------------------------------------------------------
# the records section runs tsshogi beside komadai (node_modules, npm ci)
BENCH_NODE := $(if $(BENCH),$(if $(filter records,$(BENCH)),node_modules/.package-lock.json),node_modules/.package-lock.json)
bench: all $(BENCH_NODE)
	@sh tests/bench.sh $(BENCH)

run:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory all web-assets
	@$(B)/komadai

# ---- install: everything scripts/install.sh lists (its MANIFEST is what uninstall removes) ----
# make install PREFIX=/usr/local DESTDIR=; the man pages from each command's --help (help2man),
# so they cannot drift from it; docs/man/commands.tsv names the commands and their one line
INSTALL_PKGS := help2man groff-base
MAN_CMDS  := $(shell grep -v '^\#' docs/man/commands.tsv | cut -f1)
MAN_PAGES := $(B)/man/komadai.1 $(MAN_CMDS:%=$(B)/man/komadai-%.1)
H2M = help2man -N --no-discard-stderr -i docs/man/see_also.h2m --version-string=$(VERSION)
install: all web-assets man
	sh scripts/install.sh install "$(DESTDIR)$(PREFIX)"
uninstall:
	sh scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"
man: check-install-deps $(MAN_PAGES)
check-install-deps:
	$(call deps,check,install,$(INSTALL_PKGS))
install-deps:
	$(call deps,install,install,$(INSTALL_PKGS))
$(B)/man/komadai.1: $(B)/komadai docs/man/see_also.h2m
	@mkdir -p $(dir $@)
	$(H2M) -n "a scriptable shogi position server: REPL, scripts, USI engine, CSA and web servers" -o $@ $(B)/komadai
# help2man names a page after the file it ran (scripts/NAME): the installed name instead
man_name = sed -i -e 's/^\.TH [^ ]* "1" "\([^"]*\)" "[^"]*"/.TH KOMADAI-$(shell echo $(1) | tr a-z A-Z) "1" "\1" "komadai $(VERSION)"/' \
             -e '/^\.SH NAME/{n;s/^[^ ]* \\-/komadai-$(1) \\-/}' $(2)
man_line = "$$(awk -F'\t' '$$1 == "$(1)" {print $$2}' docs/man/commands.tsv)"
$(B)/man/komadai-perft.1: $(B)/perft docs/man/see_also.h2m docs/man/commands.tsv
	@mkdir -p $(dir $@)
	$(H2M) -n $(call man_line,perft) -o $@ $(B)/perft
	@$(call man_name,perft,$@)
$(B)/man/komadai-%.1: scripts/% docs/man/see_also.h2m docs/man/commands.tsv all
	@mkdir -p $(dir $@)
	$(H2M) -n $(call man_line,$*) -o $@ scripts/$*
	@$(call man_name,$*,$@)

# ---- the Debian package: debian/ (debhelper 13), built into build/deb/ and checked by lintian ----
# the pages are built here first (npm needs the network, a package build has none)
DEB_PKGS := debhelper dpkg-dev fakeroot lintian help2man groff-base
deb: web-assets
	$(call deps,install,deb,$(DEB_PKGS))
	dpkg-buildpackage -us -uc -b
	@mkdir -p $(B)/deb
	mv ../komadai_$(VERSION)_*.deb ../komadai_$(VERSION)_*.changes ../komadai_$(VERSION)_*.buildinfo $(B)/deb/
	-mv ../komadai-dbgsym_$(VERSION)_*.deb $(B)/deb/ 2>/dev/null
	lintian --fail-on error $(B)/deb/komadai_$(VERSION)_*.changes
	@echo "the package: $$(ls $(B)/deb/komadai_$(VERSION)_*.deb | head -n 1)"

# the version: src/core/version.h, its one place
VERSION := $(shell sed -n 's/^\#define SG_VERSION "\(.*\)"$$/\1/p' src/core/version.h)
version:
	@echo $(VERSION)

clean:
	rm -rf $(B)

.PHONY: all test test-build bench run install uninstall man deb check-install-deps install-deps clean version fuzz check-leaks web-assets \
        check-deps check-fuzz-deps deps test-deps fuzz-deps
.SECONDARY:
-include $(shell find $(B) -name '*.d' 2>/dev/null)
