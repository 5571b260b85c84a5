/* core.sandbox_load(text, chunkname [, opts]) -> value | nil, msg
 * Runs a text chunk of someone else's Lua under limits (see sandbox.h and
 * docs/API.md).  opts: cpu (seconds, default 1), memory (bytes, default
 * 64 MiB), wall (seconds, default 10 * cpu + 5), libs (names among string,
 * table, math, utf8, coroutine; default the first four), api (name -> value,
 * globals for the script), worker (default true: a forked process, data-only
 * results; false: this state, functions come back too).  name and text are
 * the Lua wrapper's (lua/shogi/sandbox.lua) and ignored here.  Misuse raises;
 * a script that fails or hits a limit returns nil and a message naming it. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "binding.h"
#include "sandbox.h"

#define MIB ((size_t)1 << 20)

static const char *const KNOWN[] = {"cpu", "memory", "wall", "libs", "api", "worker", "name", "text", NULL};
static const char *const LIB_NAMES[] = {"string", "table", "math", "utf8", "coroutine", NULL};

static double opt_seconds(lua_State *L, int idx, const char *field, double def)
{
    double v = def;
    if (lua_getfield(L, idx, field) != LUA_TNIL) {
        int ok;
        v = (double)lua_tonumberx(L, -1, &ok);
        if (!ok || !(v > 0) || v > 1e6)
            luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a positive number of seconds", field));
    }
    lua_pop(L, 1);
    return v;
}

static void read_opts(lua_State *L, int idx, sgl_sb_opts *o)
{
    o->cpu = 1;
    o->memory = 64 * MIB;
    o->libs = SGL_LIB_DEFAULT;
    o->worker = 1;
    o->api = 0;
    o->wall = 0;
    if (lua_isnoneornil(L, idx)) {
        o->wall = 10 * o->cpu + 5;
        return;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        int i = 0;
        while (k && KNOWN[i] && strcmp(KNOWN[i], k)) i++;
        if (!k || !KNOWN[i])
            luaL_argerror(L, idx, lua_pushfstring(L, "unknown option '%s' (cpu, memory, wall, libs, api, worker, name, text)",
                                                  luaL_tolstring(L, -2, NULL)));
        lua_pop(L, 1);
    }
    o->cpu = opt_seconds(L, idx, "cpu", 1);
    o->wall = opt_seconds(L, idx, "wall", 10 * o->cpu + 5);
    if (lua_getfield(L, idx, "memory") != LUA_TNIL) {
        int ok;
        lua_Number m = lua_tonumberx(L, -1, &ok);
        if (!ok || !(m >= 1) || m > 1e15)
            luaL_argerror(L, idx, "option 'memory' must be a positive number of bytes");
        o->memory = (size_t)m;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "libs") != LUA_TNIL) {
        if (!lua_istable(L, -1)) luaL_argerror(L, idx, "option 'libs' must be a list of library names");
        o->libs = 0;
        int lt = lua_gettop(L);
        for (lua_Integer i = 1; lua_rawgeti(L, lt, i) != LUA_TNIL; i++) {
            const char *s = lua_tostring(L, -1);
            int j = 0;
            while (s && LIB_NAMES[j] && strcmp(LIB_NAMES[j], s)) j++;
            if (!s || !LIB_NAMES[j])
                luaL_argerror(L, idx, lua_pushfstring(L, "unknown library '%s' in option 'libs' (string, table, math, utf8, coroutine)",
                                                      luaL_tolstring(L, -1, NULL)));
            o->libs |= 1u << j;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "worker") != LUA_TNIL) {
        if (!lua_isboolean(L, -1)) luaL_argerror(L, idx, "option 'worker' must be a boolean");
        o->worker = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "api") != LUA_TNIL) {
        if (!lua_istable(L, -1)) luaL_argerror(L, idx, "option 'api' must be a table of globals");
        o->api = lua_gettop(L); /* stays on the stack */
    } else lua_pop(L, 1);
}

/* "64 MiB", "512 KiB" or "1000 bytes" */
static void format_bytes(char *out, size_t size, size_t n)
{
    if (n % MIB == 0) snprintf(out, size, "%zu MiB", n / MIB);
    else if (n % 1024 == 0) snprintf(out, size, "%zu KiB", n / 1024);
    else snprintf(out, size, "%zu bytes", n);
}

/* the chunk name as messages show it ("@x.lua" -> "x.lua", "=problem" -> "problem") */
static const char *shown_name(const char *chunkname)
{
    return (chunkname[0] == '@' || chunkname[0] == '=') ? chunkname + 1 : chunkname;
}

/* pushes nil and the message of a stop; returns 2 */
static int push_stop(lua_State *L, sgl_sb_status st, const sgl_sb_opts *o, const char *chunkname,
                     const char *msg)
{
    char lim[64];
    const char *name = shown_name(chunkname);
    lua_pushnil(L);
    switch (st) {
    case SGL_SB_CPU:
        snprintf(lim, sizeof lim, "%g s", o->cpu);
        lua_pushfstring(L, "%s: cpu limit of %s exceeded", name, lim);
        break;
    case SGL_SB_MEMORY:
        format_bytes(lim, sizeof lim, o->memory);
        lua_pushfstring(L, "%s: memory limit of %s exceeded", name, lim);
        break;
    case SGL_SB_WALL:
        snprintf(lim, sizeof lim, "%g s", o->wall);
        lua_pushfstring(L, "%s: wall-clock deadline of %s exceeded", name, lim);
        break;
    case SGL_SB_ERROR: lua_pushstring(L, msg); break;
    default: lua_pushfstring(L, "%s: %s", name, msg); break;
    }
    return 2;
}

/* In this state: a new thread with the hook, the allocator swapped for the run */
static int run_here(lua_State *L, const char *text, size_t len, const char *chunkname, const sgl_sb_opts *o)
{
    sgl_sb_pushenv(L, o, L, 1);
    int env = lua_gettop(L);
    if (luaL_loadbufferx(L, text, len, chunkname, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1);
    lua_State *co = lua_newthread(L);
    lua_insert(L, -2);
    lua_xmove(L, co, 1);
    sgl_sb_run run;
    lua_Alloc f = lua_getallocf(L, &run.ud);
    run.f = f;
    run.used = 0;
    run.cap = (long long)o->memory;
    sgl_sb_start(&run, o);
    void *outer = sgl_sb_arm(L, co, &run);
    lua_setallocf(L, sgl_sb_alloc, &run);
    int nres = 0;
    int st = lua_resume(co, L, 0, &nres);
    lua_setallocf(L, run.f, run.ud);
    sgl_sb_disarm(L, co, outer);
    if (run.stopped == SGL_SB_INTERRUPT) {
        *sgl_interrupt_flag(L) = 0;
        return luaL_error(L, "interrupted!");
    }
    if (run.stopped) return push_stop(L, (sgl_sb_status)run.stopped, o, chunkname, "");
    if (st == LUA_YIELD) return push_stop(L, SGL_SB_DIED, o, chunkname, "the chunk yielded outside a coroutine");
    if (st != LUA_OK) {
        lua_pushnil(L);
        if (lua_type(co, -1) == LUA_TSTRING) lua_xmove(co, L, 1);
        else lua_pushliteral(L, "(error object is not a string)");
        return 2;
    }
    if (nres == 0) lua_pushnil(L);
    else {
        lua_settop(co, 1);
        lua_xmove(co, L, 1);
    }
    return 1;
}

static int l_sandbox_load(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    const char *chunkname = luaL_checkstring(L, 2);
    sgl_sb_opts o;
    read_opts(L, 3, &o);
    if (!o.worker) return run_here(L, text, len, chunkname, &o);
    if (o.api) {
        const char *e = sgl_sb_check_api(L, o.api);
        if (e) return luaL_argerror(L, 3, e);
    }
    sgl_sb_status st;
    char msg[2048];
    sgl_sb_run_worker(L, text, len, chunkname, &o, &st, msg, sizeof msg);
    if (st == SGL_SB_OK) return 1;
    lua_pop(L, 1);
    if (st == SGL_SB_INTERRUPT) {
        *sgl_interrupt_flag(L) = 0;
        return luaL_error(L, "interrupted!");
    }
    return push_stop(L, st, &o, chunkname, msg);
}

void sgl_open_sandbox(lua_State *L)
{
    lua_pushcfunction(L, l_sandbox_load);
    lua_setfield(L, -2, "sandbox_load");
}
