/* core.quote(text [, max]): outside text made safe to show in a message
 * (sg_quote: control characters and bytes that are not UTF-8 as \xHH, cut
 * with "..." past max bytes, default 60).  Lua code that builds a message
 * quoting outside input calls this, so the C and Lua messages agree. */
#include <stdlib.h>
#include <lauxlib.h>
#include "binding.h"
#include "../core/quote.h"

static int l_quote(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_Integer max = luaL_optinteger(L, 2, 60);
    luaL_argcheck(L, max >= 3 && max <= 4096, 2, "max must be from 3 to 4096");
    char buf[4097];
    lua_pushstring(L, sg_quote(s, n, buf, (size_t)max + 1));
    return 1;
}

void sgl_open_quote(lua_State *L)
{
    lua_pushcfunction(L, l_quote);
    lua_setfield(L, -2, "quote");
}
