-- shogi.sandbox: every hostile file of issue 12 stopped within its limits with
-- nothing escaping, the host unchanged after each stop, results, options and
-- every error message.
-- Run: busted --lua=lua5.4 tests/lua/sandbox_spec.lua (with the in-place paths).
local core = require "shogi.core"
local shogi = require "shogi"
local sandbox = require "shogi.sandbox"
local tsume = require "shogi.tsume"

local function tmpfile(text)
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write(text)
  f:close()
  return name
end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

local function stopped(src, opts)
  local v, msg = sandbox.load(src, opts)
  assert.is_nil(v)
  assert.is_string(msg)
  return msg
end

-- {name, script, options, message pattern}
local HOSTILE = {
  {"an endless loop", "while true do end", nil, "^sandbox: cpu limit of 1 s exceeded$"},
  {"a doubling string", "local s = 'x' while true do s = s .. s end", nil,
    "^sandbox: memory limit of 64 MiB exceeded$"},
  {"a giant string.rep", "return string.rep('x', 1 << 30)", nil, "^sandbox: memory limit of 64 MiB exceeded$"},
  {"string.rep with a separator", "return ('x'):rep(1 << 20, ('y'):rep(1 << 6))", nil,
    "^sandbox: memory limit of 64 MiB exceeded$"},
  {"a backtracking pattern (one C call)", "return ('a'):rep(40000):find('.-.-.-.-.-.-b')", nil,
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"a gsub that backtracks", "return (('a'):rep(30000)):gsub('.-.-.-.-.-b', '')", nil,
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"a __gc that loops (no hook runs in a finalizer)",
    "setmetatable({}, {__gc = function() while true do end end}) for i = 1, 1e7 do local t = {} end", nil,
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"a coroutine flood", "local t = {} for i = 1, 1e8 do t[i] = coroutine.create(function() end) end",
    {libs = {"coroutine"}}, "^sandbox: memory limit of 64 MiB exceeded$"},
  {"coroutines resuming coroutines", [[
    local function f() local co = coroutine.wrap(f) co() end
    while true do pcall(f) end]], {libs = {"coroutine"}}, "^sandbox: [a-z]+ limit of [%w ]+ exceeded$"},
  {"a table flood", "local t = {} for i = 1, 1e9 do t[i] = {i} end", nil, "^sandbox: memory limit of 64 MiB exceeded$"},
  {"pcall swallowing the cpu stop", "while true do pcall(function() while true do end end) end", nil,
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"pcall swallowing the memory stop",
    "while true do pcall(function() local s = 'x' while true do s = s .. s end end) end", nil,
    "^sandbox: memory limit of 64 MiB exceeded$"},
  {"xpcall with a handler that loops",
    "while true do xpcall(function() while true do end end, function() while true do end end) end", nil,
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"error objects that are tables", "while true do pcall(error, {}) end", nil, "^sandbox: cpu limit of 1 s exceeded$"},
  {"a load()ed endless loop", "load('while true do end')()", nil, "^sandbox: cpu limit of 1 s exceeded$"},
  {"a coroutine swallowing the stop",
    "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
    {libs = {"coroutine"}}, "^sandbox: cpu limit of 1 s exceeded$"},
  {"in process: an endless loop", "while true do end", {worker = false}, "^sandbox: cpu limit of 1 s exceeded$"},
  {"in process: pcall swallowing", "while true do pcall(function() while true do end end) end", {worker = false},
    "^sandbox: cpu limit of 1 s exceeded$"},
  {"in process: a doubling string", "local s = 'x' while true do s = s .. s end", {worker = false},
    "^sandbox: memory limit of 64 MiB exceeded$"},
  {"in process: a giant string.rep", "return string.rep('x', 1 << 30)", {worker = false},
    "^sandbox: memory limit of 64 MiB exceeded$"},
  {"in process: a coroutine swallowing the stop",
    "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
    {libs = {"coroutine"}, worker = false}, "^sandbox: cpu limit of 1 s exceeded$"},
}

describe("shogi.sandbox stops hostile scripts", function()
  for _, row in ipairs(HOSTILE) do
    it(row[1], function()
      local host_state = {kept = true}
      local msg = stopped(row[2], row[3])
      assert.matches(row[4], msg)
      assert.is_true(host_state.kept)
      assert.equal(2, sandbox.load("return 1 + 1"))
    end)
  end

  it("stops at the wall-clock deadline when the CPU limit is higher", function()
    assert.equal("sandbox: wall-clock deadline of 0.5 s exceeded",
      stopped("while true do end", {cpu = 100, wall = 0.5}))
    assert.equal("sandbox: wall-clock deadline of 0.5 s exceeded",
      stopped("return ('a'):rep(40000):find('.-.-.-.-.-.-b')", {cpu = 100, wall = 0.5}))
    assert.equal("sandbox: wall-clock deadline of 0.5 s exceeded",
      stopped("while true do end", {cpu = 100, wall = 0.5, worker = false}))
  end)

  it("names smaller limits as given", function()
    assert.equal("sandbox: cpu limit of 0.2 s exceeded", stopped("while true do end", {cpu = 0.2}))
    assert.equal("sandbox: memory limit of 512 KiB exceeded",
      stopped("local t = {} for i = 1, 1e9 do t[i] = i end", {memory = 512 * 1024}))
    assert.equal("sandbox: memory limit of 100000 bytes exceeded",
      stopped("return ('x'):rep(200000)", {memory = 100000}))
    assert.equal("drill: cpu limit of 0.2 s exceeded",
      stopped("while true do end", {cpu = 0.2, name = "drill"}))
  end)
end)

describe("shogi.sandbox lets nothing escape", function()
  local flag = os.tmpname()
  os.remove(flag)
  local ESCAPES = {
    {"io.open", "return io.open('/etc/passwd'):read('a')", "attempt to index a nil value %(global 'io'%)"},
    {"os.execute", "os.execute('touch " .. flag .. "')", "attempt to index a nil value %(global 'os'%)"},
    {"require", "return require('io')", "attempt to call a nil value %(global 'require'%)"},
    {"dofile", "return dofile('/etc/passwd')", "attempt to call a nil value %(global 'dofile'%)"},
    {"loadfile", "return loadfile('/etc/passwd')", "attempt to call a nil value %(global 'loadfile'%)"},
    {"package", "return package.loaded.io", "attempt to index a nil value %(global 'package'%)"},
    {"debug", "return debug.getregistry()", "attempt to index a nil value %(global 'debug'%)"},
    {"string.dump", "return load(string.dump(function() end))", "attempt to call a nil value %(field 'dump'%)"},
    {"a string's dump method", "return ('').dump(load('return 1'))", "attempt to call a nil value %(field 'dump'%)",
      nil, true},
    {"load in binary mode", "return load('x', 'x', 'b')",
      "bad argument #3 to 'load' %(only text chunks %(mode \"t\"%) load in the sandbox%)"},
    {"load of bytecode", "local f, e = load('\\27Lua\\84\\0') return e", nil},
    {"the string metatable", "return getmetatable('').__index", "attempt to index a nil value"},
    {"changing the string metatable", "getmetatable('').__index = {}", "attempt to index a nil value"},
    {"a position's metatable", "return getmetatable(shogi.position('startpos')).__index",
      "attempt to index a nil value", {api = {shogi = {position = core.position}}}},
    {"collectgarbage('stop')", "collectgarbage('stop')",
      "bad argument #1 to 'collectgarbage' %(invalid option 'stop'%)"},
    {"collectgarbage('generational')", "collectgarbage('generational')", "invalid option 'generational'"},
    {"load's default env", "return load('return io')()", nil, nil},
  }
  for _, row in ipairs(ESCAPES) do
    for _, worker in ipairs(row[5] and {true} or {true, false}) do
      it(row[1] .. (worker and "" or " (in process)"), function()
        local opts = {worker = worker}
        for k, v in pairs(row[4] or {}) do opts[k] = v end
        local v, msg = sandbox.load(row[2], opts)
        if row[3] then
          assert.is_nil(v)
          assert.matches("^sandbox:1: .*" .. row[3], msg)
        else
          assert.is_nil(msg)
          if row[1] == "load of bytecode" then assert.matches("attempt to load a binary chunk", v)
          else assert.is_nil(v) end
        end
        assert.is_false(exists(flag))
      end)
    end
  end

  it("in process: a string's dump method is the host's (one string metatable per state), its bytecode does not load",
    function()
      local v, msg = sandbox.load("local f, e = load(('').dump(load('return 1'))) return e", {worker = false})
      assert.is_nil(msg)
      assert.matches("attempt to load a binary chunk", v)
    end)

  it("leaves the host's string library and metatable alone", function()
    local mt, upper = getmetatable(""), string.upper
    assert.equal(1, sandbox.load("string.upper = nil; string.x = 1; return 1", {worker = false}))
    assert.equal(1, sandbox.load("string.upper = nil; return 1"))
    assert.equal(mt, getmetatable(""))
    assert.equal(string, mt.__index)
    assert.equal(upper, string.upper)
    assert.is_nil(rawget(string, "x"))
    assert.equal("A", ("a"):upper())
  end)

  it("leaves the host's collector running and its globals alone", function()
    assert.is_nil(sandbox.load("x_from_sandbox = 1; _G.y_from_sandbox = 2", {worker = false}))
    assert.is_nil(rawget(_G, "x_from_sandbox"))
    assert.is_nil(rawget(_G, "y_from_sandbox"))
    assert.is_true(collectgarbage("isrunning"))
  end)

  it("refuses __gc in an in-process run, where a finalizer would run later in the host", function()
    assert.equal("sandbox:1: bad argument #2 to 'setmetatable' "
      .. "(__gc metamethods are not allowed in an in-process sandbox)",
      stopped("setmetatable({}, {__gc = function() while true do end end})", {worker = false}))
    assert.equal(1, sandbox.load("setmetatable({}, {__gc = function() end}) return 1"))
  end)

  it("copies the api, so a script cannot change the caller's tables", function()
    local api = {cfg = {depth = 3}}
    assert.equal(4, sandbox.load("cfg.depth = 4 return cfg.depth", {api = api, worker = false}))
    assert.equal(4, sandbox.load("cfg.depth = 4 return cfg.depth", {api = api}))
    assert.equal(3, api.cfg.depth)
  end)
end)

describe("shogi.sandbox results", function()
  it("brings data back from a worker", function()
    local v = sandbox.load([[return {1, 2.5, "a\0b", true, false, {x = {y = {"deep"}}}, [10] = -7,
      [2.5] = "float key", big = math.maxinteger}]])
    assert.same({1, 2.5, "a\0b", true, false, {x = {y = {"deep"}}}, [10] = -7, [2.5] = "float key",
      big = math.maxinteger}, v)
    assert.equal(math.type(v[1]), "integer")
    assert.equal("x", sandbox.load("return 'x', 'y'"))
  end)

  it("returns nil and no message for a chunk that returns nothing", function()
    local v, msg = sandbox.load("local x = 1")
    assert.is_nil(v)
    assert.is_nil(msg)
  end)

  it("copies shared subtables and refuses cycles, functions and deep nests", function()
    assert.same({{1}, {1}}, sandbox.load("local s = {1} return {s, s}"))
    assert.equal("sandbox: the chunk's value cannot leave the worker: "
      .. "a table that contains itself (cycles cannot leave the worker)",
      stopped("local t = {} t.t = t return t"))
    assert.equal("sandbox: the chunk's value cannot leave the worker: "
      .. "a function (only data leaves a worker; worker = false keeps functions)",
      stopped("return {move = function() end}"))
    assert.equal("sandbox: the chunk's value cannot leave the worker: a userdata or thread (only data leaves a worker)",
      stopped("return coroutine.create(function() end)", {libs = {"coroutine"}}))
    assert.equal("sandbox: the chunk's value cannot leave the worker: tables nested deeper than 100",
      stopped("local t = {} for i = 1, 200 do t = {t} end return t"))
    assert.equal("sandbox: memory limit of 1 MiB exceeded",
      stopped("local t = {('x'):rep(1000)} for i = 1, 30 do t = {t, t} end return t", {memory = 1 << 20}))
  end)

  it("brings functions back in process (a bot file), still limited while the chunk runs", function()
    local bot = sandbox.load("local n = 0 return {move = function() n = n + 1 return n end}", {worker = false})
    assert.equal(1, bot.move())
    assert.equal(2, bot.move())
  end)

  it("keeps an outer run's limits after a sandbox inside its api returns", function()
    local inner = function() return sandbox.load("return 1", {worker = false}) end
    assert.equal("sandbox: cpu limit of 0.3 s exceeded",
      stopped("local x = inner() while true do end", {worker = false, api = {inner = inner}, cpu = 0.3}))
  end)

  it("leaves no hook on a coroutine that outlives its in-process run", function()
    local co = sandbox.load("return coroutine.create(function() for i = 1, 1e6 do end return 'done' end)",
      {worker = false, libs = {"coroutine"}})
    assert.same({true, "done"}, {coroutine.resume(co)})
  end)

  it("offers the caller's api: data, C functions and positions to a worker, anything in process", function()
    local api = {shogi = {position = core.position}, start = shogi.position("startpos")}
    assert.equal(shogi.position("startpos"):sfen(),
      sandbox.load("return shogi.position('startpos'):sfen()", {api = api}))
    assert.equal(30, sandbox.load("return #start:legal_moves()", {api = api}))
    local lua_api = {shogi = {position = shogi.position}}
    assert.equal(30, sandbox.load("return #shogi.position('startpos'):legal_moves()", {api = lua_api, worker = false}))
    assert.has_error(function() sandbox.load("return 1", {api = lua_api}) end,
      "bad argument #3 to 'sandbox_load' "
        .. "(api: only C functions without upvalues can be given to a worker (worker = false for others))")
    assert.has_error(function() sandbox.load("return 1", {api = {f = io.stdout}}) end,
      "bad argument #3 to 'sandbox_load' (api: only positions among userdata can be given to a worker)")
  end)

  it("gives a script the libraries it is offered", function()
    assert.equal("table", sandbox.load("return type(string)"))
    assert.equal("nil", sandbox.load("return type(coroutine)"))
    assert.equal("nil", sandbox.load("return type(string)", {libs = {"math"}}))
    assert.equal("sandbox:1: attempt to call a nil value (method 'upper')",
      stopped("return ('x'):upper()", {libs = {"math"}}))
    assert.equal("table", sandbox.load("return type(coroutine)", {libs = {"coroutine"}}))
  end)
end)

describe("shogi.sandbox errors", function()
  it("reports the script's own errors with its chunk name and line", function()
    assert.equal("sandbox:2: boom", stopped("local x = 1\nerror('boom')"))
    assert.equal("drill:1: unexpected symbol near <eof>", stopped("x = ", {name = "drill"}))
    assert.equal("(error object is not a string)", stopped("error({})"))
    assert.equal("(error object is not a string)", stopped("error({})", {worker = false}))
    assert.equal("sandbox: the chunk yielded outside a coroutine",
      stopped("coroutine.yield()", {worker = false, libs = {"coroutine"}}))
    local f = tmpfile("local a = 1\nlocal b = nil + 1\n")
    assert.equal(f .. ":2: attempt to perform arithmetic on a nil value", stopped(f))
    os.remove(f)
  end)

  it("reads a file, and refuses one it cannot open or that is larger than the memory limit", function()
    local f = tmpfile("return {position = 'x'}")
    assert.same({position = "x"}, sandbox.load(f))
    assert.equal("/no/such/file.lua: cannot open the file", stopped("/no/such/file.lua"))
    local big = tmpfile(("-- padding\n"):rep(200))
    assert.equal(big .. ": the file is larger than the memory limit", stopped(big, {memory = 1000}))
    os.remove(f)
    os.remove(big)
  end)

  it("raises on misuse", function()
    local B = "bad argument #3 to 'sandbox_load' "
    local CASES = {
      {{1}, "bad argument #1 to 'load' (file name or script text expected, got number)"},
      {{"return 1", 5}, "bad argument #2 to 'load' (options table expected, got number)"},
      {{"return 1", {cpu = -1}}, B .. "(option 'cpu' must be a positive number of seconds)"},
      {{"return 1", {wall = "x"}}, B .. "(option 'wall' must be a positive number of seconds)"},
      {{"return 1", {memory = 0}}, B .. "(option 'memory' must be a positive number of bytes)"},
      {{"return 1", {libs = "io"}}, B .. "(option 'libs' must be a list of library names)"},
      {{"return 1", {libs = {"io"}}},
        B .. "(unknown library 'io' in option 'libs' (string, table, math, utf8, coroutine))"},
      {{"return 1", {worker = 1}}, B .. "(option 'worker' must be a boolean)"},
      {{"return 1", {api = 1}}, B .. "(option 'api' must be a table of globals)"},
      {{"return 1", {cpus = 1}},
        B .. "(unknown option 'cpus' (cpu, memory, wall, libs, api, worker, name, text))"},
    }
    for _, c in ipairs(CASES) do
      assert.has_error(function() sandbox.load(table.unpack(c[1])) end, c[2])
    end
  end)

  it("is shogi.sandbox", function()
    assert.equal(sandbox, shogi.sandbox)
  end)
end)

describe("tsume problem files load in the sandbox", function()
  it("stops a hostile problem file within 1 s of CPU and 64 MiB", function()
    local loop = tmpfile("while true do end")
    local grow = tmpfile("local s = 'x' while true do s = s .. s end")
    local esc = tmpfile("return {position = io.open('/etc/passwd'):read('a')}")
    assert.same({nil, loop .. ": cpu limit of 1 s exceeded"}, {tsume.load(loop)})
    assert.same({nil, grow .. ": memory limit of 64 MiB exceeded"}, {tsume.load(grow)})
    assert.same({nil, esc .. ":1: attempt to index a nil value (global 'io')"}, {tsume.load(esc)})
    assert.same({nil, "problem: cpu limit of 1 s exceeded"}, {tsume.load("while true do end return 1")})
    os.remove(grow)
    os.remove(esc)
    -- scripts/tsume check: a message and status 1 instead of a hang
    local p = io.popen("lua5.4 scripts/tsume check " .. loop .. " 2>&1; echo status $?")
    local out = p:read("a")
    p:close()
    assert.equal("tsume: " .. loop .. ": cpu limit of 1 s exceeded\nstatus 1\n", out)
    os.remove(loop)
  end)
end)
