/* core.search(pos_or_game, opts [, keys, checks]) and the view of a position
 * a Lua evaluation reads.  The searcher (with its table) is kept in the
 * registry and reused while tt_mb stays the same.  Lua callbacks (eval,
 * info) run under lua_pcall: an error stops the search and is raised after
 * it, when no C frame of the search is live. */
#include <string.h>
#include "l_search.h"

#define SEARCHER "shogi.searcher"
#define VIEW "shogi.view"
#define DEFAULT_TT_MB 16
#define MAX_TT_MB 65536

/* ---- the view: a userdata pointing at the position being evaluated ----------------- */
typedef struct {
    const sg_pos *p;
    const sg_search *s;
    /* view:board(t): what was last written into t (the table is the user
     * value), so the next call writes only the squares that changed (sibling
     * leaves differ in a few squares) */
    sg_piece board_snap[SG_SQ_NB];
} view_ud;

static const sg_pos *check_view(lua_State *L)
{
    view_ud *v = luaL_checkudata(L, 1, VIEW);
    if (!v->p) luaL_error(L, "the view is only valid during an evaluation");
    return v->p;
}

static sg_color check_side(lua_State *L, int idx)
{
    static const char *const sides[] = {"b", "w", NULL};
    return (sg_color)luaL_checkoption(L, idx, NULL, sides);
}

/* a square from ("7g") or (file, rank) with rank 1..9 */
static sg_square check_square(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        sg_square s = sg_square_parse(lua_tostring(L, idx));
        if (s == SG_SQ_NONE) luaL_argerror(L, idx, "square like \"7g\" expected");
        return s;
    }
    lua_Integer f = luaL_checkinteger(L, idx), r = luaL_checkinteger(L, idx + 1);
    if (f < 1 || f > 9 || r < 1 || r > 9) luaL_argerror(L, idx, "file and rank 1..9 expected");
    return sg_sq((int)f, (int)r - 1);
}

static void push_piece(lua_State *L, sg_piece pc)
{
    if (pc == SG_NO_PIECE) { lua_pushnil(L); return; }
    char buf[3];
    lua_pushlstring(L, buf, (size_t)sg_piece_letters(pc, buf));
}

/* view:at("7g") or view:at(7, 7) -> letters | nil */
static int view_at(lua_State *L)
{
    const sg_pos *p = check_view(L);
    push_piece(L, p->board[check_square(L, 2)]);
    return 1;
}

/* pushes the piece on a square as the board table holds it: letters, or false */
static void push_square_value(lua_State *L, sg_piece pc)
{
    if (pc == SG_NO_PIECE) lua_pushboolean(L, 0);
    else push_piece(L, pc);
}

/* view:board(t [, changes]) -> t, n: fills t[1..81] (index (file-1)*9 + rank)
 * with letters or false.  The same t given again is only updated where the
 * board changed: t is the view's to fill, not to write to.  With changes, the
 * squares whose value in t changed are listed in it as triples (square, old,
 * new), n of them, so an evaluation can update a sum by what changed instead
 * of reading 81 squares. */
static int view_board(lua_State *L)
{
    const sg_pos *p = check_view(L);
    view_ud *v = lua_touserdata(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int changes = lua_isnoneornil(L, 3) ? 0 : 3;
    if (changes) luaL_checktype(L, 3, LUA_TTABLE);
    /* the table last filled is kept in the view's user value (alive, so its
     * address is never another table's) */
    lua_getiuservalue(L, 1, 1);
    bool same = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    lua_Integer n = 0;
    for (int s = 0; s < SG_SQ_NB; s++) {
        sg_piece now = p->board[s], was = v->board_snap[s];
        if (same && was == now) continue;
        v->board_snap[s] = now;
        if (!changes) {
            push_square_value(L, now);
            lua_rawseti(L, 2, s + 1);
            continue;
        }
        /* the old value: the snapshot when t is the table filled last, else what t holds */
        if (same) push_square_value(L, was);
        else if (lua_rawgeti(L, 2, s + 1) == LUA_TNIL) { lua_pop(L, 1); lua_pushboolean(L, 0); }
        push_square_value(L, now);
        if (!same && lua_rawequal(L, -1, -2)) {
            lua_rawseti(L, 2, s + 1);   /* false where t had nil: not a change */
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, s + 1);
        lua_rawseti(L, changes, 3 * n + 3);
        lua_rawseti(L, changes, 3 * n + 2);
        lua_pushinteger(L, s + 1);
        lua_rawseti(L, changes, 3 * n + 1);
        n++;
    }
    if (!same) {
        lua_pushvalue(L, 2);
        lua_setiuservalue(L, 1, 1);
    }
    lua_settop(L, 2);
    lua_pushinteger(L, n);
    return 2;
}

static sg_ptype check_hand_type(lua_State *L, int idx)
{
    static const char *const letters[] = {"P", "L", "N", "S", "B", "R", "G", NULL};
    static const sg_ptype types[] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK, SG_GOLD};
    return types[luaL_checkoption(L, idx, NULL, letters)];
}

/* view:hand("b", "P") -> count */
static int view_hand(lua_State *L)
{
    const sg_pos *p = check_view(L);
    sg_color c = check_side(L, 2);
    lua_pushinteger(L, p->hand[c][check_hand_type(L, 3)]);
    return 1;
}

/* view:count("b", "P") -> pieces of that type (letters without case; "+P" etc.) on the board */
static int view_count(lua_State *L)
{
    const sg_pos *p = check_view(L);
    sg_color c = check_side(L, 2);
    const char *t = luaL_checkstring(L, 3);
    static const char LETTERS[] = "PLNSBREGK";
    static const sg_ptype TYPES[] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK,
                                     SG_ELEPHANT, SG_GOLD, SG_KING};
    bool promoted = t[0] == '+';
    const char *at = t[promoted] ? strchr(LETTERS, t[promoted] & ~32) : NULL;
    if (!at || t[promoted + 1] != '\0') return luaL_argerror(L, 3, "piece letters like \"P\" or \"+R\" expected");
    sg_ptype pt = TYPES[at - LETTERS];
    if (promoted) {
        if (!sg_pt_can_promote(pt)) return luaL_argerror(L, 3, "that piece does not promote");
        pt = sg_pt_promote(pt);
    }
    lua_pushinteger(L, sg_bb_count(sg_pos_pieces(p, c, pt)));
    return 1;
}

static int view_side(lua_State *L)
{
    lua_pushstring(L, check_view(L)->side == SG_BLACK ? "b" : "w");
    return 1;
}

/* material from the side to move's view, kept incrementally by the search */
static int view_material(lua_State *L)
{
    const sg_pos *p = check_view(L);
    const view_ud *v = lua_touserdata(L, 1);
    int m = v->s ? sg_search_material(v->s) : sg_eval_material(p);
    lua_pushinteger(L, p->side == SG_BLACK ? m : -m);
    return 1;
}

static int view_in_check(lua_State *L)
{
    lua_pushboolean(L, sg_in_check(check_view(L)));
    return 1;
}

/* view:king("b") -> file, rank (nil when there is none) */
static int view_king(lua_State *L)
{
    const sg_pos *p = check_view(L);
    sg_square s = p->king[check_side(L, 2)];
    if (s == SG_SQ_NONE) return 0;
    lua_pushinteger(L, sg_sq_file(s));
    lua_pushinteger(L, sg_sq_rank(s) + 1);
    return 2;
}

static int view_ply(lua_State *L)
{
    check_view(L);
    const view_ud *v = lua_touserdata(L, 1);
    lua_pushinteger(L, v->s ? sg_search_ply(v->s) : 0);
    return 1;
}

/* the built-in evaluation of this position, to build on */
static int view_builtin(lua_State *L)
{
    lua_pushinteger(L, sg_eval_builtin(NULL, check_view(L)));
    return 1;
}

static int view_sfen(lua_State *L)
{
    char buf[SG_SFEN_MAX];
    lua_pushlstring(L, buf, (size_t)sg_pos_to_sfen(check_view(L), buf, sizeof buf));
    return 1;
}

static int view_position(lua_State *L)
{
    sgl_pushpos(L, check_view(L));
    return 1;
}

static const luaL_Reg VIEW_METHODS[] = {
    {"at", view_at}, {"board", view_board}, {"hand", view_hand}, {"count", view_count},
    {"side", view_side}, {"material", view_material}, {"in_check", view_in_check},
    {"king", view_king}, {"ply", view_ply}, {"builtin", view_builtin}, {"sfen", view_sfen},
    {"position", view_position}, {NULL, NULL}};

static void push_view(lua_State *L)
{
    view_ud *v = lua_newuserdatauv(L, sizeof *v, 1);
    v->p = NULL;
    v->s = NULL;
    if (luaL_newmetatable(L, VIEW)) {
        luaL_newlib(L, VIEW_METHODS);
        lua_setfield(L, -2, "__index");
    }
    lua_setmetatable(L, -2);
}

/* ---- the Lua evaluation callback ------------------------------------------------------- */
void sgl_lua_eval_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_lua_eval *e)
{
    fn_idx = lua_absindex(L, fn_idx);
    e->L = L;
    e->search = s;
    e->failed = false;
    e->err[0] = '\0';
    lua_pushvalue(L, fn_idx);
    e->fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (opts_idx) lua_pushvalue(L, opts_idx);
    else lua_newtable(L);
    e->opts_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    push_view(L);
    view_ud *v = lua_touserdata(L, -1);
    v->s = s;
    e->view_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* a move hook holds the same references as an evaluation */
void sgl_lua_hook_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_lua_eval *e)
{
    sgl_lua_eval_init(L, fn_idx, opts_idx, s, e);
}

void sgl_lua_eval_free(sgl_lua_eval *e)
{
    if (!e->L) return;
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->fn_ref);
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->opts_ref);
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->view_ref);
    e->L = NULL;
}

static void fail(sgl_lua_eval *e, const char *msg)
{
    if (!e->failed) {
        e->failed = true;
        snprintf(e->err, sizeof e->err, "%s", msg);
    }
    sg_search_abort(e->search);
}

int sgl_lua_eval_call(void *ud, const sg_pos *p)
{
    sgl_lua_eval *e = ud;
    if (e->failed) return 0;
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->fn_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->view_ref);
    view_ud *v = lua_touserdata(L, -1);
    v->p = p;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->opts_ref);
    int status = lua_pcall(L, 2, 1, 0);
    v->p = NULL;
    int score = 0;
    if (status != LUA_OK && *sgl_interrupt_flag(L)) {
        sg_search_stop(e->search);   /* Ctrl-C inside the evaluation: a stop, not a fault */
        score = 0;
    } else if (status != LUA_OK) {
        fail(e, luaL_tolstring(L, -1, NULL));
        lua_pop(L, 1);
    } else {
        int isnum;
        lua_Number n = lua_tonumberx(L, -1, &isnum);
        if (!isnum || n != n) fail(e, lua_pushfstring(L, "the evaluation returned %s, not a number",
                                                      luaL_typename(L, -1)));
        else score = n > 30000 ? 30000 : n < -30000 ? -30000 : (int)n;
        if (!isnum) lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return score;
}

/* calls fn(view, move, opts); the result stays on the stack (LUA_OK) */
static int hook_call(sgl_lua_eval *e, const sg_pos *p, sg_move m)
{
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->fn_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->view_ref);
    view_ud *v = lua_touserdata(L, -1);
    v->p = p;
    sgl_pushmove(L, m);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->opts_ref);
    int status = lua_pcall(L, 3, 1, 0);
    v->p = NULL;
    if (status != LUA_OK) {
        if (*sgl_interrupt_flag(L)) sg_search_stop(e->search);
        else fail(e, luaL_tolstring(L, -1, NULL));
        lua_settop(L, lua_gettop(L) - (*sgl_interrupt_flag(L) ? 1 : 2));
    }
    return status;
}

int sgl_lua_order_call(void *ud, const sg_pos *p, sg_move m)
{
    sgl_lua_eval *e = ud;
    if (e->failed || hook_call(e, p, m) != LUA_OK) return 0;
    int isnum;
    lua_Number n = lua_tonumberx(e->L, -1, &isnum);
    if (!isnum || n != n) {
        fail(e, lua_pushfstring(e->L, "the order hook returned %s, not a number", luaL_typename(e->L, -1)));
        lua_pop(e->L, 2);
        return 0;
    }
    lua_pop(e->L, 1);
    return n > 1e6 ? 1000000 : n < -1e6 ? -1000000 : (int)n;
}

int sgl_lua_prune_call(void *ud, const sg_pos *p, sg_move m)
{
    sgl_lua_eval *e = ud;
    if (e->failed || hook_call(e, p, m) != LUA_OK) return 0;
    int prune = lua_toboolean(e->L, -1);
    lua_pop(e->L, 1);
    return prune;
}

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
                                    "info", "rules", "clear", "mate_nodes", "order", "prune", NULL};

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
    bool lua_eval = lua_isfunction(L, eval_idx);
    const sgl_c_eval *ce = luaL_testudata(L, eval_idx, SGL_C_EVAL);
    if (ce) {
        if (!ce->fn) return luaL_argerror(L, 2, "option 'eval': the C evaluation has no function");
        o.eval = ce->fn;
        o.eval_ud = ce->ud;
    } else if (lua_type(L, eval_idx) == LUA_TSTRING) {
        const char *name = lua_tostring(L, eval_idx);
        if (strcmp(name, "material") == 0) o.eval = sg_eval_material_only;
        else if (strcmp(name, "builtin") != 0)
            return luaL_argerror(L, 2, "option 'eval' must be a function, \"builtin\", \"material\" or a C evaluation");
    } else if (!lua_eval && !lua_isnil(L, eval_idx)) {
        return luaL_argerror(L, 2, "option 'eval' must be a function, \"builtin\", \"material\" or a C evaluation");
    }
    lua_getfield(L, 2, "eval_opts");
    int eval_opts_idx = lua_gettop(L);
    if (!lua_isnil(L, eval_opts_idx) && !lua_istable(L, eval_opts_idx))
        return luaL_argerror(L, 2, "option 'eval_opts' must be a table");
    lua_getfield(L, 2, "clear");
    bool clear = lua_toboolean(L, -1);
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
    sgl_lua_eval le = {0};
    if (lua_eval) {
        sgl_lua_eval_init(L, eval_idx, lua_isnil(L, eval_opts_idx) ? 0 : eval_opts_idx, s, &le);
        o.eval = sgl_lua_eval_call;
        o.eval_ud = &le;
    }
    /* the move hooks */
    sgl_lua_eval hooks[2] = {{0}, {0}};
    static const char *const HOOKS[] = {"order", "prune"};
    for (int h = 0; h < 2; h++) {
        lua_getfield(L, 2, HOOKS[h]);
        if (lua_isfunction(L, -1)) {
            sgl_lua_hook_init(L, -1, lua_isnil(L, eval_opts_idx) ? 0 : eval_opts_idx, s, &hooks[h]);
            if (h == 0) { o.order = sgl_lua_order_call; o.order_ud = &hooks[0]; }
            else { o.prune = sgl_lua_prune_call; o.prune_ud = &hooks[1]; }
        } else if (!lua_isnil(L, -1)) {
            for (int k = 0; k < h; k++) sgl_lua_eval_free(&hooks[k]);
            if (lua_eval) sgl_lua_eval_free(&le);
            return luaL_argerror(L, 2, lua_pushfstring(L, "option '%s' must be a function", HOOKS[h]));
        }
        lua_pop(L, 1);
    }
    info_ctx ic = {L, info_idx, s, false, ""};
    if (!lua_isnil(L, info_idx)) {
        lim.progress = on_progress;
        lim.progress_ud = &ic;
    }
    lim.interrupt = sgl_interrupt_flag(L);
    sg_search_report *r = lua_newuserdatauv(L, sizeof *r, 0);
    sg_search_run(s, p, &o, &lim, r);
    bool interrupted = *sgl_interrupt_flag(L) != 0;
    *sgl_interrupt_flag(L) = 0;
    /* Ctrl-C is answered here with the best move so far: the host's stop hook
     * (a count hook of 1 armed by the REPL's SIGINT handler) is disarmed so
     * the caller goes on with the result */
    if (interrupted && lua_gethookmask(L) == LUA_MASKCOUNT && lua_gethookcount(L) == 1) lua_sethook(L, NULL, 0, 0);
    if (lua_eval) sgl_lua_eval_free(&le);
    for (int h = 0; h < 2; h++) sgl_lua_eval_free(&hooks[h]);
    if (le.failed) return luaL_error(L, "%s", le.err);
    for (int h = 0; h < 2; h++)
        if (hooks[h].failed) return luaL_error(L, "%s", hooks[h].err);
    if (ic.failed) return luaL_error(L, "%s", ic.err);
    push_report(L, r);
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

static const luaL_Reg FUNCS[] = {
    {"search", core_search}, {"evaluate", core_evaluate}, {"c_eval", core_c_eval}, {NULL, NULL}};

void sgl_open_search(lua_State *L)
{
    luaL_setfuncs(L, FUNCS, 0);
}
