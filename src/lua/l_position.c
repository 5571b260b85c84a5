/* placeholder: replaced by the position binding */
#include "binding.h"
void sgl_open_position(lua_State *L) { (void)L; }
