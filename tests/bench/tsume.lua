-- Tsume benchmark (not a test): komadai's solver and KomoringHeights (the
-- anchor, when its binary is present) on the same problems of
-- tests/data/tsume_suite.tsv, per length band, one thread, the same table
-- size.  A problem counts as solved when the length is the suite's exactly
-- (komadai: proven shortest, with a full main line; KomoringHeights: its
-- post-search for the shortest mate is on, PostSearchLevel=MinLength, so the
-- length it answers is the shortest).  Times are solving times per problem,
-- summed: komadai's own clock (the table is allocated once, cleared in O(1));
-- KomoringHeights' from "go mate" to its "checkmate" line (its table is
-- allocated at isready, not timed).
-- Settings (environment):
--   KOMORING_HEIGHTS  the KomoringHeights binary (tests/README.md; unset or
--                "none": komadai alone; KOMORING is an older name for it)
--   TSUME_TIME   seconds allowed per problem and per solver (default 300)
--   TSUME_TT_MB  table size in MiB for both (default 2048; USI_Hash for KomoringHeights)
--   TSUME_BANDS  bands to run, by their first length or their names, e.g.
--                "1,11" or "51-117,119-" (default: all six: 1-9 11-19 21-29 31-49 51-117 119-)
--   TSUME_IDS    only these problems, e.g. "zukou096,musou098"
--   TSUME_SOLVER "both" (default), "komadai" or "komoring"
--   TSUME_VERBOSE=1 prints a line per problem
local core = require "shogi.core"
local engine = require "shogi.engine"

local function env(name, default)
  local v = os.getenv(name)
  if v == nil or v == "" then return default end
  return v
end

local BANDS = {{1, 9}, {11, 19}, {21, 29}, {31, 49}, {51, 117}, {119, 100000}}
local function band_name(b) return b[1] .. "-" .. (b[2] >= 100000 and "" or tostring(b[2])) end

local time_cap = tonumber(env("TSUME_TIME", "300"))
local tt_mb = tonumber(env("TSUME_TT_MB", "2048"))
local solver = env("TSUME_SOLVER", "both")
local verbose = env("TSUME_VERBOSE", "") ~= ""
local suite = env("TSUME_SUITE", "tests/data/tsume_suite.tsv")

local wanted_band = {}
local bands_text = env("TSUME_BANDS", "")
if bands_text == "" then
  for i = 1, #BANDS do wanted_band[i] = true end
else
  for w in bands_text:gmatch("[^,%s]+") do
    local found = false
    for i, b in ipairs(BANDS) do
      if w == tostring(b[1]) or w == band_name(b) or w == b[1] .. "-" .. b[2] then wanted_band[i] = true; found = true end
    end
    if not found then
      io.stderr:write("tsume bench: unknown band '", w, "' (bands: 1-9 11-19 21-29 31-49 51-117 119-)\n")
      os.exit(2)
    end
  end
end
local wanted_id
if env("TSUME_IDS", "") ~= "" then
  wanted_id = {}
  for w in env("TSUME_IDS", ""):gmatch("[^,%s]+") do wanted_id[w] = true end
end

local function band_of(len)
  for i, b in ipairs(BANDS) do if len >= b[1] and len <= b[2] then return i end end
  return #BANDS
end

-- the anchor
local kh_path = env("KOMORING_HEIGHTS", nil) or env("KOMORING", nil)
local kh
if solver ~= "komadai" and kh_path and kh_path ~= "none" then
  local f = io.open(kh_path, "r")
  if f then
    f:close()
    local msg
    kh, msg = engine.new({cmd = kh_path, name = "KomoringHeights", timeout = 120,
      options = {USI_Hash = tt_mb, Threads = 1, PostSearchLevel = "MinLength"}})
    if not kh then io.stderr:write("tsume bench: ", tostring(msg), "\n") end
  end
end
local run_komadai = solver ~= "komoring"

-- the problems
local problems = {}
local f = assert(io.open(suite, "r"))
local lineno = 0
for line in f:lines() do
  lineno = lineno + 1
  local id, sfen, want = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)")
  local len = tonumber(want)
  if lineno > 1 and id and len and (not wanted_id or wanted_id[id]) then
    local b = band_of(len)
    if wanted_band[b] then problems[#problems + 1] = {id = id, sfen = sfen, want = len, band = b} end
  end
end
f:close()

print(("  tsume: %d problems of %s, %s s per problem, %d MiB tables, one thread"):format(#problems, suite,
  tostring(time_cap), tt_mb))
print(("  anchor: %s"):format(kh and (kh_path .. " (PostSearchLevel=MinLength, USI_Hash=" .. tt_mb .. ")")
  or "none (skip KomoringHeights: set KOMORING_HEIGHTS to its binary, tests/README.md)"))

local stats = {}
for i = 1, #BANDS do stats[i] = {n = 0, skipped = 0, k = {ok = 0, s = 0, nodes = 0}, h = {ok = 0, s = 0}} end

for _, pr in ipairs(problems) do
  local st = stats[pr.band]
  st.n = st.n + 1
  local pos = core.position(pr.sfen)
  if not pos then
    st.skipped = st.skipped + 1
    if verbose then print(("  %-10s %4d skipped (the core refuses the SFEN)"):format(pr.id, pr.want)) end
  else
    local ktext, htext = "", ""
    if run_komadai then
      local r = core.solve(pos, {time = time_cap, tt_mb = tt_mb})
      local ok = r.status == "mate" and r.exact and r.length == pr.want and #(r.pv or {}) == pr.want
      st.k.s = st.k.s + r.seconds
      st.k.nodes = st.k.nodes + r.nodes
      if ok then st.k.ok = st.k.ok + 1 end
      ktext = ("komadai %8.2f s %10d nodes %s"):format(r.seconds, r.nodes, ok and "ok" or ("got " .. r.status ..
        (r.length and (" " .. r.length .. (r.exact and "" or " not proven")) or "")))
    end
    if kh then
      local t0 = core.now()
      local c, msg = kh:mate(pr.sfen, math.floor(time_cap * 1000))
      local dt = core.now() - t0
      if not c then
        io.stderr:write("tsume bench: KomoringHeights: ", tostring(msg), "\n")
        kh = kh:restart()
        c = {status = "crash", moves = {}}
      end
      local ok = c.status == "mate" and #c.moves == pr.want
      st.h.s = st.h.s + dt
      if ok then st.h.ok = st.h.ok + 1 end
      htext = ("KomoringHeights %8.2f s %s"):format(dt, ok and "ok" or ("got " .. c.status ..
        (c.status == "mate" and (" " .. #c.moves) or "")))
      if not kh then break end
    end
    if verbose then print(("  %-10s %4d  %s  %s"):format(pr.id, pr.want, ktext, htext)) end
  end
end

local function ratio(a, b) return b > 0 and ("%.2f"):format(a / b) or "-" end
print(("  %-8s %5s %-26s %-26s %s"):format("band", "n", "komadai exact / seconds", "KomoringHeights", "ratio"))
local tot = {n = 0, skipped = 0, k = {ok = 0, s = 0}, h = {ok = 0, s = 0}}
for i, b in ipairs(BANDS) do
  local st = stats[i]
  if st.n > 0 then
    local n = st.n - st.skipped
    print(("  %-8s %5d %-26s %-26s %s%s"):format(band_name(b), n,
      run_komadai and ("%d/%d %10.2f s"):format(st.k.ok, n, st.k.s) or "-",
      kh and ("%d/%d %10.2f s"):format(st.h.ok, n, st.h.s) or "-",
      (run_komadai and kh) and ratio(st.k.s, st.h.s) or "-",
      st.skipped > 0 and ("  (" .. st.skipped .. " skipped: the defender is already in check)") or ""))
    tot.n = tot.n + n
    tot.k.ok, tot.k.s = tot.k.ok + st.k.ok, tot.k.s + st.k.s
    tot.h.ok, tot.h.s = tot.h.ok + st.h.ok, tot.h.s + st.h.s
  end
end
print(("  %-8s %5d %-26s %-26s %s"):format("all", tot.n,
  run_komadai and ("%d/%d %10.2f s"):format(tot.k.ok, tot.n, tot.k.s) or "-",
  kh and ("%d/%d %10.2f s"):format(tot.h.ok, tot.n, tot.h.s) or "-",
  (run_komadai and kh) and ratio(tot.k.s, tot.h.s) or "-"))
if kh then kh:quit() end
