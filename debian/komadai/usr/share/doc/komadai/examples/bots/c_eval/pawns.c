/* A C evaluation for komadai, as a Lua C module: for bots that outgrow Lua.
 * The module returns a handle (a userdata with the "shogi.c_eval" metatable
 * holding a function pointer); shogi.search calls the function directly.
 *   cc -O2 -shared -fPIC $(pkg-config --cflags lua5.4) -o pawns.so examples/bots/c_eval/pawns.c
 *   komadai -e 'package.cpath = "./?.so;" .. package.cpath
 *               print(shogi.search(shogi.position "startpos", {eval = require "pawns"}).move)'
 *   komadai --usi ./pawns.so      (a USI engine named "pawns", for a GUI)
 * The position's layout is src/core/position.h; only its fields and inline
 * helpers are usable (core.so exports no other symbol). */
#include <lauxlib.h>
#include "../../../src/lua/l_bot.h"

/* material in pawns, plus a little for pawns that have advanced */
static int eval(void *ud, const sg_pos *p)
{
    (void)ud;
    static const int value[SG_PT_NB] = {0, 1, 3, 4, 5, 8, 10, 4, 6, 6, 6, 6, 6, 10, 12, 6, 0};
    int s = 0;
    for (int t = SG_PAWN; t < SG_KING; t++)
        s += value[t] * (sg_bb_count(p->by_type[t] & p->by_color[SG_BLACK])
                         - sg_bb_count(p->by_type[t] & p->by_color[SG_WHITE]));
    for (int t = SG_PAWN; t < SG_HAND_NB; t++) s += value[t] * (p->hand[SG_BLACK][t] - p->hand[SG_WHITE][t]);
    s *= 100;
    sg_bb pawns = p->by_type[SG_PAWN];
    while (pawns) {
        sg_square sq = sg_bb_pop(&pawns);
        sg_color c = sg_piece_color(p->board[sq]);
        int advance = 6 - sg_rel_rank(c, sq);
        if (advance > 0) s += c == SG_BLACK ? 4 * advance : -4 * advance;
    }
    return p->side == SG_BLACK ? s : -s;
}

SGL_EXPORT int luaopen_pawns(lua_State *L);
SGL_EXPORT int luaopen_pawns(lua_State *L)
{
    sgl_c_eval *ce = lua_newuserdatauv(L, sizeof *ce, 0);
    ce->fn = eval;
    ce->ud = NULL;
    luaL_newmetatable(L, SGL_C_EVAL);
    lua_setmetatable(L, -2);
    return 1;
}
