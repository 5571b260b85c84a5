-- shogi.help: help() built from every lua/shogi/doc/*.lua, and the doc files themselves
local help = require "shogi.help"

local function doc_files()
  local dir = package.searchpath("shogi.help", package.path):match("^(.*)help%.lua$") .. "doc"
  local names = {}
  local ls = io.popen("ls '" .. dir .. "'")
  for f in ls:lines() do
    local area = f:match("^([%w_]+)%.lua$")
    if area then names[#names + 1] = area end
  end
  ls:close()
  table.sort(names)
  return names
end

describe("doc files", function()
  for _, area in ipairs(doc_files()) do
    it(area .. ".lua is a list of entries with a name and a summary", function()
      local list = require("shogi.doc." .. area)
      assert.are.equal("table", type(list))
      assert.truthy(#list > 0)
      for i, e in ipairs(list) do
        assert.are.equal("string", type(e.name), area .. " entry " .. i .. " name")
        assert.are.equal("string", type(e.summary), area .. " " .. e.name .. " summary")
        for _, k in ipairs({"args", "details", "example"}) do
          assert.truthy(e[k] == nil or type(e[k]) == "string", area .. " " .. e.name .. " " .. k)
        end
      end
    end)
  end
end)

describe("help", function()
  it("loads every doc file in the folder", function()
    local areas = {}
    for _, a in ipairs(help.book().areas) do areas[#areas + 1] = a.name end
    assert.are.same(doc_files(), areas)
    assert.are.same({}, help.book().problems)
  end)

  it("lists the areas and names with no topic", function()
    local text = help.text()
    assert.truthy(text:match("^komadai help: "))
    assert.truthy(text:find("\nrepl:\n", 1, true))
    assert.truthy(text:find(":style", 1, true))
  end)

  it("lists one area, after the entry named as the area", function()
    local text = help.text("repl")
    assert.truthy(text:match("^repl\n  How the REPL reads lines"))
    assert.truthy(text:find("\n\nrepl:\n", 1, true))
    assert.truthy(text:find("\n  undo ", 1, true))
  end)

  it("shows one entry in full, by its name", function()
    local text = help.text("undo")
    assert.truthy(text:match("^undo\n  Typed alone"))
    assert.truthy(text:find("  example:\n    > 7g7f\n    > undo", 1, true))
  end)

  it("finds a method by the part after the colon", function()
    local text = help.text("render")
    assert.truthy(text:match("^shogi%.render%(pos_or_game"))
  end)

  it("lists the entries a part of a name matches", function()
    local text = help.text("styl")
    assert.truthy(text:match("^:style kanji|letters\n") or text:match("^%d+ entries match 'styl':"))
  end)

  it("finds a function value's entry", function()
    local saved = _G.shogi
    _G.shogi = {render = function() end}
    local text = help.text(_G.shogi.render)
    _G.shogi = saved
    assert.truthy(text:match("^shogi%.render"))
  end)

  it("says when nothing matches", function()
    assert.are.equal("no help for 'zzzz'; help() lists the topics", help.text("zzzz"))
  end)

  it("wraps long lines of details", function()
    local text = help.text("komadai")
    for line in text:gmatch("[^\n]+") do assert.truthy(#line <= 100, line) end
  end)

  it("prints with help()", function()
    local written = {}
    local saved = io.write
    io.write = function(...) for _, s in ipairs({...}) do written[#written + 1] = s end end -- luacheck: ignore
    help.help("undo")
    io.write = saved -- luacheck: ignore
    assert.truthy(table.concat(written):match("^undo\n.*\n$"))
  end)
end)
