/* Positions for Lua: userdata "shogi.position" holding one immutable sg_pos.
 * Sections: methods (text, squares and hands, moves, checks, perft, diagram
 * problems, keys); metamethods; the module functions core.position and
 * core.reasons; registration.  Every method also works on a game's current
 * position (sgl_checkpos, marshal.c): games chain to these methods. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "binding.h"
#include "../core/pieces.h"
#include "../core/edit.h"
#include "../search/perft.h"

#define new_pos sgl_newpos
#define testpos_or_game sgl_testpos_or_game
#define check_square sgl_checksquare
#define push_squares sgl_pushsquares
#define push_moves sgl_pushmoves

/* the move at idx, for a position (a game's position methods pass no previous move) */
static sg_move check_legal_move(lua_State *L, int idx, const sg_pos *p)
{
    return sgl_checklegal(L, idx, p, SG_SQ_NONE);
}

/* ---- methods: text -------------------------------------------------------------- */
static int pos_sfen(lua_State *L)
{
    char buf[SG_SFEN_MAX];
    int n = sg_pos_to_sfen(sgl_checkpos(L, 1), buf, sizeof buf);
    lua_pushlstring(L, buf, (size_t)n);
    return 1;
}

static int pos_variant(lua_State *L)
{
    lua_pushstring(L, sg_variant_get(sgl_checkpos(L, 1)->variant)->name);
    return 1;
}

static int pos_side(lua_State *L)
{
    sgl_pushside(L, sgl_checkpos(L, 1)->side);
    return 1;
}

static int pos_ply(lua_State *L)
{
    lua_pushinteger(L, sgl_checkpos(L, 1)->ply);
    return 1;
}

/* ---- methods: squares and hands ------------------------------------------------------ */
static int pos_at(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_piece pc = p->board[check_square(L, 2)];
    if (!pc) { lua_pushnil(L); return 1; }
    char buf[3];
    lua_pushlstring(L, buf, (size_t)sg_piece_letters(pc, buf));
    return 1;
}

static sg_color opt_side(lua_State *L, int idx, const sg_pos *p)
{
    return lua_isnoneornil(L, idx) ? p->side : sgl_checkside(L, idx);
}

static int pos_hand(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_color c = opt_side(L, 2, p);
    const sg_ptype *order = sg_hand_order();
    lua_createtable(L, 0, SG_HAND_ORDER_NB);
    for (int i = 0; i < SG_HAND_ORDER_NB; i++) {
        lua_pushinteger(L, p->hand[c][order[i]]);
        lua_setfield(L, -2, sg_piece_info_of(order[i])->usi);
    }
    return 1;
}

static int pos_pieces(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_bb b = sg_pos_occupied(p);
    if (!lua_isnoneornil(L, 2)) b = p->by_color[sgl_checkside(L, 2)];
    lua_createtable(L, 0, sg_bb_count(b));
    while (b) {
        sg_square s = sg_bb_pop(&b);
        char sq[3], pc[3];
        sg_square_name(s, sq);
        lua_pushlstring(L, pc, (size_t)sg_piece_letters(p->board[s], pc));
        lua_setfield(L, -2, sq);
    }
    return 1;
}

/* ---- methods: moves -------------------------------------------------------------------- */
static int pos_legal_moves(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_move moves[SG_MAX_MOVES];
    push_moves(L, moves, sg_gen_legal(p, moves));
    return 1;
}

static int pos_is_legal(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_reason r;
    sgl_checkmove(L, 2, p, SG_SQ_NONE, &r);
    if (r == SG_LEGAL) { lua_pushboolean(L, 1); return 1; }
    lua_pushboolean(L, 0);
    lua_pushstring(L, sg_reason_text(r));
    lua_pushstring(L, sg_reason_id(r));
    return 3;
}

static int pos_after(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_move m = check_legal_move(L, 2, p);
    sg_pos *q = new_pos(L, p);
    sg_undo u;
    sg_do_move(q, m, &u);
    return 1;
}

/* ---- methods: checks ------------------------------------------------------------------- */
static int pos_in_check(lua_State *L)
{
    lua_pushboolean(L, sg_in_check(sgl_checkpos(L, 1)));
    return 1;
}

static int pos_checkers(lua_State *L)
{
    push_squares(L, sgl_checkpos(L, 1)->checkers);
    return 1;
}

static int pos_gives_check(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    lua_pushboolean(L, sg_gives_check(p, check_legal_move(L, 2, p)));
    return 1;
}

static int pos_is_mate(lua_State *L)
{
    lua_pushboolean(L, sg_is_mate(sgl_checkpos(L, 1)));
    return 1;
}

static int pos_checks(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_move moves[SG_MAX_MOVES];
    push_moves(L, moves, sg_gen_checks(p, moves));
    return 1;
}

static int pos_attackers(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_square s = check_square(L, 2);
    sg_color c = opt_side(L, 3, p);
    push_squares(L, sg_attackers_to(p, s, c, sg_pos_occupied(p)));
    return 1;
}

/* ---- methods: perft ---------------------------------------------------------------------- */
static bool opt_flag(lua_State *L, int idx, const char *name, bool dflt)
{
    if (lua_isnoneornil(L, idx)) return dflt;
    lua_getfield(L, idx, name);
    bool v = lua_isnil(L, -1) ? dflt : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static int pos_perft(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    lua_Integer depth = luaL_checkinteger(L, 2);
    luaL_argcheck(L, depth >= 0 && depth <= 64, 2, "depth must be between 0 and 64");
    static const char *const KNOWN[] = {"bulk", "divide", NULL};
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        sgl_check_options(L, 3, KNOWN, "perft");
    }
    sg_limits limits;
    sgl_limits(L, 0, &limits, NULL);
    sg_perft_opts o = {.bulk = opt_flag(L, 3, "bulk", true), .limits = &limits};
    bool divide = opt_flag(L, 3, "divide", false);
    sg_pos q = *p;
    if (!divide) {
        uint64_t n = sg_perft(&q, (int)depth, &o);
        sgl_check_interrupt(L);
        lua_pushinteger(L, (lua_Integer)n);
        return 1;
    }
    sg_move moves[SG_MAX_MOVES];
    uint64_t counts[SG_MAX_MOVES];
    int n = depth >= 1 ? sg_perft_divide(&q, (int)depth, &o, moves, counts) : 0;
    sgl_check_interrupt(L);
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        sgl_pushmove(L, moves[i]);
        lua_pushinteger(L, (lua_Integer)counts[i]);
        lua_rawset(L, -3);
    }
    return 1;
}

/* pos:problems() -> {{id =, text =, square = or nil}, ...}: the diagram rules it breaks */
static int pos_problems(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_problem probs[SG_PROBLEMS_MAX];
    int n = sg_pos_problems(p, probs, SG_PROBLEMS_MAX);
    if (n > SG_PROBLEMS_MAX) n = SG_PROBLEMS_MAX;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        char text[160];
        sg_problem_text(&probs[i], text, (int)sizeof text);
        lua_createtable(L, 0, 3);
        lua_pushstring(L, sg_problem_id(probs[i].kind));
        lua_setfield(L, -2, "id");
        lua_pushstring(L, text);
        lua_setfield(L, -2, "text");
        if (probs[i].sq != SG_SQ_NONE) {
            sgl_pushsquare(L, probs[i].sq);
            lua_setfield(L, -2, "square");
        }
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* ---- methods: editing ------------------------------------------------------------------------ */
/* pos:edit{clear =, remove =, put =, mirror =, swap =, hand =, side =, strict =} -> a new
 * position | nil, "edit: ...".  The changes apply in that order (edit.h says what each
 * does; strict = false is the lenient edit); a wrong type of argument raises, text that
 * names no square, piece or hand fails. */
#define EDITS_MAX (2 * SG_SQ_NB + 8)
typedef struct { sg_edit e[EDITS_MAX]; int n; } edit_list;

static int edit_fail(lua_State *L, const char *fmt, const char *what)
{
    lua_pushnil(L);
    lua_pushfstring(L, fmt, what);
    return 2;
}

static bool opt_true(lua_State *L, int idx, const char *name)
{
    lua_getfield(L, idx, name);
    int t = lua_type(L, -1);
    if (t != LUA_TNIL && t != LUA_TBOOLEAN)
        luaL_error(L, "edit: %s must be a boolean, not a %s", name, luaL_typename(L, -1));
    bool v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* the variant's piece letters from the piece table, for a message: "P L N S B R G K, +P +L ..." */
static void piece_letters(sg_variant v, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    for (int promoted = 0; promoted < 2; promoted++)
        for (sg_ptype t = 1; t < SG_PT_NB; t++) {
            const sg_piece_info *pi = sg_piece_info_of(t);
            if (!pi || !sg_variant_has(v, t) || (pi->usi[0] == '+') != (promoted == 1)) continue;
            bool first_promoted = promoted && !strchr(out, '+');
            int k = snprintf(out + n, size - n, "%s%s", n == 0 ? "" : first_promoted ? ", " : " ", pi->usi);
            if (k < 0 || (size_t)k >= size - n) return;
            n += (size_t)k;
        }
}

static int cmp_edit_sq(const void *a, const void *b)
{
    return ((const sg_edit *)a)->sq - ((const sg_edit *)b)->sq;
}

/* the squares of the array at the top of the stack, as edits of kind k; 0 or nil, msg pushed */
static int edit_squares(lua_State *L, edit_list *l, sg_edit_kind k)
{
    lua_Integer len = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            return luaL_error(L, "edit: remove[%d] must be a square name, not a %s", (int)i, luaL_typename(L, -1));
        const char *name = lua_tostring(L, -1);
        sg_square sq = sg_square_parse(name);
        if (sq == SG_SQ_NONE) return edit_fail(L, "edit: remove: '%s' is not a square (1a to 9i)", name);
        if (l->n >= EDITS_MAX) return luaL_error(L, "edit: too many squares");
        l->e[l->n++] = (sg_edit){.kind = k, .sq = sq};
        lua_pop(L, 1);
    }
    return 0;
}

static int pos_edit(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const KNOWN[] = {"clear", "remove", "put", "mirror", "swap", "hand", "side", "strict",
                                        NULL};
    sgl_check_options(L, 2, KNOWN, "edit");
    edit_list l;
    l.n = 0;
    lua_getfield(L, 2, "strict");
    bool strict = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 1);
    /* 1. clear, then the squares emptied */
    if (opt_true(L, 2, "clear")) l.e[l.n++] = (sg_edit){.kind = SG_EDIT_CLEAR};
    if (lua_getfield(L, 2, "remove") != LUA_TNIL) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            lua_createtable(L, 1, 0);
            lua_rotate(L, -2, 1);
            lua_rawseti(L, -2, 1);
        }
        if (!lua_istable(L, -1)) return luaL_error(L, "edit: remove must be a square or an array of squares");
        int r = edit_squares(L, &l, SG_EDIT_REMOVE);
        if (r) return r;
    }
    lua_pop(L, 1);
    /* 2. the pieces put, in square order (so a fault is named the same every time) */
    if (lua_getfield(L, 2, "put") != LUA_TNIL) {
        if (!lua_istable(L, -1)) return luaL_error(L, "edit: put must be a table {[\"5e\"] = \"+B\", ...}");
        int first = l.n;
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
                return luaL_error(L, "edit: put takes square names and piece letters ({[\"5e\"] = \"+B\"})");
            const char *name = lua_tostring(L, -2);
            sg_square sq = sg_square_parse(name);
            if (sq == SG_SQ_NONE) return edit_fail(L, "edit: put: '%s' is not a square (1a to 9i)", name);
            size_t len;
            const char *letters = lua_tolstring(L, -1, &len);
            bool white = false;
            sg_ptype t = sg_ptype_from_usi(letters, (int)len, p->variant, &white);
            if (t == SG_NO_PT) {
                char known[64];
                piece_letters(p->variant, known, sizeof known);
                lua_pushnil(L);
                lua_pushfstring(L, "edit: put: '%s' is not a piece (USI letters: %s; lower case for white)", letters,
                                known);
                return 2;
            }
            if (l.n >= EDITS_MAX) return luaL_error(L, "edit: too many squares");
            l.e[l.n++] = (sg_edit){.kind = SG_EDIT_PUT, .sq = sq,
                                   .piece = sg_make_piece(white ? SG_WHITE : SG_BLACK, t)};
            lua_pop(L, 1);
        }
        qsort(l.e + first, (size_t)(l.n - first), sizeof l.e[0], cmp_edit_sq);
    }
    lua_pop(L, 1);
    /* 3. the board turned */
    if (opt_true(L, 2, "mirror")) l.e[l.n++] = (sg_edit){.kind = SG_EDIT_MIRROR};
    if (opt_true(L, 2, "swap")) l.e[l.n++] = (sg_edit){.kind = SG_EDIT_SWAP};
    /* 4. the hands: those written out, then "rest" */
    if (lua_getfield(L, 2, "hand") != LUA_TNIL) {
        if (!lua_istable(L, -1)) return luaL_error(L, "edit: hand must be a table {b = \"R2P\", w = \"rest\"}");
        static const char *const HAND_KEYS[] = {"b", "w", NULL};
        sgl_check_options(L, lua_gettop(L), HAND_KEYS, "edit: hand");
        int rest[2] = {0, 0};
        for (int c = 0; c < 2; c++) {
            if (lua_getfield(L, -1, HAND_KEYS[c]) != LUA_TNIL) {
                if (lua_type(L, -1) != LUA_TSTRING)
                    return luaL_error(L, "edit: hand.%s must be a string (\"R2P\", \"-\", \"rest\")", HAND_KEYS[c]);
                const char *text = lua_tostring(L, -1);
                if (strcmp(text, "rest") == 0) rest[c] = 1;
                else {
                    sg_edit e = {.kind = SG_EDIT_HAND, .color = (sg_color)c};
                    sg_error err;
                    if (!sg_hand_read(text, p->variant, e.hand, &err)) {
                        lua_pushnil(L);
                        lua_pushfstring(L, "edit: hand.%s:%d: %s", HAND_KEYS[c], err.col, err.msg);
                        return 2;
                    }
                    l.e[l.n++] = e;
                }
            }
            lua_pop(L, 1);
        }
        if (rest[0] && rest[1]) return edit_fail(L, "%s", "edit: hand: only one side can hold the rest");
        for (int c = 0; c < 2; c++)
            if (rest[c]) l.e[l.n++] = (sg_edit){.kind = SG_EDIT_HAND_REST, .color = (sg_color)c};
    }
    lua_pop(L, 1);
    /* 5. the side to move */
    if (lua_getfield(L, 2, "side") != LUA_TNIL) l.e[l.n++] = (sg_edit){.kind = SG_EDIT_SIDE,
                                                                       .color = sgl_checkside(L, -1)};
    lua_pop(L, 1);
    sg_pos q;
    sg_error err;
    if (!sg_pos_edit(p, l.e, l.n, strict, &q, &err)) return edit_fail(L, "edit: %s", err.msg);
    sgl_pushpos(L, &q);
    return 1;
}

/* ---- methods: keys and copies ---------------------------------------------------------------- */
static int pos_key(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)sg_pos_key(sgl_checkpos(L, 1)));
    return 1;
}

static int pos_board_key(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)sgl_checkpos(L, 1)->board_key);
    return 1;
}

static int pos_copy(lua_State *L)
{
    sgl_pushpos(L, sgl_checkpos(L, 1));
    return 1;
}

/* ---- metamethods ------------------------------------------------------------------------------- */
static int pos_eq(lua_State *L)
{
    const sg_pos *a = testpos_or_game(L, 1), *b = testpos_or_game(L, 2);
    bool eq = a && b && a->variant == b->variant && a->side == b->side &&
              memcmp(a->board, b->board, sizeof a->board) == 0 &&
              memcmp(a->hand, b->hand, sizeof a->hand) == 0;
    lua_pushboolean(L, eq);
    return 1;
}

/* ---- module functions ----------------------------------------------------------------------------- */
/* core.position(text [, variant]) -> pos | nil, "sfen:L:C: message";
 * core.position(pos_or_game) -> a copy */
static int core_position(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TSTRING) {
        const sg_pos *p = testpos_or_game(L, 1);
        if (!p) return luaL_typeerror(L, 1, "SFEN string or position");
        sgl_pushpos(L, p);
        return 1;
    }
    size_t len;
    const char *text = lua_tolstring(L, 1, &len);
    sg_variant v = sgl_optvariant(L, 2);
    bool strict = true;
    if (lua_istable(L, 2)) {
        static const char *const KNOWN[] = {"variant", "strict", NULL};
        sgl_check_options(L, 2, KNOWN, "position");
        lua_getfield(L, 2, "strict");
        strict = lua_isnil(L, -1) || lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    sg_pos p;
    sg_error err;
    if (strlen(text) != len) {
        lua_pushnil(L);
        lua_pushfstring(L, "sfen:1:%d: unexpected zero byte", (int)strlen(text) + 1);
        return 2;
    }
    if (!sg_pos_read_sfen(&p, text, v, strict, &err)) {
        lua_pushnil(L);
        lua_pushfstring(L, "sfen:%d:%d: %s", err.line, err.col, err.msg);
        return 2;
    }
    sgl_pushpos(L, &p);
    return 1;
}

static const luaL_Reg METHODS[] = {
    {"sfen", pos_sfen},
    {"variant", pos_variant},
    {"side", pos_side},
    {"ply", pos_ply},
    {"at", pos_at},
    {"hand", pos_hand},
    {"pieces", pos_pieces},
    {"legal_moves", pos_legal_moves},
    {"is_legal", pos_is_legal},
    {"after", pos_after},
    {"in_check", pos_in_check},
    {"checkers", pos_checkers},
    {"gives_check", pos_gives_check},
    {"is_mate", pos_is_mate},
    {"checks", pos_checks},
    {"attackers", pos_attackers},
    {"perft", pos_perft},
    {"key", pos_key},
    {"board_key", pos_board_key},
    {"copy", pos_copy},
    {"problems", pos_problems},
    {"edit", pos_edit},
    {NULL, NULL}};

static const luaL_Reg METAMETHODS[] = {
    {"__index", NULL}, /* the methods table, set below */
    {"__tostring", pos_sfen},
    {"__eq", pos_eq},
    {NULL, NULL}};

/* ---- registration ------------------------------------------------------------------------------------ */
void sgl_open_position(lua_State *L)
{
    luaL_newmetatable(L, SGL_POSITION);
    luaL_setfuncs(L, METAMETHODS, 0);
    luaL_newlibtable(L, METHODS);
    luaL_setfuncs(L, METHODS, 0);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);

    lua_pushcfunction(L, core_position);
    lua_setfield(L, -2, "position");

    lua_createtable(L, 0, SG_REASON_NB);
    for (int r = 1; r < SG_REASON_NB; r++) {
        lua_pushstring(L, sg_reason_text((sg_reason)r));
        lua_setfield(L, -2, sg_reason_id((sg_reason)r));
    }
    lua_setfield(L, -2, "reasons");
}
