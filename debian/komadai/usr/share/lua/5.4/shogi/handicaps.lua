-- The standard handicaps (駒落ち): the giver plays gote (white, lowercase),
-- moves first, and starts without the pieces the handicap names.
--   handicaps.list() -> {{name =, japanese =, kif =, sfen =, removed =}, ...}
--   handicaps.find("2-piece") / find("二枚落ち") / find("Two piece") -> entry | nil
-- kif is the 手合割 line of a KIF file; removed names the squares emptied
-- (see docs/RULES.md for the sources and the 3-piece lance).
local ipairs, type = ipairs, type
local string_gsub, string_lower = string.gsub, string.lower
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- black's half of the even start, white to move
local BLACK = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
local BLACK_ONLY = "9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

-- {name, japanese, kif, white's first two ranks (or full sfen), removed squares, aliases}
local LIST = {
  {"lance", "香落ち", "香落ち", "lnsgkgsn1/1r5b1/" .. BLACK, "1a", {"left-lance", "kyo", "kyoochi"}},
  {"right-lance", "右香落ち", "右香落ち", "1nsgkgsnl/1r5b1/" .. BLACK, "9a", {}},
  {"bishop", "角落ち", "角落ち", "lnsgkgsnl/1r7/" .. BLACK, "2b", {"kakuochi"}},
  {"rook", "飛車落ち", "飛車落ち", "lnsgkgsnl/7b1/" .. BLACK, "8b", {"hishaochi"}},
  {"rook-lance", "飛香落ち", "飛香落ち", "lnsgkgsn1/7b1/" .. BLACK, "8b 1a", {"rook-and-lance"}},
  {"2-piece", "二枚落ち", "二枚落ち", "lnsgkgsnl/9/" .. BLACK, "8b 2b", {"two-piece"}},
  {"3-piece", "三枚落ち", "三枚落ち", "lnsgkgsn1/9/" .. BLACK, "8b 2b 1a", {"three-piece"}},
  {"4-piece", "四枚落ち", "四枚落ち", "1nsgkgsn1/9/" .. BLACK, "8b 2b 9a 1a", {"four-piece"}},
  {"5-piece", "五枚落ち", "五枚落ち", "2sgkgsn1/9/" .. BLACK, "8b 2b 9a 1a 8a", {"five-piece"}},
  {"left-5-piece", "左五枚落ち", "左五枚落ち", "1nsgkgs2/9/" .. BLACK, "8b 2b 9a 1a 2a", {"left-five-piece"}},
  {"6-piece", "六枚落ち", "六枚落ち", "2sgkgs2/9/" .. BLACK, "8b 2b 9a 1a 8a 2a", {"six-piece"}},
  {"left-7-piece", "左七枚落ち", "左七枚落ち", "2sgkg3/9/" .. BLACK, "8b 2b 9a 1a 8a 2a 3a",
    {"left-seven-piece"}},
  {"right-7-piece", "右七枚落ち", "右七枚落ち", "3gkgs2/9/" .. BLACK, "8b 2b 9a 1a 8a 2a 7a",
    {"right-seven-piece"}},
  {"8-piece", "八枚落ち", "八枚落ち", "3gkg3/9/" .. BLACK, "8b 2b 9a 1a 8a 2a 7a 3a", {"eight-piece"}},
  {"9-piece", "九枚落ち", "九枚落ち", "3gk4/9/" .. BLACK, "8b 2b 9a 1a 8a 2a 7a 3a 4a", {"nine-piece"}},
  {"10-piece", "十枚落ち", "十枚落ち", "4k4/9/" .. BLACK, "8b 2b 9a 1a 8a 2a 7a 3a 6a 4a", {"ten-piece"}},
  {"both-lances", "両香落ち", "両香落ち", "1nsgkgsn1/1r5b1/" .. BLACK, "9a 1a", {"two-lances"}},
  {"three-pawns", "歩三兵", "歩三兵", "4k4/" .. BLACK_ONLY .. " w 3p 1", "all but the king; 3 pawns in hand",
    {"3-pawns"}},
  {"naked-king", "裸玉", "裸玉", "4k4/" .. BLACK_ONLY .. " w - 1", "all but the king", {"bare-king"}},
  {"dragonfly", "トンボ", "トンボ", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "golds, silvers, knights, lances", {"tombo"}},
}

local EVEN = {name = "even", japanese = "平手", kif = "平手",
  sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", removed = ""}

-- "Two Piece", "two_piece", "2 piece" -> "two-piece", "2-piece"
local function normal(name)
  return (string_gsub(string_gsub(string_lower(name), "[%s_]+", "-"), "%-+", "-"))
end

local ENTRIES, BY_NAME = {}, {}
for i, h in ipairs(LIST) do
  local e = {name = h[1], japanese = h[2], kif = h[3], sfen = h[4], removed = h[5]}
  ENTRIES[i] = e
  BY_NAME[e.name] = e
  BY_NAME[e.japanese] = e
  BY_NAME[e.kif] = e
  for _, a in ipairs(h[6]) do BY_NAME[a] = e end
end
for _, k in ipairs({"even", "平手", "hirate", "none"}) do BY_NAME[k] = EVEN end
BY_NAME["香落"] = BY_NAME["香落ち"]

local function copy(e)
  return {name = e.name, japanese = e.japanese, kif = e.kif, sfen = e.sfen, removed = e.removed}
end

--- handicaps.list() -> a new list of every handicap (not the even game)
function M.list()
  local out = {}
  for i, e in ipairs(ENTRIES) do out[i] = copy(e) end
  return out
end

--- handicaps.find(name) -> entry | nil: English (any case, spaces or hyphens),
-- Japanese or KIF name; "even" / "平手" give the even game.
function M.find(name)
  if type(name) ~= "string" then return nil end
  local e = BY_NAME[name] or BY_NAME[normal(name)]
  return e and copy(e) or nil
end

return M
