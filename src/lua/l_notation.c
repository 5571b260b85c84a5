/* Notation for Lua: pos:move_name and pos:parse_move (added to the position
 * methods, so games get them too), and the module functions core.notations,
 * core.piece_name, core.parse_piece, core.square_name and core.iconv (text
 * encodings for the record readers: CP932, EUC-JP, UTF-8, through glibc). */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "binding.h"
#include "../core/notation.h"
#include "../core/pieces.h"

/* notation names for luaL_checkoption; "ki2" is the Japanese (KI2) style */
static const char *const NOTATION_OPTIONS[] = {"usi", "csa", "western", "japanese", "kif", "ki2", NULL};
static const sg_notation NOTATION_OF[] = {SG_NOTATION_USI, SG_NOTATION_CSA, SG_NOTATION_WESTERN,
                                          SG_NOTATION_JAPANESE, SG_NOTATION_KIF, SG_NOTATION_JAPANESE};

/* the previous move's destination: a USI move ("7g7f", "P*5e", "8h2b+") or a
 * square ("7f"); none for nil */
static sg_square opt_prev(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx)) return SG_SQ_NONE;
    size_t len;
    const char *s = luaL_checklstring(L, idx, &len);
    char sq[3] = {0, 0, 0};
    if (len == 2) memcpy(sq, s, 2);
    else if (len == 4 || (len == 5 && s[4] == '+')) memcpy(sq, s + 2, 2);
    sg_square to = sg_square_parse(sq);
    if (to == SG_SQ_NONE || strlen(s) != len)
        luaL_argerror(L, idx, lua_pushfstring(L, "bad previous move '%s' (a USI move like \"7g7f\" or a square)", s));
    return to;
}

/* pos:move_name(m [, notation [, prev_move]]) -> text; raises for an illegal move */
static int pos_move_name(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    sg_notation n = NOTATION_OF[luaL_checkoption(L, 3, "usi", NOTATION_OPTIONS)];
    sg_square prev = opt_prev(L, 4);
    sg_reason r;
    sg_move m = sgl_checkmove(L, 2, p, prev, &r);
    if (r != SG_LEGAL) {
        char u[24];
        return luaL_error(L, "illegal move %s: %s", sgl_move_arg_text(L, 2, m, r, u), sg_reason_text(r));
    }
    char buf[SG_MOVE_TEXT_MAX];
    int len = sg_move_format(p, m, n, prev, 0, buf, sizeof buf);
    if (len < 0) return luaL_error(L, "cannot name the move"); /* not reached: the move is legal */
    lua_pushlstring(L, buf, (size_t)len);
    return 1;
}

/* pos:parse_move(text [, notation [, prev_move]]) -> usi, notation | nil, message, column [, named]
 * (named: the illegal move the text names exactly, in USI, when it names one) */
static int pos_parse_move(lua_State *L)
{
    const sg_pos *p = sgl_checkpos(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    bool any = lua_isnoneornil(L, 3);
    sg_notation n = any ? SG_NOTATION_USI : NOTATION_OF[luaL_checkoption(L, 3, NULL, NOTATION_OPTIONS)];
    sg_square prev = opt_prev(L, 4);
    sg_move m = SG_MOVE_NONE;
    sg_error err;
    bool ok;
    if (strlen(text) != len) {
        ok = false;
        err.col = 1;
        snprintf(err.msg, sizeof err.msg, "unexpected zero byte in a move");
    } else if (any) {
        ok = sg_move_parse_any(p, text, prev, &m, &n, &err);
    } else {
        ok = sg_move_parse(p, text, n, prev, &m, &err);
    }
    if (!ok) {
        lua_pushnil(L);
        lua_pushstring(L, err.msg);
        lua_pushinteger(L, err.col);
        if (m == SG_MOVE_NONE || strlen(text) != len) return 3;
        sgl_pushmove(L, m);
        return 4;
    }
    sgl_pushmove(L, m);
    lua_pushstring(L, sg_notation_name(n));
    return 2;
}

/* core.usi_parts(text) -> from (nil for a drop), to, promote, dropped letter (nil
 * for a board move) | nil: the parts of text shaped as a USI move, legal or not */
static int core_usi_parts(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    sg_square from, to;
    bool promote;
    sg_ptype drop;
    if (strlen(s) != len || !sg_usi_split(s, &from, &to, &promote, &drop)) {
        lua_pushnil(L);
        return 1;
    }
    if (from == SG_SQ_NONE) lua_pushnil(L);
    else sgl_pushsquare(L, from);
    sgl_pushsquare(L, to);
    lua_pushboolean(L, promote);
    if (drop) lua_pushstring(L, sg_piece_info_of(drop)->usi);
    else lua_pushnil(L);
    return 4;
}

/* ---- piece and square names ---------------------------------------------------- */
static const char *const STYLE_OPTIONS[] = {"japanese", "kanji1", "csa", "western", NULL};

/* core.piece_name(letters [, style]) -> name; letters as USI ("P", "+s": case ignored) */
static int core_piece_name(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    sg_name_style style = (sg_name_style)luaL_checkoption(L, 2, "japanese", STYLE_OPTIONS);
    sg_ptype t = sg_ptype_from_usi(s, (int)len, SG_SHO, NULL);
    if (t == SG_NO_PT) t = sg_ptype_from_usi(s, (int)len, SG_STANDARD, NULL);
    if (!t) return luaL_argerror(L, 1, lua_pushfstring(L, "bad piece '%s' (USI letters like \"P\" or \"+R\")", s));
    lua_pushstring(L, sg_ptype_name(t, style));
    return 1;
}

/* core.parse_piece(name) -> USI letters ("P", "+S") | nil, message */
static int core_parse_piece(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    int n;
    sg_ptype t = sg_ptype_parse(s, &n);
    if (!t || (size_t)n != len) {
        lua_pushnil(L);
        lua_pushfstring(L, "unknown piece name '%s'", s);
        return 2;
    }
    lua_pushstring(L, sg_ptype_name(t, SG_NAME_WESTERN));
    return 1;
}

/* core.square_name(square [, style]) -> "７六" (japanese) or "76" (csa) or "7f" (usi) */
static int core_square_name(lua_State *L)
{
    static const char *const STYLES[] = {"japanese", "csa", "usi", NULL};
    const char *s = luaL_checkstring(L, 1);
    int style = luaL_checkoption(L, 2, "japanese", STYLES);
    sg_square sq = sg_square_parse(s);
    if (sq == SG_SQ_NONE)
        return luaL_argerror(L, 1, lua_pushfstring(L, "bad square '%s' (like \"7g\": file 1-9, rank a-i)", s));
    char buf[8];
    if (style == 0) sg_square_japanese(sq, buf);
    else if (style == 1) {
        buf[0] = (char)('0' + sg_sq_file(sq));
        buf[1] = (char)('1' + sg_sq_rank(sq));
        buf[2] = 0;
    }
    else sg_square_name(sq, buf);
    lua_pushstring(L, buf);
    return 1;
}

/* ---- iconv ----------------------------------------------------------------------
 * core.iconv(text, from, to) -> text | nil, message.  The output buffer is a
 * userdata (collected if anything raises); the iconv handle is opened and
 * closed with no Lua call in between, so nothing leaks. */
static int core_iconv(lua_State *L)
{
    size_t inlen;
    const char *in = luaL_checklstring(L, 1, &inlen);
    const char *from = luaL_checkstring(L, 2), *to = luaL_checkstring(L, 3);
    size_t cap = inlen * 4 + 16;
    for (;;) {
        char *buf = lua_newuserdatauv(L, cap, 0);
        iconv_t cd = iconv_open(to, from);
        if (cd == (iconv_t)-1) {
            lua_pushnil(L);
            lua_pushfstring(L, "iconv: cannot convert from %s to %s", from, to);
            return 2;
        }
        char *ip = (char *)(uintptr_t)in, *op = buf;
        size_t il = inlen, ol = cap;
        size_t rc = iconv(cd, &ip, &il, &op, &ol);
        int e = errno;
        if (rc != (size_t)-1) {
            rc = iconv(cd, NULL, NULL, &op, &ol); /* the closing shift of a stateful encoding */
            e = errno;
        }
        iconv_close(cd);
        if (rc == (size_t)-1 && e == E2BIG) {
            lua_pop(L, 1);
            cap *= 2;
            continue;
        }
        if (rc == (size_t)-1) {
            size_t at = inlen - il + 1;
            lua_pushnil(L);
            if (e == EINVAL) lua_pushfstring(L, "iconv: incomplete %s sequence at byte %d", from, (int)at);
            else lua_pushfstring(L, "iconv: byte %d is not valid %s or has no %s form", (int)at, from, to);
            return 2;
        }
        lua_pushlstring(L, buf, cap - ol);
        return 1;
    }
}

/* ---- registration ------------------------------------------------------------------ */
static const luaL_Reg POSITION_METHODS[] = {
    {"move_name", pos_move_name},
    {"parse_move", pos_parse_move},
    {NULL, NULL}};

static const luaL_Reg FUNCTIONS[] = {
    {"usi_parts", core_usi_parts},
    {"iconv", core_iconv},
    {"piece_name", core_piece_name},
    {"parse_piece", core_parse_piece},
    {"square_name", core_square_name},
    {NULL, NULL}};

void sgl_open_notation(lua_State *L)
{
    luaL_getmetatable(L, SGL_POSITION);
    if (lua_getfield(L, -1, "__index") != LUA_TTABLE) luaL_error(L, "shogi.core: the position methods are missing");
    luaL_setfuncs(L, POSITION_METHODS, 0);
    lua_pop(L, 2);
    luaL_setfuncs(L, FUNCTIONS, 0);
    lua_createtable(L, SG_NOTATION_NB, 0);
    for (int i = 0; i < SG_NOTATION_NB; i++) {
        lua_pushstring(L, sg_notation_name((sg_notation)i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "notations");
}
