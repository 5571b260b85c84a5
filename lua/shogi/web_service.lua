-- shogi.web_service: what the game site asks of Lua (src/app/web_service.c runs it, each analysis in a
-- lua_State of its own, docs/WEB.md "Analysis").  The site (C, below Lua) hands it JSON text; it answers
-- JSON text.
--   local total = M.analyse_prepare(json, {max_seconds =, default_seconds =, max_bytes =})  -- or nil, msg
--   local json = M.analyse_run(progress)   -- the state's prepared record analysed; progress(done, total)
--   local json = M.line(json)             -- a line played from a position: its moves named, the legal moves next
local cjson = require "cjson"
local core = require "shogi.core"
local web_json = require "shogi.web_json"
local analyse = require "shogi.analyse"
local engine = require "shogi.engine"
local record = require "shogi.record"

local ipairs, pairs, pcall, string_format, table_concat, table_sort, tostring, type =
  ipairs, pairs, pcall, string.format, table.concat, table.sort, tostring, type
local _ENV = nil -- luacheck: ignore 211

local M = {}

local FORMATS = {kif = true, ki2 = true, csa = true, jkf = true, usi = true, sfen = true}

local prepared -- {g =, seconds =}: this state's one analysis

local MAX_LINE = 600 -- the moves a line asked of M.line may have (a game's longest)

--- analyse_prepare(json, limits) -> the positions to search | nil, message (the reader's file:line:col)
-- json: {text = record text (an SFEN, a `position` line, KIF, KI2, CSA, JKF), format = optional,
-- seconds_per_move = optional (default limits.default_seconds, at most limits.max_seconds), engine = optional (a
-- name of limits.bots = {NAME = FILE}: that bot file searches, run as `limits.program --usi FILE`; else the
-- built-in search)}
function M.analyse_prepare(json, limits)
  local ok, req = pcall(cjson.decode, json)
  if not ok or type(req) ~= "table" or #req > 0 then return nil, "malformed JSON: expected an object {text = ...}" end
  local text, format, seconds = req.text, req.format, req.seconds_per_move
  if type(text) ~= "string" or text == "" then return nil, "text: expected the record's text (a non-empty string)" end
  if #text > limits.max_bytes then
    return nil, string_format("text: %d bytes, over the %d a record may have here", #text, limits.max_bytes)
  end
  if format ~= nil and (type(format) ~= "string" or not FORMATS[format]) then
    return nil, "format: expected one of kif, ki2, csa, jkf, usi, sfen (or none: told from the text)"
  end
  if seconds == nil then seconds = limits.default_seconds end
  if type(seconds) ~= "number" or seconds ~= seconds or seconds <= 0 or seconds > limits.max_seconds then
    return nil, string_format("seconds_per_move: expected a number over 0 and at most %g", limits.max_seconds)
  end
  -- the engine: the built-in search (none, or ""), or a bot file the config names (bots = {NAME = FILE})
  local wanted, bot = req.engine, nil -- bot: the file
  if wanted ~= nil and wanted ~= "" then
    local file = type(wanted) == "string" and limits.bots and limits.bots[wanted]
    if not file then
      local names = {}
      for name in pairs(limits.bots or {}) do names[#names + 1] = name end
      table_sort(names)
      return nil, string_format("engine: expected the built-in one (\"\") or a bot of the site's config (%s)",
        #names > 0 and table_concat(names, ", ") or "it names none")
    end
    bot = file
  end
  -- a text without a line break is never taken for a file's path: it is the record itself
  if not text:find("\n", 1, true) then text = text .. "\n" end
  local g, msg = record.read(text, format, {name = "record"})
  if not g then return nil, msg end
  -- a position without moves (a bare SFEN) is analysed too: its score and line
  prepared = {g = g, seconds = seconds, bot_file = bot, engine = bot and wanted, program = limits.program}
  return #g:moves() + 1
end

-- JSON's null, empty lists and the text (shogi.web_json: the one encoding the site's Lua services share)
local null_or, list, encode = web_json.null_or, web_json.list, web_json.encode

-- a line's moves from pos (prev the move before it, for 同), numbered from first: [{ply, usi, western, japanese,
-- sfen}], and its branches, each {ply, moves, branches} from the position before its ply on this line
local function line_of(pos, prev, moves, first, branches)
  local out, at = {}, {[first - 1] = {pos = pos, prev = prev}}
  for i, m in ipairs(moves) do
    local ply = first + i - 1
    local western, japanese = pos:move_name(m, "western", prev), pos:move_name(m, "japanese", prev)
    pos, prev = pos:after(m), m
    out[i] = {ply = ply, usi = m, western = western, japanese = japanese, sfen = pos:sfen()}
    at[ply] = {pos = pos, prev = prev}
  end
  local subs = {}
  for _, b in ipairs(branches or {}) do
    local from = at[b.ply - 1]
    if from then
      local bm, bb = line_of(from.pos, from.prev, b.moves, b.ply, b.branches)
      subs[#subs + 1] = {ply = b.ply, moves = list(bm), branches = list(bb)}
    end
  end
  return out, subs
end

--- analyse_run(progress) -> JSON text {status = "done", engine, seconds_per_move, start = {sfen, score},
-- plies = [...], worst = [...], svg, kif}
function M.analyse_run(progress)
  local g, seconds = prepared.g, prepared.seconds
  -- a bot file is played by a process of its own (this program's `--usi FILE`), as the site's games play it:
  -- a slow or broken bot costs its analysis, never the site; the process ends with the analysis, however
  local e, emsg
  if prepared.bot_file then
    e, emsg = engine.new{cmd = {prepared.program, "--usi", prepared.bot_file}, name = prepared.engine}
    if not e then return nil, emsg end
  end
  local closing <close> = e -- killed if the analysis stops on an error (a stopping site)
  local report, msg = analyse.run(g, {time = seconds, progress = progress, engine = e, name = prepared.engine})
  if e then e:quit() end
  if not report then return nil, msg end
  local plies, pos, prev = {}, g:start(), nil
  for i, e in ipairs(report.plies) do
    local m = e.move
    local western = pos:move_name(m, "western", prev)
    pos = pos:after(m)
    plies[i] = {ply = e.ply, usi = m, side = e.side, western = western, japanese = e.name, sfen = pos:sfen(),
      score = e.score, mate = null_or(e.mate), best = null_or(e.best), best_name = null_or(e.best_name),
      best_score = null_or(e.best_score), pv = list(e.pv or {}), pv_names = e.pv_names, loss = e.loss,
      label = null_or(e.label), depth = null_or(e.depth)}
    prev = m
  end
  local worst = {}
  for i, e in ipairs(report.worst) do
    worst[i] = {ply = e.ply, japanese = e.name, label = e.label, loss = e.loss, best_name = null_or(e.best_name)}
  end
  -- the record's branches (変化), named and placed, for the page to step through (they are not searched)
  local _, branches = line_of(g:start(), nil, g:moves(), 1, g:info().branches)
  local kif, kerr = record.write(analyse.annotate(g, report), "kif")
  if not kif then return nil, kerr end
  return encode({status = "done", engine = report.engine, seconds_per_move = seconds,
    start = {sfen = g:start():sfen(), score = report.start,
    pv = list(report.start_pv or {}), pv_names = report.start_pv_names}, plies = list(plies), worst = list(worst),
    threshold = report.threshold, svg = analyse.graph(report, {width = 720, height = 240}), kif = kif,
    branches = list(branches)})
end

--- line(json) -> JSON text | nil, message: a line played from a position, for the board's own moves
-- (POST /api/analysis/line): json {sfen, moves = [usi...], prev = optional usi (the move before, for 同)};
-- answers {moves = [{ply, usi, western, japanese, sfen}], sfen (the end), legal = [usi...] there}.
-- Every move is the core's to judge: an illegal one is an error naming it.
function M.line(json)
  local ok, req = pcall(cjson.decode, json)
  if not ok or type(req) ~= "table" or #req > 0 then return nil, "malformed JSON: expected an object {sfen = ..., moves = [...]}" end
  if type(req.sfen) ~= "string" then return nil, "sfen: expected the position's SFEN (a string)" end
  local start, perr = core.position(req.sfen)
  if not start then return nil, "sfen: " .. tostring(perr) end
  local moves = req.moves == nil and {} or req.moves
  if type(moves) ~= "table" or #moves > MAX_LINE then
    return nil, string_format("moves: expected a list of at most %d USI moves", MAX_LINE)
  end
  local pos = start
  for i, m in ipairs(moves) do
    local legal = type(m) == "string" and pos:is_legal(m)
    if not legal then
      return nil, string_format("moves[%d]: %s is not a legal move here", i, type(m) == "string" and m or type(m))
    end
    pos = pos:after(m)
  end
  -- the move before (its square makes a recapture 同): a board move or a drop, by its shape alone
  local prev = type(req.prev) == "string" and (req.prev:match("^%d%l%d%l%+?$") or req.prev:match("^%u%*%d%l$")) or nil
  local out = line_of(start, prev, moves, start:ply())
  return encode({moves = list(out), sfen = pos:sfen(), legal = list(pos:legal_moves())})
end

return M
