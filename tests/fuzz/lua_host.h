/* The Lua state a libFuzzer target runs Lua in: the standard libraries,
 * shogi.core preloaded (the binding, built into the target) and the modules
 * of lua/ on package.path.  KOMADAI_ROOT is the repository (set by the
 * Makefile).  The state lives as long as the fuzzing process: libFuzzer
 * gives a target no other place to keep it. */
#ifndef FUZZ_LUA_HOST_H
#define FUZZ_LUA_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "../../src/lua/binding.h"

/* A new state with the standard libraries, shogi.core preloaded, lua/ on
 * package.path and cpath as given ("" for no C modules). */
static inline lua_State *fuzz_lua_state(const char *cpath)
{
    lua_State *L = luaL_newstate();
    if (!L) abort();
    luaL_openlibs(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_shogi_core);
    lua_setfield(L, -2, "shogi.core");
    lua_pop(L, 1);
    lua_getglobal(L, "package");
    lua_pushstring(L, KOMADAI_ROOT "/lua/?.lua;" KOMADAI_ROOT "/lua/?/init.lua");
    lua_setfield(L, -2, "path");
    lua_pushstring(L, cpath);
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
    return L;
}

/* Runs chunk (which returns the checking function) once; then pushes that
 * function.  The checking function gets the input and returns nil, or a
 * string that describes a finding. */
static inline lua_State *fuzz_lua_host(const char *chunk)
{
    /* system C modules only (lua-cjson for JKF) */
    lua_State *L = fuzz_lua_state("/usr/local/lib/lua/5.4/?.so;/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;"
                                  "/usr/lib/lua/5.4/?.so");
    if (luaL_dostring(L, "require 'cjson'") != LUA_OK) { /* JKF needs it: fail here, not per input */
        fprintf(stderr, "fuzz host: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_settop(L, 0);
    if (luaL_dostring(L, chunk) != LUA_OK) {
        fprintf(stderr, "fuzz host: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.check");
    return L;
}

/* calls the checking function with the input; aborts on a finding */
static inline void fuzz_lua_check(lua_State *L, const char *text, size_t n, const char *extra)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.check");
    lua_pushlstring(L, text, n);
    lua_pushstring(L, extra);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK || !lua_isnil(L, -1)) {
        fprintf(stderr, "finding: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_pop(L, 1);
}

#endif
