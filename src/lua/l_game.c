/* Games for Lua: userdata "shogi.game" holding an sg_game (src/core/game.h).
 * Sections: the userdata; rule sets between Lua tables and sg_rules; verdicts
 * as tables; custom end tests; methods; module functions; registration.
 * User values: 1 the info table (headers, comments, branches: the record
 * layer's), 2 the binding's own table {base =, end_tests = {{name, fn}...},
 * custom = the verdict table of a custom end}. */
#include <stdint.h>
#include <string.h>
#include "binding.h"
#include "../core/game.h"

#define SGL_GAME "shogi.game"

typedef struct {
    sg_game g;
    int n_tests;     /* custom end tests (in user value 2) */
    int in_test;     /* set while they run: the game may not change */
    int live;        /* sg_game_init succeeded */
} game_ud;

static const char *const SIDE_NAMES[] = {"b", "w"};

/* ---- the userdata -----------------------------------------------------------------
 * sg_pos holds 128-bit bitboards that need 16-byte alignment; Lua aligns a
 * userdata's block to 8 only, so the struct sits at the first aligned address. */
#define UD_ALIGN 16
static game_ud *aligned(void *raw)
{
    return raw ? (game_ud *)(void *)(((uintptr_t)raw + (UD_ALIGN - 1)) & ~(uintptr_t)(UD_ALIGN - 1)) : NULL;
}

static game_ud *test_game(lua_State *L, int idx) { return aligned(luaL_testudata(L, idx, SGL_GAME)); }

static game_ud *check_game(lua_State *L, int idx)
{
    game_ud *u = aligned(luaL_checkudata(L, idx, SGL_GAME));
    if (!u->live) luaL_error(L, "the game has been closed");
    return u;
}

sg_pos *sgl_game_current(lua_State *L, int idx)
{
    game_ud *u = test_game(L, idx);
    return u && u->live ? &u->g.pos : NULL;
}

static int game_gc(lua_State *L)
{
    game_ud *u = aligned(luaL_checkudata(L, 1, SGL_GAME));
    if (u->live) sg_game_free(&u->g);
    u->live = 0;
    return 0;
}

/* a game that may change: not while its own end test runs */
static game_ud *check_mutable(lua_State *L, int idx)
{
    game_ud *u = check_game(L, idx);
    if (u->in_test) luaL_error(L, "a game cannot change while its end tests run");
    return u;
}

/* pushes user value 2 (the binding's table) */
static void push_own(lua_State *L, int idx) { lua_getiuservalue(L, idx, 2); }

/* ---- rule sets ----------------------------------------------------------------------- */
typedef enum { OPT_BOOL, OPT_INT, OPT_STRING, OPT_OTHER } opt_kind;
typedef struct { const char *key; opt_kind kind; size_t offset; } rule_opt;

static const rule_opt RULE_OPTS[] = {
    {"sennichite", OPT_BOOL, offsetof(sg_rules, sennichite)},
    {"perpetual_check", OPT_BOOL, offsetof(sg_rules, perpetual_check)},
    {"impasse24", OPT_BOOL, offsetof(sg_rules, impasse24)},
    {"impasse_points", OPT_INT, offsetof(sg_rules, impasse_points)},
    {"declaration", OPT_BOOL, offsetof(sg_rules, declaration)},
    {"declaration_points_b", OPT_INT, offsetof(sg_rules, declaration_points[SG_BLACK])},
    {"declaration_points_w", OPT_INT, offsetof(sg_rules, declaration_points[SG_WHITE])},
    {"declaration_pieces", OPT_INT, offsetof(sg_rules, declaration_pieces)},
    {"declaration_loses", OPT_BOOL, offsetof(sg_rules, declaration_loses)},
    {"max_moves", OPT_INT, offsetof(sg_rules, max_moves)},
    {"name", OPT_STRING, offsetof(sg_rules, name)},
    {"base", OPT_OTHER, 0},
    {"variant", OPT_OTHER, 0},
    {"end_tests", OPT_OTHER, 0},
    {NULL, OPT_OTHER, 0}};

/* game options besides the rule fields */
static const char *const GAME_OPTS[] = {"rules", NULL};

static const rule_opt *find_opt(const char *key)
{
    for (const rule_opt *o = RULE_OPTS; o->key; o++)
        if (strcmp(o->key, key) == 0) return o;
    return NULL;
}

/* raises on a key of table t that is neither a rule option nor in extra */
static void check_keys(lua_State *L, int t, const char *const *extra, const char *what)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1);
            ok = find_opt(k) != NULL;
            for (int i = 0; extra && extra[i] && !ok; i++) ok = strcmp(extra[i], k) == 0;
        }
        if (!ok) {
            lua_pushfstring(L, "unknown %s option '%s'", what, luaL_tolstring(L, -1, NULL));
            lua_error(L);
        }
    }
}

/* overrides the fields of *r that table t sets (a rule option's type is checked) */
static void read_rule_fields(lua_State *L, int t, sg_rules *r)
{
    for (const rule_opt *o = RULE_OPTS; o->key; o++) {
        if (o->kind == OPT_OTHER) continue;
        int ty = lua_getfield(L, t, o->key);
        if (ty != LUA_TNIL) {
            char *field = (char *)r + o->offset;
            if (o->kind == OPT_BOOL) {
                if (ty != LUA_TBOOLEAN) luaL_error(L, "rule option '%s' must be true or false", o->key);
                *(bool *)(void *)field = lua_toboolean(L, -1);
            } else if (o->kind == OPT_INT) {
                if (!lua_isinteger(L, -1)) luaL_error(L, "rule option '%s' must be an integer", o->key);
                lua_Integer i = lua_tointeger(L, -1);
                if (i < 0 || i > 100000000) luaL_error(L, "rule option '%s' is out of range", o->key);
                *(int *)(void *)field = (int)i;
            } else {
                size_t len;
                const char *s = lua_tolstring(L, -1, &len);
                if (ty != LUA_TSTRING || len == 0 || len >= sizeof r->name)
                    luaL_error(L, "rule option 'name' must be a string of 1 to %d characters", (int)sizeof r->name - 1);
                memcpy(r->name, s, len + 1);
            }
        }
        lua_pop(L, 1);
    }
}

/* the preset named by t.base (default "jsa"), or by the string at idx */
static const char *preset_of(lua_State *L, int idx, sg_rules *r, sg_variant v)
{
    const char *base = "jsa";
    if (lua_type(L, idx) == LUA_TSTRING) {
        base = lua_tostring(L, idx);
    } else if (lua_type(L, idx) == LUA_TTABLE) {
        int ty = lua_getfield(L, idx, "base");
        if (ty == LUA_TSTRING) base = lua_tostring(L, -1);
        else if (ty != LUA_TNIL) luaL_error(L, "rule option 'base' must be \"jsa\" or \"computer\"");
        lua_pop(L, 1); /* the table keeps the string alive */
    }
    if (!sg_rules_preset(r, base, v))
        luaL_error(L, "unknown rule set '%s' (\"jsa\", \"computer\" or a rule-set table)", base);
    return strcmp(base, "computer") == 0 ? "computer" : "jsa";
}

/* Appends the end tests of table t (field end_tests: functions or
 * {name =, test = function}) to the list at index list. */
static void read_end_tests(lua_State *L, int t, int list)
{
    int ty = lua_getfield(L, t, "end_tests");
    if (ty == LUA_TNIL) { lua_pop(L, 1); return; }
    if (ty != LUA_TTABLE) luaL_error(L, "rule option 'end_tests' must be a list of functions");
    int src = lua_gettop(L);
    lua_Integer n = luaL_len(L, src);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_Integer k = luaL_len(L, list) + 1;
        lua_createtable(L, 0, 2);
        int e = lua_gettop(L);
        int ety = lua_geti(L, src, i);
        if (ety == LUA_TFUNCTION) {
            lua_setfield(L, e, "test");
            lua_pushfstring(L, "end test %d", (int)i);
            lua_setfield(L, e, "name");
        } else if (ety == LUA_TTABLE) {
            if (lua_getfield(L, -1, "test") != LUA_TFUNCTION)
                luaL_error(L, "end test %d: the 'test' field must be a function", (int)i);
            lua_setfield(L, e, "test");
            if (lua_getfield(L, -1, "name") != LUA_TSTRING) {
                lua_pop(L, 1);
                lua_pushfstring(L, "end test %d", (int)i);
            }
            lua_setfield(L, e, "name");
            lua_pop(L, 1);
        } else {
            luaL_error(L, "end test %d must be a function or {name = ..., test = function}", (int)i);
        }
        lua_seti(L, list, k);
    }
    lua_pop(L, 1);
}

/* Builds the rule set from a name or table at idx plus the options table at
 * opts (0 for none), for variant v.  Leaves the end-test list on the stack and
 * returns the base preset's name. */
static const char *build_rules(lua_State *L, int idx, int opts, sg_variant v, sg_rules *r)
{
    if (idx && !lua_isnoneornil(L, idx) && lua_type(L, idx) != LUA_TSTRING && lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "option 'rules' must be a rule-set name or table");
    const char *base = preset_of(L, idx, r, v);
    lua_newtable(L);
    int list = lua_gettop(L);
    if (idx && lua_type(L, idx) == LUA_TTABLE) {
        check_keys(L, idx, NULL, "rule");
        int ty = lua_getfield(L, idx, "variant");
        if (ty == LUA_TSTRING) {
            sg_variant rv;
            if (!sg_variant_from_name(lua_tostring(L, -1), &rv) || rv != v)
                luaL_error(L, "the rule set is for variant '%s', the position is %s", lua_tostring(L, -1),
                           sg_variant_get(v)->name);
        }
        lua_pop(L, 1);
        read_rule_fields(L, idx, r);
        read_end_tests(L, idx, list);
    }
    if (opts) {
        read_rule_fields(L, opts, r);
        if (lua_getfield(L, opts, "end_tests") != LUA_TNIL) {
            lua_pop(L, 1);
            lua_newtable(L);            /* the option replaces the rule set's list */
            lua_replace(L, list);
            read_end_tests(L, opts, list);
        } else {
            lua_pop(L, 1);
        }
    }
    const char *why = sg_rules_check(r);
    if (why) luaL_error(L, "bad rule set: %s", why);
    return base;
}

/* the rule set as a table; the end-test list (or nil) is at list */
static void push_rules(lua_State *L, const sg_rules *r, const char *base, int list)
{
    lua_createtable(L, 0, 16);
    lua_pushstring(L, r->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, base);
    lua_setfield(L, -2, "base");
    lua_pushstring(L, sg_variant_get(r->variant)->name);
    lua_setfield(L, -2, "variant");
    for (const rule_opt *o = RULE_OPTS; o->key; o++) {
        const char *field = (const char *)r + o->offset;
        if (o->kind == OPT_BOOL) lua_pushboolean(L, *(const bool *)(const void *)field);
        else if (o->kind == OPT_INT) lua_pushinteger(L, *(const int *)(const void *)field);
        else continue;
        lua_setfield(L, -2, o->key);
    }
    lua_createtable(L, 0, 0);
    if (list) {
        lua_Integer n = luaL_len(L, list);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, list, i);
            lua_createtable(L, 0, 2);
            lua_getfield(L, -2, "name");
            lua_setfield(L, -2, "name");
            lua_getfield(L, -2, "test");
            lua_setfield(L, -2, "test");
            lua_seti(L, -3, i);
            lua_pop(L, 1);
        }
    }
    lua_setfield(L, -2, "end_tests");
}

/* ---- verdicts ---------------------------------------------------------------------------- */
static void push_side(lua_State *L, int c)
{
    if (c >= 0) lua_pushstring(L, SIDE_NAMES[c]);
    else lua_pushnil(L);
}

static void set_pair(lua_State *L, const char *key, const int v[2])
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, v[0]);
    lua_setfield(L, -2, "b");
    lua_pushinteger(L, v[1]);
    lua_setfield(L, -2, "w");
    lua_setfield(L, -2, key);
}

static const char *const CLAIM_ID[SG_CLAIM_NB] = {
    "ok", "not-in-rules", "king-not-in-camp", "too-few-pieces", "in-check", "too-few-points"};

static void push_verdict(lua_State *L, const sg_verdict *v, sg_variant variant)
{
    char text[SG_VERDICT_TEXT_MAX];
    lua_createtable(L, 0, 10);
    lua_pushstring(L, v->outcome == SG_OUTCOME_WIN ? "win" : "draw");
    lua_setfield(L, -2, "outcome");
    push_side(L, v->winner);
    lua_setfield(L, -2, "winner");
    if (v->outcome == SG_OUTCOME_WIN) {
        push_side(L, v->loser_side);
        lua_setfield(L, -2, "loser");
    }
    lua_pushstring(L, sg_end_id(v->reason));
    lua_setfield(L, -2, "reason");
    lua_pushinteger(L, v->ply);
    lua_setfield(L, -2, "ply");
    sg_verdict_text(v, variant, text, (int)sizeof text);
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    switch (v->reason) {
    case SG_END_SENNICHITE: case SG_END_PERPETUAL_CHECK:
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, v->occurrences[0]);
        lua_setfield(L, -2, "start");
        lua_pushinteger(L, v->occurrences[3] - v->occurrences[0]);
        lua_setfield(L, -2, "length");
        lua_createtable(L, 4, 0);
        for (int i = 0; i < 4; i++) {
            lua_pushinteger(L, v->occurrences[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "plies");
        lua_setfield(L, -2, "cycle");
        push_side(L, v->checking_side);
        lua_setfield(L, -2, "checking_side");
        break;
    case SG_END_IMPASSE_24: case SG_END_DECLARATION: case SG_END_WRONG_DECLARATION: {
        set_pair(L, "points", v->points);
        set_pair(L, "camp_pieces", v->camp_pieces);
        lua_pushinteger(L, v->needed);
        lua_setfield(L, -2, "needed");
        if (v->reason == SG_END_WRONG_DECLARATION) {
            lua_pushstring(L, CLAIM_ID[v->fault]);
            lua_setfield(L, -2, "fault");
        }
        break;
    }
    case SG_END_MAX_MOVES:
        lua_pushinteger(L, v->max_moves);
        lua_setfield(L, -2, "max_moves");
        break;
    default: break;
    }
}

/* a shallow copy of the table on the top, replacing it */
static void copy_table_top(lua_State *L)
{
    int src = lua_gettop(L);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, src)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -4);
    }
    lua_replace(L, src);
}

/* pushes the verdict table of game idx, or nil while it goes on (no end tests run) */
static void push_result(lua_State *L, int idx, game_ud *u)
{
    sg_verdict v;
    if (!sg_game_result(&u->g, &v)) { lua_pushnil(L); return; }
    if (v.reason == SG_END_CUSTOM) {
        push_own(L, idx);
        lua_getfield(L, -1, "custom");
        lua_remove(L, -2);
        copy_table_top(L);
        return;
    }
    push_verdict(L, &v, u->g.pos.variant);
}

/* raises "game over: <text>" */
static int game_over_error(lua_State *L, int idx, game_ud *u)
{
    push_result(L, idx, u);
    const char *text = "the game has ended.";
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "text");
        if (lua_isstring(L, -1)) text = lua_tostring(L, -1);
    }
    return luaL_error(L, "game over: %s", text);
}

/* ---- custom end tests ----------------------------------------------------------------------- */
static int traceback_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* Checks and completes the verdict a test returned (on the top); on success
 * replaces it with the completed table and returns NULL, else a message. */
static const char *complete_custom(lua_State *L, const char *test_name, game_ud *u, sg_outcome *outcome,
                                   int *winner)
{
    int t = lua_gettop(L);
    if (!lua_istable(L, t)) return "it must return nil or a verdict table";
    copy_table_top(L);
    *winner = -1;
    int ty = lua_getfield(L, t, "winner");
    if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "b") == 0) *winner = SG_BLACK;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "w") == 0) *winner = SG_WHITE;
    else if (ty != LUA_TNIL) return "its verdict's winner must be \"b\", \"w\" or nil";
    lua_pop(L, 1);
    ty = lua_getfield(L, t, "outcome");
    if (ty == LUA_TNIL) *outcome = *winner >= 0 ? SG_OUTCOME_WIN : SG_OUTCOME_DRAW;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "win") == 0) *outcome = SG_OUTCOME_WIN;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "draw") == 0) *outcome = SG_OUTCOME_DRAW;
    else return "its verdict's outcome must be \"win\" or \"draw\"";
    lua_pop(L, 1);
    if (*outcome == SG_OUTCOME_WIN && *winner < 0) return "a winning verdict needs a winner (\"b\" or \"w\")";
    if (*outcome == SG_OUTCOME_DRAW && *winner >= 0) return "a drawn verdict cannot have a winner";
    lua_pushstring(L, *outcome == SG_OUTCOME_WIN ? "win" : "draw");
    lua_setfield(L, t, "outcome");
    if (*winner >= 0) {
        push_side(L, sg_opp((sg_color)*winner));
        lua_setfield(L, t, "loser");
    }
    ty = lua_getfield(L, t, "reason");
    lua_pop(L, 1);
    if (ty == LUA_TNIL) {
        lua_pushstring(L, test_name);
        lua_setfield(L, t, "reason");
    } else if (ty != LUA_TSTRING) {
        return "its verdict's reason must be a string";
    }
    ty = lua_getfield(L, t, "text");
    lua_pop(L, 1);
    if (ty == LUA_TNIL) {
        lua_getfield(L, t, "reason");
        if (*outcome == SG_OUTCOME_WIN)
            lua_pushfstring(L, "%s wins by a custom rule (%s).", *winner == SG_BLACK ? "Black" : "White",
                            lua_tostring(L, -1));
        else
            lua_pushfstring(L, "Draw by a custom rule (%s).", lua_tostring(L, -1));
        lua_setfield(L, t, "text");
        lua_pop(L, 1);
    } else if (ty != LUA_TSTRING) {
        return "its verdict's text must be a string";
    }
    lua_pushinteger(L, u->g.ply);
    lua_setfield(L, t, "ply");
    return NULL;
}

/* Runs the end tests of the game at idx (an open game).  Returns 1 if one of
 * them ended it, 0 if not; on an error leaves the message on the stack and
 * returns -1 (the game unchanged). */
static int run_end_tests(lua_State *L, int idx, game_ud *u)
{
    int top = lua_gettop(L);
    push_own(L, idx);
    lua_getfield(L, -1, "end_tests");
    int list = lua_gettop(L);
    int ended = 0;
    u->in_test = 1;
    for (int i = 1; i <= u->n_tests && !ended; i++) {
        lua_geti(L, list, i);
        lua_getfield(L, -1, "name");
        const char *name = lua_tostring(L, -1);
        lua_pushcfunction(L, traceback_handler);
        lua_getfield(L, -3, "test");
        lua_pushvalue(L, idx);
        int status = lua_pcall(L, 1, 1, -3);
        if (status != LUA_OK) {
            u->in_test = 0;
            const char *msg = lua_tostring(L, -1);
            lua_pushfstring(L, "end test '%s' failed: %s", name, msg ? msg : "(no message)");
            lua_replace(L, top + 1);
            lua_settop(L, top + 1);
            return -1;
        }
        if (lua_toboolean(L, -1)) {
            sg_outcome outcome;
            int winner;
            const char *bad = complete_custom(L, name, u, &outcome, &winner);
            if (bad) {
                u->in_test = 0;
                lua_pushfstring(L, "end test '%s' returned a bad verdict: %s", name, bad);
                lua_replace(L, top + 1);
                lua_settop(L, top + 1);
                return -1;
            }
            lua_setfield(L, list - 1, "custom");
            sg_game_end_custom(&u->g, outcome, winner);
            ended = 1;
        }
        lua_settop(L, list);
    }
    u->in_test = 0;
    lua_settop(L, top);
    return ended;
}

/* ---- methods -------------------------------------------------------------------------------- */
static int game_play(lua_State *L)
{
    game_ud *u = check_mutable(L, 1);
    sg_game *g = &u->g;
    if (sg_game_decided(g)) return game_over_error(L, 1, u);
    sg_reason r;
    sg_move m = sgl_checkmove(L, 2, &g->pos, &r);
    int status = sg_game_play_judged(g, m, r);
    if (status == SG_LEGAL) {
        if (u->n_tests && !sg_game_decided(g)) {
            sg_verdict v;
            if (!sg_rules_no_moves(g, &v) && run_end_tests(L, 1, u) < 0) {
                sg_game_undo(g);
                return lua_error(L);
            }
        }
        lua_settop(L, 1);
        return 1;
    }
    if (status == SG_PLAY_GAME_OVER) return game_over_error(L, 1, u);
    if (status == SG_PLAY_NO_MEMORY) return luaL_error(L, "not enough memory for the game's moves");
    char buf[6];
    const char *text = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : (sg_move_to_usi(m, buf), buf);
    return luaL_error(L, "illegal move %s: %s", text, sg_reason_text((sg_reason)status));
}

static int game_undo(lua_State *L)
{
    game_ud *u = check_mutable(L, 1);
    if (u->g.ply == 0) return luaL_error(L, "nothing to undo: the game is at its start");
    sg_move m = sg_game_move(&u->g, u->g.ply);
    bool custom = u->g.verdict.reason == SG_END_CUSTOM;
    sg_game_undo(&u->g);
    if (custom) {
        push_own(L, 1);
        lua_pushnil(L);
        lua_setfield(L, -2, "custom");
    }
    sgl_pushmove(L, m);
    return 1;
}

static int game_position(lua_State *L)
{
    sgl_pushpos(L, &check_game(L, 1)->g.pos);
    return 1;
}

static int game_start(lua_State *L)
{
    sgl_pushpos(L, &check_game(L, 1)->g.start);
    return 1;
}

static int game_moves(lua_State *L)
{
    const sg_game *g = &check_game(L, 1)->g;
    lua_createtable(L, g->ply, 0);
    for (int i = 1; i <= g->ply; i++) {
        sgl_pushmove(L, sg_game_move(g, i));
        lua_rawseti(L, -2, i);
    }
    return 1;
}

static int game_ply(lua_State *L)
{
    lua_pushinteger(L, check_game(L, 1)->g.ply);
    return 1;
}

static int game_result(lua_State *L)
{
    game_ud *u = check_game(L, 1);
    sg_verdict v;
    if (!sg_game_result(&u->g, &v) && u->n_tests && !u->in_test) {
        if (run_end_tests(L, 1, u) < 0) return lua_error(L);
    }
    push_result(L, 1, u);
    return 1;
}

/* an open game for resign, agree_draw, impasse, declare */
static game_ud *check_open(lua_State *L)
{
    game_ud *u = check_mutable(L, 1);
    sg_verdict v;
    if (sg_game_result(&u->g, &v)) game_over_error(L, 1, u);
    return u;
}

static int game_resign(lua_State *L)
{
    game_ud *u = check_open(L);
    static const char *const sides[] = {"b", "w", NULL};
    sg_color who = lua_isnoneornil(L, 2) ? u->g.pos.side : (sg_color)luaL_checkoption(L, 2, NULL, sides);
    sg_game_resign(&u->g, who);
    push_result(L, 1, u);
    return 1;
}

static int game_agree_draw(lua_State *L)
{
    game_ud *u = check_open(L);
    sg_game_agree_draw(&u->g);
    push_result(L, 1, u);
    return 1;
}

static int game_impasse(lua_State *L)
{
    game_ud *u = check_open(L);
    sg_verdict v;
    sg_claim c = sg_game_impasse(&u->g, &v);
    if (c == SG_CLAIM_NOT_IN_RULES)
        return luaL_error(L, "impasse count refused: the rule set '%s' has no 24-point count (option impasse24)",
                          u->g.rules.name);
    if (c != SG_CLAIM_OK) {
        char why[160];
        sg_claim_text(c, (sg_color)v.loser_side, &v, why, (int)sizeof why);
        return luaL_error(L, "impasse count refused: %s", why);
    }
    push_result(L, 1, u);
    return 1;
}

static int game_declare(lua_State *L)
{
    game_ud *u = check_open(L);
    sg_verdict v;
    sg_claim c = sg_game_declare(&u->g, &v);
    if (c == SG_CLAIM_NOT_IN_RULES)
        return luaL_error(L, "declaration refused: the rule set '%s' has no declaration rule (option declaration)",
                          u->g.rules.name);
    if (c != SG_CLAIM_OK && !sg_game_decided(&u->g)) {
        char why[160];
        sg_claim_text(c, u->g.pos.side, &v, why, (int)sizeof why);
        return luaL_error(L, "declaration refused: %s", why);
    }
    push_result(L, 1, u);
    return 1;
}

/* g:points(side [, camp_only]) -> points, pieces: the impasse and declaration count */
static int game_points(lua_State *L)
{
    game_ud *u = check_game(L, 1);
    static const char *const sides[] = {"b", "w", NULL};
    sg_color c = (sg_color)luaL_checkoption(L, 2, NULL, sides);
    int pieces;
    lua_pushinteger(L, sg_count_points(&u->g.pos, c, lua_toboolean(L, 3), &pieces));
    lua_pushinteger(L, pieces);
    return 2;
}

static int game_rules(lua_State *L)
{
    game_ud *u = check_game(L, 1);
    push_own(L, 1);
    lua_getfield(L, -1, "base");
    const char *base = lua_tostring(L, -1);
    lua_getfield(L, -2, "end_tests");
    push_rules(L, &u->g.rules, base ? base : "jsa", lua_gettop(L));
    return 1;
}

static int game_info(lua_State *L)
{
    check_game(L, 1);
    lua_getiuservalue(L, 1, 1);
    return 1;
}

static int game_write(lua_State *L)
{
    check_game(L, 1);
    lua_settop(L, 3);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.record");
    lua_call(L, 1, 1);
    lua_getfield(L, -1, "write");
    if (!lua_isfunction(L, -1)) return luaL_error(L, "shogi.record has no write function");
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_call(L, 3, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

static int game_tostring(lua_State *L)
{
    game_ud *u = aligned(luaL_checkudata(L, 1, SGL_GAME));
    if (!u->live) { lua_pushliteral(L, "shogi.game (closed)"); return 1; }
    char sfen[SG_SFEN_MAX];
    sg_pos_to_sfen(&u->g.pos, sfen, sizeof sfen);
    lua_pushfstring(L, "shogi.game: %d moves, %s", u->g.ply, sfen);
    return 1;
}

/* ---- making games ------------------------------------------------------------------------------ */
static void install_position_methods(lua_State *L, int methods);

/* Creates a game userdata in a safe empty state with its two user values;
 * init is done by the caller. */
static game_ud *new_game_ud(lua_State *L)
{
    game_ud *u = aligned(lua_newuserdatauv(L, sizeof *u + UD_ALIGN - 1, 2));
    memset(u, 0, sizeof *u);
    luaL_setmetatable(L, SGL_GAME);
    lua_newtable(L);
    lua_setiuservalue(L, -2, 1);
    lua_newtable(L);
    lua_setiuservalue(L, -2, 2);
    return u;
}

/* core.game(pos [, opts]) -> game */
static int core_game(lua_State *L)
{
    const sg_pos *start = sgl_checkpos(L, 1);
    int opts = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        opts = 2;
        check_keys(L, opts, GAME_OPTS, "game");
        if (lua_getfield(L, opts, "variant") == LUA_TSTRING) {
            sg_variant v;
            if (!sg_variant_from_name(lua_tostring(L, -1), &v) || v != start->variant)
                luaL_error(L, "option 'variant' is '%s' but the position is %s", lua_tostring(L, -1),
                           sg_variant_get(start->variant)->name);
        }
        lua_pop(L, 1);
    }
    sg_pos s = *start;
    sg_rules r;
    if (opts) lua_getfield(L, opts, "rules");
    else lua_pushnil(L);
    int ridx = lua_gettop(L);
    const char *base = build_rules(L, ridx, opts, s.variant, &r);
    int list = lua_gettop(L);
    game_ud *u = new_game_ud(L);
    void *aud;
    lua_Alloc af = lua_getallocf(L, &aud);
    const char *why = sg_game_init(&u->g, &s, &r, af, aud);
    if (why) return luaL_error(L, "cannot make the game: %s", why);
    u->live = 1;
    u->n_tests = (int)luaL_len(L, list);
    lua_getiuservalue(L, -1, 2);
    lua_pushvalue(L, list);
    lua_setfield(L, -2, "end_tests");
    lua_pushstring(L, base);
    lua_setfield(L, -2, "base");
    lua_pop(L, 1);
    luaL_getmetatable(L, SGL_GAME);
    lua_getfield(L, -1, "__index");
    install_position_methods(L, lua_gettop(L));
    lua_pop(L, 2);
    return 1;
}

static int game_copy(lua_State *L)
{
    game_ud *u = check_game(L, 1);
    game_ud *c = new_game_ud(L);
    if (!sg_game_copy(&c->g, &u->g)) return luaL_error(L, "not enough memory to copy the game");
    c->live = 1;
    c->n_tests = u->n_tests;
    lua_getiuservalue(L, 1, 2);
    copy_table_top(L);
    lua_setiuservalue(L, -2, 2);
    lua_getiuservalue(L, 1, 1);
    copy_table_top(L);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* core.rules(name_or_table [, variant]) -> the complete rule-set table (raises on a bad one) */
static int core_rules(lua_State *L)
{
    sg_variant v = sgl_optvariant(L, 2);
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TTABLE)
        return luaL_typeerror(L, 1, "rule-set name or table");
    if (lua_istable(L, 1) && lua_isnoneornil(L, 2)) {
        if (lua_getfield(L, 1, "variant") == LUA_TSTRING && !sg_variant_from_name(lua_tostring(L, -1), &v))
            return luaL_error(L, "unknown variant '%s'", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    sg_rules r;
    const char *base = build_rules(L, 1, 0, v, &r);
    push_rules(L, &r, base, lua_gettop(L));
    return 1;
}

/* ---- position methods on games ----------------------------------------------------------------
 * The position methods table's functions work on games (sgl_checkpos), so the
 * read-only ones are copied into the game methods, at each game creation so
 * methods added later (notation) come too.  A game's own methods win; the
 * registry remembers which entries were copied so they follow updates. */
static const char COPIED_KEY = 0;

static void install_position_methods(lua_State *L, int methods)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &COPIED_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &COPIED_KEY);
    }
    int copied = lua_gettop(L);
    luaL_getmetatable(L, SGL_POSITION);
    if (lua_getfield(L, -1, "__index") == LUA_TTABLE) {
        int pm = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, pm)) {
            lua_pushvalue(L, -2);
            bool own = lua_rawget(L, methods) != LUA_TNIL;
            lua_pop(L, 1);
            lua_pushvalue(L, -2);
            bool was_copied = lua_rawget(L, copied) != LUA_TNIL;
            lua_pop(L, 1);
            if (!own || was_copied) {
                lua_pushvalue(L, -2);
                lua_pushvalue(L, -2);
                lua_rawset(L, methods);
                lua_pushvalue(L, -2);
                lua_pushboolean(L, 1);
                lua_rawset(L, copied);
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, copied - 1);
}

static const luaL_Reg METHODS[] = {
    {"play", game_play},
    {"undo", game_undo},
    {"position", game_position},
    {"start", game_start},
    {"moves", game_moves},
    {"ply", game_ply},
    {"result", game_result},
    {"resign", game_resign},
    {"agree_draw", game_agree_draw},
    {"impasse", game_impasse},
    {"declare", game_declare},
    {"rules", game_rules},
    {"points", game_points},
    {"info", game_info},
    {"write", game_write},
    {"copy", game_copy},
    {NULL, NULL}};

static const luaL_Reg METAMETHODS[] = {
    {"__index", NULL},
    {"__gc", game_gc},
    {"__close", game_gc},
    {"__tostring", game_tostring},
    {NULL, NULL}};

void sgl_open_game(lua_State *L)
{
    luaL_newmetatable(L, SGL_GAME);
    luaL_setfuncs(L, METAMETHODS, 0);
    luaL_newlibtable(L, METHODS);
    luaL_setfuncs(L, METHODS, 0);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__index");
    lua_setfield(L, -3, "game_methods");   /* core.game_methods */
    lua_pop(L, 1);
    lua_pushcfunction(L, core_game);
    lua_setfield(L, -2, "game");
    lua_pushcfunction(L, core_rules);
    lua_setfield(L, -2, "rules");
}
