-- The CSA client behind scripts/csa-client: plays games on a CSA server
-- (komadai --csa-server, shogi-server, Floodgate) for a Lua bot in-process
-- or a USI engine, with Floodgate's conventions: a password naming the game
-- and its times ("floodgate-600-10F,trip"), keep-alive lines while the
-- opponent thinks, ",T" times read from the echoes.  Needs komadai.net, so
-- it runs under komadai (not plain lua5.4).
--
-- A bot is a Lua file returning function(game, clock) -> move, where game is
-- a shogi.game at the position to move (it may be read, copied, searched,
-- not kept), clock = {side = "b"|"w", remaining = {b =, w =}, byoyomi =,
-- increment =, total =} in seconds; the move in any notation the core reads,
-- or "%TORYO" (also nil) to resign, "%KACHI" to declare; a second value, a
-- string, is sent as the move's comment (Floodgate's "* SCORE PV..." in CSA
-- moves, which the server records and the watch pages show).
local shogi = require "shogi"

local io_open, os_date, os_time = io.open, os.date, os.time
local require, ipairs, tonumber, tostring, type = require, ipairs, tonumber, tostring, type
local pcall, loadfile = pcall, loadfile
local table_concat, string_format = table.concat, string.format
local math_floor, math_max = math.floor, math.max
local stderr, stdout = io.stderr, io.stdout
local _ENV = nil -- luacheck: ignore 211

local M = {}

local USAGE = [[usage: csa-client --host H --port P --id ID --password PW (--engine CMD | --bot BOT.lua)
                  [--games N] [--out DIR] [--keepalive S]
  plays N games (default 1) on a CSA server; the password names the game as the server
  expects it ("floodgate-600-10F,trip"); each game's record is saved as DIR/GAME_ID.csa
  (the Game_ID the server gives the game; DIR is made when missing).
  Exit status: 0 when the games are done, 1 when the server refuses, 2 on bad usage,
  3 when the games were played but a record could not be saved.]]

local function parse_args(argv)
  local o = {host = "127.0.0.1", port = 4081, games = 1, keepalive = 30}
  local i = 1
  local numbers = {port = true, games = true, keepalive = true}
  while i <= #argv do
    local a, v = argv[i], argv[i + 1]
    local key = a:match("^%-%-(%a+)$")
    local known = {host = true, port = true, id = true, password = true, engine = true, bot = true,
                   games = true, out = true, keepalive = true}
    if not key or not known[key] then return nil, "unknown option '" .. a .. "'" end
    if v == nil then return nil, "'" .. a .. "' needs an argument" end
    if numbers[key] then
      v = tonumber(v)
      if not v or v < 0 then return nil, a .. " needs a number, not '" .. argv[i + 1] .. "'" end
    end
    o[key] = v
    i = i + 2
  end
  if not o.id or not o.password then return nil, "--id and --password are required" end
  if (o.engine == nil) == (o.bot == nil) then return nil, "give one of --engine CMD or --bot BOT.lua" end
  return o
end

-- a USI engine's answer is given this much less than the byoyomi, for the network
local ENGINE_MARGIN_MS = 300

-- the player: a function(game, clock) -> move, and its events {newgame =, gameover =, quit =}
-- The engine's score and PV as Floodgate's comment "* SCORE PV...": the score in centipawns
-- from Black's side (USI gives the mover's; a mate is +-99999), the PV's moves in CSA as far
-- as they are legal; nil without a score.
local function engine_comment(g, r)
  local score = r.score
  if not score and r.mate then score = (r.mate > 0 or r.mate == "+") and 99999 or -99999 end
  if type(score) ~= "number" then return nil end
  if g:side() == "w" then score = -score end
  local parts = {"*", string_format("%d", math_floor(score + 0.5))}
  local q = g:copy()
  for _, usi in ipairs(type(r.pv) == "table" and r.pv or {}) do
    local ok, name = pcall(function() return q:position():move_name(usi, "csa") end)
    if not ok or not name or not pcall(q.play, q, usi) then break end
    parts[#parts + 1] = name
    if #parts >= 12 then break end
  end
  return table_concat(parts, " ")
end

local function load_player(o)
  if o.bot then
    local chunk, err = loadfile(o.bot)
    if not chunk then return nil, err end
    local ok, fn = pcall(chunk)
    if not ok then return nil, o.bot .. ": " .. tostring(fn) end
    if type(fn) ~= "function" then return nil, o.bot .. ": a bot file returns function(game, clock) -> move" end
    return fn, {}
  end
  local ok, engine = pcall(require, "shogi.engine")
  if not ok then return nil, "--engine needs the USI client shogi.engine, which this build does not have" end
  local e, err = engine.new(o.engine)
  if not e then return nil, err end
  local function ms(s) return s > 0 and math_floor(s * 1000) or nil end
  local function player(g, clock)
    local byoyomi = clock.byoyomi > 0 and math_max(0, clock.byoyomi * 1000 - ENGINE_MARGIN_MS) or nil
    local r, gerr = e:go(g, {btime = math_floor(clock.remaining.b * 1000), wtime = math_floor(clock.remaining.w * 1000),
                             byoyomi = byoyomi, binc = ms(clock.increment), winc = ms(clock.increment)})
    if not r then
      stderr:write("csa-client: ", tostring(gerr), "\n")
      return "%TORYO"
    end
    if r.bestmove == "resign" then return "%TORYO" end
    if r.bestmove == "win" then return "%KACHI" end
    return r.bestmove, engine_comment(g, r)
  end
  return player, {
    newgame = function() e:newgame() end,
    gameover = function(result) e:gameover(result == "interrupted" and "draw" or result) end,
    quit = function() e:quit() end,
  }
end

-- reads lines until pred(line) is true; returns the lines read (the last one matching) | nil, err
local function read_until(c, pred, timeout)
  local got = {}
  while true do
    local l, err = c:receive(timeout)
    if not l then return nil, err, got end
    got[#got + 1] = l
    if pred(l) then return got end
  end
end

local function summary_fields(lines)
  local f, pos, in_pos = {}, {}, false
  for _, l in ipairs(lines) do
    if l == "BEGIN Position" then in_pos = true
    elseif l == "END Position" then in_pos = false
    elseif in_pos then pos[#pos + 1] = l
    else
      local k, v = l:match("^([%w_+-]+):(.*)$")
      if k then f[k] = v end
    end
  end
  return f, pos
end

local RESULTS = {["#WIN"] = "win", ["#LOSE"] = "lose", ["#DRAW"] = "draw", ["#CENSORED"] = "draw",
                 ["#CHUDAN"] = "interrupted"}

local function save(o, f, pos, moves, ending)
  if not o.out then return end
  local path = o.out .. "/" .. (f.Game_ID or "game"):gsub("[^%w%+%-_.@]", "_") .. ".csa"
  local out = {"V2", "N+" .. (f["Name+"] or ""), "N-" .. (f["Name-"] or ""), "$EVENT:" .. (f.Game_ID or ""),
               "$START_TIME:" .. os_date("%Y/%m/%d %H:%M:%S", os_time())}
  -- the position block as received, without moves given inside it
  for _, l in ipairs(pos) do
    if not l:match("^[+-]%d%d%d%d%u%u") then out[#out + 1] = l end
  end
  for _, m in ipairs(moves) do
    out[#out + 1] = m[1]
    out[#out + 1] = "T" .. m[2]
  end
  if ending then out[#out + 1] = ending end
  local fh, err = io_open(path, "w")
  local ok
  if fh then
    ok, err = fh:write(table_concat(out, "\n"), "\n")
    local closed, cerr = fh:close()
    if ok and not closed then ok, err = nil, cerr end
  end
  if not ok then
    local why = tostring(err)   -- io.open's message names the file already
    if not why:find(path, 1, true) then why = path .. ": " .. why end
    stderr:write("csa-client: cannot save ", why, "\n")
    o.save_failed = true
  end
end

-- DIR for --out: made when missing (mkdir -p); true, or nil and why
local function make_dir(dir)
  local p = require("shogi.core").spawn({"mkdir", "-p", dir})
  if not p then return nil, "cannot run mkdir" end
  local how, code = p:wait(10)
  if how ~= "exit" or code ~= 0 then return nil, "cannot make the directory " .. dir end
  return true
end

-- the record's end word from what the server said: %TORYO/%KACHI as sent,
-- else the reason line ("#SENNICHITE" -> "%SENNICHITE"); a foul is the
-- loser's illegal action ("%-ILLEGAL_ACTION" when white lost)
local REASON_WORD = {["#SENNICHITE"] = "%SENNICHITE", ["#MAX_MOVES"] = "%MAX_MOVES", ["#TIME_UP"] = "%TIME_UP",
                     ["#CHUDAN"] = "%CHUDAN", ["#RESIGN"] = "%TORYO", ["#JISHOGI"] = "%KACHI"}
local function record_ending(ending, reason, result, me)
  if ending == "%TORYO" or ending == "%KACHI" and reason == "#JISHOGI" or ending == "%CHUDAN" then return ending end
  if reason == "#ILLEGAL_MOVE" or reason == "#OUTE_SENNICHITE" then
    local loser = result == "lose" and me or (me == "b" and "w" or "b")
    return loser == "b" and "%+ILLEGAL_ACTION" or "%-ILLEGAL_ACTION"
  end
  return REASON_WORD[reason]
end

-- one game from LOGIN to the result; returns "win"|"lose"|"draw"|... | nil, err, refused(bool)
local function play_one(net, o, player, events)
  local c, err = net.connect(o.host, o.port, 10)
  if not c then return nil, err, true end
  c:send(string_format("LOGIN %s %s\n", o.id, o.password))
  local l
  l, err = c:receive(30)
  if l ~= "LOGIN:" .. o.id .. " OK" then
    c:close()
    return nil, "the server refused the login: " .. tostring(l or err), true
  end
  local lines
  lines, err = read_until(c, function(x) return x == "END Game_Summary" end, nil)
  if not lines then c:close(); return nil, "no Game_Summary: " .. tostring(err) end
  local f, pos = summary_fields(lines)
  local me = f.Your_Turn == "+" and "b" or "w"
  local g, rerr = shogi.read(table_concat(pos, "\n") .. "\n", "csa") -- a Sho position reads as Sho
  if not g then c:send("REJECT\n"); c:close(); return nil, "cannot read the position: " .. tostring(rerr) end
  c:send("AGREE\n")
  lines, err = read_until(c, function(x) return x:match("^START:") or x:match("^REJECT:") end, nil)
  if not lines or lines[#lines]:match("^REJECT:") then
    c:close()
    return nil, "the game was not started: " .. tostring(lines and lines[#lines] or err)
  end
  if events.newgame then pcall(events.newgame) end
  local clock = {side = me, total = tonumber(f.Total_Time) or 0, byoyomi = tonumber(f.Byoyomi) or 0,
                 increment = tonumber(f.Increment) or 0}
  clock.remaining = {b = clock.total, w = clock.total}
  local moves, ending, reason, result = {}, nil, nil, nil
  local function my_move()
    local ok, m, note = pcall(player, g:copy(), clock)
    if not ok then stderr:write("csa-client: the player failed: ", tostring(m), "\n"); m = nil end
    if m == nil or m == "%TORYO" or m == "resign" then c:send("%TORYO\n"); return end
    if m == "%KACHI" or m == "win" then c:send("%KACHI\n"); return end
    local pos_now = g:position()
    local usi = pos_now:parse_move(m)
    if not usi then c:send("%TORYO\n"); return end
    -- a comment the bot gave goes with the move (",'* 30 -3334FU": Floodgate's score and PV), on one line
    local tail = type(note) == "string" and note ~= "" and (",'" .. note:gsub("[\r\n]", " ")) or ""
    c:send(pos_now:move_name(usi, "csa") .. tail .. "\n")
  end
  if g:side() == me then my_move() end
  while not result do
    l, err = c:receive(o.keepalive)
    if not l and err == "timeout" then
      c:send("\n")
    elseif not l then
      c:close()
      return nil, "the connection ended during the game: " .. tostring(err)
    elseif RESULTS[l] then
      result = RESULTS[l]
    elseif l:match("^[+-]%d%d%d%d%u%u,T%d+") then
      local mv, t = l:match("^([^,]+),T(%d+)")
      local side = mv:sub(1, 1) == "+" and "b" or "w"
      clock.remaining[side] = clock.remaining[side] + clock.increment - tonumber(t)
      if clock.remaining[side] < 0 then clock.remaining[side] = 0 end
      moves[#moves + 1] = {mv, t}
      local ok, perr = pcall(g.play, g, mv)
      if not ok then stderr:write("csa-client: cannot follow ", mv, ": ", tostring(perr), "\n") end
      if g:side() == me then my_move() end
    elseif l:match("^%%") then
      ending = ending or l:match("^(%%%u+)")
    elseif l:match("^#") then
      reason = reason or l
    end
  end
  if events.gameover then pcall(events.gameover, result) end
  save(o, f, pos, moves, record_ending(ending, reason, result, me))
  c:close()
  return result
end

function M.main(argv)
  if argv[1] == "--help" or argv[1] == "-h" then
    stdout:write(USAGE, "\n")
    return 0
  end
  local o, err = parse_args(argv)
  if not o then
    stderr:write("csa-client: ", err, "\n", USAGE, "\n")
    return 2
  end
  if o.out then
    local ok, derr = make_dir(o.out)
    if not ok then stderr:write("csa-client: --out: ", derr, "\n"); return 2 end
  end
  local player, events
  player, events = load_player(o)
  if not player then err = events end
  if not player then stderr:write("csa-client: ", err, "\n"); return 2 end
  local net = require "komadai.net"
  local tally = {}
  for i = 1, o.games do
    local result, perr = play_one(net, o, player, events)
    if not result then
      stderr:write("csa-client: game ", i, ": ", perr, "\n")
      if events.quit then pcall(events.quit) end
      return 1
    end
    tally[result] = (tally[result] or 0) + 1
    stderr:write(string_format("csa-client: game %d: %s\n", i, result))
  end
  local parts = {}
  for _, k in ipairs({"win", "lose", "draw", "interrupted"}) do
    if tally[k] then parts[#parts + 1] = k .. " " .. tally[k] end
  end
  if events.quit then pcall(events.quit) end
  stderr:write("csa-client: ", o.games, " game(s): ", table_concat(parts, ", "), "\n")
  if o.save_failed then stderr:write("csa-client: a record could not be saved (see above)\n"); return 3 end
  return 0
end

return M
