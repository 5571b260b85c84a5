-- write(dir, name, bytes): one seed file, tests/fuzz/corpus/DIR/NAME (the seed
-- scripts tests/fuzz/seeds.lua and seeds_sessions.lua share it; run from the repository)
return function(dir, name, bytes)
  os.execute("mkdir -p tests/fuzz/corpus/" .. dir)
  local f = assert(io.open("tests/fuzz/corpus/" .. dir .. "/" .. name, "wb"))
  f:write(bytes)
  f:close()
end
