/* Positions for Lua: userdata "shogi.position" holding one immutable sg_pos.
 * Sections: the userdata (check, test, push); moves at the boundary; methods
 * (text, squares and hands, moves, checks, perft, keys); metamethods; the
 * module functions core.position and core.reasons; registration.
 * Every method also works on a game (sgl_checkpos asks l_game.c for the
 * game's current position), so the game binding can reuse these functions. */
#include <stdint.h>
#include <string.h>
#include "binding.h"
#include "../search/perft.h"

/* ---- the userdata ------------------------------------------------------------
 * sg_pos holds 128-bit bitboards, which want 16-byte alignment; Lua promises
 * only 8 for a userdata's block, so the position sits at the first 16-byte
 * boundary inside a block 15 bytes larger. */
#define POS_ALIGN 16
static sg_pos *aligned(void *raw)
{
    return raw ? (sg_pos *)(void *)(((uintptr_t)raw + (POS_ALIGN - 1)) & ~(uintptr_t)(POS_ALIGN - 1)) : NULL;
}

/* a new position userdata (contents: a copy of p) on the stack */
static sg_pos *new_pos(lua_State *L, const sg_pos *p)
{
    sg_pos *q = aligned(lua_newuserdatauv(L, sizeof *q + POS_ALIGN - 1, 0));
    *q = *p;
    luaL_setmetatable(L, SGL_POSITION);
    return q;
}

sg_pos *sgl_testpos(lua_State *L, int idx)
{
    return aligned(luaL_testudata(L, idx, SGL_POSITION));
}

/* a position, or the current position of a game; NULL for anything else */
static sg_pos *testpos_or_game(lua_State *L, int idx)
{
    sg_pos *p = sgl_testpos(L, idx);
    return p ? p : sgl_game_current(L, idx);
}

sg_pos *sgl_checkpos(lua_State *L, int idx)
{
    sg_pos *p = testpos_or_game(L, idx);
    if (!p) luaL_typeerror(L, idx, "position");
    return p;
}

void sgl_pushpos(lua_State *L, const sg_pos *p)
{
    new_pos(L, p);
}

sg_variant sgl_optvariant(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (t == LUA_TNONE || t == LUA_TNIL) return SG_STANDARD;
    if (t == LUA_TTABLE) {
        lua_getfield(L, idx, "variant");   /* kept on the stack while its text is read */
    } else if (t == LUA_TSTRING) {
        lua_pushvalue(L, idx);
    } else {
        return (sg_variant)luaL_typeerror(L, idx, "variant name or options table");
    }
    sg_variant v = SG_STANDARD;
    if (lua_type(L, -1) == LUA_TSTRING) {
        const char *name = lua_tostring(L, -1);
        if (!sg_variant_from_name(name, &v))
            luaL_argerror(L, idx, lua_pushfstring(L, "unknown variant '%s' (\"standard\" or \"sho\")", name));
    } else if (!lua_isnil(L, -1)) {
        luaL_argerror(L, idx, "option 'variant' must be a string (\"standard\" or \"sho\")");
    }
    lua_pop(L, 1);
    return v;
}

static const char *const SIDE_NAMES[] = {"b", "w"};

static void push_square(lua_State *L, sg_square s)
{
    char buf[3];
    sg_square_name(s, buf);
    lua_pushlstring(L, buf, 2);
}

static sg_square check_square(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    sg_square sq = sg_square_parse(s);
    if (sq == SG_SQ_NONE)
        luaL_argerror(L, idx, lua_pushfstring(L, "bad square '%s' (like \"7g\": file 1-9, rank a-i)", s));
    return sq;
}

/* an array of square names for the squares of b */
static void push_squares(lua_State *L, sg_bb b)
{
    lua_createtable(L, sg_bb_count(b), 0);
    int i = 0;
    while (b) {
        sg_square s = sg_bb_pop(&b);
        push_square(L, s);
        lua_rawseti(L, -2, ++i);
    }
}

/* ---- moves at the boundary ------------------------------------------------------ */
void sgl_pushmove(lua_State *L, sg_move m)
{
    char buf[6];
    int n = sg_move_to_usi(m, buf);
    lua_pushlstring(L, buf, (size_t)n);
}

static void push_moves(lua_State *L, const sg_move *moves, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        char buf[6];
        int len = sg_move_to_usi(moves[i], buf);
        lua_pushlstring(L, buf, (size_t)len);
        lua_rawseti(L, -2, i + 1);
    }
}

/* Reads USI text for p; the core parses and judges it. */
static bool parse_usi(const sg_pos *p, const char *s, size_t len, sg_move *m, sg_reason *reason,
                      const char **why)
{
    if (strlen(s) != len) { *why = "not a USI move (like 7g7f, 8h2b+ or P*5e)"; return false; }
    if (!sg_move_from_usi(p, s, m, why)) return false;
    *reason = sg_is_legal(p, *m);
    return true;
}

/* Registry flag set while parse_move runs, so a parse_move that calls back
 * into a move method with the same text cannot recurse forever. */
static const char PARSING_KEY = 0;

/* Text that is not USI: asks pos:parse_move (the notation layer adds it to the
 * methods table) for the move's USI.  Returns the USI string, left on the top
 * of the stack; or NULL, with parse_move's message on the top when it gave one. */
static const char *parse_other_notation(lua_State *L, int idx, const sg_pos *p)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PARSING_KEY) != LUA_TNIL) { lua_pop(L, 1); return NULL; }
    lua_pop(L, 1);
    luaL_getmetatable(L, SGL_POSITION);
    lua_getfield(L, -1, "__index");           /* the methods table, never anything else */
    int t = lua_getfield(L, -1, "parse_move");
    lua_replace(L, -3);                       /* parse_move replaces the metatable */
    lua_pop(L, 1);                            /* and the methods table goes */
    if (t != LUA_TFUNCTION) { lua_pop(L, 1); return NULL; }
    sgl_pushpos(L, p);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PARSING_KEY);
    int status = lua_pcall(L, 2, 2, 0);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PARSING_KEY);
    if (status != LUA_OK) lua_error(L);
    if (lua_type(L, -2) == LUA_TSTRING) { lua_pop(L, 1); return lua_tostring(L, -1); }
    lua_remove(L, -2);                        /* keep the message, if any */
    if (lua_type(L, -1) != LUA_TSTRING) lua_pop(L, 1);
    return NULL;
}

sg_move sgl_checkmove(lua_State *L, int idx, const sg_pos *p, sg_reason *reason)
{
    idx = lua_absindex(L, idx);
    sg_move m = SG_MOVE_NONE;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer i;
        if (!lua_isinteger(L, idx)) luaL_argerror(L, idx, "a move number must be an integer");
        i = lua_tointeger(L, idx);
        if (i <= 0 || i > (lua_Integer)0xFFFFFFFF) { *reason = SG_ILLEGAL_MALFORMED; return SG_MOVE_NONE; }
        m = (sg_move)i;
        *reason = sg_is_legal(p, m);
        return m;
    }
    if (lua_type(L, idx) != LUA_TSTRING) {
        luaL_typeerror(L, idx, "move (a USI string like \"7g7f\")");
        return SG_MOVE_NONE;
    }
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    const char *why = NULL;
    if (parse_usi(p, s, len, &m, reason, &why)) return m;
    int top = lua_gettop(L);
    const char *usi = parse_other_notation(L, idx, p);
    if (usi) {
        const char *why2 = NULL;
        if (parse_usi(p, usi, strlen(usi), &m, reason, &why2)) { lua_settop(L, top); return m; }
    } else if (lua_gettop(L) > top) {
        why = lua_tostring(L, -1); /* parse_move's message */
    }
    luaL_error(L, "bad move '%s': %s", s, why ? why : "not a move");
    return SG_MOVE_NONE;
}

/* the move's text for messages: the argument as given, or USI for a number */
static const char *move_text(lua_State *L, int idx, sg_move m, char buf[6])
{
    if (lua_type(L, idx) == LUA_TSTRING) return lua_tostring(L, idx);
    sg_move_to_usi(m, buf);
    return buf;
}

/* a legal move at idx, or raises "illegal move X: sentence" */
static sg_move check_legal_move(lua_State *L, int idx, const sg_pos *p)
{
    sg_reason r;
    sg_move m = sgl_checkmove(L, idx, p, &r);
    if (r != SG_LEGAL) {
        char buf[6];
        luaL_error(L, "illegal move %s: %s", move_text(L, idx, m, buf), sg_reason_text(r));
    }
    return m;
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
    lua_pushstring(L, SIDE_NAMES[sgl_checkpos(L, 1)->side]);
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

static sg_color check_side(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    if (s[0] == 'b' && !s[1]) return SG_BLACK;
    if (s[0] == 'w' && !s[1]) return SG_WHITE;
    return (sg_color)luaL_argerror(L, idx, lua_pushfstring(L, "bad side '%s' (\"b\" or \"w\")", s));
}

static sg_color opt_side(lua_State *L, int idx, const sg_pos *p)
{
    return lua_isnoneornil(L, idx) ? p->side : check_side(L, idx);
}

static const struct { const char *letter; sg_ptype type; } HAND_ORDER[] = {
    {"R", SG_ROOK}, {"B", SG_BISHOP}, {"G", SG_GOLD}, {"S", SG_SILVER},
    {"N", SG_KNIGHT}, {"L", SG_LANCE}, {"P", SG_PAWN}};

static int pos_hand(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_color c = opt_side(L, 2, p);
    lua_createtable(L, 0, 7);
    for (size_t i = 0; i < sizeof HAND_ORDER / sizeof HAND_ORDER[0]; i++) {
        lua_pushinteger(L, p->hand[c][HAND_ORDER[i].type]);
        lua_setfield(L, -2, HAND_ORDER[i].letter);
    }
    return 1;
}

static int pos_pieces(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_bb b = sg_pos_occupied(p);
    if (!lua_isnoneornil(L, 2)) b = p->by_color[check_side(L, 2)];
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
    sgl_checkmove(L, 2, p, &r);
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
    if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
    sg_perft_opts o = {.bulk = opt_flag(L, 3, "bulk", true), .stop = sgl_interrupt_flag()};
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
    sg_pos p;
    sg_error err;
    if (strlen(text) != len) {
        lua_pushnil(L);
        lua_pushfstring(L, "sfen:1:%d: unexpected zero byte", (int)strlen(text) + 1);
        return 2;
    }
    if (!sg_pos_from_sfen(&p, text, v, &err)) {
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
