-- shogi.web_problems: what the site's problem pages ask of Lua (src/app/web_service.c runs it, each call
-- in a lua_State of its own; docs/WEB.md "Problems").  The site (C, below Lua) hands it JSON text and the
-- served problem folder or file (the config's, never the request's); it answers JSON text, or nil, a
-- sentence and an HTTP status.
--   M.list(root)                     -> {problems = [{name, title, author, type, length, stipulation}]}
--   M.show(root, '{"name": NAME}')   -> one problem: its diagram, stipulation and solution move by move
--   M.check_prepare(json, limits, root) -> true | nil, msg, status: the composer's report asked for
--   M.check_run()                    -> the report of the prepared problem (shogi.tsume.check)
-- A problem is named by its file's name in the folder, and only a name the listing gives is opened, so
-- no request reaches a file outside the served folder.
local core = require "shogi.core"
local diagram = require "shogi.diagram"
local folder = require "shogi.tsume.folder"
local json = require "shogi.web_json"
local tsume = require "shogi.tsume"

local ipairs, pairs, pcall, tostring, type = ipairs, pairs, pcall, tostring, type
local math_tointeger, math_type = math.tointeger, math.type
local string_format = string.format
local _ENV = nil -- luacheck: ignore 211

local M = {}

local SFEN_MAX = 256   -- bytes of a pasted SFEN: a full board with both hands is under 100
local LENGTH_MAX = 99  -- the longest stipulation the page may ask (the solver's own limits bound the rest)
local FUTILE = {jsa = true, composer = true, all = true}

-- the served problems: {name = file name, path = its path}, in the folder's order; nil, msg
local function files(root)
  local paths, err = folder.files({root})
  if not paths then return nil, err end
  local out = {}
  for i, path in ipairs(paths) do out[i] = {name = path:match("([^/]+)$"), path = path} end
  return out
end

-- the problem's length as its file states it: length =, a 手数 header, or its solution's moves
local function stated_length(problem)
  if problem.length then return problem.length end
  if problem.solution and #problem.solution > 0 then return #problem.solution end
  return nil
end

-- a reader's message about the file with the file's name, not the server's path to it
local function named(msg, f)
  local text = tostring(msg)
  local at = text:find(f.path, 1, true)
  if at then text = text:sub(1, at - 1) .. f.name .. text:sub(at + #f.path) end
  return text
end

local function summary(f, problem, err)
  if not problem then return {name = f.name, error = named(err, f)} end
  local kind = problem.type or "tsume"
  local length = stated_length(problem)
  return {name = f.name, title = json.null_or(problem.title), author = json.null_or(problem.author), type = kind,
    length = json.null_or(length), stipulation = tsume.stipulation(kind, length)}
end

--- list(root) -> JSON {problems = [{name, title, author, type, length, stipulation} or {name, error}]}
function M.list(root)
  local fs, err = files(root)
  if not fs then return nil, err, 500 end
  local out = {}
  for i, f in ipairs(fs) do out[i] = summary(f, tsume.read(f.path)) end
  return json.encode({problems = json.list(out)})
end

-- the position as the problem is set: read leniently (a composer's diagram may break a rule, which the
-- report then names) and, by the tsume convention, the defender holding the rest of the set when its hand
-- is empty (as shogi.tsume.check does); rest: the defender's hand is the rest of the set (残り全部)
local function set_position(problem)
  local pos, err = core.position(problem.position, {strict = false})
  if not pos then return nil, err end
  local attacker = problem.attacker or pos:side()
  local defender = attacker == "b" and "w" or "b"
  if pos:variant() ~= "standard" then return pos, attacker, false end
  local filled = core.tsume_fill(pos, attacker)
  local empty = true
  for _, n in pairs(pos:hand(defender)) do if n > 0 then empty = false end end
  if problem.fill_hand or (problem.fill_hand == nil and empty) then pos = filled end
  local held = false
  for _, n in pairs(pos:hand(defender)) do if n > 0 then held = true end end
  return pos, attacker, held and pos:sfen() == filled:sfen()
end

-- a line of moves (any notation the position reads; 同 from the move before) as the page steps it:
-- [{usi, side, japanese, western, sfen (after it), in_check}]; stops at the first move that is not legal
local function steps(pos, moves)
  local out, p, prev = {}, pos, nil
  for i, text in ipairs(moves or {}) do
    local ok, usi = pcall(p.parse_move, p, text, nil, prev)
    if not ok or not usi then
      return out, string_format("move %d (%s) does not read: %s", i, tostring(text), tostring(usi))
    end
    local legal, why = p:is_legal(usi)
    if not legal then return out, string_format("move %d (%s) is not legal: %s", i, tostring(text), tostring(why)) end
    local step = {usi = usi, side = p:side(), japanese = p:move_name(usi, "japanese", prev),
      western = p:move_name(usi, "western", prev)}
    p = p:after(usi)
    step.sfen, step.in_check = p:sfen(), p:in_check()
    out[i] = step
    prev = usi
  end
  return out
end

local function find(root, name)
  if type(name) ~= "string" or name == "" then return nil, "expected a problem's name", 400 end
  local fs, err = files(root)
  if not fs then return nil, err, 500 end
  for _, f in ipairs(fs) do if f.name == name then return f end end
  return nil, string_format("no problem '%s' here (GET /api/problems lists them)", name), 404
end

--- show(root, json) -> JSON {name, title, author, type, length, stipulation, notes, sfen, attacker, rest,
-- svg, solution = [steps], solution_error} | nil, msg, status; json: {name = the problem's file name}
function M.show(root, text)
  local req = json.decode(text)
  local f, err, code = find(root, type(req) == "table" and req.name or nil)
  if not f then return nil, err, code end
  local problem, perr = tsume.read(f.path)
  if not problem then return nil, named(perr, f), 422 end
  local pos, attacker, rest = set_position(problem)
  if not pos then return nil, f.name .. ": " .. named(attacker, f), 422 end
  local s = summary(f, problem)
  local caption = s.stipulation .. (problem.author and ("　" .. problem.author) or "")
  local svg = diagram(pos, {title = problem.title or f.name, caption = caption})
  local line, lerr = steps(pos, problem.solution)
  s.notes = json.null_or(type(problem.notes) == "string" and problem.notes or nil)
  s.sfen, s.attacker, s.rest, s.svg = pos:sfen(), attacker, rest, svg
  s.in_check = pos:in_check()
  s.solution, s.solution_error = json.list(line), json.null_or(lerr)
  return json.encode(s)
end

local prepared -- {problem =, opts =, name =}: this state's one report

--- check_prepare(json, limits, root) -> true | nil, msg, status.  json: {name = a listed problem} (its
-- file as it is, solution included) or {sfen, type = "tsume"|"hisshi"|"helpmate"|"selfmate" (default
-- tsume), length = optional moves, futile = optional rule}; limits: {max_seconds =}
function M.check_prepare(text, limits, root)
  local req = json.decode(text)
  if type(req) ~= "table" or #req > 0 then return nil, "malformed JSON: expected an object {sfen = ...}", 400 end
  for k in pairs(req) do
    if k ~= "name" and k ~= "sfen" and k ~= "type" and k ~= "length" and k ~= "futile" then
      return nil, string_format("unknown field '%s' (expected name, or sfen, type, length, futile)", tostring(k)), 400
    end
  end
  local opts = {time = limits.max_seconds}
  if req.futile ~= nil and req.futile ~= json.null then
    if not FUTILE[req.futile] then return nil, "futile: expected \"jsa\", \"composer\" or \"all\"", 400 end
    opts.futile = req.futile
  end
  if req.name ~= nil then
    if req.sfen ~= nil then return nil, "name or sfen, not both", 400 end
    if not root then return nil, "this server serves no problems (--problems DIR)", 404 end
    local f, err, code = find(root, req.name)
    if not f then return nil, err, code end
    local problem, perr = tsume.read(f.path)
    if not problem then return nil, named(perr, f), 422 end
    prepared = {problem = problem, opts = opts, name = f.name, file = f}
    return true
  end
  local sfen, kind, length = req.sfen, req.type, req.length
  if type(sfen) ~= "string" or sfen == "" then return nil, "sfen: expected the position (an SFEN)", 400 end
  if #sfen > SFEN_MAX then return nil, string_format("sfen: over %d bytes", SFEN_MAX), 400 end
  if kind == nil or kind == json.null then kind = "tsume" end
  if not tsume.TYPES[kind] then return nil, "type: expected \"tsume\", \"hisshi\", \"helpmate\" or \"selfmate\"", 400 end
  if length == json.null then length = nil end
  -- JSON's numbers come as floats: 3.0 is 3 moves, 2.5 none
  if length ~= nil then length = math_tointeger(length) or length end
  if length ~= nil and (math_type(length) ~= "integer" or length < 1 or length > LENGTH_MAX) then
    return nil, string_format("length: expected a whole number of moves from 1 to %d", LENGTH_MAX), 400
  end
  local pos, err = core.position(sfen, {strict = false})
  if not pos then return nil, "sfen: " .. tostring(err), 400 end
  prepared = {problem = {position = pos:sfen(), type = kind ~= "tsume" and kind or nil, length = length},
    opts = opts}
  return true
end

local function items(list)
  local out = {}
  for i, x in ipairs(list or {}) do out[i] = {kind = x.kind, text = x.text, ply = json.null_or(x.ply)} end
  return json.list(out)
end

--- check_run() -> JSON {status = "done", name, type, stipulation, sfen, verdict = {sound, kind, text,
-- faults, notes}, text (the whole report as scripts/tsume check prints it), unneeded = [{square, piece}],
-- leftover, solver = {status, length}, line = [steps] (the line the report followed), nodes, seconds}
function M.check_run()
  local problem, opts = prepared.problem, prepared.opts
  local report, err = tsume.check(problem, opts)
  if not report then return nil, prepared.file and named(err, prepared.file) or err end
  local kind = report.type or problem.type or "tsume"
  local length = report.intended_length or report.length or problem.length
  local pos = core.position(report.position, {strict = false})
  local line = pos and steps(pos, report.checked_line) or {}
  local unneeded = {}
  for i, u in ipairs(report.unneeded or {}) do unneeded[i] = {square = u.square, piece = u.piece} end
  local v = report.verdict
  return json.encode({status = "done", name = json.null_or(prepared.name), type = kind,
    stipulation = tsume.stipulation(kind, math_type(length) == "integer" and length or nil),
    sfen = report.position, title = json.null_or(report.title),
    verdict = {sound = v.sound, kind = v.kind, text = v.text, faults = items(v.faults), notes = items(v.notes)},
    text = report.text, unneeded = json.list(unneeded), leftover = json.null_or(report.leftover),
    solver = {status = json.null_or(report.status), length = json.null_or(report.length)},
    line = json.list(line), nodes = report.nodes or 0, seconds = report.seconds or 0})
end

return M
