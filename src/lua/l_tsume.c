/* placeholder: replaced by the tsume binding */
#include "binding.h"
void sgl_open_tsume(lua_State *L) { (void)L; }
