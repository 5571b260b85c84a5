-- Moves typed as a line, played on `game`: in any notation the core reads,
-- several on a line in turn (all of them or none).
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"
local display = require "shogi.repl.display"

local G = _G
local format, concat, upper_case = string.format, table.concat, string.upper
local type, tostring, ipairs, pcall = type, tostring, ipairs, pcall
local rawget, load = rawget, load
local core = require "shogi.core"
local quote = core.quote
local field, IDENT = value.field, value.IDENT
local message, the_game = state.message, state.game
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- is m a USI move of pos (legal or not)?  The core decides: is_legal answers
-- for USI text and raises for text of another shape.
local function matches_usi(pos, m)
  local f = field(pos, "is_legal")
  return type(f) == "function" and (pcall(f, pos, m))
end

local MOVE_LIKE = {
  "^[1-9][a-i][1-9][a-i]", "^%u%*%d", -- USI
  "^[%+%-]?%d%d%d%d%u%u$", -- CSA
  "^%+?%u%d?%w?[%-x%*']%d", -- Western
  "^\226\150[\178\179]", "^\226\152[\151\150]", -- ▲ △ ☗ ☖
  "^\239\188[\145-\153]", "^同", -- a full-width digit, 同
}

local function matches_any(s, patterns)
  for _, p in ipairs(patterns) do
    if s:find(p) then return true end
  end
  return false
end

-- the words of a line of moves; "同 銀" is one move (the core reads 同 with or without a space)
local function move_words(s)
  local words = {}
  for w in s:gmatch("%S+") do
    local last = words[#words]
    if last and (last == "同" or last:find("^\226[\150\152][\178\179\150\151]同$")) then
      words[#words] = last .. " " .. w
    else
      words[#words + 1] = w
    end
  end
  return words
end

-- one word as a USI move of game g: usi | nil, why | nil (not a move at all)
local function read_move(g, word)
  local ok, pos = pcall(g.position, g)
  local parse = ok and field(pos, "parse_move")
  if type(parse) ~= "function" then return nil end
  local prev_square = field(g, "prev_square")   -- for 同
  local prev = type(prev_square) == "function" and prev_square(g) or nil
  local usi, why
  ok, usi, why = pcall(parse, pos, word, nil, prev)
  if not ok then why, usi = usi, nil end
  if usi then return usi end
  if matches_usi(pos, word) then return word end -- play says why, in the core's words
  if matches_any(word, MOVE_LIKE) then return nil, tostring(why) end
  return nil
end

-- ---- text that is almost a move ------------------------------------------------------
-- The suggestion comes from the core: its parser's own "did you mean", else
-- the legal moves whose name in one of the core's notations is the text up to
-- case (b*5e: B*5e) or ends with it (76fu: +7776FU).  Nothing here reads a move.
local SUGGESTIONS = 3

local function fold(s) return (s:lower():gsub("^[%+%-]", "")) end

--- suggest(pos, text [, prev]) -> {names...} (empty when nothing is near)
function M.suggest(pos, text, prev)
  local parse = field(pos, "parse_move")
  if type(parse) ~= "function" then return {} end
  local ok, usi, why = pcall(parse, pos, text, nil, prev)
  if ok and usi then return {} end
  local mean = ok and type(why) == "string" and why:match("did you mean (.-)%?$")
  if mean then return {(mean:gsub("(%S+) %(%1%)", "%1"))} end
  if not text:find("%d") then return {} end
  local upper = text:gsub("^%l", upper_case)
  if upper ~= text then
    local uok, uusi, uwhy = pcall(parse, pos, upper, nil, prev)
    if uok and uusi then return {upper} end
    if uok and type(uwhy) == "string" and not uwhy:find("^not a move '") then
      return {format("%s (%s)", upper, uwhy)}
    end
  end
  local typed = fold(text)
  if #typed < 3 then return {} end
  local out, seen = {}, {}
  for _, m in ipairs(pos:legal_moves()) do
    for _, notation in ipairs(core.notations) do
      local nok, name = pcall(pos.move_name, pos, m, notation, prev)
      if nok and name and not seen[m] then
        local f = fold(name)
        if f == typed or (#typed >= 4 and f:sub(-#typed) == typed) then
          seen[m] = true
          out[#out + 1] = notation == "western" and name or format("%s (%s)", name, pos:move_name(m, "western"))
          break
        end
      end
    end
    if #out >= SUGGESTIONS then break end
  end
  return out
end

--- not_a_move(pos, text [, prev [, where]]) -> the "neither Lua nor a move" sentence with a suggestion, or
-- nil when the text is Lua that means something or nothing is near it
function M.not_a_move(pos, text, prev, where)
  local s = text:match("^%s*(.-)%s*$")
  if s:find("%s") then return nil end
  if s:match(IDENT) and rawget(G, s) ~= nil then return nil end -- a Lua name with a value
  if not s:match(IDENT) and load("return " .. s, "=line", "t", {}) then return nil end -- an expression
  local near = M.suggest(pos, s, prev)
  if #near > 0 then
    return format("'%s' is neither Lua nor a move%s: did you mean %s?", quote(s), where or "", concat(near, " or "))
  end
  -- no legal move is near, but the core read the text as a move of some shape: its reason
  local ok, usi, why = pcall(pos.parse_move, pos, s, nil, prev)
  if ok and not usi and type(why) == "string" and not why:find("^not a move '") then
    return format("'%s' is neither Lua nor a move%s (%s)", quote(s), where or "", why)
  end
  return nil
end

-- Several moves on a line play in turn: all of them, or none (the first bad
-- one is named and the game is unchanged).
function M.play(line)
  local g = the_game()
  if not g then return nil end
  local s = line:match("^%s*(.-)%s*$")
  if s:match(IDENT) and rawget(G, s) ~= nil then return nil end -- a Lua name with a value
  local words = move_words(s)
  if #words == 0 then return nil end
  local trial = #words > 1 and field(g, "copy") and g:copy() or g
  local moves = {}
  for i, w in ipairs(words) do
    local usi, why = read_move(trial, w)
    if not usi then
      local near = #words == 1 and M.not_a_move(g:position(), s, field(g, "prev_square") and g:prev_square() or nil,
        " of `game`")
      if near then return false, near end
      if i == 1 and not why then
        -- text Lua cannot read (a digit then a letter, kanji) and no move either: one sentence
        if s:find("^%d%a") or s:find("[\128-\255]") then
          return false, format("'%s' is neither Lua nor a move of `game` (moves look like 7g7f, P-7f, "
            .. "+7776FU or ▲７六歩)", quote(s))
        end
        return nil
      end
      local what = why or format("'%s' is not a move", quote(w))
      return false, #words > 1 and format("move %d (%s): %s; no move was played", i, quote(w), what) or what
    end
    local played, err = pcall(trial.play, trial, usi)
    if not played then
      return false, #words > 1 and format("move %d (%s): %s; no move was played", i, quote(w), message(err))
        or message(err)
    end
    moves[i] = usi
  end
  if trial ~= g then
    for _, m in ipairs(moves) do g:play(m) end
  end
  return true, display.board_after(g)
end

return M
