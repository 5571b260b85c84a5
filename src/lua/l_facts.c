/* Facts for Lua, read from the core's tables: core.pieces(variant) (piece
 * names, letters, promotion, hand order, set counts, dead ranks) and the record
 * endings (core.endings, core.ending_words, core.parse_ending,
 * core.parse_verdict_comment).  No name is written here. */
#include <string.h>
#include "binding.h"
#include "../core/endings.h"
#include "../core/pieces.h"

static void set_string(lua_State *L, const char *key, const char *value)
{
    if (!value) return;
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

static void push_piece(lua_State *L, const sg_piece_info *pi, sg_variant v)
{
    lua_createtable(L, 0, 15);
    set_string(L, "usi", pi->usi);
    set_string(L, "csa", pi->csa);
    set_string(L, "kanji", pi->kanji);
    set_string(L, "kanji1", pi->kanji1);
    set_string(L, "western", pi->western);
    set_string(L, "english", pi->english);
    if (pi->promoted) set_string(L, "promotes_to", sg_piece_info_of(pi->promoted)->usi);
    set_string(L, "unpromoted", sg_piece_info_of(pi->unpromoted)->usi);
    lua_pushboolean(L, pi->unpromoted != pi->type);
    lua_setfield(L, -2, "promoted");
    if (pi->unpromoted == pi->type) {
        lua_pushinteger(L, sg_variant_set(v, pi->type));
        lua_setfield(L, -2, "set");
    }
    lua_pushinteger(L, pi->dead_ranks);
    lua_setfield(L, -2, "dead_ranks");
    lua_pushinteger(L, pi->points);
    lua_setfield(L, -2, "points");
    lua_pushboolean(L, pi->type == SG_KING || (pi->type == SG_PRINCE && sg_variant_get(v)->two_royals));
    lua_setfield(L, -2, "royal");
    lua_pushboolean(L, sg_variant_get(v)->drops && pi->type < SG_HAND_NB && pi->type != SG_ELEPHANT);
    lua_setfield(L, -2, "droppable");
    /* the other spellings readers accept */
    lua_newtable(L);
    int k = 0;
    for (const char *a = pi->aliases; *a;) {
        size_t n = strcspn(a, " ");
        lua_pushlstring(L, a, n);
        lua_rawseti(L, -2, ++k);
        a += n + (a[n] == ' ');
    }
    lua_setfield(L, -2, "aliases");
    /* how it moves, from the attack tables: {{dx =, dy =, kind = "step"|"range"|"jump"}, ...} */
    static const char *const KIND[] = {"step", "range", "jump"};
    sg_move_pattern pat[SG_PATTERN_MAX];
    int n = sg_piece_pattern(pi->type, pat);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, pat[i].dx);
        lua_setfield(L, -2, "dx");
        lua_pushinteger(L, pat[i].dy);
        lua_setfield(L, -2, "dy");
        lua_pushstring(L, KIND[pat[i].kind]);
        lua_setfield(L, -2, "kind");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "moves");
}

/* core.pieces([variant]) -> {variant =, hand_order = {...}, list = {row...}, [usi] = row,
 * by_csa = {FU = row}, by_name = {["歩"] = row, every accepted spelling}} */
static int core_pieces(lua_State *L)
{
    sg_variant v = sgl_optvariant(L, 1);
    lua_createtable(L, 0, 24);
    int t = lua_gettop(L);
    lua_pushstring(L, sg_variant_get(v)->name);
    lua_setfield(L, t, "variant");
    lua_newtable(L);
    const sg_ptype *order = sg_hand_order();
    for (int i = 0; i < SG_HAND_ORDER_NB && sg_variant_get(v)->drops; i++) {
        lua_pushstring(L, sg_piece_info_of(order[i])->usi);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, t, "hand_order");
    lua_newtable(L);
    int list = lua_gettop(L);
    lua_newtable(L);
    int by_csa = lua_gettop(L);
    lua_newtable(L);
    int by_name = lua_gettop(L);
    int k = 0;
    for (sg_ptype pt = 1; pt < SG_PT_NB; pt++) {
        const sg_piece_info *pi = sg_piece_info_of(pt);
        if (!pi || !sg_variant_has(v, pt)) continue;
        push_piece(L, pi, v);
        int row = lua_gettop(L);
        lua_pushvalue(L, row);
        lua_rawseti(L, list, ++k);
        lua_pushvalue(L, row);
        lua_setfield(L, t, pi->usi);
        lua_pushvalue(L, row);
        lua_setfield(L, by_csa, pi->csa);
        const char *names[] = {pi->kanji, pi->kanji1, pi->western};
        for (int i = 0; i < 3; i++) {
            lua_pushvalue(L, row);
            lua_setfield(L, by_name, names[i]);
        }
        lua_getfield(L, row, "aliases");
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
            lua_pushvalue(L, row);
            lua_setfield(L, by_name, lua_tostring(L, -2));
            lua_pop(L, 1);
        }
        lua_pop(L, 3);
    }
    lua_setfield(L, t, "by_name");
    lua_setfield(L, t, "by_csa");
    lua_setfield(L, t, "list");
    return 1;
}

/* ---- endings ------------------------------------------------------------------------- */
static sg_record_format check_format(lua_State *L, int idx)
{
    const char *name = luaL_checkstring(L, idx);
    sg_record_format f;
    if (!sg_record_format_from_name(name, &f))
        luaL_argerror(L, idx, lua_pushfstring(L, "unknown record format '%s' (csa, kif, ki2 or jkf)", name));
    return f;
}

/* core.ending_words(game, format) -> {word =, comment = or nil, note = or nil} | nil while the game goes on */
static int core_ending_words(lua_State *L)
{
    sgl_game *u = sgl_checkgame(L, 1);
    sg_record_format f = check_format(L, 2);
    sg_verdict v;
    if (!sg_game_result(&u->g, &v)) { lua_pushnil(L); return 1; }
    sg_ending_words w;
    sg_ending_words_for(&v, u->g.pos.side, f, &w);
    lua_createtable(L, 0, 3);
    set_string(L, "word", w.word);
    if (w.comment[0]) set_string(L, "comment", w.comment);
    set_string(L, "note", w.note);
    return 1;
}

/* core.parse_ending(format, word, side_to_move) -> {result =, reason =, loser =, winner =} | nil */
static int core_parse_ending(lua_State *L)
{
    sg_record_format f = check_format(L, 1);
    const char *word = luaL_checkstring(L, 2);
    sg_color stm = sgl_checkside(L, 3);
    sg_ending_meaning m;
    if (!sg_ending_parse(word, f, stm, &m)) { lua_pushnil(L); return 1; }
    lua_createtable(L, 0, 4);
    lua_pushboolean(L, m.result);
    lua_setfield(L, -2, "result");
    if (m.result) {
        set_string(L, "reason", sg_end_id(m.reason));
        sgl_pushside(L, m.loser);
        lua_setfield(L, -2, "loser");
        sgl_pushside(L, m.loser >= 0 ? (int)sg_opp((sg_color)m.loser) : -1);
        lua_setfield(L, -2, "winner");
    }
    return 1;
}

/* core.parse_verdict_comment(text) -> id, winner ("b", "w" or nil for a draw) | nil */
static int core_parse_verdict_comment(lua_State *L)
{
    char id[32];
    int winner;
    if (!sg_ending_parse_comment(luaL_checkstring(L, 1), id, &winner)) { lua_pushnil(L); return 1; }
    lua_pushstring(L, id);
    sgl_pushside(L, winner);
    return 2;
}

/* core.endings -> {{csa =, kif =, jkf =, reason =, loser = "side-to-move"|"other"|"b"|"w"|"draw"|"none"}, ...} */
static void push_endings(lua_State *L)
{
    lua_newtable(L);
    sg_ending_row r;
    for (int i = 0; sg_ending_row_at(i, &r); i++) {
        lua_createtable(L, 0, 5);
        set_string(L, "csa", r.csa);
        set_string(L, "kif", r.kif);
        set_string(L, "jkf", r.jkf);
        set_string(L, "reason", r.reason == SG_END_NONE ? "none" : sg_end_id(r.reason));
        set_string(L, "loser", r.loser == 's' ? "side-to-move" : r.loser == 'o' ? "other" : r.loser == 'b' ? "b"
                               : r.loser == 'w' ? "w" : r.loser == 'd' ? "draw" : "none");
        lua_rawseti(L, -2, i + 1);
    }
}

static const luaL_Reg FUNCTIONS[] = {
    {"pieces", core_pieces},
    {"ending_words", core_ending_words},
    {"parse_ending", core_parse_ending},
    {"parse_verdict_comment", core_parse_verdict_comment},
    {NULL, NULL}};

void sgl_open_facts(lua_State *L)
{
    luaL_setfuncs(L, FUNCTIONS, 0);
    push_endings(L);
    lua_setfield(L, -2, "endings");
}
