/* The environment a sandboxed script sees: an allow-list of the base
 * functions (load text chunks only, getmetatable of tables only, no __gc in
 * an in-process run, collectgarbage without the options that change the
 * collector), copies of the libraries it is given (string without dump), and
 * the caller's api.  Nothing reaches io, os, package, require, debug,
 * dofile, loadfile or the string metatable. */
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>
#include "binding.h"
#include "sandbox.h"

#define API_DEPTH 32

static const char *const BASE[] = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen",
    "rawset", "select", "tonumber", "tostring", "type", "xpcall", NULL
};

static const struct { const char *name; unsigned bit; } LIBS[] = {
    {LUA_STRLIBNAME, SGL_LIB_STRING}, {LUA_TABLIBNAME, SGL_LIB_TABLE},
    {LUA_MATHLIBNAME, SGL_LIB_MATH}, {LUA_UTF8LIBNAME, SGL_LIB_UTF8},
    {LUA_COLIBNAME, SGL_LIB_COROUTINE}, {NULL, 0}
};

/* load(chunk [, name [, mode [, env]]]): text only; the sandbox's env by default.
 * upvalue 1: the real load, 2: the sandbox's env */
static int sb_load(lua_State *L)
{
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0)
        return luaL_argerror(L, 3, "only text chunks (mode \"t\") load in the sandbox");
    int has_env = lua_gettop(L) >= 4;
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    if (has_env) lua_pushvalue(L, 4);
    else lua_pushvalue(L, lua_upvalueindex(2));
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

/* getmetatable(t): tables only (the string metatable and the binding's stay out of reach) */
static int sb_getmetatable(lua_State *L)
{
    luaL_checkany(L, 1);
    if (lua_type(L, 1) != LUA_TTABLE || !lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    luaL_getmetafield(L, 1, "__metatable");
    return 1;
}

/* setmetatable(t, mt) through the real one (upvalue 1); upvalue 2 true: no __gc */
static int sb_setmetatable(lua_State *L)
{
    if (lua_toboolean(L, lua_upvalueindex(2)) && lua_type(L, 2) == LUA_TTABLE) {
        if (lua_getfield(L, 2, "__gc") != LUA_TNIL)
            return luaL_argerror(L, 2, "__gc metamethods are not allowed in an in-process sandbox");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* collectgarbage: only the options that do not change how the collector runs */
static int sb_collectgarbage(lua_State *L)
{
    static const char *const OK[] = {"collect", "count", "step", "isrunning", NULL};
    luaL_checkoption(L, 1, "collect", OK);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* a shallow copy of the library table loaded[name] (string: without dump) */
static void push_lib_copy(lua_State *T, const char *name)
{
    luaL_getsubtable(T, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(T, -1, name);
    lua_remove(T, -2);
    lua_newtable(T);
    if (lua_type(T, -2) == LUA_TTABLE) {
        lua_pushnil(T);
        while (lua_next(T, -3)) {
            lua_pushvalue(T, -2);
            lua_insert(T, -2);
            lua_rawset(T, -4);
        }
    }
    lua_remove(T, -2);
    if (strcmp(name, LUA_STRLIBNAME) == 0) {
        lua_pushnil(T);
        lua_setfield(T, -2, "dump");
    }
}

/* ---- the caller's api --------------------------------------------------------------- */
static const char *check_value(lua_State *A, int idx, int depth)
{
    switch (lua_type(A, idx)) {
    case LUA_TNIL: case LUA_TBOOLEAN: case LUA_TNUMBER: case LUA_TSTRING: return NULL;
    case LUA_TFUNCTION:
        if (lua_tocfunction(A, idx) && !lua_getupvalue(A, idx, 1)) return NULL;
        if (lua_tocfunction(A, idx)) lua_pop(A, 1);
        return "api: only C functions without upvalues can be given to a worker (worker = false for others)";
    case LUA_TUSERDATA:
        if (sgl_testpos(A, idx)) return NULL;
        return "api: only positions among userdata can be given to a worker";
    case LUA_TTABLE: {
        if (depth >= API_DEPTH) return "api: tables nested too deep (a cycle?)";
        if (!lua_checkstack(A, 4)) return "api: tables nested too deep";
        int t = lua_absindex(A, idx);
        lua_pushnil(A);
        while (lua_next(A, t)) {
            const char *e = check_value(A, -2, depth + 1);
            if (!e) e = check_value(A, -1, depth + 1);
            if (e) {
                lua_pop(A, 2);
                return e;
            }
            lua_pop(A, 1);
        }
        return NULL;
    }
    default:
        return "api: only data, C functions and positions can be given to a worker";
    }
}

const char *sgl_sb_check_api(lua_State *A, int idx) { return check_value(A, idx, 0); }

/* pushes onto T a copy of the value at idx of A (tables copied; A == T: other
 * values shared, else as checked by check_value) */
static void copy_value(lua_State *A, int idx, lua_State *T, int depth)
{
    luaL_checkstack(T, 4, "api nested too deep");
    switch (lua_type(A, idx)) {
    case LUA_TBOOLEAN: lua_pushboolean(T, lua_toboolean(A, idx)); return;
    case LUA_TNUMBER:
        if (lua_isinteger(A, idx)) lua_pushinteger(T, lua_tointeger(A, idx));
        else lua_pushnumber(T, lua_tonumber(A, idx));
        return;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(A, idx, &n);
        lua_pushlstring(T, s, n);
        return;
    }
    case LUA_TTABLE: {
        if (depth >= API_DEPTH) luaL_error(T, "api: tables nested too deep (a cycle?)");
        int t = lua_absindex(A, idx);
        lua_newtable(T);
        int nt = lua_gettop(T);
        lua_pushnil(A);
        while (lua_next(A, t)) {
            int k = lua_gettop(A) - 1;
            copy_value(A, k, T, depth + 1);
            copy_value(A, k + 1, T, depth + 1);
            lua_rawset(T, nt);
            lua_pop(A, 1);
        }
        return;
    }
    default:
        if (A == T) lua_pushvalue(A, idx);
        else if (lua_type(A, idx) == LUA_TFUNCTION) lua_pushcfunction(T, lua_tocfunction(A, idx));
        else if (lua_type(A, idx) == LUA_TUSERDATA) sgl_pushpos(T, sgl_testpos(A, idx));
        else lua_pushnil(T);
        return;
    }
}

void sgl_sb_pushenv(lua_State *T, const sgl_sb_opts *o, lua_State *A, int in_process)
{
    lua_newtable(T);
    int env = lua_gettop(T);
    luaL_getsubtable(T, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(T, -1, LUA_GNAME);
    int g = lua_gettop(T);
    for (int i = 0; BASE[i]; i++) {
        lua_getfield(T, g, BASE[i]);
        lua_setfield(T, env, BASE[i]);
    }
    lua_getfield(T, g, "_VERSION");
    lua_setfield(T, env, "_VERSION");
    lua_getfield(T, g, "load");
    lua_pushvalue(T, env);
    lua_pushcclosure(T, sb_load, 2);
    lua_setfield(T, env, "load");
    lua_pushcfunction(T, sb_getmetatable);
    lua_setfield(T, env, "getmetatable");
    lua_getfield(T, g, "setmetatable");
    lua_pushboolean(T, in_process);
    lua_pushcclosure(T, sb_setmetatable, 2);
    lua_setfield(T, env, "setmetatable");
    lua_getfield(T, g, "collectgarbage");
    lua_pushcclosure(T, sb_collectgarbage, 1);
    lua_setfield(T, env, "collectgarbage");
    lua_settop(T, env);
    for (int i = 0; LIBS[i].name; i++) {
        if (!(o->libs & LIBS[i].bit)) continue;
        push_lib_copy(T, LIBS[i].name);
        lua_setfield(T, env, LIBS[i].name);
    }
    lua_pushvalue(T, env);
    lua_setfield(T, env, LUA_GNAME);
    if (o->api) {
        lua_pushnil(A);
        while (lua_next(A, o->api)) {
            int k = lua_gettop(A) - 1;
            copy_value(A, k, T, 1);
            copy_value(A, k + 1, T, 1);
            lua_rawset(T, env);
            lua_pop(A, 1);
        }
    }
}
