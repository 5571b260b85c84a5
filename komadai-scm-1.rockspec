-- LuaRocks build of the komadai Lua module: the C part shogi.core (src/core,
-- src/search, src/lua) through the project's Makefile, and the Lua part
-- lua/shogi/.  Use:  luarocks --lua-version=5.4 make komadai-scm-1.rockspec
-- (installs the module only; `make install` also installs the komadai program).
rockspec_format = "3.0"
package = "komadai"
version = "scm-1"
source = {
   url = "git+https://github.com/komadai/komadai.git",
}
description = {
   summary = "Shogi rules in C for Lua 5.4: positions, games, records, tsume",
   detailed = [[
A C11 shogi rules core (standard shogi and Sho shogi) exposed to Lua 5.4 as
the module "shogi": positions as immutable values, games with adjudication,
KIF/KI2/CSA/USI records and a tsume solver.]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
build = {
   type = "command",
   -- build/.deps marks the Debian package check of the Makefile as done: here
   -- LuaRocks provides the compiler and the Lua headers.  ARCH= keeps the
   -- object code portable (no -march=native); WARN drops -Werror, so a newer
   -- compiler's new warnings do not stop a user's install.
   build_command = [[mkdir -p build && touch build/.deps && ]]
      .. [[$(MAKE) build/lib/shogi/core.so ARCH= WARN="-std=c11 -Wall" CC="$(CC)" LUA_CFLAGS="-I$(LUA_INCDIR)"]],
   install_command = [[mkdir -p "$(LIBDIR)/shogi" "$(LUADIR)" && ]]
      .. [[cp build/lib/shogi/core.so "$(LIBDIR)/shogi/core.so" && ]]
      .. [[cp -R lua/shogi "$(LUADIR)/"]],
}
