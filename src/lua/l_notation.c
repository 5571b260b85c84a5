/* placeholder: replaced by the notation binding */
#include "binding.h"
void sgl_open_notation(lua_State *L) { (void)L; }
