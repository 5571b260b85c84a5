-- shogi.match.runner: a match from its options (shogi.match.options) to its summary.
--   runner.run(cfg, io) -> exit status      cfg.argv and cfg.interpreter say how to start workers
--   runner.worker(cfg)  -> exit status      the loop of a worker process (scripts/match --worker ...)
--   runner.merge(cfg)   -> exit status      the summary of JSON files written by -json (shards)
-- Concurrency: -concurrency J starts J worker processes (the same script with --worker), each with
-- its own two engines, and the runner waits on all of them at once (core.wait_any); a worker plays
-- the game it is sent ("game N") and answers with one JSON line.  With J = 1 the games are played in
-- this process.  Shards: -shard I/N keeps the games whose opening unit (a pair with -repeat, else a
-- game) u has (u - 1) % N == I - 1; with one -seed every shard sees the same schedule, so the JSON
-- files of all shards merged give the summary one run would.  Tournaments (-tournament): one such match
-- per pairing, one after the other, and the standings; a pairing's workers get --pair I,J.
local core = require "shogi.core"
local shogi = require "shogi"
local openings = require "shogi.match.openings"
local play = require "shogi.match.play"
local report = require "shogi.match.report"

local io, ipairs, next, pairs, pcall, require, string_format, table_unpack, tonumber, tostring, type =
  io, ipairs, next, pairs, pcall, require, string.format, table.unpack, tonumber, tostring, type
local string_match = string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function say(...) io.stdout:write(...); io.stdout:write("\n"); io.stdout:flush() end
local function warn(...) io.stderr:write(...); io.stderr:write("\n") end

-- the games to play: {index, opening} for this shard
local function schedule(cfg, list)
  local out = {}
  local total = cfg.games * cfg.rounds
  for index = 1, total do
    local unit = cfg.repeat_ and (index + 1) // 2 or index
    if not cfg.shard or (unit - 1) % cfg.shard[2] == cfg.shard[1] - 1 then
      out[#out + 1] = {index = index, opening = list[(unit - 1) % #list + 1]}
    end
  end
  return out
end

local function load_openings(cfg)
  if not cfg.openings then
    return {{start = shogi.position("startpos"):sfen(), moves = {}, source = "startpos"}}
  end
  return openings.load(cfg.openings, cfg.seed)
end

local function mkdir(dir)
  local p = core.spawn({"mkdir", "-p", dir})
  if not p then return false end
  local how, code = p:wait(10)
  return how == "exit" and code == 0
end

local function json() return require "cjson" end

-- ---- a worker process -------------------------------------------------------------------
function M.worker(cfg)
  local list, msg = load_openings(cfg)
  if not list then warn(msg); return 2 end
  -- the engines stay in the worker's process group: when the runner kills a worker, they go with it
  for _, spec in ipairs(cfg.engines) do spec.group = false end
  local players = {{spec = cfg.engines[1]}, {spec = cfg.engines[2]}}
  local by_index = {}
  for _, s in ipairs(schedule(cfg, list)) do by_index[s.index] = s end
  for line in io.stdin:lines() do
    local n = tonumber(string_match(line, "^game (%d+)$"))
    if line == "quit" then break end
    local s = n and by_index[n]
    if s then
      local r = play.game(cfg, players, s.index, s.opening)
      io.stdout:write("result ", json().encode(r), "\n")
      io.stdout:flush()
    end
  end
  for _, p in ipairs(players) do if p.e then p.e:quit() end end
  return 0
end

-- ---- the runner -------------------------------------------------------------------------------
local function finish(cfg, games, names, stopped)
  for _, l in ipairs(report.summary(games, names[1], names[2], cfg)) do say(l) end
  if stopped then say("Match stopped: SPRT ", stopped, " was accepted") end
  if cfg.json then
    local doc = {version = 1, engines = names, seed = cfg.seed, repeat_ = cfg.repeat_ or false,
      shard = cfg.shard and (cfg.shard[1] .. "/" .. cfg.shard[2]) or nil, games = report.sorted(games)}
    local f, err = io.open(cfg.json, "w")
    if not f then warn("match: cannot write ", cfg.json, ": ", tostring(err)); return 1 end
    f:write(json().encode(doc), "\n")
    f:close()
  end
  return 0
end

-- on a terminal, the running score after each game, with how far the match is
local function progress(games, names, tty, total, t0)
  if tty then
    say(string_format("%s  (%d of %d, %.0f s)", report.score_line(games, names[1], names[2]), #games, total,
      core.now() - t0))
  end
end

local function run_here(cfg, jobs, on_result)
  local players = {{spec = cfg.engines[1]}, {spec = cfg.engines[2]}}
  for _, s in ipairs(jobs) do
    if on_result(play.game(cfg, players, s.index, s.opening)) then break end
  end
  for _, p in ipairs(players) do if p.e then p.e:quit() end end
end

local function start_worker(cfg)
  local argv = {cfg.interpreter, cfg.script, "--worker", table_unpack(cfg.argv)}
  local p, msg = core.spawn(argv, {stderr = "inherit"})
  if not p then return nil, "match: cannot start a worker: " .. msg end
  return p
end

local function run_workers(cfg, jobs, on_result)
  local slots = {}
  local next_job, stop = 1, false
  local function dispatch(k)
    local s = jobs[next_job]
    if stop or not s then return false end
    next_job = next_job + 1
    slots[k].job = s
    slots[k].proc:write("game " .. s.index .. "\n")
    return true
  end
  local procs = {}
  for k = 1, cfg.concurrency do
    if next_job > #jobs then break end
    local p, msg = start_worker(cfg)
    if not p then warn(msg); return false end
    slots[k] = {proc = p}
    procs[k] = p
    dispatch(k)
  end
  local busy = #slots
  while busy > 0 do
    local k = core.wait_any(procs)
    if not k then break end
    local slot = slots[k]
    local line = slot.proc:read_line(0)
    local body = line and string_match(line, "^result (.*)$")
    if body then
      local ok, r = pcall(json().decode, body)
      slot.job = nil
      if ok and on_result(r) then stop = true end
      if not dispatch(k) then
        slot.proc:write("quit\n")
        slot.proc:close_input()
        busy = busy - 1
        procs[k] = false
      end
    elseif not line then
      -- the worker died: its game goes back in the queue once, a new worker takes its place
      local job = slot.job
      warn(string_format("match: worker %d died%s; starting another", k, job and (" during game " .. job.index) or ""))
      procs[k] = false
      busy = busy - 1
      if job and not job.retried then
        job.retried = true
        jobs[#jobs + 1] = job
      end
      if not stop and next_job <= #jobs then
        local p, msg = start_worker(cfg)
        if p then
          slots[k] = {proc = p}
          procs[k] = p
          busy = busy + 1
          dispatch(k)
        else
          warn(msg)
        end
      end
    end
  end
  for _, s in ipairs(slots) do s.proc:wait(5) end
  return true
end

-- An engine option that cannot be set would forfeit every game (and poison an SPRT): each engine is
-- started once before the first game, and a refused option stops the match there, naming it.
local function check_options(cfg)
  for _, s in ipairs(cfg.engines) do
    if next(s.options) ~= nil then
      local e, msg, kind = shogi.engine{cmd = s.cmd, args = s.args, cwd = s.dir, name = s.name, options = s.options,
        stderr = s.stderr or "null"}
      if e then e:quit() end
      if not e and kind == "option" then return "match: " .. msg .. "; the match did not start" end
    end
  end
  return nil
end

-- one match between cfg.engines[1] and [2]: its game lines and summary; -> games, names, stopped | nil
local function run_pair(cfg, list)
  local names = {cfg.engines[1].name, cfg.engines[2].name}
  local jobs = schedule(cfg, list)
  local games, stopped = {}, nil
  local tty = core.isatty(1)
  local t0 = core.now()
  local function on_result(r)
    games[#games + 1] = r
    say(report.game_line(r))
    if r.write_error then warn(r.write_error) end
    progress(games, names, tty, #jobs, t0)
    stopped = report.sprt_decided(games, cfg)
    return stopped ~= nil
  end
  if cfg.concurrency > 1 and #jobs > 1 then
    if not run_workers(cfg, jobs, on_result) then return nil end
  else
    run_here(cfg, jobs, on_result)
  end
  return games, names, stopped
end

-- the pairings of a tournament: {i, j} indexes into cfg.engines
local function pairings(cfg)
  local out, n = {}, #cfg.engines
  for i = 1, cfg.tournament == "gauntlet" and 1 or n - 1 do
    for j = i + 1, n do out[#out + 1] = {i, j} end
  end
  return out
end

local function run_tournament(cfg, list)
  local totals, order = {}, {}
  for _, s in ipairs(cfg.engines) do
    totals[s.name] = {name = s.name, w = 0, l = 0, d = 0, n = 0}
    order[#order + 1] = s.name
  end
  local all = {}
  for _, pr in ipairs(pairings(cfg)) do
    local sub = {}
    for k, v in pairs(cfg) do sub[k] = v end
    sub.engines, sub.tournament, sub.json = {cfg.engines[pr[1]], cfg.engines[pr[2]]}, nil, nil
    sub.argv = {table_unpack(cfg.argv)}
    sub.argv[#sub.argv + 1] = "--pair"
    sub.argv[#sub.argv + 1] = pr[1] .. "," .. pr[2]
    say(string_format("Match %s vs %s", sub.engines[1].name, sub.engines[2].name))
    local games, names, stopped = run_pair(sub, list)
    if not games then return 1 end
    for _, l in ipairs(report.summary(games, names[1], names[2], sub)) do say(l) end
    if stopped then say("Match stopped: SPRT ", stopped, " was accepted") end
    local c = report.counts(games).all
    local a, b = totals[names[1]], totals[names[2]]
    a.w, a.l, a.d, a.n = a.w + c.w, a.l + c.l, a.d + c.d, a.n + c.n
    b.w, b.l, b.d, b.n = b.w + c.l, b.l + c.w, b.d + c.d, b.n + c.n
    all[#all + 1] = {engines = names, games = report.sorted(games)}
  end
  for _, l in ipairs(report.standings(totals, order)) do say(l) end
  if cfg.json then
    local f, err = io.open(cfg.json, "w")
    if not f then warn("match: cannot write ", cfg.json, ": ", tostring(err)); return 1 end
    f:write(json().encode({version = 1, tournament = cfg.tournament, seed = cfg.seed, matches = all}), "\n")
    f:close()
  end
  return 0
end

function M.run(cfg)
  local list, msg = load_openings(cfg)
  if not list then warn(msg); return 2 end
  local refused = check_options(cfg)
  if refused then warn(refused); return 2 end
  if cfg.out and not mkdir(cfg.out) then warn("match: cannot make the directory ", cfg.out); return 1 end
  if cfg.tournament then return run_tournament(cfg, list) end
  local games, names, stopped = run_pair(cfg, list)
  if not games then return 1 end
  return finish(cfg, games, names, stopped)
end

-- ---- merging shards ------------------------------------------------------------------------
function M.merge(cfg)
  local games, names, seen, rep = {}, nil, {}, false
  for _, path in ipairs(cfg.merge) do
    local f, err = io.open(path, "r")
    if not f then warn("match: ", path, ":1:1: cannot open: ", tostring(err)); return 2 end
    local text = f:read("a")
    f:close()
    local ok, doc = pcall(json().decode, text)
    if not ok or type(doc) ~= "table" or type(doc.games) ~= "table" then
      warn("match: ", path, ":1:1: not a match JSON file (", tostring(doc), ")")
      return 2
    end
    if names and (doc.engines[1] ~= names[1] or doc.engines[2] ~= names[2]) then
      warn(string_format("match: %s: engines %s and %s, not %s and %s as in %s", path, tostring(doc.engines[1]),
        tostring(doc.engines[2]), names[1], names[2], cfg.merge[1]))
      return 2
    end
    names = names or doc.engines
    rep = rep or doc.repeat_
    for _, r in ipairs(doc.games) do
      if seen[r.index] then
        warn(string_format("match: game %d is in both %s and %s", r.index, seen[r.index], path))
        return 2
      end
      seen[r.index] = path
      games[#games + 1] = r
    end
  end
  cfg.repeat_ = cfg.repeat_ or rep
  return finish(cfg, games, names, nil)
end

return M
