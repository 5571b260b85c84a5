/* The problem genres besides tsume and helpmate for Lua: core.hisshi,
 * core.hisshi_move, core.hisshi_defences (src/mate/hisshi.c) and core.selfmate
 * (src/mate/selfmate.c).  Every option is read before C memory is taken, and
 * the memory is freed before "interrupted!" is raised. */
#include <stdlib.h>
#include <string.h>
#include "binding.h"
#include "../mate/hisshi.h"
#include "../mate/selfmate.h"

#define DEFAULT_TT_MB 64
#define MAX_TT_MB 65536

static sg_futile_rule opt_futile(lua_State *L, int idx)
{
    if (!idx) return SG_FUTILE_JSA;
    lua_getfield(L, idx, "futile");
    int rule = SG_FUTILE_JSA;
    if (!lua_isnil(L, -1)) {
        rule = lua_type(L, -1) == LUA_TSTRING ? sgl_futile_rule(lua_tostring(L, -1)) : -1;
        if (rule < 0) luaL_argerror(L, idx, "option 'futile' must be \"jsa\", \"composer\" or \"all\"");
    }
    lua_pop(L, 1);
    return (sg_futile_rule)rule;
}

/* an odd length 1..max, or 0 when the option is absent */
static int opt_length(lua_State *L, int idx, const char *field, int max, bool odd)
{
    int v = (int)sgl_opt_number(L, idx, field, 0, 0);
    if (v && (v > max || (odd && !(v & 1)) || (!odd && (v & 1))))
        luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be %s, %d to %d", field, odd ? "odd" : "even",
                                              odd ? 1 : 2, max));
    return v;
}

/* the hisshi options: {nodes, time, sub_nodes, futile, tt_mb} and the table */
static sg_mate_table *hisshi_setup(lua_State *L, int idx, sg_hisshi_opts *o)
{
    sg_hisshi_opts_default(o);
    o->sub_nodes = (uint64_t)sgl_opt_number(L, idx, "sub_nodes", (lua_Number)o->sub_nodes, 1);
    o->futile = opt_futile(L, idx);
    o->escapes = (int)sgl_opt_number(L, idx, "escapes", 0, 0);
    if (o->escapes > 8) luaL_argerror(L, idx, "option 'escapes' is larger than 8");
    size_t mb = (size_t)sgl_opt_number(L, idx, "tt_mb", DEFAULT_TT_MB, 1);
    if (mb > MAX_TT_MB) luaL_argerror(L, idx, "option 'tt_mb' is larger than 65536");
    sgl_limits(L, idx, &o->limits, NULL);
    sg_mate_table *tt = sgl_mate_table(L, mb);
    if (!tt) luaL_error(L, "cannot allocate a %d MB table", (int)mb);
    return tt;
}

static const char *const HISSHI_STATUS[] = {"hisshi", "tsume", "nohisshi", "unknown"};
static const char *const VALUES[] = {"proven", "disproven", "undecided"};

/* core.hisshi(pos [, {length =, max_length = 3, nodes =, time =, sub_nodes = 100000, futile =, tt_mb =,
 *   escapes = 0}])
 * -> {status = "hisshi"|"tsume"|"nohisshi"|"unknown", length, keys = {usi...}, undecided = {usi...},
 *     start_undecided = the start's own tsume left open, nodes, solves, seconds}: every move making the
 *     shortest hisshi (the side to move attacks) */
static int l_hisshi(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    int idx = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        static const char *const KNOWN[] = {"length", "max_length", "nodes", "time", "sub_nodes", "futile", "tt_mb",
                                            "escapes", NULL};
        sgl_check_options(L, 2, KNOWN, "hisshi");
        idx = 2;
    }
    int length = opt_length(L, idx, "length", SG_HISSHI_MAX_LENGTH, true);
    int max_length = (int)sgl_opt_number(L, idx, "max_length", 3, 1);
    sg_hisshi_opts o;
    sg_mate_table *tt = hisshi_setup(L, idx, &o);
    sg_hisshi_result *r = lua_newuserdatauv(L, sizeof *r, 0);
    sg_hisshi_solve(tt, p, &o, length, max_length, r);
    sgl_check_interrupt(L);
    lua_createtable(L, 0, 8);
    lua_pushstring(L, HISSHI_STATUS[r->status]);
    lua_setfield(L, -2, "status");
    if (r->length) {
        lua_pushinteger(L, r->length);
        lua_setfield(L, -2, "length");
    }
    sgl_pushmoves(L, r->keys, r->nkeys);
    lua_setfield(L, -2, "keys");
    sgl_pushmoves(L, r->undecided, r->nundecided);
    lua_setfield(L, -2, "undecided");
    lua_pushboolean(L, r->tsume_undecided);
    lua_setfield(L, -2, "start_undecided");
    lua_pushinteger(L, (lua_Integer)r->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, r->solves);
    lua_setfield(L, -2, "solves");
    lua_pushnumber(L, r->seconds);
    lua_setfield(L, -2, "seconds");
    return 1;
}

/* core.hisshi_move(pos, move [, {length = 1, nodes, time, sub_nodes, futile, tt_mb}]) ->
 * "proven"|"disproven"|"undecided", the refuting (or undecided) defence or nil, nodes */
static int l_hisshi_move(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_move m = sgl_checklegal(L, 2, p, SG_SQ_NONE);
    int idx = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        static const char *const KNOWN[] = {"length", "nodes", "time", "sub_nodes", "futile", "tt_mb", "escapes",
                                            NULL};
        sgl_check_options(L, 3, KNOWN, "hisshi_move");
        idx = 3;
    }
    int length = opt_length(L, idx, "length", SG_HISSHI_MAX_LENGTH, true);
    sg_hisshi_opts o;
    sg_mate_table *tt = hisshi_setup(L, idx, &o);
    sg_hisshi *h = sg_hisshi_new(tt, p->side, &o);
    if (!h) return luaL_error(L, "out of memory");
    sg_move refutation;
    sg_hisshi_value v = sg_hisshi_move(h, p, m, length ? length : 1, &refutation);
    uint64_t nodes = sg_hisshi_nodes(h);
    sg_hisshi_free(h);
    sgl_check_interrupt(L);
    lua_pushstring(L, VALUES[v]);
    if (refutation) sgl_pushmove(L, refutation); else lua_pushnil(L);
    lua_pushinteger(L, (lua_Integer)nodes);
    return 3;
}

/* core.hisshi_defences(pos [, futile]) -> the defender's replies that count: in check the
 * evasions without the futile drops, else every legal move */
static int l_hisshi_defences(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    int rule = SG_FUTILE_JSA;
    if (!lua_isnoneornil(L, 2)) {
        rule = sgl_futile_rule(luaL_checkstring(L, 2));
        if (rule < 0) return luaL_argerror(L, 2, "\"jsa\", \"composer\" or \"all\" expected");
    }
    sg_move moves[SG_MAX_MOVES];
    int n = sg_hisshi_defences(p, (sg_futile_rule)rule, moves);
    sgl_pushmoves(L, moves, n);
    return 1;
}

static const char *const SELFMATE_STATUS[] = {"selfmate", "noselfmate", "unknown"};

static int selfmate_table_mb(lua_State *L, int idx)
{
    lua_Number mb = sgl_opt_number(L, idx, "tt_mb", 16, 1);
    if (mb > 4096) luaL_argerror(L, idx, "option 'tt_mb' is larger than 4096");
    return (int)mb;
}

/* core.selfmate(pos [, {length =, max_length = 8, nodes =, time =, tt_mb = 16}]) ->
 * {status = "selfmate"|"noselfmate"|"unknown", length, keys = {usi...}, pv = {usi...}, nodes, seconds} */
static int l_selfmate(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    int idx = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        static const char *const KNOWN[] = {"length", "max_length", "nodes", "time", "tt_mb", NULL};
        sgl_check_options(L, 2, KNOWN, "selfmate");
        idx = 2;
    }
    int length = opt_length(L, idx, "length", SG_SELFMATE_MAX_LENGTH, false);
    int max_length = (int)sgl_opt_number(L, idx, "max_length", 8, 2);
    int mb = selfmate_table_mb(L, idx);
    sg_limits limits;
    sgl_limits(L, idx, &limits, NULL);
    sg_selfmate_result *r = lua_newuserdatauv(L, sizeof *r, 0);
    sg_selfmate_solve(p, length, max_length, &limits, mb, r);
    sgl_check_interrupt(L);
    lua_createtable(L, 0, 7);
    lua_pushstring(L, SELFMATE_STATUS[r->status]);
    lua_setfield(L, -2, "status");
    if (r->status == SG_SELFMATE_FOUND) {
        lua_pushinteger(L, r->length);
        lua_setfield(L, -2, "length");
    }
    sgl_pushmoves(L, r->keys, r->nkeys);
    lua_setfield(L, -2, "keys");
    sgl_pushmoves(L, r->pv, r->pv_len);
    lua_setfield(L, -2, "pv");
    lua_pushinteger(L, (lua_Integer)r->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushnumber(L, r->seconds);
    lua_setfield(L, -2, "seconds");
    return 1;
}

/* core.selfmate_move(pos, check, {length = plies, nodes =, time =, tt_mb =}) ->
 * "proven"|"disproven"|"undecided", the defence that escapes or nil */
static int l_selfmate_move(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_move m = sgl_checklegal(L, 2, p, SG_SQ_NONE);
    luaL_checktype(L, 3, LUA_TTABLE);
    static const char *const KNOWN[] = {"length", "nodes", "time", "tt_mb", NULL};
    sgl_check_options(L, 3, KNOWN, "selfmate_move");
    int length = opt_length(L, 3, "length", SG_SELFMATE_MAX_LENGTH, false);
    if (!length) return luaL_argerror(L, 3, "option 'length' is needed");
    int mb = selfmate_table_mb(L, 3);
    sg_limits limits;
    sgl_limits(L, 3, &limits, NULL);
    sg_move refutation;
    int v = sg_selfmate_move(p, m, length, &limits, mb, &refutation);
    sgl_check_interrupt(L);
    lua_pushstring(L, VALUES[v == 1 ? 0 : v == 0 ? 1 : 2]);
    if (refutation) sgl_pushmove(L, refutation); else lua_pushnil(L);
    return 2;
}

void sgl_open_genres(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"hisshi", l_hisshi},
        {"hisshi_move", l_hisshi_move},
        {"hisshi_defences", l_hisshi_defences},
        {"selfmate", l_selfmate},
        {"selfmate_move", l_selfmate_move},
        {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
}
