-- shogi.web_service: what the game site asks of Lua (src/app/web_service.c runs it, each analysis in a
-- lua_State of its own, docs/WEB.md "Analysis").  The site (C, below Lua) hands it JSON text; it answers
-- JSON text.
--   local total = M.analyse_prepare(json, {max_seconds =, default_seconds =, max_bytes =})  -- or nil, msg
--   local json = M.analyse_run(progress)   -- the state's prepared record analysed; progress(done, total)
local cjson = require "cjson"
local web_json = require "shogi.web_json"
local analyse = require "shogi.analyse"
local record = require "shogi.record"

local ipairs, pcall, string_format, type = ipairs, pcall, string.format, type
local _ENV = nil -- luacheck: ignore 211

local M = {}

local FORMATS = {kif = true, ki2 = true, csa = true, jkf = true, usi = true, sfen = true}

local prepared -- {g =, seconds =}: this state's one analysis

--- analyse_prepare(json, limits) -> the positions to search | nil, message (the reader's file:line:col)
-- json: {text = record text (an SFEN, a `position` line, KIF, KI2, CSA, JKF), format = optional,
-- seconds_per_move = optional (default limits.default_seconds, at most limits.max_seconds)}
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
  -- a text without a line break is never taken for a file's path: it is the record itself
  if not text:find("\n", 1, true) then text = text .. "\n" end
  local g, msg = record.read(text, format, {name = "record"})
  if not g then return nil, msg end
  -- a position without moves (a bare SFEN) is analysed too: its score and line
  prepared = {g = g, seconds = seconds}
  return #g:moves() + 1
end

-- JSON's null, empty lists and the text (shogi.web_json: the one encoding the site's Lua services share)
local null_or, list, encode = web_json.null_or, web_json.list, web_json.encode

--- analyse_run(progress) -> JSON text {status = "done", engine, seconds_per_move, start = {sfen, score},
-- plies = [...], worst = [...], svg, kif}
function M.analyse_run(progress)
  local g, seconds = prepared.g, prepared.seconds
  local report, msg = analyse.run(g, {time = seconds, progress = progress})
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
  local kif, kerr = record.write(analyse.annotate(g, report), "kif")
  if not kif then return nil, kerr end
  return encode({status = "done", engine = report.engine, seconds_per_move = seconds,
    start = {sfen = g:start():sfen(), score = report.start,
    pv = list(report.start_pv or {}), pv_names = report.start_pv_names}, plies = list(plies), worst = list(worst),
    threshold = report.threshold, svg = analyse.graph(report, {width = 720, height = 240}), kif = kif})
end

return M
