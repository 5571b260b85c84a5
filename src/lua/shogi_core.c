/* luaopen_shogi_core: the module table of "shogi.core", assembled from the
 * binding files (positions, games, notation, tsume). */
#include <signal.h>
#include "binding.h"

/* The one piece of mutable state shared with a signal handler: it has to be a
 * static object, as in lua.c.  Only the host's SIGINT handler writes it. */
static volatile int interrupt_flag;

volatile int *sgl_interrupt_flag(void) { return &interrupt_flag; }

void sgl_check_interrupt(lua_State *L)
{
    if (interrupt_flag) {
        interrupt_flag = 0;
        luaL_error(L, "interrupted!");
    }
}

SGL_EXPORT int luaopen_shogi_core(lua_State *L)
{
    sg_init();
    lua_newtable(L);
    sgl_open_position(L);
    sgl_open_game(L);
    sgl_open_notation(L);
    sgl_open_tsume(L);
    sgl_open_sandbox(L);
    lua_pushstring(L, "0.1.0");
    lua_setfield(L, -2, "version");
    return 1;
}
