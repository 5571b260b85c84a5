-- Games: shogi.game(start, options) makes a "shogi.game" userdata (src/lua/l_game.c).
--   local g = shogi.game("2-piece", {rules = "computer", max_moves = 256})
--   g:play("5c5d"); print(g:result())
-- start is anything shogi.position accepts (SFEN, "startpos", "sho", a
-- handicap name, a position or a game); options are the rule options of
-- shogi.rules plus rules = "jsa" | "computer" | a rule set, variant, and
-- strict = false for a start that breaks the diagram rules (pos:problems()).
local core = require "shogi.core"
local rules = require "shogi.rules"

local error, pairs, require, type = error, pairs, require, type
local _ENV = nil -- luacheck: ignore 211

local M = {}

--- game.new([start [, options]]) -> game | nil, msg (msg when start is bad text)
function M.new(start, options)
  if options ~= nil and type(options) ~= "table" then
    error("bad argument #2 to 'game' (options table expected, got " .. type(options) .. ")", 2)
  end
  local opts = {}
  for k, v in pairs(options or {}) do opts[k] = v end
  if start == nil then start = opts.variant == "sho" and "sho" or "startpos" end
  local popts = nil
  if opts.variant or opts.strict == false then popts = {variant = opts.variant, strict = opts.strict} end
  local pos, err = require("shogi").position(start, popts)
  if not pos then return nil, err end
  if rules.is(opts.rules) then
    local spec = rules.options(opts.rules)
    -- options given beside the rule set win over it
    for k, v in pairs(opts) do
      if k ~= "rules" and k ~= "variant" and k ~= "strict" then spec[k] = v end
    end
    opts = {rules = spec}
  end
  return core.game(pos, opts)
end

--- the methods table of every game: a place for Lua modules to add methods
-- (what a game lacks, its position's methods give: core.game_methods chains
-- to them through __index)
M.methods = core.game_methods

--- g:write(format [, opts]) -> text | nil, msg  (shogi.record.write)
function M.methods.write(g, format, opts)
  local write = require("shogi.record").write
  if type(write) ~= "function" then error("shogi.record has no write function", 2) end
  return write(g, format, opts)
end

-- g:diagram(opts) -> SVG text (shogi.diagram; the game's last move is shaded)
M.methods.diagram = function(g, ...) return require("shogi.diagram").diagram(g, ...) end

-- g:analyse(opts) -> report (shogi.analyse.run: every move scored, the worst listed)
M.methods.analyse = function(g, opts) return require("shogi.analyse").run(g, opts) end

return M
