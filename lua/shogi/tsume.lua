-- Tsume: the solver (shogi.solve, in C: src/mate/dfpn.c) and the composer's
-- checker (shogi.tsume.check), which asks the solver many small questions:
-- is the intended line the shortest mate against the longest defence, which
-- other attacker moves also mate (duals, 余詰), which other defences are as
-- long with nothing left over (変同) or longer (変長), what is left in the
-- attacker's hand at the end (駒余り), which board pieces are not needed.
--
--   local tsume = require "shogi.tsume"
--   tsume.solve(pos, {nodes = 1e6})      -> {status, length, pv, nodes, seconds}
--   tsume.check("examples/tsume/x.lua")  -> report (report.text to read)
local core = require "shogi.core"
local line_reader = require "shogi.tsume.line"

local error, ipairs, pairs, pcall, require = error, ipairs, pairs, pcall, require
local tonumber, tostring, type = tonumber, tostring, type
local math_type = math.type
local io_open = io.open
local string_format, string_gmatch, string_find = string.format, string.gmatch, string.find
local table_concat, table_insert, table_sort = table.concat, table.insert, table.sort
local os_clock = os.clock
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- ---- positions and moves --------------------------------------------------------------
local function is_position(x)
  local ok, sfen = pcall(function() return x:sfen() end)
  return ok and type(sfen) == "string"
end

-- a position from a position, a game or SFEN text; nil, msg for bad text
local function to_position(x, what)
  if type(x) == "string" then return core.position(x) end
  if (type(x) == "userdata" or type(x) == "table") and is_position(x) then
    if x.position and type(x.position) == "function" then
      local ok, p = pcall(x.position, x)
      if ok and is_position(p) then return p end
    end
    return core.position(x) -- a copy, with its variant
  end
  error(string_format("bad argument #1 to '%s' (position, game or SFEN expected, got %s)", what, type(x)), 3)
end

local function side_of(pos) return pos:side() end

-- a move in any notation the position reads, as USI; nil, msg if not legal;
-- prev (the previous move, USI) gives 同 its square
local function read_move(pos, text, prev)
  local usi = text
  if pos.parse_move then
    local ok, u = pcall(pos.parse_move, pos, text, nil, prev)
    if ok and u then usi = u end
  end
  local ok, legal, why = pcall(pos.is_legal, pos, usi)
  if not ok then return nil, tostring(legal) end
  if not legal then return nil, why end
  return usi
end

local function hand_left(pos, side)
  local h = pos:hand(side)
  local parts, any = {}, false
  for _, t in ipairs(core.pieces(pos:variant()).hand_order) do
    if h[t] and h[t] > 0 then
      any = true
      parts[#parts + 1] = h[t] > 1 and (t .. h[t]) or t
    end
  end
  return any and table_concat(parts, " ") or nil, h
end

local function play_line(pos, moves, upto)
  local p = pos
  for i = 1, upto or #moves do p = p:after(moves[i]) end
  return p
end

-- ---- solving ---------------------------------------------------------------------------
local SOLVE_KEYS = {nodes = true, time = true, tt_mb = true, futile = true, max_length = true,
  attacker = true, fill_hand = true, shortest = true, pv = true, type = true}

-- the problem types shogi.solve takes (type =) and the options each reads
M.TYPES = {tsume = true, helpmate = true, hisshi = true, selfmate = true}
local HELPMATE_KEYS = {type = true, nodes = true, max_length = true, length = true, max_solutions = true}

-- ばか詰: core.helpmate (src/mate/helpmate.c); pv is the first solution
local function solve_helpmate(pos, opts)
  local o = {}
  for k, v in pairs(opts) do
    if not HELPMATE_KEYS[k] then error("bad argument #2 to 'solve' (option '" .. tostring(k)
      .. "' does not apply to type \"helpmate\")", 3) end
    if k ~= "type" then o[k] = v end
  end
  local t0 = os_clock()
  local r = core.helpmate(pos, o)
  r.type = "helpmate"
  r.pv = r.solutions[1]
  r.exact = r.status == "mate"
  r.position = pos:sfen()
  r.attacker = side_of(pos)
  r.seconds = os_clock() - t0
  return r
end

--- tsume.cannot_solve(pos, attacker) -> nil, or the sentence saying why the
-- solver cannot take the position (so it is never reported as "no mate")
function M.cannot_solve(pos, attacker)
  if pos:variant() ~= "standard" then
    return "the tsume solver takes standard shogi positions, and this is " .. pos:variant() .. " shogi"
  end
  local defender = attacker == "b" and "w" or "b"
  local kings = 0
  for _, pc in pairs(pos:pieces(defender)) do if pc == "K" or pc == "k" then kings = kings + 1 end end
  if kings == 0 then return "the defender has no king to mate" end
  return nil
end

--- shogi.solve(pos, opts) -> {status = "mate"|"nomate"|"unknown", length, pv, exact, nodes, seconds}
-- | nil, msg for a position the solver cannot take (Sho, no defender king)
function M.solve(x, opts)
  local pos, msg = to_position(x, "solve")
  if not pos then return nil, msg end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'solve' (options table expected, got " .. type(opts) .. ")", 2)
  end
  local kind = (opts or {}).type or "tsume"
  if not M.TYPES[kind] then
    error("bad argument #2 to 'solve' (type must be \"tsume\", \"helpmate\", \"hisshi\" or \"selfmate\", got '"
      .. tostring(kind) .. "')", 2)
  end
  if kind == "hisshi" or kind == "selfmate" then
    local cannot = M.cannot_solve(pos, side_of(pos))
    if not cannot and kind == "selfmate" then
      local king = false
      for _, pc in pairs(pos:pieces(side_of(pos))) do if pc == "K" or pc == "k" then king = true end end
      if not king then cannot = "the attacker has no king, and a selfmate mates the attacker's king" end
    end
    if cannot then return nil, "solve: " .. cannot end
    return require("shogi.tsume." .. kind).solve(pos, opts)
  end
  if kind == "helpmate" then
    local cannot = M.cannot_solve(pos, side_of(pos))
    if cannot then return nil, "solve: " .. cannot end
    return solve_helpmate(pos, opts)
  end
  local o = {}
  for k, v in pairs(opts or {}) do
    if not SOLVE_KEYS[k] then error("bad argument #2 to 'solve' (unknown option '" .. tostring(k) .. "')", 2) end
    if k ~= "type" then o[k] = v end
  end
  local attacker = o.attacker or side_of(pos)
  local cannot = (attacker == "b" or attacker == "w") and M.cannot_solve(pos, attacker) -- else core.solve says why
  if cannot then return nil, "solve: " .. cannot end
  local r = core.solve(pos, o)
  r.position = pos:sfen()
  r.attacker = o.attacker or side_of(pos)
  return r
end

-- ---- problems --------------------------------------------------------------------------
local PROBLEM_KEYS = {position = true, title = true, author = true, solution = true, notes = true,
  attacker = true, fill_hand = true, source = true, expected = true, file = true, futile = true,
  length = true, type = true, escapes = true}

local function split_moves(s)
  local t = {}
  for w in string_gmatch(s, "%S+") do t[#t + 1] = w end
  return t
end

-- a problem from a table, a Lua file returning one, or Lua text; nil, msg on bad input
function M.load(x)
  local t, src = x, "problem"
  if type(x) == "string" then
    local f = io_open(x, "r")
    local v, err
    if f then
      f:close()
      src = x
      v, err = require("shogi.sandbox").load(x) -- 1 s of CPU, 64 MiB, data only
    elseif string_find(x, "return", 1, true) then
      v, err = require("shogi.sandbox").load(x, {text = true, name = "problem"})
    else
      return nil, x .. ":1:1: cannot open the problem file"
    end
    if err then return nil, err end
    t = v
  elseif type(x) ~= "table" then
    error("bad argument #1 to 'load' (problem table or file name expected, got " .. type(x) .. ")", 2)
  end
  if type(t) ~= "table" then return nil, src .. ":1:1: a problem file must return a table" end
  for k in pairs(t) do
    if not PROBLEM_KEYS[k] then return nil, src .. ":1:1: unknown problem field '" .. tostring(k) .. "'" end
  end
  if type(t.position) ~= "string" then return nil, src .. ":1:1: the problem has no 'position' (an SFEN)" end
  if t.futile ~= nil and t.futile ~= "jsa" and t.futile ~= "composer" and t.futile ~= "all" then
    return nil, src .. ":1:1: 'futile' must be \"jsa\", \"composer\" or \"all\""
  end
  if t.type ~= nil and not M.TYPES[t.type] then
    return nil, src .. ":1:1: 'type' must be \"tsume\", \"helpmate\", \"hisshi\" or \"selfmate\""
  end
  if t.escapes ~= nil and (math_type(t.escapes) ~= "integer" or t.escapes < 0 or t.escapes > 8) then
    return nil, src .. ":1:1: 'escapes' must be a whole number, 0 to 8"
  end
  if t.length ~= nil and (math_type(t.length) ~= "integer" or t.length < 1) then
    return nil, src .. ":1:1: 'length' must be a whole number of moves"
  end
  local sol = t.solution
  if type(sol) == "string" then sol = split_moves(sol)
  elseif sol ~= nil and type(sol) ~= "table" then
    return nil, src .. ":1:1: 'solution' must be a list of moves or a string of moves"
  end
  return {position = t.position, title = t.title, author = t.author, notes = t.notes, source = t.source,
    solution = sol, attacker = t.attacker, fill_hand = t.fill_hand, expected = t.expected, futile = t.futile, length = t.length, type = t.type, escapes = t.escapes,
    file = type(t.file) == "string" and t.file or src}
end

-- ---- the composer's report -------------------------------------------------------------
local CHECK_DEFAULTS = {nodes = 5000000, sub_nodes = 300000, tt_mb = 64, futile = "jsa", time = 0,
  duals = true, variations = true, pieces = true, rules = true}

-- the futile-interposition rules the report compares, and their names in it
local RULES = {"jsa", "composer"}
local RULE_NAMES = {jsa = "the jsa rule", composer = "the composers' rule", all = "the all rule"}

local function sub_solve(pos, attacker, settings, max_length, shortest)
  return core.solve(pos, {nodes = settings.sub_nodes, tt_mb = settings.tt_mb, futile = settings.futile,
    attacker = attacker, max_length = max_length, shortest = shortest ~= false})
end

local function line_text(moves) return table_concat(moves, " ") end

local function add_fault(report, text) report.faults[#report.faults + 1] = text end

-- the intended line, checked move by move; fills report.solution_faults
local function read_solution(report, pos, attacker, solution)
  return line_reader.read(report, pos, solution, read_move, line_reader.attacker_checks(report, attacker))
end

-- a tsume record (a game, or a KIF, KI2, CSA or JKF file) as a problem: its
-- start is the diagram and its moves the intended solution
local RECORD_EXTENSIONS = {kif = true, kifu = true, ki2 = true, ki2u = true, csa = true, jkf = true,
  bod = true}
-- a .usi or .sfen file is one position line: the problem is the position after its moves
local POSITION_EXTENSIONS = {usi = true, sfen = true}

local function problem_of_game(g, file)
  local info = g.info and g:info() or {}
  local headers = type(info.headers) == "table" and info.headers or {}
  local moves = g:moves()
  local title = headers["表題"] or headers["棋戦"]
  -- the stipulation: a 手数 (or 詰手数) header, else "N手詰" in the title
  local stip = tostring(headers["手数"] or headers["詰手数"] or ""):match("^%s*(%d+)")
    or tostring(title or ""):match("(%d+)手詰")
  -- the genre from the title or a 種類 header: "3手必至", "自玉詰" (else a tsume)
  local kind
  local genre = tostring(headers["種類"] or "") .. " " .. tostring(title or "")
  local hisshi = genre:match("(%d+)手必至") or (string_find(genre, "必至", 1, true) and "")
  if hisshi then kind, stip = "hisshi", hisshi ~= "" and hisshi or nil
  elseif string_find(genre, "自玉詰", 1, true) then
    kind = "selfmate"
    stip = genre:match("自玉詰%D*(%d+)手") or genre:match("(%d+)手自玉詰")
  end
  -- a diagram with no moves (a BOD, a KIF of the start alone) has no intended line
  return {position = g:start():sfen(), solution = #moves > 0 and moves or nil, title = title,
    author = headers["作者"], file = file, length = stip and tonumber(stip) or nil, type = kind}
end

local function as_problem(x)
  if type(x) == "userdata" and is_position(x) and type(x.moves) == "function" and type(x.start) == "function" then
    return problem_of_game(x, "game")
  end
  if type(x) == "string" and not string_find(x, "\n", 1, true) then
    local ext = x:match("%.(%w+)$")
    if ext and RECORD_EXTENSIONS[ext:lower()] then
      local g, msg = require("shogi.record").read(x)
      if not g then return nil, msg end
      return problem_of_game(g, x)
    end
    if ext and POSITION_EXTENSIONS[ext:lower()] then
      local g, msg = require("shogi.record").read(x, "usi")
      if not g then return nil, msg end
      return {position = g:position():sfen(), file = x}
    end
  end
  return M.load(x)
end

--- tsume.read(x) -> problem | nil, msg: a problem as shogi.tsume.check reads it (a problem file of
-- any format, a loaded problem, Lua text, a record or position file, a game), not yet checked
M.read = as_problem

-- the stipulation's words by genre (N手詰, N手必至, ばか詰N手, 自玉詰N手)
local STIPULATION = {tsume = "%d手詰", hisshi = "%d手必至", helpmate = "ばか詰%d手", selfmate = "自玉詰%d手"}
local GENRE_NAME = {tsume = "詰将棋", hisshi = "必至", helpmate = "ばか詰", selfmate = "自玉詰"}

--- tsume.stipulation(type, length) -> "3手詰", "3手必至", "ばか詰5手", "自玉詰7手"; without a length
-- the genre's name alone ("詰将棋", "必至", ...).  type nil is a tsume.
function M.stipulation(kind, length)
  kind = kind or "tsume"
  if not STIPULATION[kind] then
    error("bad argument #1 to 'stipulation' (\"tsume\", \"hisshi\", \"helpmate\" or \"selfmate\" expected)", 2)
  end
  if math_type(length) ~= "integer" then return GENRE_NAME[kind] end
  return string_format(STIPULATION[kind], length)
end

-- does the line still mate in q, with no attacker move mating before its
-- last move besides the line's own and the duals the problem had already?
local function keeps_line(q, line, attacker, known_duals, solve_in)
  local p = q
  for i, m in ipairs(line) do
    local ok, legal = pcall(p.is_legal, p, m)
    if not (ok and legal) then return false end
    if p:side() == attacker and i < #line then
      for _, c in ipairs(p:checks()) do
        if c ~= m and not known_duals[i .. " " .. c] then
          local r = solve_in(p:after(c), #line - i - 1)
          if r.status == "mate" then return false end
        end
      end
    end
    p = p:after(m)
  end
  return p:is_mate()
end

-- a USI move reflected in the 5th file (file f to 10 - f)
local function mirror_move(m)
  return (m:gsub("(%d)(%l)", function(f, rank) return tostring(10 - tonumber(f)) .. rank end))
end

-- the helpmate's solutions counted up to mirror images when the start is symmetric about the 5th file
-- (board and hands; composers do not count the mirror of a solution as a second one); nil when the start
-- is not symmetric or not every solution was listed
local function mirror_classes(pos, r)
  if r.status ~= "mate" or r.count < 2 or #r.solutions < r.count then return nil end
  local m = pos:edit{mirror = true}
  if not m or m:sfen() ~= pos:sfen() then return nil end
  local seen, classes = {}, 0
  for _, l in ipairs(r.solutions) do
    local text = table_concat(l, " ")
    if not seen[text] then
      classes = classes + 1
      seen[text] = true
      local mirrored = {}
      for i, x in ipairs(l) do mirrored[i] = mirror_move(x) end
      seen[table_concat(mirrored, " ")] = true
    end
  end
  return classes
end

-- the report of a helpmate problem (type = "helpmate"): its solutions of the intended (or
-- stipulated, else the shortest) length; sound when there is exactly one and it is the intended line
local function check_helpmate(report, pos, problem, settings, t0)
  report.type = "helpmate"
  local intended = problem.solution and line_reader.read(report, pos, problem.solution, read_move) or nil
  local length = (intended and #intended % 2 == 1 and #intended) or problem.length
  local r = core.helpmate(pos, {length = length, max_length = 9,
    nodes = settings.nodes, max_solutions = 20})
  report.nodes = r.nodes
  report.status, report.length, report.exact = r.status, r.length, r.status == "mate"
  report.solutions, report.count = r.solutions, r.count
  report.main_line = r.solutions[1]
  report.checked_line = intended or r.solutions[1]
  report.intended_line, report.intended_length = intended, intended and #intended
  local shortest = length and r.status == "mate" and core.helpmate(pos, {max_length = length, nodes = settings.nodes})
  local faults, notes = {}, {}
  local function add(list, kind, text) list[#list + 1] = {kind = kind, text = text} end
  if not report.valid then add(faults, "invalid-start", "invalid start: " .. table_concat(report.faults, "; ")) end
  for _, f in ipairs(report.solution_faults) do add(faults, "wrong-solution", "wrong solution: " .. f) end
  if r.status == "nomate" then add(faults, "no-mate", length and ("no helpmate in " .. length) or "no helpmate")
  elseif r.status == "unknown" then add(faults, "undecided", "undecided (the solver hit its limit)") end
  if intended and r.status == "mate" then
    local text, found = table_concat(intended, " "), false
    for _, l in ipairs(r.solutions) do found = found or table_concat(l, " ") == text end
    if not found then add(faults, "wrong-solution", "wrong solution: the intended line is not a helpmate") end
  end
  if shortest and shortest.status == "mate" and shortest.length < r.length then
    add(faults, "wrong-length", string_format("wrong length: a helpmate in %d (%s)", shortest.length,
      table_concat(shortest.solutions[1], " ")))
  end
  local distinct = mirror_classes(pos, r)
  if distinct and distinct < r.count then
    report.distinct = distinct
    if distinct == 1 then
      add(notes, "mirror", string_format("%d solutions, one the mirror image of the other in a start symmetric "
        .. "about the 5th file: one solution", r.count))
    end
  end
  if (report.distinct or r.count) > 1 then
    add(faults, "cooked", string_format("cooked: %d solutions%s", r.count,
      report.distinct and string_format(" (%d up to mirror images)", report.distinct) or ""))
  end
  report.verdict = require("shogi.tsume.verdict").from(faults, notes)
  report.seconds = os_clock() - t0
  local out = {}
  if report.title then out[#out + 1] = report.title .. (report.author and ("  (" .. report.author .. ")") or "") end
  out[#out + 1] = "type: helpmate (ばか詰)"
  out[#out + 1] = "position: " .. report.position
  for _, f in ipairs(report.faults) do out[#out + 1] = "  fault: " .. f end
  out[#out + 1] = "solver: " .. (r.status == "mate" and string_format("helpmate in %d, %d solution%s", r.length,
    r.count, r.count == 1 and "" or "s") or r.status)
  for _, l in ipairs(r.solutions) do out[#out + 1] = "  " .. table_concat(l, " ") end
  if intended then out[#out + 1] = string_format("intended line: %s (%d moves)", table_concat(intended, " "), #intended) end
  for _, n in ipairs(notes) do out[#out + 1] = "  note: " .. n.text end
  out[#out + 1] = "verdict: " .. report.verdict.text
  out[#out + 1] = string_format("searched %d nodes in %.2f s", report.nodes, report.seconds)
  report.text = table_concat(out, "\n")
  return report
end

--- shogi.tsume.check(problem [, opts]) -> report
-- problem: a problem file, a loaded problem (shogi.tsume.load), Lua text, a
-- tsume record (KIF, KI2, CSA, JKF, BOD: its start and its moves), a .usi or
-- .sfen position line (the position after its moves) or a game.
function M.check(x, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'check' (options table expected, got " .. type(opts) .. ")", 2)
  end
  local problem, msg = as_problem(x)
  if not problem then return nil, msg end
  local settings = {}
  for k, v in pairs(CHECK_DEFAULTS) do settings[k] = v end
  -- the problem's own futile-interposition rule, unless the caller names one
  if problem.futile ~= nil then settings.futile = problem.futile end
  for k, v in pairs(opts or {}) do
    if CHECK_DEFAULTS[k] == nil then error("bad argument #2 to 'check' (unknown option '" .. tostring(k) .. "')", 2) end
    settings[k] = v
  end
  -- read leniently, so the report can name every rule the diagram breaks
  local pos, perr = core.position(problem.position, {strict = false})
  if not pos then return nil, (problem.file or "problem") .. ": " .. perr end
  local attacker = problem.attacker or pos:side()
  local warnings = {}
  -- The tsume convention: the defender holds every piece not on the board or in
  -- the attacker's hand.  A diagram with an empty defender hand and pieces
  -- unaccounted for gets them (fill_hand = false keeps the hand empty).
  local defender = attacker == "b" and "w" or "b"
  local filled = pos:variant() == "standard" and core.tsume_fill(pos, attacker) or pos
  local empty = true
  for _, n in pairs(pos:hand(defender)) do if n > 0 then empty = false end end
  if problem.fill_hand or (problem.fill_hand == nil and empty and filled:sfen() ~= pos:sfen()) then
    if not problem.fill_hand then
      warnings[#warnings + 1] = "the defender's hand was empty: it holds the rest of the set (the tsume "
        .. "convention; fill_hand = false keeps it empty)"
    end
    pos = filled
  elseif problem.fill_hand == false and filled:sfen() ~= pos:sfen() then
    warnings[#warnings + 1] = "pieces of the set are unaccounted for and the defender's hand stays empty "
      .. "(fill_hand = false)"
  end
  local t0 = os_clock()
  local report = {title = problem.title, author = problem.author, notes = problem.notes,
    position = pos:sfen(), attacker = attacker, faults = core.tsume_faults(pos, attacker),
    warnings = warnings, solution_faults = {}, duals = {}, variations = {}, unneeded = {}, nodes = 0}
  report.valid = #report.faults == 0
  local function count(r) report.nodes = report.nodes + (r.nodes or 0); return r end

  local cannot = M.cannot_solve(pos, attacker)
  if cannot then
    report.status, report.cannot = "cannot", cannot
    report.seconds = os_clock() - t0
    report.verdict = require("shogi.tsume.verdict").of(report)
    report.text = M.format(report)
    return report
  end
  if problem.type == "helpmate" then return check_helpmate(report, pos, problem, settings, t0) end
  if problem.type == "hisshi" or problem.type == "selfmate" then
    return require("shogi.tsume." .. problem.type).check(report, pos, problem, settings, read_move)
  end
  local root = count(core.solve(pos, {nodes = settings.nodes, time = settings.time, tt_mb = settings.tt_mb,
    futile = settings.futile, attacker = attacker}))
  report.status, report.length, report.exact = root.status, root.length, root.exact
  report.solver_line = root.pv
  report.futile = settings.futile
  -- the length under each futile-interposition rule: the composers' rule
  -- leaves out drops the jsa rule counts (next to the king or the checker)
  if settings.rules then
    report.rule_lengths = {}
    for _, rule in ipairs(RULES) do
      local r = rule == settings.futile and root or count(core.solve(pos, {nodes = settings.nodes,
        time = settings.time, tt_mb = settings.tt_mb, futile = rule, attacker = attacker, pv = false}))
      report.rule_lengths[#report.rule_lengths + 1] = {rule = rule, status = r.status, length = r.length,
        exact = r.exact}
    end
  end

  -- The main line is the solver's; the intended line is the composer's.  The
  -- checks below (leftovers, duals, variations) follow the intended line when
  -- there is one, else the main line.
  if root.status == "mate" then report.main_line = root.pv end
  local main
  if problem.solution then
    local line, final = read_solution(report, pos, attacker, problem.solution)
    if line then
      report.intended_length = #line
      local fin = count(sub_solve(final, attacker, settings, nil, true))
      if not (final:side() ~= attacker and fin.status == "mate" and fin.length == 0) then
        report.solution_faults[#report.solution_faults + 1] = "the intended line does not end in mate"
      end
      if root.status == "mate" and root.exact and root.length < #line then
        report.solution_faults[#report.solution_faults + 1] = string_format(
          "the solver mates in %d, shorter than the intended %d: %s", root.length, #line, line_text(root.pv or {}))
      elseif root.status == "mate" and root.exact and root.length > #line then
        report.solution_faults[#report.solution_faults + 1] = string_format(
          "the defence can last %d moves, longer than the intended %d: %s%s", root.length, #line,
          line_text(root.pv or {}), M.rule_hint(report, #line))
      end
      main = line
      report.intended_line = line
    end
  elseif root.status == "mate" then
    main = root.pv
  end
  -- the stipulated length (length =, a record's 手数 header or an "N手詰" title) without a line
  if not report.intended_line and problem.length and root.status == "mate" and root.exact
      and root.length ~= problem.length then
    report.intended_length = problem.length
    report.solution_faults[#report.solution_faults + 1] = string_format(
      root.length < problem.length and "the solver mates in %d, shorter than the stipulated %d: %s"
        or "the defence can last %d moves, longer than the stipulated %d: %s",
      root.length, problem.length, line_text(root.pv or {}))
  end
  report.stipulated_length = problem.length
  report.checked_line = main
  if root.status == "nomate" then add_fault(report, "no mate") end
  if root.status == "unknown" then add_fault(report, "the solver hit its limit before deciding") end
  if not main or #main == 0 then
    report.seconds = os_clock() - t0
    report.verdict = require("shogi.tsume.verdict").of(report)
    report.text = M.format(report)
    return report
  end
  local L = #main

  -- leftovers at the end of the main line
  local final = play_line(pos, main)
  report.leftover = hand_left(final, attacker)

  -- duals: other attacker moves that mate within what is left
  local p = pos
  for i = 1, L do
    local mover = p:side()
    local rest = L - i + 1
    if mover == attacker and settings.duals then
      for _, m in ipairs(p:checks()) do
        if m ~= main[i] then
          local after = p:after(m)
          local r = count(sub_solve(after, attacker, settings, rest - 1, true))
          if r.status == "mate" then
            local l = {m}
            for _, mv in ipairs(r.pv or {}) do l[#l + 1] = mv end
            table_insert(report.duals, {ply = i, move = m, length = r.length + 1, line = l,
              final = i == L})
          end
        end
      end
    elseif mover ~= attacker and settings.variations then
      for _, m in ipairs(core.tsume_evasions(p, settings.futile)) do
        if m ~= main[i] then
          local after = p:after(m)
          local r = count(sub_solve(after, attacker, settings, nil, true))
          local v = {ply = i, move = m}
          if r.status == "mate" then
            v.length = r.length + 1
            local l = {m}
            for _, mv in ipairs(r.pv or {}) do l[#l + 1] = mv end
            v.line = l
            local left = hand_left(play_line(after, r.pv or {}), attacker)
            if v.length > rest then v.kind = "longer"
            elseif v.length == rest and not left then v.kind = "same" end
          elseif r.status == "nomate" then
            v.kind = "escape"
          end
          if v.kind then table_insert(report.variations, v) end
        end
      end
    end
    p = p:after(main[i])
  end

  -- board pieces the mate does not need
  if settings.pieces and root.status == "mate" then
    -- a piece is needed when without it the line no longer mates or another
    -- attacker move mates before the last move (it stopped a cook)
    local known_duals = {}
    for _, d in ipairs(report.duals) do known_duals[d.ply .. " " .. d.move] = true end
    local function solve_in(q, max_length) return count(sub_solve(q, attacker, settings, max_length, true)) end
    local squares = {}
    for sq, piece in pairs(pos:pieces()) do
      if piece ~= "K" and piece ~= "k" then squares[#squares + 1] = sq end
    end
    table_sort(squares)
    for _, sq in ipairs(squares) do
      local q = core.tsume_remove(pos, sq, attacker)
      if q and #core.tsume_faults(q, attacker) == 0 then
        local r = count(sub_solve(q, attacker, settings, root.length, true))
        if r.status == "mate" and r.length == root.length and keeps_line(q, main, attacker, known_duals, solve_in) then
          table_insert(report.unneeded, {square = sq, piece = pos:at(sq)})
        end
      end
    end
  end
  report.seconds = os_clock() - t0
  report.verdict = require("shogi.tsume.verdict").of(report)
  report.text = M.format(report)
  return report
end

-- ---- the futile-interposition rules compared --------------------------------------------
local function rule_result(x)
  if x.status ~= "mate" then return x.status end
  return string_format("%d moves%s", x.length, x.exact and "" or " (shortest not proven)")
end

--- shogi.tsume.rules_disagree(report) -> nil when every rule compared gives the
-- same result, else "51 moves under the jsa rule, 49 under the composers' rule"
function M.rules_disagree(report)
  local rl = report.rule_lengths
  if type(rl) ~= "table" or #rl < 2 then return nil end
  local same = true
  for i = 2, #rl do
    if rl[i].status ~= rl[1].status or rl[i].length ~= rl[1].length then same = false end
  end
  if same then return nil end
  local parts = {}
  for i, x in ipairs(rl) do
    local text = rule_result(x)
    if i > 1 then text = text:gsub(" moves", "", 1) end
    parts[#parts + 1] = text .. " under " .. RULE_NAMES[x.rule]
  end
  return table_concat(parts, ", ")
end

-- " (49 under the composers' rule: futile = \"composer\")" when another rule
-- gives the intended length
function M.rule_hint(report, len)
  for _, x in ipairs(report.rule_lengths or {}) do
    if x.rule ~= report.futile and x.status == "mate" and x.length == len then
      return string_format(" (%d under %s: futile = \"%s\")", len, RULE_NAMES[x.rule], x.rule)
    end
  end
  return ""
end

-- ---- text ------------------------------------------------------------------------------
--- shogi.tsume.format(report) -> readable text
function M.format(report)
  if type(report) ~= "table" then
    error("bad argument #1 to 'format' (report table expected, got " .. type(report) .. ")", 2)
  end
  local out = {}
  local function say(...) out[#out + 1] = string_format(...) end
  if report.title then say("%s%s", report.title, report.author and ("  (" .. report.author .. ")") or "") end
  say("position: %s", report.position or "?")
  if report.valid then say("diagram: a valid tsume start")
  else
    say("diagram: NOT a valid tsume start")
  end
  for _, f in ipairs(report.faults or {}) do say("  fault: %s", f) end
  if report.status == "mate" then
    say("solver: mate in %d%s", report.length, report.exact and "" or " (shortest not proven)")
  elseif report.status == "cannot" then
    say("solver: cannot solve it: %s", report.cannot)
  else
    say("solver: %s", report.status or "?")
  end
  local disagree = M.rules_disagree(report)
  if disagree then say("futile interpositions: the rules disagree: %s", disagree) end
  for _, w in ipairs(report.warnings or {}) do say("warning: %s", w) end
  if report.main_line then say("main line: %s", line_text(report.main_line)) end
  if report.intended_line then
    say("intended line: %s (%d moves)", line_text(report.intended_line), report.intended_length)
  elseif report.stipulated_length then
    say("stipulated: mate in %d", report.stipulated_length)
  end
  for _, f in ipairs(report.solution_faults or {}) do say("  solution: %s", f) end
  if report.checked_line then
    say("leftover in hand (駒余り)%s: %s", report.intended_line and " after the intended line" or "",
      report.leftover or "none")
  end
  if #(report.duals or {}) == 0 then say("duals (余詰): none")
  else
    say("duals (余詰): %d", #report.duals)
    for _, d in ipairs(report.duals) do
      say("  move %d: %s also mates in %d%s: %s", d.ply, d.move, d.length,
        d.final and " (last move)" or "", line_text(d.line))
    end
  end
  local kinds = {same = "same length, nothing left over (変同)", longer = "longer (変長)",
    escape = "no mate: the defence escapes"}
  if #(report.variations or {}) == 0 then say("variations: none of note")
  else
    say("variations: %d", #report.variations)
    for _, v in ipairs(report.variations) do
      say("  move %d: %s is %s%s%s", v.ply, v.move, kinds[v.kind],
        v.length and string_format(", %d moves", v.length) or "",
        v.line and (": " .. line_text(v.line)) or "")
    end
  end
  if #(report.unneeded or {}) == 0 then say("unneeded pieces: none")
  else
    local parts = {}
    for _, u in ipairs(report.unneeded) do parts[#parts + 1] = u.piece .. " " .. u.square end
    say("unneeded pieces: %s", table_concat(parts, ", "))
  end
  if report.verdict then
    say("verdict: %s", report.verdict.text)
    for _, n in ipairs(report.verdict.notes) do say("  note: %s", n.text) end
  end
  if report.nodes then say("searched %d nodes in %.2f s", report.nodes, report.seconds or 0) end
  return table_concat(out, "\n")
end

-- ---- the solution as a record ----------------------------------------------------------
--- shogi.tsume.record(report [, format]) -> text | nil, msg: the checked line
-- (the intended one, else the solver's main line) as a KIF (or "ki2") record
-- from the problem's start, with 表題 and 作者, every variation and dual of
-- the report as a branch (変化：N手) and the report as the opening comment.
function M.record(report, format)
  if type(report) ~= "table" or type(report.position) ~= "string" then
    error("bad argument #1 to 'record' (a report expected)", 2)
  end
  format = format or "kif"
  if format ~= "kif" and format ~= "ki2" then
    error("bad argument #2 to 'record' (\"kif\" or \"ki2\" expected)", 2)
  end
  -- a hisshi's record goes on past its line: the defence with the longest mate (record_line)
  local line = report.record_line or report.checked_line or report.main_line
  if not line or #line == 0 then return nil, "the report has no line to write (" .. tostring(report.status) .. ")" end
  local g = require("shogi").game(report.position)
  for i, m in ipairs(line) do
    local ok, err = pcall(g.play, g, m)
    if not ok then return nil, string_format("move %d (%s) of the line: %s", i, m, tostring(err)) end
  end
  local info = g:info()
  info.headers = info.headers or {}
  info.header_order = {}
  -- a tsume record: readers (and scripts/diagram) take its start as the problem
  info.headers["手合割"] = "詰将棋"
  if report.title then info.headers["表題"] = report.title; info.header_order[#info.header_order + 1] = "表題" end
  if report.author then info.headers["作者"] = report.author; info.header_order[#info.header_order + 1] = "作者" end
  info.comments = info.comments or {}
  info.comments[0] = report.text or M.format(report)
  local branches, seen = {}, {}
  local function add(ply, moves)
    if type(ply) ~= "number" or not moves or #moves == 0 or moves[1] == line[ply] then return end
    local key = ply .. " " .. table_concat(moves, " ")
    if seen[key] then return end
    seen[key] = true
    branches[#branches + 1] = {ply = ply, moves = moves}
  end
  for _, d in ipairs(report.duals or {}) do add(d.ply, d.line) end
  for _, v in ipairs(report.variations or {}) do add(v.ply, v.line) end
  table_sort(branches, function(a, b) return a.ply < b.ply end)
  info.branches = branches
  return g:write(format)
end

-- ---- showing a line --------------------------------------------------------------------
--- shogi.tsume.show(result_or_report [, line]) -> text: the line move by move on the board
function M.show(x, line)
  if type(x) ~= "table" or type(x.position) ~= "string" then
    error("bad argument #1 to 'show' (a solve result or a report expected)", 2)
  end
  line = line or x.main_line or x.pv or {}
  if type(line) ~= "table" then error("bad argument #2 to 'show' (list of moves expected)", 2) end
  local ok, render = pcall(require, "shogi.render")
  local draw
  if ok and type(render) == "table" and type(render.render) == "function" then
    draw = function(p) local rok, s = pcall(render.render, p) return rok and s or p:sfen() end
  else
    draw = function(p) return p:sfen() end
  end
  local p = core.position(x.position)
  local out = {draw(p)}
  for i, m in ipairs(line) do
    local name = m
    if p.move_name then
      -- the previous move's destination, so a recapture reads 同
      local nok, n = pcall(p.move_name, p, m, "japanese", line[i - 1])
      if nok and n then name = m .. "  " .. n end
    end
    p = p:after(m)
    out[#out + 1] = ""
    out[#out + 1] = string_format("%d. %s", i, name)
    out[#out + 1] = draw(p)
  end
  return table_concat(out, "\n")
end

return M
