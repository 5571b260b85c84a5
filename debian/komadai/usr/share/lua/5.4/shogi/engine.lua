-- shogi.engine: a USI client.  Starts an engine program, speaks the protocol,
-- and turns its answers into tables.
--   local e = assert(shogi.engine{cmd = "fairy-stockfish", options = {["Skill Level"] = 3}})
--   local r = assert(e:go(game, {byoyomi = 1000}))   -- r.bestmove, r.score, r.pv, ...
--   e:quit()
-- Everything the engine says is outside input: a crash, silence past the time
-- limit or a malformed line make the call return nil, msg, kind (kind:
-- "crash" | "timeout" | "malformed") with msg naming the engine and what it
-- did, and the process is killed.  Wrong arguments raise.
local core = require "shogi.core"
local protocol = require "shogi.engine.protocol"

local error, ipairs, pairs, setmetatable, tostring, type = error, ipairs, pairs, setmetatable, tostring, type
local concat, table_sort = table.concat, table.sort
local string_find, string_format, string_match = string.find, string.format, string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}
local E = {}
E.__index = E

M.HANDSHAKE_TIMEOUT = 30 -- seconds for usiok and readyok (gpsusi loads its tables for ~6 s on a busy machine)
M.QUIT_TIMEOUT = 1       -- seconds an engine is given to exit after "quit"
M.MARGIN = 1             -- seconds past the search limit before silence counts as a hang
M.DEFAULT_TIMEOUT = 60   -- seconds for a go without a time limit of its own (depth, nodes)

local function fail(e, kind, what)
  local msg = string_format("engine '%s': %s", e.name, what)
  if e.proc then
    local how, code = e.proc:kill()
    e.status = how and (how .. " " .. tostring(code)) or e.status
  end
  e.dead = msg
  return nil, msg, kind
end

local function send(e, line)
  if e.dead then return nil, e.dead, "crash" end
  if e.log then e.log(">", line) end
  local ok = e.proc:write(line .. "\n")
  if not ok then
    local how, code = e.proc:wait(0.5)
    return fail(e, "crash", string_format("exited (%s) before '%s' could be sent",
      how and (how .. " " .. tostring(code)) or "closed its input", line))
  end
  return true
end

-- one line before deadline (a core.now() value; nil: no limit), for what (a sentence fragment)
local function receive(e, deadline, what)
  local left
  if deadline then
    left = deadline - core.now()
    if left < 0 then left = 0 end
  end
  local line, why = e.proc:read_line(left)
  if line then
    e.lineno = e.lineno + 1
    if e.log then e.log("<", line) end
    return line
  end
  if why == "timeout" then
    return fail(e, "timeout", string_format("no answer within %.1f s while %s: killed", e.waited or 0, what))
  elseif why == "eof" then
    local how, code = e.proc:wait(0.5)
    local status = how == "signal" and ("killed by signal " .. tostring(code))
      or how == "exit" and ("exited with status " .. tostring(code)) or "closed its output"
    return fail(e, "crash", string_format("%s while %s", status, what))
  end
  return fail(e, "malformed", string_format("line %d: %s while %s", e.lineno + 1,
    why == "too-long" and "a line too long" or "a read error", what))
end

-- The next line of a search that must stop at stop_at: the line, or nil once
-- the time came and "stop" was sent (the answer follows as more lines), or
-- false, msg, kind when the engine failed.
local function read_or_stop(self, stop_at, what)
  local left = stop_at - core.now()
  local line, why = self.proc:read_line(left > 0 and left or 0)
  if line then
    self.lineno = self.lineno + 1
    if self.log then self.log("<", line) end
    return line
  end
  if why == "timeout" then
    local s1, s2, s3 = self:stop()
    if not s1 then return false, s2, s3 end
    return nil
  end
  local l, err, kind = receive(self, 0, what)
  if not l then return false, err, kind end
  return l
end

local function malformed(e, col, msg, line) -- msg and line quote the engine's bytes: core.quote
  return fail(e, "malformed", string_format("%d:%d: %s", e.lineno, col, core.quote(msg .. ": " .. line, 400)))
end

local function deadline_in(e, seconds)
  e.waited = seconds
  return seconds and core.now() + seconds or nil
end

-- the program's words: spec.cmd split (or as given with spec.args)
local function argv_of(spec)
  local argv
  if type(spec.cmd) == "table" then
    argv = {}
    for i, a in ipairs(spec.cmd) do argv[i] = a end
  elseif spec.args ~= nil then
    argv = {spec.cmd}
  else
    local words, msg = protocol.split_command(spec.cmd)
    if not words then return nil, msg end
    argv = words
  end
  local args = spec.args
  if type(args) == "string" then
    local words, msg = protocol.split_command(args)
    if not words then return nil, msg end
    args = words
  end
  for _, a in ipairs(args or {}) do argv[#argv + 1] = a end
  return argv
end

local function start(e)
  local argv = e.argv
  local proc, msg = core.spawn(argv, {cwd = e.cwd, stderr = e.stderr, group = e.group})
  -- Debian installs engines in /usr/games, which root's PATH lacks
  if not proc and not string_find(argv[1], "/", 1, true) then
    local again = {}
    for i, a in ipairs(argv) do again[i] = a end
    again[1] = "/usr/games/" .. argv[1]
    local p2 = core.spawn(again, {cwd = e.cwd, stderr = e.stderr, group = e.group})
    if p2 then proc, msg = p2, nil end
  end
  if not proc then return nil, "engine '" .. e.name .. "': " .. msg, "crash" end
  e.proc, e.dead, e.lineno, e.pending, e.stop_sent = proc, nil, 0, nil, nil
  local ok, err, kind = send(e, "usi")
  if not ok then return nil, err, kind end
  local deadline = deadline_in(e, e.handshake_timeout)
  e.ident, e.opts, e.option_order = {}, {}, {}
  while true do
    local line, err2, kind2 = receive(e, deadline, "waiting for usiok after 'usi'")
    if not line then return nil, err2, kind2 end
    if line == "usiok" then break end
    local idk, idv = string_match(line, "^id%s+(%S+)%s*(.-)%s*$")
    if idk then e.ident[idk] = idv
    elseif string_find(line, "^option%s") then
      local o, col, why = protocol.option(line)
      if not o then return malformed(e, col, why, line) end
      if not e.opts[o.name] then e.option_order[#e.option_order + 1] = o.name end
      e.opts[o.name] = o
    end
  end
  -- a multi-variant engine (Fairy-Stockfish) offers shogi among its variants
  local v = e.opts.UCI_Variant
  if v and v.type == "combo" and e.wanted.UCI_Variant == nil then
    for _, name in ipairs(v.vars or {}) do
      if name == "shogi" then
        local ok3, err3, kind3 = e:set("UCI_Variant", "shogi")
        if not ok3 then return nil, err3, kind3 end
      end
    end
  end
  for _, name in ipairs(e.option_names) do
    local ok3, err3, kind3 = e:set(name, e.wanted[name])
    if not ok3 then return nil, err3, kind3 end
  end
  local ok4, err4, kind4 = e:isready()
  if not ok4 then return nil, err4, kind4 end
  return e
end

--- shogi.engine(cmd | {cmd=, args=, cwd=, options={name=value}, name=, stderr="null"|"inherit",
---               log=function(dir, line), timeout=handshake seconds, margin=seconds, group=false})
--   -> engine | nil, msg, kind
-- group = false keeps the engine in our process group (a match worker's engines die with it).
function M.new(spec)
  if type(spec) == "string" then spec = {cmd = spec} end
  if type(spec) ~= "table" or (type(spec.cmd) ~= "string" and type(spec.cmd) ~= "table") then
    error("bad argument #1 to 'engine' (a command or {cmd = ...} expected)", 2)
  end
  if spec.margin ~= nil and (type(spec.margin) ~= "number" or spec.margin < 0) then
    error("bad argument #1 to 'engine' (margin: seconds expected)", 2)
  end
  local argv, msg = argv_of(spec)
  if not argv then return nil, "engine: " .. msg, "crash" end
  local options, names = {}, {}
  for k, val in pairs(spec.options or {}) do
    options[k] = val
    names[#names + 1] = k
  end
  table_sort(names)
  local e = setmetatable({
    argv = argv, cwd = spec.cwd, stderr = spec.stderr or "null", log = spec.log, group = spec.group,
    name = spec.name or string_match(argv[1], "([^/]+)$") or argv[1],
    handshake_timeout = spec.timeout or M.HANDSHAKE_TIMEOUT,
    margin = spec.margin or M.MARGIN,
    wanted = options, option_names = names, lineno = 0,
  }, E)
  return start(e)
end

--- e:restart() -> e | nil, msg, kind: a new process, the same command and options
function E:restart()
  if self.proc then self.proc:kill() end
  return start(self)
end

--- e:alive() -> bool (false after a failure or quit)
function E:alive() return not self.dead and self.proc ~= nil and self.proc:running() end

--- e:id() -> {name=, author=} as the engine said (id name / id author)
function E:id() return {name = self.ident.name, author = self.ident.author} end

--- e:options() -> array of {name, type, default, min, max, vars}, in the engine's order
function E:options()
  local out = {}
  for i, n in ipairs(self.option_order) do
    local o = self.opts[n]
    local c = {}
    for k, v in pairs(o) do c[k] = v end
    if o.vars then
      c.vars = {}
      for j, v in ipairs(o.vars) do c.vars[j] = v end
    end
    out[i] = c
  end
  return out
end

-- The options the USI spec reserves for the GUI, which an engine need not list: sent as the spec types them.
local GUI_OPTIONS = {USI_Ponder = {name = "USI_Ponder", type = "check"},
  USI_Hash = {name = "USI_Hash", type = "spin", min = 1, max = 1 << 30}}

--- e:set(name, value) -> true | nil, msg, "option" (an option the engine does not have, or a value it does
--- not take)
function E:set(name, value)
  if type(name) ~= "string" then error("bad argument #1 to 'set' (option name expected)", 2) end
  local o = self.opts[name]
  if not o and GUI_OPTIONS[name] then o = GUI_OPTIONS[name] end
  if not o then
    return nil, string_format("engine '%s': no option '%s' (it has: %s)", self.name, name,
      concat(self.option_order, ", ")), "option"
  end
  local text, msg = protocol.check_value(o, value)
  if not text then return nil, string_format("engine '%s': %s", self.name, msg), "option" end
  if o.type == "button" then return send(self, "setoption name " .. name) end
  return send(self, "setoption name " .. name .. " value " .. text)
end

-- A search left running (an error in an info callback, Ctrl-C while waiting) is stopped and its answer
-- read before the next command, so that answer is not taken for the next search's.
local function settle(e)
  if not e.pending or e.dead then return true end
  local ok, err, kind = send(e, "stop")
  if not ok then return nil, err, kind end
  local deadline = deadline_in(e, e.margin + 4)
  while true do
    local line, err2, kind2 = receive(e, deadline, "finishing a search that was interrupted")
    if not line then return nil, err2, kind2 end
    if string_find(line, "^bestmove") or string_find(line, "^checkmate") then
      e.pending, e.stop_sent, e.pondering = nil, nil, nil
      return true
    end
  end
end

--- e:isready([seconds]) -> true | nil, msg, kind
function E:isready(seconds)
  local okp, errp, kindp = settle(self)
  if not okp then return nil, errp, kindp end
  local ok, err, kind = send(self, "isready")
  if not ok then return nil, err, kind end
  local deadline = deadline_in(self, seconds or self.handshake_timeout)
  while true do
    local line, err2, kind2 = receive(self, deadline, "waiting for readyok after 'isready'")
    if not line then return nil, err2, kind2 end
    if line == "readyok" then return true end
  end
end

--- e:newgame() -> true | nil, msg, kind  (isready, then usinewgame)
function E:newgame()
  local ok, err, kind = self:isready()
  if not ok then return nil, err, kind end
  return send(self, "usinewgame")
end

-- the "position ..." line for a position, a game (its start and moves) or an SFEN string
local function position_command(x, name, level)
  local tx = type(x)
  if tx == "string" then
    if x == "startpos" then return "position startpos" end
    return "position sfen " .. x:gsub("^sfen%s+", "")
  end
  if tx == "userdata" or tx == "table" then
    local okm, moves = false, nil
    if x.moves and x.start then okm, moves = true, x:moves() end
    if okm then
      local line = "position sfen " .. x:start():sfen()
      if #moves > 0 then line = line .. " moves " .. concat(moves, " ") end
      return line
    end
    if x.sfen then return "position sfen " .. x:sfen() end
  end
  error("bad argument #1 to '" .. (name or "go") .. "' (position, game or SFEN expected, got " .. tx .. ")",
    level or 3)
end
M.position_command = position_command

-- the time go may take before it is a hang: the side's clock plus byoyomi and increment, or movetime
local function limit_of(opts, side, margin)
  if opts.timeout then return opts.timeout end
  if opts.infinite or opts.ponder then return nil end
  local t
  if opts.movetime then t = opts.movetime end
  if opts.byoyomi or opts.btime or opts.wtime or opts.binc or opts.winc then
    local main = (side == "w" and opts.wtime or opts.btime) or 0
    local inc = (side == "w" and opts.winc or opts.binc) or 0
    t = (t or 0) + main + inc + (opts.byoyomi or 0)
  end
  if not t then return M.DEFAULT_TIMEOUT end
  return t / 1000 + margin
end

local function side_of(x)
  if type(x) == "string" then
    return x == "startpos" and "b" or string_match(x, "^%S+%s+([bw])") or string_match(x, "^sfen%s+%S+%s+([bw])")
  end
  return x.side and x:side() or nil
end

local function primary(r, i)
  if (i.multipv or 1) ~= 1 then return end
  for _, k in ipairs({"depth", "seldepth", "nodes", "nps", "time", "hashfull"}) do
    if i[k] then r[k] = i[k] end
  end
  if i.score or i.mate then r.score, r.mate, r.bound = i.score, i.mate, i.bound end
  if i.pv then r.pv = i.pv end
end

-- Reads a search's lines until its bestmove: st = {opts, limit (seconds or nil), t0, r, what}.
local function collect(self, st)
  local opts, r = st.opts, st.r
  local stop_at = opts.stop and st.t0 + opts.stop or nil
  self.waited = st.limit
  while true do
    local deadline = st.limit and st.t0 + st.limit
    local line, err2, kind2
    if stop_at and not self.stop_sent and (not deadline or stop_at < deadline) then
      line, err2, kind2 = read_or_stop(self, stop_at, st.what)
      if line == false then return nil, err2, kind2 end
    else
      line, err2, kind2 = receive(self, deadline, st.what)
      if not line then return nil, err2, kind2 end
    end
    if line and (string_find(line, "^info%s") or line == "info") then
      local i, col, why = protocol.info(line)
      if not i then return malformed(self, col, why, line) end
      r.info[#r.info + 1] = i
      if i.multipv then r.multipv[i.multipv] = i end
      primary(r, i)
      if opts.info then opts.info(i) end
    elseif line and string_find(line, "^bestmove") then
      self.stop_sent = nil
      local m, ponder, why = protocol.bestmove(line)
      if not m then return malformed(self, ponder, why, line) end
      self.pending = nil
      r.bestmove, r.ponder = m, ponder
      r.seconds = core.now() - st.t0
      return r
    end
  end
end

-- Sends the position and the go line; the search's state for collect.
local function start_go(self, x, opts, name)
  if type(opts) ~= "table" then
    error("bad argument #2 to '" .. name .. "' (options table expected, got " .. type(opts) .. ")", 3)
  end
  local pos_line = position_command(x, name, 4)
  local go_line = protocol.go_command(opts)
  local okp, errp, kindp = settle(self)
  if not okp then return nil, errp, kindp end
  local ok, err, kind = send(self, pos_line)
  if not ok then return nil, err, kind end
  ok, err, kind = send(self, go_line)
  if not ok then return nil, err, kind end
  self.pending = true
  return {opts = opts, side = side_of(x), limit = limit_of(opts, side_of(x), self.margin), t0 = core.now(),
    r = {info = {}, multipv = {}}, what = "searching after '" .. go_line .. "'"}
end

--- e:go(pos_or_game, {btime=, wtime=, byoyomi=, binc=, winc=, movetime=, depth=, nodes=, infinite=,
---   ponder=, info=function(i) end, timeout=seconds, stop=seconds})
---   -> {bestmove=, ponder=, score=, mate=, bound=, pv=, depth=, seldepth=, nodes=, nps=, time=,
---       hashfull=, multipv={[k]=info}, info={...}, seconds=} | nil, msg, kind
-- Times in milliseconds.  timeout (seconds) overrides the hang limit (clock + byoyomi + increment +
-- margin); stop (seconds) sends "stop" that long after go (for infinite and ponder searches).
function E:go(x, opts)
  local st, err, kind = start_go(self, x, opts or {}, "go")
  if not st then return nil, err, kind end
  self.pondering = nil
  return collect(self, st)
end

--- e:ponder(game_with_the_expected_move, {btime=, wtime=, byoyomi=, ...}) -> true | nil, msg, kind
-- Starts "go ponder" and returns at once: the engine thinks on the opponent's time.  Then either
-- e:ponderhit() (the opponent played the expected move: the search goes on as a normal one with the
-- times given here, and its answer is returned as e:go's) or anything else (e:go for another
-- position, e:isready, e:gameover...: the ponder search is stopped and its answer dropped).
function E:ponder(x, opts)
  opts = opts or {}
  if type(opts) ~= "table" then
    error("bad argument #2 to 'ponder' (options table expected, got " .. type(opts) .. ")", 2)
  end
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.ponder = true
  local st, err, kind = start_go(self, x, o, "ponder")
  if not st then return nil, err, kind end
  self.pondering = st
  return true
end

--- e:ponderhit([info]) -> the search's answer, as e:go | nil, msg, kind
-- The times of e:ponder count from now; info (a function) replaces the ponder's info callback.
function E:ponderhit(info)
  local st = self.pondering
  if not st or not self.pending then
    error("ponderhit without a ponder search (start one with e:ponder)", 2)
  end
  self.pondering = nil
  local ok, err, kind = send(self, "ponderhit")
  if not ok then return nil, err, kind end
  local o = {}
  for k, v in pairs(st.opts) do o[k] = v end
  o.ponder = nil
  if info then o.info = info end
  st.opts, st.t0, st.limit = o, core.now(), limit_of(o, st.side, self.margin)
  st.what = "searching after 'ponderhit'"
  return collect(self, st)
end

--- e:gameover("win"|"lose"|"draw") -> true | nil, msg, kind: tells the engine how the game ended
function E:gameover(word)
  if word ~= "win" and word ~= "lose" and word ~= "draw" then
    error("bad argument #1 to 'gameover' (\"win\", \"lose\" or \"draw\" expected)", 2)
  end
  local okp, errp, kindp = settle(self)
  if not okp then return nil, errp, kindp end
  return send(self, "gameover " .. word)
end

--- e:stop() -> true | nil, msg, kind: ends an infinite or ponder search (e:go then returns its bestmove)
function E:stop()
  self.stop_sent = true
  return send(self, "stop")
end

--- e:mate(pos_or_game [, ms]) -> {status = "mate"|"nomate"|"timeout"|"notimplemented", moves = {...}}
---   | nil, msg, kind   ("go mate MS", or "go mate infinite" without ms)
-- At ms the client sends "stop" and waits the margin for the answer.  An engine that answers with
-- "bestmove" (a UCI engine's "go mate" is a mate-in-N search: Fairy-Stockfish) gives status
-- "notimplemented" with its bestmove and info kept.
function E:mate(x, ms)
  if ms ~= nil and (type(ms) ~= "number" or ms < 0) then
    error("bad argument #2 to 'mate' (milliseconds expected)", 2)
  end
  local pos_line = position_command(x, "mate")
  local okp, errp, kindp = settle(self)
  if not okp then return nil, errp, kindp end
  local ok, err, kind = send(self, pos_line)
  if not ok then return nil, err, kind end
  local go_line = ms and string_format("go mate %d", ms // 1) or "go mate infinite"
  ok, err, kind = send(self, go_line)
  if not ok then return nil, err, kind end
  self.pending = true
  local stop_at = ms and core.now() + ms / 1000 or nil
  local infos = {}
  local what = "solving after '" .. go_line .. "'"
  while true do
    local line, err2, kind2
    if stop_at and not self.stop_sent then
      line, err2, kind2 = read_or_stop(self, stop_at, what)
      if line == false then return nil, err2, kind2 end
    else
      line, err2, kind2 = receive(self, stop_at and deadline_in(self, self.margin), what)
      if not line then return nil, err2, kind2 end
    end
    if line and string_find(line, "^checkmate") then
      self.stop_sent = nil
      self.pending = nil
      local c, col, why = protocol.checkmate(line)
      if not c then return malformed(self, col, why, line) end
      return c
    elseif line and string_find(line, "^bestmove") then
      self.stop_sent = nil
      self.pending = nil
      local m, p2, why = protocol.bestmove(line)
      if not m then return malformed(self, p2, why, line) end
      return {status = "notimplemented", moves = {}, bestmove = m, info = infos}
    elseif line and string_find(line, "^info%s") then
      local i, col, why = protocol.info(line)
      if not i then return malformed(self, col, why, line) end
      infos[#infos + 1] = i
    end
  end
end

--- e:quit() -> how, code ("exit", 0 | "signal", 9 when it had to be killed)
function E:quit()
  if not self.proc then return nil end
  if not self.dead then
    if self.log then self.log(">", "quit") end
    self.proc:write("quit\n")
    self.proc:close_input()
  end
  local how, code = self.proc:wait(M.QUIT_TIMEOUT)
  if not how then how, code = self.proc:kill() end
  self.dead = self.dead or string_format("engine '%s': quit", self.name)
  return how, code
end

E.__close = function(e) if e.proc then e.proc:kill() end end
E.__tostring = function(e) return string_format("engine '%s'%s", e.name, e.dead and " (stopped)" or "") end

return M
