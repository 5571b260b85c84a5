-- shogi.match.options: the command line of scripts/match, in the manner of cutechess-cli and fastchess.
--   local cfg, msg = options.parse(arg)      -- nil, "match: ..." on a bad command line
-- cfg = {engines = {{name=, cmd=, options={...}, tc={...}, margin=, ...}, {...}}, games=, rounds=,
--        repeat_=, openings={file=, order=, plies=}, concurrency=, rules=, maxmoves=, out=, sprt={...},
--        seed=, shard={i, n}, json=, merge={files...}, worker=bool, resign={movecount, score, twosided},
--        draw={movenumber, movecount, score}, tournament="gauntlet"|"roundrobin", pondering=bool}
local ipairs, math_type, pairs, tonumber, tostring = ipairs, math.type, pairs, tonumber, tostring
local string_find, string_format, string_match, string_sub = string.find, string.format, string.match, string.sub
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.USAGE = [==[usage: scripts/match -engine cmd=CMD [name=NAME] [option.NAME=VALUE ...] [TC] -engine ... [options]
       scripts/match --merge A.json B.json ... [-sprt ...]
engine settings (after -engine, or -each for both):
  cmd=CMD  name=NAME  args=ARGS  dir=DIR  option.NAME=VALUE  stderr=null|inherit
  byoyomi=MS | tc=SECONDS[+INC] | st=SECONDS | depth=N | nodes=N   (time control; byoyomi= also adds to tc=)
  timemargin=MS   time an engine may overstep before it loses (default 100)
options:
  -games N  -rounds N  -repeat  -openings file=F [order=sequential|random] [plies=N]
  -concurrency J  -rules jsa|computer  -maxmoves N  -out DIR  -seed S  -shard I/N  -json FILE
  -sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]
  -resign movecount=N score=CP [twosided=true|false]   a loss when an engine's score stays at or below -CP
  -draw movenumber=N movecount=N score=CP             a draw when both scores stay within CP after N moves
  -pondering   engines think on the opponent's time (USI_Ponder, go ponder, ponderhit)
  -tournament gauntlet|roundrobin   three or more engines: the first against each other one (gauntlet) or
                                    every pair (roundrobin), each pairing a match with the options above]==]

M.DEFAULT_MARGIN_MS = 100

local function fail(msg) return nil, "match: " .. msg end

local function positive_int(v, what, zero_ok)
  local n = tonumber(v)
  if not n or math_type(n) ~= "integer" or n < (zero_ok and 0 or 1) then
    return nil, what .. " needs " .. (zero_ok and "an integer >= 0" or "a positive integer") ..
      ", got '" .. tostring(v) .. "'"
  end
  return n
end

-- one engine setting key=value into spec
local function engine_setting(spec, token)
  local k, v = string_match(token, "^([^=]+)=(.*)$")
  if not k then return nil, "engine setting '" .. token .. "' is not key=value" end
  local oname = string_match(k, "^option%.(.+)$")
  if oname then
    spec.options[oname] = v
    return true
  end
  if k == "cmd" or k == "name" or k == "args" or k == "dir" or k == "stderr" then
    if k == "stderr" and v ~= "null" and v ~= "inherit" then return nil, "stderr= takes null or inherit" end
    spec[k] = v
    return true
  end
  if k == "byoyomi" then
    local n, msg = positive_int(v, "byoyomi=", true)
    if not n then return nil, msg .. " (milliseconds)" end
    spec.byoyomi = n
  elseif k == "tc" then
    local main, inc = string_match(v, "^([%d.]+)%+([%d.]+)$")
    if not main then main = string_match(v, "^([%d.]+)$") end
    local mv, iv = tonumber(main or ""), tonumber(inc or "0")
    if not mv or not iv then return nil, "tc= takes SECONDS or SECONDS+INCREMENT, got '" .. v .. "'" end
    spec.main, spec.inc = mv * 1000, iv * 1000
  elseif k == "st" then
    local s = tonumber(v)
    if not s or s <= 0 then return nil, "st= takes seconds per move, got '" .. v .. "'" end
    spec.movetime = s * 1000
  elseif k == "timemargin" then
    local n, msg = positive_int(v, "timemargin=", true)
    if not n then return nil, msg .. " (milliseconds)" end
    spec.margin = n
  elseif k == "depth" or k == "nodes" then
    local n, msg = positive_int(v, k .. "=")
    if not n then return nil, msg end
    spec[k] = n
  else
    return nil, "unknown engine setting '" .. k .. "'"
  end
  return true
end

local function kv_settings(args, i, what, known)
  local out = {}
  while args[i] and not (string_sub(args[i], 1, 1) == "-" and not string_find(args[i], "=", 1, true)) do
    local k, v = string_match(args[i], "^([^=]+)=(.*)$")
    if not k or not known[k] then
      return nil, nil, what .. " does not take '" .. args[i] .. "'"
    end
    out[k] = v
    i = i + 1
  end
  return out, i
end

local function new_spec() return {options = {}} end

-- engine settings: the engine's own win over -each
local function merge_spec(each, own)
  local s = new_spec()
  for k, v in pairs(each) do if k ~= "options" then s[k] = v end end
  for k, v in pairs(each.options) do s.options[k] = v end
  -- a time control given to one engine replaces -each's whole time control
  local own_tc = own.byoyomi or own.main or own.movetime or own.depth or own.nodes
  if own_tc then s.byoyomi, s.main, s.inc, s.movetime, s.depth, s.nodes = nil, nil, nil, nil, nil, nil end
  for k, v in pairs(own) do if k ~= "options" then s[k] = v end end
  for k, v in pairs(own.options) do s.options[k] = v end
  return s
end

function M.parse(args)
  local cfg = {games = 1, rounds = 1, concurrency = 1, rules = "computer", seed = 1, engines = {}}
  local each, own = new_spec(), {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "-engine" or a == "-each" then
      local spec = new_spec()
      i = i + 1
      while args[i] and not (string_sub(args[i], 1, 1) == "-" and not string_find(args[i], "=", 1, true)) do
        local ok, msg = engine_setting(spec, args[i])
        if not ok then return fail(msg) end
        i = i + 1
      end
      if a == "-each" then
        each = merge_spec(each, spec)
      else
        own[#own + 1] = spec
      end
    elseif a == "-games" or a == "-rounds" or a == "-concurrency" or a == "-maxmoves" or a == "-seed" then
      local n, msg = positive_int(args[i + 1], a, a == "-seed")
      if not n then return fail(msg) end
      cfg[string_sub(a, 2)] = n
      i = i + 2
    elseif a == "-repeat" then
      cfg.repeat_ = true
      i = i + 1
    elseif a == "-pondering" then
      cfg.pondering = true
      i = i + 1
    elseif a == "-rules" then
      local r = args[i + 1]
      if r ~= "jsa" and r ~= "computer" then
        return fail("-rules takes jsa or computer, got '" .. tostring(r) .. "'")
      end
      cfg.rules = r
      i = i + 2
    elseif a == "-out" or a == "-json" then
      if not args[i + 1] then return fail(a .. " needs a path") end
      cfg[string_sub(a, 2)] = args[i + 1]
      i = i + 2
    elseif a == "-shard" then
      local si, sn = string_match(args[i + 1] or "", "^(%d+)/(%d+)$")
      si, sn = tonumber(si), tonumber(sn)
      if not si or sn < 1 or si < 1 or si > sn then
        return fail("-shard takes I/N with 1 <= I <= N, got '" .. tostring(args[i + 1]) .. "'")
      end
      cfg.shard = {si, sn}
      i = i + 2
    elseif a == "-openings" then
      local o, j, msg = kv_settings(args, i + 1, "-openings", {file = true, order = true, plies = true})
      if not o then return fail(msg) end
      if not o.file then return fail("-openings needs file=F") end
      if o.order and o.order ~= "sequential" and o.order ~= "random" then
        return fail("-openings order= takes sequential or random, got '" .. o.order .. "'")
      end
      if o.plies then
        local n, msg2 = positive_int(o.plies, "-openings plies=", true)
        if not n then return fail(msg2) end
        o.plies = n
      end
      o.order = o.order or "sequential"
      cfg.openings = o
      i = j
    elseif a == "-sprt" then
      local o, j, msg = kv_settings(args, i + 1, "-sprt", {elo0 = true, elo1 = true, alpha = true, beta = true})
      if not o then return fail(msg) end
      local s = {}
      for _, k in ipairs({"elo0", "elo1", "alpha", "beta"}) do
        local v = o[k] or (k == "alpha" or k == "beta") and "0.05" or nil
        if v == nil then return fail("-sprt needs elo0= and elo1=") end
        s[k] = tonumber(v)
        if not s[k] then return fail("-sprt " .. k .. "= needs a number, got '" .. v .. "'") end
      end
      if s.elo0 >= s.elo1 then return fail("-sprt needs elo0 < elo1") end
      if s.alpha <= 0 or s.alpha >= 1 or s.beta <= 0 or s.beta >= 1 then
        return fail("-sprt alpha and beta must lie between 0 and 1")
      end
      cfg.sprt = s
      i = j
    elseif a == "-resign" or a == "-draw" then
      local keys = a == "-resign" and {movecount = true, score = true, twosided = true}
        or {movenumber = true, movecount = true, score = true}
      local o, j, msg = kv_settings(args, i + 1, a, keys)
      if not o then return fail(msg) end
      local out = {}
      for k in pairs(keys) do
        if k == "twosided" then
          if o.twosided and o.twosided ~= "true" and o.twosided ~= "false" then
            return fail(a .. " twosided= takes true or false, got '" .. o.twosided .. "'")
          end
          out.twosided = o.twosided == "true"
        else
          if o[k] == nil then return fail(a .. " needs " .. k .. "=") end
          local n, msg2 = positive_int(o[k], a .. " " .. k .. "=", k ~= "movecount")
          if not n then return fail(msg2) end
          out[k] = n
        end
      end
      cfg[string_sub(a, 2)] = out
      i = j
    elseif a == "-tournament" then
      local t = args[i + 1]
      if t ~= "gauntlet" and t ~= "roundrobin" then
        return fail("-tournament takes gauntlet or roundrobin, got '" .. tostring(t) .. "'")
      end
      cfg.tournament = t
      i = i + 2
    elseif a == "--merge" then
      cfg.merge = {}
      i = i + 1
      while args[i] and string_sub(args[i], 1, 1) ~= "-" do
        cfg.merge[#cfg.merge + 1] = args[i]
        i = i + 1
      end
      if #cfg.merge == 0 then return fail("--merge needs JSON files") end
    elseif a == "--pair" then
      -- a tournament's worker: the two engines of its pairing
      local pi, pj = string_match(args[i + 1] or "", "^(%d+),(%d+)$")
      if not pi then return fail("--pair takes I,J") end
      cfg.pair = {tonumber(pi), tonumber(pj)}
      i = i + 2
    elseif a == "--worker" then
      cfg.worker = true
      i = i + 1
    elseif a == "-h" or a == "--help" or a == "-help" then
      cfg.help = true
      i = i + 1
    else
      return fail("unknown option '" .. a .. "'\n" .. M.USAGE)
    end
  end
  if cfg.help or cfg.merge then return cfg end
  if #own < 2 or (#own > 2 and not cfg.tournament) then
    return fail(string_format("%s -engine settings needed, got %d\n%s",
      cfg.tournament and "two or more" or "two (or -tournament for more)", #own, M.USAGE))
  end
  for k, o in ipairs(own) do
    local s = merge_spec(each, o)
    if not s.cmd then return fail("engine " .. k .. " has no cmd=") end
    s.name = s.name or string_match(s.cmd, "^%S*/([^/%s]+)") or string_match(s.cmd, "^(%S+)") or s.cmd
    if not (s.byoyomi or s.main or s.movetime or s.depth or s.nodes) then
      return fail("engine '" .. s.name .. "' has no time control (byoyomi=, tc=, st=, depth= or nodes=)")
    end
    s.margin = s.margin or M.DEFAULT_MARGIN_MS
    if cfg.pondering then -- the GUI's option that tells an engine it may ponder (an own copy of the options)
      local opts = {USI_Ponder = "true"}
      for name, v in pairs(s.options or {}) do opts[name] = v end
      s.options = opts
    end
    cfg.engines[k] = s
  end
  -- names tell the engines apart in the results: a name given twice gets -2, -3...
  local seen = {}
  for _, s in ipairs(cfg.engines) do
    local base, n = s.name, 1
    while seen[s.name] do n = n + 1; s.name = base .. "-" .. n end
    seen[s.name] = true
  end
  if cfg.pair then
    cfg.engines = {cfg.engines[cfg.pair[1]], cfg.engines[cfg.pair[2]]}
    if not cfg.engines[1] or not cfg.engines[2] then return fail("--pair names an engine not given") end
    cfg.tournament = nil
  end
  return cfg
end

return M
