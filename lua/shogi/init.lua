-- The `shogi` module: placeholder, filled by the Lua layer.
local core = require "shogi.core"
local M = {core = core}
return M
