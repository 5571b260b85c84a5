-- Piece icons (issue 41): the core's movement table (core.pieces(v)[p].moves)
-- agrees with the moves movegen makes for a lone piece, and each icon draws
-- exactly that table, for every piece of standard and Sho shogi.
-- Run: busted --lua=lua5.4 tests/lua/icons_spec.lua (with the in-place paths).
local shogi = require "shogi"
local core = require "shogi.core"
local piece = require "shogi.diagram.piece"

local FILES = "987654321"

-- the destinations of a piece of `letters` alone on 5e (kings on 9h and 1b, off its lines),
-- as seen by the owner: "dx,dy" -> distance in king steps
local function reach(letters, variant, side)
  local l = side == "w" and letters:lower() or letters
  -- the king is its side's only king
  local top = (letters == "K" and side == "w") and "8g" or "8k" -- a gold stands in: Sho needs more than a bare king
  local bottom = (letters == "K" and side == "b") and "G8" or "K8"
  local sfen = "9/" .. top .. "/9/9/4" .. l .. "4/9/9/" .. bottom .. "/9 " .. side .. " - 1"
  local pos = assert(shogi.position(sfen, {variant = variant}))
  local out = {}
  for _, m in ipairs(pos:legal_moves()) do
    if m:sub(1, 2) == "5e" then
      local f, r = tonumber(m:sub(3, 3)), m:byte(4) - 96
      local dx, dy = 5 - f, 5 - r -- towards file 1 and rank a: sente's right and forward
      if side == "w" then dx, dy = -dx, -dy end
      out[dx .. "," .. dy] = math.max(math.abs(dx), math.abs(dy))
    end
  end
  return out
end

-- the same destinations predicted from the table: steps, ranges to the edge (4 squares from 5e), jumps
local function predicted(row)
  local out = {}
  for _, m in ipairs(row.moves) do
    local n = m.kind == "range" and 4 or 1
    for k = 1, n do out[(m.dx * k) .. "," .. (m.dy * k)] = k end
  end
  return out
end

local function sorted_keys(t)
  local k = {}
  for key in pairs(t) do k[#k + 1] = key end
  table.sort(k)
  return table.concat(k, " ")
end

for _, variant in ipairs{"standard", "sho"} do
  describe("the movement table of " .. variant .. " shogi", function()
    for _, row in ipairs(core.pieces(variant).list) do
      do
        it(row.usi .. " (" .. row.english .. ") matches the moves generated, for both sides", function()
          local want = sorted_keys(predicted(row))
          assert.are.equal(want, sorted_keys(reach(row.usi, variant, "b")))
          assert.are.equal(want, sorted_keys(reach(row.usi, variant, "w")))
        end)
      end
      it(row.usi .. "'s icon draws its table: a dot a step, an arrow a range, a dot a jump", function()
        local svg = piece.icon_svg(row.usi)
        local drawn = {}
        for kind, dx, dy in svg:gmatch('class="(%a+)" data%-dx="(%-?%d)" data%-dy="(%-?%d)"') do
          drawn[#drawn + 1] = kind .. " " .. dx .. "," .. dy
        end
        local want = {}
        for _, m in ipairs(row.moves) do want[#want + 1] = m.kind .. " " .. m.dx .. "," .. m.dy end
        table.sort(drawn)
        table.sort(want)
        assert.are.same(want, drawn)
        local arrows = select(2, svg:gsub('class="range"', ""))
        local dots = select(2, svg:gsub('<circle class="[sj]', ""))
        assert.are.equal(arrows + dots, #row.moves)
        -- promoted: red, with a ring at the centre; unpromoted: black, no ring
        assert.are.equal(row.promoted, svg:find('class="promoted"', 1, true) ~= nil)
        assert.are.equal(row.promoted, svg:find(piece.PROMOTED_INK, 1, true) ~= nil)
      end)
    end
  end)
end

describe("icons", function()
  it("know every piece: the table gives a lance one range, a knight two jumps, a king eight steps", function()
    local f = core.pieces("standard")
    assert.are.same({{dx = 0, dy = 1, kind = "range"}}, f.L.moves)
    assert.are.same({{dx = -1, dy = 2, kind = "jump"}, {dx = 1, dy = 2, kind = "jump"}}, f.N.moves)
    assert.are.equal(8, #f.K.moves)
    local s = core.pieces("sho")
    assert.are.equal(7, #s.E.moves) -- the drunk elephant: everywhere but straight back
    for _, m in ipairs(s.E.moves) do assert.is_false(m.dx == 0 and m.dy == -1) end
  end)
  it("are offered by diagrams: --style icons draws marks, not names, on the board", function()
    local diagram = require "shogi.diagram"
    local svg = diagram.diagram(shogi.position("startpos"), {style = "icons"})
    assert.truthy(svg:find('class="moves" data-piece="N"', 1, true))
    assert.falsy(svg:find(">桂<", 1, true))
    assert.truthy(svg:find("将棋の図", 1, true)) -- the words stay kanji
  end)
end)
