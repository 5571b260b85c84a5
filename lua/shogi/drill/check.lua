-- The checker a teacher runs before students see a drill (scripts/drill check):
--   every position is legal and every answer legal (read when the drill loads);
--   mate: the solver's length is the stated one, exactly, the line given is a
--         mate line, and the duals are listed (shogi.tsume.check);
--   move: each answer is the search's best or within the margin of it; other
--         moves within the margin (or as good as the best, without one) are flagged;
--   play: the exercise is won against its opponent in a few search games.
-- check(drill [, opts]) -> {exercises = {{n =, goal =, faults = {...}, notes = {...}}}, faulty = {n...}, text =}
-- opts: depth (the search's, default 5), games (play, default 2), multipv (8).
local oracle = require "shogi.drill.oracle"
local goals = require "shogi.drill.goals"
local explain = require "shogi.drill.explain"

local ipairs, pairs, pcall, require, tostring, type = ipairs, pairs, pcall, require, tostring, type
local string_format = string.format
local table_concat = table.concat
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.DEFAULTS = {depth = 5, games = 2, multipv = 8, max_plies = 160}
M.LINE_MARGIN = 100 -- cp: a sequence's student move this far below the best is a fault (without the exercise's margin)

local function name_of(pos, m) return explain.move(pos, m, "letters") end
local score = explain.score

local CHECK = {}

function CHECK.mate(ex, add, note)
  local tsume = require "shogi.tsume"
  local problem = {position = ex.position:sfen()}
  if #ex.answers > 1 then problem.solution = ex.answers end
  local report = tsume.check(problem, {pieces = false, variations = false, nodes = 2000000})
  if report.status ~= "mate" then add("the solver finds no mate (" .. tostring(report.status) .. ")"); return end
  if not report.exact then note("the solver could not prove the shortest length") end
  local stated = ex.length or (#ex.answers > 1 and #ex.answers) or nil
  if stated and stated ~= report.length then
    add(string_format("the mate is %d %s, not %d: %s", report.length, report.length == 1 and "move" or "moves", stated,
      table_concat(report.solver_line, " ")))
  end
  for _, f in ipairs(report.solution_faults or {}) do add("answers: " .. f) end
  if #ex.answers == 1 then
    local first = ex.answers[1]
    local ok = oracle.mates_within(ex.position:after(first), ex.side, report.length - 1)
    if not ok then add(string_format("answer %s does not mate in %d", name_of(ex.position, first), report.length)) end
  end
  for _, f in ipairs(report.faults or {}) do note("as a tsume diagram: " .. f) end
  if #report.duals == 0 then note(string_format("mate in %d; duals: none", report.length))
  else
    for _, d in ipairs(report.duals) do
      note(string_format("dual at move %d: %s also mates in %d (accepted in the drill)", d.ply, d.move, d.length))
    end
  end
end

function CHECK.move(ex, add, note, o)
  if not ex.engine and not oracle.available() then add("a move exercise needs shogi.search to check it"); return end
  local depth = ex.depth or o.depth
  local pos = ex.position
  local best = oracle.judge_best(ex, pos, depth, o.multipv)
  local by = ex.engine and "the engine's" or "the search's"
  local margin = ex.margin or 0
  local is_answer = {}
  for _, a in ipairs(ex.answers) do
    is_answer[a] = true
    local cp = a == best.move and best.cp or oracle.judge_move(ex, pos, a, depth)
    if best.cp - cp > margin then
      add(string_format("answer %s (%s) is %d cp below %s best, %s (%s; margin %d cp)", name_of(pos, a),
        score(cp), best.cp - cp, by, name_of(pos, best.move), score(best.cp), margin))
    end
  end
  if #ex.answers == 0 then note(string_format("%s best: %s (%s)", by, name_of(pos, best.move), score(best.cp)))
  elseif not is_answer[best.move] then
    note(string_format("flagged: %s best, %s (%s), is not an answer", by, name_of(pos, best.move), score(best.cp)))
  end
  for _, l in ipairs(best.lines or {}) do
    if l.move ~= best.move and not is_answer[l.move] and #ex.answers > 0 and best.cp - l.cp <= margin then
      -- confirmed by the same root search an answer gets (a side line's score is rougher)
      local cp = oracle.judge_move(ex, pos, l.move, depth)
      if best.cp - cp <= margin then
        note(string_format("flagged: %s (%s) is not an answer, and only %d cp below the best, %s (%s; margin %d cp)",
          name_of(pos, l.move), score(cp), best.cp - cp, name_of(pos, best.move), score(best.cp), margin))
      end
    end
  end
end

-- each of the student's moves in the line is the search's best or within the
-- margin of it (the exercise's, else M.LINE_MARGIN)
function CHECK.sequence(ex, add, note, o)
  note(string_format("a line of %d moves", #ex.answers))
  if not oracle.available() then note("the student's moves are not judged: no shogi.search"); return end
  local depth = ex.depth or o.depth
  local margin = ex.margin or M.LINE_MARGIN
  local pos = ex.position
  for i, m in ipairs(ex.answers) do
    if pos:side() == ex.side and #pos:legal_moves() > 0 then
      local best = oracle.judge_best(ex, pos, depth)
      local cp = m == best.move and best.cp or oracle.judge_move(ex, pos, m, depth)
      if best.cp - cp > margin then
        add(string_format("move %d of the line, %s (%s), is %d cp below %s best, %s (%s; margin %d cp)", i,
          name_of(pos, m), score(cp), best.cp - cp, ex.engine and "the engine's" or "the search's",
          name_of(pos, best.move), score(best.cp), margin))
      end
    end
    pos = pos:after(m)
  end
end

-- plays the exercise with the search as the student; true when won
local function play_out(ex, o)
  local shogi = require "shogi"
  local g = shogi.game(ex.position, ex.rules and {rules = ex.rules} or nil)
  local student = 0
  for _ = 1, o.max_plies do
    if g:result() then break end
    if g:side() == ex.side then
      if ex.moves and student >= ex.moves then return false, "out of moves" end
      if pcall(g.declare, g) then break end
      local r = oracle.best(g, ex.depth or o.depth)
      if not r.move then break end
      g:play(r.move)
      student = student + 1
    else
      local m = oracle.opponent_move(g, ex.opponent, ex.dir, ex.depth or o.depth)
      if not m then break end
      g:play(m)
    end
  end
  local v = g:result()
  if not v then return false, "undecided after " .. g:ply() .. " plies" end
  return v.winner == ex.side, v.text
end

function CHECK.play(ex, add, note, o)
  if not oracle.available() then add("a play exercise needs shogi.search to check it"); return end
  local won, last = 0, nil
  for _ = 1, o.games do
    local ok, w, why = pcall(play_out, ex, o)
    if not ok then add("the game failed: " .. tostring(w)); return end
    if w then won = won + 1 end
    last = why
  end
  if won == 0 then add(string_format("not won in %d search games against its opponent (%s)", o.games, tostring(last)))
  else note(string_format("won %d of %d search games against its opponent", won, o.games)) end
end

--- check(drill [, opts]) -> report
function M.check(d, opts)
  local o = {}
  for k, v in pairs(M.DEFAULTS) do o[k] = v end
  for k, v in pairs(opts or {}) do o[k] = v end
  local report = {title = d.title, exercises = {}, faulty = {}}
  local out = {string_format("%s: %d exercises", d.title, #d.exercises)}
  for _, ex in ipairs(d.exercises) do
    local e = {n = ex.n, goal = type(ex.goal) == "string" and ex.goal or "custom", faults = {}, notes = {}}
    local function add(t) e.faults[#e.faults + 1] = t end
    local function note(t) e.notes[#e.notes + 1] = t end
    for _, f in ipairs(ex.faults) do add(f) end
    if #e.faults == 0 then
      local f = CHECK[ex.goal]
      if f then
        local ok, err = pcall(f, ex, add, note, o)
        if not ok then add("cannot check: " .. tostring(err)) end
      else
        note("a custom goal: only its position and answers are checked")
      end
    end
    if #e.faults == 0 and ex.goal ~= "mate" and type(ex.goal) == "string" then
      local pok, prompt = pcall(goals.default_prompt, ex)
      if pok and not ex.prompt then note("prompt: " .. prompt) end
    end
    report.exercises[#report.exercises + 1] = e
    if #e.faults > 0 then report.faulty[#report.faulty + 1] = ex.n end
    out[#out + 1] = string_format("exercise %d (%s): %s", ex.n, e.goal, #e.faults == 0 and "ok" or "FAULTY")
    for _, f in ipairs(e.faults) do out[#out + 1] = "  fault: " .. f end
    for _, t in ipairs(e.notes) do out[#out + 1] = "  " .. t end
  end
  if #report.faulty == 0 then out[#out + 1] = "no faults"
  else
    local nums = {}
    for i, n in ipairs(report.faulty) do nums[i] = tostring(n) end
    out[#out + 1] = string_format("faulty exercises: %s", table_concat(nums, ", "))
  end
  report.text = table_concat(out, "\n")
  return report
end

return M
