-- lua5.4 tests/bench/mutate_records.lua DIR N [csa|kif] [SEED]: N record files in DIR, each a
-- real record of tests/data (or one komadai wrote from one: CSA V2.2 and V3.0 of every KIF,
-- KI2 and tsume record, with their boards, hands, times and comments) changed at one to
-- three places: a line dropped, doubled, swapped with the next, cut, joined to the next,
-- a byte changed, a line of the format's own kinds put in (good and bad ones), the file
-- cut short.  What tests/bench/records_same.sh reads with two trees: their readers must
-- agree on every one (the game, its info, or the error).
local record = require "shogi.record"
local dir, n, kind, seed = arg[1], tonumber(arg[2]), arg[3] or "csa", tonumber(arg[4]) or 20261204
assert(dir and n, "usage: mutate_records.lua DIR N [csa|kif] [SEED]")
local here = arg[0]:match("^(.*)/[^/]*$") or "."
local root = here .. "/../.."

local function rand(k)   -- 1..k, a fixed sequence
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed // 65536 % k + 1
end

-- the texts to change: the real records of the kind, and (CSA) komadai's CSA of the others
local bases = {}
local exts = kind == "csa" and {csa = true} or {kif = true, kifu = true, ki2 = true, ki2u = true}
local list = io.popen("find " .. root .. "/tests/data/records " .. root .. "/tests/data/tsume_folder " ..
  root .. "/tests/fuzz/corpus -type f | LC_ALL=C sort")
for path in list:lines() do
  local ext = path:match("%.(%w+)$")
  local f = io.open(path, "rb")
  local bytes = f:read("a")
  f:close()
  local text = record.decode(bytes, path)
  if text and ext and exts[ext] then bases[#bases + 1] = {ext = ext, text = text} end
  local other = ext == "kif" or ext == "ki2" or ext == "kifu" or ext == "ki2u" or ext == "jkf"
  if text and kind == "csa" and other then
    local g = record.read(path)
    if g then
      for _, v in ipairs({"2.2", "3.0"}) do
        local csa = record.write(g, "csa", {version = v})
        if csa then bases[#bases + 1] = {ext = "csa", text = csa} end
      end
    end
  end
end
list:close()
assert(#bases > 0, "no records to change")

local POOL = {
  csa = {"PI", "PI82HI", "PI11KY22KA", "PI55FU", "PI82HI82HI", "PI00FU", "PI8", "P1 * ",
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY", "P2 * -HI *  *  *  *  * -KA * ", "P5 *  *  * +FU", "P5 *  *  * +SZ", "P5\t*\t",
    "P0", "P10", "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY+FU",
    "P+00FU", "P+00FU00FU00KA", "P-00AL", "P+00TO", "P+00OU", "P+0011FU", "P+55FU", "P-11KY", "P+", "P+55", "P+55TS",
    "+", "-", "%TORYO", "%KACHI", "%CHUDAN", "%SENNICHITE", "%TSUMI", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION",
    "%JISHOGI", "%MAX_MOVES", "%TIME_UP", "%ILLEGAL_MOVE", "%HIKIWAKE", "%FOO", "%",
    "T12", "T0", "T12.5", "T1.", "T.5", "T", "T99999999", "T31622400", "T31622400.1", "T31622401", "T1x",
    "V2", "V2.2", "V3.0", "V3.1", "V4", "V2.", "V22", "N+alice", "N-bob ", "N+", "$EVENT: cup ", "$SITE:x", "$OPENING:",
    "$BAD", "$:x", "$NEW_KEY:v", "$a b:c", "'*a comment", "'*", "'a note", "'CSA encoding=UTF-8", "'encoding=Shift_JIS",
    "'variant sho", "'variant standard", "'variant", "'variantx", "/", "", " ", "+7776FU", "-3334FU,T1",
    "+2726FU,T3,'*c",
    "+0055KA", "-8822UM", "+7776FU,-3334FU", "+7776FU  ,T0  ,'T0 ,'x", "-", "+5958OU", "+9999FU", "X", "+7776fu",
    "T5,%TORYO", "%TORYO,T3", "'* after", "\0", "+77\0", "T1,T2"},
  kif = {"手数----指手---------消費時間--", "   1 ７六歩(77)   ( 0:01/00:00:01)", "   2 ３四歩(33)", "*comment", "*",
    "&bookmark", "まで2手で後手の勝ち", "   3 投了", "   3 中断", "   3 千日手", "   3 詰み", "   3 持将棋", "   3 切れ負け",
    "   3 反則勝ち", "   3 反則負け", "   3 入玉勝ち", "変化：3手", "変化：1手", "先手：alice", "後手：bob", "棋戦：cup",
    "手合割：平手", "手合割：香落ち", "手合割：foo", "先手の持駒：なし", "後手の持駒：歩二", "開始日時：2020/01/01",
    "#comment", "▲７六歩△３四歩", "▲２六歩", "△８四歩▲２五歩", "まで", "   4 同　歩(23)", "   1 ７六歩(77)+",
    "  99 ７六歩(77)", "   1 ７六歩(77)   ( 0:1/00:00:01)", "   1 ７六歩(77)   (1:00/1:00:00)", "", " ", "\r",
    "手番：先手", "後手番", "  ９ ８ ７ ６ ５ ４ ３ ２ １", "+---------------------------+", "|v香v桂v銀v金v玉v金v銀v桂v香|一",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五", "先手：", "：", "棋譜ファイル Kifu for Windows", "#KIF version=2.0 encoding=UTF-8",
    "   5 ７七角成(22)", "   5 ５五角打", "   2 ８四歩(83)", "\0"},
}
local pool = POOL[kind == "csa" and "csa" or "kif"]
local BYTES = {"0", "1", "5", "9", "+", "-", ",", "'", " ", "*", "T", "%", "P", "\r", "\n", "\t", "x", "\0", "\xe5",
  "同"}

local function lines_of(text)
  local t = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do t[#t + 1] = l end
  if t[#t] == "" then t[#t] = nil end
  return t
end

local function mutate(text)
  local t = lines_of(text)
  if #t == 0 then t = {""} end
  local what = rand(10)
  local i = rand(#t)
  if what == 1 then table.remove(t, i)
  elseif what == 2 then table.insert(t, i, t[i])
  elseif what == 3 and i < #t then t[i], t[i + 1] = t[i + 1], t[i]
  elseif what == 4 then t[i] = t[i]:sub(1, rand(#t[i] + 1) - 1)
  elseif what == 5 and i < #t then t[i] = t[i] .. "," .. table.remove(t, i + 1)
  elseif what == 6 and #t[i] > 0 then
    local k = rand(#t[i])
    t[i] = t[i]:sub(1, k - 1) .. BYTES[rand(#BYTES)] .. t[i]:sub(k + 1)
  elseif what == 7 then t[i] = pool[rand(#pool)]
  elseif what == 8 or what == 9 then table.insert(t, i, pool[rand(#pool)])
  else
    local s = table.concat(t, "\n") .. "\n"
    return s:sub(1, rand(#s))   -- cut short
  end
  return table.concat(t, rand(8) == 1 and "\r\n" or "\n") .. (rand(10) == 1 and "" or "\n")
end

os.execute("mkdir -p '" .. dir .. "'")
for k = 1, n do
  local b = bases[rand(#bases)]
  local text = b.text
  for _ = 1, rand(3) do text = mutate(text) end
  local f = assert(io.open(("%s/%05d.%s"):format(dir, k, b.ext), "wb"))
  f:write(text)
  f:close()
end
print(#bases .. " records changed into " .. n .. " files")
