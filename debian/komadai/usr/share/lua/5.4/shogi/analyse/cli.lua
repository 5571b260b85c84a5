-- The command line of scripts/analyse: a record's every move scored by an engine, the worst listed, the
-- record written back with the scores as the comments shogi GUIs read, and the score's graph.
--   require("shogi.analyse.cli").main(arg) -> exit status (0 done, 1 an output failed, 2 bad usage or input)
local analyse = require "shogi.analyse"

local io_open, io_stderr, io_stdout, ipairs, math_floor, os_time, require, string_format, table_concat, tonumber,
  tostring = io.open, io.stderr, io.stdout, ipairs, math.floor, os.time, require, string.format, table.concat, tonumber,
  tostring
local string_match = string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.USAGE = [[usage: scripts/analyse RECORD [--engine CMD | --bot FILE] [--time S] [--depth N] [--nodes N]
                        [--out ANNOTATED.kif] [--graph GRAPH.svg|.png|.pdf] [--threshold CP] [--top N]
  RECORD   a game record (KIF, KI2, CSA, JKF, USI, SFEN line); RECORD:N analyses its first N moves
  --engine CMD   a USI engine (e.g. "fairy-stockfish", "build/komadai --usi"); --bot FILE a bot file;
                 neither: komadai's built-in search
  --time S       seconds per position (default 1); --depth N, --nodes N instead or as well
  --out FILE     the record with each move's score and line as comments (#評価値=, #読み筋=, as
                 ShogiHome reads them); the format from the name (.kif .kifu .ki2 .csa .jkf)
  --graph FILE   the score over the game (sente up), the marked moves in red
  --threshold CP a move that loses CP centipawns is 疑問手, twice that 悪手 (default 300)
  --top N        how many of the worst moves are listed (default 5)
Prints one line per move (ply, move, score from sente's side, loss) and the worst moves.]]

local function fail(msg) io_stderr:write("analyse: ", msg, "\n"); return 2 end

local VALUE = {["--engine"] = true, ["--bot"] = true, ["--time"] = true, ["--depth"] = true, ["--nodes"] = true,
  ["--out"] = true, ["--graph"] = true, ["--threshold"] = true, ["--top"] = true}
local NUMBER = {["--time"] = "seconds", ["--depth"] = "an integer", ["--nodes"] = "an integer",
  ["--threshold"] = "centipawns", ["--top"] = "an integer"}

local function parse(args)
  local o, files = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "-h" or a == "--help" then o.help = true; i = i + 1
    elseif VALUE[a] then
      local v = args[i + 1]
      if v == nil then return nil, a .. " needs a value" end
      if NUMBER[a] then
        local n = tonumber(v)
        if not n or n <= 0 or (NUMBER[a] == "an integer" and n ~= math_floor(n)) then
          return nil, string_format("%s takes %s > 0, got '%s'", a, NUMBER[a], v)
        end
        v = n
      end
      o[a:sub(3)] = v
      i = i + 2
    elseif a:sub(1, 1) == "-" and a ~= "-" then return nil, "unknown option '" .. a .. "'"
    else files[#files + 1] = a; i = i + 1 end
  end
  if o.engine and o.bot then return nil, "--engine and --bot: give one" end
  if not o.help and #files ~= 1 then return nil, "one RECORD expected, got " .. #files end
  o.file = files[1]
  return o
end

-- the record, cut to its first N moves with RECORD:N
local function load(spec)
  local shogi = require "shogi"
  local path, upto = string_match(spec, "^(.*):(%d+)$")
  if not path then path = spec end
  local g, msg = shogi.read(path)
  if not g then return nil, msg end
  if upto then
    local n = tonumber(upto)
    local moves = g:moves()
    if n > #moves then return nil, string_format("%s has %d moves, not %d", path, #moves, n) end
    local h = require("shogi.game").new(g:start(), {rules = g:rules()})
    for k = 1, n do h:play(moves[k]) end
    local hi, gi = h:info(), g:info()
    for _, key in ipairs({"headers", "comments"}) do hi[key] = gi[key] end
    g = h
  end
  return g
end

local function progress_line(t0)
  if not require("shogi.core").isatty(2) then return nil end
  return function(done, total)
    local spent = os_time() - t0
    local left = done > 0 and math_floor(spent * (total - done) / done + 0.5) or 0
    io_stderr:write(string_format("\ranalyse: %d/%d positions, %d s left  ", done, total, left))
    if done == total then io_stderr:write("\n") end
  end
end

-- writes the annotated record, the format and bytes from the name as scripts/convert does them (.kif and
-- .ki2 in Shift_JIS, which ShogiHome and Kifu for Windows expect; .kifu and .ki2u in UTF-8)
local function save(g, path)
  local record = require "shogi.record"
  local ext = string_match(path, "%.(%w+)$")
  ext = ext and ext:lower()
  local format = record.format_of(path)
  if not format or format == "usi" or format == "sfen" or format == "bod" then
    return nil, "cannot tell a record format with comments from '" .. path .. "' (.kif .kifu .ki2 .csa .jkf)"
  end
  local text, msg = record.write(g, format, {encoding = (ext == "kif" or ext == "ki2") and "cp932" or nil})
  if not text then return nil, msg end
  local f, err = io_open(path, "wb")
  if not f then return nil, "cannot write " .. tostring(err) end
  f:write(text)
  if not f:close() then return nil, "cannot write " .. path end
  return true
end

function M.main(args)
  local o, msg = parse(args)
  if not o then return fail(msg .. "\n" .. M.USAGE) end
  if o.help then io_stdout:write(M.USAGE, "\n"); return 0 end
  local g, err = load(o.file)
  if not g then return fail(tostring(err)) end
  local shogi = require "shogi"
  local opts = {time = o.time, depth = o.depth, nodes = o.nodes, threshold = o.threshold, top = o.top}
  local e
  if o.engine then
    local emsg
    e, emsg = shogi.engine(o.engine)
    if not e then return fail(tostring(emsg)) end
    opts.engine = e
  elseif o.bot then
    local b, bmsg = shogi.bot.load(o.bot)
    if not b then return fail(tostring(bmsg)) end
    opts.bot = b
  end
  opts.progress = progress_line(os_time())
  local report, rmsg = analyse.run(g, opts)
  if e then e:quit() end
  if not report then return fail(tostring(rmsg)) end

  local lines = {}
  for _, p in ipairs(report.plies) do
    lines[#lines + 1] = string_format("%4d %-14s %+6d  loss %4d%s", p.ply, p.name, p.score, p.loss,
      p.label and ("  " .. p.label) or "")
  end
  io_stdout:write(table_concat(lines, "\n"), #lines > 0 and "\n" or "", analyse.text(report), "\n")

  local status = 0
  if o.out then
    local ok, werr = save(analyse.annotate(g, report), o.out)
    if not ok then io_stderr:write("analyse: ", tostring(werr), "\n"); status = 1 end
  end
  if o.graph then
    local svg = analyse.graph(report, {title = o.file})
    local ok, gerr = require("shogi.diagram.output").write({svg}, o.graph)
    if not ok then
      io_stderr:write("analyse: ", (tostring(gerr):gsub("^diagram: ", "")), "\n")
      status = 1
    end
  end
  return status
end

return M
