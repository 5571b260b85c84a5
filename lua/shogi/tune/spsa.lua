-- SPSA over an engine's spin options (shogi.tune.spsa), as fishtest tunes: each iteration
-- perturbs every parameter at once by +-c_k, plays game pairs (one opening, both colours) of the
-- plus side against the minus side with the match runner (scripts/match: concurrency, openings,
-- time control), and moves every parameter by a_k / c_k times the result along its perturbation.
--   c_k = c / k^gamma, a_k = a / (A + k)^alpha, with c the end perturbation (a twentieth of the range
--   unless given) and a = r * c^2 * (A + N)^alpha (r the end learning rate, 0.002 as fishtest's default)
-- The state (iteration, values, the seed) is a JSON file written after every iteration: run again
-- with the same --state to go on where an interrupted run stopped.
local cjson = require "cjson"
local core = require "shogi.core"

local io, ipairs, math, os, pcall, string_format, table, tostring, type =
  io, ipairs, math, os, pcall, string.format, table, tostring, type
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function clamp(x, lo, hi) return x < lo and lo or x > hi and hi or x end
local function round(x) return math.floor(x + 0.5) end

--- schedule(cfg, p, k) -> c_k, a_k for parameter p at iteration k (1-based) of cfg.iterations
function M.schedule(cfg, p, k)
  local N, A = cfg.iterations, cfg.A or cfg.iterations / 10
  local c_end = p.c or (p.max - p.min) / 20
  local c = c_end * N ^ cfg.gamma
  local a = cfg.r * c_end * c_end * (A + N) ^ cfg.alpha
  return c / k ^ cfg.gamma, a / (A + k) ^ cfg.alpha
end

-- the +-1 perturbation of iteration k: from the seed and k only, so a resumed run draws the same
local function deltas(seed, k, n)
  math.randomseed(seed * 1000003 + k)
  local d = {}
  for i = 1, n do d[i] = math.random(0, 1) == 0 and -1 or 1 end
  return d
end

local function engine_args(cfg, name, values)
  local a = {"-engine", "cmd=" .. cfg.engine, "name=" .. name}
  if cfg.engine_args then a[#a + 1] = "args=" .. cfg.engine_args end
  for _, p in ipairs(cfg.params) do a[#a + 1] = string_format("option.%s=%d", p.name, values[p.name]) end
  return a
end

-- starts one match of `a` (values) against `b` -> a job for finish() | nil, msg
local function start(cfg, a, b, games, seed, concurrency)
  local args = {}
  for _, x in ipairs(engine_args(cfg, "plus", a)) do args[#args + 1] = x end
  for _, x in ipairs(engine_args(cfg, "minus", b)) do args[#args + 1] = x end
  local json = os.tmpname()
  for _, x in ipairs{"-each", cfg.tc, "-games", tostring(games), "-repeat", "-concurrency",
    tostring(concurrency), "-seed", tostring(seed), "-json", json, "-rules", cfg.rules} do args[#args + 1] = x end
  if cfg.openings then
    args[#args + 1] = "-openings"
    args[#args + 1] = "file=" .. cfg.openings
    args[#args + 1] = "order=random"
  end
  if cfg.maxmoves then args[#args + 1] = "-maxmoves"; args[#args + 1] = tostring(cfg.maxmoves) end
  local argv = {cfg.match}
  for _, x in ipairs(args) do argv[#argv + 1] = x end
  local t0 = core.now()
  local proc, err = core.spawn(argv, {stderr = "inherit"})
  if not proc then os.remove(json); return nil, err end
  return {proc = proc, json = json, t0 = t0, lines = {}}
end

-- reads what a job's match has printed; -> true once it has ended (its output closed)
local function pump(job)
  while true do
    local line, why = job.proc:read_line(0)
    if line then job.lines[#job.lines + 1] = line
    elseif why == "timeout" then return false
    elseif why ~= "too-long" then return true end
  end
end

-- the ended match's result -> score of a minus score of b (wins count 1, draws 0), games played,
-- seconds, the games' own seconds summed | nil, msg
local function finish(job, out)
  local how, code = job.proc:wait(60)
  local seconds = core.now() - job.t0
  local f = io.open(job.json, "r")
  local text = f and f:read("a")
  if f then f:close() end
  os.remove(job.json)
  local lines = job.lines
  if how ~= "exit" or code ~= 0 or not text then
    return nil, string_format("the match failed (%s %s): %s", tostring(how), tostring(code), lines[#lines] or "its message is above")
  end
  if out then for _, l in ipairs(lines) do out(l) end end
  local doc = cjson.decode(text)
  local s, n, in_games = 0, 0, 0
  for _, g in ipairs(doc.games) do
    n = n + 1
    if g.a_score == 1 then s = s + 1 elseif g.a_score == 0 then s = s - 1 end
    in_games = in_games + (g.seconds or 0)
  end
  return s, n, seconds, in_games
end

-- one match to its end (the final check of tuned against the start values)
local function match(cfg, a, b, games, seed, out)
  local job, err = start(cfg, a, b, games, seed, cfg.concurrency)
  if not job then return nil, err end
  while not pump(job) do core.wait_any({job.proc}, 3600) end
  return finish(job, out)
end

local function save(cfg, state)
  if not cfg.state then return true end
  local tmp = cfg.state .. ".tmp"
  local f, err = io.open(tmp, "w")
  if not f then return nil, err end
  f:write(cjson.encode(state), "\n")
  f:close()
  return os.rename(tmp, cfg.state)
end

local function load(cfg)
  if not cfg.state then return nil end
  local f = io.open(cfg.state, "r")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  local ok, st = pcall(cjson.decode, text)
  if not ok or type(st) ~= "table" or type(st.theta) ~= "table" or type(st.k) ~= "number" then
    return nil, cfg.state .. ": not a tune state file"
  end
  -- JSON has no integers: the counters come back as floats, and the match runner's seed must be whole
  st.k, st.seed, st.games = math.tointeger(st.k) or 0, math.tointeger(st.seed) or 1, math.tointeger(st.games) or 0
  if type(st.done) ~= "table" then -- a state written before steps ran side by side: steps 1..k were done in order
    st.done = {}
    for k = 1, st.k do st.done[k] = k end
  end
  return st
end

local function values_line(cfg, theta)
  local parts = {}
  for _, p in ipairs(cfg.params) do parts[#parts + 1] = string_format("%s=%.1f", p.name, theta[p.name]) end
  return table.concat(parts, " ")
end

--- run(cfg, say) -> final values {name = integer} | nil, msg
-- cfg: engine (command), engine_args, params ({name, value, min, max [, c]}), iterations, pairs (game
-- pairs an iteration), tc ("nodes=2000", "byoyomi=100", as scripts/match's -each), concurrency,
-- openings, rules, maxmoves, seed, state (file), final (game pairs of tuned against the start values;
-- 0: none), match (the scripts/match path), gamma, alpha, r, A.  say(line) prints progress.
function M.run(cfg, say)
  local st, msg = load(cfg)
  if msg then return nil, msg end
  if st then
    for _, p in ipairs(cfg.params) do
      if st.theta[p.name] == nil then return nil, cfg.state .. ": has no value for " .. p.name end
    end
    say(string_format("resuming %s at iteration %d of %d", cfg.state, st.k + 1, cfg.iterations))
  else
    st = {k = 0, seed = cfg.seed, theta = {}, start = {}, games = 0, game_seconds = 0, seconds = 0, done = {}}
    for _, p in ipairs(cfg.params) do st.theta[p.name], st.start[p.name] = p.value, p.value end
  end
  -- Steps run side by side, one match each on one game slot (-concurrency 1), as fishtest's workers do:
  -- a step is drawn from the values as they are when it starts and its result is applied when it ends,
  -- so with J slots a step misses at most the J - 1 updates of the steps beside it, and no slot waits for
  -- the slowest game of another's match.  Steps are numbered as they start (their perturbation is drawn
  -- from the seed and the number); the state keeps the numbers done, so a resumed run starts the others.
  st.done = st.done or {}
  local done = {}
  for _, k in ipairs(st.done) do done[math.tointeger(k) or k] = true end
  local t_run = core.now()
  local seconds0 = st.seconds
  local next_k, jobs, procs = 1, {}, {}
  local function launch(slot)
    while done[next_k] do next_k = next_k + 1 end
    local k = next_k
    next_k = next_k + 1
    local d = deltas(st.seed, k, #cfg.params)
    local plus, minus, ck = {}, {}, {}
    for i, p in ipairs(cfg.params) do
      local c = M.schedule(cfg, p, k)
      ck[i] = c
      plus[p.name] = round(clamp(st.theta[p.name] + c * d[i], p.min, p.max))
      minus[p.name] = round(clamp(st.theta[p.name] - c * d[i], p.min, p.max))
    end
    local job, err = start(cfg, plus, minus, 2 * cfg.pairs, st.seed * 7919 + k, 1)
    if not job then return nil, err end
    job.k, job.d, job.ck = k, d, ck
    jobs[slot], procs[slot] = job, job.proc
    return true
  end
  local running = 0
  local function want_more() return st.k + running < cfg.iterations end
  for slot = 1, cfg.concurrency do
    procs[slot] = false
    if want_more() then
      local ok, err = launch(slot)
      if not ok then return nil, err end
      running = running + 1
    end
  end
  while running > 0 do
    local slot = core.wait_any(procs, 3600)
    local job = slot and jobs[slot]
    if job and pump(job) then
      jobs[slot], procs[slot] = nil, false
      running = running - 1
      local result, n, _, in_games = finish(job)
      if not result then return nil, n end
      for i, p in ipairs(cfg.params) do
        local _, a = M.schedule(cfg, p, job.k)
        st.theta[p.name] = clamp(st.theta[p.name] + a / job.ck[i] * result * job.d[i], p.min, p.max)
      end
      done[job.k] = true
      st.done[#st.done + 1] = job.k
      st.k, st.games = st.k + 1, st.games + n
      st.game_seconds = (st.game_seconds or 0) + in_games
      st.seconds = seconds0 + core.now() - t_run
      local ok, err = save(cfg, st)
      if not ok then return nil, "cannot write " .. cfg.state .. ": " .. tostring(err) end
      say(string_format("iteration %d/%d  plus-minus %+d of %d games  %s", st.k, cfg.iterations, result, n,
        values_line(cfg, st.theta)))
      if want_more() then
        local started, msg = launch(slot)
        if not started then return nil, msg end
        running = running + 1
      end
    end
  end
  local final = {}
  for _, p in ipairs(cfg.params) do final[p.name] = round(st.theta[p.name]) end
  -- the game slots' time outside games: the wall time times the concurrency, less the games' own
  -- time (the runner's start, the tuner between steps, a slot with no step left at the end)
  local slots = st.seconds * cfg.concurrency
  local idle = slots > 0 and 100 * math.max(0, slots - (st.game_seconds or 0)) / slots or 0
  say(string_format("done: %d iterations, %d games, %.1f s, the %d game slots outside games %.1f%% of it",
    st.k, st.games, st.seconds, cfg.concurrency, idle))
  for _, p in ipairs(cfg.params) do
    say(string_format("option.%s=%d   (from %d)", p.name, final[p.name], st.start[p.name]))
  end
  if cfg.final and cfg.final > 0 then
    say(string_format("tuned (plus) against the start values (minus), %d games:", 2 * cfg.final))
    local r, err = match(cfg, final, st.start, 2 * cfg.final, st.seed * 104729, say)
    if not r then return nil, err end
  end
  return final
end

return M
