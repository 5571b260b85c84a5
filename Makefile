# komadai: `make` builds everything, `make test` runs every test, `make bench`
# prints the speed figures, `make run` opens the REPL.
# A fresh Debian machine needs nothing done by hand: missing packages are
# installed with apt-get the first time (build/.deps records that it was checked).

PREFIX  ?= /usr/local
CC      ?= cc
ARCH    ?= -march=native
LUA_PKG := lua5.4
DEB_PKGS := gcc make pkg-config liblua5.4-dev lua5.4 libreadline-dev lua-busted lua-cjson tmux \
            librsvg2-bin fonts-noto-cjk libxml2-utils poppler-utils netpbm \
            fairy-stockfish gpsshogi parallel procps

WARN   := -std=c11 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
          -Wwrite-strings -Wcast-qual -Wundef
# _GNU_SOURCE: sigaction, iconv, clock_gettime and readline's headers need POSIX names.
BASE   := $(WARN) -D_GNU_SOURCE -fPIC -fvisibility=hidden -MMD -MP
OPT    := -O2 -g $(ARCH)
SAN    := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LUA_CFLAGS = $(shell pkg-config --cflags $(LUA_PKG) 2>/dev/null || echo -I/usr/include/lua5.4)
LUA_LIBS   = $(shell pkg-config --libs $(LUA_PKG) 2>/dev/null || echo -llua5.4)

CORE_SRC   := $(wildcard src/core/*.c) $(wildcard src/search/*.c) $(wildcard src/os/*.c) $(wildcard src/proto/*.c)
BIND_SRC   := $(wildcard src/lua/*.c)
APP_SRC    := $(filter-out src/app/perft_main.c,$(wildcard src/app/*.c))
LUA_FILES  := $(shell find lua -name '*.lua' | sort)
CTEST_SRC  := $(wildcard tests/c/test_*.c)

# ---- release build (build/) --------------------------------------------------
B := build
CORE_OBJ := $(CORE_SRC:%.c=$(B)/obj/%.o)
BIND_OBJ := $(BIND_SRC:%.c=$(B)/obj/%.o)
APP_OBJ  := $(APP_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/lua_embed.o

all: $(B)/.deps $(B)/komadai $(B)/perft $(B)/lib/shogi/core.so

$(B)/.deps:
	@mkdir -p $(B)
	@missing=""; for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi; touch $@

$(B)/obj/%.o: %.c | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(OPT) $(LUA_CFLAGS) -c $< -o $@

$(B)/gen/lua_embed.c: src/app/embed.lua $(LUA_FILES) | $(B)/.deps
	@mkdir -p $(dir $@)
	lua5.4 src/app/embed.lua $@ $(LUA_FILES)

$(B)/obj/gen/lua_embed.o: $(B)/gen/lua_embed.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(OPT) $(LUA_CFLAGS) -Isrc/app -c $< -o $@

$(B)/libkomadai.a: $(CORE_OBJ)
	rm -f $@; ar rcs $@ $^

$(B)/perft: $(B)/obj/src/app/perft_main.o $(B)/libkomadai.a
	$(CC) $(OPT) $^ -o $@

$(B)/komadai: $(APP_OBJ) $(BIND_OBJ) $(B)/libkomadai.a
	$(CC) $(OPT) -rdynamic $^ $(LUA_LIBS) -lreadline -lm -ldl -o $@

# the Lua module: no -llua5.4, the interpreter that loads it provides Lua
$(B)/lib/shogi/core.so: $(BIND_OBJ) $(B)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -shared $^ -o $@

# ---- sanitizer build for the tests (build/asan/) --------------------------------
A := $(B)/asan
A_CORE_OBJ := $(CORE_SRC:%.c=$(A)/obj/%.o)
A_BIND_OBJ := $(BIND_SRC:%.c=$(A)/obj/%.o)
A_APP_OBJ  := $(APP_SRC:%.c=$(A)/obj/%.o) $(A)/obj/gen/lua_embed.o
CTESTS     := $(CTEST_SRC:tests/c/%.c=$(A)/tests/%)

$(A)/obj/%.o: %.c | $(B)/.deps
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

$(A)/komadai: $(A_APP_OBJ) $(A_BIND_OBJ) $(A)/libkomadai.a
	$(CC) $(SAN) -rdynamic $^ $(LUA_LIBS) -lreadline -lm -ldl -o $@

$(A)/lib/shogi/core.so: $(A_BIND_OBJ) $(A)/libkomadai.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -shared $^ -o $@

# ---- fuzzing (build/fuzz/): libFuzzer targets tests/fuzz/fuzz_*.c ---------------------
# Only these need clang; its packages are installed the first time one is built.
FUZZ_PKGS    := clang libclang-rt-14-dev
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FZ := $(B)/fuzz
FUZZ_SAN   := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS  := $(FUZZ_SRC:tests/fuzz/%.c=$(FZ)/%)
FZ_OBJ     := $(CORE_SRC:%.c=$(FZ)/obj/%.o) $(BIND_SRC:%.c=$(FZ)/obj/%.o)

$(FZ)/.deps: | $(B)/.deps
	@mkdir -p $(FZ)
	@missing=""; for p in $(FUZZ_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages for fuzzing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi; touch $@

$(FZ)/obj/%.o: %.c | $(FZ)/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASE) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(LUA_CFLAGS) -c $< -o $@

$(FZ)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/lua_host.h $(FZ_OBJ)
	$(FUZZ_CC) $(BASE) $(FUZZ_SAN) -fsanitize=fuzzer -DKOMADAI_ROOT='"$(CURDIR)"' $(LUA_CFLAGS) \
	  $< $(filter %.o,$^) $(LUA_LIBS) -lm -o $@
# the targets that drive the executable's own loops link those files of src/app
# (clang only: csa_hooks.c's argument loop steps its index in the body on purpose)
$(FZ)/obj/src/app/%.o: FUZZ_SAN += -Wno-for-loop-analysis
$(FZ)/fuzz_usi: $(FZ)/obj/src/app/usi_engine.o
$(FZ)/fuzz_csa: $(FZ)/obj/src/app/csa_server.o $(FZ)/obj/src/app/csa_record.o $(FZ)/obj/src/app/csa_hooks.o

# every target for FUZZ_SECONDS each, new inputs into build/fuzz/corpus/, findings into build/fuzz/findings/
fuzz: all $(FUZZ_BINS)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# a scripted REPL session once under valgrind (leaks and memory errors), on a
# build without -march=native (valgrind does not know every instruction)
check-leaks: all
	@command -v valgrind >/dev/null || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	@$(MAKE) --no-print-directory B=$(B)/valgrind ARCH= LUA_CFLAGS="$(LUA_CFLAGS) -I$(CURDIR)/src/app" \
	  $(B)/valgrind/komadai
	@KOMADAI=$(B)/valgrind/komadai sh tests/leaks.sh

# ---- commands ---------------------------------------------------------------------
test: all $(CTESTS) $(A)/komadai $(A)/lib/shogi/core.so $(FUZZ_BINS)
	@sh tests/run.sh

# ---- the web pages (build/web/) ------------------------------------------------
# `make web-assets` gathers the site komadai --serve serves: the pages of
# src/web/assets, the board component (npm shogiground, pinned in
# package-lock.json, installed by `npm ci`; its ES modules imported by relative
# path, no bundler) and the pieces drawn by scripts/web-pieces.
WEB := $(B)/web
WEB_PAGES := $(shell find src/web/assets -type f 2>/dev/null)

web-assets: $(WEB)/.stamp

node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null || { echo "web-assets: npm is missing (apt-get install npm)"; exit 1; }
	npm ci --ignore-scripts --no-audit --no-fund

$(WEB)/.stamp: node_modules/.package-lock.json $(WEB_PAGES) scripts/web-pieces lua/shogi/diagram/piece.lua \
               lua/shogi/diagram/pieces.lua $(B)/lib/shogi/core.so
	rm -rf $(WEB) && mkdir -p $(WEB)/vendor/shogiground
	cp -R src/web/assets/. $(WEB)/
	cp node_modules/shogiground/esm/*.js node_modules/shogiground/LICENSE $(WEB)/vendor/shogiground/
	lua5.4 scripts/web-pieces $(WEB)
	touch $@

bench: all
	@sh tests/bench.sh $(BENCH)

run: all
	@$(B)/komadai

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/lua/5.4/shogi $(DESTDIR)$(PREFIX)/share/lua/5.4
	install -m 755 $(B)/komadai $(DESTDIR)$(PREFIX)/bin/komadai
	install -m 755 $(B)/lib/shogi/core.so $(DESTDIR)$(PREFIX)/lib/lua/5.4/shogi/core.so
	cd lua && for f in $$(find shogi -name '*.lua'); do \
	  install -D -m 644 $$f $(DESTDIR)$(PREFIX)/share/lua/5.4/$$f; done

clean:
	rm -rf $(B)

.PHONY: all test bench run install clean fuzz check-leaks web-assets
.SECONDARY:
-include $(shell find $(B) -name '*.d' 2>/dev/null)
