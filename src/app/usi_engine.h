/* komadai --usi [BOT.lua]: the USI engine over stdin/stdout (usi_engine.c).
 * The protocol's text and state are src/proto/usi.h; this file owns the
 * input (read while a search runs, through the search's poll callback), the
 * output and the bot's Lua state. */
#ifndef SG_USI_ENGINE_H
#define SG_USI_ENGINE_H

#include <lua.h>

/* Runs until "quit" or the end of input; bot_path may be NULL (the built-in
 * evaluation).  L has the shogi modules loaded.  Returns the exit status. */
int sg_usi_engine_run(lua_State *L, const char *bot_path);

#endif
