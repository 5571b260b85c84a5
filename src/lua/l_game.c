/* placeholder: replaced by the game binding */
#include "binding.h"
void sgl_open_game(lua_State *L) { (void)L; }
