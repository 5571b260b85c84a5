/* The Lua binding of the core (module "shogi.core").  Only files in src/lua/
 * and src/app/ include lua.h.  Each binding file registers its part through one
 * sgl_open_* function called from luaopen_shogi_core (shogi_core.c) with the
 * module table on the top of the stack. */
#ifndef SGL_BINDING_H
#define SGL_BINDING_H

#include <lua.h>
#include <lauxlib.h>
#include "../core/movegen.h"

#define SGL_EXPORT __attribute__((visibility("default")))
SGL_EXPORT int luaopen_shogi_core(lua_State *L);

/* ---- interruption (Ctrl-C) ---------------------------------------------------
 * The host (the REPL) sets this flag from its SIGINT handler; long C loops
 * (perft, the solver) poll it and the binding then raises "interrupted!". */
volatile int *sgl_interrupt_flag(void);
/* raises "interrupted!" if the flag is set (and clears it) */
void sgl_check_interrupt(lua_State *L);

/* ---- positions (l_position.c) -------------------------------------------------
 * Immutable values: userdata "shogi.position" holding an sg_pos. */
#define SGL_POSITION "shogi.position"
sg_pos *sgl_checkpos(lua_State *L, int idx);
sg_pos *sgl_testpos(lua_State *L, int idx);       /* NULL if not a position */
void sgl_pushpos(lua_State *L, const sg_pos *p);  /* pushes a new copy */
/* Reads a move argument (USI string, or an integer move) for position p:
 * raises a Lua error for a malformed argument; returns the move and fills
 * *reason with its legality (SG_LEGAL or why not). */
sg_move sgl_checkmove(lua_State *L, int idx, const sg_pos *p, sg_reason *reason);
void sgl_pushmove(lua_State *L, sg_move m);       /* as a USI string */
/* Parses the "variant" option or "sho"/"standard" names: SG_STANDARD by default */
sg_variant sgl_optvariant(lua_State *L, int idx);
/* the current position of the game at idx, NULL if idx is not a game (l_game.c) */
sg_pos *sgl_game_current(lua_State *L, int idx);

/* registration, one per binding file */
void sgl_open_position(lua_State *L);
void sgl_open_game(lua_State *L);
void sgl_open_notation(lua_State *L);
void sgl_open_tsume(lua_State *L);
void sgl_open_sandbox(lua_State *L);   /* l_sandbox.c */

#endif
