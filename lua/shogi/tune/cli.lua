-- The command line of scripts/tune: SPSA over an engine's spin options through matches, and Texel
-- tuning of an evaluation against the results of recorded games.
--   require("shogi.tune.cli").main(arg, top) -> exit status (0 done, 1 a run failed, 2 bad usage or input)
local core = require "shogi.core"

local io, ipairs, os, require, string_format, table, tonumber, tostring =
  io, ipairs, os, require, string.format, table, tonumber, tostring
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.USAGE = [[usage: scripts/tune spsa [--engine CMD] [--params A,B,...] [--iterations N] [--pairs N] [--tc TC]
                        [--concurrency J] [--openings FILE] [--rules jsa|computer] [--maxmoves N]
                        [--seed S] [--state FILE] [--final N] [--c-end X] [--r-end X]
       scripts/tune texel RECORDS... [--bot FILE] [--params A,B,...] [--passes N] [--step N]
                        [--skip N] [--every N] [--max N] [--k K]
spsa: the engine's spin options (every one but USI_Hash, MultiPV and NetworkDelay unless --params
  names them) tuned by SPSA: each iteration plays --pairs game pairs (default 2) of the values
  perturbed up against them perturbed down, through scripts/match (--tc as its -each: default
  nodes=3000; --concurrency 2).  --engine defaults to komadai --usi, whose Eval_* and Search_*
  options are the built-in evaluation's and search's parameters.  --state FILE keeps the run: the same command again resumes it.
  At the end: the values, and --final N pairs (default 10) of tuned against the start values.
texel: the evaluation's parameters (the built-in's Eval_*, or a bot file's spin options with --bot)
  fitted to the results of the games in RECORDS (files or folders of KIF/KI2/CSA/JKF): the quiet
  positions after --skip plies (16), one in --every (1), at most --max; the loss printed each pass.
Each prints the final values as option.NAME=VALUE lines (scripts/match's -engine settings).]]

local function fail(msg) io.stderr:write("tune: ", msg, "\n"); return 2 end

local VALUE = {engine = true, params = true, iterations = "int", pairs = "int", tc = true, concurrency = "int",
  openings = true, rules = true, maxmoves = "int", seed = "int", state = true, final = "int", ["c-end"] = "num",
  ["r-end"] = "num", bot = true, passes = "int", step = "int", skip = "int", every = "int", max = "int", k = "num"}
local FOR = {spsa = {engine = 1, params = 1, iterations = 1, pairs = 1, tc = 1, concurrency = 1, openings = 1,
  rules = 1, maxmoves = 1, seed = 1, state = 1, final = 1, ["c-end"] = 1, ["r-end"] = 1},
  texel = {bot = 1, params = 1, passes = 1, step = 1, skip = 1, every = 1, max = 1, k = 1}}

local function parse(args, mode)
  local o, files = {}, {}
  local i = 2
  while i <= #args do
    local a = args[i]
    local name = a:match("^%-%-(.+)$")
    if name == "help" or a == "-h" then o.help = true; i = i + 1
    elseif name then
      if not VALUE[name] or not FOR[mode][name] then return nil, "unknown option " .. a .. " for " .. mode end
      local v = args[i + 1]
      if v == nil then return nil, a .. " needs a value" end
      if VALUE[name] == "int" then
        local n = tonumber(v)
        if not n or n % 1 ~= 0 or n < 0 then return nil, a .. " takes a whole number, not '" .. v .. "'" end
        v = n // 1
      elseif VALUE[name] == "num" then
        local n = tonumber(v)
        if not n or n <= 0 then return nil, a .. " takes a positive number, not '" .. v .. "'" end
        v = n
      end
      o[name] = v
      i = i + 2
    else
      files[#files + 1] = a
      i = i + 1
    end
  end
  return o, files
end

local function split_names(s)
  if not s then return nil end
  local t = {}
  for n in s:gmatch("[^,]+") do t[#t + 1] = n end
  return t
end

local NOT_TUNED = {usi_hash = true, multipv = true, networkdelay = true}

-- the engine's spin options, those named or all but NOT_TUNED
local function engine_params(cmd, args, names)
  local argv = {cmd}
  for w in (args or ""):gmatch("%S+") do argv[#argv + 1] = w end
  local e, err = require("shogi.engine").new({cmd = argv[1], args = {table.unpack(argv, 2)}, stderr = "null"})
  if not e then return nil, "cannot start the engine: " .. tostring(err) end
  local spins, order = {}, {}
  for _, o in ipairs(e:options()) do
    if o.type == "spin" then spins[o.name:lower()] = o; order[#order + 1] = o end
  end
  e:quit()
  local list = {}
  local function add(o) list[#list + 1] = {name = o.name, value = tonumber(o.default), min = tonumber(o.min), max = tonumber(o.max)} end
  if names then
    for _, n in ipairs(names) do
      local o = spins[n:lower()]
      if not o then return nil, "the engine has no spin option '" .. core.quote(n) .. "'" end
      add(o)
    end
  else
    -- every spin option but NOT_TUNED, in the engine's own order
    for _, o in ipairs(order) do if not NOT_TUNED[o.name:lower()] then add(o) end end
  end
  if #list == 0 then return nil, "the engine has no spin option to tune" end
  return list
end

local function spsa(args, top)
  local o, files = parse(args, "spsa")
  if not o then return fail(files) end
  if o.help then io.stdout:write(M.USAGE, "\n"); return 0 end
  if #files > 0 then return fail("spsa takes no files: " .. files[1]) end
  -- the engine and the match runner: a checkout's, or an install's (scripts/tune exports them)
  local cmd, eargs = os.getenv("KOMADAI") or (top .. "/build/komadai"), "--usi"
  if o.engine then cmd, eargs = o.engine:match("^(%S+)%s*(.*)$") end
  if eargs == "" then eargs = nil end
  local params, err = engine_params(cmd, eargs, split_names(o.params))
  if not params then return fail(err) end
  local cfg = {engine = cmd, engine_args = eargs, params = params, iterations = o.iterations or 100,
    pairs = o.pairs or 2, tc = o.tc or "nodes=3000", concurrency = o.concurrency or 2, openings = o.openings,
    rules = o.rules or "computer", maxmoves = o.maxmoves, seed = o.seed or 1, state = o.state,
    final = o.final or 10, match = os.getenv("KOMADAI_MATCH") or (top .. "/scripts/match"), gamma = 0.101,
    alpha = 0.602, r = o["r-end"] or 0.002}
  if o["c-end"] then for _, p in ipairs(params) do p.c = o["c-end"] end end
  if cfg.iterations < 1 or cfg.pairs < 1 or cfg.concurrency < 1 then
    return fail("--iterations, --pairs and --concurrency take 1 or more")
  end
  local values, rerr = require("shogi.tune.spsa").run(cfg, function(l) io.stdout:write(l, "\n"); io.stdout:flush() end)
  if not values then io.stderr:write("tune: ", rerr, "\n"); return 1 end
  return 0
end

local EXT = {kif = true, kifu = true, ki2 = true, ki2u = true, csa = true, jkf = true}

local function record_files(args)
  local out = {}
  for _, a in ipairs(args) do
    local q = "'" .. a:gsub("'", "'\\''") .. "'"
    local p = io.popen("find " .. q .. " -type f 2>/dev/null | LC_ALL=C sort")
    local n = 0
    for f in p:lines() do
      local ext = f:match("%.(%w+)$")
      if ext and EXT[ext:lower()] then out[#out + 1] = f; n = n + 1 end
    end
    p:close()
    if n == 0 then return nil, a .. ": no record files (.kif .kifu .ki2 .ki2u .csa .jkf)" end
  end
  return out
end

local function texel(args)
  local o, files = parse(args, "texel")
  if not o then return fail(files) end
  if o.help then io.stdout:write(M.USAGE, "\n"); return 0 end
  if #files == 0 then return fail("texel needs records (files or folders)\n" .. M.USAGE) end
  local shogi = require "shogi"
  local t = require "shogi.tune.texel"
  local bot
  if o.bot then
    local err
    bot, err = shogi.bot.load(o.bot)
    if not bot then return fail(err) end
  end
  local h = t.handle(bot, split_names(o.params))
  if #h.list == 0 then return fail(o.params and "no such parameter: " .. o.params or "nothing to tune: the bot has no spin option") end
  local paths, err = record_files(files)
  if not paths then return fail(err) end
  local games, bad = {}, 0
  for _, f in ipairs(paths) do
    local g, msg = shogi.read(f)
    if g then games[#games + 1] = g else bad = bad + 1; io.stderr:write("tune: ", tostring(msg), " (left out)\n") end
  end
  local set, c = t.positions(games, h.eval, {skip = o.skip, every = o.every, max = o.max})
  io.stdout:write(string_format("records %d (%d unreadable), %d with a result; positions %d quiet, %d not\n",
    #paths, bad, c.used, c.positions, c.noisy))
  if #set == 0 then io.stderr:write("tune: no quiet position in games with a result\n"); return 1 end
  local values = t.run(set, h, {passes = o.passes, step = o.step, K = o.k},
    function(l) io.stdout:write(l, "\n"); io.stdout:flush() end)
  for _, p in ipairs(h.list) do
    io.stdout:write(string_format("option.%s=%d   (from %d)\n", p.name, values[p.name], p.value))
  end
  return 0
end

function M.main(args, top)
  local mode = args[1]
  if mode == "spsa" then return spsa(args, top or ".")
  elseif mode == "texel" then return texel(args)
  elseif mode == "-h" or mode == "--help" then io.stdout:write(M.USAGE, "\n"); return 0 end
  return fail((mode and ("unknown mode '" .. mode .. "'\n") or "") .. M.USAGE)
end

return M
