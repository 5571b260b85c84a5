/* luaopen_shogi_core: the module table of "shogi.core", assembled from the
 * binding files, and the per-state data every search started from Lua uses:
 * the interrupt flag the host raises (Ctrl-C) and the limits of one search. */
#include "../core/version.h"
#include <math.h>
#include "binding.h"

/* One per Lua state, kept in the registry: a full userdata, so its address
 * stays put and a signal handler may write the flag. */
typedef struct { volatile int interrupt; } state_data;
static const char STATE_KEY = 0;

static state_data *state(lua_State *L)
{
    state_data *d;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &STATE_KEY) == LUA_TUSERDATA) {
        d = lua_touserdata(L, -1);
    } else {
        d = lua_newuserdatauv(L, sizeof *d, 0);
        d->interrupt = 0;
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &STATE_KEY);
        lua_remove(L, -2);
    }
    lua_pop(L, 1);
    return d;
}

volatile int *sgl_interrupt_flag(lua_State *L) { return &state(L)->interrupt; }

void sgl_check_interrupt(lua_State *L)
{
    state_data *d = state(L);
    if (d->interrupt) {
        d->interrupt = 0;
        luaL_error(L, "interrupted!");
    }
}

static double opt_limit(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    double v = 0;
    if (!lua_isnil(L, -1)) {
        int ok;
        v = (double)lua_tonumberx(L, -1, &ok);
        if (!ok || !(v >= 0) || isinf(v))
            luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a number >= 0", key));
    }
    lua_pop(L, 1);
    return v;
}

void sgl_limits(lua_State *L, int idx, sg_limits *limits, volatile int *stop)
{
    *limits = sg_limits_none();
    if (idx) {
        double nodes = opt_limit(L, idx, "nodes");
        limits->nodes = nodes >= 1.8e19 ? UINT64_MAX : (uint64_t)nodes;
        limits->seconds = opt_limit(L, idx, "time");
    }
    limits->stop = stop;
    limits->interrupt = sgl_interrupt_flag(L);
}

SGL_EXPORT int luaopen_shogi_core(lua_State *L)
{
    sg_init();
    state(L);
    lua_newtable(L);
    sgl_open_position(L);
    sgl_open_rules(L);
    sgl_open_game(L);
    sgl_open_notation(L);
    sgl_open_record_text(L);
    sgl_open_record_read(L);
    sgl_open_facts(L);
    sgl_open_tsume(L);
    sgl_open_genres(L);
    sgl_open_process(L);
    sgl_open_search(L);
    sgl_open_sandbox(L);
    sgl_open_quote(L);
    lua_pushstring(L, SG_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}
