/* Games for Lua: userdata "shogi.game" holding an sg_game (src/core/game.h).
 * Sections: the userdata; verdicts; custom end tests (the core runs them
 * through a callback); methods; making games; registration.  The game's
 * methods table chains to the position's through __index, so every position
 * method works on a game's current position. */
#include <string.h>
#include "binding.h"
#include "../core/notation.h"

/* ---- the userdata ----------------------------------------------------------------- */
static int game_gc(lua_State *L)
{
    sgl_game *u = sgl_aligned(luaL_checkudata(L, 1, SGL_GAME));
    if (u->live) sg_game_free(&u->g);
    u->live = 0;
    return 0;
}

#define check_game sgl_checkgame

/* a game that may change: not while its own end test runs */
static sgl_game *check_mutable(lua_State *L, int idx)
{
    sgl_game *u = check_game(L, idx);
    if (u->g.in_end_test) luaL_error(L, "a game cannot change while its end tests run");
    return u;
}

/* pushes user value 2 (the binding's table) */
static void push_own(lua_State *L, int idx) { lua_getiuservalue(L, idx, 2); }

/* the previous move's destination, for 同 */
static sg_square prev_to(const sg_game *g)
{
    return g->ply ? sg_move_to(sg_game_move(g, g->ply)) : SG_SQ_NONE;
}

/* ---- verdicts ------------------------------------------------------------------------ */
/* pushes the verdict table of game idx, or nil while it goes on; a custom
 * verdict keeps the fields its test returned (text and any others) */
static void push_result(lua_State *L, int idx, sgl_game *u)
{
    sg_verdict v;
    if (!sg_game_result(&u->g, &v)) { lua_pushnil(L); return; }
    sgl_push_verdict(L, &v, u->g.pos.variant);
    if (v.reason != SG_END_CUSTOM) return;
    push_own(L, idx);
    if (lua_getfield(L, -1, "custom") == LUA_TTABLE) {
        int ct = lua_gettop(L), vt = ct - 2;
        lua_pushnil(L);
        while (lua_next(L, ct)) {
            lua_pushvalue(L, -2);
            bool had = lua_rawget(L, vt) != LUA_TNIL;
            lua_pop(L, 1);
            bool text = lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), "text") == 0;
            if (!had || text) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, vt);
            } else {
                lua_pop(L, 1);
            }
        }
    }
    lua_pop(L, 2);
}

/* raises "game over: <text>" */
static int game_over_error(lua_State *L, int idx, sgl_game *u)
{
    push_result(L, idx, u);
    const char *text = "the game has ended.";
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "text");
        if (lua_isstring(L, -1)) text = lua_tostring(L, -1);
    }
    return luaL_error(L, "game over: %s", text);
}

/* ---- custom end tests ------------------------------------------------------------------
 * The rule set's Lua tests run inside sg_game_play through this callback.  The
 * game's userdata sits at ctx.idx of ctx.L while the core runs; a failing test
 * leaves its message on the top of the stack. */
typedef struct { lua_State *L; int idx; sgl_game *u; } test_ctx;

static int traceback_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* Reads the verdict table a test returned (at t) into out; NULL or what is wrong. */
static const char *read_custom(lua_State *L, int t, const char *test_name, sg_custom_end *out)
{
    if (!lua_istable(L, t)) return "it must return nil or a verdict table";
    out->winner = -1;
    int ty = lua_getfield(L, t, "winner");
    if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "b") == 0) out->winner = SG_BLACK;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "w") == 0) out->winner = SG_WHITE;
    else if (ty != LUA_TNIL) return "its verdict's winner must be \"b\", \"w\" or nil";
    lua_pop(L, 1);
    ty = lua_getfield(L, t, "outcome");
    if (ty == LUA_TNIL) out->outcome = out->winner >= 0 ? SG_OUTCOME_WIN : SG_OUTCOME_DRAW;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "win") == 0) out->outcome = SG_OUTCOME_WIN;
    else if (ty == LUA_TSTRING && strcmp(lua_tostring(L, -1), "draw") == 0) out->outcome = SG_OUTCOME_DRAW;
    else return "its verdict's outcome must be \"win\" or \"draw\"";
    lua_pop(L, 1);
    ty = lua_getfield(L, t, "reason");
    if (ty != LUA_TNIL && ty != LUA_TSTRING) return "its verdict's reason must be a string";
    snprintf(out->id, sizeof out->id, "%s", ty == LUA_TSTRING ? lua_tostring(L, -1) : test_name);
    if (ty == LUA_TSTRING && lua_rawlen(L, -1) >= sizeof out->id) return "its verdict's reason is longer than 31 bytes";
    lua_pop(L, 1);
    ty = lua_getfield(L, t, "text");
    lua_pop(L, 1);
    if (ty != LUA_TNIL && ty != LUA_TSTRING) return "its verdict's text must be a string";
    return NULL;
}

static sg_test_status run_lua_tests(void *ud, sg_game *g, sg_custom_end *out)
{
    (void)g;
    test_ctx *c = ud;
    if (!c) return SG_TEST_OPEN;   /* called from C with no Lua call under way */
    lua_State *L = c->L;
    int top = lua_gettop(L);
    push_own(L, c->idx);
    lua_getfield(L, -1, "end_tests");
    int own = top + 1, list = top + 2;
    for (int i = 1; i <= c->u->n_tests; i++) {
        lua_geti(L, list, i);
        lua_getfield(L, -1, "name");
        const char *name = lua_tostring(L, -1);
        lua_pushcfunction(L, traceback_handler);
        lua_getfield(L, -3, "test");
        lua_pushvalue(L, c->idx);
        if (lua_pcall(L, 1, 1, -3) != LUA_OK) {
            const char *msg = lua_tostring(L, -1);
            lua_pushfstring(L, "end test '%s' failed: %s", name, msg ? msg : "(no message)");
            lua_replace(L, top + 1);
            lua_settop(L, top + 1);
            return SG_TEST_FAILED;
        }
        if (lua_toboolean(L, -1)) {
            const char *bad = read_custom(L, lua_gettop(L), name, out);
            if (bad) {
                lua_pushfstring(L, "end test '%s' returned a bad verdict: %s", name, bad);
                lua_replace(L, top + 1);
                lua_settop(L, top + 1);
                return SG_TEST_FAILED;
            }
            sgl_copy_table_top(L);
            lua_setfield(L, own, "custom");
            lua_pushstring(L, name);
            lua_setfield(L, own, "custom_test");
            lua_settop(L, top);
            return SG_TEST_ENDED;
        }
        lua_settop(L, list);
    }
    lua_settop(L, top);
    return SG_TEST_OPEN;
}

/* Raises for the failures of sg_game_play and sg_game_set_end_test that come
 * from an end test; returns for any other status. */
static void raise_test_failure(lua_State *L, int idx, sgl_game *u, int status)
{
    if (status == SG_PLAY_TEST_FAILED) lua_error(L);
    if (status == SG_PLAY_BAD_VERDICT) {
        push_own(L, idx);
        lua_getfield(L, -1, "custom_test");
        luaL_error(L, "end test '%s' returned a bad verdict: %s", lua_tostring(L, -1), u->g.error);
    }
}

/* sg_game_play with the Lua tests reachable */
static int play(lua_State *L, int idx, sgl_game *u, sg_move m, sg_reason r)
{
    test_ctx c = {L, lua_absindex(L, idx), u};
    u->g.end_test_ud = &c;
    int status = sg_game_play_judged(&u->g, m, r);
    u->g.end_test_ud = NULL;
    raise_test_failure(L, idx, u, status);
    return status;
}

/* ---- methods -------------------------------------------------------------------------------- */
static int game_play(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    sg_game *g = &u->g;
    if (sg_game_decided(g)) return game_over_error(L, 1, u);
    sg_reason r;
    sg_move m = sgl_checkmove(L, 2, &g->pos, prev_to(g), &r);
    int status = play(L, 1, u, m, r);
    if (status == SG_LEGAL) { lua_settop(L, 1); return 1; }
    if (status == SG_PLAY_GAME_OVER) return game_over_error(L, 1, u);
    if (status == SG_PLAY_NO_MEMORY) return luaL_error(L, "not enough memory for the game's moves");
    char buf[24], why[160];
    return luaL_error(L, "illegal move %s: %s", sgl_move_arg_text(L, 2, m, (sg_reason)status, buf),
                      sgl_reason_sentence(&g->pos, (sg_reason)status, why));
}

/* g:play_texts(texts, notation) -> the number of moves played: the moves of a
 * record's line (a table of strings, or a reader's "shogi.texts" list), each text
 * read in notation (a name sg_notation_from_name knows) by the core's parser
 * against the game's position and played, in one call (the readers' hot path:
 * no position object per move).  Stops at the first text
 * that is no legal move or cannot be played (the game over, say), leaving the
 * game after the moves before it: the caller reads that one again its own way
 * for the error.  Raises only for a bad argument or an end test's error. */
static int game_play_texts(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    const sgl_texts *list = sgl_testtexts(L, 2);   /* a record reader's move list, or a table of strings */
    lua_Integer count, played = 0;
    if (list) {
        count = sgl_texts_count(list);
    } else {
        luaL_checktype(L, 2, LUA_TTABLE);
        count = (lua_Integer)lua_rawlen(L, 2);
    }
    sg_notation n;
    if (!sg_notation_from_name(luaL_checkstring(L, 3), &n)) return luaL_argerror(L, 3, "unknown notation");
    char buf[64];
    for (lua_Integer i = 1; i <= count && !sg_game_decided(&u->g); i++) {
        size_t len = 0;
        const char *text;
        if (list) {
            /* (the spans are not terminated: copied, a longer one read as a string) */
            text = sgl_texts_at(list, i, &len);
            if (len < sizeof buf) {
                memcpy(buf, text, len);
                buf[len] = 0;
                text = buf;
            } else {
                lua_pushlstring(L, text, len);
                text = lua_tostring(L, -1);
            }
        } else {
            lua_rawgeti(L, 2, i);
            text = lua_tolstring(L, -1, &len);
        }
        sg_move m = SG_MOVE_NONE;
        sg_error err;
        bool ok = text && strlen(text) == len && sg_move_parse(&u->g.pos, text, n, prev_to(&u->g), &m, &err);
        if (!list || len >= sizeof buf) lua_pop(L, 1);
        if (!ok || play(L, 1, u, m, SG_LEGAL) != SG_LEGAL) break;
        played++;
    }
    lua_pushinteger(L, played);
    return 1;
}

/* g:undo() -> the move taken back (USI); after a resignation, a declaration,
 * a claim or a stated end, takes back only that end and returns its id */
static int game_undo(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    sg_verdict v;
    if (sg_game_result(&u->g, &v) && u->g.ended_by_action) {
        sg_game_undo_end(&u->g);
        push_own(L, 1);
        lua_pushnil(L);
        lua_setfield(L, -2, "custom");
        lua_pushstring(L, sg_verdict_id(&v));
        return 1;
    }
    if (u->g.ply == 0) return luaL_error(L, "nothing to undo: the game is at its start");
    sg_move m = sg_game_move(&u->g, u->g.ply);
    sg_game_undo(&u->g);
    push_own(L, 1);
    lua_pushnil(L);
    lua_setfield(L, -2, "custom");
    sgl_pushmove(L, m);
    return 1;
}

/* raises for a failed sg_game_play/redo status */
static int play_error(lua_State *L, sgl_game *u, int status, const char *text)
{
    if (status == SG_PLAY_GAME_OVER) return game_over_error(L, 1, u);
    if (status == SG_PLAY_NO_MEMORY) return luaL_error(L, "not enough memory for the game's moves");
    return luaL_error(L, "illegal move %s: %s", text, sg_reason_text((sg_reason)status));
}

/* g:redo() -> the move played again (USI), or nil when none is kept ahead */
static int game_redo(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    if (sg_game_ahead(&u->g) <= 0) { lua_pushnil(L); return 1; }
    sg_move m = u->g.hist[u->g.ply + 1].move;
    int status = play(L, 1, u, m, sg_is_legal(&u->g.pos, m));
    if (status != SG_LEGAL) {
        char buf[6];
        sg_move_to_usi(m, buf);
        return play_error(L, u, status, buf);
    }
    sgl_pushmove(L, m);
    return 1;
}

/* g:go_to(n) -> g (goto is a reserved word in Lua): to the position after n moves, undoing or replaying the
 * moves kept ahead (a cursor through the game, as GUIs have) */
static int game_goto(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    int last = u->g.top;
    if (n < 0 || n > last)
        return luaL_argerror(L, 2, lua_pushfstring(L, "no move %I: the game has moves 0 to %d", n, last));
    while (u->g.ply > n) {
        if (!sg_game_undo_end(&u->g)) sg_game_undo(&u->g);
    }
    while (u->g.ply < n) {
        sg_move m = u->g.hist[u->g.ply + 1].move;
        int status = play(L, 1, u, m, sg_is_legal(&u->g.pos, m));
        if (status != SG_LEGAL) {
            char buf[6];
            sg_move_to_usi(m, buf);
            return play_error(L, u, status, buf);
        }
    }
    lua_settop(L, 1);
    return 1;
}

/* g:moves_ahead() -> the moves kept ahead of the cursor (USI) */
static int game_moves_ahead(lua_State *L)
{
    const sg_game *g = &check_game(L, 1)->g;
    lua_createtable(L, g->top - g->ply, 0);
    for (int i = g->ply + 1; i <= g->top; i++) {
        sgl_pushmove(L, g->hist[i].move);
        lua_rawseti(L, -2, i - g->ply);
    }
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

/* g:result(): the tests are asked again, as what they read may have changed */
static int game_result(lua_State *L)
{
    sgl_game *u = check_game(L, 1);
    if (u->n_tests && !u->g.in_end_test) {
        test_ctx c = {L, 1, u};
        u->g.end_test_ud = &c;
        int status = sg_game_check_end(&u->g);
        u->g.end_test_ud = NULL;
        raise_test_failure(L, 1, u, status);
    }
    push_result(L, 1, u);
    return 1;
}

/* the last move's destination, for 同 ("7f"), or nil */
static int game_prev_square(lua_State *L)
{
    sgl_game *u = check_game(L, 1);
    sg_square s = prev_to(&u->g);
    if (s == SG_SQ_NONE) lua_pushnil(L);
    else sgl_pushsquare(L, s);
    return 1;
}

static sgl_game *check_open(lua_State *L)
{
    sgl_game *u = check_mutable(L, 1);
    sg_verdict v;
    if (sg_game_result(&u->g, &v)) game_over_error(L, 1, u);
    return u;
}

static int game_resign(lua_State *L)
{
    sgl_game *u = check_open(L);
    sg_color who = lua_isnoneornil(L, 2) ? u->g.pos.side : sgl_checkside(L, 2);
    sg_game_resign(&u->g, who);
    push_result(L, 1, u);
    return 1;
}

static int game_agree_draw(lua_State *L)
{
    sgl_game *u = check_open(L);
    sg_game_agree_draw(&u->g);
    push_result(L, 1, u);
    return 1;
}

static int game_impasse(lua_State *L)
{
    sgl_game *u = check_open(L);
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
    sgl_game *u = check_open(L);
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
    sgl_game *u = check_game(L, 1);
    sg_color c = sgl_checkside(L, 2);
    int pieces;
    lua_pushinteger(L, sg_count_points(&u->g.pos, c, lua_toboolean(L, 3), &pieces));
    lua_pushinteger(L, pieces);
    return 2;
}

/* g:end_by(reason, loser): an end a record, a clock or an arbiter states:
 * "resignation", "time-up", "illegal-move" with the loser ("b" or "w"), or
 * "agreement", "impasse-24" as a draw (no loser) */
static int game_end_by(lua_State *L)
{
    sgl_game *u = check_open(L);
    const char *id = luaL_checkstring(L, 2);
    sg_end e = sg_end_from_id(id);
    int loser = lua_isnoneornil(L, 3) ? -1 : (int)sgl_checkside(L, 3);
    if (!sg_game_end_stated(&u->g, e, loser))
        return luaL_error(L, "cannot end the game by '%s'%s: stated ends are resignation, time-up and illegal-move "
                          "(with the loser), agreement and impasse-24 (draws)", id, loser >= 0 ? " with a loser" : "");
    push_result(L, 1, u);
    return 1;
}

/* g:end_custom{reason =, winner = "b"|"w"|nil, text =}: a custom verdict (read back from a record) */
static int game_end_custom(lua_State *L)
{
    sgl_game *u = check_open(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    sg_custom_end ce;
    const char *bad = read_custom(L, 2, "custom", &ce);
    if (!bad) bad = sg_game_end_custom(&u->g, ce.outcome, ce.winner, ce.id);
    if (bad) return luaL_error(L, "bad custom verdict: %s", bad);
    push_own(L, 1);
    lua_pushvalue(L, 2);
    sgl_copy_table_top(L);
    lua_setfield(L, -2, "custom");
    lua_pop(L, 1);
    push_result(L, 1, u);
    return 1;
}

static int game_rules(lua_State *L)
{
    sgl_game *u = check_game(L, 1);
    push_own(L, 1);
    lua_getfield(L, -1, "base");
    const char *base = lua_tostring(L, -1);
    lua_getfield(L, -2, "end_tests");
    sgl_push_rules(L, &u->g.rules, base ? base : "jsa", lua_gettop(L));
    return 1;
}

static int game_info(lua_State *L)
{
    check_game(L, 1);
    lua_getiuservalue(L, 1, 1);
    return 1;
}

static int game_tostring(lua_State *L)
{
    sgl_game *u = sgl_aligned(luaL_checkudata(L, 1, SGL_GAME));
    if (!u->live) { lua_pushliteral(L, "shogi.game (closed)"); return 1; }
    char sfen[SG_SFEN_MAX];
    sg_pos_to_sfen(&u->g.pos, sfen, sizeof sfen);
    lua_pushfstring(L, "shogi.game: %d moves, %s", u->g.ply, sfen);
    return 1;
}

/* ---- making games ------------------------------------------------------------------------------ */
/* Creates a game userdata in a safe empty state with its two user values;
 * init is done by the caller. */
static sgl_game *new_game_ud(lua_State *L)
{
    sgl_game *u = sgl_aligned(lua_newuserdatauv(L, sizeof *u + SGL_ALIGN - 1, 2));
    memset(u, 0, sizeof *u);
    luaL_setmetatable(L, SGL_GAME);
    lua_newtable(L);
    lua_setiuservalue(L, -2, 1);
    lua_newtable(L);
    lua_setiuservalue(L, -2, 2);
    return u;
}

static const char *const GAME_OPTS[] = {"rules", "variant", "strict", NULL};

/* raises on an option that is neither a game option nor a rule option */
static void check_game_options(lua_State *L, int opts)
{
    lua_pushnil(L);
    while (lua_next(L, opts)) {
        lua_pop(L, 1);
        bool ok = lua_type(L, -1) == LUA_TSTRING && sgl_is_rule_option(lua_tostring(L, -1));
        for (int i = 0; GAME_OPTS[i] && !ok; i++)
            ok = lua_type(L, -1) == LUA_TSTRING && strcmp(GAME_OPTS[i], lua_tostring(L, -1)) == 0;
        if (!ok) luaL_error(L, "unknown game option '%s' (rules, variant, strict, or a rule option)",
                            luaL_tolstring(L, -1, NULL));
    }
}

/* core.game(pos [, opts]) -> game */
static int core_game(lua_State *L)
{
    const sg_pos *start = sgl_checkpos(L, 1);
    int opts = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        opts = 2;
        check_game_options(L, opts);
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
    const char *base = sgl_build_rules(L, ridx, opts, s.variant, &r);
    int list = lua_gettop(L);
    sgl_game *u = new_game_ud(L);
    int gi = lua_gettop(L);
    void *aud;
    lua_Alloc af = lua_getallocf(L, &aud);
    const char *why = sg_game_init(&u->g, &s, &r, af, aud);
    if (why) return luaL_error(L, "cannot make the game: %s", why);
    u->live = 1;
    u->n_tests = (int)luaL_len(L, list);
    lua_getiuservalue(L, gi, 2);
    lua_pushvalue(L, list);
    lua_setfield(L, -2, "end_tests");
    lua_pushstring(L, base);
    lua_setfield(L, -2, "base");
    lua_pop(L, 1);
    if (u->n_tests) sg_game_set_end_test(&u->g, run_lua_tests, NULL);
    lua_settop(L, gi);
    return 1;
}

static int game_copy(lua_State *L)
{
    sgl_game *u = check_game(L, 1);
    sgl_game *c = new_game_ud(L);
    if (!sg_game_copy(&c->g, &u->g)) return luaL_error(L, "not enough memory to copy the game");
    c->live = 1;
    c->n_tests = u->n_tests;
    lua_getiuservalue(L, 1, 2);
    sgl_copy_table_top(L);
    lua_setiuservalue(L, -2, 2);
    lua_getiuservalue(L, 1, 1);
    sgl_copy_table_top(L);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* ---- registration -------------------------------------------------------------------------------- */
static const luaL_Reg METHODS[] = {
    {"play", game_play},
    {"play_texts", game_play_texts},
    {"undo", game_undo},
    {"redo", game_redo},
    {"go_to", game_goto},
    {"moves_ahead", game_moves_ahead},
    {"position", game_position},
    {"start", game_start},
    {"moves", game_moves},
    {"ply", game_ply},
    {"prev_square", game_prev_square},
    {"result", game_result},
    {"resign", game_resign},
    {"agree_draw", game_agree_draw},
    {"impasse", game_impasse},
    {"declare", game_declare},
    {"end_by", game_end_by},
    {"end_custom", game_end_custom},
    {"rules", game_rules},
    {"points", game_points},
    {"info", game_info},
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
    /* what a game lacks, its current position has: the position's methods */
    lua_createtable(L, 0, 1);
    luaL_getmetatable(L, SGL_POSITION);
    lua_getfield(L, -1, "__index");
    lua_setfield(L, -3, "__index");
    lua_pop(L, 1);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__index");
    lua_setfield(L, -3, "game_methods");   /* core.game_methods: Lua modules add methods here */
    lua_pop(L, 1);
    lua_pushcfunction(L, core_game);
    lua_setfield(L, -2, "game");
}
