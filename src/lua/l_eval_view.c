/* The evaluation view: see l_eval_view.h. */
#include <string.h>
#include "l_eval_view.h"

#define VIEW "shogi.view"

struct sgl_eval_view {
    const sg_pos *p;
    const sg_search *s;
    /* view:board(t): what was last written into t (the table is the user
     * value), so the next call writes only the squares that changed (sibling
     * leaves differ in a few squares) */
    sg_piece board_snap[SG_SQ_NB];
};

static const sg_pos *check_view(lua_State *L)
{
    sgl_eval_view *v = luaL_checkudata(L, 1, VIEW);
    if (!v->p) luaL_error(L, "the view is only valid during an evaluation");
    return v->p;
}

/* "b" or "w": read by its one letter (an evaluation asks at every node; luaL_checkoption's
 * string compares showed in profiles), the usual message otherwise */
static sg_color check_side(lua_State *L, int idx)
{
    size_t n;
    const char *t = lua_tolstring(L, idx, &n);
    if (t && n == 1 && (t[0] == 'b' || t[0] == 'w')) return t[0] == 'b' ? SG_BLACK : SG_WHITE;
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
    sgl_eval_view *v = lua_touserdata(L, 1);
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
    static const char LETTERS[] = "PLNSBRG";
    size_t n;
    const char *t = lua_tolstring(L, idx, &n);
    if (t && n == 1 && t[0]) {   /* the fast path, as check_side's */
        const char *at = strchr(LETTERS, t[0]);
        if (at) return types[at - LETTERS];
    }
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
    const sgl_eval_view *v = lua_touserdata(L, 1);
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
    const sgl_eval_view *v = lua_touserdata(L, 1);
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

sgl_eval_view *sgl_eval_view_push(lua_State *L, const sg_search *s)
{
    sgl_eval_view *v = lua_newuserdatauv(L, sizeof *v, 1);
    v->p = NULL;
    v->s = s;
    if (luaL_newmetatable(L, VIEW)) {
        luaL_newlib(L, VIEW_METHODS);
        lua_setfield(L, -2, "__index");
    }
    lua_setmetatable(L, -2);
    return v;
}

void sgl_eval_view_bind(sgl_eval_view *v, const sg_pos *p) { v->p = p; }
