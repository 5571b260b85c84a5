-- The simplest bot: material only, as the search counts it (board pieces and
-- pieces in hand).  komadai --usi examples/bots/material.lua
return {
  name = "komadai-material",
  author = "komadai examples",
  options = {},
  eval = function(pos)
    return pos:material()
  end,
}
