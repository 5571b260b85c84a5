-- The `shogi` module: loading from plain lua5.4 with the in-place paths, no
-- globals, no side effects, and the lazily loaded fields.
local ROOT = debug.getinfo(1, "S").source:match("^@(.*)tests/lua/module_spec%.lua$") or "./"
if ROOT == "" then ROOT = "./" end

-- runs a chunk in a fresh lua5.4 with the in-place paths; returns ok, output
local function run_lua(code)
  local script = os.tmpname()
  local f = assert(io.open(script, "w"))
  f:write(code)
  f:close()
  local cmd = ("cd %q && env -u LD_PRELOAD LUA_PATH='lua/?.lua;lua/?/init.lua;;' "
    .. "LUA_CPATH='build/lib/?.so;;' lua5.4 %q 2>&1"):format(ROOT, script)
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  local ok = p:close()
  os.remove(script)
  return ok, out
end

-- a fresh copy of the shogi module, with package.preload entries for the test
local function fresh_shogi(preload)
  local saved_loaded, saved_preload = {}, {}
  for name, loader in pairs(preload) do
    saved_loaded[name] = package.loaded[name]
    saved_preload[name] = package.preload[name]
    package.loaded[name] = nil
    package.preload[name] = loader
  end
  local saved_shogi = package.loaded.shogi
  package.loaded.shogi = nil
  local shogi = require "shogi"
  package.loaded.shogi = saved_shogi
  return shogi, function()
    for name in pairs(preload) do
      package.loaded[name] = saved_loaded[name]
      package.preload[name] = saved_preload[name]
    end
  end
end

describe("require 'shogi'", function()
  it("works from plain lua5.4 with the in-place paths", function()
    local ok, out = run_lua [[
      local shogi = require "shogi"
      local p = assert(shogi.position "startpos")
      print(#p:legal_moves(), p:perft(2), shogi.core.version ~= nil)
    ]]
    assert.is_true(ok, out)
    assert.equal("30\t900\ttrue\n", out)
  end)

  it("sets no globals and loads no other shogi module", function()
    local ok, out = run_lua [[
      local before = {}
      for k in pairs(_G) do before[k] = true end
      local shogi = require "shogi"
      for k in pairs(_G) do if not before[k] then print("global " .. k) end end
      for name in pairs(package.loaded) do
        if name:match("^shogi%.") and name ~= "shogi.core" then print("loaded " .. name) end
      end
      print(type(shogi.position), type(shogi.core))
    ]]
    assert.is_true(ok, out)
    assert.equal("function\ttable\n", out)
  end)

  it("loads fields on first access and keeps them", function()
    local loads = 0
    local shogi, restore = fresh_shogi {
      ["shogi.render"] = function() loads = loads + 1; return {render = function() return "board" end} end,
      ["shogi.rules"] = function() loads = loads + 1; return {name = "rules"} end,
    }
    local render, rules, render2 = shogi.render, shogi.rules, shogi.render
    restore()
    assert.equal("board", render())
    assert.equal("rules", rules.name)
    assert.equal(render, render2)
    assert.equal(2, loads)
  end)

  it("maps each field to its module", function()
    local function module_with(field)
      return function(name)
        local m = {}
        if field then m[field] = name .. "." .. field else m.self = name end
        return m
      end
    end
    local shogi, restore = fresh_shogi {
      ["shogi.game"] = module_with("new"),
      ["shogi.rules"] = module_with(nil),
      ["shogi.handicaps"] = module_with("list"),
      ["shogi.record"] = module_with("read"),
      ["shogi.tsume"] = module_with("solve"),
      ["shogi.render"] = module_with("render"),
      ["shogi.help"] = module_with("help"),
    }
    local got = {
      game = shogi.game, rules = shogi.rules.self, handicaps = shogi.handicaps, read = shogi.read,
      solve = shogi.solve, tsume = shogi.tsume.solve, render = shogi.render, help = shogi.help,
    }
    restore()
    assert.same({
      game = "shogi.game.new", rules = "shogi.rules", handicaps = "shogi.handicaps.list",
      read = "shogi.record.read", solve = "shogi.tsume.solve", tsume = "shogi.tsume.solve",
      render = "shogi.render.render", help = "shogi.help.help",
    }, got)
    assert.equal(require "shogi.core", shogi.core)
    assert.is_nil(shogi.no_such_field)
  end)

  it("names a module that cannot be loaded", function()
    local shogi, restore = fresh_shogi {
      ["shogi.render"] = function() error("render is broken") end,
      ["shogi.record"] = function() return {} end,
    }
    local ok1, err1 = pcall(function() return shogi.render end)
    local ok2, err2 = pcall(function() return shogi.read end)
    restore()
    assert.is_false(ok1)
    assert.matches("shogi.render needs the module 'shogi.render', which could not be loaded:", err1)
    assert.matches("render is broken", err1)
    assert.is_false(ok2)
    assert.matches("shogi.read: module 'shogi.record' has no field 'read'", err2)
  end)

  it("names a module that does not exist", function()
    local ok, out = run_lua [[
      package.path = "lua/?.lua;lua/?/init.lua"
      package.preload["shogi.no_such"] = nil
      local shogi = require "shogi"
      package.searchers[2] = function(name)
        if name == "shogi.render" then return "\n\tno file for the test" end
        return nil
      end
      package.loaded["shogi.render"] = nil
      local ok, err = pcall(function() return shogi.render end)
      print(ok, (err:match("shogi.render needs the module 'shogi.render', which could not be loaded")))
    ]]
    assert.is_true(ok, out)
    assert.equal("false\tshogi.render needs the module 'shogi.render', which could not be loaded\n", out)
  end)
end)
