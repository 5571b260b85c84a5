-- How each goal judges a student's move (shogi.drill.session calls these).
--   move:     one of the answers, or with a margin any move the search rates
--             within it of the best
--   mate:     the student attacks; each check must still mate in the plies
--             left (duals accepted and named); the drill answers with the
--             solver's longest defence
--   sequence: the line in answers; the drill plays the other side
--   play:     played out against the opponent until the game's end tests decide
--   function: goal(game_after_the_move, usi, exercise) -> true (solved) |
--             false, msg (wrong) | nil [, msg [, reply]] (go on)
local drill = require "shogi.drill"
local oracle = require "shogi.drill.oracle"
local explain = require "shogi.drill.explain"

local ipairs, pcall, tostring, type = ipairs, pcall, tostring, type
local string_format, string_upper, string_match = string.format, string.upper, string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

local SIDE = explain.SIDE

-- the style of the answer being judged (st.style: "letters" | "kanji"), set by M.answer
local style = "letters"

local function name_of(pos, m)
  return explain.move(pos, m, style)
end

local function play_line(pos, line)
  for _, m in ipairs(line) do pos = pos:after(m) end
  return pos
end


--- the mate's length in plies: given, the whole line of answers, or the solver's
function M.mate_length(ex)
  if ex.length then return ex.length end
  if #ex.answers > 1 then return #ex.answers end
  if not ex.solved_length then
    local r = oracle.mate(ex.position, ex.side)
    ex.solved_length = r.status == "mate" and r.length or -1
  end
  return ex.solved_length
end

function M.default_prompt(ex)
  local side = SIDE[ex.side] or ex.side
  if ex.goal == "mate" then return string_format("%s to move: mate in %d", side, M.mate_length(ex)) end
  if ex.goal == "sequence" then
    return string_format("%s: play the line (%d moves; the drill plays the other side)", side, #ex.answers)
  end
  if ex.goal == "play" then return string_format("%s to move: win against the opponent", side) end
  return string_format("%s to move: find the best move", side)
end

-- ---- what the drill expects ------------------------------------------------------------
local function follows(g, line)
  local played = g:moves()
  for i, m in ipairs(played) do
    if line[i] ~= m then return false end
  end
  return #line > #played
end

--- solution(st, depth) -> the moves from here on the drill would play (the student's first)
function M.solution(st, depth)
  local ex, g = st.ex, st.game
  local pos = g:position()
  local goal = ex.goal
  if goal == "move" then
    if st.answered then return {} end -- answered: the move is on the board
    if ex.answers[1] then return {ex.answers[1]} end
    return {oracle.best(pos, ex.depth or depth).move}
  elseif goal == "sequence" then
    local out = {}
    for i = #g:moves() + 1, #ex.answers do out[#out + 1] = ex.answers[i] end
    return out
  elseif goal == "mate" then
    if follows(g, ex.answers) and #ex.answers > 1 then
      local out = {}
      for i = #g:moves() + 1, #ex.answers do out[#out + 1] = ex.answers[i] end
      return out
    end
    if #g:moves() == 0 and #ex.answers == 1 then return {ex.answers[1]} end
    local r = oracle.mate(pos, ex.side)
    return r.status == "mate" and r.pv or {}
  elseif goal == "play" then
    local r = oracle.best(g, ex.depth or depth)
    return r.move and {r.move} or {}
  end
  return {ex.answers[#g:moves() + 1]}
end

function M.expected(st, depth)
  return M.solution(st, depth)[1]
end

--- auto_hint(pos, m, k [, style]) -> k = 1: the piece; k = 2: the square; else nil
function M.auto_hint(pos, m, k, hint_style)
  local dropped, to = string_match(m, "^(%u)%*(%d%a)$")
  local from
  if not dropped then from, to = string_match(m, "^(%d%a)(%d%a)") end
  local letters = dropped or pos:at(from) or "?"
  local piece = explain.piece(pos:variant(), string_upper(letters), hint_style)
  if k == 1 then
    if dropped then return string_format("the piece: drop a %s from the hand", piece) end
    return string_format("the piece: the %s on %s", piece, explain.square(from, hint_style))
  elseif k == 2 then
    return string_format("the square: %s", explain.square(to, hint_style))
  end
  return nil
end

-- ---- judging ---------------------------------------------------------------------------
local function wrong(pos, usi, message, refutation)
  local r = {correct = false, done = false, message = message, move = usi, refutation = refutation}
  if refutation then
    local ok, p = pcall(play_line, pos:after(usi), refutation)
    if ok then r.position = p end
  end
  return r
end

-- what a wrong move costs: {text =, line = the refutation} (nil without a search)
-- best: the search's answer before the move, when the caller has it
local function search_cost(pos, usi, depth, best, ex)
  ex = ex or {}
  if not ex.engine and not oracle.available() then return nil end
  local after = pos:after(usi)
  if #after:legal_moves() == 0 then return nil end
  depth = depth or oracle.DEPTH
  best = best or oracle.judge_best(ex, pos, depth)
  local reply = oracle.judge_best(ex, after, depth)
  return explain.cost(pos, usi, best.cp, reply, style)
end

local GOAL = {}

-- a right answer to a move exercise stays on the board (the exercise is over)
local function played(st, usi)
  st.game:play(usi)
  st.answered = usi
end

function GOAL.move(st, usi, pos, depth)
  local ex = st.ex
  for _, a in ipairs(ex.answers) do
    if a == usi then
      played(st, usi)
      return {correct = true, done = true, move = usi, message = "correct: " .. name_of(pos, usi)}
    end
  end
  depth = ex.depth or depth
  if ex.margin then
    local best = oracle.judge_best(ex, pos, depth)
    local score = usi == best.move and best.cp or oracle.judge_move(ex, pos, usi, depth)
    if best.cp - score <= ex.margin then
      played(st, usi)
      local text = usi == best.move and (ex.engine and "the engine's best move" or "the search's best move") or
        string_format("within %d cp of the best, %s", ex.margin, name_of(pos, best.move))
      return {correct = true, done = true, move = usi,
        message = string_format("good: %s (%s)", name_of(pos, usi), text)}
    end
    local c = search_cost(pos, usi, depth, best, ex)
    return wrong(pos, usi, string_format("not quite, %s %d cp below the best: %s", name_of(pos, usi), best.cp - score,
      c and c.text or ""), c and c.line)
  end
  local c = search_cost(pos, usi, depth, nil, ex)
  local text = string_format("not this one: %s", c and c.text or name_of(pos, usi))
  return wrong(pos, usi, text, c and c.line)
end

function GOAL.mate(st, usi, pos)
  local ex, g = st.ex, st.game
  local attacker, total = ex.side, M.mate_length(ex)
  local left = total - #g:moves()
  local after = pos:after(usi)
  local function refute(why)
    local d = oracle.escape(after, attacker, left - 2)
    local refutation = d and {d} or nil
    local text = string_format("%s %s", name_of(pos, usi), why)
    if d then text = text .. string_format("; %s defends with %s", SIDE[after:side()], name_of(after, d)) end
    return wrong(pos, usi, text, refutation)
  end
  if not pos:gives_check(usi) then return refute("is not a check (in tsume every attacker move checks)") end
  local expected = M.expected(st)
  local ok, r = oracle.mates_within(after, attacker, left - 1)
  if not ok then return refute(string_format("does not mate in %d", left)) end
  local dual = expected and expected ~= usi
  g:play(usi)
  local text
  if oracle.tsume_mated(after) then
    text = string_format("mate: %s", name_of(pos, usi))
    if not after:is_mate() then text = text .. " (the interpositions left are futile)" end
    if dual then text = text .. string_format(" (a dual: %s mates too)", name_of(pos, expected)) end
    return {correct = true, done = true, move = usi, message = text}
  end
  local reply = r.pv[1]
  g:play(reply)
  text = string_format("right: %s; %s's defence %s; mate in %d to go", name_of(pos, usi), SIDE[after:side()],
    name_of(after, reply), left - 2)
  if dual then text = text .. string_format(" (a dual: the main line plays %s; both mate)", name_of(pos, expected)) end
  return {correct = true, done = false, move = usi, reply = reply, dual = dual and expected or nil, message = text}
end

function GOAL.sequence(st, usi, pos, depth)
  local ex, g = st.ex, st.game
  local i = #g:moves() + 1
  if ex.answers[i] ~= usi then
    -- a move of the line played in the wrong order: said so
    for j = i + 2, #ex.answers, 2 do
      if ex.answers[j] == usi then
        return wrong(pos, usi, string_format("%s is a move of the line, but played in the wrong order: it comes "
          .. "later (move %d of the line, not %d)", name_of(pos, usi), j, i))
      end
    end
    local c = search_cost(pos, usi, ex.depth or depth, nil, ex)
    return wrong(pos, usi, string_format("%s leaves the line%s", name_of(pos, usi),
      c and (": " .. c.text) or ""), c and c.line)
  end
  g:play(usi)
  local reply = ex.answers[i + 1]
  local text = "right: " .. name_of(pos, usi)
  if reply then
    text = text .. "; the drill plays " .. name_of(pos:after(usi), reply)
    g:play(reply)
  end
  local done = #g:moves() >= #ex.answers
  if done then text = text .. "; the line is complete" end
  return {correct = true, done = done, move = usi, reply = reply, message = text}
end

local function verdict_result(ex, v, extra)
  local won = v.winner == ex.side
  local text = (extra or "") .. explain.verdict(v)
  return {correct = won, done = true, verdict = v, message = (won and "won: " or "lost: ") .. text}
end

function GOAL.play(st, usi, pos, depth)
  local ex, g = st.ex, st.game
  if usi == "declare" then
    local ok, err = pcall(g.declare, g)
    if not ok then return {illegal = true, correct = false, done = false, message = tostring(err)} end
  else
    g:play(usi)
  end
  local v = g:result()
  if v then return verdict_result(ex, v) end
  local reply = oracle.opponent_move(g, ex.opponent, ex.dir, ex.depth or depth)
  if reply then g:play(reply) end
  v = g:result()
  local named = reply and string_format("the opponent (%s) plays %s; ", SIDE[pos:after(usi):side()],
    name_of(pos:after(usi), reply)) or ""
  if v then
    local r = verdict_result(ex, v, named)
    r.reply = reply
    return r
  end
  st.step = st.step + 1
  if ex.moves and st.step >= ex.moves then
    return {correct = false, done = true, reply = reply, move = usi,
      message = string_format("%snot won within %d moves", named, ex.moves)}
  end
  return {correct = true, done = false, move = usi, reply = reply,
    message = named .. "your move"}
end

local function custom(st, usi, pos)
  local g = st.game
  local copy = g:copy()
  copy:play(usi)
  local ok, verdict, msg, reply = pcall(st.ex.goal, copy, usi, st.ex.spec)
  if not ok then return {illegal = true, correct = false, done = false, message = "the exercise's goal failed: " ..
    tostring(verdict)} end
  if verdict == true then
    g:play(usi)
    return {correct = true, done = true, move = usi, message = msg or ("correct: " .. name_of(pos, usi))}
  elseif verdict == false then
    return wrong(pos, usi, msg or ("not this one: " .. name_of(pos, usi)))
  end
  g:play(usi)
  if reply then g:play(reply) end
  return {correct = true, done = false, move = usi, reply = reply, message = msg or "go on"}
end

--- answer(st, text, depth) -> result ({illegal = true} for text that is no legal move here)
function M.answer(st, text, depth)
  style = st.style or "letters"
  local g = st.game
  local pos = g:position()
  local moves = g:moves()
  local usi, err
  if text == "declare" and st.ex.goal == "play" then usi = text
  else usi, err = drill.read_move(pos, text, moves[#moves]) end
  if not usi then return {illegal = true, correct = false, done = false, message = tostring(err)} end
  local f = type(st.ex.goal) == "function" and custom or GOAL[st.ex.goal]
  local ok, r = pcall(f, st, usi, pos, depth)
  if not ok then return {illegal = true, correct = false, done = false, message = tostring(r)} end
  return r
end

return M
