/* Values at the boundary between Lua and the core, shared by every binding
 * file: position and game userdata, moves, squares, sides, variants, options. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "binding.h"
#include "../core/notation.h"

/* ---- userdata ------------------------------------------------------------------
 * sg_pos holds 128-bit bitboards, which want 16-byte alignment; Lua promises
 * only 8 for a userdata's block, so the struct sits at the first 16-byte
 * boundary inside a block SGL_ALIGN - 1 bytes larger. */
void *sgl_aligned(void *raw)
{
    return raw ? (void *)(((uintptr_t)raw + (SGL_ALIGN - 1)) & ~(uintptr_t)(SGL_ALIGN - 1)) : NULL;
}

sg_pos *sgl_newpos(lua_State *L, const sg_pos *p)
{
    sg_pos *q = sgl_aligned(lua_newuserdatauv(L, sizeof *q + SGL_ALIGN - 1, 0));
    *q = *p;
    luaL_setmetatable(L, SGL_POSITION);
    return q;
}

void sgl_pushpos(lua_State *L, const sg_pos *p) { sgl_newpos(L, p); }

sg_pos *sgl_testpos(lua_State *L, int idx) { return sgl_aligned(luaL_testudata(L, idx, SGL_POSITION)); }

sgl_game *sgl_testgame(lua_State *L, int idx)
{
    sgl_game *u = sgl_aligned(luaL_testudata(L, idx, SGL_GAME));
    return u && u->live ? u : NULL;
}

sgl_game *sgl_checkgame(lua_State *L, int idx)
{
    sgl_game *u = sgl_aligned(luaL_checkudata(L, idx, SGL_GAME));
    if (!u->live) luaL_error(L, "the game has been closed");
    return u;
}

sg_pos *sgl_testpos_or_game(lua_State *L, int idx)
{
    sg_pos *p = sgl_testpos(L, idx);
    if (p) return p;
    sgl_game *u = sgl_testgame(L, idx);
    return u ? &u->g.pos : NULL;
}

sg_pos *sgl_checkpos(lua_State *L, int idx)
{
    sg_pos *p = sgl_testpos_or_game(L, idx);
    if (!p) luaL_typeerror(L, idx, "position");
    return p;
}

/* ---- moves ------------------------------------------------------------------------ */
void sgl_pushmove(lua_State *L, sg_move m)
{
    char buf[6];
    int n = sg_move_to_usi(m, buf);
    lua_pushlstring(L, buf, (size_t)n);
}

void sgl_pushmoves(lua_State *L, const sg_move *moves, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        sgl_pushmove(L, moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

sg_move sgl_checkmove(lua_State *L, int idx, const sg_pos *p, sg_square prev_to, sg_reason *reason)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TNUMBER) {
        if (!lua_isinteger(L, idx)) luaL_argerror(L, idx, "a move number must be an integer");
        /* a move word as src/core/types.h lays it out (docs/API.md); one that is
         * no move at all is "malformed", and messages name it by its number */
        lua_Integer i = lua_tointeger(L, idx);
        if (i <= 0 || i > (lua_Integer)0xFFFFFFFF) { *reason = SG_ILLEGAL_MALFORMED; return SG_MOVE_NONE; }
        *reason = sg_is_legal(p, (sg_move)i);
        return (sg_move)i;
    }
    if (lua_type(L, idx) != LUA_TSTRING) {
        luaL_typeerror(L, idx, "move (a USI string like \"7g7f\")");
        return SG_MOVE_NONE;
    }
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    sg_move m;
    const char *why = "not a move";
    /* USI text is judged here, so an illegal USI move gets its reason code */
    if (strlen(s) == len && sg_move_from_usi(p, s, &m, &why)) {
        *reason = sg_is_legal(p, m);
        return m;
    }
    /* any other notation: the core's parser finds the one legal move or says why not */
    sg_error err;
    if (strlen(s) == len && sg_move_parse_any(p, s, prev_to, &m, NULL, &err)) {
        *reason = SG_LEGAL;
        return m;
    }
    if (strlen(s) != len) luaL_error(L, "bad move: unexpected zero byte");
    /* the core's message names the text already: say it once */
    char quoted[SG_MOVE_TEXT_MAX + 8];
    snprintf(quoted, sizeof quoted, "'%s': ", s);
    const char *msg = err.msg;
    if (strncmp(msg, quoted, strlen(quoted)) == 0) msg += strlen(quoted);
    snprintf(quoted, sizeof quoted, "'%s'", s);
    if (strstr(msg, quoted)) luaL_error(L, "%s", msg);
    luaL_error(L, "bad move '%s': %s", s, msg);
    return SG_MOVE_NONE;
}

const char *sgl_move_arg_text(lua_State *L, int idx, sg_move m, sg_reason r, char buf[24])
{
    if (lua_type(L, idx) == LUA_TSTRING) return lua_tostring(L, idx);
    if (r == SG_ILLEGAL_MALFORMED) snprintf(buf, 24, "number %lld", (long long)lua_tointeger(L, idx));
    else sg_move_to_usi(m, buf);
    return buf;
}

const char *sgl_reason_sentence(const sg_pos *p, sg_reason r, char buf[160])
{
    /* a move of the side not to move: say whose turn it is (handicap games start with gote) */
    if (r == SG_ILLEGAL_NOT_YOUR_PIECE) {
        snprintf(buf, 160, "%s: it is %s turn to move", sg_reason_text(r),
                 p->side == SG_BLACK ? "Black's (sente's)" : "White's (gote's)");
        return buf;
    }
    return sg_reason_text(r);
}

sg_move sgl_checklegal(lua_State *L, int idx, const sg_pos *p, sg_square prev_to)
{
    sg_reason r;
    sg_move m = sgl_checkmove(L, idx, p, prev_to, &r);
    if (r != SG_LEGAL) {
        char buf[24], why[160];
        luaL_error(L, "illegal move %s: %s", sgl_move_arg_text(L, idx, m, r, buf), sgl_reason_sentence(p, r, why));
    }
    return m;
}

/* ---- squares and sides -------------------------------------------------------------- */
void sgl_pushsquare(lua_State *L, sg_square s)
{
    char buf[3];
    sg_square_name(s, buf);
    lua_pushlstring(L, buf, 2);
}

void sgl_pushsquares(lua_State *L, sg_bb b)
{
    lua_createtable(L, sg_bb_count(b), 0);
    int i = 0;
    while (b) {
        sgl_pushsquare(L, sg_bb_pop(&b));
        lua_rawseti(L, -2, ++i);
    }
}

sg_square sgl_checksquare(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    sg_square sq = sg_square_parse(s);
    if (sq == SG_SQ_NONE)
        luaL_argerror(L, idx, lua_pushfstring(L, "bad square '%s' (like \"7g\": file 1-9, rank a-i)", s));
    return sq;
}

void sgl_pushside(lua_State *L, int c)
{
    if (c == SG_BLACK) lua_pushliteral(L, "b");
    else if (c == SG_WHITE) lua_pushliteral(L, "w");
    else lua_pushnil(L);
}

sg_color sgl_checkside(lua_State *L, int idx)
{
    const char *s = luaL_checkstring(L, idx);
    if (s[0] == 'b' && !s[1]) return SG_BLACK;
    if (s[0] == 'w' && !s[1]) return SG_WHITE;
    return (sg_color)luaL_argerror(L, idx, lua_pushfstring(L, "bad side '%s' (\"b\" or \"w\")", s));
}

/* ---- variants and options ------------------------------------------------------------- */
lua_Number sgl_opt_number(lua_State *L, int idx, const char *field, lua_Number def, lua_Number min)
{
    if (!idx) return def;
    lua_getfield(L, idx, field);
    lua_Number v = def;
    if (!lua_isnil(L, -1)) {
        int ok;
        v = lua_tonumberx(L, -1, &ok);
        if (!ok || v < min || v != v)
            luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a number >= %d", field, (int)min));
    }
    lua_pop(L, 1);
    return v;
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

void sgl_check_options(lua_State *L, int idx, const char *const *known, const char *what)
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (int i = 0; known[i] && !ok; i++) ok = strcmp(known[i], lua_tostring(L, -1)) == 0;
        if (!ok) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int i = 0; known[i]; i++) {
                if (i) luaL_addstring(&b, ", ");
                luaL_addstring(&b, known[i]);
            }
            luaL_pushresult(&b);
            const char *list = lua_tostring(L, -1);
            const char *key = luaL_tolstring(L, -2, NULL);
            luaL_error(L, "unknown %s option '%s' (known: %s)", what, key, list);
        }
    }
}

void sgl_copy_table_top(lua_State *L)
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
