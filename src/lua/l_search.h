/* The game-tree search for Lua (l_search.c): core.search, core.evaluate and
 * core.c_eval.  The bot wiring it shares with the USI engine is l_bot.h. */
#ifndef SGL_SEARCH_H
#define SGL_SEARCH_H

#include "l_bot.h"

#endif
