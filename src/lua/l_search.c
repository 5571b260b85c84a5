/* core.search(pos_or_game, opts [, keys, checks]), core.evaluate and
 * core.c_eval.  The bot's callbacks are wired by l_bot.c.  The searcher (with its table) is kept in the
 * registry and reused while tt_mb stays the same.  Lua callbacks (eval,
 * info) run under lua_pcall: an error stops the search and is raised after
 * it, when no C frame of the search is live. */
#include <string.h>
#include "l_search.h"
#include "../core/quote.h"
#include "../search/eval_params.h"

#define SEARCHER "shogi.searcher"
#define DEFAULT_TT_MB 16
#define MAX_TT_MB 65536

/* ---- the searcher, kept in the registry ------------------------------------------------ */
typedef struct { sg_search *s; size_t mb; } searcher_box;

static int searcher_gc(lua_State *L)
{
    searcher_box *b = luaL_checkudata(L, 1, SEARCHER);
    sg_search_free(b->s);
    b->s = NULL;
    return 0;
}

static sg_search *cached_searcher(lua_State *L, size_t mb)
{
    lua_getfield(L, LUA_REGISTRYINDEX, SEARCHER "*");
    searcher_box *b = lua_touserdata(L, -1);
    if (!b) {
        lua_pop(L, 1);
        b = lua_newuserdatauv(L, sizeof *b, 0);
        b->s = NULL;
        b->mb = 0;
        if (luaL_newmetatable(L, SEARCHER)) {
            lua_pushcfunction(L, searcher_gc);
            lua_setfield(L, -2, "__gc");
        }
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, SEARCHER "*");
    }
    lua_pop(L, 1);
    if (b->s && b->mb != mb) { sg_search_free(b->s); b->s = NULL; }
    if (!b->s) {
        b->s = sg_search_new(mb);
        b->mb = b->s ? mb : 0;
    }
    return b->s;
}

/* ---- core.search ------------------------------------------------------------------------- */
static const char *const KNOWN[] = {"depth", "nodes", "time", "eval", "eval_opts", "tt_mb", "multipv",
                                    "info", "rules", "clear", "mate_nodes", "order", "prune", "quiet", "searchmoves", NULL};

static void check_known(lua_State *L, int idx)
{
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (int i = 0; KNOWN[i]; i++) ok = ok || strcmp(lua_tostring(L, -1), KNOWN[i]) == 0;
        if (!ok) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int i = 0; KNOWN[i]; i++) {
                if (i) luaL_addstring(&b, ", ");
                luaL_addstring(&b, KNOWN[i]);
            }
            luaL_pushresult(&b);
            luaL_argerror(L, idx, lua_pushfstring(L, "unknown option '%s' (known: %s)",
                                                  luaL_tolstring(L, -2, NULL), lua_tostring(L, -1)));
        }
    }
}

static lua_Number opt_num(lua_State *L, int idx, const char *field, lua_Number def, lua_Number min, lua_Number max)
{
    lua_getfield(L, idx, field);
    lua_Number v = def;
    if (!lua_isnil(L, -1)) {
        int ok;
        v = lua_tonumberx(L, -1, &ok);
        if (!ok || v != v || v < min || v > max)
            luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a number from %d to %d", field,
                                                  (int)min, (int)max));
    }
    lua_pop(L, 1);
    return v;
}

static void opt_rules(lua_State *L, int idx, sg_variant v, sg_rules *r)
{
    sg_rules_jsa(r, v);
    lua_getfield(L, idx, "rules");
    if (lua_type(L, -1) == LUA_TSTRING) {
        if (!sg_rules_preset(r, lua_tostring(L, -1), v))
            luaL_argerror(L, idx, "option 'rules' must be \"jsa\", \"computer\" or a rules table");
    } else if (lua_istable(L, -1)) {
        int t = lua_gettop(L);
        lua_getfield(L, t, "base");
        if (lua_type(L, -1) == LUA_TSTRING) sg_rules_preset(r, lua_tostring(L, -1), v);
        lua_pop(L, 1);
        static const char *const BOOLS[] = {"sennichite", "perpetual_check", "declaration", NULL};
        bool *dst[] = {&r->sennichite, &r->perpetual_check, &r->declaration};
        for (int i = 0; BOOLS[i]; i++) {
            lua_getfield(L, t, BOOLS[i]);
            if (!lua_isnil(L, -1)) *dst[i] = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
        static const char *const INTS[] = {"declaration_points_b", "declaration_points_w", "declaration_pieces", NULL};
        int *idst[] = {&r->declaration_points[SG_BLACK], &r->declaration_points[SG_WHITE], &r->declaration_pieces};
        for (int i = 0; INTS[i]; i++) {
            lua_getfield(L, t, INTS[i]);
            if (lua_isinteger(L, -1)) *idst[i] = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        luaL_argerror(L, idx, "option 'rules' must be \"jsa\", \"computer\" or a rules table");
    }
    lua_pop(L, 1);
}

typedef struct {
    lua_State *L;
    int info_idx;
    sg_search *s;
    bool failed;
    char err[512];
} info_ctx;

static void push_pv(lua_State *L, const sg_move *pv, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        sgl_pushmove(L, pv[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static void push_line(lua_State *L, const sg_search_line *l)
{
    lua_createtable(L, 0, 4);
    sgl_pushmove(L, l->move);
    lua_setfield(L, -2, "move");
    lua_pushinteger(L, l->score);
    lua_setfield(L, -2, "score");
    int mate = sg_score_mate_plies(l->score);
    if (mate) { lua_pushinteger(L, mate); lua_setfield(L, -2, "mate"); }
    push_pv(L, l->pv, l->pv_len);
    lua_setfield(L, -2, "pv");
}

/* the report as a table: lines[1] also at the top */
static void push_report(lua_State *L, const sg_search_report *r)
{
    lua_createtable(L, 0, 12);
    if (r->lines > 0 && r->best != SG_MOVE_NONE) {
        sgl_pushmove(L, r->best);
        lua_setfield(L, -2, "move");
        push_pv(L, r->line[0].pv, r->line[0].pv_len);
        lua_setfield(L, -2, "pv");
    }
    lua_pushinteger(L, r->score);
    lua_setfield(L, -2, "score");
    int mate = sg_score_mate_plies(r->score);
    if (r->declare) { lua_pushboolean(L, 1); lua_setfield(L, -2, "declare"); }
    else if (mate || r->best == SG_MOVE_NONE) {
        lua_pushinteger(L, r->best == SG_MOVE_NONE ? 0 : mate);
        lua_setfield(L, -2, "mate");
    }
    lua_createtable(L, r->lines, 0);
    for (int i = 0; i < r->lines && r->best != SG_MOVE_NONE; i++) {
        push_line(L, &r->line[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "lines");
    lua_pushinteger(L, r->depth);
    lua_setfield(L, -2, "depth");
    lua_pushinteger(L, r->seldepth);
    lua_setfield(L, -2, "seldepth");
    lua_pushinteger(L, (lua_Integer)r->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, (lua_Integer)r->nps);
    lua_setfield(L, -2, "nps");
    lua_pushnumber(L, r->seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushinteger(L, r->hashfull);
    lua_setfield(L, -2, "hashfull");
}

static void on_progress(void *ud, const void *report)
{
    info_ctx *c = ud;
    if (c->failed) return;
    lua_State *L = c->L;
    lua_pushvalue(L, c->info_idx);
    push_report(L, report);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        c->failed = true;
        snprintf(c->err, sizeof c->err, "%s", luaL_tolstring(L, -1, NULL));
        lua_pop(L, 2);
        sg_search_abort(c->s);
    }
}

static int core_search(lua_State *L)
{
    sg_pos *p = sgl_testpos_or_game(L, 1);
    if (!p) return luaL_typeerror(L, 1, "position or game");
    if (lua_isnoneornil(L, 2)) { lua_newtable(L); lua_replace(L, 2); }
    luaL_checktype(L, 2, LUA_TTABLE);
    check_known(L, 2);
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.depth = (int)opt_num(L, 2, "depth", 0, 0, SG_MAX_PLY - 8);
    o.multipv = (int)opt_num(L, 2, "multipv", 1, 1, SG_MAX_MULTIPV);
    sg_limits lim = sg_limits_none();
    lim.nodes = (uint64_t)opt_num(L, 2, "nodes", 0, 0, 1e15);
    lim.seconds = opt_num(L, 2, "time", 0, 0, 1e9);
    if (o.depth == 0 && lim.nodes == 0 && lim.seconds == 0) o.depth = 6; /* never unbounded by default */
    size_t mb = (size_t)opt_num(L, 2, "tt_mb", DEFAULT_TT_MB, 1, MAX_TT_MB);
    o.mate_nodes = (uint64_t)opt_num(L, 2, "mate_nodes", 0, 0, 1e12);
    sg_rules rules;
    opt_rules(L, 2, p->variant, &rules);
    o.rules = &rules;
    lua_getfield(L, 2, "info");
    int info_idx = lua_gettop(L);
    if (!lua_isnil(L, info_idx) && !lua_isfunction(L, info_idx))
        return luaL_argerror(L, 2, "option 'info' must be a function");
    lua_getfield(L, 2, "eval");
    int eval_idx = lua_gettop(L);
    lua_getfield(L, 2, "eval_opts");
    int eval_opts_idx = lua_gettop(L);
    lua_getfield(L, 2, "clear");
    bool clear = lua_toboolean(L, -1);
    lua_pop(L, 1);
    /* quiet = "static" | "qsearch": the evaluation alone, or the quiescence search alone */
    static const char *const QUIET[] = {"static", "qsearch", NULL};
    lua_getfield(L, 2, "quiet");
    int quiet = lua_isnil(L, -1) ? -1 : luaL_checkoption(L, -1, NULL, QUIET);
    lua_pop(L, 1);
    /* searchmoves = {"7g7f", ...}: the root chooses among these only (USI's go searchmoves) */
    sg_move *only = NULL;
    lua_getfield(L, 2, "searchmoves");
    if (!lua_isnil(L, -1)) {
        if (!lua_istable(L, -1)) return luaL_argerror(L, 2, "option 'searchmoves' must be a list of USI moves");
        int n = (int)luaL_len(L, -1);
        if (n < 1 || n > SG_MAX_MOVES) return luaL_argerror(L, 2, "option 'searchmoves' must list 1 to 600 moves");
        only = lua_newuserdatauv(L, sizeof *only * (size_t)n, 0);
        lua_insert(L, -2);
        for (int i = 0; i < n; i++) {
            lua_geti(L, -1, i + 1);
            const char *u = lua_tostring(L, -1), *why = NULL;
            if (!u || !sg_move_from_usi(p, u, &only[i], &why) || sg_is_legal(p, only[i]) != SG_LEGAL)
                return luaL_error(L, "bad option 'searchmoves': %s is not a legal move here", u ? u : "(not a string)");
            lua_pop(L, 1);
        }
        o.root_moves = only;
        o.root_moves_len = n;
    }
    lua_pop(L, 1);
    /* the game's positions (from shogi.search): keys and in-check flags */
    int hn = 0;
    uint64_t *keys = NULL;
    bool *checks = NULL;
    if (lua_istable(L, 3)) {
        hn = (int)luaL_len(L, 3);
        if (hn > 512) hn = 512;
        keys = lua_newuserdatauv(L, sizeof *keys * (size_t)(hn + 1), 0);
        checks = lua_newuserdatauv(L, sizeof *checks * (size_t)(hn + 1), 0);
        int from = (int)luaL_len(L, 3) - hn;
        for (int i = 0; i < hn; i++) {
            lua_geti(L, 3, from + i + 1);
            keys[i] = (uint64_t)lua_tointeger(L, -1);
            lua_pop(L, 1);
            lua_geti(L, 4, from + i + 1);
            checks[i] = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
        o.history_keys = keys;
        o.history_check = checks;
        o.history_len = hn;
    }
    sg_search *s = cached_searcher(L, mb);
    if (!s) return luaL_error(L, "not enough memory for a %d MiB table", (int)mb);
    /* a table filled under another evaluation holds that evaluation's scores */
    lua_getfield(L, LUA_REGISTRYINDEX, SEARCHER "eval");
    lua_getfield(L, LUA_REGISTRYINDEX, SEARCHER "eval_opts");
    if (!lua_rawequal(L, -2, eval_idx) || !lua_rawequal(L, -1, eval_opts_idx)) clear = true;
    lua_pop(L, 2);
    lua_pushvalue(L, eval_idx);
    lua_setfield(L, LUA_REGISTRYINDEX, SEARCHER "eval");
    lua_pushvalue(L, eval_opts_idx);
    lua_setfield(L, LUA_REGISTRYINDEX, SEARCHER "eval_opts");
    if (clear) sg_search_clear(s);
    sgl_bot bot;
    const char *err = sgl_bot_wire(L, 2, "eval_opts", s, &o, &bot);
    if (err) return luaL_argerror(L, 2, err);
    info_ctx ic = {L, info_idx, s, false, ""};
    if (!lua_isnil(L, info_idx)) {
        lim.progress = on_progress;
        lim.progress_ud = &ic;
    }
    lim.interrupt = sgl_interrupt_flag(L);
    sg_search_report *r = lua_newuserdatauv(L, sizeof *r, 0);
    if (quiet >= 0) sg_search_quiet(s, p, &o, &lim, quiet == 0, r);
    else sg_search_run(s, p, &o, &lim, r);
    bool interrupted = *sgl_interrupt_flag(L) != 0;
    *sgl_interrupt_flag(L) = 0;
    /* Ctrl-C is answered here with the best move so far: the host's stop hook
     * (a count hook of 1 armed by the REPL's SIGINT handler) is disarmed so
     * the caller goes on with the result */
    if (interrupted && lua_gethookmask(L) == LUA_MASKCOUNT && lua_gethookcount(L) == 1) lua_sethook(L, NULL, 0, 0);
    sgl_bot_unwire(&bot);
    for (int k = 0; k < 3; k++) {
        const char *which, *why = sgl_bot_error(&bot, k, &which);
        if (why) return luaL_error(L, "%s", why);
    }
    if (ic.failed) return luaL_error(L, "%s", ic.err);
    if (quiet >= 0) {   /* a score, no move */
        lua_createtable(L, 0, 4);
        if (r->score == -SG_SCORE_INF) lua_pushnil(L); else lua_pushinteger(L, r->score);
        lua_setfield(L, -2, "score");
        lua_pushinteger(L, (lua_Integer)r->nodes);
        lua_setfield(L, -2, "nodes");
    } else push_report(L, r);
    if (interrupted) { lua_pushboolean(L, 1); lua_setfield(L, -2, "interrupted"); }
    lua_pushboolean(L, r->stopped);
    lua_setfield(L, -2, "stopped");
    return 1;
}

/* core.evaluate(pos [, "builtin"|"material"|c_eval]) -> score of the side to move */
static int core_evaluate(lua_State *L)
{
    sg_pos *p = sgl_testpos_or_game(L, 1);
    if (!p) return luaL_typeerror(L, 1, "position or game");
    const sgl_c_eval *ce = luaL_testudata(L, 2, SGL_C_EVAL);
    if (ce && ce->fn) {
        lua_pushinteger(L, ce->fn(ce->ud, p));
        return 1;
    }
    static const char *const names[] = {"builtin", "material", NULL};
    int which = luaL_checkoption(L, 2, "builtin", names);
    lua_pushinteger(L, which ? sg_eval_material_only(NULL, p) : sg_eval_builtin(NULL, p));
    return 1;
}

/* core.c_eval(name) -> the built-in evaluations as C evaluation handles
 * ("builtin", "material"): what a C module returns, made by the core */
static int core_c_eval(lua_State *L)
{
    static const char *const names[] = {"builtin", "material", NULL};
    int which = luaL_checkoption(L, 1, NULL, names);
    sgl_c_eval *ce = lua_newuserdatauv(L, sizeof *ce, 0);
    ce->fn = which ? sg_eval_material_only : sg_eval_builtin;
    ce->ud = NULL;
    luaL_newmetatable(L, SGL_C_EVAL);
    lua_setmetatable(L, -2);
    return 1;
}

/* core.eval_params() -> {{name =, value =, default =, min =, max =}, ...}: the
 * built-in evaluation's parameters (eval_params.h), process-wide */
static int core_eval_params(lua_State *L)
{
    lua_newtable(L);
    sg_eval_param e;
    for (int i = 0; sg_eval_param_at(i, &e); i++) {
        lua_createtable(L, 0, 5);
        lua_pushstring(L, e.name);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, e.value);
        lua_setfield(L, -2, "value");
        lua_pushinteger(L, e.def);
        lua_setfield(L, -2, "default");
        lua_pushinteger(L, e.min);
        lua_setfield(L, -2, "min");
        lua_pushinteger(L, e.max);
        lua_setfield(L, -2, "max");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* core.set_eval_param(name, value) -> true | nil, msg; core.set_eval_param() resets them all */
static int core_set_eval_param(lua_State *L)
{
    if (lua_isnoneornil(L, 1)) { sg_eval_params_reset(); lua_pushboolean(L, 1); return 1; }
    const char *name = luaL_checkstring(L, 1);
    sg_eval_param e;
    char q[72];
    if (!sg_eval_param_get(name, &e)) {
        lua_pushnil(L);
        lua_pushfstring(L, "the built-in evaluation has no parameter '%s'", sg_quote(name, strlen(name), q, sizeof q));
        return 2;
    }
    int isnum;
    lua_Integer v = lua_tointegerx(L, 2, &isnum);
    if (!isnum || v < e.min || v > e.max || !sg_eval_param_set(name, (int)v)) {
        lua_pushnil(L);
        lua_pushfstring(L, "%s takes a whole number from %d to %d", e.name, e.min, e.max);
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static const luaL_Reg FUNCS[] = {
    {"eval_params", core_eval_params}, {"set_eval_param", core_set_eval_param},
    {"search", core_search}, {"evaluate", core_evaluate}, {"c_eval", core_c_eval}, {NULL, NULL}};

void sgl_open_search(lua_State *L)
{
    luaL_setfuncs(L, FUNCS, 0);
}
