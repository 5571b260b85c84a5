/* The tsume solver for Lua: core.solve and the helpers the composer's checker
 * (lua/shogi/tsume.lua) builds on.  Every argument is read before the table is
 * allocated, and the table is freed before "interrupted!" is raised. */
#include <string.h>
#include "binding.h"
#include <stdlib.h>
#include "../mate/dfpn.h"
#include "../mate/helpmate.h"

#define DEFAULT_TT_MB 64
#define MAX_TT_MB 65536

static sg_color opt_side(lua_State *L, int idx, const char *field, sg_color def)
{
    lua_getfield(L, idx, field);
    sg_color c = def;
    if (!lua_isnil(L, -1)) {
        const char *s = lua_tostring(L, -1);
        if (lua_type(L, -1) != LUA_TSTRING || (strcmp(s, "b") && strcmp(s, "w")))
            luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be \"b\" or \"w\"", field));
        c = s[0] == 'w' ? SG_WHITE : SG_BLACK;
    }
    lua_pop(L, 1);
    return c;
}

static bool opt_bool(lua_State *L, int idx, const char *field, bool def)
{
    lua_getfield(L, idx, field);
    bool v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static const char *const STATUS[] = {"mate", "nomate", "unknown"};

/* The table lives in a userdata kept in the registry and is reused by the next
 * solve of the same size (clearing is O(1)); a new size frees the old table. */
#define TT_KEY "shogi.tsume.tt"
typedef struct { sg_mate_table *tt; size_t mb; } tt_box;

static int tt_gc(lua_State *L)
{
    tt_box *b = luaL_checkudata(L, 1, TT_KEY);
    sg_mate_table_free(b->tt);
    b->tt = NULL;
    b->mb = 0;
    return 0;
}

/* the cached table of mb MiB, cleared; NULL when it cannot be allocated */
sg_mate_table *sgl_mate_table(lua_State *L, size_t mb)
{
    lua_getfield(L, LUA_REGISTRYINDEX, TT_KEY "*");
    tt_box *b = lua_touserdata(L, -1);
    if (!b) {
        lua_pop(L, 1);
        b = lua_newuserdatauv(L, sizeof *b, 0);
        b->tt = NULL;
        b->mb = 0;
        if (luaL_newmetatable(L, TT_KEY)) {
            lua_pushcfunction(L, tt_gc);
            lua_setfield(L, -2, "__gc");
        }
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, TT_KEY "*");
    }
    lua_pop(L, 1);
    if (b->tt && b->mb != mb) { sg_mate_table_free(b->tt); b->tt = NULL; b->mb = 0; }
    if (!b->tt) {
        b->tt = sg_mate_table_new(mb << 20);
        if (!b->tt) return NULL;
        b->mb = mb;
    } else {
        sg_mate_table_clear(b->tt);
    }
    return b->tt;
}

/* the futile-interposition rules by name, in sg_futile_rule's order */
static const char *const FUTILE_RULES[] = {"jsa", "all", "composer", NULL};
int sgl_futile_rule(const char *name)
{
    for (int i = 0; FUTILE_RULES[i]; i++) if (strcmp(name, FUTILE_RULES[i]) == 0) return i;
    return -1;
}

/* core.solve(pos [, {nodes=, time=, tt_mb=, futile="jsa"|"composer"|"all", max_length=,
 *   attacker="b"|"w", fill_hand=, shortest=, pv=}]) -> {status=, length=,
 *   exact=, pv={usi...}, nodes=, seconds=} */
static int l_solve(lua_State *L)
{
    const sg_pos *p0 = sgl_checkpos(L, 1);
    sg_pos p = *p0;
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    sg_color attacker = p.side;
    bool fill = false;
    size_t tt_mb = DEFAULT_TT_MB;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        static const char *const KNOWN[] = {"nodes", "time", "max_length", "tt_mb", "futile", "attacker",
                                            "fill_hand", "shortest", "pv", NULL};
        sgl_check_options(L, 2, KNOWN, "solve");
        lua_Number ml = sgl_opt_number(L, 2, "max_length", -1, 0);
        o.max_length = ml > 60000 ? 60000 : (int)ml;
        tt_mb = (size_t)sgl_opt_number(L, 2, "tt_mb", DEFAULT_TT_MB, 1);
        if (tt_mb > MAX_TT_MB) luaL_argerror(L, 2, "option 'tt_mb' is larger than 65536");
        lua_getfield(L, 2, "futile");
        if (!lua_isnil(L, -1)) {
            int rule = lua_type(L, -1) == LUA_TSTRING ? sgl_futile_rule(lua_tostring(L, -1)) : -1;
            if (rule < 0) luaL_argerror(L, 2, "option 'futile' must be \"jsa\", \"composer\" or \"all\"");
            o.futile = (sg_futile_rule)rule;
        }
        lua_pop(L, 1);
        attacker = opt_side(L, 2, "attacker", attacker);
        fill = opt_bool(L, 2, "fill_hand", false);
        o.shortest = opt_bool(L, 2, "shortest", true);
        o.pv = opt_bool(L, 2, "pv", true);
    }
    if (fill) sg_tsume_fill_hand(&p, attacker);
    sgl_limits(L, lua_isnoneornil(L, 2) ? 0 : 2, &o.limits, NULL);
    sg_dfpn_result *r = lua_newuserdatauv(L, sizeof *r, 0);
    sg_mate_table *tt = sgl_mate_table(L, tt_mb);
    if (!tt) return luaL_error(L, "solve: cannot allocate a %d MB table", (int)tt_mb);
    sg_dfpn_solve(tt, &p, attacker, &o, r);
    sgl_check_interrupt(L);
    lua_createtable(L, 0, 7);
    lua_pushstring(L, STATUS[r->status]);
    lua_setfield(L, -2, "status");
    if (r->status == SG_DFPN_MATE) {
        lua_pushinteger(L, r->length);
        lua_setfield(L, -2, "length");
        lua_pushboolean(L, r->exact);
        lua_setfield(L, -2, "exact");
        lua_createtable(L, r->pv_len, 0);
        for (int i = 0; i < r->pv_len; i++) {
            sgl_pushmove(L, r->pv[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "pv");
    }
    lua_pushinteger(L, (lua_Integer)r->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushnumber(L, r->seconds);
    lua_setfield(L, -2, "seconds");
    return 1;
}

static sg_color arg_side(lua_State *L, int idx, sg_color def)
{
    if (lua_isnoneornil(L, idx)) return def;
    static const char *const SIDES[] = {"b", "w", NULL};
    return luaL_checkoption(L, idx, NULL, SIDES) ? SG_WHITE : SG_BLACK;
}

/* core.tsume_faults(pos [, attacker]) -> array of sentences (empty: a valid start) */
static int l_faults(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_color att = arg_side(L, 2, p->side);
    char faults[16][SG_TSUME_FAULT_LEN];
    int n = sg_tsume_validate(p, att, faults, 16);
    if (n > 16) n = 16;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, faults[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* core.tsume_remove(pos, square [, attacker]) -> position without that piece
 * (given to the defender's hand) | nil when there is no removable piece */
static int l_remove(lua_State *L)
{
    sg_pos p = *sgl_checkpos(L, 1);
    const char *name = luaL_checkstring(L, 2);
    sg_square sq = sg_square_parse(name);
    if (sq == SG_SQ_NONE) return luaL_argerror(L, 2, lua_pushfstring(L, "bad square '%s'", name));
    sg_color att = arg_side(L, 3, p.side);
    if (!sg_tsume_remove_piece(&p, sq, att)) { lua_pushnil(L); return 1; }
    sgl_pushpos(L, &p);
    return 1;
}

/* core.tsume_fill(pos [, attacker]) -> position whose defender holds every
 * piece not on the board or in the attacker's hand */
static int l_fill(lua_State *L)
{
    sg_pos p = *sgl_checkpos(L, 1);
    sg_color att = arg_side(L, 2, p.side);
    sg_tsume_fill_hand(&p, att);
    sgl_pushpos(L, &p);
    return 1;
}

/* core.tsume_evasions(pos [, futile]) -> the defender's replies that count as a
 * defence: the legal moves without the drops the rule ("jsa", "composer")
 * calls futile, or all ("all") */
static int l_evasions(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_futile_rule rule = (sg_futile_rule)luaL_checkoption(L, 2, "jsa", FUTILE_RULES);
    sg_move moves[SG_MAX_MOVES];
    int n = sg_tsume_evasions(p, rule, moves);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        sgl_pushmove(L, moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* core.helpmate(pos [, {length =, max_length = 9, max_solutions = 100, nodes = 0}]) ->
 * {status = "mate"|"nomate"|"unknown", length, count, complete, solutions = {{usi...}}, nodes}:
 * the helpmates (ばか詰) of exactly `length` plies, or of the shortest odd length up to
 * max_length; "unknown" when the node limit stopped a length before a solution */
static int l_helpmate(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    int length = 0, max_length = 9, max_solutions = 100;
    lua_Number nodes = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        static const char *const KNOWN[] = {"length", "max_length", "max_solutions", "nodes", NULL};
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            lua_pop(L, 1);
            bool known = false;
            for (int i = 0; KNOWN[i]; i++)
                if (lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), KNOWN[i])) known = true;
            if (!known) return luaL_argerror(L, 2, lua_pushfstring(L, "unknown option '%s'", luaL_tolstring(L, -1, NULL)));
        }
        length = (int)sgl_opt_number(L, 2, "length", 0, 0);
        max_length = (int)sgl_opt_number(L, 2, "max_length", 9, 1);
        max_solutions = (int)sgl_opt_number(L, 2, "max_solutions", 100, 0);
        nodes = sgl_opt_number(L, 2, "nodes", 0, 0);
    }
    if (length && (length % 2 == 0 || length > SG_HELPMATE_MAX_LENGTH))
        return luaL_argerror(L, 2, lua_pushfstring(L, "option 'length' must be odd, 1 to %d", SG_HELPMATE_MAX_LENGTH));
    if (max_length > SG_HELPMATE_MAX_LENGTH) max_length = SG_HELPMATE_MAX_LENGTH;
    if (max_solutions > 10000) max_solutions = 10000;
    int from = length ? length : 1, to = length ? length : max_length;
    sg_move *lines = malloc(sizeof(sg_move) * (size_t)(max_solutions ? max_solutions : 1) * (size_t)to);
    if (!lines) return luaL_error(L, "out of memory");
    sg_helpmate_result r = {0};
    uint64_t total = 0;
    bool unknown = false;
    for (int len = from; len <= to; len += 2) {
        uint64_t left = nodes > 0 ? (uint64_t)nodes - (total < (uint64_t)nodes ? total : (uint64_t)nodes) : 0;
        if (nodes > 0 && left == 0) { unknown = true; break; }
        sg_helpmate(p, len, lines, max_solutions, left, &r);
        total += r.nodes;
        if (r.count > 0) break;
        if (!r.complete) { unknown = true; break; }
    }
    lua_createtable(L, 0, 7);
    lua_pushstring(L, r.count > 0 ? "mate" : unknown ? "unknown" : "nomate");
    lua_setfield(L, -2, "status");
    if (r.count > 0) {
        lua_pushinteger(L, r.length);
        lua_setfield(L, -2, "length");
    }
    lua_pushinteger(L, r.count);
    lua_setfield(L, -2, "count");
    lua_pushboolean(L, r.complete && !unknown);
    lua_setfield(L, -2, "complete");
    lua_createtable(L, r.stored, 0);
    for (int i = 0; i < r.stored; i++) {
        lua_createtable(L, r.length, 0);
        for (int j = 0; j < r.length; j++) {
            sgl_pushmove(L, lines[(size_t)i * (size_t)r.length + (size_t)j]);
            lua_rawseti(L, -2, j + 1);
        }
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "solutions");
    lua_pushinteger(L, (lua_Integer)total);
    lua_setfield(L, -2, "nodes");
    free(lines);
    return 1;
}

void sgl_open_tsume(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"solve", l_solve},
        {"tsume_faults", l_faults},
        {"tsume_remove", l_remove},
        {"tsume_fill", l_fill},
        {"tsume_evasions", l_evasions},
        {"helpmate", l_helpmate},
        {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
}
